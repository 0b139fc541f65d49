//! What the one problem type needs of a board: its square and square-set
//! types, and the few words in which its rules differ (the standard game's
//! name, the random game's name, the files a random king starts on).

use core::fmt;
use core::hash::Hash;

use crate::board::{Bitboard, CastlingSide, Color, File, Rank, Square};

/// Keeps the boards to the two the crate defines: each board's square
/// type implements it beside its own problem code.
pub(crate) mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Square {}
}

/// A square of a board a [`Problem`](super::Problem) can be about: the 8x8
/// [`Square`] or the 10x8
/// [`capablanca::Square`](crate::capablanca::Square). Sealed: the two
/// boards are the only ones.
pub trait BoardSquare:
    Copy + Eq + Hash + fmt::Debug + fmt::Display + sealed::Sealed + 'static
{
    /// A set of squares of this board.
    type Set: Copy + Eq + Hash + fmt::Debug + IntoIterator<Item = Self>;

    /// The empty set.
    const EMPTY: Self::Set;
    /// The standard game of this board, as a sentence names it.
    const STANDARD_GAME: &'static str;
    /// The random-start game of this board, as a sentence names it.
    const RANDOM_GAME: &'static str;
    /// The files a king of the random game starts on.
    const RANDOM_KING_FILES: &'static str;
    /// Why two checkers that are not line pieces cannot both check after one
    /// move (the 10x8 board has line pieces that also leap).
    const NO_LINE_PIECE: &'static str;

    /// The square's rank.
    fn rank_of(self) -> Rank;
    /// The square's file letter.
    fn file_char(self) -> char;
    /// The square `df` files and `dr` ranks away, if on the board.
    fn shifted(self, df: i32, dr: i32) -> Option<Self>;
    /// Where the standard game's king of `color` starts.
    fn standard_king(color: Color) -> Self;
    /// The standard game's rook of `color` on the `side` wing.
    fn corner(color: Color, side: CastlingSide) -> Self;
}

impl BoardSquare for Square {
    type Set = Bitboard;
    const EMPTY: Bitboard = Bitboard::EMPTY;
    const STANDARD_GAME: &'static str = "standard chess";
    const RANDOM_GAME: &'static str = "chess960";
    const RANDOM_KING_FILES: &'static str = "b to g";
    const NO_LINE_PIECE: &'static str = "neither a bishop, rook or queen";

    #[inline]
    fn rank_of(self) -> Rank {
        self.rank()
    }
    fn file_char(self) -> char {
        self.file().char()
    }
    #[inline]
    fn shifted(self, df: i32, dr: i32) -> Option<Self> {
        self.offset(df, dr)
    }
    fn standard_king(color: Color) -> Self {
        Square::from_coords(File::E, Rank::back_rank(color))
    }
    fn corner(color: Color, side: CastlingSide) -> Self {
        Square::from_coords(side.fold(File::H, File::A), Rank::back_rank(color))
    }
}
