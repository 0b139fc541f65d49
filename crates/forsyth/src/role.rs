//! Piece kinds and coloured pieces.

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
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The role of an English piece letter, either case.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::from_char('k'), Some(Role::King));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    pub const fn from_char(ch: char) -> Option<Role> {
        match ch {
            'p' | 'P' => Some(Role::Pawn),
            'n' | 'N' => Some(Role::Knight),
            'b' | 'B' => Some(Role::Bishop),
            'r' | 'R' => Some(Role::Rook),
            'q' | 'Q' => Some(Role::Queen),
            'k' | 'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The lowercase English letter.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Bishop.char(), 'b');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase English letter.
    ///
    /// ```
    /// use forsyth::Role;
    /// assert_eq!(Role::Rook.upper_char(), 'R');
    /// ```
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
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
        match Role::from_char(ch) {
            Some(role) => Some(Piece {
                color: if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
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
