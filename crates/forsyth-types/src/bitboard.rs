//! Sets of squares as 64-bit masks.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::{File, Rank, Square};

/// A set of squares, bit `i` standing for the square with index `i` (`a1` = 0).
///
/// ```
/// use forsyth_types::{Bitboard, Rank, Square};
/// let bb = Bitboard::from_square(Square::E4) | Bitboard::from_square(Square::A1);
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::E4));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::A1, Square::E4]);
/// assert_eq!(Bitboard::from_rank(Rank::First).count(), 8);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The 32 light squares.
    pub const LIGHT: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The 32 dark squares.
    pub const DARK: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The first and eighth ranks.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The set of the squares whose bits are set in `bits` (bit `i` for
    /// the square with index `i`).
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_bits(0b101).into_iter().collect::<Vec<_>>(), [Square::A1, Square::C1]);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u64) -> Bitboard {
        Bitboard(bits)
    }

    /// The 64-bit mask, bit `i` for the square with index `i`.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::H1).bits(), 0x80);
    /// ```
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding one square.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::B1), Bitboard::from_bits(2));
    /// ```
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The eight squares of a rank.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Rank, Square};
    /// assert!(Bitboard::from_rank(Rank::Eighth).contains(Square::H8));
    /// ```
    #[inline]
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// The eight squares of a file.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, File, Square};
    /// assert!(Bitboard::from_file(File::C).contains(Square::C5));
    /// ```
    #[inline]
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// `true` if the set holds `sq`.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert!(!Bitboard::EMPTY.contains(Square::A1));
    /// ```
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// `true` for the empty set.
    ///
    /// ```
    /// use forsyth_types::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` for a set of two or more squares.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert!(!Bitboard::from_square(Square::A1).more_than_one());
    /// ```
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// How many squares the set holds.
    ///
    /// ```
    /// use forsyth_types::Bitboard;
    /// assert_eq!(Bitboard::LIGHT.count(), 32);
    /// ```
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The square of lowest index, if any.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::FULL.first(), Some(Square::A1));
    /// ```
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros())
        }
    }

    /// The square of highest index, if any.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::FULL.last(), Some(Square::H8));
    /// ```
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(63 - self.0.leading_zeros())
        }
    }

    /// The single square of a one-square set; `None` for an empty or larger set.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::D4).single_square(), Some(Square::D4));
    /// assert_eq!(Bitboard::FULL.single_square(), None);
    /// ```
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// The set with `sq` added.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::EMPTY.with(Square::A1), Bitboard::from_bits(1));
    /// ```
    #[must_use]
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    /// The set with `sq` removed.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_bits(1).without(Square::A1), Bitboard::EMPTY);
    /// ```
    #[must_use]
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// `true` if the two sets share a square.
    ///
    /// ```
    /// use forsyth_types::Bitboard;
    /// assert!(!Bitboard::LIGHT.intersects(Bitboard::DARK));
    /// ```
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The set mirrored top to bottom.
    ///
    /// ```
    /// use forsyth_types::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::A1).flip_vertical(), Bitboard::from_square(Square::A8));
    /// ```
    #[must_use]
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_ops {
    ($($tr:ident $f:ident $op:tt, $tra:ident $fa:ident $opa:tt;)*) => {$(
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 $opa rhs.0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand &, BitAndAssign bitand_assign &=;
    BitOr bitor |, BitOrAssign bitor_assign |=;
    BitXor bitxor ^, BitXorAssign bitxor_assign ^=;
}

impl Sub for Bitboard {
    type Output = Bitboard;

    /// The squares of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Iterates over the squares of a [`Bitboard`], lowest index first.
///
/// ```
/// use forsyth_types::{Bitboard, Square};
/// let mut it = Bitboard::from_bits(0b101).into_iter();
/// assert_eq!(it.next(), Some(Square::A1));
/// assert_eq!(it.next(), Some(Square::C1));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter(u64);

impl Iterator for IntoIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new_wrapping(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

impl DoubleEndedIterator for IntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = 63 - self.0.leading_zeros();
            self.0 &= !(1 << i);
            Some(Square::new_wrapping(i))
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;

    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0)
    }
}
