//! The clocks: fullmove number and halfmove clock.

use super::{push, Problem, ProblemKind, Remedy};
use crate::{Bitboard, Color, Setup};

/// The most plies a game can have played when `fullmoves` is the fullmove
/// number and `turn` is to move: two per completed move, one more when Black
/// is to move. Fullmove 0 counts as 1.
pub(crate) fn max_plies(fullmoves: u32, turn: Color) -> u64 {
    2 * (u64::from(fullmoves.max(1)) - 1) + u64::from(turn == Color::Black)
}

pub(super) fn clocks(setup: &Setup, out: &mut Vec<Problem>) {
    if setup.fullmoves == 0 {
        push(
            out,
            ProblemKind::FullmoveZero,
            Bitboard::EMPTY,
            "the fullmove number is 0; it starts at 1".to_owned(),
            Some(Remedy::SetFullmoves(1)),
        );
    }
    let limit = max_plies(setup.fullmoves, setup.turn);
    if u64::from(setup.halfmoves) > limit {
        // `limit` is below `halfmoves`, a u32.
        let clamped = u32::try_from(limit).unwrap_or(u32::MAX);
        push(
            out,
            ProblemKind::HalfmoveClockTooLarge,
            Bitboard::EMPTY,
            format!(
                "the halfmove clock is {}, but by move {} with {} to move at most {limit} {} can have been played",
                setup.halfmoves,
                setup.fullmoves.max(1),
                setup.turn.name(),
                if limit == 1 { "ply" } else { "plies" },
            ),
            Some(Remedy::SetHalfmoves(clamped)),
        );
    }
}
