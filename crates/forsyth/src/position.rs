//! A legal position: a [`Setup`] that passed validation.

use crate::{Board, CastlingRights, Color, Role, Setup, Square, Variant};

/// A position that is legal under its variant's rules.
///
/// Only validation constructs one (see the validation module); the setup it
/// wraps can be read at any time.
///
/// ```
/// use forsyth::{Position, Setup};
/// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
/// assert_eq!(pos.setup(), &Setup::standard());
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

    // TEMPORARY: replaced by validation at merge
    /// Validates `setup` (stand-in: only checks that each colour has exactly
    /// one king).
    ///
    /// ```
    /// use forsyth::{Board, Position, Setup};
    /// assert!(Position::from_setup(Setup::standard()).is_ok());
    /// let no_kings = Setup { board: Board::empty(), ..Setup::standard() };
    /// assert!(Position::from_setup(no_kings).is_err());
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, String> {
        for color in Color::ALL {
            if setup.board.by_piece(Role::King.of(color)).count() != 1 {
                return Err(format!("{} must have exactly one king", color.name()));
            }
        }
        Ok(Position { setup })
    }

    #[doc(hidden)]
    pub fn from_setup_unchecked_for_doc(setup: Setup) -> Position {
        Position::from_setup_unchecked(setup)
    }

    /// The setup this position is.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
    /// assert_eq!(pos.setup().fullmoves, 1);
    /// ```
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup, by value.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
    /// assert_eq!(pos.into_setup(), Setup::standard());
    /// ```
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Piece placement.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
    /// assert_eq!(pos.board().occupied().count(), 32);
    /// ```
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// Side to move.
    ///
    /// ```
    /// # use forsyth::{Color, Position, Setup};
    /// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
    /// assert_eq!(pos.turn(), Color::White);
    /// ```
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// Castling rights.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
    /// assert_eq!(pos.castling().count(), 4);
    /// ```
    pub fn castling(&self) -> &CastlingRights {
        &self.setup.castling
    }

    /// En-passant target square, as the setup holds it.
    ///
    /// ```
    /// # use forsyth::{Position, Setup};
    /// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
    /// assert_eq!(pos.ep_square(), None);
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    /// The rules.
    ///
    /// ```
    /// # use forsyth::{Position, Setup, Variant};
    /// # let pos = Position::from_setup_unchecked_for_doc(Setup::standard());
    /// assert_eq!(pos.variant(), Variant::Standard);
    /// ```
    pub fn variant(&self) -> Variant {
        self.setup.variant
    }
}
