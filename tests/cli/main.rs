//! Integration tests of the `forsyth` command. One binary, one module per
//! command or concern; each runs the real executable.

/// The command line's definition (the binary's raw clap layer), so tests can
/// list every command and no new one is forgotten.
#[allow(dead_code)]
#[path = "../../crates/forsyth-cli/src/cli.rs"]
mod definition;
/// The output format the definition reads `--format` into (the binary's
/// `printer::Format`, which the definition names by that path).
#[path = "../../crates/forsyth-cli/src/printer/format.rs"]
mod printer;

/// A byte order mark at the start of every line input.
mod bom;
/// `serve`'s page in headless Chromium, driven over WebDriver.
mod browser;
/// Every command on the 10x8 board, against Fairy-Stockfish.
mod capablanca;
/// `convert`: every line converted or reported.
mod convert;
/// `diagram` and `show --format svg`: the pictures read back (SVG parsed,
/// PNG decoded) against the geometry of specs/diagram.md.
mod diagram;
/// `convert` on EPD records: operations kept, moves judged, clocks read.
mod epd;
/// `gen` and `index` against the published listing of the 960 starts.
mod gen;
/// Help and man pages: short help within 80 columns, nested commands, examples
/// never wrapped, option values in any case, `-q` only where there is progress.
mod help;
/// A server of `forsyth serve` for a test, and a small HTTP client.
mod http;
/// `--lenient` on the move commands.
mod lenient;
/// What people look at: board styles, status line, progress, completions, man pages.
mod look;
/// `notation`, and `--notation` / `--letters` elsewhere.
mod notation;
/// Every command into a closed pipe and into a full device.
mod output;
/// `perft --suite` and `perft -`: suites and standard input against published counts.
mod perft;
/// `pgn check`, `pgn fens` and `pgn export`: verdicts, positions and canonical PGN.
mod pgn;
/// `perft`, `moves` and `play` against published counts.
mod play;
/// `play`'s rules: repetition, the fifty-move rule, refusals with reasons, lenient move text.
mod play_rules;
/// One way to give a position, in every command that takes one.
mod position;
/// The generator of the library's tests, shared so both draw cases alike.
#[path = "../../crates/forsyth/tests/common/rng.rs"]
mod rng;
/// `serve`: the JSON API over loopback HTTP, its errors and limits, a load test.
mod serve;
/// `show`.
mod show;
/// `solve`: the Greek three-mover in every form, Popeye inputs, JSON.
mod solve;
/// `solve --style popeye` where Popeye's input asks more than mate and stalemate.
mod solve_popeye;
/// `--threads`: the same output, in input order, on every core.
mod threads;
/// Running the binary.
mod util;
/// `validate`, and validation inside `convert` and `show`.
mod validate;
