//! Why a 10x8 move is refused: the 8x8 board's reasons
//! ([`IllegalMoveReason`], one enum and one text for both boards) on the
//! 10x8 board's squares, found as on 8x8 by replaying the rules for the
//! one move asked for, with this board's attacks, checks and castling
//! paths.

use super::position::Position;
use crate::board::capablanca::moves::castling_targets;
use crate::board::capablanca::{attacks, king_to_file, Bitboard, File, Move, Square};
use crate::board::{CastlingSide, Color, Rank, Role};
use crate::rules::explain::{BoardSquare, IllegalMoveReason};
use crate::Outcome;

impl BoardSquare for Square {
    fn is_castling_king_file(self, side: CastlingSide) -> bool {
        self.file() == king_to_file(side)
    }
}

/// A reason on the 10x8 board.
pub(crate) type Reason = IllegalMoveReason<Square>;

/// A piece's or pawn's move as a notation describes it: the role, what it
/// says of the origin, whether it captures, the destination and the
/// promotion.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Described {
    pub(crate) role: Role,
    pub(crate) file: Option<File>,
    pub(crate) rank: Option<Rank>,
    pub(crate) capture: bool,
    pub(crate) to: Square,
    pub(crate) promotion: Option<Role>,
}

/// The game-over reason when the side to move has no legal move.
fn ended(pos: &Position) -> Option<Reason> {
    if pos.count_legal_moves() > 0 {
        return None;
    }
    let outcome = if pos.is_check() {
        Outcome::Checkmate {
            winner: !pos.turn(),
        }
    } else {
        Outcome::Stalemate
    };
    Some(IllegalMoveReason::GameOver { outcome })
}

/// `true` if the `role` of `color` on `from` could go to `to` by the way it
/// moves, ignoring its king's safety (castling aside). `ep` is the
/// en-passant square open to `color`.
fn pseudo_reaches(
    pos: &Position,
    color: Color,
    role: Role,
    from: Square,
    to: Square,
    ep: Option<Square>,
) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    if board.by_color(color).contains(to) {
        return false;
    }
    if role != Role::Pawn {
        return attacks::attacks(from, role.of(color), occupied).contains(to);
    }
    let forward = if color == Color::White { 1 } else { -1 };
    let one = from.offset(0, forward).filter(|&s| !occupied.contains(s));
    let two = one
        .filter(|_| from.rank() == Rank::Second.relative_to(color))
        .and_then(|s| s.offset(0, forward))
        .filter(|&s| !occupied.contains(s));
    let takes = attacks::pawn(color, from).contains(to)
        && (board.by_color(!color).contains(to) || ep == Some(to));
    one == Some(to) || two == Some(to) || takes
}

/// The move of the piece on `from` to `to` as the board makes it.
fn board_move(
    pos: &Position,
    role: Role,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Move {
    let capture = pos.board().role_at(to);
    if role == Role::Pawn && capture.is_none() && from.file() != to.file() {
        Move::EnPassant { from, to }
    } else {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        }
    }
}

/// For a move the piece can make by the way it moves: why it leaves its own
/// king attacked, or `None` if it does not.
fn king_safety(pos: &Position, m: Move) -> Option<Reason> {
    let us = pos.turn();
    let mut next = pos.clone();
    next.play_unchecked(m);
    let board = next.board();
    let king = board.king_of(us)?;
    let attackers = board.attackers_to(king, !us, board.occupied());
    let attacker = attackers.first()?;
    Some(if m.role() == Role::King {
        IllegalMoveReason::IntoCheck {
            to: m.to(),
            attacker,
        }
    } else if let Some(checker) = (attackers & pos.checkers()).first() {
        IllegalMoveReason::InCheck { checker }
    } else {
        IllegalMoveReason::Pinned {
            square: m.from(),
            pinner: attacker,
        }
    })
}

/// Why castling on `side` is not legal.
pub(crate) fn castle(pos: &Position, side: CastlingSide) -> Reason {
    if let Some(reason) = ended(pos) {
        return reason;
    }
    let us = pos.turn();
    let board = pos.board();
    let rights = pos.castling();
    let without = IllegalMoveReason::CastlingWithoutRight { side };
    let (Some(rook), Some(king)) = (rights.rook_square(us, side), board.king_of(us)) else {
        return without;
    };
    if rights.king_file(us) != Some(king.file())
        || king.rank() != Rank::back_rank(us)
        || !board.by_piece(Role::Rook.of(us)).contains(rook)
    {
        return without;
    }
    if let Some(attacker) = pos.checkers().first() {
        return IllegalMoveReason::CastlingOutOfCheck { king, attacker };
    }
    let (king_to, rook_to) = castling_targets(us, side);
    let others = board.occupied().without(king).without(rook);
    let king_path = attacks::between(king, king_to).with(king_to);
    let rook_path = attacks::between(rook, rook_to).with(rook_to);
    let distance = |sq: &Square| sq.file().index().abs_diff(king.file().index());
    if let Some(square) = ((king_path | rook_path) & others)
        .into_iter()
        .min_by_key(distance)
    {
        return IllegalMoveReason::CastlingBlocked { side, square };
    }
    let mut path: Vec<Square> = king_path.into_iter().collect();
    path.sort_by_key(distance);
    for square in path {
        if let Some(attacker) = board.attackers_to(square, !us, others).first() {
            return IllegalMoveReason::CastlingThroughCheck {
                side,
                square,
                attacker,
            };
        }
    }
    without
}

/// The castling a king move from `from` to `to` asks for: onto its own
/// castling rook, or two or more squares along the back rank to the `i` or
/// `c` file.
fn castling_intent(pos: &Position, from: Square, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    let rights = pos.castling();
    if let Some(side) = CastlingSide::ALL
        .into_iter()
        .find(|&side| rights.rook_square(us, side) == Some(to))
    {
        return Some(side);
    }
    let back = Rank::back_rank(us);
    if from.rank() != back
        || to.rank() != back
        || from.file().index().abs_diff(to.file().index()) < 2
    {
        return None;
    }
    CastlingSide::ALL
        .into_iter()
        .find(|&side| castling_targets(us, side).0 == to)
}

/// Why the piece on `from` cannot go to `to` (promoting to `promotion`).
pub(crate) fn from_to(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Reason {
    if let Some(reason) = ended(pos) {
        return reason;
    }
    let us = pos.turn();
    let Some(piece) = pos.board().piece_at(from) else {
        return IllegalMoveReason::NoPiece {
            square: from,
            role: None,
        };
    };
    let role = piece.role;
    if piece.color != us {
        return IllegalMoveReason::OtherSide {
            square: from,
            role,
            color: piece.color,
        };
    }
    if role == Role::King && promotion.is_none() {
        if let Some(side) = castling_intent(pos, from, to) {
            return castle(pos, side);
        }
    }
    let last_rank = Bitboard::BACKRANKS.contains(to);
    if promotion.is_some() && (role != Role::Pawn || !last_rank) {
        return IllegalMoveReason::BadPromotion { to };
    }
    let unreachable = IllegalMoveReason::Unreachable {
        role,
        from: Some(from),
        to,
    };
    if !pseudo_reaches(pos, us, role, from, to, pos.ep_square()) {
        return unreachable;
    }
    if role == Role::Pawn && last_rank && promotion.is_none() {
        return IllegalMoveReason::MissingPromotion { to };
    }
    king_safety(pos, board_move(pos, role, from, to, promotion)).unwrap_or(unreachable)
}

/// Why `m` is not a legal move of `pos`.
pub(crate) fn of_move(pos: &Position, m: Move) -> Reason {
    if let Some(reason) = ended(pos) {
        return reason;
    }
    let board = pos.board();
    let us = pos.turn();
    if let Move::Castle { king, .. } = m {
        if board.piece_at(king) != Some(Role::King.of(us)) {
            return IllegalMoveReason::NoPiece {
                square: king,
                role: Some(Role::King),
            };
        }
        return castle(pos, m.castling_side().unwrap_or(CastlingSide::KingSide));
    }
    let from = m.from();
    match board.piece_at(from) {
        Some(p) if p.color != us => IllegalMoveReason::OtherSide {
            square: from,
            role: p.role,
            color: p.color,
        },
        Some(p) if p.role == m.role() => from_to(pos, from, m.to(), m.promotion()),
        _ => IllegalMoveReason::NoPiece {
            square: from,
            role: Some(m.role()),
        },
    }
}

/// Why no legal move fits `described`.
pub(crate) fn of_described(pos: &Position, described: Described) -> Reason {
    if let Some(reason) = ended(pos) {
        return reason;
    }
    let Described {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = described;
    let us = pos.turn();
    let board = pos.board();
    let named = |color: Color| {
        board
            .by_piece(role.of(color))
            .into_iter()
            .filter(move |sq| file.is_none_or(|f| sq.file() == f))
            .filter(move |sq| rank.is_none_or(|r| sq.rank() == r))
    };
    let ep = pos.ep_square();
    let reach: Vec<Square> = named(us)
        .filter(|&from| pseudo_reaches(pos, us, role, from, to, ep))
        .collect();
    if reach.is_empty() {
        let theirs = named(!us).find(|&from| pseudo_reaches(pos, !us, role, from, to, None));
        return match theirs {
            Some(square) => IllegalMoveReason::OtherSide {
                square,
                role,
                color: !us,
            },
            None => IllegalMoveReason::Unreachable {
                role,
                from: None,
                to,
            },
        };
    }
    let en_passant = role == Role::Pawn && ep == Some(to);
    if capture && !board.by_color(!us).contains(to) && !en_passant {
        return IllegalMoveReason::NothingToCapture { to };
    }
    let last_rank = Bitboard::BACKRANKS.contains(to);
    if role == Role::Pawn && last_rank && promotion.is_none() {
        return IllegalMoveReason::MissingPromotion { to };
    }
    if promotion.is_some() && (role != Role::Pawn || !last_rank) {
        return IllegalMoveReason::BadPromotion { to };
    }
    reach
        .iter()
        .find_map(|&from| king_safety(pos, board_move(pos, role, from, to, promotion)))
        .unwrap_or(IllegalMoveReason::Unreachable {
            role,
            from: None,
            to,
        })
}
