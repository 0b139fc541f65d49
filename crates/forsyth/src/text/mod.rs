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
