//! The verdict on one setup.

use super::{repair, run};
use crate::setup::resolve_fen;
use crate::{Fen, Position, PositionError, Problem, ProblemKind, Repair, Setup, Severity, Variant};

/// The verdict on one setup: the setup judged and every problem found,
/// errors and warnings, in a fixed order (board, checks, castling letters,
/// castling rights, en passant, clocks, warnings).
///
/// ```
/// use forsyth::{Fen, Report, Severity};
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
/// let report = Report::of_fen(&fen, None);
/// assert!(report.is_clean());
/// let position = report.into_position()?;
/// assert_eq!(position.ep_square(), Some(forsyth::Square::E3));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    setup: Setup,
    problems: Vec<Problem>,
}

impl Report {
    /// Validates a parsed record under `variant` (`None`: standard when the
    /// castling letters fit it, else Chess960; when neither fits, the one
    /// with fewer bad letters, on a tie Chess960 if a file letter was
    /// written: as [`Setup::from_fen`]). The variant judged under, given or
    /// chosen, is [`Report::variant`].
    ///
    /// Castling letters that name no right are problems like any other; the
    /// judged setup keeps the rights that do resolve.
    ///
    /// ```
    /// use forsyth::{Fen, ProblemKind, Report, Variant};
    /// let fen: Fen = "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1".parse()?;
    /// let report = Report::of_fen(&fen, Some(Variant::Standard));
    /// assert_eq!(report.problems()[0].kind(), ProblemKind::CastlingRookMissing);
    /// assert_eq!(report.setup().castling.count(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_fen(fen: &Fen, variant: Option<Variant>) -> Report {
        let (setup, letters) = resolve_fen(fen, variant);
        let mut problems = Vec::new();
        run(&setup, letters, &mut problems);
        Report { setup, problems }
    }

    /// [`Report::of_fen`] then [`Report::into_position`], without the
    /// report in between when the position is legal (the setup moves once).
    pub(crate) fn position_of_fen(
        fen: &Fen,
        variant: Option<Variant>,
    ) -> Result<Position, PositionError> {
        let (setup, letters) = resolve_fen(fen, variant);
        let mut problems = Vec::new();
        run(&setup, letters, &mut problems);
        if problems.iter().all(|p| p.severity() != Severity::Error) {
            Ok(Position::from_setup_unchecked(setup))
        } else {
            Err(PositionError::new(Report { setup, problems }))
        }
    }

    /// Validates a setup (for example one built in code).
    ///
    /// ```
    /// use forsyth::{ProblemKind, Report, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::H1);
    /// let report = Report::of_setup(setup);
    /// assert_eq!(report.problems()[0].kind(), ProblemKind::CastlingRookMissing);
    /// assert!(!report.is_legal());
    /// ```
    pub fn of_setup(setup: Setup) -> Report {
        let mut problems = Vec::new();
        run(&setup, Vec::new(), &mut problems);
        Report { setup, problems }
    }

    /// The setup judged (for a record: with the castling rights that
    /// resolved).
    ///
    /// ```
    /// use forsyth::{Report, Setup};
    /// assert_eq!(Report::of_setup(Setup::standard()).setup(), &Setup::standard());
    /// ```
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub(crate) fn into_setup(self) -> Setup {
        self.setup
    }

    /// The variant the setup was judged under: the one given, or the one the
    /// automatic choice of [`Report::of_fen`] made (the same as
    /// `self.setup().variant`).
    ///
    /// ```
    /// use forsyth::{Fen, Report, Variant};
    /// let fen: Fen = "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1".parse()?;
    /// assert_eq!(Report::of_fen(&fen, None).variant(), Variant::Chess960);
    /// let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(Report::of_fen(&fen, None).variant(), Variant::Standard);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn variant(&self) -> Variant {
        self.setup.variant
    }

    /// Every problem, errors and warnings.
    ///
    /// ```
    /// use forsyth::{Report, Setup};
    /// assert!(Report::of_setup(Setup::standard()).problems().is_empty());
    /// ```
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The problems that block play.
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.errors().count(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn errors(&self) -> impl Iterator<Item = &Problem> + '_ {
        self.problems
            .iter()
            .filter(|p| p.severity() == Severity::Error)
    }

    /// The warnings: playable, but unreachable in a legal game.
    ///
    /// ```
    /// use forsyth::{Fen, ProblemKind, Report};
    /// // Two white queens and eight white pawns.
    /// let fen: Fen = "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1".parse()?;
    /// let report = Report::of_fen(&fen, None);
    /// assert!(report.is_legal());
    /// assert_eq!(report.warnings().next().map(|p| p.kind()), Some(ProblemKind::TooManyPromoted));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn warnings(&self) -> impl Iterator<Item = &Problem> + '_ {
        self.problems
            .iter()
            .filter(|p| p.severity() == Severity::Warning)
    }

    /// `true` if there is no error (warnings allowed).
    ///
    /// ```
    /// use forsyth::{Report, Setup};
    /// assert!(Report::of_setup(Setup::standard()).is_legal());
    /// ```
    pub fn is_legal(&self) -> bool {
        self.errors().next().is_none()
    }

    /// `true` if there is no problem at all, not even a warning.
    ///
    /// ```
    /// use forsyth::{Report, Setup};
    /// assert!(Report::of_setup(Setup::standard()).is_clean());
    /// ```
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// `true` if a problem of `kind` was found.
    ///
    /// ```
    /// use forsyth::{Fen, ProblemKind, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert!(report.has(ProblemKind::MissingKing));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.problems.iter().any(|p| p.kind() == kind)
    }

    /// The legal position, or the report as an error when it holds an
    /// error. Warnings do not block.
    ///
    /// ```
    /// use forsyth::{Report, Setup};
    /// let position = Report::of_setup(Setup::standard()).into_position()?;
    /// assert_eq!(position.setup(), &Setup::standard());
    /// # Ok::<_, forsyth::PositionError>(())
    /// ```
    pub fn into_position(self) -> Result<Position, PositionError> {
        if self.is_legal() {
            Ok(Position::from_setup_unchecked(self.setup))
        } else {
            Err(PositionError::new(self))
        }
    }

    /// The nearest setup that drops what cannot hold: castling rights (and
    /// letters) with a problem, the en-passant square when it has one, a
    /// halfmove clock larger than the fullmove number allows (lowered to the
    /// limit; a warning, repaired all the same) and fullmove number 0 (made
    /// 1). Pieces are never moved or
    /// removed, so board and check problems remain.
    ///
    /// Returns the report on the repaired setup (check
    /// [`Report::is_legal`]) and what was changed. When both colours keep
    /// Chess960 rights that cannot share a back rank, the rights of the
    /// colour with fewer rights are dropped (Black's on a tie; for one wing,
    /// Black's right on that wing). With an en-passant square and a halfmove
    /// clock other than 0, the square is dropped.
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let fen: Fen = "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1".parse()?;
    /// let report = Report::of_fen(&fen, None);
    /// assert!(!report.is_legal());
    /// let (repaired, repairs) = report.repair();
    /// assert!(repaired.is_legal());
    /// assert_eq!(repaired.setup().to_string(), "8/8/8/1k6/3Pp3/8/8/4KQ2 b - - 0 1");
    /// assert_eq!(repairs.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn repair(&self) -> (Report, Vec<Repair>) {
        repair::repair(self)
    }
}

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
                match (Report::position_of_fen(&fen, variant), report.is_legal()) {
                    (Ok(pos), true) => assert_eq!(pos.setup(), report.setup(), "{record}"),
                    (Err(e), false) => assert_eq!(e.report(), &report, "{record}"),
                    (got, _) => panic!("{record}: {got:?} against {report:?}"),
                }
            }
        }
    }
}
