//! Playing a move: the position after it.

use core::fmt;

use crate::{
    movegen::{castling_targets, en_passant_capturers},
    moves::{double_push_ep_square, en_passant_victim},
    Color, Move, Position, Role,
};

/// The error of [`Position::play`]: the move is not legal in the position.
///
/// ```
/// use forsyth::{Move, Position, Role, Setup, Square};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E5, promotion: None };
/// let err = pos.play(m).unwrap_err();
/// assert_eq!(err.to_string(), "illegal move for white: pawn from e2 to e5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// The side that was to move.
    pub turn: Color,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move for {}: ", self.turn.name())?;
        match self.mv {
            Move::Castle { king, rook } => {
                write!(f, "castling with the king on {king} and the rook on {rook}")
            }
            Move::EnPassant { from, to } => write!(f, "pawn from {from} takes en passant on {to}"),
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                write!(f, "{} from {from} to {to}", role.name())?;
                match promotion {
                    Some(p) => write!(f, " promoting to a {}", p.name()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for IllegalMoveError {}

impl Position {
    /// The position after the legal move `m`. What `m` says about the board
    /// (the moving and captured roles) is trusted: only call with moves of
    /// this position's legal move list.
    ///
    /// Castling rights go with a king that moves and with a castling rook that
    /// moves or is captured; the halfmove clock restarts after a pawn move or a
    /// capture; the fullmove number grows after Black's move. The en-passant
    /// square is recorded after a two-square pawn move only when an en-passant
    /// capture is then legal (as X-FEN asks, and as most programs write FEN),
    /// so that equal positions compare equal.
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        let setup = &mut self.setup;
        let us = setup.turn;
        let them = !us;
        let board = &mut setup.board;
        setup.ep_square = None;
        setup.halfmoves = setup.halfmoves.saturating_add(1);
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if let Some(captured) = capture {
                    board.toggle(to, captured.of(them));
                    setup.halfmoves = 0;
                    if captured == Role::Rook && !setup.castling.is_empty() {
                        setup.castling.discard_rook(to);
                    }
                }
                board.toggle(from, role.of(us));
                board.toggle(to, promotion.unwrap_or(role).of(us));
                match role {
                    Role::Pawn => {
                        setup.halfmoves = 0;
                        if let Some(ep) = double_push_ep_square(from, to) {
                            if !en_passant_capturers(board, them, ep).is_empty() {
                                setup.ep_square = Some(ep);
                            }
                        }
                    }
                    Role::King => setup.castling.discard_color(us),
                    Role::Rook if !setup.castling.is_empty() => setup.castling.discard_rook(from),
                    _ => {}
                }
            }
            Move::EnPassant { from, to } => {
                board.toggle(en_passant_victim(from, to), Role::Pawn.of(them));
                board.toggle(from, Role::Pawn.of(us));
                board.toggle(to, Role::Pawn.of(us));
                setup.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().unwrap_or(crate::CastlingSide::KingSide);
                let (king_to, rook_to) = castling_targets(us, side);
                board.toggle(king, Role::King.of(us));
                board.toggle(rook, Role::Rook.of(us));
                board.toggle(king_to, Role::King.of(us));
                board.toggle(rook_to, Role::Rook.of(us));
                setup.castling.discard_color(us);
            }
        }
        if us == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        setup.turn = them;
    }

    /// The position after `m`, if `m` is legal.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, Move, Position, Role, Setup, Square};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
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
            })
        }
    }
}
