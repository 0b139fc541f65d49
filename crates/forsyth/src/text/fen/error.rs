//! Errors of the FEN grammar: where, in which field, what was expected.

use core::fmt;

/// A field of a FEN record, as named in error messages.
///
/// ```
/// use forsyth::fen::FenField;
/// assert_eq!(FenField::EnPassant.to_string(), "en passant");
/// let kind: &'static str = FenField::EnPassant.into();
/// assert_eq!(kind, "en_passant");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FenField {
    /// The record as a whole (field count, trailing text, empty line).
    Record,
    /// Piece placement.
    Placement,
    /// Side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// En-passant target square.
    EnPassant,
    /// Halfmove clock.
    Halfmoves,
    /// Fullmove number.
    Fullmoves,
}

impl FenField {
    /// The name used in messages (`side to move`, `halfmove clock`, ...).
    ///
    /// ```
    /// use forsyth::fen::FenField;
    /// assert_eq!(FenField::Turn.label(), "side to move");
    /// ```
    pub const fn label(self) -> &'static str {
        match self {
            FenField::Record => "record",
            FenField::Placement => "placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// What the grammar expected and did not find. The kind names (`name()`)
/// are stable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ParseFenErrorKind {
    /// The line holds nothing but white space.
    EmptyRecord,
    /// A field is missing: the line ended before it.
    MissingField,
    /// Five fields: a halfmove clock without a fullmove number.
    MissingFullmoves,
    /// Text after the sixth field.
    TrailingText,
    /// A byte that is not a piece letter, a digit 1-8 or `/`.
    BadPlacementByte(u8),
    /// A rank describes more than eight squares.
    RankTooLong {
        /// The rank, 1-8.
        rank: u8,
    },
    /// A rank describes fewer than eight squares.
    RankTooShort {
        /// The rank, 1-8.
        rank: u8,
        /// How many squares it describes.
        squares: u8,
    },
    /// More than eight ranks.
    TooManyRanks,
    /// Fewer than eight ranks.
    TooFewRanks {
        /// How many ranks were given.
        ranks: u8,
    },
    /// The side to move is not `w` or `b`.
    BadTurn(u8),
    /// A field goes on where it should have ended (`white`, `e3x`).
    ExpectedSeparator,
    /// A castling byte that is not `K`, `Q`, `k`, `q`, `A`-`H` or `a`-`h`.
    BadCastlingByte(u8),
    /// A castling letter given twice.
    DuplicateCastling(u8),
    /// `-` together with letters.
    CastlingDashWithLetters,
    /// The en-passant field is not `-` or a square.
    BadEnPassant,
    /// The en-passant square is not on rank 3 or 6.
    EnPassantRank,
    /// A clock that is not a decimal number without sign.
    BadNumber,
    /// A clock above 4294967295.
    NumberTooLarge,
}

impl ParseFenErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::fen::ParseFenErrorKind;
    /// assert_eq!(ParseFenErrorKind::BadCastlingByte(b'X').name(), "bad_castling_byte");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// A FEN record that does not follow the grammar of `specs/fen.md`.
///
/// `offset` is the 0-based byte offset in the input; the message shows the
/// 1-based column.
///
/// ```
/// use forsyth::fen::{Fen, FenField};
/// let err = Fen::from_ascii(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1").unwrap_err();
/// assert_eq!(err.field, FenField::Castling);
/// assert_eq!(err.column(), 49);
/// assert_eq!(err.to_string(), "col 49: castling: 'X' is not K, Q, k, q or a file letter A-H/a-h");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ParseFenError {
    /// 0-based byte offset of the fault.
    pub offset: usize,
    /// The field being parsed.
    pub field: FenField,
    /// What was wrong.
    pub kind: ParseFenErrorKind,
}

impl ParseFenError {
    /// What was wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::fen::{Fen, ParseFenErrorKind};
    /// let err = Fen::from_ascii(b"8/8/8/8/8/8/8/8 x - -").unwrap_err();
    /// assert_eq!(err.kind(), ParseFenErrorKind::BadTurn(b'x'));
    /// assert_eq!(err.kind().name(), "bad_turn");
    /// ```
    pub const fn kind(&self) -> ParseFenErrorKind {
        self.kind
    }

    /// The 1-based byte column of the fault.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// assert_eq!(Fen::from_ascii(b"x").unwrap_err().column(), 1);
    /// ```
    pub const fn column(&self) -> usize {
        self.offset + 1
    }

    /// The message without the column: `castling: 'X' is not ...`.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// let err = Fen::from_ascii(b"8/8/8/8/8/8/8/8 x - -").unwrap_err();
    /// assert_eq!(err.message(), "side to move: 'x' is not w or b");
    /// ```
    pub fn message(&self) -> String {
        format!("{}: {}", self.field, Detail(self.kind))
    }
}

struct Detail(ParseFenErrorKind);

struct Byte(u8);

impl fmt::Display for Byte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "'{}'", self.0 as char)
        } else {
            write!(f, "byte 0x{:02x}", self.0)
        }
    }
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseFenErrorKind::*;
        match self.0 {
            EmptyRecord => f.write_str("empty line, expected a FEN record"),
            MissingField => f.write_str("missing: the line ends before this field"),
            MissingFullmoves => f.write_str(
                "missing: a halfmove clock needs a fullmove number after it (4 or 6 fields)",
            ),
            TrailingText => f.write_str("unexpected text after the sixth field"),
            BadPlacementByte(b) => write!(
                f,
                "{} is not a piece letter (PNBRQK, pnbrqk), a digit 1-8 or '/'",
                Byte(b)
            ),
            RankTooLong { rank } => write!(f, "rank {rank} has more than 8 squares"),
            RankTooShort { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares, expected 8")
            }
            TooManyRanks => f.write_str("more than 8 ranks"),
            TooFewRanks { ranks } => write!(f, "{ranks} ranks, expected 8"),
            BadTurn(b) => write!(f, "{} is not w or b", Byte(b)),
            ExpectedSeparator => f.write_str("expected a space or tab: the field ends here"),
            BadCastlingByte(b) => {
                write!(f, "{} is not K, Q, k, q or a file letter A-H/a-h", Byte(b))
            }
            DuplicateCastling(b) => write!(f, "{} appears twice", Byte(b)),
            CastlingDashWithLetters => f.write_str("'-' cannot stand with castling letters"),
            BadEnPassant => f.write_str("expected '-' or a square on rank 3 or 6"),
            EnPassantRank => f.write_str("the en-passant square must be on rank 3 or 6"),
            BadNumber => f.write_str("expected a decimal number without sign"),
            NumberTooLarge => f.write_str("number too large (at most 4294967295)"),
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "col {}: {}", self.column(), self.message())
    }
}

impl std::error::Error for ParseFenError {}

impl fmt::Display for ParseFenErrorKind {
    /// What was wrong, without the field: `'X' is not w or b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Detail(*self).fmt(f)
    }
}
