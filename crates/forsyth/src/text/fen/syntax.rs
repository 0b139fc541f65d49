//! What the text of a FEN said, before it is given meaning.

use core::fmt;

use crate::board::{Board, Color, File, Square};

/// One letter of the castling field.
///
/// ```
/// use forsyth::{Color, File};
/// use forsyth::fen::CastlingToken;
/// assert_eq!(CastlingToken::from_ascii(b'K'), Some(CastlingToken::King(Color::White)));
/// assert_eq!(CastlingToken::from_ascii(b'c'), Some(CastlingToken::File(Color::Black, File::C)));
/// assert_eq!(CastlingToken::File(Color::White, File::G).char(), 'G');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingToken {
    /// `K` or `k`: the outermost rook on the king side (X-FEN), the `h` rook
    /// in standard chess.
    King(Color),
    /// `Q` or `q`: the outermost rook on the queen side (X-FEN), the `a` rook
    /// in standard chess.
    Queen(Color),
    /// `A`-`H` or `a`-`h`: the rook on that file (Shredder-FEN, X-FEN inner
    /// rooks).
    File(Color, File),
}

impl CastlingToken {
    /// The token of one byte of the castling field, if it is one.
    ///
    /// ```
    /// use forsyth::fen::CastlingToken;
    /// assert_eq!(CastlingToken::from_ascii(b'X'), None);
    /// assert_eq!(CastlingToken::from_ascii(b'-'), None);
    /// ```
    #[inline]
    pub const fn from_ascii(b: u8) -> Option<CastlingToken> {
        match b {
            b'K' => Some(CastlingToken::King(Color::White)),
            b'Q' => Some(CastlingToken::Queen(Color::White)),
            b'k' => Some(CastlingToken::King(Color::Black)),
            b'q' => Some(CastlingToken::Queen(Color::Black)),
            b'A'..=b'H' => match File::new((b - b'A') as u32) {
                Some(f) => Some(CastlingToken::File(Color::White, f)),
                None => None,
            },
            b'a'..=b'h' => match File::new((b - b'a') as u32) {
                Some(f) => Some(CastlingToken::File(Color::Black, f)),
                None => None,
            },
            _ => None,
        }
    }

    /// The letter as written.
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::fen::CastlingToken;
    /// assert_eq!(CastlingToken::Queen(Color::Black).char(), 'q');
    /// ```
    pub const fn char(self) -> char {
        match self {
            CastlingToken::King(Color::White) => 'K',
            CastlingToken::King(Color::Black) => 'k',
            CastlingToken::Queen(Color::White) => 'Q',
            CastlingToken::Queen(Color::Black) => 'q',
            CastlingToken::File(Color::White, f) => f.upper_char(),
            CastlingToken::File(Color::Black, f) => f.char(),
        }
    }

    /// The colour whose right the token names.
    ///
    /// ```
    /// use forsyth::{Color, File};
    /// use forsyth::fen::CastlingToken;
    /// assert_eq!(CastlingToken::File(Color::Black, File::A).color(), Color::Black);
    /// ```
    pub const fn color(self) -> Color {
        match self {
            CastlingToken::King(c) | CastlingToken::Queen(c) | CastlingToken::File(c, _) => c,
        }
    }

    /// A bit unique to this token among the 20 possible ones.
    const fn bit(self) -> u32 {
        match self {
            CastlingToken::King(c) => 1 << (c as u32 * 10),
            CastlingToken::Queen(c) => 1 << (c as u32 * 10 + 1),
            CastlingToken::File(c, f) => 1 << (c as u32 * 10 + 2 + f as u32),
        }
    }
}

impl fmt::Display for CastlingToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The bit of [`CastlingToken::bit`] of each castling letter as a byte; 0
/// for a byte that is none.
static LETTER_BITS: [u32; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        if let Some(token) = CastlingToken::from_ascii(b as u8) {
            table[b] = token.bit();
        }
        b += 1;
    }
    table
};

/// The castling field as written: its letters in order (`-` is empty), each
/// letter at most once.
///
/// ```
/// use forsyth::Color;
/// use forsyth::fen::{CastlingField, CastlingToken};
/// let mut field = CastlingField::new();
/// assert!(field.push(CastlingToken::King(Color::White)));
/// assert!(!field.push(CastlingToken::King(Color::White)));
/// assert_eq!(field.to_string(), "K");
/// assert_eq!(CastlingField::new().to_string(), "-");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingField {
    tokens: [u8; 20],
    len: u8,
    seen: u32,
}

impl CastlingField {
    /// The empty field, `-`.
    ///
    /// ```
    /// use forsyth::fen::CastlingField;
    /// assert!(CastlingField::new().is_empty());
    /// ```
    pub const fn new() -> CastlingField {
        CastlingField {
            tokens: [0; 20],
            len: 0,
            seen: 0,
        }
    }

    /// Appends a token; `false` (and no change) if the field holds it already.
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::fen::{CastlingField, CastlingToken};
    /// let mut f = CastlingField::new();
    /// assert!(f.push(CastlingToken::Queen(Color::Black)));
    /// assert_eq!(f.len(), 1);
    /// ```
    #[inline]
    pub fn push(&mut self, token: CastlingToken) -> bool {
        self.push_ascii(token.char() as u8) == Some(true)
    }

    /// [`push`](Self::push) of the letter written as byte `b`: `None` if it
    /// is no castling letter. One table lookup, the token never built.
    #[inline]
    pub(crate) fn push_ascii(&mut self, b: u8) -> Option<bool> {
        let bit = LETTER_BITS[usize::from(b)];
        if bit == 0 {
            return None;
        }
        if self.seen & bit != 0 {
            return Some(false);
        }
        self.seen |= bit;
        // Twenty distinct tokens exist, so `len` stays below 20.
        self.tokens[self.len as usize] = b;
        self.len += 1;
        Some(true)
    }

    /// `true` if the field holds `token`.
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::fen::{CastlingField, CastlingToken};
    /// assert!(!CastlingField::new().contains(CastlingToken::King(Color::Black)));
    /// ```
    pub const fn contains(&self, token: CastlingToken) -> bool {
        self.seen & token.bit() != 0
    }

    /// How many letters the field has.
    ///
    /// ```
    /// use forsyth::fen::CastlingField;
    /// assert_eq!(CastlingField::new().len(), 0);
    /// ```
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// `true` for `-`.
    ///
    /// ```
    /// use forsyth::fen::CastlingField;
    /// assert!(CastlingField::new().is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tokens in the order written, each with its index in the field.
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::fen::{CastlingField, CastlingToken};
    /// let mut f = CastlingField::new();
    /// f.push(CastlingToken::Queen(Color::White));
    /// assert_eq!(f.iter().next(), Some((0, CastlingToken::Queen(Color::White))));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (usize, CastlingToken)> + '_ {
        self.tokens[..self.len as usize]
            .iter()
            .enumerate()
            .filter_map(|(i, &b)| CastlingToken::from_ascii(b).map(|t| (i, t)))
    }
}

impl fmt::Display for CastlingField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (_, t) in self.iter() {
            write!(f, "{}", t.char())?;
        }
        Ok(())
    }
}

/// A FEN record as the text said it: the fields parsed, nothing judged.
///
/// The board may hold any placement and the castling letters need not name
/// real rooks; [`Setup::from_fen`](crate::Setup::from_fen) gives them meaning
/// and validation decides what is legal.
///
/// ```
/// use forsyth::Color;
/// use forsyth::fen::Fen;
/// let fen = Fen::from_ascii(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
/// assert_eq!(fen.turn, Color::Black);
/// assert_eq!(fen.castling.to_string(), "KQkq");
/// assert_eq!(fen.ep_square, Some(forsyth::Square::E3));
/// assert_eq!(fen.offsets.castling, 48);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fen {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// The castling letters.
    pub castling: CastlingField,
    /// En-passant target square, if given.
    pub ep_square: Option<Square>,
    /// Halfmove clock (`0` when the record had only four fields).
    pub halfmoves: u32,
    /// Fullmove number as written (`1` when the record had only four fields;
    /// `0` is kept as written).
    pub fullmoves: u32,
    /// `false` for a four-field (EPD-style) record.
    pub has_clocks: bool,
    /// Where each field starts in the input.
    pub offsets: FieldOffsets,
}

/// Byte offsets (0-based) of each field of a parsed record in its input.
/// Absent clock fields point just past the last field.
///
/// ```
/// use forsyth::fen::Fen;
/// let fen = Fen::from_ascii(b"8/8/8/8/8/8/8/K6k w - -").unwrap();
/// assert_eq!(fen.offsets.turn, 18);
/// assert_eq!(fen.offsets.en_passant, 22);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(missing_docs)]
pub struct FieldOffsets {
    pub placement: usize,
    pub turn: usize,
    pub castling: usize,
    pub en_passant: usize,
    pub halfmoves: usize,
    pub fullmoves: usize,
}

impl FieldOffsets {
    /// The offset of `field` (the placement's for [`FenField::Record`](crate::fen::FenField::Record)).
    ///
    /// ```
    /// use forsyth::fen::{Fen, FenField};
    /// let fen = Fen::from_ascii(b"8/8/8/8/8/8/8/K6k w - - 3 9").unwrap();
    /// assert_eq!(fen.offsets.of(FenField::Fullmoves), 26);
    /// ```
    pub fn of(&self, field: crate::text::fen::FenField) -> usize {
        use crate::text::fen::FenField::*;
        match field {
            Record | Placement => self.placement,
            Turn => self.turn,
            Castling => self.castling,
            EnPassant => self.en_passant,
            Halfmoves => self.halfmoves,
            Fullmoves => self.fullmoves,
        }
    }
}

impl core::fmt::Display for Fen {
    /// The record as parsed, six fields, castling letters in the order given.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} {} {} ", self.board, self.turn.char(), self.castling)?;
        match self.ep_square {
            Some(sq) => write!(f, "{sq}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {} {}", self.halfmoves, self.fullmoves)
    }
}
