//! The clocks: fullmove number and halfmove clock.

use crate::board::{Bitboard, Color};
use crate::setup::problem::Remedy;
use crate::setup::{Problem, ProblemKind, Setup};

/// The most plies a game can have played when `fullmoves` is the fullmove
/// number and `turn` is to move: two per completed move, one more when Black
/// is to move. Fullmove 0 counts as 1.
pub(crate) fn max_plies(fullmoves: u32, turn: Color) -> u64 {
    2 * (u64::from(fullmoves.max(1)) - 1) + u64::from(turn == Color::Black)
}

pub(super) fn clocks(setup: &Setup, out: &mut Vec<Problem>) {
    if setup.fullmoves == 0 {
        out.push(
            Problem::new(ProblemKind::FullmoveZero, Bitboard::EMPTY)
                .with_count(0)
                .with_remedy(Remedy::SetFullmoves(1)),
        );
    }
    let limit = max_plies(setup.fullmoves, setup.turn);
    if u64::from(setup.halfmoves) > limit {
        // `limit` is below `halfmoves`, a u32.
        let clamped = u32::try_from(limit).unwrap_or(u32::MAX);
        // A warning: the clocks do not change the moves.
        out.push(
            Problem::new(ProblemKind::HalfmoveClockTooLarge, Bitboard::EMPTY)
                .of_color(setup.turn)
                .with_count(setup.halfmoves)
                .with_limit(clamped)
                .with_remedy(Remedy::SetHalfmoves(clamped)),
        );
    }
}
