//! A legal position: a [`Setup`] that passed validation.

use core::hash::{Hash, Hasher};

use crate::movegen::en_passant_capturers;
use crate::{Board, CastlingRights, Color, Fen, PositionError, Report, Setup, Square, Variant};

/// A position that is legal under its variant's rules.
///
/// Only validation constructs one ([`Position::from_setup`],
/// [`Position::from_fen`], [`Report::into_position`]); the setup it wraps
/// can be read at any time.
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::from_setup(Setup::standard())?;
/// assert_eq!(pos.setup(), &Setup::standard());
/// # Ok::<_, forsyth::PositionError>(())
/// ```
///
/// Two positions are equal, and hash equal, when they are the same position
/// in the sense of the FIDE Laws (article 9.2.3): the same side to move, the
/// same pieces on the same squares, the same castling rights, and the same
/// en-passant captures possible (the square a pawn just passed counts only
/// when an en-passant capture is legal, see
/// [`legal_ep_square`](Position::legal_ep_square)), under the same
/// [`Variant`]. The clocks do not count. The setup keeps everything, the
/// clocks and the passed square included, for the writers.
///
/// ```
/// use forsyth::{Fen, Position, Setup};
/// let start = Position::from_setup(Setup::standard())?;
/// let after_e4 = start.play_moves(["e4"])?;
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 30".parse()?;
/// assert_eq!(Position::from_fen(&fen, None)?, after_e4);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) setup: Setup,
}

impl Position {
    /// Wraps a setup without checking it. Crate-private: the invariants are
    /// the validator's to establish.
    pub(crate) fn from_setup_unchecked(setup: Setup) -> Position {
        Position { setup }
    }

    /// Validates `setup`: the legal position, or every problem found.
    /// Warnings do not block; see [`Report::of_setup`] to read them.
    ///
    /// ```
    /// use forsyth::{Position, ProblemKind, Setup, Square};
    /// assert!(Position::from_setup(Setup::standard()).is_ok());
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E8);
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert!(err.has(ProblemKind::MissingKing));
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Report::of_setup(setup).into_position()
    }

    /// Validates a parsed record under `variant` (`None`: decided by the
    /// castling letters, see [`Report::of_fen`]): the legal position, or
    /// every problem found, castling letters that name no right included.
    ///
    /// ```
    /// use forsyth::{Fen, Position, Variant};
    /// let fen: Fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9".parse()?;
    /// let pos = Position::from_fen(&fen, None)?;
    /// assert_eq!(pos.variant(), Variant::Chess960);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fen(fen: &Fen, variant: Option<Variant>) -> Result<Position, PositionError> {
        Report::position_of_fen(fen, variant)
    }

    /// The setup this position is.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.setup().fullmoves, 1);
    /// ```
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup, by value.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.into_setup(), Setup::standard());
    /// ```
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Piece placement.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.board().occupied().count(), 32);
    /// ```
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// Side to move.
    ///
    /// ```
    /// # use forsyth::{Color, Position, Setup};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.turn(), Color::White);
    /// ```
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// Castling rights.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.castling().count(), 4);
    /// ```
    pub fn castling(&self) -> &CastlingRights {
        &self.setup.castling
    }

    /// The square a pawn just passed, as the setup holds it: after
    /// [`play`](Position::play), after every double step, whether a capture
    /// is possible or not (the 1994 PGN rule writes it so); after parsing,
    /// as the record wrote it.
    ///
    /// ```
    /// # use forsyth::{Position, Setup, Square};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.ep_square(), None);
    /// assert_eq!(pos.play_moves(["e4"]).unwrap().ep_square(), Some(Square::E3));
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    /// The en-passant square when an en-passant capture is legal there (a
    /// pawn of the side to move can take, and its king is not left in
    /// check); `None` otherwise. This is the square that counts for
    /// equality, and the one FEN writes in its legal mode.
    ///
    /// ```
    /// # use forsyth::{Position, Setup, Square};
    /// let start = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(start.play_moves(["e4"]).unwrap().legal_ep_square(), None);
    /// let pos = start.play_moves(["e4", "Nf6", "e5", "d5"]).unwrap();
    /// assert_eq!(pos.legal_ep_square(), Some(Square::D6));
    /// ```
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.setup.ep_square?;
        let capturers = en_passant_capturers(&self.setup.board, self.setup.turn, ep);
        (!capturers.is_empty()).then_some(ep)
    }

    /// The rules.
    ///
    /// ```
    /// # use forsyth::{Position, Setup, Variant};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.variant(), Variant::Standard);
    /// ```
    pub fn variant(&self) -> Variant {
        self.setup.variant
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
