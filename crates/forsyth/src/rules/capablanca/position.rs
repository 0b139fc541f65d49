//! A legal 10x8 position: a 10x8 setup that passed validation, and
//! playing a move.

use core::fmt;
use core::hash::{Hash, Hasher};

use super::safety::en_passant_capturers;
use crate::board::capablanca::moves::{castling_targets, double_push_ep_square, en_passant_victim};
use crate::board::capablanca::{Board, CastlingRights, Move, Square};
use crate::board::{CastlingSide, Color, Role};
use crate::rules::explain::{IllegalMoveKind, IllegalMoveReason};
use crate::setup::capablanca::{Setup, Variant};

/// A position of Capablanca chess, Gothic chess or CRC that is legal under
/// its variant's rules: the 10x8 twin of [`crate::Position`].
///
/// Only validation constructs one ([`Position::from_setup`],
/// [`Report::into_position`](crate::capablanca::Report::into_position)),
/// but for the starts
/// ([`Position::capablanca`], [`Position::gothic`]).
///
/// Two positions are equal, and hash equal, when they are the same position
/// in the sense of the FIDE Laws (article 9.2.3), as on the 8x8 board: the
/// same side to move, pieces, castling rights and en-passant captures
/// possible, under the same [`Variant`]; the clocks do not count. That is
/// what a game's repetitions are counted by.
///
/// ```
/// use forsyth::capablanca::{CrcStart, Position};
/// let start = Position::capablanca();
/// assert_eq!(start.legal_moves().len(), 28);
/// assert_eq!(start.perft(2), 784);
/// let crc = Position::from_setup(CrcStart::new(4_000).unwrap().to_setup())?;
/// assert_eq!(crc.variant(), forsyth::capablanca::Variant::Crc);
/// # Ok::<_, forsyth::capablanca::PositionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) setup: Setup,
}

impl Position {
    /// Wraps a setup without checking it: the validator's to call.
    pub(crate) fn from_setup_unchecked(setup: Setup) -> Position {
        Position { setup }
    }

    /// The start of Capablanca chess.
    ///
    /// ```
    /// use forsyth::capablanca::{Position, Setup};
    /// assert_eq!(Position::capablanca().setup(), &Setup::capablanca());
    /// ```
    pub fn capablanca() -> Position {
        // The start is legal (tested against validation).
        Position::from_setup_unchecked(Setup::capablanca())
    }

    /// The start of Gothic chess.
    ///
    /// ```
    /// use forsyth::capablanca::{Position, Setup};
    /// assert_eq!(Position::gothic().setup(), &Setup::gothic());
    /// ```
    pub fn gothic() -> Position {
        Position::from_setup_unchecked(Setup::gothic())
    }

    /// The setup this position is.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup, by value.
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Piece placement.
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// Castling rights.
    pub fn castling(&self) -> &CastlingRights {
        &self.setup.castling
    }

    /// The rules.
    pub fn variant(&self) -> Variant {
        self.setup.variant
    }

    /// The square a pawn just passed, as the setup holds it (after
    /// [`play`](Position::play), after every double step).
    ///
    /// ```
    /// use forsyth::capablanca::{Position, Square};
    /// let pos = Position::capablanca();
    /// let m = pos.legal_moves().iter().copied().find(|m| m.to() == Square::I4).unwrap();
    /// assert_eq!(pos.play(m)?.ep_square(), Some(Square::I3));
    /// # Ok::<_, forsyth::capablanca::IllegalMoveError>(())
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    /// The en-passant square when an en-passant capture is legal there;
    /// `None` otherwise. The square that counts for equality.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.setup.ep_square?;
        let capturers = en_passant_capturers(&self.setup.board, self.setup.turn, ep);
        (!capturers.is_empty()).then_some(ep)
    }

    /// The position after the legal move `m`, trusted: only call with moves
    /// of this position's legal move list.
    ///
    /// Castling rights go with a king that moves and with a castling rook
    /// that moves or is captured; the halfmove clock restarts after a pawn
    /// move or a capture; the fullmove number grows after Black's move; the
    /// square a pawn passes on a double step is recorded always.
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
                        setup.ep_square = double_push_ep_square(from, to);
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
                let side = m.castling_side().unwrap_or(CastlingSide::KingSide);
                let (king_to, rook_to) = castling_targets(us, side);
                board.toggle(king, Role::King.of(us));
                board.toggle(rook, Role::Rook.of(us));
                board.toggle(king_to, Role::King.of(us));
                board.toggle(rook_to, Role::Rook.of(us));
                setup.castling.discard_color(us);
            }
        }
        if us == Color::Black {
            // At the field's largest value the number stays: the record
            // written must read back (`specs/fen.md`, 1.1).
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        setup.turn = them;
    }

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
                reason: super::explain::of_move(self, m),
            })
        }
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let (a, b) = (&self.setup, &other.setup);
        a.turn == b.turn
            && a.variant == b.variant
            && a.castling == b.castling
            && a.board == b.board
            && self.legal_ep_square() == other.legal_ep_square()
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let setup = &self.setup;
        setup.board.hash(state);
        setup.turn.hash(state);
        setup.castling.hash(state);
        setup.variant.hash(state);
        self.legal_ep_square().hash(state);
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
