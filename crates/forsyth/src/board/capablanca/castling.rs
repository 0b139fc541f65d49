//! Castling rights on the 10x8 board, recorded as the origin files of the
//! castling rooks, as on the 8x8 board
//! ([`crate::CastlingRights`]).

use super::{File, Square};
use crate::board::{AddCastlingError, ByColor, CastlingSide, Color, Rank};

/// Castling rights of both colours on the 10x8 board: for each colour and
/// wing, the origin file of the rook that may still castle, and the king's
/// file.
///
/// The king's file is kept whenever the colour has any right; a colour with
/// no right has no king file. Construct rights with
/// [`CastlingRights::add`], which keeps those two in step.
///
/// ```
/// use forsyth::capablanca::{CastlingRights, File, Square};
/// use forsyth::{CastlingSide, Color};
/// let rights = CastlingRights::capablanca();
/// assert_eq!(rights.rook(Color::White, CastlingSide::KingSide), Some(File::J));
/// assert_eq!(rights.king_file(Color::Black), Some(File::F));
/// assert_eq!(rights.rook_square(Color::Black, CastlingSide::QueenSide), Some(Square::A8));
/// assert_eq!(rights.count(), 4);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CastlingRights {
    king: ByColor<Option<File>>,
    rooks: ByColor<[Option<File>; 2]>,
}

impl CastlingRights {
    /// No rights.
    ///
    /// ```
    /// use forsyth::capablanca::CastlingRights;
    /// assert!(CastlingRights::none().is_empty());
    /// ```
    pub const fn none() -> CastlingRights {
        CastlingRights {
            king: ByColor::new(None, None),
            rooks: ByColor::new([None, None], [None, None]),
        }
    }

    /// The rights of the Capablanca and Gothic starts: the king on `f`,
    /// the rooks on `a` and `j`, for both colours.
    ///
    /// ```
    /// use forsyth::capablanca::CastlingRights;
    /// assert_eq!(CastlingRights::capablanca().count(), 4);
    /// ```
    pub const fn capablanca() -> CastlingRights {
        CastlingRights {
            king: ByColor::new(Some(File::F), Some(File::F)),
            rooks: ByColor::new(
                [Some(File::J), Some(File::A)],
                [Some(File::J), Some(File::A)],
            ),
        }
    }

    /// Adds the right to castle with the rook on `rook` of `color`'s back
    /// rank, the king standing on `king`. The wing follows from the two
    /// files. Adding a right that is already there is not an error.
    ///
    /// ```
    /// use forsyth::capablanca::{CastlingRights, File};
    /// use forsyth::{AddCastlingError, CastlingSide, Color};
    /// let mut r = CastlingRights::none();
    /// assert_eq!(r.add(Color::Black, File::C, File::A), Ok(CastlingSide::QueenSide));
    /// assert_eq!(r.add(Color::Black, File::C, File::B), Err(AddCastlingError::WingTaken));
    /// assert_eq!(r.add(Color::Black, File::D, File::J), Err(AddCastlingError::KingFileDiffers));
    /// ```
    pub fn add(
        &mut self,
        color: Color,
        king: File,
        rook: File,
    ) -> Result<CastlingSide, AddCastlingError> {
        let side = match rook.cmp(&king) {
            core::cmp::Ordering::Greater => CastlingSide::KingSide,
            core::cmp::Ordering::Less => CastlingSide::QueenSide,
            core::cmp::Ordering::Equal => return Err(AddCastlingError::RookOnKingFile),
        };
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
    /// use forsyth::capablanca::CastlingRights;
    /// use forsyth::{CastlingSide, Color};
    /// assert_eq!(CastlingRights::none().rook(Color::White, CastlingSide::KingSide), None);
    /// ```
    #[inline]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.rooks.get(color)[side as usize]
    }

    /// The origin square of the rook that may castle on `side`, if any.
    ///
    /// ```
    /// use forsyth::capablanca::{CastlingRights, Square};
    /// use forsyth::{CastlingSide, Color};
    /// let r = CastlingRights::capablanca();
    /// assert_eq!(r.rook_square(Color::White, CastlingSide::KingSide), Some(Square::J1));
    /// ```
    #[inline]
    pub fn rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rook(color, side)
            .map(|f| Square::from_coords(f, Rank::back_rank(color)))
    }

    /// The file of `color`'s king, when the colour has any right.
    ///
    /// ```
    /// use forsyth::capablanca::{CastlingRights, File};
    /// use forsyth::Color;
    /// assert_eq!(CastlingRights::capablanca().king_file(Color::White), Some(File::F));
    /// ```
    #[inline]
    pub const fn king_file(&self, color: Color) -> Option<File> {
        *self.king.get(color)
    }

    /// `true` if `color` may castle on `side`.
    ///
    /// ```
    /// use forsyth::capablanca::CastlingRights;
    /// use forsyth::{CastlingSide, Color};
    /// assert!(CastlingRights::capablanca().has(Color::Black, CastlingSide::QueenSide));
    /// ```
    #[inline]
    pub const fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rook(color, side).is_some()
    }

    /// `true` if `color` has any right.
    ///
    /// ```
    /// use forsyth::capablanca::CastlingRights;
    /// use forsyth::Color;
    /// assert!(!CastlingRights::none().has_color(Color::White));
    /// ```
    #[inline]
    pub const fn has_color(&self, color: Color) -> bool {
        self.king.get(color).is_some()
    }

    /// `true` if nobody may castle.
    ///
    /// ```
    /// use forsyth::capablanca::CastlingRights;
    /// assert!(!CastlingRights::capablanca().is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.king.white.is_none() && self.king.black.is_none()
    }

    /// How many rights there are, 0 to 4.
    ///
    /// ```
    /// use forsyth::capablanca::CastlingRights;
    /// assert_eq!(CastlingRights::none().count(), 0);
    /// ```
    pub fn count(&self) -> usize {
        self.iter().count()
    }

    /// Removes the right of `color` on `side`.
    ///
    /// ```
    /// use forsyth::capablanca::CastlingRights;
    /// use forsyth::{CastlingSide, Color};
    /// let mut r = CastlingRights::capablanca();
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
    /// use forsyth::capablanca::CastlingRights;
    /// use forsyth::Color;
    /// let mut r = CastlingRights::capablanca();
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
    /// use forsyth::capablanca::{CastlingRights, Square};
    /// let mut r = CastlingRights::capablanca();
    /// r.discard_rook(Square::J8);
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

    /// Every right as (colour, wing, rook file): White first, king side
    /// first.
    ///
    /// ```
    /// use forsyth::capablanca::{CastlingRights, File};
    /// use forsyth::{CastlingSide, Color};
    /// let first = CastlingRights::capablanca().iter().next();
    /// assert_eq!(first, Some((Color::White, CastlingSide::KingSide, File::J)));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingSide, File)> + '_ {
        Color::ALL.into_iter().flat_map(move |color| {
            CastlingSide::ALL
                .into_iter()
                .filter_map(move |side| self.rook(color, side).map(|f| (color, side, f)))
        })
    }
}
