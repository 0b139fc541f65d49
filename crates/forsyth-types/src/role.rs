//! Piece kinds and coloured pieces.

use crate::Color;

/// The English piece letters, pawn first, the one place they are written:
/// White's (uppercase) and Black's. The language table of `forsyth` builds
/// its English row from [`Piece::as_str`].
const WHITE_LETTERS: [&str; 8] = ["P", "N", "B", "R", "Q", "K", "A", "C"];
const BLACK_LETTERS: [&str; 8] = ["p", "n", "b", "r", "q", "k", "a", "c"];

/// The one byte of a one-letter string, in a `const` context.
#[inline]
const fn byte(letter: &str) -> u8 {
    letter.as_bytes()[0]
}

/// The kind of a piece, without its colour: the six of chess, and the two
/// more of the 10x8 board (Capablanca chess and its variants), which the
/// 8x8 board never holds.
///
/// ```
/// use forsyth_types::Role;
/// assert_eq!(Role::from_char('N'), Some(Role::Knight));
/// assert_eq!(Role::Queen.char(), 'q');
/// assert_eq!(Role::Queen.upper_char(), 'Q');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// Exhaustive: `forsyth`'s matches on a role name every role, so that a role
// added for a larger board is a compile error wherever it must be handled.
pub enum Role {
    /// Pawn, `P`.
    Pawn = 0,
    /// Knight, `N`.
    Knight = 1,
    /// Bishop, `B`.
    Bishop = 2,
    /// Rook, `R`.
    Rook = 3,
    /// Queen, `Q`.
    Queen = 4,
    /// King, `K`.
    King = 5,
    /// Archbishop, `A`: moves as a bishop or a knight (10x8 board only).
    Archbishop = 6,
    /// Chancellor, `C`: moves as a rook or a knight (10x8 board only).
    Chancellor = 7,
}

impl Role {
    /// The six roles of chess, pawn first: the ones the 8x8 board holds
    /// and its letter tables index (see [`Role::CAPABLANCA`] for all eight).
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The eight roles of the 10x8 board: the six of chess, pawn first,
    /// then the archbishop and the chancellor.
    ///
    /// ```
    /// use forsyth_types::Role;
    /// assert_eq!(Role::CAPABLANCA[..6], Role::ALL);
    /// assert_eq!(Role::CAPABLANCA[7], Role::Chancellor);
    /// ```
    pub const CAPABLANCA: [Role; 8] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Archbishop,
        Role::Chancellor,
    ];

    /// The role of an English piece letter, either case (`A` and `C` are
    /// the archbishop and the chancellor).
    ///
    /// ```
    /// use forsyth_types::Role;
    /// assert_eq!(Role::from_char('k'), Some(Role::King));
    /// assert_eq!(Role::from_char('a'), Some(Role::Archbishop));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    #[inline]
    pub const fn from_char(ch: char) -> Option<Role> {
        match Piece::from_char(ch) {
            Some(piece) => Some(piece.role),
            None => None,
        }
    }

    /// The lowercase English letter.
    ///
    /// ```
    /// use forsyth_types::Role;
    /// assert_eq!(Role::Bishop.char(), 'b');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        byte(BLACK_LETTERS[self as usize]) as char
    }

    /// The uppercase English letter.
    ///
    /// ```
    /// use forsyth_types::Role;
    /// assert_eq!(Role::Rook.upper_char(), 'R');
    /// ```
    #[inline]
    pub const fn upper_char(self) -> char {
        byte(WHITE_LETTERS[self as usize]) as char
    }

    /// The English name, lowercase.
    ///
    /// ```
    /// use forsyth_types::Role;
    /// assert_eq!(Role::Knight.name(), "knight");
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Archbishop => "archbishop",
            Role::Chancellor => "chancellor",
        }
    }

    /// `true` for the six roles of chess, `false` for the archbishop and
    /// the chancellor (which only the 10x8 board holds).
    ///
    /// ```
    /// use forsyth_types::Role;
    /// assert!(Role::Queen.is_chess());
    /// assert!(!Role::Chancellor.is_chess());
    /// ```
    #[inline]
    pub const fn is_chess(self) -> bool {
        (self as usize) < 6
    }

    /// 0 for the pawn up to 5 for the king (6 and 7 for the archbishop
    /// and the chancellor).
    ///
    /// ```
    /// use forsyth_types::Role;
    /// assert_eq!(Role::King.index(), 5);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// A piece of this role and the given colour.
    ///
    /// ```
    /// use forsyth_types::{Color, Piece, Role};
    /// assert_eq!(Role::Queen.of(Color::Black), Piece { color: Color::Black, role: Role::Queen });
    /// ```
    #[inline]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

/// A piece: a role and a colour.
///
/// ```
/// use forsyth_types::{Color, Piece, Role};
/// let p = Piece::from_char('n').unwrap();
/// assert_eq!(p, Piece { color: Color::Black, role: Role::Knight });
/// assert_eq!(p.char(), 'n');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The piece of a FEN letter: uppercase White, lowercase Black (`A`
    /// and `C` are the archbishop and the chancellor).
    ///
    /// ```
    /// use forsyth_types::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('K'), Some(Role::King.of(Color::White)));
    /// assert_eq!(Piece::from_char('c'), Some(Role::Chancellor.of(Color::Black)));
    /// assert_eq!(Piece::from_char('1'), None);
    /// ```
    #[inline]
    pub const fn from_char(ch: char) -> Option<Piece> {
        let mut i = 0;
        while i < 8 {
            if ch as u32 == byte(WHITE_LETTERS[i]) as u32 {
                return Some(Role::CAPABLANCA[i].of(Color::White));
            }
            if ch as u32 == byte(BLACK_LETTERS[i]) as u32 {
                return Some(Role::CAPABLANCA[i].of(Color::Black));
            }
            i += 1;
        }
        None
    }

    /// The FEN letter: uppercase White, lowercase Black.
    ///
    /// ```
    /// use forsyth_types::{Color, Role};
    /// assert_eq!(Role::Pawn.of(Color::White).char(), 'P');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The FEN letter as a string slice.
    ///
    /// ```
    /// use forsyth_types::{Color, Role};
    /// assert_eq!(Role::Knight.of(Color::Black).as_str(), "n");
    /// ```
    #[inline]
    pub const fn as_str(self) -> &'static str {
        match self.color {
            Color::White => WHITE_LETTERS[self.role as usize],
            Color::Black => BLACK_LETTERS[self.role as usize],
        }
    }
}
