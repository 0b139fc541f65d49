//! En passant: whether the square can be true, and which captures it
//! allows (for the writers' en-passant modes).

use super::{push, Problem, ProblemKind, Remedy};
use crate::movegen::en_passant_capturers;
use crate::{attacks, Bitboard, Color, Rank, Role, Setup, Square};

/// The double step an en-passant square claims: the pawn went from `origin`
/// over `ep` to `pushed`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct DoubleStep {
    pub(crate) ep: Square,
    pub(crate) pushed: Square,
    pub(crate) origin: Square,
}

/// The rank the en-passant square is on when `turn` is to move: 6 for White,
/// 3 for Black.
fn ep_rank(turn: Color) -> Rank {
    Rank::Sixth.relative_to(turn)
}

/// The squares of the claimed double step, when the square is on the right
/// rank (nothing else is checked).
fn claimed(setup: &Setup) -> Option<DoubleStep> {
    let ep = setup.ep_square?;
    if ep.rank() != ep_rank(setup.turn) {
        return None;
    }
    // The side that just moved goes up the board when White.
    let forward = match setup.turn {
        Color::White => -1,
        Color::Black => 1,
    };
    Some(DoubleStep {
        ep,
        pushed: ep.offset(0, forward)?,
        origin: ep.offset(0, -forward)?,
    })
}

/// The double step the en-passant square names, when the board allows it: the
/// square on the right rank, it and the pawn's origin empty, an enemy pawn
/// in front of it. The check analysis uses it as the last move.
pub(crate) fn double_step(setup: &Setup) -> Option<DoubleStep> {
    let step = claimed(setup)?;
    let board = &setup.board;
    let free = !board.occupied().contains(step.ep) && !board.occupied().contains(step.origin);
    let pawn = board.piece_at(step.pushed) == Some(Role::Pawn.of(!setup.turn));
    (free && pawn).then_some(step)
}

/// Reports what is wrong with the en-passant square (checks it cannot
/// explain are reported with the other checks).
pub(super) fn en_passant(setup: &Setup, out: &mut Vec<Problem>) {
    let Some(ep) = setup.ep_square else {
        return;
    };
    let us = setup.turn;
    let them = !us;
    let drop = Some(Remedy::DropEnPassant);
    match claimed(setup) {
        None => push(
            out,
            ProblemKind::EnPassantWrongRank,
            Bitboard::from_square(ep),
            format!(
                "the en-passant square {ep} is not on rank {}, as {} is to move",
                ep_rank(us),
                us.name()
            ),
            drop,
        ),
        Some(step) => {
            let board = &setup.board;
            if board.occupied().contains(ep) {
                push(
                    out,
                    ProblemKind::EnPassantSquareOccupied,
                    Bitboard::from_square(ep),
                    format!(
                        "the en-passant square {ep} is occupied, but a pawn just passed over it"
                    ),
                    drop,
                );
            }
            if board.occupied().contains(step.origin) {
                push(
                    out,
                    ProblemKind::EnPassantOriginOccupied,
                    Bitboard::from_square(step.origin),
                    format!(
                        "the en-passant square {ep} says a {} pawn just left {}, but {} is occupied",
                        them.name(),
                        step.origin,
                        step.origin
                    ),
                    drop,
                );
            }
            if board.piece_at(step.pushed) != Some(Role::Pawn.of(them)) {
                push(
                    out,
                    ProblemKind::EnPassantNoPushedPawn,
                    Bitboard::from_square(step.pushed),
                    format!(
                        "the en-passant square {ep} needs a {} pawn on {} that just made a double step, and there is none",
                        them.name(),
                        step.pushed
                    ),
                    drop,
                );
            }
        }
    }
    if setup.halfmoves != 0 {
        push(
            out,
            ProblemKind::EnPassantHalfmoveClock,
            Bitboard::from_square(ep),
            format!(
                "the en-passant square {ep} says a pawn just moved, so the halfmove clock must be 0, not {}",
                setup.halfmoves
            ),
            drop,
        );
    }
}

/// The pawns of the side to move that may capture en passant by the pawn
/// rules alone (X-FEN's rule): the square on the right rank and empty, an
/// enemy pawn in front of it, and a pawn of the side to move beside that one.
pub(crate) fn pseudo_ep_captures(setup: &Setup) -> Bitboard {
    let Some(step) = claimed(setup) else {
        return Bitboard::EMPTY;
    };
    let board = &setup.board;
    let us = setup.turn;
    if board.occupied().contains(step.ep) || board.piece_at(step.pushed) != Some(Role::Pawn.of(!us))
    {
        return Bitboard::EMPTY;
    }
    // Our pawns that attack the square: the squares a pawn of theirs on the
    // square would attack.
    attacks::pawn(!us, step.ep) & board.by_piece(Role::Pawn.of(us))
}

/// The pawns of the side to move whose en-passant capture is legal: after
/// it (both pawns gone from their squares, ours on the target) our king is
/// not attacked. That covers pins on the capturing pawn, checks the capture
/// does not answer, and the rank pin where both pawns leave the king's rank.
/// Without a single king of the side to move every pseudo-legal capture
/// counts. The test itself is the move generator's, which needs only the
/// board, so it holds for setups that are not legal positions too.
pub(crate) fn legal_ep_captures(setup: &Setup) -> Bitboard {
    let capturers = pseudo_ep_captures(setup);
    if capturers.is_empty() || setup.board.king_of(setup.turn).is_none() {
        return capturers;
    }
    match claimed(setup) {
        Some(step) => capturers & en_passant_capturers(&setup.board, setup.turn, step.ep),
        None => Bitboard::EMPTY,
    }
}
