//! forsyth: chess positions in every notation, Chess960 first.
//!
//! Parse FEN, Shredder-FEN and X-FEN into one model that records each
//! castling rook by its origin file; write any of them; convert between them
//! without losing information (or say why an encoding cannot express a
//! position); number the 960 Chess960 starts. Validation ([`Report`],
//! [`Position::from_fen`], [`Position::from_setup`]) reports every problem
//! of a record at once, with stable kind names, and repairs what can be
//! dropped; `specs/validation.md` lists the problems.
//!
//! ```
//! use forsyth::{CastlingNotation, Fen, Setup};
//! let fen = Fen::from_ascii(b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
//! let setup = Setup::from_fen(&fen, None).expect("castling letters name real rooks");
//! assert_eq!(
//!     setup.to_fen(&CastlingNotation::XFen.into())?,
//!     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod chess960;
mod color;
mod convert;
pub mod fen;
mod position;
mod role;
mod setup;
mod square;
mod validate;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use board::Board;
pub use castling::{AddCastlingError, CastlingRights, CastlingSide};
pub use chess960::{
    BackRankError, Chess960Start, ParseStartNumberError, ParseStartNumberErrorKind, SplitMix64,
    StartPositionError,
};
pub use color::{ByColor, Color};
pub use convert::{convert_line, Check, ConvertError, ConvertOptions};
pub use fen::{
    write_castling, write_fen, CastlingField, CastlingNotation, CastlingToken, EnPassantMode, Fen,
    FenField, FieldOffsets, LossyCastlingError, LossyCastlingReason, ParseFenError,
    ParseFenErrorKind, ShredderOrder, WriteOptions,
};
pub use position::Position;
pub use role::{Piece, Role};
pub use setup::{CastlingError, CastlingErrorKind, Setup, Variant};
pub use square::{File, ParseSquareError, Rank, Square};
pub use validate::{PositionError, Problem, ProblemKind, Repair, RepairKind, Report, Severity};

/// The README's examples, run as doctests so they never rot.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
