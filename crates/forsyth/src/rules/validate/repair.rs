//! The escape hatch: dropping what cannot hold, and saying what changed.

use core::fmt;

use crate::board::{CastlingSide, Color, Square};
use crate::rules::Report;
use crate::setup::problem::Remedy;
use crate::setup::{Problem, Setup};

/// What [`Report::repair`] changed.
///
/// ```
/// use forsyth::validate::RepairKind;
/// assert_eq!(RepairKind::DropEnPassantSquare.name(), "drop_en_passant_square");
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::Display, strum::IntoStaticStr, strum::EnumIter,
)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum RepairKind {
    /// A castling right (or letter) was dropped.
    DropCastlingRight,
    /// The en-passant square was dropped.
    DropEnPassantSquare,
    /// The halfmove clock was lowered (to the plies the fullmove number
    /// allows).
    SetHalfmoveClock,
    /// The fullmove number 0 became 1.
    SetFullmoveNumber,
}

impl RepairKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::validate::RepairKind;
    /// assert_eq!(RepairKind::SetFullmoveNumber.name(), "set_fullmove_number");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// One change made by [`Report::repair`], with the problem it answers: the
/// facts (kind, colour and wing of a dropped right, the square dropped, a
/// clock's old and new value) and the [`Problem`]; the sentence is rendered
/// from them.
///
/// Its [`Display`](fmt::Display) is `kind: message`.
///
/// ```
/// use forsyth::fen::Fen;
/// use forsyth::validate::{ProblemKind, RepairKind, Report};
/// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 0".parse::<Fen>()?, None);
/// let (_, repairs) = report.repair();
/// assert_eq!(repairs[0].kind(), RepairKind::SetFullmoveNumber);
/// assert_eq!(repairs[0].values(), Some((0, 1)));
/// assert_eq!(repairs[0].problem().kind(), ProblemKind::FullmoveZero);
/// assert_eq!(
///     repairs[0].to_string(),
///     "set_fullmove_number: set the fullmove number from 0 to 1 (the fullmove number is 0; it starts at 1)"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repair {
    kind: RepairKind,
    problem: Problem,
    color: Option<Color>,
    side: Option<CastlingSide>,
    square: Option<Square>,
    values: Option<(u32, u32)>,
}

impl Repair {
    fn new(kind: RepairKind, problem: &Problem) -> Repair {
        Repair {
            kind,
            problem: problem.clone(),
            color: None,
            side: None,
            square: None,
            values: None,
        }
    }

    /// What kind of change.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::{RepairKind, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.repair().1[0].kind(), RepairKind::DropCastlingRight);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> RepairKind {
        self.kind
    }

    /// The problem the change answers.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::{ProblemKind, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.repair().1[0].problem().kind(), ProblemKind::CastlingRookMissing);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The colour whose castling right was dropped (for a right of the
    /// setup; a dropped letter is the [problem](Repair::problem)'s).
    ///
    /// ```
    /// use forsyth::{Color, Position, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::H1);
    /// let (_, repairs) = Position::from_setup(setup).unwrap_err().repair()?;
    /// assert_eq!(repairs[0].color(), Some(Color::White));
    /// # Ok::<_, forsyth::validate::PositionError>(())
    /// ```
    pub fn color(&self) -> Option<Color> {
        self.color
    }

    /// The wing of the dropped right.
    ///
    /// ```
    /// use forsyth::{CastlingSide, Position, Setup, Square};
    /// let mut setup = Setup::standard();
    /// setup.board.discard_piece_at(Square::H1);
    /// let (_, repairs) = Position::from_setup(setup).unwrap_err().repair()?;
    /// assert_eq!(repairs[0].side(), Some(CastlingSide::KingSide));
    /// # Ok::<_, forsyth::validate::PositionError>(())
    /// ```
    pub fn side(&self) -> Option<CastlingSide> {
        self.side
    }

    /// The square dropped: the rook of a dropped right, the en-passant
    /// square.
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.repair().1[0].square(), Some(Square::D3));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn square(&self) -> Option<Square> {
        self.square
    }

    /// A clock's old and new value.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 9 3".parse::<Fen>()?, None);
    /// assert_eq!(report.repair().1[0].values(), Some((9, 4)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn values(&self) -> Option<(u32, u32)> {
        self.values
    }

    /// The change and its reason, in words.
    ///
    /// ```
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(
    ///     report.repair().1[0].message(),
    ///     "dropped castling right 'K': white has no rook on h1 to castle with"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> String {
        Message(self).to_string()
    }
}

/// A repair's sentence, rendered from its facts.
struct Message<'a>(&'a Repair);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.0;
        let because = r.problem.display_message();
        let (old, new) = r.values.unwrap_or((0, 0));
        match (r.kind, r.color, r.side, r.square) {
            // A letter: its problem's sentence names it.
            (RepairKind::DropCastlingRight, Some(color), Some(side), Some(rook)) => write!(
                f,
                "dropped {}'s {} castling right with the rook on {rook} ({because})",
                color.name(),
                side.name()
            ),
            (RepairKind::DropCastlingRight, ..) => write!(f, "dropped castling right {because}"),
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

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), Message(self))
    }
}

/// [`Report::repair`]'s engine: each round applies the remedy of every
/// problem the last report names; dropping the en-passant square can uncover
/// other problems, hence a few rounds.
impl Report {
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
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::Report;
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
        repair(self)
    }
}

/// [`Report::repair`].
fn repair(report: &Report) -> (Report, Vec<Repair>) {
    let mut current = report.clone();
    let mut repairs = Vec::new();
    for _ in 0..4 {
        let mut setup = current.setup().clone();
        let before = repairs.len();
        for problem in current.problems() {
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

/// Applies one remedy to `setup`, recording each change.
fn apply(setup: &mut Setup, remedy: Remedy, problem: &Problem, repairs: &mut Vec<Repair>) {
    match remedy {
        Remedy::DropLetter => repairs.push(Repair::new(RepairKind::DropCastlingRight, problem)),
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
                    ..Repair::new(RepairKind::DropCastlingRight, problem)
                });
            }
        }
        Remedy::DropEnPassant => {
            if let Some(sq) = setup.ep_square.take() {
                repairs.push(Repair {
                    square: Some(sq),
                    ..Repair::new(RepairKind::DropEnPassantSquare, problem)
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
                    ..Repair::new(kind, problem)
                });
            }
        }
    }
}
