//! Playing a move: [`Position::play`], the position after a legal move,
//! or the refusal with its reason ([`IllegalMoveError`]). Whether the move
//! is legal is the move generator's decision ([`Position::is_legal`]); why
//! it is not, [`explain`](super::explain)'s.

use core::fmt;

use super::explain::{self, IllegalMoveKind, IllegalMoveReason};
use crate::board::{Color, Move};
use crate::rules::Position;

/// The error of [`Position::play`] and [`Game::play`](crate::game::Game::play):
/// the move is not legal in the position, and why.
///
/// ```
/// use forsyth::{IllegalMoveKind, Move, Position, Role, Setup, Square};
/// let pos = Position::standard();
/// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E5, promotion: None };
/// let err = pos.play(m).unwrap_err();
/// assert_eq!(err.kind(), IllegalMoveKind::Unreachable);
/// assert_eq!(err.to_string(), "illegal move for white: pawn from e2 to e5: the pawn on e2 cannot move to e5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// The side that was to move.
    pub turn: Color,
    /// Why it cannot be played.
    pub reason: IllegalMoveReason,
}

impl IllegalMoveError {
    /// The classification of the reason.
    ///
    /// ```
    /// use forsyth::{IllegalMoveKind, Move, Position, Setup, Square};
    /// let pos = Position::standard();
    /// let err = pos.play(Move::Castle { king: Square::E1, rook: Square::H1 }).unwrap_err();
    /// assert_eq!(err.kind(), IllegalMoveKind::CastlingBlocked);
    /// ```
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
            Move::EnPassant { from, to } => write!(f, "pawn from {from} takes en passant on {to}")?,
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

impl Position {
    /// The position after `m`, if `m` is legal.
    ///
    /// ```
    /// use forsyth::{Move, Position, Role, Setup, Square};
    /// use forsyth::fen::CastlingNotation;
    /// let pos = Position::standard();
    /// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// let after = pos.play(m)?;
    /// assert_eq!(
    ///     after.setup().to_fen(&CastlingNotation::Standard.into())?,
    ///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
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
