//! FEN records: the grammar, the syntax types and the writers, for standard
//! FEN, Shredder-FEN and X-FEN alike.
//!
//! # What the parser accepts
//!
//! The grammar is written down in `specs/fen.md`. Beyond the letter of the
//! standard it accepts, on purpose:
//! - four fields (EPD style); the clocks are then `0 1`;
//! - runs of spaces and tabs between fields, white space around the record;
//! - castling letters of all three encodings in any order, each at most once;
//! - fullmove number `0` (real files contain it; validation judges it);
//! - adjacent digits in a rank (`44`), as long as the rank has 8 squares;
//! - any of ` \t\r\n\x0c\x0b` around the record (`blank`), while only a
//!   space or a tab separates fields.
//!
//! It works on bytes: input that is not UTF-8 is a syntax error at the first
//! offending byte, never a panic. The placement's piece letters may come
//! from another language's [`Letters`] ([`Fen::from_ascii_with`]).

mod error;
mod grammar;
mod syntax;
mod write;

use crate::Letters;

pub use error::{FenField, ParseFenError, ParseFenErrorKind};
pub use syntax::{CastlingField, CastlingToken, Fen, FieldOffsets};
pub(crate) use write::{castling_field, record, Fields};
pub use write::{
    CastlingNotation, EnPassantMode, LossyCastlingError, LossyCastlingReason, ShredderOrder,
    WriteFenError, WriteOptions,
};

impl Fen {
    /// Parses one FEN record from bytes.
    ///
    /// ```
    /// use forsyth::Fen;
    /// let fen = Fen::from_ascii(b"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
    /// assert_eq!(fen.halfmoves, 1);
    /// assert!(Fen::from_ascii(b"not a fen").is_err());
    /// ```
    pub fn from_ascii(input: &[u8]) -> Result<Fen, ParseFenError> {
        grammar::record_english(input)
    }

    /// Parses one FEN record whose placement is written with the piece
    /// letters of `letters` (the other fields are the same in every
    /// language).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use forsyth::{Fen, Letters};
    /// let german = Letters::ENGLISH.with_pieces(
    ///     ["B", "S", "L", "T", "D", "K"].map(Cow::Borrowed),
    ///     ["b", "s", "l", "t", "d", "k"].map(Cow::Borrowed),
    /// );
    /// let fen = Fen::from_ascii_with("T7/4k3/4S3/K2L4/8/8/8/5T2 w - - 0 1".as_bytes(), &german)?;
    /// assert_eq!(fen.board.to_string(), "R7/4k3/4N3/K2B4/8/8/8/5R2");
    /// # Ok::<_, forsyth::ParseFenError>(())
    /// ```
    pub fn from_ascii_with(input: &[u8], letters: &Letters) -> Result<Fen, ParseFenError> {
        grammar::record(input, letters)
    }
}

/// A placement field alone (English letters), for serde.
#[cfg(feature = "serde")]
pub(crate) fn placement_from_ascii(input: &[u8]) -> Option<crate::Board> {
    match grammar::placement(input, &crate::letters::English) {
        Ok((b"", board)) => Some(board),
        _ => None,
    }
}

impl core::str::FromStr for Fen {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Fen, ParseFenError> {
        Fen::from_ascii(s.as_bytes())
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
