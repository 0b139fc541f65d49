//! A setup that is not a legal position.

use core::fmt;

use crate::{Position, Problem, ProblemKind, Repair, Report, Setup};

/// A setup that is not a legal position, with every problem found (warnings
/// included). Holds the rejected setup; [`PositionError::repair`] is the
/// escape hatch.
///
/// ```
/// use forsyth::{Fen, Position, ProblemKind};
/// let fen: Fen = "4k2R/8/8/8/8/8/8/4K3 w - - 0 1".parse()?;
/// let err = Position::from_fen(&fen, None).unwrap_err();
/// assert!(err.has(ProblemKind::OppositeCheck));
/// assert_eq!(
///     err.to_string(),
///     "illegal position: opposite_check: white is to move but the black king on e8 is in check from h8"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PositionError {
    report: Report,
}

impl PositionError {
    pub(crate) fn new(report: Report) -> PositionError {
        PositionError { report }
    }

    /// The kind of the first error.
    ///
    /// ```
    /// use forsyth::{Position, ProblemKind, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E1);
    /// assert_eq!(Position::from_setup(setup).unwrap_err().kind(), ProblemKind::MissingKing);
    /// ```
    pub fn kind(&self) -> ProblemKind {
        self.report
            .errors()
            .next()
            .map_or(ProblemKind::EmptyBoard, Problem::kind)
    }

    /// The position anyway, when every error is of one of `kinds` and each
    /// of those is [ignorable](ProblemKind::is_ignorable): positions no game
    /// can reach but on which legal move generation stays sound, such as the
    /// impossible checker alignments of perft trap suites. Otherwise the
    /// error itself, unchanged.
    ///
    /// ```
    /// use forsyth::{Fen, Position, ProblemKind};
    /// // Checked by a queen on a6 and a bishop on d3, on one line with the king.
    /// let fen: Fen = "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1".parse()?;
    /// let err = Position::from_fen(&fen, None).unwrap_err();
    /// assert!(err.has(ProblemKind::ImpossibleCheck));
    /// let pos = err.ignore(&[ProblemKind::ImpossibleCheck]).expect("only an impossible check");
    /// assert!(pos.is_check());
    /// # Ok::<_, forsyth::ParseFenError>(())
    /// ```
    #[allow(clippy::result_large_err)]
    pub fn ignore(self, kinds: &[ProblemKind]) -> Result<Position, PositionError> {
        let all_ignored = self
            .report
            .errors()
            .all(|p| p.kind().is_ignorable() && kinds.contains(&p.kind()));
        if all_ignored {
            Ok(Position::from_setup_unchecked(self.report.into_setup()))
        } else {
            Err(self)
        }
    }

    /// The rejected setup (for a record: with the castling rights that
    /// resolved).
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E1);
    /// let err = Position::from_setup(setup.clone()).unwrap_err();
    /// assert_eq!(err.setup(), &setup);
    /// ```
    pub fn setup(&self) -> &Setup {
        self.report.setup()
    }

    /// Every problem found, errors and warnings.
    ///
    /// ```
    /// use forsyth::{Position, ProblemKind, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E1);
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(err.problems()[0].kind(), ProblemKind::MissingKing);
    /// ```
    pub fn problems(&self) -> &[Problem] {
        self.report.problems()
    }

    /// `true` if a problem of `kind` was found.
    ///
    /// ```
    /// use forsyth::{Position, ProblemKind, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E1);
    /// assert!(Position::from_setup(setup).unwrap_err().has(ProblemKind::CastlingWithoutKing));
    /// ```
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.report.has(kind)
    }

    /// The whole report.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E1);
    /// assert!(!Position::from_setup(setup).unwrap_err().report().is_legal());
    /// ```
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The whole report, by value.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E1);
    /// let report = Position::from_setup(setup).unwrap_err().into_report();
    /// // No white king, and White's rights without a king (once, not once
    /// // per right: no problem is reported twice).
    /// assert_eq!(report.errors().count(), 2);
    /// ```
    pub fn into_report(self) -> Report {
        self.report
    }

    /// The escape hatch: [`Report::repair`], then the position when the
    /// repaired setup is legal, with what was changed.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::H1);
    /// let (position, repairs) = Position::from_setup(setup).unwrap_err().repair()?;
    /// assert_eq!(position.castling().count(), 3);
    /// assert_eq!(repairs.len(), 1);
    /// # Ok::<_, forsyth::PositionError>(())
    /// ```
    pub fn repair(self) -> Result<(Position, Vec<Repair>), PositionError> {
        let (report, repairs) = self.report.repair();
        report.into_position().map(|p| (p, repairs))
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.report.errors().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}
