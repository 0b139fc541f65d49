//! Validation of 10x8 setups: every problem at once (`checks`, one
//! function per group, in the 8x8 report's order), the verdict
//! ([`Report`]), the way to a position or its error ([`PositionError`]),
//! and repair ([`Repair`]), as the 8x8 validation does them
//! (`crate::rules::validate`), in the one problem taxonomy.

mod checks;

use core::fmt;

use super::position::Position;
use crate::board::capablanca::Square;
use crate::board::{CastlingSide, Color};
use crate::rules::RepairKind;
use crate::setup::capablanca::{Problem, Setup, Variant};
use crate::setup::problem::Remedy;
use crate::setup::{ProblemKind, Severity};

/// Every check on a setup, in report order: the board, checks, castling
/// rights, en passant, clocks, then the warnings.
fn run(setup: &Setup, out: &mut Vec<Problem>) {
    let kings_ok = checks::board(setup, out);
    let double_step = checks::double_step(setup);
    if kings_ok {
        checks::checks(setup, double_step, out);
    }
    checks::castling(setup, out);
    checks::en_passant(setup, out);
    checks::clocks(setup, out);
    checks::material(setup, out);
}

/// The verdict on one 10x8 setup: the setup and every problem found,
/// errors and warnings, in a fixed order (board, checks, castling rights,
/// en passant, clocks, warnings).
///
/// The problems are the 8x8 board's, judged with the 10x8 bounds: 10 pawns
/// and 20 pieces a colour; in Capablanca and Gothic chess castling from the
/// king on `f` and the rooks on `a` and `j` (the kinds
/// `castling_king_not_on_e_file` and `castling_rook_not_in_corner` name
/// the classical castling squares of the variant); in CRC the Chess960
/// rules (`castling_asymmetric`, `castling_king_on_edge` for a king on `a`
/// or `j`); an archbishop and a chancellor beyond one each counted as
/// promoted pawns.
///
/// ```
/// use forsyth::capablanca::{Report, Setup, Square};
/// use forsyth::validate::ProblemKind;
/// let mut setup = Setup::capablanca();
/// setup.board.discard_piece_at(Square::A1);
/// setup.ep_square = Some(Square::I3);
/// let report = Report::of_setup(setup);
/// let kinds: Vec<ProblemKind> = report.problems().iter().map(|p| p.kind()).collect();
/// assert_eq!(kinds, [ProblemKind::CastlingRookMissing, ProblemKind::EnPassantWrongRank]);
/// let (repaired, repairs) = report.repair();
/// assert!(repaired.is_legal());
/// assert_eq!(repairs.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Report {
    setup: Setup,
    problems: Vec<Problem>,
}

impl Report {
    /// Validates a 10x8 setup.
    pub fn of_setup(setup: Setup) -> Report {
        let mut problems = Vec::new();
        run(&setup, &mut problems);
        Report { setup, problems }
    }

    /// The setup judged.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The variant the setup was judged under.
    pub fn variant(&self) -> Variant {
        self.setup.variant
    }

    /// Every problem, errors and warnings.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The problems that block play.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> + '_ {
        self.problems
            .iter()
            .filter(|p| p.severity() == Severity::Error)
    }

    /// The warnings: playable, but unreachable in a legal game.
    pub fn warnings(&self) -> impl Iterator<Item = &Problem> + '_ {
        self.problems
            .iter()
            .filter(|p| p.severity() == Severity::Warning)
    }

    /// `true` if there is no error (warnings allowed).
    pub fn is_legal(&self) -> bool {
        self.errors().next().is_none()
    }

    /// `true` if there is no problem at all.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// `true` if a problem of `kind` was found.
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.problems.iter().any(|p| p.kind() == kind)
    }

    /// The position, when there is no error; else the error with this
    /// report.
    pub fn into_position(self) -> Result<Position, PositionError> {
        if self.is_legal() {
            Ok(Position::from_setup_unchecked(self.setup))
        } else {
            Err(PositionError {
                report: Box::new(self),
            })
        }
    }

    /// The nearest setup that drops what cannot hold, as the 8x8
    /// [`Report::repair`](crate::validate::Report::repair) does: castling
    /// rights with a problem, the en-passant square when it has one, a
    /// halfmove clock larger than the fullmove number allows, fullmove
    /// number 0. Pieces are never moved or removed. Returns the report on
    /// the repaired setup and what was changed.
    pub fn repair(&self) -> (Report, Vec<Repair>) {
        let mut current = self.clone();
        let mut repairs = Vec::new();
        for _ in 0..4 {
            let mut setup = current.setup.clone();
            let before = repairs.len();
            for problem in &current.problems {
                if let Some(remedy) = problem.remedy() {
                    apply(&mut setup, remedy, problem, &mut repairs);
                }
            }
            if repairs.len() == before {
                break;
            }
            current = Report::of_setup(setup);
        }
        (current, repairs)
    }
}

impl Position {
    /// Validates `setup`: the position, or every problem found
    /// ([`PositionError`], which keeps the report and can repair).
    ///
    /// ```
    /// use forsyth::capablanca::{Position, Setup, Square};
    /// let mut setup = Setup::gothic();
    /// setup.board.discard_piece_at(Square::F1);
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(err.problems()[0].kind().name(), "missing_king");
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Report::of_setup(setup).into_position()
    }
}

/// Applies one remedy to `setup`, recording each change.
fn apply(setup: &mut Setup, remedy: Remedy, problem: &Problem, repairs: &mut Vec<Repair>) {
    let repair = |kind| Repair {
        kind,
        problem: problem.clone(),
        color: None,
        side: None,
        square: None,
        values: None,
    };
    match remedy {
        // No 10x8 record's letters are read here.
        Remedy::DropLetter => repairs.push(repair(RepairKind::DropCastlingRight)),
        Remedy::DropRights(color, sides) => {
            for side in CastlingSide::ALL {
                if sides.is_some_and(|s| s != side) {
                    continue;
                }
                let Some(rook) = setup.castling.rook_square(color, side) else {
                    continue;
                };
                setup.castling.discard(color, side);
                repairs.push(Repair {
                    color: Some(color),
                    side: Some(side),
                    square: Some(rook),
                    ..repair(RepairKind::DropCastlingRight)
                });
            }
        }
        Remedy::DropEnPassant => {
            if let Some(sq) = setup.ep_square.take() {
                repairs.push(Repair {
                    square: Some(sq),
                    ..repair(RepairKind::DropEnPassantSquare)
                });
            }
        }
        Remedy::SetHalfmoves(n) | Remedy::SetFullmoves(n) => {
            let (clock, kind) = match remedy {
                Remedy::SetHalfmoves(_) => (&mut setup.halfmoves, RepairKind::SetHalfmoveClock),
                _ => (&mut setup.fullmoves, RepairKind::SetFullmoveNumber),
            };
            let old = core::mem::replace(clock, n);
            if old != n {
                repairs.push(Repair {
                    values: Some((old, n)),
                    ..repair(kind)
                });
            }
        }
    }
}

/// One change made by [`Report::repair`], with the problem it answers.
/// Its [`Display`](fmt::Display) is `kind: message`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Repair {
    kind: RepairKind,
    problem: Problem,
    color: Option<Color>,
    side: Option<CastlingSide>,
    square: Option<Square>,
    values: Option<(u32, u32)>,
}

impl Repair {
    /// What kind of change.
    pub fn kind(&self) -> RepairKind {
        self.kind
    }

    /// The problem the change answers.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The colour whose castling right was dropped.
    pub fn color(&self) -> Option<Color> {
        self.color
    }

    /// The wing of the dropped right.
    pub fn side(&self) -> Option<CastlingSide> {
        self.side
    }

    /// The dropped right's rook square, or the dropped en-passant square.
    pub fn square(&self) -> Option<Square> {
        self.square
    }

    /// A clock's old and new value.
    pub fn values(&self) -> Option<(u32, u32)> {
        self.values
    }
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.kind.name())?;
        let because = self.problem.message();
        let (old, new) = self.values.unwrap_or((0, 0));
        match (self.kind, self.color, self.side, self.square) {
            (RepairKind::DropCastlingRight, Some(color), Some(side), Some(rook)) => write!(
                f,
                "dropped {}'s {} castling right with the rook on {rook} ({because})",
                color.name(),
                side.name()
            ),
            (RepairKind::DropCastlingRight, ..) => write!(f, "dropped castling right ({because})"),
            (RepairKind::DropEnPassantSquare, _, _, sq) => {
                f.write_str("dropped the en-passant square")?;
                if let Some(sq) = sq {
                    write!(f, " {sq}")?;
                }
                write!(f, " ({because})")
            }
            (RepairKind::SetHalfmoveClock, ..) => {
                write!(f, "set the halfmove clock from {old} to {new} ({because})")
            }
            (RepairKind::SetFullmoveNumber, ..) => {
                write!(f, "set the fullmove number from {old} to {new} ({because})")
            }
        }
    }
}

/// The error of [`Position::from_setup`] and [`Report::into_position`]: a
/// setup that is not a legal 10x8 position, with every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    // Boxed: a report holds a setup of eleven 128-bit sets.
    report: Box<Report>,
}

impl PositionError {
    /// The setup that was judged.
    pub fn setup(&self) -> &Setup {
        &self.report.setup
    }

    /// Every problem found, errors and warnings.
    pub fn problems(&self) -> &[Problem] {
        &self.report.problems
    }

    /// `true` if a problem of `kind` was found.
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.report.has(kind)
    }

    /// The report.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The report, by value.
    pub fn into_report(self) -> Report {
        *self.report
    }

    /// The repaired position and what was changed, when repair removes
    /// every error; else the error of the repaired setup.
    pub fn repair(self) -> Result<(Position, Vec<Repair>), PositionError> {
        let (report, repairs) = self.report.repair();
        report.into_position().map(|pos| (pos, repairs))
    }

    /// The position despite the problems of `kinds`, when each is
    /// [ignorable](ProblemKind::is_ignorable) and every other error is
    /// among them (for perft suites of positions no game reaches).
    pub fn ignore(self, kinds: &[ProblemKind]) -> Result<Position, PositionError> {
        let ignorable = self
            .report
            .errors()
            .all(|p| p.kind().is_ignorable() && kinds.contains(&p.kind()));
        if ignorable {
            Ok(Position::from_setup_unchecked(self.report.setup))
        } else {
            Err(self)
        }
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
