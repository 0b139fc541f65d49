//! Validation: from a parsed record (or a [`Setup`](crate::Setup)) to a legal [`Position`](crate::Position),
//! or every problem found at once.
//!
//! Each [`Problem`](crate::validate::Problem) has a stable kind name ([`ProblemKind`](crate::validate::ProblemKind), snake case) and
//! the facts that say it (squares, colour, castling letter, numbers), from
//! which a sentence a person understands is rendered. Problems of
//! [`Severity::Error`](crate::validate::Severity::Error) break the rules of chess (or of Chess960) and block
//! the position; problems of [`Severity::Warning`](crate::validate::Severity::Warning) do not stop play but no
//! legal game reaches them (found by counting material, or a halfmove clock
//! no game reaches).
//!
//! The kinds, with a failing and a passing record for each, are written down
//! in `specs/validation.md`. In short:
//! - board: an empty board, a side without a king or with several, pawns on
//!   the first or eighth rank, more than 8 pawns or 16 pieces of a colour;
//! - check: the side not to move in check, more than two checkers, checks no
//!   single move could have given;
//! - castling: letters or rights that name no king or rook, two rights on one
//!   wing, non-classical rights in standard chess, Chess960 rights whose
//!   colours do not start from the same back rank or whose king stands on
//!   the `a` or `h` file;
//! - en passant: a square on the wrong rank, occupied, with no pawn that
//!   could just have made the double step, with a halfmove clock not 0, or
//!   with a check the double step cannot explain;
//! - clocks: fullmove number 0;
//! - warnings: more promoted pieces than missing pawns, pawns off their files
//!   needing more captures than the opponent has pieces missing, a halfmove
//!   clock larger than the plies the fullmove number allows.
//!
//! [`Report::repair`] is the escape hatch: it drops what cannot hold
//! (castling rights, the en-passant square) and fixes the clocks, never
//! moving or removing a piece, and says what it changed.
//!
//! ```
//! use forsyth::fen::Fen;
//! use forsyth::validate::{ProblemKind, Report};
//! let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/4K2R w KQ e3 5 0")?;
//! let report = Report::of_fen(&fen, None);
//! let kinds: Vec<&str> = report.problems().iter().map(|p| p.kind().name()).collect();
//! assert_eq!(
//!     kinds,
//!     ["castling_rook_missing", "en_passant_wrong_rank", "en_passant_halfmove_clock", "fullmove_zero", "halfmove_clock_too_large"]
//! );
//! let (repaired, repairs) = report.repair();
//! assert!(repaired.is_legal());
//! assert_eq!(repairs.len(), 4);
//! assert_eq!(repaired.setup().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod board;
mod castling;
mod check;
mod clocks;
pub(crate) mod en_passant;
mod error;
mod material;
mod repair;
mod report;

pub use error::PositionError;
pub use repair::{Repair, RepairKind};
pub use report::Report;

use crate::setup::{Problem, Setup};

/// Every check on a setup, in report order: the fields of the record from
/// left to right (the board, checks, castling letters that named no right,
/// the rights, en passant, clocks), then the warnings.
fn run(setup: &Setup, letters: Vec<Problem>, out: &mut Vec<Problem>) {
    let kings_ok = board::board(setup, out);
    let double_step = en_passant::double_step(setup);
    if kings_ok {
        check::checks(setup, double_step, out);
    }
    out.extend(letters);
    castling::rights(setup, out);
    en_passant::en_passant(setup, out);
    clocks::clocks(setup, out);
    material::warnings(setup, out);
}
