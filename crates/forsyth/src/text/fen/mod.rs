//! FEN records: the grammar (`grammar`, the nom rules of `specs/fen.md`
//! and the fast paths beside them), the syntax types (`syntax`), the
//! writer of the fields it is handed (`write`) and the errors (`error`).
//! The public face, with what the parser accepts beyond the standard, is
//! [`crate::fen`].

mod error;
mod grammar;
mod syntax;
mod write;

pub use error::{FenField, ParseFenError, ParseFenErrorKind};
pub use grammar::is_blank;
pub use syntax::{CastlingField, CastlingToken, Fen, FieldOffsets};
pub(crate) use write::{
    castling_field, record, record_ascii, record_ascii_memo, Fields, RecordBuf,
};
pub use write::{
    CastlingNotation, EnPassantMode, LossyCastlingError, LossyCastlingReason, ShredderOrder,
    WriteFenError, WriteOptions,
};
