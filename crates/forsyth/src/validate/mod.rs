//! Validation: from a parsed record (or a [`Setup`]) to a legal [`Position`],
//! or every problem found at once.
//!
//! Each [`Problem`] has a stable kind name ([`ProblemKind`], snake case), the
//! squares involved and a sentence a person understands. Problems of
//! [`Severity::Error`] break the rules of chess (or of Chess960) and block
//! the position; problems of [`Severity::Warning`] do not stop play but no
//! legal game reaches them (found by counting material).
//!
//! The kinds, with a failing and a passing record for each, are written down
//! in `specs/validation.md`. In short:
//! - board: an empty board, a side without a king or with several, pawns on
//!   the first or eighth rank, more than 8 pawns or 16 pieces of a colour;
//! - check: the side not to move in check, more than two checkers, checks no
//!   single move could have given;
//! - castling: letters or rights that name no king or rook, two rights on one
//!   wing, non-classical rights in standard chess, Chess960 rights whose
//!   colours do not start from the same back rank;
//! - en passant: a square on the wrong rank, occupied, with no pawn that
//!   could just have made the double step, with a halfmove clock not 0, or
//!   with a check the double step cannot explain;
//! - clocks: fullmove number 0, a halfmove clock larger than the plies the
//!   fullmove number allows;
//! - warnings: more promoted pieces than missing pawns, pawns off their files
//!   needing more captures than the opponent has pieces missing.
//!
//! [`Report::repair`] is the escape hatch: it drops what cannot hold
//! (castling rights, the en-passant square) and fixes the clocks, never
//! moving or removing a piece, and says what it changed.
//!
//! ```
//! use forsyth::{Fen, ProblemKind, Report};
//! let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/4K2R w KQ e3 5 0")?;
//! let report = Report::of_fen(&fen, None);
//! let kinds: Vec<&str> = report.problems().iter().map(|p| p.kind().name()).collect();
//! assert_eq!(
//!     kinds,
//!     ["castling_rook_missing", "en_passant_wrong_rank", "en_passant_halfmove_clock", "fullmove_zero", "halfmove_clock_too_large"]
//! );
//! let (repaired, repairs) = report.repair();
//! assert!(repaired.is_legal());
//! assert_eq!(repairs.len(), 4);
//! assert_eq!(repaired.setup().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod board;
mod castling;
mod check;
mod clocks;
pub(crate) mod en_passant;
mod material;

use core::fmt;

use crate::{
    setup::resolve_fen, Bitboard, CastlingError, CastlingSide, CastlingToken, Color, Fen, FenField,
    Position, Setup, Variant,
};

/// How grave a problem is.
///
/// ```
/// use forsyth::{ProblemKind, Severity};
/// assert_eq!(ProblemKind::OppositeCheck.severity(), Severity::Error);
/// assert_eq!(ProblemKind::TooManyPromoted.severity(), Severity::Warning);
/// assert_eq!(Severity::Warning.to_string(), "warning");
/// ```
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
pub enum Severity {
    /// Breaks the rules: no [`Position`] is built.
    Error,
    /// Playable, but no legal game reaches it.
    Warning,
}

/// What is wrong with a setup. The snake-case names ([`ProblemKind::name`])
/// are stable; `specs/validation.md` gives a failing and a passing record
/// for each.
///
/// ```
/// use forsyth::ProblemKind;
/// assert_eq!(ProblemKind::CastlingKingNotOnEFile.name(), "castling_king_not_on_e_file");
/// assert_eq!("too_many_checkers".parse::<ProblemKind>(), Ok(ProblemKind::TooManyCheckers));
/// ```
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
    strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
pub enum ProblemKind {
    /// No piece at all.
    EmptyBoard,
    /// A colour has no king.
    MissingKing,
    /// A colour has more than one king.
    TooManyKings,
    /// A pawn on the first or eighth rank.
    PawnOnBackRank,
    /// More than 8 pawns of a colour.
    TooManyPawns,
    /// More than 16 pieces of a colour.
    TooManyPieces,
    /// The side not to move is in check.
    OppositeCheck,
    /// The side to move is in check from more than two pieces.
    TooManyCheckers,
    /// The side to move is in a check no single move could have given.
    ImpossibleCheck,
    /// A castling right (or letter) of a colour without exactly one king.
    CastlingWithoutKing,
    /// A castling right whose king is not on its back rank (for a setup
    /// built in code: not on the back-rank square its rights record).
    CastlingKingNotOnBackRank,
    /// A castling right whose rook is missing.
    CastlingRookMissing,
    /// Two castling letters for one wing of a colour.
    CastlingTwoRightsOnOneWing,
    /// Standard chess: a castling right with the king off `e1`/`e8`.
    CastlingKingNotOnEFile,
    /// Standard chess: a castling right with a rook off the `a`/`h` files.
    CastlingRookNotInCorner,
    /// Chess960: both colours keep rights, but their kings or castling rooks
    /// stand on different files, so they did not start from the same back
    /// rank.
    CastlingAsymmetric,
    /// The en-passant square is not on rank 6 (White to move) or 3 (Black).
    EnPassantWrongRank,
    /// The en-passant square is occupied.
    EnPassantSquareOccupied,
    /// The square the double-stepping pawn came from is occupied.
    EnPassantOriginOccupied,
    /// No enemy pawn stands in front of the en-passant square.
    EnPassantNoPushedPawn,
    /// An en-passant square with a halfmove clock other than 0.
    EnPassantHalfmoveClock,
    /// A check the double step named by the en-passant square cannot have
    /// given.
    EnPassantImpossibleCheck,
    /// Fullmove number 0 (it starts at 1).
    FullmoveZero,
    /// A halfmove clock larger than the plies the fullmove number allows.
    HalfmoveClockTooLarge,
    /// Warning: more promoted pieces than missing pawns of a colour.
    TooManyPromoted,
    /// Warning: pawns off their files need more captures than the opponent
    /// has pieces missing.
    ImpossiblePawnStructure,
}

impl ProblemKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::ProblemKind;
    /// assert_eq!(ProblemKind::EnPassantNoPushedPawn.name(), "en_passant_no_pushed_pawn");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether the kind blocks play or is a warning.
    ///
    /// ```
    /// use forsyth::{ProblemKind, Severity};
    /// assert_eq!(ProblemKind::ImpossiblePawnStructure.severity(), Severity::Warning);
    /// ```
    pub fn severity(self) -> Severity {
        match self {
            ProblemKind::TooManyPromoted | ProblemKind::ImpossiblePawnStructure => {
                Severity::Warning
            }
            _ => Severity::Error,
        }
    }

    /// `true` for the kinds [`PositionError::ignore`] may set aside: the
    /// position cannot arise in a game, but each side still has one king,
    /// the side not to move is not in check and no pawn stands on a back
    /// rank, so legal move generation stays sound. These are
    /// `impossible_check`, `too_many_checkers`, `en_passant_impossible_check`,
    /// `castling_asymmetric`, `too_many_pawns` and `too_many_pieces`.
    ///
    /// ```
    /// use forsyth::ProblemKind;
    /// assert!(ProblemKind::ImpossibleCheck.is_ignorable());
    /// assert!(!ProblemKind::MissingKing.is_ignorable());
    /// ```
    pub fn is_ignorable(self) -> bool {
        use ProblemKind::*;
        matches!(
            self,
            ImpossibleCheck
                | TooManyCheckers
                | EnPassantImpossibleCheck
                | CastlingAsymmetric
                | TooManyPawns
                | TooManyPieces
        )
    }

    /// The FEN field a problem of this kind is about (board and check
    /// problems, and the warnings, are about the placement).
    ///
    /// ```
    /// use forsyth::{FenField, ProblemKind};
    /// assert_eq!(ProblemKind::CastlingRookMissing.field(), FenField::Castling);
    /// assert_eq!(ProblemKind::OppositeCheck.field(), FenField::Placement);
    /// ```
    pub fn field(self) -> FenField {
        use ProblemKind::*;
        match self {
            CastlingWithoutKing
            | CastlingKingNotOnBackRank
            | CastlingRookMissing
            | CastlingTwoRightsOnOneWing
            | CastlingKingNotOnEFile
            | CastlingRookNotInCorner
            | CastlingAsymmetric => FenField::Castling,
            EnPassantWrongRank
            | EnPassantSquareOccupied
            | EnPassantOriginOccupied
            | EnPassantNoPushedPawn
            | EnPassantHalfmoveClock
            | EnPassantImpossibleCheck => FenField::EnPassant,
            FullmoveZero => FenField::Fullmoves,
            HalfmoveClockTooLarge => FenField::Halfmoves,
            EmptyBoard
            | MissingKing
            | TooManyKings
            | PawnOnBackRank
            | TooManyPawns
            | TooManyPieces
            | OppositeCheck
            | TooManyCheckers
            | ImpossibleCheck
            | TooManyPromoted
            | ImpossiblePawnStructure => FenField::Placement,
        }
    }
}

/// What [`Report::repair`] would do about a problem. Crate-private.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Remedy {
    /// A castling letter that resolved to no right: already left out.
    DropLetter(CastlingToken),
    /// Drop a right of the setup.
    DropRight(Color, CastlingSide),
    /// Drop the en-passant square.
    DropEnPassant,
    /// Set the halfmove clock.
    SetHalfmoves(u32),
    /// Set the fullmove number.
    SetFullmoves(u32),
}

/// One thing wrong with a setup: its kind, the squares involved and a
/// sentence saying what is wrong.
///
/// Its [`Display`](fmt::Display) is `kind: message`.
///
/// ```
/// use forsyth::{Fen, ProblemKind, Report, Square};
/// let fen = Fen::from_ascii(b"4k2R/8/8/8/8/8/8/4K3 w - - 0 1")?;
/// let report = Report::of_fen(&fen, None);
/// let problem = &report.problems()[0];
/// assert_eq!(problem.kind(), ProblemKind::OppositeCheck);
/// assert_eq!(problem.squares().into_iter().collect::<Vec<_>>(), [Square::E8, Square::H8]);
/// assert_eq!(
///     problem.to_string(),
///     "opposite_check: white is to move but the black king on e8 is in check from h8"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    kind: ProblemKind,
    squares: Bitboard,
    message: String,
    remedy: Option<Remedy>,
    offset: Option<usize>,
}

impl Problem {
    pub(crate) fn new(
        kind: ProblemKind,
        squares: Bitboard,
        message: String,
        remedy: Option<Remedy>,
    ) -> Problem {
        Problem {
            kind,
            squares,
            message,
            remedy,
            offset: None,
        }
    }

    /// Where in the record the text at fault starts (0-based byte offset),
    /// when a single piece of text is to blame: for now the castling letter
    /// that named no right. Problems of the position as a whole have none;
    /// point at their [field](ProblemKind::field) instead.
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let fen: Fen = "4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1".parse()?;
    /// let report = Report::of_fen(&fen, None);
    /// assert_eq!(report.problems()[0].offset(), Some(26)); // the `k`
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }

    /// `true` when [`Report::repair`] removes this problem (by dropping a
    /// castling right or letter, the en-passant square or fixing a clock);
    /// `false` for what only moving or removing a piece could fix.
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 0".parse::<Fen>()?, None);
    /// assert!(report.problems().iter().all(|p| p.is_repairable()));
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert!(!report.problems()[0].is_repairable()); // no white king
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repairable(&self) -> bool {
        self.remedy.is_some()
    }

    pub(crate) fn at(mut self, offset: usize) -> Problem {
        self.offset = Some(offset);
        self
    }

    /// What is wrong.
    ///
    /// ```
    /// use forsyth::{Fen, ProblemKind, Report};
    /// let report = Report::of_fen(&"8/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].kind(), ProblemKind::EmptyBoard);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> ProblemKind {
        self.kind
    }

    /// Error or warning (follows from the kind).
    ///
    /// ```
    /// use forsyth::{Fen, Report, Severity};
    /// let report = Report::of_fen(&"8/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].severity(), Severity::Error);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    /// The squares involved (may be empty, e.g. for a missing king).
    ///
    /// ```
    /// use forsyth::{Fen, Report, Square};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/P3K3 w - - 0 1".parse::<Fen>()?, None);
    /// assert!(report.problems()[0].squares().contains(Square::A1));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn squares(&self) -> Bitboard {
        self.squares
    }

    /// The sentence: lowercase, no trailing period, naming the squares.
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.problems()[0].message(), "white has no king");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Appends the problem as one JSON object:
    /// `{"kind":…,"severity":…,"field":…,"squares":[…],"message":…}`, with
    /// `"column":N` (1-based byte column) after the field when the problem
    /// has an [offset](Problem::offset).
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>()?, None);
    /// let mut json = String::new();
    /// report.problems()[0].write_json(&mut json);
    /// assert_eq!(
    ///     json,
    ///     r#"{"kind":"missing_king","severity":"error","field":"placement","squares":[],"message":"white has no king"}"#
    /// );
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w Q - 0 1".parse::<Fen>()?, None);
    /// json.clear();
    /// report.problems()[0].write_json(&mut json);
    /// assert!(json.starts_with(r#"{"kind":"castling_rook_missing","severity":"error","field":"castling","column":23,"#));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"kind\":\"");
        out.push_str(self.kind.name());
        out.push_str("\",\"severity\":\"");
        out.push_str(self.severity().into());
        out.push_str("\",\"field\":\"");
        out.push_str(self.kind.field().into());
        out.push('"');
        if let Some(offset) = self.offset {
            let _ = fmt::Write::write_fmt(out, format_args!(",\"column\":{}", offset + 1));
        }
        out.push_str(",\"squares\":[");
        for (i, sq) in self.squares.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push(sq.file().char());
            out.push(sq.rank().char());
            out.push('"');
        }
        out.push_str("],\"message\":");
        push_json_string(out, &self.message);
        out.push('}');
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)
    }
}

/// Appends `s` as a JSON string literal.
fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = fmt::Write::write_fmt(out, format_args!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// What [`Report::repair`] changed.
///
/// ```
/// use forsyth::RepairKind;
/// assert_eq!(RepairKind::DropEnPassantSquare.name(), "drop_en_passant_square");
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::Display, strum::IntoStaticStr, strum::EnumIter,
)]
#[strum(serialize_all = "snake_case")]
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
    /// use forsyth::RepairKind;
    /// assert_eq!(RepairKind::SetFullmoveNumber.name(), "set_fullmove_number");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// One change made by [`Report::repair`], with the problem it answers.
///
/// Its [`Display`](fmt::Display) is `kind: message`.
///
/// ```
/// use forsyth::{Fen, RepairKind, Report};
/// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 0".parse::<Fen>()?, None);
/// let (_, repairs) = report.repair();
/// assert_eq!(repairs[0].kind(), RepairKind::SetFullmoveNumber);
/// assert_eq!(
///     repairs[0].to_string(),
///     "set_fullmove_number: set the fullmove number from 0 to 1 (the fullmove number is 0; it starts at 1)"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Repair {
    kind: RepairKind,
    message: String,
}

impl Repair {
    /// What kind of change.
    ///
    /// ```
    /// use forsyth::{Fen, RepairKind, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(report.repair().1[0].kind(), RepairKind::DropCastlingRight);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> RepairKind {
        self.kind
    }

    /// The change and its reason, in words.
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse::<Fen>()?, None);
    /// assert_eq!(
    ///     report.repair().1[0].message(),
    ///     "dropped castling right 'K': white has no rook on h1 to castle with"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Appends the change as one JSON object: `{"kind":…,"message":…}`.
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 0".parse::<Fen>()?, None);
    /// let mut json = String::new();
    /// report.repair().1[0].write_json(&mut json);
    /// assert!(json.starts_with(r#"{"kind":"set_fullmove_number","message":"set the"#));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"kind\":\"");
        out.push_str(self.kind.name());
        out.push_str("\",\"message\":");
        push_json_string(out, &self.message);
        out.push('}');
    }
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)
    }
}

/// The verdict on one setup: the setup judged and every problem found,
/// errors and warnings, in a fixed order (castling letters, board, checks,
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
pub struct Report {
    setup: Setup,
    problems: Vec<Problem>,
}

impl Report {
    /// Validates a parsed record under `variant` (`None`: standard when the
    /// castling letters fit it, else Chess960; when neither fits, the one
    /// with fewer bad letters, on a tie Chess960 if a file letter was
    /// written: as [`Setup::from_fen`]).
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
        let (setup, errors) = resolve_fen(fen, variant);
        let mut problems = Vec::new();
        run(&setup, &errors, &mut problems);
        Report { setup, problems }
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
        run(&setup, &[], &mut problems);
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
        self.problems.iter().any(|p| p.kind == kind)
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
            Err(PositionError { report: self })
        }
    }

    /// The nearest setup that drops what cannot hold: castling rights (and
    /// letters) with a problem, the en-passant square when it has one, a
    /// halfmove clock larger than the fullmove number allows (lowered to the
    /// limit) and fullmove number 0 (made 1). Pieces are never moved or
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
        let mut current = self.clone();
        let mut repairs = Vec::new();
        // Each round fixes what the last report names; dropping the
        // en-passant square can uncover other problems, hence a few rounds.
        for _ in 0..4 {
            let mut setup = current.setup.clone();
            let before = repairs.len();
            for problem in current.errors() {
                if let Some(remedy) = problem.remedy {
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

    /// Appends the report as one JSON object:
    /// `{"valid":…,"variant":…,"problems":[…]}` (`valid`: no error).
    ///
    /// ```
    /// use forsyth::{Report, Setup};
    /// let mut json = String::new();
    /// Report::of_setup(Setup::standard()).write_json(&mut json);
    /// assert_eq!(json, r#"{"valid":true,"variant":"standard","problems":[]}"#);
    /// ```
    pub fn write_json(&self, out: &mut String) {
        out.push('{');
        self.write_json_members(out);
        out.push('}');
    }

    /// Appends the members of [`Report::write_json`]'s object without the
    /// braces, for callers that add members of their own (file, line, ...).
    ///
    /// ```
    /// use forsyth::{Fen, Report};
    /// let report = Report::of_fen(&"4k3/8/8/8/8/8/8/4K3 w - - 0 0".parse::<Fen>()?, None);
    /// let mut json = String::from(r#"{"line":7,"#);
    /// report.write_json_members(&mut json);
    /// json.push('}');
    /// assert_eq!(
    ///     json,
    ///     r#"{"line":7,"valid":false,"variant":"standard","problems":[{"kind":"fullmove_zero","severity":"error","field":"fullmoves","squares":[],"message":"the fullmove number is 0; it starts at 1"}]}"#
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_json_members(&self, out: &mut String) {
        out.push_str("\"valid\":");
        out.push_str(if self.is_legal() { "true" } else { "false" });
        out.push_str(",\"variant\":\"");
        out.push_str(self.setup.variant.into());
        out.push_str("\",\"problems\":[");
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            p.write_json(out);
        }
        out.push(']');
    }
}

/// Applies one remedy to `setup`, recording the change.
fn apply(setup: &mut Setup, remedy: Remedy, problem: &Problem, repairs: &mut Vec<Repair>) {
    let (kind, message) = match remedy {
        Remedy::DropLetter(_) => {
            // The message of a letter's problem starts with the letter.
            repairs.push(Repair {
                kind: RepairKind::DropCastlingRight,
                message: format!("dropped castling right {}", problem.message),
            });
            return;
        }
        Remedy::DropRight(color, side) => {
            let Some(rook) = setup.castling.rook_square(color, side) else {
                return;
            };
            setup.castling.discard(color, side);
            (
                RepairKind::DropCastlingRight,
                format!(
                    "dropped {}'s {} castling right with the rook on {rook}",
                    color.name(),
                    side.name()
                ),
            )
        }
        Remedy::DropEnPassant => {
            let Some(sq) = setup.ep_square.take() else {
                return;
            };
            (
                RepairKind::DropEnPassantSquare,
                format!("dropped the en-passant square {sq}"),
            )
        }
        Remedy::SetHalfmoves(n) => {
            if setup.halfmoves == n {
                return;
            }
            let old = core::mem::replace(&mut setup.halfmoves, n);
            (
                RepairKind::SetHalfmoveClock,
                format!("set the halfmove clock from {old} to {n}"),
            )
        }
        Remedy::SetFullmoves(n) => {
            if setup.fullmoves == n {
                return;
            }
            let old = core::mem::replace(&mut setup.fullmoves, n);
            (
                RepairKind::SetFullmoveNumber,
                format!("set the fullmove number from {old} to {n}"),
            )
        }
    };
    repairs.push(Repair {
        kind,
        message: format!("{message} ({})", problem.message),
    });
}

/// Every check on a setup, in report order: the fields of the record from
/// left to right (the board, checks, castling letters that named no right,
/// the rights, en passant, clocks), then the warnings.
fn run(setup: &Setup, letters: &[CastlingError], out: &mut Vec<Problem>) {
    let kings_ok = board::board(setup, out);
    let double_step = en_passant::double_step(setup);
    if kings_ok {
        check::checks(setup, double_step, out);
    }
    castling::letters(letters, out);
    castling::rights(setup, out);
    en_passant::en_passant(setup, out);
    clocks::clocks(setup, out);
    material::warnings(setup, out);
}

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
pub struct PositionError {
    report: Report,
}

impl PositionError {
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
            .all(|p| p.kind.is_ignorable() && kinds.contains(&p.kind));
        if all_ignored {
            Ok(Position::from_setup_unchecked(self.report.setup))
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
        &self.report.setup
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
        &self.report.problems
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
    /// assert_eq!(report.errors().count(), 3);
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

/// Shorthand used by the submodules.
pub(crate) fn push(
    out: &mut Vec<Problem>,
    kind: ProblemKind,
    squares: Bitboard,
    message: String,
    remedy: Option<Remedy>,
) {
    out.push(Problem::new(kind, squares, message, remedy));
}

/// `a1, b2 and c3`: the squares of `bb` in words.
pub(crate) fn list_squares(bb: Bitboard) -> String {
    let n = bb.count();
    let mut out = String::with_capacity(n * 4 + 4);
    for (i, sq) in bb.into_iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == n { " and " } else { ", " });
        }
        out.push(sq.file().char());
        out.push(sq.rank().char());
    }
    out
}
