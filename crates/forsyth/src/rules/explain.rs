//! Why a move is refused: the reason as data, with the squares involved
//! ([`IllegalMoveReason`]), found by replaying the move generator's rules
//! for the one move that was asked for.

use core::fmt;

use super::movegen::MovePattern;
use crate::board::moves::castling_targets;
use crate::board::{attacks, Bitboard, CastlingSide, Color, Move, Rank, Role, Square};
use crate::rules::{Outcome, Position};

/// Why a move cannot be played, with the squares that say so. Each reason
/// has a stable kind ([`IllegalMoveReason::kind`]); the text is rendered
/// from the fields.
///
/// ```
/// use forsyth::{IllegalMoveKind, IllegalMoveReason, Position, Square};
/// use forsyth::fen::Fen;
/// use forsyth::notation::ParseMoveError;
/// // The knight on d2 shields its king on e1 from the bishop on b4.
/// let fen: Fen = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1".parse()?;
/// let pos = Position::from_fen(&fen, None)?;
/// let Err(ParseMoveError::Illegal { reason, .. }) = pos.parse_move("Nf3") else { panic!() };
/// assert_eq!(reason, IllegalMoveReason::Pinned { square: Square::D2, pinner: Square::B4 });
/// assert_eq!(reason.kind(), IllegalMoveKind::Pinned);
/// assert_eq!(reason.to_string(), "the piece on d2 is pinned to its king by the piece on b4");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// The 10x8 board gives the same reasons with its own squares
/// (`IllegalMoveReason<forsyth::capablanca::Square>`), in the same words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMoveReason<S = Square> {
    /// The game has already ended.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The null move (`0000`), which no position can play.
    NullMove,
    /// No piece of the side to move (of the role, when one is named)
    /// stands on the origin square.
    NoPiece {
        /// The origin square.
        square: S,
        /// The role the move names, if it names one.
        role: Option<Role>,
    },
    /// The piece that would move belongs to the side not to move.
    OtherSide {
        /// Where that piece stands.
        square: S,
        /// Its role.
        role: Role,
        /// Its side.
        color: Color,
    },
    /// No piece of the role can go to the square by the way it moves (or
    /// the piece on `from` cannot), whatever the king's safety.
    Unreachable {
        /// The role of the moving piece.
        role: Role,
        /// The origin square, when the move names one.
        from: Option<S>,
        /// The destination.
        to: S,
    },
    /// The move is written as a capture, but there is nothing to capture.
    NothingToCapture {
        /// The destination.
        to: S,
    },
    /// A pawn reaches the last rank without saying what it becomes.
    MissingPromotion {
        /// The destination.
        to: S,
    },
    /// A promotion is written for a move that does not promote.
    BadPromotion {
        /// The destination.
        to: S,
    },
    /// The piece shields its king from an enemy piece along a line.
    Pinned {
        /// The pinned piece.
        square: S,
        /// The enemy piece that pins it.
        pinner: S,
    },
    /// The king would step onto an attacked square.
    IntoCheck {
        /// The square the king would go to.
        to: S,
        /// An enemy piece attacking it.
        attacker: S,
    },
    /// The king is in check and the move does not answer the check.
    InCheck {
        /// A checking piece the move leaves in place.
        checker: S,
    },
    /// The side to move has no castling right on that wing.
    CastlingWithoutRight {
        /// The wing.
        side: CastlingSide,
    },
    /// A piece stands between the king or the rook and its destination.
    CastlingBlocked {
        /// The wing.
        side: CastlingSide,
        /// The square of the piece in the way.
        square: S,
    },
    /// The king is in check, and castling does not answer a check.
    CastlingOutOfCheck {
        /// The king's square.
        king: S,
        /// A checking piece.
        attacker: S,
    },
    /// The king would pass over or land on an attacked square.
    CastlingThroughCheck {
        /// The wing.
        side: CastlingSide,
        /// The attacked square.
        square: S,
        /// An enemy piece attacking it.
        attacker: S,
    },
}

/// The classification of an [`IllegalMoveReason`], with stable snake-case
/// names.
///
/// ```
/// use forsyth::IllegalMoveKind;
/// assert_eq!(IllegalMoveKind::CastlingThroughCheck.name(), "castling_through_check");
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum IllegalMoveKind {
    /// [`IllegalMoveReason::GameOver`]
    GameOver,
    /// [`IllegalMoveReason::NullMove`]
    NullMove,
    /// [`IllegalMoveReason::NoPiece`]
    NoPiece,
    /// [`IllegalMoveReason::OtherSide`]
    OtherSide,
    /// [`IllegalMoveReason::Unreachable`]
    Unreachable,
    /// [`IllegalMoveReason::NothingToCapture`]
    NothingToCapture,
    /// [`IllegalMoveReason::MissingPromotion`]
    MissingPromotion,
    /// [`IllegalMoveReason::BadPromotion`]
    BadPromotion,
    /// [`IllegalMoveReason::Pinned`]
    Pinned,
    /// [`IllegalMoveReason::IntoCheck`]
    IntoCheck,
    /// [`IllegalMoveReason::InCheck`]
    InCheck,
    /// [`IllegalMoveReason::CastlingWithoutRight`]
    CastlingWithoutRight,
    /// [`IllegalMoveReason::CastlingBlocked`]
    CastlingBlocked,
    /// [`IllegalMoveReason::CastlingOutOfCheck`]
    CastlingOutOfCheck,
    /// [`IllegalMoveReason::CastlingThroughCheck`]
    CastlingThroughCheck,
}

impl IllegalMoveKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::IllegalMoveKind;
    /// assert_eq!(IllegalMoveKind::IntoCheck.name(), "into_check");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl<S> IllegalMoveReason<S> {
    /// The classification.
    ///
    /// ```
    /// use forsyth::{IllegalMoveKind, IllegalMoveReason};
    /// let reason: IllegalMoveReason = IllegalMoveReason::NullMove;
    /// assert_eq!(reason.kind(), IllegalMoveKind::NullMove);
    /// ```
    pub fn kind(&self) -> IllegalMoveKind {
        use IllegalMoveReason as R;
        // One arm per reason, a table: the kinds are their own documented
        // enum.
        match self {
            R::GameOver { .. } => IllegalMoveKind::GameOver,
            R::NullMove => IllegalMoveKind::NullMove,
            R::NoPiece { .. } => IllegalMoveKind::NoPiece,
            R::OtherSide { .. } => IllegalMoveKind::OtherSide,
            R::Unreachable { .. } => IllegalMoveKind::Unreachable,
            R::NothingToCapture { .. } => IllegalMoveKind::NothingToCapture,
            R::MissingPromotion { .. } => IllegalMoveKind::MissingPromotion,
            R::BadPromotion { .. } => IllegalMoveKind::BadPromotion,
            R::Pinned { .. } => IllegalMoveKind::Pinned,
            R::IntoCheck { .. } => IllegalMoveKind::IntoCheck,
            R::InCheck { .. } => IllegalMoveKind::InCheck,
            R::CastlingWithoutRight { .. } => IllegalMoveKind::CastlingWithoutRight,
            R::CastlingBlocked { .. } => IllegalMoveKind::CastlingBlocked,
            R::CastlingOutOfCheck { .. } => IllegalMoveKind::CastlingOutOfCheck,
            R::CastlingThroughCheck { .. } => IllegalMoveKind::CastlingThroughCheck,
        }
    }
}

/// A square of a board the reasons are given on, the 8x8 board's or the
/// 10x8 board's: what the one text of a reason needs to know of it.
pub trait BoardSquare: Copy + fmt::Display {
    /// `true` if the king castling on `side` lands on this square's file
    /// (`g` or `c` on 8x8, `i` or `c` on 10x8).
    fn is_castling_king_file(self, side: CastlingSide) -> bool;
}

impl BoardSquare for Square {
    fn is_castling_king_file(self, side: CastlingSide) -> bool {
        self.file() == side.king_to_file()
    }
}

impl<S: BoardSquare> fmt::Display for IllegalMoveReason<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMoveReason as R;
        match *self {
            R::GameOver { outcome } => write!(f, "the game has ended ({outcome})"),
            R::NullMove => f.write_str("the null move cannot be played"),
            R::NoPiece { square, role } => match role {
                Some(role) => write!(
                    f,
                    "there is no {} of the side to move on {square}",
                    role.name()
                ),
                None => write!(f, "there is no piece of the side to move on {square}"),
            },
            R::OtherSide {
                square,
                role,
                color,
            } => write!(
                f,
                "the {} on {square} is {}'s, and {} is to move",
                role.name(),
                color.name(),
                (!color).name()
            ),
            R::Unreachable { role, from, to } => match from {
                Some(from) => write!(f, "the {} on {from} cannot move to {to}", role.name()),
                None => write!(f, "no {} can move to {to}", role.name()),
            },
            R::NothingToCapture { to } => write!(f, "there is nothing to capture on {to}"),
            R::MissingPromotion { to } => write!(
                f,
                "a pawn reaching {to} must promote, as {to}=Q (or q in uci)"
            ),
            R::BadPromotion { to } => write!(f, "the move to {to} is not a pawn promotion"),
            R::Pinned { square, pinner } => write!(
                f,
                "the piece on {square} is pinned to its king by the piece on {pinner}"
            ),
            R::IntoCheck { to, attacker } => {
                write!(f, "the king would be in check on {to} from {attacker}")
            }
            R::InCheck { checker } => write!(
                f,
                "the king is in check from {checker}, and the move does not answer it"
            ),
            R::CastlingWithoutRight { side } => {
                write!(f, "there is no {} castling right", side.name())
            }
            R::CastlingBlocked { side, square } => {
                write!(
                    f,
                    "{} castling is blocked by the piece on {square}",
                    side.name()
                )
            }
            R::CastlingOutOfCheck { king, attacker } => write!(
                f,
                "the king on {king} is in check from {attacker}, and cannot castle out of check"
            ),
            R::CastlingThroughCheck {
                side,
                square,
                attacker,
            } => {
                let verb = if square.is_castling_king_file(side) {
                    "land on"
                } else {
                    "pass over"
                };
                write!(
                    f,
                    "castling, the king would {verb} {square}, attacked from {attacker}"
                )
            }
        }
    }
}

/// The game-over reason when the side to move has no legal move.
fn ended(pos: &Position) -> Option<IllegalMoveReason> {
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
    match role {
        Role::Knight => attacks::knight(from).contains(to),
        Role::King => attacks::king(from).contains(to),
        Role::Bishop => attacks::bishop(from, occupied).contains(to),
        Role::Rook => attacks::rook(from, occupied).contains(to),
        Role::Queen => attacks::queen(from, occupied).contains(to),
        Role::Archbishop | Role::Chancellor => {
            attacks::attacks(from, role.of(color), occupied).contains(to)
        }
        Role::Pawn => {
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
    }
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
        // Built field by field as `play` takes it apart: alike in shape
        // only.
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
fn king_safety(pos: &Position, m: Move) -> Option<IllegalMoveReason> {
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
pub(crate) fn castle(pos: &Position, side: CastlingSide) -> IllegalMoveReason {
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
    if rights.king_file(us) != Some(king.file()) || king.rank() != Rank::back_rank(us) {
        return without;
    }
    if let Some(attacker) = pos.checkers().first() {
        return IllegalMoveReason::CastlingOutOfCheck { king, attacker };
    }
    let (king_to, rook_to) = castling_targets(us, side);
    let others = board.occupied().without(king).without(rook);
    let king_path = attacks::between(king, king_to).with(king_to);
    let rook_path = attacks::between(rook, rook_to).with(rook_to);
    let nearest = |squares: Bitboard| {
        squares
            .into_iter()
            .min_by_key(|sq| sq.file().index().abs_diff(king.file().index()))
    };
    if let Some(square) = nearest((king_path | rook_path) & others) {
        return IllegalMoveReason::CastlingBlocked { side, square };
    }
    let mut path: Vec<Square> = king_path.into_iter().collect();
    path.sort_by_key(|sq| sq.file().index().abs_diff(king.file().index()));
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
/// castling rook, or two or more squares along the back rank to the `g` or
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
        .find(|side| side.king_to_file() == to.file())
}

/// Why the piece on `from` cannot go to `to` (promoting to `promotion`).
pub(crate) fn from_to(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> IllegalMoveReason {
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
    if !pseudo_reaches(pos, us, role, from, to, pos.ep_square()) {
        return IllegalMoveReason::Unreachable {
            role,
            from: Some(from),
            to,
        };
    }
    if role == Role::Pawn && last_rank && promotion.is_none() {
        return IllegalMoveReason::MissingPromotion { to };
    }
    let m = board_move(pos, role, from, to, promotion);
    king_safety(pos, m).unwrap_or(IllegalMoveReason::Unreachable {
        role,
        from: Some(from),
        to,
    })
}

/// Why `m` is not a legal move of `pos`.
pub(crate) fn of_move(pos: &Position, m: Move) -> IllegalMoveReason {
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

/// Why no legal move fits `pattern` (a piece's or pawn's move as a
/// notation describes it).
pub(crate) fn of_pattern(pos: &Position, pattern: MovePattern) -> IllegalMoveReason {
    if let Some(reason) = ended(pos) {
        return reason;
    }
    let MovePattern {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = pattern;
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
