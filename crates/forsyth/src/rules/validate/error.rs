//! A setup that is not a legal position.

use core::fmt;

use super::ordinary::ordinary;
use super::run;
use crate::rules::{Position, Repair, Report};
use crate::setup::resolve_fen;
use crate::setup::{Problem, ProblemKind, Setup, Severity, Variant};
use crate::text::fen::Fen;

/// A setup that is not a legal position, with every problem found (warnings
/// included). Holds the rejected setup; [`PositionError::repair`] is the
/// escape hatch.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::validate::ProblemKind;
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
    /// use forsyth::{Position, Setup, Square};
    /// use forsyth::validate::ProblemKind;
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
    /// use forsyth::Position;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::ProblemKind;
    /// // Checked by a queen on a6 and a bishop on d3, on one line with the king.
    /// let fen: Fen = "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1".parse()?;
    /// let err = Position::from_fen(&fen, None).unwrap_err();
    /// assert!(err.has(ProblemKind::ImpossibleCheck));
    /// let pos = err.ignore(&[ProblemKind::ImpossibleCheck]).expect("only an impossible check");
    /// assert!(pos.is_check());
    /// # Ok::<_, forsyth::fen::ParseFenError>(())
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
    /// use forsyth::{Position, Setup, Square};
    /// use forsyth::validate::ProblemKind;
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
    /// use forsyth::{Position, Setup, Square};
    /// use forsyth::validate::ProblemKind;
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
    /// # Ok::<_, forsyth::validate::PositionError>(())
    /// ```
    pub fn repair(self) -> Result<(Position, Vec<Repair>), PositionError> {
        let (report, repairs) = self.report.repair();
        report.into_position().map(|p| (p, repairs))
    }
}

impl Report {
    /// The legal position, or the report as an error when it holds an
    /// error. Warnings do not block.
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::validate::Report;
    /// let position = Report::of_setup(Setup::standard()).into_position()?;
    /// assert_eq!(position.setup(), &Setup::standard());
    /// # Ok::<_, forsyth::validate::PositionError>(())
    /// ```
    pub fn into_position(self) -> Result<Position, PositionError> {
        if self.is_legal() {
            Ok(Position::from_setup_unchecked(self.into_setup()))
        } else {
            Err(PositionError::new(self))
        }
    }
}

impl Position {
    /// Validates `setup`: the legal position, or every problem found.
    /// Warnings do not block; see [`Report::of_setup`] to read them.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square};
    /// use forsyth::validate::ProblemKind;
    /// assert!(Position::from_setup(Setup::standard()).is_ok());
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::E8);
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert!(err.has(ProblemKind::MissingKing));
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Report::of_setup(setup).into_position()
    }

    /// Validates a parsed record under `variant` (`None`: decided by the
    /// castling letters, see [`Report::of_fen`]): the legal position, or
    /// every problem found, castling letters that name no right included.
    ///
    /// ```
    /// use forsyth::{Position, Variant};
    /// use forsyth::fen::Fen;
    /// let fen: Fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9".parse()?;
    /// let pos = Position::from_fen(&fen, None)?;
    /// assert_eq!(pos.variant(), Variant::Chess960);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fen(fen: &Fen, variant: Option<Variant>) -> Result<Position, PositionError> {
        // The ordinary record first: judged at once, its warnings not
        // looked for (they do not make it illegal).
        if let Some(setup) = ordinary(fen, variant) {
            return Ok(Position::from_setup_unchecked(setup));
        }
        judged_fen(fen, variant)
    }
}

/// [`Position::from_fen`] by the full validation alone: `Report::of_fen`
/// then `Report::into_position`, without the report in between when the
/// position is legal (the setup moves once).
pub(super) fn judged_fen(fen: &Fen, variant: Option<Variant>) -> Result<Position, PositionError> {
    let (setup, letters) = resolve_fen(fen, variant);
    let mut problems = Vec::new();
    run(&setup, letters, &mut problems);
    if problems.iter().all(|p| p.severity() != Severity::Error) {
        Ok(Position::from_setup_unchecked(setup))
    } else {
        Err(PositionError::new(Report::from_parts(setup, problems)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of `Position::from_fen` judges as the report does:
    /// the same position when legal, the same report when not.
    #[test]
    fn position_of_fen_agrees_with_the_report() {
        for record in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/8/8/8/8/4K2R w KQ e3 5 0",
            "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 200 1",
        ] {
            let fen = Fen::from_ascii(record.as_bytes()).unwrap();
            for variant in [None, Some(Variant::Standard), Some(Variant::Chess960)] {
                let report = Report::of_fen(&fen, variant);
                match (Position::from_fen(&fen, variant), report.is_legal()) {
                    (Ok(pos), true) => assert_eq!(pos.setup(), report.setup(), "{record}"),
                    (Err(e), false) => assert_eq!(e.report(), &report, "{record}"),
                    (got, _) => panic!("{record}: {got:?} against {report:?}"),
                }
            }
        }
    }
}
