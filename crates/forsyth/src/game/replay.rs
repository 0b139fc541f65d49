//! PGN games replayed and judged: every move token of a game, main line and
//! variations, read against its position ([`Position::parse_move`]: SAN,
//! the lenient forms, UCI; then every other [`Notation`]
//! when their legal readings agree) and required legal; the start read from the
//! `SetUp`, `FEN` and `Variant` tags and validated. The first fault of a
//! game is a [`ReplayError`] (data: kind, where, the move, its number and
//! side, the position, the candidates of an ambiguous move); what does not
//! stop the game is a [`ReplayWarning`] (a movetext without its result, a
//! result the game contradicts are warnings: the result a game is taken to
//! have is [`ReplayedGame::result`]). `specs/pgn.md` section 4 has the
//! rules.
//!
//! This module sits at the games' layer: the reader
//! ([`pgn`](crate::pgn)) knows only syntax, [`Replay`] is a
//! [`Visitor`](crate::pgn::Visitor) of it that knows the rules.

use core::fmt;
use std::ops::ControlFlow;

use crate::board::{Color, Move};
use crate::notation::{detect, Notation, ParseMoveError, ParseMoveErrorKind, San, Settle};
use crate::rules::position::Undo;
use crate::rules::{Outcome, Position, Report};
use crate::setup::{Chess960Start, Problem, Severity, Variant};
use crate::text::fen::{Fen, ParseFenError};
use crate::text::pgn::{
    GameResult, GameStart, MoveToken, PgnError, PgnErrorKind, Skip, Span, Tag, Visitor,
};

/// Reads a `Variant` tag value: `Chess960`, `chess 960`, `Fischerandom`,
/// `FischerRandom`, `Fischer Random` and `960` are Chess960, `Standard` and
/// `From Position` standard chess, compared ignoring case, spaces, hyphens
/// and underscores. `None` for any other variant.
///
/// ```
/// use forsyth::Variant;
/// use forsyth::pgn::variant_from_tag;
/// assert_eq!(variant_from_tag("Fischer-Random"), Some(Variant::Chess960));
/// assert_eq!(variant_from_tag("From Position"), Some(Variant::Standard));
/// assert_eq!(variant_from_tag("Crazyhouse"), None);
/// ```
pub fn variant_from_tag(value: &str) -> Option<Variant> {
    // The value without separators, lowercased, in place: every name is
    // ASCII and at most 13 bytes long, and no character outside ASCII
    // lowercases to a letter of theirs (the Kelvin sign's `k` is none).
    let mut key = [0u8; 13];
    let mut n = 0;
    for b in value.bytes() {
        if matches!(b, b' ' | b'-' | b'_' | b'\t') {
            continue;
        }
        if !b.is_ascii() || n == key.len() {
            return None;
        }
        key[n] = b.to_ascii_lowercase();
        n += 1;
    }
    match &key[..n] {
        b"chess960" | b"fischerandom" | b"fischerrandom" | b"960" => Some(Variant::Chess960),
        b"standard" | b"fromposition" => Some(Variant::Standard),
        _ => None,
    }
}

/// A move as the replay met it: its text and place, the move number and
/// side to move, and the position before it.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::Color;
/// use forsyth::pgn::Replay;
/// let game = Reader::new(&b"1. e4 e5 2. Ke3 *"[..]).read_game(&mut Replay::default())?.unwrap();
/// let at = game.error.as_ref().and_then(|e| e.at()).unwrap();
/// assert_eq!((at.text.as_str(), at.move_number, at.side), ("Ke3", 2, Color::White));
/// assert_eq!((at.span.line, at.span.column), (1, 13));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAt {
    /// The move token as written.
    pub text: String,
    /// Where it is.
    pub span: Span,
    /// The fullmove number of the position before it.
    pub move_number: u32,
    /// The side to move.
    pub side: Color,
    /// The position before the move.
    pub position: Position,
}

/// The classification of a [`ReplayError`]; names are stable.
///
/// ```
/// use forsyth::pgn::PgnErrorKind;
/// use forsyth::pgn::ReplayErrorKind;
/// assert_eq!(ReplayErrorKind::SetUpWithoutFen.name(), "setup_without_fen");
/// assert_eq!(ReplayErrorKind::Syntax(PgnErrorKind::MissingResult).name(), "missing_result");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// A syntax error of the reader (named by its kind).
    Syntax(PgnErrorKind),
    /// A move token that is unreadable, ambiguous or illegal (named by its
    /// kind: `invalid_move`, `ambiguous_san`, `pinned`, ...).
    Move(ParseMoveErrorKind),
    /// `illegal_null_move`: a null move while in check.
    IllegalNullMove,
    /// `variation_without_move`: a variation with no move before it to
    /// replace.
    VariationWithoutMove,
    /// `setup_without_fen`: `[SetUp "1"]` without a `FEN` tag.
    SetUpWithoutFen,
    /// `bad_fen`: a `FEN` tag that is not FEN.
    BadFen,
    /// `illegal_fen`: a `FEN` tag whose position is not legal.
    IllegalFen,
    /// `castling_needs_chess960`: a castling field only Chess960 can mean,
    /// under a standard `Variant` tag.
    CastlingNeedsChess960,
    /// `unsupported_variant`: a `Variant` tag of other rules.
    UnsupportedVariant,
}

impl ReplayErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::IllegalMoveKind;
    /// use forsyth::notation::ParseMoveErrorKind;
    /// use forsyth::pgn::ReplayErrorKind;
    /// assert_eq!(ReplayErrorKind::Move(ParseMoveErrorKind::Illegal(IllegalMoveKind::Pinned)).name(), "pinned");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ReplayErrorKind::Syntax(k) => k.name(),
            ReplayErrorKind::Move(k) => k.name(),
            ReplayErrorKind::IllegalNullMove => "illegal_null_move",
            ReplayErrorKind::VariationWithoutMove => "variation_without_move",
            ReplayErrorKind::SetUpWithoutFen => "setup_without_fen",
            ReplayErrorKind::BadFen => "bad_fen",
            ReplayErrorKind::IllegalFen => "illegal_fen",
            ReplayErrorKind::CastlingNeedsChess960 => "castling_needs_chess960",
            ReplayErrorKind::UnsupportedVariant => "unsupported_variant",
        }
    }
}

/// The first fault of a game: why it cannot be replayed past this point.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::pgn::Replay;
/// let pgn = b"[SetUp \"1\"]\n\n1. e4 *";
/// let game = Reader::new(&pgn[..]).read_game(&mut Replay::default())?.unwrap();
/// let error = game.error.unwrap();
/// assert_eq!(error.kind().name(), "setup_without_fen");
/// assert_eq!(error.to_string(), "SetUp is 1 but there is no FEN tag");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// A syntax error of the reader.
    Syntax(PgnError),
    /// A move token that cannot be played.
    Move {
        /// The move.
        at: Box<MoveAt>,
        /// Why.
        error: ParseMoveError,
    },
    /// A null move (`--`, `Z0`) while in check.
    IllegalNullMove {
        /// The move.
        at: Box<MoveAt>,
    },
    /// A `(` with no move before it in its line.
    VariationWithoutMove {
        /// The `(`.
        span: Span,
    },
    /// `[SetUp "1"]` without `FEN`.
    SetUpWithoutFen {
        /// The `SetUp` tag.
        span: Span,
    },
    /// A `FEN` tag that is not FEN.
    BadFen {
        /// The `FEN` tag.
        span: Span,
        /// The syntax error (its column counts in the tag value).
        error: ParseFenError,
    },
    /// A `FEN` tag whose position is not legal: every problem.
    IllegalFen {
        /// The `FEN` tag.
        span: Span,
        /// The variant judged under.
        variant: Variant,
        /// The errors (and warnings) of validation.
        problems: Vec<Problem>,
    },
    /// Castling rights that only Chess960 can mean (a king off `e`, rooks
    /// off the corners) under a `Variant` tag that says standard chess.
    CastlingNeedsChess960 {
        /// The `FEN` tag.
        span: Span,
    },
    /// A `Variant` tag this library does not play.
    UnsupportedVariant {
        /// The `Variant` tag.
        span: Span,
        /// Its value.
        value: String,
    },
}

impl ReplayError {
    /// The classification.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let game = Reader::new(&b"1. e4 e5 2. Nf9 *"[..]).read_game(&mut Replay::default())?.unwrap();
    /// assert_eq!(game.error.unwrap().kind().name(), "invalid_move");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn kind(&self) -> ReplayErrorKind {
        match self {
            ReplayError::Syntax(e) => ReplayErrorKind::Syntax(e.kind),
            ReplayError::Move { error, .. } => ReplayErrorKind::Move(error.kind()),
            ReplayError::IllegalNullMove { .. } => ReplayErrorKind::IllegalNullMove,
            ReplayError::VariationWithoutMove { .. } => ReplayErrorKind::VariationWithoutMove,
            ReplayError::SetUpWithoutFen { .. } => ReplayErrorKind::SetUpWithoutFen,
            ReplayError::BadFen { .. } => ReplayErrorKind::BadFen,
            ReplayError::IllegalFen { .. } => ReplayErrorKind::IllegalFen,
            ReplayError::CastlingNeedsChess960 { .. } => ReplayErrorKind::CastlingNeedsChess960,
            ReplayError::UnsupportedVariant { .. } => ReplayErrorKind::UnsupportedVariant,
        }
    }

    /// Where the fault is: the move token, the tag, or the syntax error.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let game = Reader::new(&b"[Event \"?\"]\n1. e4 e5\n2. Nf9 *"[..]).read_game(&mut Replay::default())?.unwrap();
    /// let span = game.error.unwrap().span();
    /// assert_eq!((span.line, span.column), (3, 4));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn span(&self) -> Span {
        match self {
            ReplayError::Syntax(e) => e.span,
            ReplayError::Move { at, .. } | ReplayError::IllegalNullMove { at } => at.span,
            ReplayError::VariationWithoutMove { span }
            | ReplayError::SetUpWithoutFen { span }
            | ReplayError::BadFen { span, .. }
            | ReplayError::IllegalFen { span, .. }
            | ReplayError::CastlingNeedsChess960 { span, .. }
            | ReplayError::UnsupportedVariant { span, .. } => *span,
        }
    }

    /// The move, for a fault of a move.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let game = Reader::new(&b"1. e4 ) *"[..]).read_game(&mut Replay::default())?.unwrap();
    /// assert!(game.error.unwrap().at().is_none());
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn at(&self) -> Option<&MoveAt> {
        match self {
            ReplayError::Move { at, .. } | ReplayError::IllegalNullMove { at } => Some(at),
            _ => None,
        }
    }

    /// The legal moves an ambiguous SAN move fits, written unambiguously;
    /// empty otherwise.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let pgn = b"[FEN \"4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1\"]\n[SetUp \"1\"]\n1. Ne2 *";
    /// let game = Reader::new(&pgn[..]).read_game(&mut Replay::default())?.unwrap();
    /// let error = game.error.unwrap();
    /// let mut candidates: Vec<String> = error.candidates().iter().map(|s| s.to_string()).collect();
    /// candidates.sort();
    /// assert_eq!(candidates, ["Nce2", "Nge2"]);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn candidates(&self) -> &[San] {
        match self {
            ReplayError::Move {
                error: ParseMoveError::Ambiguous(e),
                ..
            } => &e.candidates,
            _ => &[],
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Syntax(e) => write!(f, "{}", e.kind),
            ReplayError::Move { error, .. } => write!(f, "{error}"),
            ReplayError::IllegalNullMove { at } => {
                write!(f, "null move while {} is in check", at.side.name())
            }
            ReplayError::VariationWithoutMove { .. } => {
                f.write_str("a variation must follow the move it replaces")
            }
            ReplayError::SetUpWithoutFen { .. } => {
                f.write_str("SetUp is 1 but there is no FEN tag")
            }
            ReplayError::BadFen { error, .. } => write!(f, "FEN tag: {error}"),
            ReplayError::IllegalFen {
                variant, problems, ..
            } => {
                write!(f, "FEN tag is not a legal {variant} position")?;
                let errors = problems.iter().filter(|p| p.severity() == Severity::Error);
                for (i, p) in errors.enumerate() {
                    f.write_str(if i == 0 { ": " } else { "; " })?;
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            ReplayError::CastlingNeedsChess960 { .. } => f.write_str(
                "castling rights only chess960 can mean, but the Variant tag is standard",
            ),
            ReplayError::UnsupportedVariant { value, .. } => {
                write!(f, "variant '{value}' is not standard chess or chess960")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// The classification of a [`ReplayWarning`]; names are stable.
///
/// ```
/// use forsyth::pgn::ReplayWarningKind;
/// assert_eq!(ReplayWarningKind::FenWithoutSetUp.name(), "fen_without_setup");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReplayWarningKind {
    /// `fen_without_setup`: a `FEN` tag without `[SetUp "1"]`.
    FenWithoutSetUp,
    /// `chess960_without_variant`: a start only Chess960 can mean (castling
    /// rights with the king off `e` or rooks off the corners, in any
    /// spelling, or a Chess960 start array), no `Variant` tag.
    Chess960WithoutVariant,
    /// `missing_result`: the movetext ends without a termination marker.
    MissingResult,
    /// `result_mismatch`: the `Result` tag and the movetext's termination
    /// marker differ.
    ResultMismatch,
    /// `result_contradicted`: a result the `Result` tag or the movetext
    /// claims disagrees with the end of the main line (checkmate,
    /// stalemate, fivefold repetition of its last position, insufficient
    /// material, the seventy-five-move rule).
    ResultContradicted,
    /// A warning of validation on the `FEN` position (named by its kind).
    Setup(crate::setup::ProblemKind),
}

impl ReplayWarningKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::pgn::ReplayWarningKind;
    /// assert_eq!(ReplayWarningKind::ResultContradicted.name(), "result_contradicted");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ReplayWarningKind::FenWithoutSetUp => "fen_without_setup",
            ReplayWarningKind::Chess960WithoutVariant => "chess960_without_variant",
            ReplayWarningKind::MissingResult => "missing_result",
            ReplayWarningKind::ResultMismatch => "result_mismatch",
            ReplayWarningKind::ResultContradicted => "result_contradicted",
            ReplayWarningKind::Setup(k) => k.name(),
        }
    }
}

/// Where a game claims its result: the `Result` tag or the movetext's
/// termination marker.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::pgn::{Replay, ReplayWarning, ResultSource};
/// let game = Reader::new(&b"1. f3 e5 2. g4 Qh4# 1-0"[..]).read_game(&mut Replay::default())?.unwrap();
/// assert!(matches!(game.warnings[0], ReplayWarning::ResultContradicted { source: ResultSource::Movetext, .. }));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ResultSource {
    /// The `Result` tag.
    Tag,
    /// The termination marker that ends the movetext.
    Movetext,
}

/// What is odd about a game that still replays.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::pgn::Replay;
/// let pgn = b"[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0";
/// let game = Reader::new(&pgn[..]).read_game(&mut Replay::default())?.unwrap();
/// assert!(game.error.is_none());
/// assert_eq!(game.warnings[0].kind().name(), "result_contradicted");
/// assert_eq!(game.warnings[0].to_string(), "Result is 1-0 but black mates");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayWarning {
    /// A `FEN` tag without `[SetUp "1"]`.
    FenWithoutSetUp {
        /// The `FEN` tag.
        span: Span,
    },
    /// A start only Chess960 can mean without a `Variant` tag (replayed as
    /// Chess960).
    Chess960WithoutVariant {
        /// The `FEN` tag.
        span: Span,
    },
    /// The movetext ends without a termination marker (the next game's
    /// tags or the end of the input came first).
    MissingResult {
        /// Where the movetext ends.
        span: Span,
        /// The result the game is taken to have
        /// ([`ReplayedGame::result`]).
        result: GameResult,
    },
    /// The `Result` tag is not the movetext's termination marker.
    ResultMismatch {
        /// The `Result` tag.
        span: Span,
        /// Its value, as written.
        tag: String,
        /// The termination marker.
        movetext: GameResult,
        /// The result the game is taken to have
        /// ([`ReplayedGame::result`]).
        result: GameResult,
    },
    /// A result the `Result` tag or the termination marker claims
    /// disagrees with how the main line ends.
    ResultContradicted {
        /// The tag or the marker.
        span: Span,
        /// Which of them.
        source: ResultSource,
        /// The result it claims.
        result: GameResult,
        /// How the main line ends the game at its last position.
        outcome: Outcome,
    },
    /// A warning of validation on the `FEN` position.
    Setup {
        /// The `FEN` tag.
        span: Span,
        /// The problem.
        problem: Problem,
    },
}

impl ReplayWarning {
    /// The classification.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let pgn = b"[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n*";
    /// let game = Reader::new(&pgn[..]).read_game(&mut Replay::default())?.unwrap();
    /// assert_eq!(game.warnings[0].kind().name(), "fen_without_setup");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn kind(&self) -> ReplayWarningKind {
        match self {
            ReplayWarning::FenWithoutSetUp { .. } => ReplayWarningKind::FenWithoutSetUp,
            ReplayWarning::Chess960WithoutVariant { .. } => {
                ReplayWarningKind::Chess960WithoutVariant
            }
            ReplayWarning::MissingResult { .. } => ReplayWarningKind::MissingResult,
            ReplayWarning::ResultMismatch { .. } => ReplayWarningKind::ResultMismatch,
            ReplayWarning::ResultContradicted { .. } => ReplayWarningKind::ResultContradicted,
            ReplayWarning::Setup { problem, .. } => ReplayWarningKind::Setup(problem.kind()),
        }
    }

    /// The tag the warning is about (or the place in the movetext).
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let pgn = b"[Event \"?\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n*";
    /// let game = Reader::new(&pgn[..]).read_game(&mut Replay::default())?.unwrap();
    /// assert_eq!(game.warnings[0].span().line, 2);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn span(&self) -> Span {
        match self {
            ReplayWarning::FenWithoutSetUp { span }
            | ReplayWarning::Chess960WithoutVariant { span }
            | ReplayWarning::MissingResult { span, .. }
            | ReplayWarning::ResultMismatch { span, .. }
            | ReplayWarning::ResultContradicted { span, .. }
            | ReplayWarning::Setup { span, .. } => *span,
        }
    }
}

impl fmt::Display for ReplayWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayWarning::FenWithoutSetUp { .. } => f.write_str("FEN tag without [SetUp \"1\"]"),
            ReplayWarning::Chess960WithoutVariant { .. } => {
                f.write_str("a chess960 start without a Variant tag (replayed as chess960)")
            }
            ReplayWarning::MissingResult { result, .. } => {
                write!(f, "movetext ends without a result (taken as {result})")
            }
            ReplayWarning::ResultMismatch {
                tag,
                movetext,
                result,
                ..
            } => write!(
                f,
                "Result is '{tag}' but the movetext ends in {movetext} (taken as {result})"
            ),
            ReplayWarning::ResultContradicted {
                source,
                result,
                outcome,
                ..
            } => {
                match source {
                    ResultSource::Tag => write!(f, "Result is {result}")?,
                    ResultSource::Movetext => write!(f, "the movetext ends in {result}")?,
                }
                match outcome.winner() {
                    Some(winner) => write!(f, " but {} mates", winner.name()),
                    None => write!(f, " but the game ends in a {outcome}"),
                }
            }
            ReplayWarning::Setup { problem, .. } => write!(f, "FEN tag: {}", problem.message()),
        }
    }
}

/// A game replayed: where it starts, its rules, the positions of its main
/// line, its first fault and its warnings.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::Variant;
/// use forsyth::pgn::Replay;
/// let pgn = b"[Variant \"Chess960\"]\n1. e4 (1. d4 d5) e5 *";
/// let game = Reader::new(&pgn[..]).read_game(&mut Replay::default())?.unwrap();
/// assert!(game.is_ok());
/// assert_eq!(game.variant, Variant::Chess960);
/// assert_eq!(game.positions.len(), 3);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedGame {
    /// The game's number and first line.
    pub start: GameStart,
    /// The rules it is played under.
    pub variant: Variant,
    /// Whether it has a `SetUp` or a `FEN` tag.
    pub setup_tags: bool,
    /// The positions of the main line, the start first, up to the first
    /// fault (empty when the start itself is at fault). With
    /// [`Replay::final_only`], only the last one.
    pub positions: Vec<Position>,
    /// The first fault, if any (the earliest in the text).
    pub error: Option<ReplayError>,
    /// What is odd but does not stop the game.
    pub warnings: Vec<ReplayWarning>,
    /// The result the game is taken to have (`specs/pgn.md` 4.3): `*`
    /// when it claims only `*`; else the one the end of the main line
    /// decides at its last position
    /// ([`game::outcome`](crate::game::outcome): checkmate, stalemate,
    /// fivefold repetition in the main line, insufficient material, the
    /// seventy-five-move rule); else the one result its `Result` tag and
    /// termination marker claim; else `*` (no claim, or two that
    /// disagree). Always `*` for a game with a fault (what replays of it
    /// is unfinished).
    pub result: GameResult,
}

impl ReplayedGame {
    /// Whether the game replays without fault (warnings allowed).
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let game = Reader::new(&b"1. e4 e5 2. Ke3 *"[..]).read_game(&mut Replay::default())?.unwrap();
    /// assert!(!game.is_ok());
    /// assert_eq!(game.positions.len(), 3);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn is_ok(&self) -> bool {
        self.error.is_none()
    }
}

/// The [`Visitor`] that replays and judges games (see the module's rules in
/// `specs/pgn.md`). Syntax errors between games are kept in
/// [`stray`](Replay::take_stray).
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth::pgn::Replay;
/// let pgn = b"1. e4 e5 *\n\n1. d4 Nf6 2. Ng5 *\n";
/// let mut replay = Replay::default();
/// let mut reader = Reader::new(&pgn[..]);
/// let mut kinds = Vec::new();
/// reader.read_all(&mut replay, |g| kinds.push(g.error.map(|e| e.kind().name())))?;
/// assert_eq!(kinds, [None, Some("unreachable")]);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Replay {
    final_only: bool,
    /// Syntax errors of the game being read (its faults).
    errors: Vec<PgnError>,
    /// Where the game being read ends without a result, if it does.
    missing_result: Option<Span>,
    /// Syntax errors between games.
    stray: Vec<PgnError>,
    /// The standard start, set up once for every game without a `FEN` tag.
    standard: Position,
    /// The last game's lines of play, emptied: their memory for the next.
    spare_lines: Vec<Line>,
    /// The moves kept by lines that have ended: their memory for the next
    /// lines.
    spare_kept: Vec<Kept>,
    /// How many positions the last game kept: room made at once for the
    /// next game's, instead of growing the list (and copying it) by steps.
    room: usize,
}

impl Replay {
    /// A replay that keeps only the last position of each main line.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let game = Reader::new(&b"1. e4 e5 *"[..]).read_game(&mut Replay::final_only())?.unwrap();
    /// assert_eq!(game.positions.len(), 1);
    /// assert_eq!(game.positions[0].setup().fullmoves, 2);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn final_only() -> Replay {
        Replay {
            final_only: true,
            ..Replay::default()
        }
    }

    /// The syntax errors met between games since the last call (a stray
    /// `)` or `}`), which belong to no game.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth::pgn::Replay;
    /// let mut replay = Replay::default();
    /// Reader::new(&b"1. e4 *\n}\n"[..]).read_all(&mut replay, |_| {})?;
    /// assert_eq!(replay.take_stray()[0].kind.name(), "stray_brace");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn take_stray(&mut self) -> Vec<PgnError> {
        std::mem::take(&mut self.stray)
    }

    /// Room for a line's moves: a spare one, or a new one.
    fn take_kept(&mut self) -> Kept {
        self.spare_kept
            .pop()
            .unwrap_or_else(|| Box::new([None; KEPT]))
    }

    /// Makes the game's first syntax error its fault, unless a fault came
    /// before: called at each event, so that nothing after a syntax error
    /// is judged (the reader reports errors in the order of the text).
    #[inline]
    pub(crate) fn catch_up(&mut self, m: &mut ReplayMovetext) {
        if !m.failed && !self.errors.is_empty() {
            self.fail_on_syntax(m);
        }
    }

    /// [`Replay::catch_up`]'s rare part, kept out of the move's path.
    #[cold]
    #[inline(never)]
    fn fail_on_syntax(&mut self, m: &mut ReplayMovetext) {
        if let Some(e) = self.errors.first() {
            m.fail(ReplayError::Syntax(*e));
        }
    }
}

/// The tags that matter to the replay, read in any order.
#[derive(Debug)]
pub struct ReplayTags {
    start: GameStart,
    setup: Option<(String, Span)>,
    fen: Option<(String, Span)>,
    variant: Option<(String, Span)>,
    result: Option<(String, Span)>,
}

/// A move played in a line (`None` for a null move) and what taking it
/// back needs.
type PlayedMove = (Option<Move>, Undo);

/// How many of its last moves a line keeps, for judging its end by
/// repetition: more than the seventy-five-move rule's 150, past which the
/// game is drawn whatever repeats (`specs/pgn.md` 4.3).
const KEPT: usize = 256;

/// The moves of a line before its last one, each at the halfmove clock
/// of the position it led to, modulo [`KEPT`]; `None` at the clock of the
/// line's start (the move before it is not the line's). The moves since
/// the last capture or pawn move are at consecutive places, the earliest
/// at 1 (a clock that counts on from a `FEN` tag's starts after the
/// line's `None`), so the clock finds them without a count of its own.
type Kept = Box<[Option<PlayedMove>; KEPT]>;

/// One line of play: the main line or a variation.
#[derive(Clone, Debug)]
struct Line {
    /// The last move played in this line and what taking it back needs;
    /// `None` before the line's first move.
    last: Option<PlayedMove>,
    /// The moves before the last (see [`Kept`]); taken from the replay's
    /// spares and given back when the line ends.
    kept: Kept,
    /// The position now.
    now: Position,
}

impl Line {
    /// A line from `start`, no move played yet, keeping its moves in
    /// `kept` (whatever it holds is written over before it is read).
    fn new(start: Position, kept: Kept) -> Line {
        Line {
            last: None,
            kept,
            now: start,
        }
    }

    /// Plays a legal move in place. The position before it is not copied:
    /// few moves have a variation after them, and the position is found
    /// again by taking the move back ([`Line::before`]).
    #[inline(always)]
    fn play(&mut self, mv: Move) {
        self.keep(Some(mv));
        self.now.play_inline(mv);
    }

    /// Keeps the move about to be played (`None` for a null move) with
    /// what taking it back needs, the one before it going with the others:
    /// copied whole from where it was kept, not put together again.
    #[inline(always)]
    fn keep(&mut self, mv: Option<Move>) {
        let clock = self.now.setup.halfmoves as u8;
        self.kept[usize::from(clock)] = self.last;
        self.last = Some((mv, self.now.undo_state()));
    }

    /// Plays the move of `text` when it is plain SAN (never an `e.p.`
    /// mark nor a null move) naming one legal move; `false`, playing
    /// nothing, otherwise. The move is played where it is found, not
    /// handed back to be taken apart again.
    #[inline(never)]
    fn quick_play(&mut self, text: &str) -> bool {
        match crate::notation::parse_move::quick_san_inline(&self.now, text) {
            Some(mv) => {
                self.play(mv);
                true
            }
            None => false,
        }
    }

    /// The last move played (`None` for a null move), if any.
    fn last_move(&self) -> Option<Option<Move>> {
        self.last.map(|(mv, _)| mv)
    }

    /// The position before the last move, if one was played.
    fn before(&self) -> Option<Position> {
        let (mv, undo) = self.last?;
        let mut before = self.now.clone();
        before.unplay_unchecked(mv, undo);
        Some(before)
    }

    /// How many times the position now has stood in this line, this time
    /// included: the positions before it are found by taking its moves
    /// back, as far as its halfmove clock reaches (a capture or a pawn
    /// move makes every earlier position different; a castling right lost
    /// does too, which [`Position`]'s equality sees), and compared by that
    /// equality, the identity
    /// [`Game::repetitions`](crate::game::Game::repetitions) counts by.
    /// Positions before the line's start are unknown and not counted, nor
    /// are moves further back than the line keeps ([`KEPT`]). Only a count
    /// of five matters: the positions are walked back only when the clock
    /// allows four earlier occurrences, each at least two moves (two null
    /// moves) before the next.
    fn repetitions(&self) -> u32 {
        let now = &self.now;
        let clock = now.setup().halfmoves;
        // A clock stopped at its largest value no longer tells where the
        // moves are (and is far past the seventy-five-move rule).
        if clock < 8 || clock == u32::MAX {
            return 1;
        }
        let window = usize::try_from(clock).map_or(KEPT, |c| c.min(KEPT));
        let mut pos = now.clone();
        let mut times = 1;
        for back in 0..window {
            // The last move, then the kept ones, the latest first, up to
            // the line's start.
            let kept = match back {
                0 => self.last,
                _ => self.kept[(clock as usize).wrapping_sub(back) % KEPT],
            };
            let Some((mv, undo)) = kept else {
                break;
            };
            pos.unplay_unchecked(mv, undo);
            // The same side to move every second move back.
            if back % 2 == 1 && pos == *now {
                times += 1;
            }
        }
        times
    }
}

/// The state of a game's movetext.
#[derive(Debug)]
pub struct ReplayMovetext {
    game: ReplayedGame,
    result_tag: Option<(String, Span)>,
    /// The termination marker.
    marker: Option<(GameResult, Span)>,
    /// The main line first; empty when the start is at fault.
    lines: Vec<Line>,
    /// Variations skipped after the fault, still open.
    failed: bool,
}

impl ReplayMovetext {
    fn fail(&mut self, error: ReplayError) {
        if !self.failed {
            self.game.error = Some(error);
            self.failed = true;
        }
    }

    /// Whether a fault has stopped the replay.
    pub(crate) fn is_failed(&self) -> bool {
        self.failed
    }

    /// The position before the last move of the current line, and that move
    /// (`None` for a null move).
    pub(crate) fn last_played(&self) -> Option<(Position, Option<Move>)> {
        let line = self.lines.last()?;
        Some((line.before()?, line.last_move()?))
    }

    /// The start position (before any move is read).
    pub(crate) fn start(&self) -> Option<&Position> {
        self.lines.first().map(|l| &l.now)
    }

    /// Keeps the main line's position after a move (every one; with
    /// `final_only`, the last is taken at the game's end instead).
    #[inline]
    fn record(&mut self, final_only: bool) {
        if !final_only {
            self.record_main();
        }
    }

    /// [`ReplayMovetext::record`]'s copy, out of line: the move function
    /// of a replay that keeps only the last position carries neither its
    /// code nor the registers it needs.
    #[inline(never)]
    fn record_main(&mut self) {
        if self.lines.len() == 1 {
            let now = self.lines[0].now.clone();
            self.game.positions.push(now);
        }
    }
}

/// Keeps a tag's value and place: out of line, so that the test of the
/// name, which most tags stop at, needs no frame of its own.
#[inline(never)]
fn keep_tag(slot: &mut Option<(String, Span)>, tag: Tag<'_>) {
    *slot = Some((tag.value.decode().into_owned(), tag.span));
}

/// The start position of a game from its tags, with its warnings.
fn start_of(
    tags: &ReplayTags,
    standard: &Position,
    warnings: &mut Vec<ReplayWarning>,
) -> Result<(Position, Variant), ReplayError> {
    let tagged = match &tags.variant {
        None => None,
        Some((value, span)) => match variant_from_tag(value) {
            Some(v) => Some(v),
            None => {
                return Err(ReplayError::UnsupportedVariant {
                    span: *span,
                    value: value.clone(),
                })
            }
        },
    };
    let setup_one = tags.setup.as_ref().is_some_and(|(v, _)| v.trim() == "1");
    let Some((text, span)) = &tags.fen else {
        if let (true, Some((_, span))) = (setup_one, &tags.setup) {
            return Err(ReplayError::SetUpWithoutFen { span: *span });
        }
        // The standard start is legal in both variants: not validated again
        // for every game.
        let variant = tagged.unwrap_or(Variant::Standard);
        let mut pos = standard.clone();
        pos.setup.variant = variant;
        return Ok((pos, variant));
    };
    let span = *span;
    if !setup_one {
        warnings.push(ReplayWarning::FenWithoutSetUp { span });
    }
    let fen = Fen::from_ascii(text.trim().as_bytes())
        .map_err(|error| ReplayError::BadFen { span, error })?;
    let report = match tagged {
        Some(Variant::Chess960) => Report::of_fen(&fen, Some(Variant::Chess960)),
        Some(Variant::Standard) => {
            let standard = Report::of_fen(&fen, Some(Variant::Standard));
            if !standard.is_legal() && Report::of_fen(&fen, Some(Variant::Chess960)).is_legal() {
                return Err(ReplayError::CastlingNeedsChess960 { span });
            }
            standard
        }
        None => {
            let standard = Report::of_fen(&fen, Some(Variant::Standard));
            let chess960 = Report::of_fen(&fen, Some(Variant::Chess960));
            // Castling only Chess960 can mean, in whichever spelling, or the
            // pieces of a Chess960 start, which no castling field is needed
            // to recognize.
            let only_chess960 = !standard.is_legal() && chess960.is_legal();
            let start_array = Chess960Start::from_board(&fen.board)
                .is_ok_and(|start| start != Chess960Start::STANDARD);
            if only_chess960 || (start_array && chess960.is_legal()) {
                warnings.push(ReplayWarning::Chess960WithoutVariant { span });
                chess960
            } else {
                standard
            }
        }
    };
    let variant = report.variant();
    for problem in report.warnings() {
        warnings.push(ReplayWarning::Setup {
            span,
            problem: problem.clone(),
        });
    }
    let problems = report.problems().to_vec();
    let pos = report
        .into_position()
        .map_err(|_| ReplayError::IllegalFen {
            span,
            variant,
            problems,
        })?;
    Ok((pos, variant))
}

/// The move `text` names in the notations other than English SAN, when
/// every reading that is legal gives the same move (`specs/pgn.md` 4.2);
/// asked only for text that English SAN, UCI and LAN do not read.
fn localized(pos: &Position, text: &str) -> Option<Move> {
    let read = |notation: Notation| notation.read(pos, text).ok();
    detect(Notation::all(), Settle::Agreeing, read).map(|(_, mv)| mv)
}

/// A null move: the turn passes, the en-passant square goes, the clocks
/// advance.
fn null_move(pos: &Position) -> Option<Position> {
    if pos.is_check() {
        return None;
    }
    let mut setup = pos.setup().clone();
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if pos.turn() == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    Position::from_setup(setup).ok()
}

/// What a game says of its result: its `Result` tag and its termination
/// marker, judged against how its main line ends
/// ([`ResultClaims::judge`]). [`Replay`] judges every game this way; a
/// replay on another board (10x8) judges its games with it too.
///
/// ```
/// use forsyth::pgn::{GameResult, ResultClaims, Span};
/// use forsyth::Outcome;
/// let end = Span { offset: 40, line: 3, column: 1, len: 0 };
/// let claims = ResultClaims { tag: None, marker: None, missing: Some(end) };
/// let mut warnings = Vec::new();
/// let mate = Some(Outcome::Checkmate { winner: forsyth::Color::White });
/// assert_eq!(claims.judge(mate, &mut warnings), GameResult::WhiteWins);
/// assert_eq!(warnings[0].kind().name(), "missing_result");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ResultClaims<'a> {
    /// The `Result` tag's value as written, and the tag's place.
    pub tag: Option<(&'a str, Span)>,
    /// The termination marker.
    pub marker: Option<(GameResult, Span)>,
    /// Where the movetext ends without a marker.
    pub missing: Option<Span>,
}

/// The result an outcome gives.
fn result_of(outcome: Outcome) -> GameResult {
    match outcome.winner() {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    }
}

impl ResultClaims<'_> {
    /// The result of a game without fault whose main line ends in
    /// `outcome`, and the warnings of its claims (`specs/pgn.md` 4.3).
    pub fn judge(&self, outcome: Option<Outcome>, warnings: &mut Vec<ReplayWarning>) -> GameResult {
        self.judge_with(|| outcome, warnings)
    }

    /// [`ResultClaims::judge`] with the outcome asked for only when it
    /// matters: not for a game that claims only `*` (finding whether the
    /// last position is mate lists its moves).
    pub(crate) fn judge_with(
        &self,
        outcome: impl FnOnce() -> Option<Outcome>,
        warnings: &mut Vec<ReplayWarning>,
    ) -> GameResult {
        let tag = self
            .tag
            .map(|(value, span)| (value, span, value.trim().parse::<GameResult>().ok()));
        // The results claimed, each once (the tag's place when both say
        // it); `*` claims none.
        // At most two: kept in place, not allocated for every game.
        let mut kept = [None; 2];
        if let Some((_, span, Some(result))) = tag {
            kept[0] = Some((result, span, ResultSource::Tag));
        }
        if let Some((result, span)) = self.marker {
            if kept[0].is_none_or(|c| c.0 != result) {
                kept[1] = Some((result, span, ResultSource::Movetext));
            }
        }
        let mut claims = [(GameResult::Unknown, Span::default(), ResultSource::Tag); 2];
        let mut n = 0;
        for c in kept.into_iter().flatten() {
            if c.0 != GameResult::Unknown {
                claims[n] = c;
                n += 1;
            }
        }
        let claims = &claims[..n];
        let silent = self.marker.is_none() && tag.is_none_or(|t| t.2.is_none());
        let only_unknown = claims.is_empty() && !silent;
        let outcome = if only_unknown { None } else { outcome() };
        let decided = outcome.map(result_of);
        let result = match (decided, claims) {
            // Only `*` was said: nothing is concluded for the game.
            _ if only_unknown => GameResult::Unknown,
            (Some(decided), _) => decided,
            (None, [(one, ..)]) => *one,
            _ => GameResult::Unknown,
        };
        match (self.marker, tag) {
            (None, _) => {
                if let Some(span) = self.missing {
                    warnings.push(ReplayWarning::MissingResult { span, result });
                }
            }
            (Some((movetext, _)), Some((value, span, said))) if said != Some(movetext) => {
                warnings.push(ReplayWarning::ResultMismatch {
                    span,
                    tag: value.to_owned(),
                    movetext,
                    result,
                });
            }
            _ => {}
        }
        if let (Some(outcome), Some(decided)) = (outcome, decided) {
            for &(claimed, span, source) in claims {
                if claimed != decided {
                    warnings.push(ReplayWarning::ResultContradicted {
                        span,
                        source,
                        result: claimed,
                        outcome,
                    });
                }
            }
        }
        result
    }
}

impl Replay {
    /// A move token the fast path leaves: castling, an `e.p.` mark, a null
    /// move, the other notations, or a fault. Kept out of the common move's
    /// function, whose frame and saved registers it would otherwise make
    /// every move pay for.
    #[inline(never)]
    fn move_token_slow(
        &mut self,
        m: &mut ReplayMovetext,
        token: MoveToken<'_>,
    ) -> ControlFlow<ReplayedGame> {
        let Some(line) = m.lines.last_mut() else {
            return ControlFlow::Continue(());
        };
        let at = |pos: &Position| {
            Box::new(MoveAt {
                text: token.text.to_owned(),
                span: token.span,
                move_number: pos.setup().fullmoves,
                side: pos.turn(),
                position: pos.clone(),
            })
        };
        if crate::notation::parse_move::is_ep_mark(token.text) {
            // `PxP e.p.`: the mark of the move before, which must be one.
            if !line
                .last_move()
                .flatten()
                .is_some_and(|l| l.is_en_passant())
            {
                let before = line.before();
                let error = ParseMoveError::NotEnPassant {
                    text: token.text.to_owned(),
                };
                let at = at(before.as_ref().unwrap_or(&line.now));
                m.fail(ReplayError::Move { at, error });
            }
            return ControlFlow::Continue(());
        }
        if token.is_null() {
            match null_move(&line.now) {
                Some(next) => {
                    line.keep(None);
                    line.now = next;
                }
                None => {
                    let at = at(&line.now);
                    m.fail(ReplayError::IllegalNullMove { at });
                    return ControlFlow::Continue(());
                }
            }
        } else {
            let read = line.now.parse_move(token.text).or_else(|e| match e.kind() {
                // Only text English does not read at all: `Ng5` that no
                // knight reaches stays illegal, never a Romanian bishop's
                // move.
                ParseMoveErrorKind::InvalidMove => localized(&line.now, token.text).ok_or(e),
                _ => Err(e),
            });
            match read {
                Ok(mv) => line.play(mv),
                Err(error) => {
                    let at = at(&line.now);
                    m.fail(ReplayError::Move { at, error });
                    return ControlFlow::Continue(());
                }
            }
        }
        m.record(self.final_only);
        ControlFlow::Continue(())
    }
}

impl Visitor for Replay {
    type Tags = ReplayTags;
    type Movetext = ReplayMovetext;
    type Output = ReplayedGame;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<ReplayedGame, ReplayTags> {
        self.errors.clear();
        self.missing_result = None;
        ControlFlow::Continue(ReplayTags {
            start,
            setup: None,
            fen: None,
            variant: None,
            result: None,
        })
    }

    fn tag(&mut self, tags: &mut ReplayTags, tag: Tag<'_>) -> ControlFlow<ReplayedGame> {
        let slot = match tag.name {
            "SetUp" => &mut tags.setup,
            "FEN" => &mut tags.fen,
            "Variant" => &mut tags.variant,
            "Result" => &mut tags.result,
            _ => return ControlFlow::Continue(()),
        };
        keep_tag(slot, tag);
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: ReplayTags) -> ControlFlow<ReplayedGame, ReplayMovetext> {
        let mut warnings = Vec::new();
        let started = start_of(&tags, &self.standard, &mut warnings);
        let tagged_variant = tags
            .variant
            .as_ref()
            .and_then(|(v, _)| variant_from_tag(v))
            .unwrap_or_default();
        let mut movetext = ReplayMovetext {
            game: ReplayedGame {
                start: tags.start,
                variant: tagged_variant,
                setup_tags: tags.setup.is_some() || tags.fen.is_some(),
                positions: Vec::with_capacity(self.room),
                error: None,
                warnings,
                result: GameResult::Unknown,
            },
            result_tag: tags.result,
            marker: None,
            lines: std::mem::take(&mut self.spare_lines),
            failed: false,
        };
        match started {
            Ok((pos, variant)) => {
                movetext.game.variant = variant;
                movetext.lines.push(Line::new(pos, self.take_kept()));
                movetext.record(self.final_only);
            }
            Err(e) => movetext.fail(e),
        }
        // A syntax error among the tags.
        self.catch_up(&mut movetext);
        ControlFlow::Continue(movetext)
    }

    fn move_token(
        &mut self,
        m: &mut ReplayMovetext,
        token: MoveToken<'_>,
    ) -> ControlFlow<ReplayedGame> {
        self.catch_up(m);
        if m.failed {
            return ControlFlow::Continue(());
        }
        let Some(line) = m.lines.last_mut() else {
            return ControlFlow::Continue(());
        };
        // The fast path first: plain SAN (never an `e.p.` mark nor a null
        // move) naming one legal move.
        if line.quick_play(token.text) {
            m.record(self.final_only);
            return ControlFlow::Continue(());
        }
        self.move_token_slow(m, token)
    }

    fn begin_variation(
        &mut self,
        m: &mut ReplayMovetext,
        span: Span,
    ) -> ControlFlow<ReplayedGame, Skip> {
        self.catch_up(m);
        if m.failed {
            return ControlFlow::Continue(Skip(true));
        }
        let before = m.lines.last().and_then(Line::before);
        match before {
            Some(pos) => {
                m.lines.push(Line::new(pos, self.take_kept()));
                ControlFlow::Continue(Skip(false))
            }
            None => {
                m.fail(ReplayError::VariationWithoutMove { span });
                ControlFlow::Continue(Skip(true))
            }
        }
    }

    fn end_variation(&mut self, m: &mut ReplayMovetext, _: Span) -> ControlFlow<ReplayedGame> {
        // After a fault the lines are left as they were: the variations
        // that follow are not replayed, so their ends match nothing.
        if !m.failed && m.lines.len() > 1 {
            if let Some(line) = m.lines.pop() {
                self.spare_kept.push(line.kept);
            }
        }
        ControlFlow::Continue(())
    }

    fn result(
        &mut self,
        m: &mut ReplayMovetext,
        result: GameResult,
        span: Span,
    ) -> ControlFlow<ReplayedGame> {
        m.marker = Some((result, span));
        ControlFlow::Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        match error.game {
            // A movetext without its result replays: the result is judged
            // at the end, with the others.
            Some(_) if error.kind == PgnErrorKind::MissingResult => {
                self.missing_result = Some(error.span);
            }
            Some(_) => self.errors.push(error),
            None => self.stray.push(error),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut m: ReplayMovetext) -> ReplayedGame {
        if self.final_only {
            m.game.positions = m.lines.first().map(|l| l.now.clone()).into_iter().collect();
        } else {
            self.room = m.game.positions.len();
        }
        // The earliest fault in the text wins: a syntax error or the move's.
        if let Some(syntax) = self.errors.drain(..).min_by_key(|e| e.span.offset) {
            let earlier = match &m.game.error {
                None => true,
                Some(e) => syntax.span.offset < e.span().offset,
            };
            if earlier {
                m.game.error = Some(ReplayError::Syntax(syntax));
            }
        }
        if m.game.error.is_none() {
            let claims = ResultClaims {
                tag: m.result_tag.as_ref().map(|(v, span)| (v.as_str(), *span)),
                marker: m.marker,
                missing: self.missing_result,
            };
            let outcome = || {
                let main = m.lines.first()?;
                crate::game::outcome(main.now.outcome(), || main.repetitions())
            };
            m.game.result = claims.judge_with(outcome, &mut m.game.warnings);
        }
        self.spare_kept.extend(m.lines.drain(..).map(|l| l.kept));
        self.spare_lines = m.lines;
        m.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading of a `Variant` tag is the rule its documentation
    /// states, written here as the rule says (every character lowercased
    /// by Unicode's rules, the separators left out, the names compared),
    /// on random values made of the names' letters in both cases, the
    /// separators, and characters outside ASCII, the Kelvin sign (which
    /// lowercases to `k`) and a dotted capital I (to `i` and a dot) among
    /// them.
    #[test]
    fn variant_tags_read_as_the_rule_says() {
        fn by_the_rule(value: &str) -> Option<Variant> {
            let key: String = value
                .chars()
                .filter(|c| !matches!(c, ' ' | '-' | '_' | '\t'))
                .flat_map(char::to_lowercase)
                .collect();
            match key.as_str() {
                "chess960" | "fischerandom" | "fischerrandom" | "960" => Some(Variant::Chess960),
                "standard" | "fromposition" => Some(Variant::Standard),
                _ => None,
            }
        }
        let names = [
            "Chess960",
            "chess 960",
            "Fischerandom",
            "FischerRandom",
            "Fischer Random",
            "960",
            "Standard",
            "From Position",
        ];
        let others: Vec<char> = "cChHeEsSiIrRaAnNdDoOmMtTpPfF960 -_\t\u{212a}\u{130}\u{e9}kK1x"
            .chars()
            .collect();
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut below = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut values: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        for _ in 0..20_000 {
            // A name with a few characters changed, added or taken out, or
            // random characters.
            let mut chars: Vec<char> = match below(4) {
                0 => Vec::new(),
                _ => names[below(names.len())].chars().collect(),
            };
            for _ in 0..below(4) {
                let c = others[below(others.len())];
                match below(3) {
                    0 if !chars.is_empty() => {
                        let at = below(chars.len());
                        chars[at] = c;
                    }
                    1 if !chars.is_empty() => {
                        chars.remove(below(chars.len()));
                    }
                    _ => chars.insert(below(chars.len() + 1), c),
                }
            }
            values.push(chars.into_iter().collect());
        }
        let mut found = [0; 3];
        for value in &values {
            let read = variant_from_tag(value);
            assert_eq!(read, by_the_rule(value), "{value:?}");
            found[match read {
                None => 0,
                Some(Variant::Standard) => 1,
                Some(_) => 2,
            }] += 1;
        }
        // Each answer given many times: the values test every one.
        assert!(found.iter().all(|&n| n > 200), "{found:?}");
    }
    use crate::notation::parse_move::quick_san;
    use crate::rules::movegen::random_walk;

    /// The fast path agrees with the general reading: along random games
    /// from random Chess960 starts (the standard one among them), every
    /// legal move's SAN reads as that move by `quick_san` whenever it
    /// answers.
    #[test]
    fn quick_san_reads_every_legal_move_as_parse_move_does() {
        let mut answered = 0;
        random_walk(0x9e37_79b9_7f4a_7c15, 60, 120, |pos, moves, _| {
            for &m in moves {
                let san = pos.san(m);
                let read = quick_san(pos, &san);
                assert!(read.is_none_or(|r| r == m), "{san}: {read:?} for {m:?}");
                answered += usize::from(read.is_some());
                assert_eq!(pos.parse_move(&san), Ok(m));
                // UCI, which `parse_move` reads first, is never taken
                // for another move.
                let uci = pos.uci(m, crate::notation::CastlingMode::Chess960);
                let read = quick_san(pos, &uci);
                assert!(read.is_none_or(|r| r == m), "{uci}: {read:?} for {m:?}");
            }
        });
        // Castling aside, the fast path answers for nearly every move.
        assert!(answered > 100_000, "{answered}");
    }

    /// Whatever the fast path answers, `parse_move` answers too: along
    /// random games, the SAN, LAN and UCI of legal moves with bytes
    /// replaced, inserted or removed (lenient, localized, malformed and
    /// other moves' texts among them) read by `quick_san` as `parse_move`
    /// reads them, or left to it.
    #[test]
    fn quick_san_answers_only_as_parse_move_does() {
        let bytes = b"NBRQKPnbrqkpabcdefgh012345678x=+#-O!?. :e";
        let (mut answered, mut texts) = (0, 0);
        random_walk(0x51ab_1e5a_4d1e_c0de, 40, 100, |pos, moves, rng| {
            let mut next = || rng.next_u64();
            for &m in moves {
                let written = [
                    pos.san(m),
                    crate::notation::Notation::Lan.write(pos, m),
                    pos.uci(m, crate::notation::CastlingMode::Chess960),
                ];
                for text in written {
                    let mut text = text.into_bytes();
                    for _ in 0..(next() % 3) {
                        let at = (next() % (text.len() as u64 + 1)) as usize;
                        let b = bytes[(next() % bytes.len() as u64) as usize];
                        match next() % 3 {
                            0 if at < text.len() => text[at] = b,
                            1 => text.insert(at, b),
                            _ if at < text.len() => {
                                text.remove(at);
                            }
                            _ => {}
                        }
                    }
                    let text = String::from_utf8_lossy(&text);
                    texts += 1;
                    if let Some(read) = quick_san(pos, &text) {
                        answered += 1;
                        assert_eq!(pos.parse_move(&text), Ok(read), "{text}");
                    }
                }
            }
        });
        assert!(answered * 10 > texts, "{answered} of {texts}");
    }

    /// The plainest shapes, which the fast path looks up apart (`e4`,
    /// `Nf3`, with a check mark or not), read as the listing reads them:
    /// along random games, every role's plain move to every square (legal,
    /// illegal and ambiguous moves among them), and whatever `quick_san`
    /// answers is the one legal move that the SAN fits.
    #[test]
    fn quick_san_reads_plain_shapes_as_the_listing_does() {
        use crate::board::Bitboard;
        let letters = ["", "N", "B", "R", "Q", "K"];
        let (mut answered, mut fitting_one) = (0, 0);
        random_walk(0x0dd_ba11_5eed_cafe, 20, 80, |pos, moves, rng| {
            for to in Bitboard::FULL {
                let letter = letters[(rng.next_u64() % 6) as usize];
                let suffix = ["", "+", "#"][(rng.next_u64() % 3) as usize];
                let text = format!("{letter}{to}{suffix}");
                let san = San::from_ascii(text.as_bytes()).unwrap();
                let fits: Vec<Move> = moves.iter().copied().filter(|&m| san.matches(m)).collect();
                fitting_one += usize::from(fits.len() == 1);
                if let Some(read) = quick_san(pos, &text) {
                    answered += 1;
                    assert_eq!(fits, [read], "{text} in {:?}", pos.setup());
                }
            }
        });
        // Nearly every move that one legal move fits is answered.
        assert!(
            answered * 10 > fitting_one * 9,
            "{answered} of {fitting_one}"
        );
    }

    /// Long algebraic from the b file is a pawn's move, as `parse_move`
    /// reads it (long algebraic before SAN, `specs/moves.md`) and as
    /// python-chess reads `b5xc4` here, though a bishop on d5 also takes
    /// on c4 and lenient SAN reads a lowercase `b` as a bishop.
    #[test]
    fn quick_san_reads_b_file_long_algebraic_as_the_pawn() {
        let fen = "4k3/8/8/1p1b4/2P5/8/8/4K3 b - - 0 1";
        let pos = Position::from_fen(&Fen::from_ascii(fen.as_bytes()).unwrap(), None).unwrap();
        let pawn = pos.parse_move("b5c4").unwrap();
        assert_eq!(pawn.role(), crate::Role::Pawn);
        for text in ["b5xc4", "b5xc4+", "b5-c4"] {
            assert!(quick_san(&pos, text).is_none_or(|m| m == pawn), "{text}");
            assert_eq!(pos.parse_move(text), Ok(pawn), "{text}");
        }
    }

    /// Where the fast path cannot answer alone, the general reading does:
    /// an ambiguous move, a pinned piece, a promotion without its piece,
    /// UCI.
    #[test]
    fn quick_san_leaves_faults_to_parse_move() {
        let pos = |fen: &str| {
            Position::from_fen(&Fen::from_ascii(fen.as_bytes()).unwrap(), None).unwrap()
        };
        let two_knights = pos("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1");
        assert_eq!(quick_san(&two_knights, "Ne2"), None);
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(quick_san(&pinned, "Nc3"), None);
        let promote = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(quick_san(&promote, "a8"), None);
        assert!(quick_san(&promote, "a8=Q").is_some());
        // `b1e4` is UCI, the queen's move, though lenient SAN would read a
        // bishop from the first rank in it.
        let queen_and_bishop = pos("4k3/8/8/8/8/8/8/1Q2K2B w - - 0 1");
        assert_eq!(quick_san(&queen_and_bishop, "b1e4"), None);
        assert_eq!(
            queen_and_bishop.parse_move("b1e4").map(|m| m.role()),
            Ok(crate::board::Role::Queen)
        );
    }
}
