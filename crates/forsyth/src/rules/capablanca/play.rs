//! Playing a 10x8 move: [`Position::play`], the position after a legal
//! move, or the refusal with its reason ([`IllegalMoveError`]), as on the
//! 8x8 board. Whether the move is legal is the move generator's decision;
//! why it is not, [`explain`](super::explain)'s.

use core::fmt;

use super::explain;
use super::position::Position;
use crate::board::capablanca::{Move, Square};
use crate::board::Color;
use crate::rules::explain::{IllegalMoveKind, IllegalMoveReason};

impl Position {
    /// The position after `m`, if `m` is legal.
    ///
    /// ```
    /// use forsyth::capablanca::{Move, Position, Square};
    /// use forsyth::Role;
    /// let pos = Position::capablanca();
    /// let jump = Move::Normal { role: Role::Archbishop, from: Square::C1, capture: None, to: Square::D3, promotion: None };
    /// assert_eq!(pos.play(jump)?.board().role_at(Square::D3), Some(Role::Archbishop));
    /// let illegal = Move::Normal { role: Role::Chancellor, from: Square::H1, capture: None, to: Square::H3, promotion: None };
    /// assert!(pos.play(illegal).is_err());
    /// # Ok::<_, forsyth::capablanca::IllegalMoveError>(())
    /// ```
    pub fn play(&self, m: Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(m) {
            let mut next = self.clone();
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMoveError {
                mv: m,
                turn: self.turn(),
                reason: explain::of_move(self, m),
            })
        }
    }
}

/// The error of [`Position::play`]: the move is not legal in the position,
/// and why, in the 8x8 board's words.
///
/// ```
/// use forsyth::capablanca::{Move, Position, Square};
/// use forsyth::{CastlingSide, IllegalMoveReason};
/// let err = Position::capablanca().play(Move::Castle { king: Square::F1, rook: Square::J1 }).unwrap_err();
/// assert_eq!(err.reason, IllegalMoveReason::CastlingBlocked { side: CastlingSide::KingSide, square: Square::G1 });
/// assert_eq!(err.to_string(), "illegal move for white: castling with the king on f1 and the rook on j1: \
///     king side castling is blocked by the piece on g1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// The side that was to move.
    pub turn: Color,
    /// Why it cannot be played.
    pub reason: IllegalMoveReason<Square>,
}

impl IllegalMoveError {
    /// The classification of the reason.
    pub fn kind(&self) -> IllegalMoveKind {
        self.reason.kind()
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move for {}: ", self.turn.name())?;
        match self.mv {
            Move::Castle { king, rook } => {
                write!(f, "castling with the king on {king} and the rook on {rook}")?;
            }
            Move::EnPassant { from, to } => {
                write!(f, "pawn from {from} takes en passant on {to}")?;
            }
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                write!(f, "{} from {from} to {to}", role.name())?;
                if let Some(p) = promotion {
                    write!(f, " promoting to a {}", p.name())?;
                }
            }
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for IllegalMoveError {}
