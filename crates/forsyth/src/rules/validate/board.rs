//! The board alone: kings, pawns on the back ranks, how many pieces.

use crate::board::{Bitboard, Color, Role};
use crate::setup::{Problem, ProblemKind, Setup};

/// Reports board problems; `true` when each colour has exactly one king
/// (the check analysis needs both).
pub(super) fn board(setup: &Setup, out: &mut Vec<Problem>) -> bool {
    let board = &setup.board;
    if board.occupied().is_empty() {
        out.push(Problem::new(ProblemKind::EmptyBoard, Bitboard::EMPTY));
        return false;
    }
    let mut kings_ok = true;
    for color in Color::ALL {
        let kings = board.by_piece(Role::King.of(color));
        // One king, the common case, without a population count.
        if !kings.is_empty() && !kings.more_than_one() {
            continue;
        }
        match kings.count() {
            1 => {}
            0 => {
                kings_ok = false;
                out.push(Problem::new(ProblemKind::MissingKing, Bitboard::EMPTY).of_color(color));
            }
            n => {
                kings_ok = false;
                out.push(
                    Problem::new(ProblemKind::TooManyKings, kings)
                        .of_color(color)
                        .with_pieces(kings)
                        .with_count(n as u32),
                );
            }
        }
    }
    let stuck = board.by_role(Role::Pawn) & Bitboard::BACKRANKS;
    if !stuck.is_empty() {
        out.push(Problem::new(ProblemKind::PawnOnBackRank, stuck).with_pieces(stuck));
    }
    for color in Color::ALL {
        for (kind, pieces, limit) in [
            (
                ProblemKind::TooManyPawns,
                board.by_piece(Role::Pawn.of(color)),
                8,
            ),
            (ProblemKind::TooManyPieces, board.by_color(color), 16),
        ] {
            if pieces.count() > limit {
                out.push(Problem::counted(
                    kind,
                    color,
                    pieces,
                    pieces,
                    pieces.count(),
                    limit,
                ));
            }
        }
    }
    kings_ok
}
