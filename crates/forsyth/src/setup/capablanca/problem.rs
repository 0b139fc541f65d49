//! What can be wrong with a 10x8 setup: the one problem type of both
//! boards, on the 10x8 squares. Its sentences name the 10x8 games and
//! files ([`BoardSquare`](crate::validate::BoardSquare)).

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
pub type Problem = crate::setup::problem::Problem<crate::board::capablanca::Square>;
