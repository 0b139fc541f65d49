//! Integration tests of the `forsyth` command. One binary, one module per
//! command; each runs the real executable.

mod convert;
mod gen;
mod play;
mod play_rules;
mod show;
mod util;
mod validate;
