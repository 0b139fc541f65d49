//! Layer 1, the text formats: FEN (grammar, syntax types, writer), EPD,
//! the streaming PGN reader and writer, and the letters of a notation's
//! language. Syntax only: nothing here knows whether a position or a move
//! is legal.
//!
//! May use: layer 0 (`board` and the types crate).

pub(crate) mod epd;
pub(crate) mod fen;
pub(crate) mod letters;
pub mod pgn;

use std::ops::{Index, RangeFrom};

/// The UTF-8 byte order mark (EF BB BF) that some editors write at the
/// start of a file. It belongs to the file, not to its first record.
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// `text` without the UTF-8 byte order mark at its start, if it has one:
/// the one rule every reader of a file or stream follows, so that columns
/// count from the byte after the mark. Works on bytes and on text alike
/// (`&[u8]` or `&str`: the mark is one whole character, U+FEFF). Only the
/// start is looked at: a mark inside the text is the text's.
///
/// ```
/// use forsyth::skip_bom;
/// assert_eq!(skip_bom("\u{feff}8/8/8/8/8/8/8/8 w - -"), "8/8/8/8/8/8/8/8 w - -");
/// assert_eq!(skip_bom(&b"\xef\xbb\xbf[Event \"x\"]"[..]), b"[Event \"x\"]");
/// // Part of a mark, or one later on, is left as it is.
/// assert_eq!(skip_bom(&b"\xef\xbbx"[..]), b"\xef\xbbx");
/// assert_eq!(skip_bom("x\u{feff}"), "x\u{feff}");
/// ```
pub fn skip_bom<T>(text: &T) -> &T
where
    T: AsRef<[u8]> + Index<RangeFrom<usize>, Output = T> + ?Sized,
{
    let start = if text.as_ref().starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    &text[start..]
}

/// Serde for a type through its text: `Display` out, a parser in (the
/// placement `"8/8/..."`, the castling field `"KQkq"`), so data read can
/// never hold a value the parser would refuse.
#[cfg(feature = "serde")]
macro_rules! serde_via_text {
    ($ty:ty, $what:literal, $parse:expr) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(&text).ok_or_else(|| {
                    serde::de::Error::custom(format_args!("'{}' is not {}", text, $what))
                })
            }
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use serde_via_text;
