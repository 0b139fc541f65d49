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

pub use error::{FenField, ParseFenError, ParseFenErrorKind};
pub use syntax::{CastlingField, CastlingToken, Fen, FieldOffsets};
pub(crate) use write::{castling_field, record, Fields};
pub use write::{
    CastlingNotation, EnPassantMode, LossyCastlingError, LossyCastlingReason, ShredderOrder,
    WriteFenError, WriteOptions,
};
