//! The board alone: kings, pawns on the back ranks, how many pieces.

use super::{list_squares, push, Problem, ProblemKind};
use crate::{Bitboard, Color, Role, Setup};

/// Reports board problems; `true` when each colour has exactly one king (the
/// check analysis needs that).
pub(super) fn board(setup: &Setup, out: &mut Vec<Problem>) -> bool {
    let board = &setup.board;
    if board.occupied().is_empty() {
        push(
            out,
            ProblemKind::EmptyBoard,
            Bitboard::EMPTY,
            "the board is empty".to_owned(),
            None,
        );
        return false;
    }
    let mut kings_ok = true;
    for color in Color::ALL {
        let kings = board.by_piece(Role::King.of(color));
        match kings.count() {
            1 => {}
            0 => {
                kings_ok = false;
                push(
                    out,
                    ProblemKind::MissingKing,
                    Bitboard::EMPTY,
                    format!("{} has no king", color.name()),
                    None,
                );
            }
            n => {
                kings_ok = false;
                push(
                    out,
                    ProblemKind::TooManyKings,
                    kings,
                    format!(
                        "{} has {n} kings, on {}; a side has exactly one",
                        color.name(),
                        list_squares(kings)
                    ),
                    None,
                );
            }
        }
    }
    let stuck = board.by_role(Role::Pawn) & Bitboard::BACKRANKS;
    if !stuck.is_empty() {
        let (noun, verb) = if stuck.more_than_one() {
            ("pawns", "stand")
        } else {
            ("pawn", "stands")
        };
        push(
            out,
            ProblemKind::PawnOnBackRank,
            stuck,
            format!(
                "{noun} on {} {verb} on the first or eighth rank, where no pawn can be",
                list_squares(stuck)
            ),
            None,
        );
    }
    for color in Color::ALL {
        let pawns = board.by_piece(Role::Pawn.of(color));
        if pawns.count() > 8 {
            push(
                out,
                ProblemKind::TooManyPawns,
                pawns,
                format!("{} has {} pawns, at most 8", color.name(), pawns.count()),
                None,
            );
        }
        let pieces = board.by_color(color);
        if pieces.count() > 16 {
            push(
                out,
                ProblemKind::TooManyPieces,
                pieces,
                format!("{} has {} pieces, at most 16", color.name(), pieces.count()),
                None,
            );
        }
    }
    kings_ok
}
