//! Piece kinds and coloured pieces.

use crate::letters::{ascii_byte, ENGLISH_BLACK, ENGLISH_WHITE};
use crate::Color;

/// The kind of a piece, without its colour.
///
/// ```
/// use forsyth::Role;
/// assert_eq!(Role::from_char('N'), Some(Role::Knight));
/// assert_eq!(Role::Queen.char(), 'q');
/// assert_eq!(Role::Queen.upper_char(), 'Q');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
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
}

impl Role {
    /// The role of each three-bit code `role + 1` (0, and 7, which no role
    /// has: none): what the branch-free lookups of a square's role index.
    pub(crate) const BY_CODE: [Option<Role>; 8] = [
        None,
        Some(Role::Pawn),
        Some(Role::Knight),
        Some(Role::Bishop),
        Some(Role::Rook),
        Some(Role::Queen),
        Some(Role::King),
        None,
    ];

    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The role of an English piece letter, either case (the letters of
    /// [`Letters::ENGLISH`](crate::Letters::ENGLISH)).
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::from_char('k'), Some(Role::King));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    pub const fn from_char(ch: char) -> Option<Role> {
        match Piece::from_char(ch) {
            Some(piece) => Some(piece.role),
            None => None,
        }
    }

    /// The lowercase English letter.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Bishop.char(), 'b');
    /// ```
    pub const fn char(self) -> char {
        ascii_byte(ENGLISH_BLACK[self as usize]) as char
    }

    /// The uppercase English letter.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Rook.upper_char(), 'R');
    /// ```
    pub const fn upper_char(self) -> char {
        ascii_byte(ENGLISH_WHITE[self as usize]) as char
    }

    /// The English name, lowercase.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Knight.name(), "knight");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// 0 for the pawn up to 5 for the king.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::King.index(), 5);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// A piece of this role and the given colour.
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role};
    /// assert_eq!(Role::Queen.of(Color::Black), Piece { color: Color::Black, role: Role::Queen });
    /// ```
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

/// A piece: a role and a colour.
///
/// ```
/// use forsyth::{Color, Piece, Role};
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
    /// The piece of a FEN letter: uppercase White, lowercase Black.
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('K'), Some(Role::King.of(Color::White)));
    /// assert_eq!(Piece::from_char('1'), None);
    /// ```
    pub const fn from_char(ch: char) -> Option<Piece> {
        let mut i = 0;
        while i < 6 {
            if ch as u32 == ascii_byte(ENGLISH_WHITE[i]) as u32 {
                return Some(Role::ALL[i].of(Color::White));
            }
            if ch as u32 == ascii_byte(ENGLISH_BLACK[i]) as u32 {
                return Some(Role::ALL[i].of(Color::Black));
            }
            i += 1;
        }
        None
    }

    /// The FEN letter: uppercase White, lowercase Black.
    ///
    /// ```
    /// use forsyth::{Color, Role};
    /// assert_eq!(Role::Pawn.of(Color::White).char(), 'P');
    /// ```
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }
}
