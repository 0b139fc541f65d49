//! The bottom layer of [forsyth](https://example.invalid/forsyth): files,
//! ranks and squares, colours, roles and pieces, bitboards, the castling
//! sides, and the board's [`geometry`].
//!
//! These types depend on nothing; everything above them (the board, the
//! text formats, the rules) is in the `forsyth` crate, which re-exports
//! them at its root, and whose build script computes its attack tables
//! from the same [`geometry`].
//!
//! Each type owns its English letters (files `a`-`h`, pieces `PNBRQK`, and
//! `A` and `C` for the archbishop and the chancellor of the 10x8 board);
//! other languages' letters are a table of `forsyth`.
//!
//! The 10x8 board of Capablanca chess has files, squares, bitboards and a
//! geometry of its own, in [`capablanca`]; the ranks, colours, roles,
//! pieces and castling sides are shared.
//!
//! ```
//! use forsyth_types::{Bitboard, Color, File, Rank, Role, Square};
//! let sq = Square::from_coords(File::E, Rank::Fourth);
//! assert_eq!(sq.to_string(), "e4");
//! assert_eq!(Role::Knight.of(Color::White).char(), 'N');
//! assert_eq!(Bitboard::from_square(sq).count(), 1);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bitboard;
pub mod capablanca;
mod castling;
mod color;
pub mod geometry;
mod role;
mod square;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use castling::CastlingSide;
pub use color::{ByColor, Color};
pub use role::{Piece, Role};
pub use square::{File, ParseSquareError, ParseSquareErrorKind, Rank, Square};
