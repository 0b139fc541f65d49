//! A legal 10x8 position: a 10x8 setup that passed validation, and
//! playing a legal move.

use core::hash::{Hash, Hasher};

use super::safety::en_passant_capturers;
use crate::board::capablanca::moves::{castling_targets, double_push_ep_square, en_passant_victim};
use crate::board::capablanca::{Board, CastlingRights, Move, Square};
use crate::board::{CastlingSide, Color, Role};
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
