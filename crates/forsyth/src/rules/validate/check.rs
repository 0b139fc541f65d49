//! Checks: the side not to move must not be in check, and the checks on the
//! side to move must be what one legal move can give.
//!
//! The last move gave every check there is: the moved piece checks from
//! where it landed, or a line piece checks through the square the moved
//! piece left (a discovered check; en passant also empties the captured
//! pawn's square). Hence at most two checkers; two checkers never on one
//! line with the king; at least one of two checkers a line piece, the other
//! having moved out of its line. A pawn still on its starting square cannot
//! give check at all.

use super::en_passant::DoubleStep;
use crate::board::{attacks, Bitboard, Board, Color, Rank, Role, Square};
use crate::setup::problem::{Note, Remedy};
use crate::setup::{Problem, ProblemKind, Setup};

fn is_slider(board: &Board, sq: Square) -> bool {
    matches!(
        board.role_at(sq),
        Some(Role::Bishop | Role::Rook | Role::Queen)
    )
}

/// Where a pawn of `color` now on `sq` can have come from: one or two
/// squares behind it, or diagonally behind (a capture).
fn pawn_origins(color: Color, sq: Square) -> Bitboard {
    let back = match color {
        Color::White => -1,
        Color::Black => 1,
    };
    let mut origins = attacks::pawn(!color, sq);
    if let Some(one) = sq.offset(0, back) {
        origins = origins.with(one);
    }
    if sq.rank() == Rank::Fourth.relative_to(color) {
        if let Some(two) = sq.offset(0, 2 * back) {
            origins = origins.with(two);
        }
    }
    origins
}

/// Squares the piece now on `sq` can have come from in one move (as a pawn
/// promoting, too, when it stands on its last rank). The squares emptied by
/// an en-passant capture are among a pawn's origins: the captured pawn
/// stood right behind the capturer's target.
fn origins(board: &Board, sq: Square) -> Bitboard {
    let Some(piece) = board.piece_at(sq) else {
        return Bitboard::EMPTY;
    };
    let mut from = match piece.role {
        Role::Pawn => return pawn_origins(piece.color, sq),
        Role::King => attacks::king(sq),
        _ => attacks::attacks(sq, piece, board.occupied()),
    };
    if piece.role != Role::King && sq.rank() == Rank::back_rank(!piece.color) {
        from |= pawn_origins(piece.color, sq);
    }
    from
}

/// An en-passant capture by `them` that uncovered both `a` and `b`: the
/// capturer left one line, the captured pawn the other.
fn double_discovery(board: &Board, them: Color, king: Square, a: Square, b: Square) -> bool {
    let (line_a, line_b) = (attacks::between(a, king), attacks::between(b, king));
    let landed =
        board.by_piece(Role::Pawn.of(them)) & Bitboard::from_rank(Rank::Sixth.relative_to(them));
    let back = match them {
        Color::White => -1,
        Color::Black => 1,
    };
    landed.into_iter().any(|to| {
        let Some(captured) = to.offset(0, back) else {
            return false;
        };
        attacks::pawn(!them, to).into_iter().any(|from| {
            (line_a.contains(from) && line_b.contains(captured))
                || (line_b.contains(from) && line_a.contains(captured))
        })
    })
}

/// [`Board::attackers_to`], finding the sliders by the squares between
/// them and `sq` (a 32 KB table) instead of the magic tables (a megabyte
/// that misses the cache on every record of a bulk run): a slider on one of
/// `sq`'s lines attacks it when nothing stands between.
fn attackers_to(board: &Board, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
    let them = board.by_color(attacker);
    let straight = (Bitboard::from_rank(sq.rank()) | Bitboard::from_file(sq.file())).without(sq);
    let diagonal = attacks::bishop(sq, Bitboard::EMPTY);
    let sliders =
        ((straight & board.rooks_and_queens()) | (diagonal & board.bishops_and_queens())) & them;
    let mut found = ((attacks::knight(sq) & board.by_role(Role::Knight))
        | (attacks::king(sq) & board.by_role(Role::King))
        | (attacks::pawn(!attacker, sq) & board.by_role(Role::Pawn)))
        & them;
    for slider in sliders {
        if (attacks::between(slider, sq) & occupied).is_empty() {
            found = found.with(slider);
        }
    }
    found
}

pub(super) fn checks(setup: &Setup, step: Option<DoubleStep>, out: &mut Vec<Problem>) {
    let board = &setup.board;
    let us = setup.turn;
    let them = !us;
    let (Some(king), Some(their_king)) = (board.king_of(us), board.king_of(them)) else {
        return;
    };
    let occupied = board.occupied();
    let attackers = attackers_to(board, their_king, us, occupied);
    if !attackers.is_empty() {
        out.push(
            Problem::new(ProblemKind::OppositeCheck, attackers.with(their_king))
                .of_color(them)
                .with_king(Some(their_king))
                .with_pieces(attackers),
        );
    }
    // Adjacent kings are the problem above, not a check to explain.
    let checkers = attackers_to(board, king, them, occupied) & !board.by_role(Role::King);
    if checkers.is_empty() {
        return;
    }
    let in_check = |kind, squares| {
        Problem::new(kind, squares)
            .of_color(us)
            .with_king(Some(king))
            .with_pieces(checkers)
    };
    if checkers.count() > 2 {
        out.push(in_check(ProblemKind::TooManyCheckers, checkers.with(king)));
        return;
    }
    if let Some(step) = step {
        let explained = checkers.single_square().is_some_and(|c| {
            c == step.pushed
                || (is_slider(board, c) && attacks::between(c, king).contains(step.origin))
        });
        if explained {
            return;
        }
        out.push(
            in_check(
                ProblemKind::EnPassantImpossibleCheck,
                checkers.with(king).with(step.ep),
            )
            .with_square(Some(step.ep))
            .with_remedy(Remedy::DropEnPassant),
        );
        // Dropping the square leaves the checks to be judged on their own,
        // as below: say now whether they can stand at all, so that the
        // report lists every problem and repair's promise holds.
    }
    let reason = match (checkers.first(), checkers.last()) {
        (Some(a), Some(b)) if a != b => {
            if attacks::aligned(a, b, king) {
                Some(Note::CheckersAligned)
            } else if !is_slider(board, a) && !is_slider(board, b) {
                Some(Note::NoLinePiece)
            } else {
                let uncovered = |line: Square, moved: Square| {
                    is_slider(board, line)
                        && origins(board, moved).intersects(attacks::between(line, king))
                };
                if uncovered(a, b) || uncovered(b, a) || double_discovery(board, them, king, a, b) {
                    None
                } else {
                    Some(Note::NoDiscovery)
                }
            }
        }
        (Some(c), _) => {
            let unmoved_pawn = board.piece_at(c) == Some(Role::Pawn.of(them))
                && c.rank() == Rank::Second.relative_to(them);
            unmoved_pawn.then_some(Note::UnmovedPawn)
        }
        _ => None,
    };
    if let Some(reason) = reason {
        out.push(in_check(ProblemKind::ImpossibleCheck, checkers.with(king)).with_note(reason));
    }
}
