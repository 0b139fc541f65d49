//! What can be wrong with a 10x8 setup: the one problem type of both
//! boards, on the 10x8 squares. Its sentences name the 10x8 games and
//! files ([`BoardSquare`](crate::validate::BoardSquare)).

use crate::board::capablanca::{self, Square};
use crate::board::{CastlingSide, Color, Rank};
use crate::setup::problem::{sealed::Sealed, BoardSquare};

/// One thing wrong with a 10x8 setup: the one
/// [`validate::Problem`](crate::validate::Problem) type on 10x8 squares, with
/// the same kinds, facts and sentences as on the 8x8 board
/// ([`Display`](core::fmt::Display) is `kind: message`).
///
/// ```
/// use forsyth::capablanca::{Report, Setup, Square};
/// use forsyth::validate::ProblemKind;
/// let mut setup = Setup::capablanca();
/// setup.board.discard_piece_at(Square::J1);
/// let report = Report::of_setup(setup);
/// let problem = &report.problems()[0];
/// assert_eq!(problem.kind(), ProblemKind::CastlingRookMissing);
/// assert_eq!(problem.square(), Some(Square::J1));
/// assert_eq!(
///     problem.to_string(),
///     "castling_rook_missing: white keeps the king side castling right but has no rook on j1"
/// );
/// ```
pub type Problem = crate::setup::problem::Problem<Square>;

impl Sealed for Square {}

impl BoardSquare for capablanca::Square {
    type Set = capablanca::Bitboard;
    const EMPTY: capablanca::Bitboard = capablanca::Bitboard::EMPTY;
    const STANDARD_GAME: &'static str = "capablanca and gothic chess";
    const RANDOM_GAME: &'static str = "crc";
    const RANDOM_KING_FILES: &'static str = "b to i";
    const NO_LINE_PIECE: &'static str = "neither checking along a line";

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
        capablanca::Square::from_coords(capablanca::File::F, Rank::back_rank(color))
    }
    fn corner(color: Color, side: CastlingSide) -> Self {
        capablanca::Square::from_coords(
            side.fold(capablanca::File::J, capablanca::File::A),
            Rank::back_rank(color),
        )
    }
}
