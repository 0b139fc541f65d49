//! The rules of the 10x8 board: [`Position`](position::Position) (a legal
//! 10x8 setup), king safety, legal move generation, playing a move, perft,
//! the outcome, and validation (every problem of a 10x8 setup at once, in
//! the one problem taxonomy, and repair). The 8x8 rules' method, on the
//! 10x8 board's 128-bit sets.
//!
//! Layer 3, like the 8x8 rules beside it. May use: layers 0 to 2.

pub(crate) mod explain;
pub(crate) mod movegen;
pub(crate) mod outcome;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod position;
pub(crate) mod safety;
pub(crate) mod validate;

pub use movegen::MoveList;
pub use play::IllegalMoveError;
pub use position::Position;
pub use validate::{PositionError, Repair, Report};
