//! The parts of a position's answer that both boards give alike: its
//! problems, its encodings and its status.

use forsyth::validate::{ProblemKind, Severity};
use forsyth::{Outcome, Square};
use serde::Serialize;

/// One problem of a setup, as `validate --format json` writes it, with
/// its line when the text has several (on either board: `S` is its
/// square type).
#[derive(Serialize)]
pub(super) struct ProblemJson<S = Square> {
    pub(super) kind: ProblemKind,
    pub(super) severity: Severity,
    /// The field's stable name (`en_passant`).
    pub(super) field: &'static str,
    /// In the text sent, when it was a record; else `null`.
    pub(super) line: Option<usize>,
    pub(super) column: Option<usize>,
    pub(super) squares: Vec<S>,
    pub(super) message: String,
}

/// The record in each castling encoding; `null` where the encoding cannot
/// say the position.
#[derive(Serialize)]
pub(super) struct Encodings {
    pub(super) xfen: Option<String>,
    pub(super) shredder: Option<String>,
    pub(super) standard: Option<String>,
}

/// Why an encoding cannot say the position.
#[derive(Serialize)]
pub(super) struct Cannot {
    pub(super) kind: &'static str,
    pub(super) message: String,
}

#[derive(Serialize)]
pub(super) struct Status {
    pub(super) check: bool,
    pub(super) legal_moves: usize,
    /// `checkmate`, `stalemate`, `insufficient_material`...; `null` while
    /// the game goes on.
    pub(super) outcome: Option<Outcome>,
}
