//! Files, ranks and squares.

use core::fmt;

use crate::Color;

/// The file letters `a`-`h`, the one place they are written: the language
/// table of `forsyth` builds its English row from [`File::as_str`].
const FILE_LETTERS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

/// A file, `a` to `h`.
///
/// ```
/// use forsyth_types::File;
/// assert_eq!(File::from_char('c'), Some(File::C));
/// assert_eq!(File::C.char(), 'c');
/// assert_eq!(File::C.upper_char(), 'C');
/// assert!(File::A < File::H);
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
}

impl File {
    /// All eight files, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index 0 (`a`) to 7 (`h`).
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::new(7), Some(File::H));
    /// assert_eq!(File::new(8), None);
    /// ```
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The file of a lowercase letter `a`-`h`.
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::from_char('h'), Some(File::H));
    /// assert_eq!(File::from_char('H'), None);
    /// ```
    #[inline]
    pub const fn from_char(ch: char) -> Option<File> {
        // The file letters are consecutive.
        File::new((ch as u32).wrapping_sub('a' as u32))
    }

    /// The lowercase letter.
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::E.char(), 'e');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        FILE_LETTERS[self as usize].as_bytes()[0] as char
    }

    /// The lowercase letter as a string slice.
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::B.as_str(), "b");
    /// ```
    #[inline]
    pub const fn as_str(self) -> &'static str {
        FILE_LETTERS[self as usize]
    }

    /// The uppercase letter (as White's Shredder-FEN castling letters).
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::E.upper_char(), 'E');
    /// ```
    #[inline]
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// 0 for `a` up to 7 for `h`.
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::D.index(), 3);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file seen from the other side of the board (`a` becomes `h`).
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::B.flip(), File::G);
    /// ```
    #[inline]
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }

    /// The file `delta` files to the right (towards `h`), if on the board.
    ///
    /// ```
    /// use forsyth_types::File;
    /// assert_eq!(File::B.offset(-1), Some(File::A));
    /// assert_eq!(File::B.offset(-2), None);
    /// ```
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<File> {
        let i = self as i32 + delta;
        if i >= 0 && i < 8 {
            Some(File::ALL[i as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank, `1` to `8`.
///
/// ```
/// use forsyth_types::{Color, Rank};
/// assert_eq!(Rank::from_char('8'), Some(Rank::Eighth));
/// assert_eq!(Rank::back_rank(Color::Black), Rank::Eighth);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(missing_docs)]
// `Rank`'s methods mirror `File`'s on purpose: one API for both
// coordinates.
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// All eight ranks, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0 (first rank) to 7 (eighth).
    ///
    /// ```
    /// use forsyth_types::Rank;
    /// assert_eq!(Rank::new(0), Some(Rank::First));
    /// assert_eq!(Rank::new(8), None);
    /// ```
    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The rank of a digit `1`-`8`.
    ///
    /// ```
    /// use forsyth_types::Rank;
    /// assert_eq!(Rank::from_char('3'), Some(Rank::Third));
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    #[inline]
    pub const fn from_char(ch: char) -> Option<Rank> {
        if ch >= '1' && ch <= '8' {
            Rank::new(ch as u32 - '1' as u32)
        } else {
            None
        }
    }

    /// The digit.
    ///
    /// ```
    /// use forsyth_types::Rank;
    /// assert_eq!(Rank::Sixth.char(), '6');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// 0 for the first rank up to 7 for the eighth.
    ///
    /// ```
    /// use forsyth_types::Rank;
    /// assert_eq!(Rank::Eighth.index(), 7);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank seen from the other side (first becomes eighth).
    ///
    /// ```
    /// use forsyth_types::Rank;
    /// assert_eq!(Rank::Third.flip(), Rank::Sixth);
    /// ```
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// The rank a colour's pieces start on: first for White, eighth for Black.
    ///
    /// ```
    /// use forsyth_types::{Color, Rank};
    /// assert_eq!(Rank::back_rank(Color::White), Rank::First);
    /// ```
    #[inline]
    pub const fn back_rank(color: Color) -> Rank {
        match color {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// This rank as `color` counts it: `Rank::First.relative_to(Black)` is the eighth.
    ///
    /// ```
    /// use forsyth_types::{Color, Rank};
    /// assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
    /// assert_eq!(Rank::Second.relative_to(Color::White), Rank::Second);
    /// ```
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A square, `a1` (index 0) to `h8` (index 63), rank by rank.
///
/// ```
/// use forsyth_types::{File, Rank, Square};
/// let sq = Square::from_coords(File::E, Rank::Fourth);
/// assert_eq!(sq, Square::E4);
/// assert_eq!(sq.to_string(), "e4");
/// assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
/// assert_eq!(sq.index(), 28);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[allow(missing_docs)]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with index 0 (`a1`) to 63 (`h8`).
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert_eq!(Square::new(63), Some(Square::H8));
    /// assert_eq!(Square::new(64), None);
    /// ```
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of an index known to be below 64; the index is taken modulo 64.
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert_eq!(Square::new_wrapping(64 + 1), Square::B1);
    /// ```
    #[inline]
    pub const fn new_wrapping(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on a file and a rank.
    ///
    /// ```
    /// use forsyth_types::{File, Rank, Square};
    /// assert_eq!(Square::from_coords(File::H, Rank::First), Square::H1);
    /// ```
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square((rank as u8) * 8 + file as u8)
    }

    /// The square named by two ASCII bytes such as `b"e3"`.
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert_eq!(Square::from_ascii(b"e3"), Some(Square::E3));
    /// assert_eq!(Square::from_ascii(b"e9"), None);
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
    /// use forsyth_types::{File, Square};
    /// assert_eq!(Square::C7.file(), File::C);
    /// ```
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    /// The rank.
    ///
    /// ```
    /// use forsyth_types::{Rank, Square};
    /// assert_eq!(Square::C7.rank(), Rank::Seventh);
    /// ```
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 3) as usize]
    }

    /// 0 for `a1` up to 63 for `h8`.
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert_eq!(Square::H1.index(), 7);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square mirrored top to bottom (`a1` becomes `a8`).
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert_eq!(Square::E2.flip_vertical(), Square::E7);
    /// ```
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
    /// assert_eq!(Square::H4.offset(1, 0), None);
    /// ```
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self.0 & 7) as i32 + df;
        let r = (self.0 >> 3) as i32 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// `true` for a light square (`h1`, `a2`, ...).
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert!(Square::H1.is_light());
    /// assert!(!Square::A1.is_light());
    /// ```
    #[inline]
    pub const fn is_light(self) -> bool {
        ((self.0 & 7) + (self.0 >> 3)) % 2 == 1
    }

    /// Every square, `a1` first.
    ///
    /// ```
    /// use forsyth_types::Square;
    /// assert_eq!(Square::all().count(), 64);
    /// ```
    #[inline]
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0u8..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The error of parsing a square name that is not `a1`..`h8`.
///
/// ```
/// use forsyth_types::Square;
/// let err = "i9".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "'i9' is not a square name a1..h8");
/// assert_eq!(err.kind().name(), "invalid_square");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(String);

/// Why a text is not a square. The kind names (`name()`) are stable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum ParseSquareErrorKind {
    /// Not a file letter `a`-`h` followed by a rank digit `1`-`8`.
    InvalidSquare,
}

impl ParseSquareErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth_types::ParseSquareErrorKind;
    /// assert_eq!(ParseSquareErrorKind::InvalidSquare.name(), "invalid_square");
    /// ```
    #[inline]
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl ParseSquareError {
    /// What is wrong.
    ///
    /// ```
    /// use forsyth_types::{ParseSquareErrorKind, Square};
    /// assert_eq!("e0".parse::<Square>().unwrap_err().kind(), ParseSquareErrorKind::InvalidSquare);
    /// ```
    #[inline]
    pub fn kind(&self) -> ParseSquareErrorKind {
        ParseSquareErrorKind::InvalidSquare
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square name a1..h8", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl core::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or_else(|| ParseSquareError(s.to_owned()))
    }
}

/// Serde for a square through its name (`"e4"`), so data read can never
/// hold a value the parser would refuse.
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
