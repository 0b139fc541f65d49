//! Files `a` to `j` and the 80 squares of the 10x8 board.

use core::fmt;

use crate::Rank;

/// A file of the 10x8 board, `a` to `j`.
///
/// ```
/// use forsyth_types::capablanca::File;
/// assert_eq!(File::from_char('j'), Some(File::J));
/// assert_eq!(File::I.char(), 'i');
/// assert_eq!(File::ALL.len(), 10);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
}

/// The English file letters, the one place they are written.
const LETTERS: [&str; 10] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];

impl File {
    /// All ten files, `a` first.
    pub const ALL: [File; 10] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
        File::I,
        File::J,
    ];

    /// The file with index 0 (`a`) to 9 (`j`).
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::new(9), Some(File::J));
    /// assert_eq!(File::new(10), None);
    /// ```
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 10 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The file of a lowercase letter `a`-`j`.
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::from_char('a'), Some(File::A));
    /// assert_eq!(File::from_char('k'), None);
    /// ```
    #[inline]
    pub const fn from_char(ch: char) -> Option<File> {
        if ch >= 'a' && ch <= 'j' {
            File::new(ch as u32 - 'a' as u32)
        } else {
            None
        }
    }

    /// The lowercase letter.
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::H.char(), 'h');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        LETTERS[self as usize].as_bytes()[0] as char
    }

    /// The uppercase letter (a Shredder-FEN castling letter of White).
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::J.upper_char(), 'J');
    /// ```
    #[inline]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The lowercase letter as a string slice.
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::C.as_str(), "c");
    /// ```
    #[inline]
    pub const fn as_str(self) -> &'static str {
        LETTERS[self as usize]
    }

    /// 0 for `a` up to 9 for `j`.
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::J.index(), 9);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file mirrored left to right (`a` becomes `j`).
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::B.flip(), File::I);
    /// ```
    #[inline]
    pub const fn flip(self) -> File {
        File::ALL[9 - self as usize]
    }

    /// The file `delta` files to the right, if on the board.
    ///
    /// ```
    /// use forsyth_types::capablanca::File;
    /// assert_eq!(File::H.offset(2), Some(File::J));
    /// assert_eq!(File::J.offset(1), None);
    /// ```
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<File> {
        let f = self as i32 + delta;
        if f >= 0 && f < 10 {
            Some(File::ALL[f as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A square of the 10x8 board, `a1` (index 0) to `j8` (index 79), rank by
/// rank: the index is `10 * rank + file`.
///
/// ```
/// use forsyth_types::capablanca::{File, Square};
/// use forsyth_types::Rank;
/// let sq = Square::from_coords(File::J, Rank::Second);
/// assert_eq!(sq, Square::J2);
/// assert_eq!(sq.index(), 19);
/// assert_eq!(Square::from_ascii(b"j2"), Some(sq));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($rank:literal: $($name:ident)*;)*) => {
        impl Square {
            $($(
                #[allow(missing_docs)]
                pub const $name: Square = Square(
                    $rank * 10 + (stringify!($name).as_bytes()[0] - b'A'),
                );
            )*)*
        }
    };
}

square_consts! {
    0: A1 B1 C1 D1 E1 F1 G1 H1 I1 J1;
    1: A2 B2 C2 D2 E2 F2 G2 H2 I2 J2;
    2: A3 B3 C3 D3 E3 F3 G3 H3 I3 J3;
    3: A4 B4 C4 D4 E4 F4 G4 H4 I4 J4;
    4: A5 B5 C5 D5 E5 F5 G5 H5 I5 J5;
    5: A6 B6 C6 D6 E6 F6 G6 H6 I6 J6;
    6: A7 B7 C7 D7 E7 F7 G7 H7 I7 J7;
    7: A8 B8 C8 D8 E8 F8 G8 H8 I8 J8;
}

impl Square {
    /// How many squares the board has.
    pub const COUNT: usize = 80;

    /// The square with index 0 (`a1`) to 79 (`j8`).
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert_eq!(Square::new(79), Some(Square::J8));
    /// assert_eq!(Square::new(80), None);
    /// ```
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 80 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of an index known to be below 80 (a bit of a
    /// [`Bitboard`](super::Bitboard)); larger indices are taken modulo 128
    /// and then clamped to `j8`, so that no value is out of range.
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert_eq!(Square::new_wrapping(11), Square::B2);
    /// ```
    #[inline]
    pub const fn new_wrapping(index: u32) -> Square {
        let i = index & 127;
        Square(if i < 80 { i as u8 } else { 79 })
    }

    /// The square on a file and a rank.
    ///
    /// ```
    /// use forsyth_types::capablanca::{File, Square};
    /// use forsyth_types::Rank;
    /// assert_eq!(Square::from_coords(File::I, Rank::Eighth), Square::I8);
    /// ```
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square((rank as u8) * 10 + file as u8)
    }

    /// The square named by two ASCII bytes such as `b"i3"`.
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert_eq!(Square::from_ascii(b"i3"), Some(Square::I3));
    /// assert_eq!(Square::from_ascii(b"k3"), None);
    /// ```
    #[inline]
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// The file.
    ///
    /// ```
    /// use forsyth_types::capablanca::{File, Square};
    /// assert_eq!(Square::I7.file(), File::I);
    /// ```
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[(self.0 % 10) as usize]
    }

    /// The rank.
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// use forsyth_types::Rank;
    /// assert_eq!(Square::I7.rank(), Rank::Seventh);
    /// ```
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 / 10) as usize]
    }

    /// 0 for `a1` up to 79 for `j8`.
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert_eq!(Square::A2.index(), 10);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square mirrored top to bottom (`a1` becomes `a8`).
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert_eq!(Square::J2.flip_vertical(), Square::J7);
    /// ```
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square((7 - self.0 / 10) * 10 + self.0 % 10)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert_eq!(Square::H4.offset(1, 2), Some(Square::I6));
    /// assert_eq!(Square::J4.offset(1, 0), None);
    /// ```
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self.0 % 10) as i32 + df;
        let r = (self.0 / 10) as i32 + dr;
        if f >= 0 && f < 10 && r >= 0 && r < 8 {
            Some(Square((r * 10 + f) as u8))
        } else {
            None
        }
    }

    /// `true` for a light square (`b1`, `a2`, `j1`, ...): `a1` is dark, as
    /// on the 8x8 board.
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert!(Square::J1.is_light());
    /// assert!(!Square::A1.is_light());
    /// ```
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.0 % 10 + self.0 / 10) % 2 == 1
    }

    /// Every square, `a1` first.
    ///
    /// ```
    /// use forsyth_types::capablanca::Square;
    /// assert_eq!(Square::all().count(), 80);
    /// ```
    #[inline]
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0u8..80).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// Serde for a square through its name (`"i4"`).
#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Square::from_ascii(text.as_bytes())
            .ok_or_else(|| serde::de::Error::custom(format_args!("'{}' is not a square", text)))
    }
}
