//! The 10x8 board of Capablanca chess and its variants (Gothic chess,
//! Capablanca Random Chess): files `a` to `j`, squares `a1` (0) to `j8`
//! (79), 128-bit [`Bitboard`]s, and the board's [`geometry`].
//!
//! The ranks, colours, roles, pieces and castling sides are the 8x8 board's
//! ([`Rank`](crate::Rank), [`Color`](crate::Color), [`Role`](crate::Role),
//! ...): they do not depend on the width. The method names follow the 8x8
//! types'.
//!
//! ```
//! use forsyth_types::capablanca::{Bitboard, File, Square};
//! use forsyth_types::Rank;
//! let sq = Square::from_coords(File::I, Rank::First);
//! assert_eq!(sq.to_string(), "i1");
//! assert_eq!(sq.index(), 8);
//! assert_eq!(Bitboard::from_rank(Rank::Eighth).count(), 10);
//! ```

mod bitboard;
pub mod geometry;
mod square;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use square::{File, Square};
