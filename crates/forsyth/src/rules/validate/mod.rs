//! Validation: every problem of a setup at once (`run`, one module per
//! group of problems: `board`, `check`, `castling`, `en_passant`,
//! `clocks`, `material`), the verdict (`report`), the repairs (`repair`),
//! and the way from a verdict to a position or its error (`error`:
//! [`PositionError`], `Position::from_setup`, `Position::from_fen`). The
//! public face, with the kinds of problems in short, is
//! [`crate::validate`]; `specs/validation.md` lists them.

mod board;
mod castling;
mod check;
mod clocks;
pub(crate) mod en_passant;
mod error;
mod material;
mod ordinary;
#[cfg(test)]
mod ordinary_tests;
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
