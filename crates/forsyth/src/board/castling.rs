//! Castling rights, recorded as the origin files of the castling rooks.
//!
//! A right is a rook, not a letter: `KQkq`, `HAha` and (in Chess960 with an
//! inner rook) `GQ` are only ways of writing the same model down. Resolving
//! the letters against a board lives in [`crate::setup`]; writing them lives
//! in [`crate::fen`].

use core::fmt;

use crate::board::{ByColor, CastlingSide, Color, File, Rank, Square};

/// Castling rights of both colours: for each colour and wing, the origin file
/// of the rook that may still castle, and the king's file.
///
/// The king's file is kept whenever the colour has any right; a colour with no
/// right has no king file. Construct rights with [`CastlingRights::add`],
/// which keeps those two in step.
///
/// ```
/// use forsyth::{CastlingRights, CastlingSide, Color, File, Square};
/// let rights = CastlingRights::standard();
/// assert_eq!(rights.rook(Color::White, CastlingSide::KingSide), Some(File::H));
/// assert_eq!(rights.king_file(Color::Black), Some(File::E));
/// assert_eq!(rights.rook_square(Color::Black, CastlingSide::QueenSide), Some(Square::A8));
/// assert_eq!(rights.count(), 4);
///
/// let mut inner = CastlingRights::none();
/// inner.add(Color::White, File::B, File::G).unwrap();
/// assert_eq!(inner.rook(Color::White, CastlingSide::KingSide), Some(File::G));
/// assert_eq!(inner.king_file(Color::White), Some(File::B));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CastlingRights {
    king: ByColor<Option<File>>,
    rooks: ByColor<[Option<File>; 2]>,
}

/// Why a right cannot be added to [`CastlingRights`].
///
/// ```
/// use forsyth::{AddCastlingError, CastlingRights, Color, File};
/// let mut r = CastlingRights::none();
/// assert_eq!(r.add(Color::White, File::E, File::E), Err(AddCastlingError::RookOnKingFile));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum AddCastlingError {
    /// The rook's file is the king's file.
    RookOnKingFile,
    /// The colour already has rights with its king on another file.
    KingFileDiffers,
    /// The colour already has a right on that wing (with another rook).
    WingTaken,
}

impl AddCastlingError {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::AddCastlingError;
    /// assert_eq!(AddCastlingError::WingTaken.name(), "wing_taken");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for AddCastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AddCastlingError::RookOnKingFile => "the castling rook cannot stand on the king's file",
            AddCastlingError::KingFileDiffers => {
                "the colour's other right has its king on another file"
            }
            AddCastlingError::WingTaken => "the colour already has a castling right on that wing",
        })
    }
}

impl std::error::Error for AddCastlingError {}

impl CastlingRights {
    /// No rights at all (`-`).
    ///
    /// ```
    /// use forsyth::CastlingRights;
    /// assert!(CastlingRights::none().is_empty());
    /// ```
    pub const fn none() -> CastlingRights {
        CastlingRights {
            king: ByColor::new(None, None),
            rooks: ByColor::new([None, None], [None, None]),
        }
    }

    /// All four rights of the classical start: kings on `e`, rooks on `a`/`h`.
    ///
    /// ```
    /// use forsyth::CastlingRights;
    /// assert_eq!(CastlingRights::standard().count(), 4);
    /// ```
    pub const fn standard() -> CastlingRights {
        CastlingRights {
            king: ByColor::new(Some(File::E), Some(File::E)),
            rooks: ByColor::new(
                [Some(File::H), Some(File::A)],
                [Some(File::H), Some(File::A)],
            ),
        }
    }

    /// Adds the right to castle with the rook on `rook` of `color`'s back
    /// rank, the king standing on `king`. The wing follows from the two files.
    /// Adding a right that is already there is not an error.
    ///
    /// ```
    /// use forsyth::{AddCastlingError, CastlingRights, CastlingSide, Color, File};
    /// let mut r = CastlingRights::none();
    /// assert_eq!(r.add(Color::Black, File::C, File::A), Ok(CastlingSide::QueenSide));
    /// assert_eq!(r.add(Color::Black, File::C, File::B), Err(AddCastlingError::WingTaken));
    /// assert_eq!(r.add(Color::Black, File::D, File::H), Err(AddCastlingError::KingFileDiffers));
    /// ```
    pub fn add(
        &mut self,
        color: Color,
        king: File,
        rook: File,
    ) -> Result<CastlingSide, AddCastlingError> {
        let side = CastlingSide::of_rook(king, rook).ok_or(AddCastlingError::RookOnKingFile)?;
        match *self.king.get(color) {
            Some(k) if k != king => return Err(AddCastlingError::KingFileDiffers),
            _ => {}
        }
        let slot = &mut self.rooks.get_mut(color)[side.index()];
        match *slot {
            Some(r) if r != rook => Err(AddCastlingError::WingTaken),
            _ => {
                *slot = Some(rook);
                *self.king.get_mut(color) = Some(king);
                Ok(side)
            }
        }
    }

    /// The origin file of the rook that may castle on `side`, if any.
    ///
    /// ```
    /// use forsyth::{CastlingRights, CastlingSide, Color};
    /// assert_eq!(CastlingRights::none().rook(Color::White, CastlingSide::KingSide), None);
    /// ```
    #[inline]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.rooks.get(color)[side as usize]
    }

    /// The origin square of the rook that may castle on `side`, if any.
    ///
    /// ```
    /// use forsyth::{CastlingRights, CastlingSide, Color, Square};
    /// let r = CastlingRights::standard();
    /// assert_eq!(r.rook_square(Color::White, CastlingSide::KingSide), Some(Square::H1));
    /// ```
    #[inline]
    pub fn rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rook(color, side)
            .map(|f| Square::from_coords(f, Rank::back_rank(color)))
    }

    /// The file of `color`'s king, when the colour has any right.
    ///
    /// ```
    /// use forsyth::{CastlingRights, Color, File};
    /// assert_eq!(CastlingRights::standard().king_file(Color::White), Some(File::E));
    /// ```
    #[inline]
    pub const fn king_file(&self, color: Color) -> Option<File> {
        *self.king.get(color)
    }

    /// `true` if `color` may castle on `side`.
    ///
    /// ```
    /// use forsyth::{CastlingRights, CastlingSide, Color};
    /// assert!(CastlingRights::standard().has(Color::Black, CastlingSide::QueenSide));
    /// ```
    #[inline]
    pub const fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rook(color, side).is_some()
    }

    /// `true` if `color` has any right.
    ///
    /// ```
    /// use forsyth::{CastlingRights, Color};
    /// assert!(!CastlingRights::none().has_color(Color::White));
    /// ```
    #[inline]
    pub const fn has_color(&self, color: Color) -> bool {
        self.king.get(color).is_some()
    }

    /// `true` if nobody may castle.
    ///
    /// ```
    /// use forsyth::CastlingRights;
    /// assert!(!CastlingRights::standard().is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.king.white.is_none() && self.king.black.is_none()
    }

    /// How many rights there are, 0 to 4.
    ///
    /// ```
    /// use forsyth::CastlingRights;
    /// assert_eq!(CastlingRights::none().count(), 0);
    /// ```
    pub fn count(&self) -> usize {
        self.iter().count()
    }

    /// Removes the right of `color` on `side`.
    ///
    /// ```
    /// use forsyth::{CastlingRights, CastlingSide, Color};
    /// let mut r = CastlingRights::standard();
    /// r.discard(Color::White, CastlingSide::KingSide);
    /// r.discard(Color::White, CastlingSide::QueenSide);
    /// assert!(!r.has_color(Color::White));
    /// assert_eq!(r.king_file(Color::White), None);
    /// ```
    pub fn discard(&mut self, color: Color, side: CastlingSide) {
        let rooks = self.rooks.get_mut(color);
        rooks[side.index()] = None;
        if rooks.iter().all(Option::is_none) {
            *self.king.get_mut(color) = None;
        }
    }

    /// Removes both rights of `color` (the king moved).
    ///
    /// ```
    /// use forsyth::{CastlingRights, Color};
    /// let mut r = CastlingRights::standard();
    /// r.discard_color(Color::Black);
    /// assert_eq!(r.count(), 2);
    /// ```
    pub fn discard_color(&mut self, color: Color) {
        *self.rooks.get_mut(color) = [None, None];
        *self.king.get_mut(color) = None;
    }

    /// Removes the right whose rook starts on `sq` (the rook moved or was
    /// captured), if there is one.
    ///
    /// ```
    /// use forsyth::{CastlingRights, Square};
    /// let mut r = CastlingRights::standard();
    /// r.discard_rook(Square::H8);
    /// r.discard_rook(Square::E4);
    /// assert_eq!(r.count(), 3);
    /// ```
    pub fn discard_rook(&mut self, sq: Square) {
        for color in Color::ALL {
            if sq.rank() == Rank::back_rank(color) {
                for side in CastlingSide::ALL {
                    if self.rook(color, side) == Some(sq.file()) {
                        self.discard(color, side);
                    }
                }
            }
        }
    }

    /// Every right as (colour, wing, rook file): White first, king side first.
    ///
    /// ```
    /// use forsyth::{CastlingRights, CastlingSide, Color, File};
    /// let first = CastlingRights::standard().iter().next();
    /// assert_eq!(first, Some((Color::White, CastlingSide::KingSide, File::H)));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingSide, File)> + '_ {
        Color::ALL.into_iter().flat_map(move |color| {
            CastlingSide::ALL
                .into_iter()
                .filter_map(move |side| self.rook(color, side).map(|f| (color, side, f)))
        })
    }
}
