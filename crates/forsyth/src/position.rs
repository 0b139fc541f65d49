//! A legal position: a [`Setup`] that passed validation.

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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
        Report::of_fen(fen, variant).into_position()
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

    /// En-passant target square, as the setup holds it.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup(Setup::standard()).unwrap();
    /// assert_eq!(pos.ep_square(), None);
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
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
