//! The verdict on one setup.

use super::ordinary::ordinary;
use super::{clocks, material, run};
use crate::setup::resolve_fen;
use crate::setup::{Problem, ProblemKind, Setup, Severity, Variant};
use crate::text::fen::Fen;

/// The verdict on one setup: the setup judged and every problem found,
/// errors and warnings, in a fixed order (board, checks, castling letters,
/// castling rights, en passant, clocks, warnings).
///
/// ```
/// use forsyth::fen::Fen;
/// use forsyth::validate::{Report, Severity};
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
    /// use forsyth::Variant;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::{ProblemKind, Report};
    /// let fen: Fen = "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1".parse()?;
    /// let report = Report::of_fen(&fen, Some(Variant::Standard));
    /// assert_eq!(report.problems()[0].kind(), ProblemKind::CastlingRookMissing);
    /// assert_eq!(report.setup().castling.count(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_fen(fen: &Fen, variant: Option<Variant>) -> Report {
        // The ordinary record has no error: only warnings can be found.
        if let Some(setup) = ordinary(fen, variant) {
            let mut problems = Vec::new();
            clocks::clocks(&setup, &mut problems);
            material::warnings(&setup, &mut problems);
            return Report { setup, problems };
        }
        Report::judged_fen(fen, variant)
    }

    /// [`Report::of_fen`] by the full validation alone.
    pub(super) fn judged_fen(fen: &Fen, variant: Option<Variant>) -> Report {
        let (setup, letters) = resolve_fen(fen, variant);
        let mut problems = Vec::new();
        run(&setup, letters, &mut problems);
        Report { setup, problems }
    }

    /// The report of `setup` with the `problems` validation found in it.
    pub(super) fn from_parts(setup: Setup, problems: Vec<Problem>) -> Report {
        Report { setup, problems }
    }

    /// Validates a setup (for example one built in code).
    ///
    /// ```
    /// use forsyth::{Setup, Square};
    /// use forsyth::validate::{ProblemKind, Report};
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
    /// use forsyth::Setup;
    /// use forsyth::validate::Report;
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
    /// use forsyth::Variant;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
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
    /// use forsyth::Setup;
    /// use forsyth::validate::Report;
    /// assert!(Report::of_setup(Setup::standard()).problems().is_empty());
    /// ```
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The problems that block play.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
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
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::{ProblemKind, Report};
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
    /// use forsyth::Setup;
    /// use forsyth::validate::Report;
    /// assert!(Report::of_setup(Setup::standard()).is_legal());
    /// ```
    pub fn is_legal(&self) -> bool {
        self.errors().next().is_none()
    }

    /// `true` if there is no problem at all, not even a warning.
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::validate::Report;
    /// assert!(Report::of_setup(Setup::standard()).is_clean());
    /// ```
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// `true` if a problem of `kind` was found.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::{ProblemKind, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert!(report.has(ProblemKind::MissingKing));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.problems.iter().any(|p| p.kind() == kind)
    }
}
