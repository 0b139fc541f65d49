//! The two wings a king castles to.

use crate::File;

/// The wing a castling move goes to: towards `h` (king side, `O-O`) or towards
/// `a` (queen side, `O-O-O`).
///
/// ```
/// use forsyth_types::{CastlingSide, File};
/// assert_eq!(CastlingSide::KingSide.king_to_file(), File::G);
/// assert_eq!(CastlingSide::QueenSide.rook_to_file(), File::D);
/// assert_eq!(CastlingSide::of_rook(File::E, File::B), Some(CastlingSide::QueenSide));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingSide {
    /// Towards the `h` file; `O-O`.
    KingSide = 0,
    /// Towards the `a` file; `O-O-O`.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both wings, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king lands on: `g` or `c`, in every variant.
    ///
    /// ```
    /// use forsyth_types::{CastlingSide, File};
    /// assert_eq!(CastlingSide::QueenSide.king_to_file(), File::C);
    /// ```
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on: `f` or `d`, in every variant.
    ///
    /// ```
    /// use forsyth_types::{CastlingSide, File};
    /// assert_eq!(CastlingSide::KingSide.rook_to_file(), File::F);
    /// ```
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The wing on which a rook on `rook` stands, seen from a king on `king`;
    /// `None` when they share the file.
    ///
    /// ```
    /// use forsyth_types::{CastlingSide, File};
    /// assert_eq!(CastlingSide::of_rook(File::B, File::H), Some(CastlingSide::KingSide));
    /// assert_eq!(CastlingSide::of_rook(File::B, File::B), None);
    /// ```
    #[inline]
    pub fn of_rook(king: File, rook: File) -> Option<CastlingSide> {
        match rook.cmp(&king) {
            core::cmp::Ordering::Greater => Some(CastlingSide::KingSide),
            core::cmp::Ordering::Less => Some(CastlingSide::QueenSide),
            core::cmp::Ordering::Equal => None,
        }
    }

    /// The usual name: `king side` or `queen side`.
    ///
    /// ```
    /// use forsyth_types::CastlingSide;
    /// assert_eq!(CastlingSide::KingSide.name(), "king side");
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "king side",
            CastlingSide::QueenSide => "queen side",
        }
    }

    /// `true` for the king side.
    ///
    /// ```
    /// use forsyth_types::CastlingSide;
    /// assert!(CastlingSide::KingSide.is_king_side());
    /// ```
    #[inline]
    pub const fn is_king_side(self) -> bool {
        matches!(self, CastlingSide::KingSide)
    }

    /// 0 for the king side, 1 for the queen side.
    ///
    /// ```
    /// use forsyth_types::CastlingSide;
    /// assert_eq!(CastlingSide::QueenSide.index(), 1);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Picks `king_side` for the king side and `queen_side` for the queen side.
    ///
    /// ```
    /// use forsyth_types::CastlingSide;
    /// assert_eq!(CastlingSide::QueenSide.fold('K', 'Q'), 'Q');
    /// ```
    #[inline]
    pub fn fold<T>(self, king_side: T, queen_side: T) -> T {
        match self {
            CastlingSide::KingSide => king_side,
            CastlingSide::QueenSide => queen_side,
        }
    }
}
