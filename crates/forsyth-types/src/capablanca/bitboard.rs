//! Sets of squares of the 10x8 board as 128-bit masks.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::{File, Square};
use crate::Rank;

/// The 80 bits of the board's squares.
const ALL: u128 = (1 << 80) - 1;
/// The ten squares of the first rank.
const RANK_1: u128 = (1 << 10) - 1;
/// The eight squares of the `a` file.
const FILE_A: u128 = {
    let mut bits = 0;
    let mut rank = 0;
    while rank < 8 {
        bits |= 1 << (10 * rank);
        rank += 1;
    }
    bits
};
/// The dark squares (`a1` is dark).
const DARK: u128 = {
    let mut bits = 0;
    let mut i = 0;
    while i < 80 {
        if (i % 10 + i / 10) % 2 == 0 {
            bits |= 1 << i;
        }
        i += 1;
    }
    bits
};

/// A set of squares of the 10x8 board, bit `i` standing for the square
/// with index `i` (`a1` = 0, `j8` = 79). The bits above 79 are always
/// clear.
///
/// ```
/// use forsyth_types::capablanca::{Bitboard, Square};
/// use forsyth_types::Rank;
/// let bb = Bitboard::from_square(Square::I4) | Bitboard::from_square(Square::A1);
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::I4));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::A1, Square::I4]);
/// assert_eq!(Bitboard::from_rank(Rank::First).count(), 10);
/// assert_eq!((!Bitboard::EMPTY).count(), 80);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(u128);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(ALL);
    /// The 40 light squares.
    pub const LIGHT: Bitboard = Bitboard(ALL & !DARK);
    /// The 40 dark squares.
    pub const DARK: Bitboard = Bitboard(DARK);
    /// The first and eighth ranks.
    pub const BACKRANKS: Bitboard = Bitboard(RANK_1 | (RANK_1 << 70));

    /// The set of the squares whose bits are set in `bits`; bits above 79
    /// are dropped.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_bits(0b101).into_iter().collect::<Vec<_>>(), [Square::A1, Square::C1]);
    /// assert_eq!(Bitboard::from_bits(!0), Bitboard::FULL);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Bitboard(bits & ALL)
    }

    /// The 128-bit mask, bit `i` for the square with index `i`.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::A2).bits(), 1 << 10);
    /// ```
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding one square.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::B1), Bitboard::from_bits(2));
    /// ```
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The ten squares of a rank.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// use forsyth_types::Rank;
    /// assert!(Bitboard::from_rank(Rank::Eighth).contains(Square::J8));
    /// ```
    #[inline]
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(RANK_1 << (10 * rank as u32))
    }

    /// The eight squares of a file.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, File, Square};
    /// assert!(Bitboard::from_file(File::I).contains(Square::I5));
    /// assert_eq!(Bitboard::from_file(File::J).count(), 8);
    /// ```
    #[inline]
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(FILE_A << file as u32)
    }

    /// `true` if the set holds `sq`.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// assert!(!Bitboard::EMPTY.contains(Square::A1));
    /// ```
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// `true` for the empty set.
    ///
    /// ```
    /// use forsyth_types::capablanca::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` for a set of two or more squares.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// assert!(!Bitboard::from_square(Square::J8).more_than_one());
    /// ```
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// How many squares the set holds.
    ///
    /// ```
    /// use forsyth_types::capablanca::Bitboard;
    /// assert_eq!(Bitboard::LIGHT.count(), 40);
    /// ```
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The square of lowest index, if any.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
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
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// assert_eq!(Bitboard::FULL.last(), Some(Square::J8));
    /// ```
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(127 - self.0.leading_zeros())
        }
    }

    /// The single square of a one-square set; `None` for an empty or
    /// larger set.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
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
    /// use forsyth_types::capablanca::{Bitboard, Square};
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
    /// use forsyth_types::capablanca::{Bitboard, Square};
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
    /// use forsyth_types::capablanca::Bitboard;
    /// assert!(!Bitboard::LIGHT.intersects(Bitboard::DARK));
    /// ```
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The set mirrored top to bottom.
    ///
    /// ```
    /// use forsyth_types::capablanca::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::J1).flip_vertical(), Bitboard::from_square(Square::J8));
    /// ```
    #[must_use]
    pub const fn flip_vertical(self) -> Bitboard {
        let mut out = 0;
        let mut rank = 0;
        while rank < 8 {
            let row = (self.0 >> (10 * rank)) & RANK_1;
            out |= row << (10 * (7 - rank));
            rank += 1;
        }
        Bitboard(out)
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

    /// The other squares of the board (the bits above 79 stay clear).
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL)
    }
}

/// Iterates over the squares of a [`Bitboard`], lowest index first.
///
/// ```
/// use forsyth_types::capablanca::{Bitboard, Square};
/// let mut it = Bitboard::from_bits(1 | 1 << 79).into_iter();
/// assert_eq!(it.next(), Some(Square::A1));
/// assert_eq!(it.next(), Some(Square::J8));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter(u128);

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
            let i = 127 - self.0.leading_zeros();
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
