//! A problem as given: a FEN record, or the problemist's statement
//! `(PLACEMENT) (w+b) STIPULATION`, read to a position and a stipulation.

use core::fmt;

use crate::board::{Board, CastlingRights, Color, File, Rank, Role, Square};
use crate::notation::{check_count, detect, piece_count, Language, ParseStatementError, Settle};
use crate::rules::{Position, PositionError};
use crate::setup::{Problem, ProblemKind, Setup, Severity, Variant};
use crate::text::fen::{Fen, ParseFenError};
use crate::text::letters::Letters;

use super::twin::{is_twin_word, read_twins, Twin, TwinChange, TwinError};
use super::{ParseStipulationError, Stipulation};

/// A problem: the position (the attacker to move) and, where the input
/// says it, the stipulation and the problem's record (title, author,
/// source, Popeye options).
///
/// ```
/// use forsyth::solve::{ChessProblem, Stipulation};
/// let p = ChessProblem::from_statement("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) Ματ σε 3 κινήσεις", None)?;
/// assert_eq!(p.stipulation, Some(Stipulation::mate(3)));
/// assert_eq!(p.position.setup().to_string(), "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1");
/// # Ok::<_, forsyth::solve::ReadProblemError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChessProblem {
    /// The position, the attacker (White) to move.
    pub position: Position,
    /// The stipulation, when the input states one.
    pub stipulation: Option<Stipulation>,
    /// The title (Popeye's `title`).
    pub title: Option<String>,
    /// The author (Popeye's `author`).
    pub author: Option<String>,
    /// Where it was published (Popeye's `origin`).
    pub origin: Option<String>,
    /// Popeye's options, as written (`Variation`, `NoThreat`...).
    pub options: Vec<String>,
    /// The language the problem was written in, when its piece letters
    /// (a statement's placement) or its keywords (a Popeye input) say
    /// so: the problemist's own notation, for writing the solution.
    /// `None` for a FEN or statement in English letters, and for a
    /// Popeye input in English.
    ///
    /// ```
    /// use forsyth::notation::Language;
    /// use forsyth::solve::ChessProblem;
    /// let p = ChessProblem::from_statement("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) #3", None)?;
    /// assert_eq!(p.language, Some(Language::Greek));
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)?;
    /// assert_eq!(p.language, None);
    /// # Ok::<_, forsyth::solve::ReadProblemError>(())
    /// ```
    pub language: Option<Language>,
    /// The 1-based line of the input the problem starts on: in a Popeye
    /// input, the line of the `beginproblem` or `nextproblem` that opens
    /// it; 1 for a statement.
    pub line: usize,
    /// What validation refused in the position but legal move generation
    /// handles ([`ProblemKind::is_ignorable`]: an impossible check, too
    /// much material...), set aside so that the problem is solved as
    /// given, as Popeye solves it; and two kinds only a problem may show,
    /// as Popeye takes them: a pawn on a back rank (it neither moves nor
    /// attacks) and the side not to move in check (nothing is solved,
    /// [`Solution::opposite_check`](super::Solution::opposite_check)).
    /// Empty for a legal position. A position without a king is refused.
    ///
    /// ```
    /// use forsyth::solve::ChessProblem;
    /// use forsyth::validate::ProblemKind;
    /// // White's king on f6 is in check from g7, a pawn that never moved.
    /// let p = ChessProblem::from_statement("(7k/6p1/5K2/8/8/8/8/6Q1) #1", None)?;
    /// assert_eq!(p.set_aside[0].kind(), ProblemKind::ImpossibleCheck);
    /// assert!(ChessProblem::from_statement("(8/8/8/8/8/8/8/6Q1) #1", None).is_err());
    /// # Ok::<_, forsyth::solve::ReadProblemError>(())
    /// ```
    pub set_aside: Vec<Problem>,
    /// `true` when the input stated the side to move (a FEN record): it
    /// makes the first move whatever the stipulation. Otherwise (a
    /// statement, a Popeye input) the stipulation decides who starts, as
    /// the codex does: White, Black in a helpmate in whole moves.
    pub turn_stated: bool,
    /// The twins, b) on (empty for a problem without): each changes the
    /// diagram, or the twin before when continued
    /// ([`ChessProblem::twin_problems`]).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub twins: Vec<Twin>,
}

/// Why a problem given on one line ([`ChessProblem::from_statement`]: a
/// statement or a FEN record, then a stipulation) does not read: the byte
/// offset and what is wrong.
///
/// ```
/// use forsyth::solve::ChessProblem;
/// let err = ChessProblem::from_statement("(R7/4k3/8/K7/8/8/8/8) (2+1) mate in lots", None).unwrap_err();
/// assert_eq!(err.kind().name(), "stipulation");
/// assert_eq!(err.offset, 36);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ReadProblemError {
    /// 0-based byte offset of the fault.
    pub offset: usize,
    /// What is wrong.
    pub kind: ReadProblemErrorKind,
}

/// What is wrong with a problem's line. The names (`name()`) are stable.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum ReadProblemErrorKind {
    /// `statement`: the problemist's `(PLACEMENT) (w+b)` does not read.
    Statement(ParseStatementError),
    /// `fen`: the FEN record does not read.
    Fen(ParseFenError),
    /// `stipulation`: the stipulation does not read.
    Stipulation(ParseStipulationError),
    /// `illegal`: the position is not legal, in a way legal move
    /// generation cannot handle (see [`ChessProblem::set_aside`]).
    Illegal(Box<PositionError>),
    /// `twin`: a twin after the stipulation does not read; what was
    /// expected at the offset.
    Twin(&'static str),
}

impl ReadProblemErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::solve::ChessProblem;
    /// let err = ChessProblem::from_statement("(8/8/8/8/8/8/8/8)", None).unwrap_err();
    /// assert_eq!(err.kind.name(), "illegal");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            ReadProblemErrorKind::Statement(_) => "statement",
            ReadProblemErrorKind::Fen(_) => "fen",
            ReadProblemErrorKind::Stipulation(_) => "stipulation",
            ReadProblemErrorKind::Illegal(_) => "illegal",
            ReadProblemErrorKind::Twin(_) => "twin",
        }
    }
}

impl ReadProblemError {
    /// What is wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::solve::ChessProblem;
    /// let err = ChessProblem::from_statement("(R7/8/8/8/8/8/8/8", None).unwrap_err();
    /// assert_eq!(err.kind().name(), "statement");
    /// ```
    pub fn kind(&self) -> &ReadProblemErrorKind {
        &self.kind
    }

    /// The message without the column.
    ///
    /// ```
    /// use forsyth::solve::ChessProblem;
    /// let err = ChessProblem::from_statement("4k3/8/8/8/8/8/8/4K3 w - - 0 1 #0", None).unwrap_err();
    /// assert_eq!(err.message(), "stipulation: #0: the number of moves must be 1 to 60");
    /// ```
    pub fn message(&self) -> String {
        match &self.kind {
            ReadProblemErrorKind::Statement(e) => e.message(),
            ReadProblemErrorKind::Fen(e) => e.message(),
            ReadProblemErrorKind::Stipulation(e) => e.message(),
            ReadProblemErrorKind::Illegal(e) => e.to_string(),
            ReadProblemErrorKind::Twin(expected) => format!("twin: expected {expected}"),
        }
    }
}

impl fmt::Display for ReadProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "col {}: {}", self.offset + 1, self.message())
    }
}

impl std::error::Error for ReadProblemError {}

/// The castling rights the problemists' codex grants: for each colour, its
/// king on `e1`/`e8` and each rook on `a`/`h` of the same rank.
pub(crate) fn codex_castling(board: &Board) -> CastlingRights {
    let mut rights = CastlingRights::none();
    for color in Color::ALL {
        let back = Rank::back_rank(color);
        if !board
            .by_piece(Role::King.of(color))
            .contains(Square::from_coords(File::E, back))
        {
            continue;
        }
        for rook in [File::A, File::H] {
            if board
                .by_piece(Role::Rook.of(color))
                .contains(Square::from_coords(rook, back))
            {
                // Two rook files either side of `e`: cannot fail.
                let _ = rights.add(color, File::E, rook);
            }
        }
    }
    rights
}

/// The problem position of a placement: `turn` to move (White, or Black
/// when the defender starts), castling by the codex, no en passant; with
/// what validation found and [`tolerate`] sets aside.
pub(crate) fn problem_position(
    board: Board,
    turn: Color,
) -> Result<(Position, Vec<Problem>), PositionError> {
    let castling = codex_castling(&board);
    tolerate(Position::from_setup(Setup {
        board,
        turn,
        castling,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        variant: Variant::Standard,
    }))
}

/// The position validation gave, or the one it refused when each of its
/// errors leaves legal move generation sound (the decision of
/// [`PositionError::ignore`], which `perft --lenient` takes too), with
/// those errors: a problem may stand where no game reaches. Two more
/// kinds are a problem's alone, as Popeye takes them: a pawn on a back
/// rank (it stands there without moving or attacking, and may be taken)
/// and the side not to move in check (the solver reports it and solves
/// nothing, [`Solution::opposite_check`](super::Solution::opposite_check)).
fn tolerate(
    validated: Result<Position, PositionError>,
) -> Result<(Position, Vec<Problem>), PositionError> {
    let error = match validated {
        Ok(position) => return Ok((position, Vec::new())),
        Err(error) => error,
    };
    let errors: Vec<Problem> = error
        .problems()
        .iter()
        .filter(|p| p.severity() == Severity::Error)
        .cloned()
        .collect();
    let kinds: Vec<ProblemKind> = errors.iter().map(Problem::kind).collect();
    let problem_only = |kind: ProblemKind| {
        matches!(
            kind,
            ProblemKind::PawnOnBackRank | ProblemKind::OppositeCheck
        )
    };
    if kinds.iter().any(|&k| problem_only(k))
        && kinds.iter().all(|&k| k.is_ignorable() || problem_only(k))
    {
        let position = Position::from_setup_unchecked(error.setup().clone());
        return Ok((position, errors));
    }
    error.ignore(&kinds).map(|position| (position, errors))
}

/// Where the problemist's statement `(PLACEMENT) (w+b)` ends in `text`
/// (which starts with `(`): after the count when there is one.
fn statement_end(text: &str) -> usize {
    let Some(close) = text.find(')') else {
        return text.len();
    };
    let after = close + 1;
    let rest = &text[after..];
    let gap = rest.len() - rest.trim_start().len();
    let rest = &rest[gap..];
    if let Some(inner) = rest.strip_prefix('(') {
        if let Some(end) = inner.find(')') {
            let count = &inner[..end];
            if count.contains('+')
                && count
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b'+' || b == b' ')
            {
                return after + gap + 1 + end + 1;
            }
        }
    }
    after
}

impl ChessProblem {
    /// A problem with nothing but its position (its side to move makes
    /// the first move: [`ChessProblem::turn_stated`]) and stipulation.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::solve::{ChessProblem, Stipulation};
    /// let pos = Position::standard();
    /// let p = ChessProblem::new(pos, Some(Stipulation::mate(2)));
    /// assert!(p.title.is_none() && p.options.is_empty());
    /// ```
    pub fn new(position: Position, stipulation: Option<Stipulation>) -> ChessProblem {
        ChessProblem {
            position,
            stipulation,
            title: None,
            author: None,
            origin: None,
            options: Vec::new(),
            language: None,
            line: 1,
            set_aside: Vec::new(),
            turn_stated: true,
            twins: Vec::new(),
        }
    }

    /// Reads a problem from one line: the problemist's statement
    /// `(PLACEMENT) (w+b)` or a bare placement `PLACEMENT (w+b)` (the count
    /// optional in both), with White to move, castling as the codex allows
    /// it (king and rook on their original squares) and no en passant; or a
    /// FEN record (4 or 6 fields), which keeps its own fields. A stipulation
    /// may follow ([`Stipulation`]'s forms). A position validation refuses
    /// but move generation handles is read, what was refused kept in
    /// [`ChessProblem::set_aside`]. The placement is read in `letters` when
    /// given (then in English letters), else in English and then in each
    /// language of [`Language::ALL`] in turn.
    ///
    /// ```
    /// use forsyth::notation::Language;
    /// use forsyth::solve::{ChessProblem, Stipulation};
    /// let p = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) #3", None)?;
    /// assert_eq!(p.stipulation, Some(Stipulation::mate(3)));
    /// // A bare placement may have its count too.
    /// let bare = ChessProblem::from_statement("R7/4k3/4N3/K2B4/8/8/8/5R2 (5+1) mate in three", None)?;
    /// assert_eq!((&bare.position, bare.stipulation), (&p.position, p.stipulation));
    /// let p = ChessProblem::from_statement("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1 mate in 2", None)?;
    /// assert_eq!(p.position.castling().count(), 1);
    /// let p = ChessProblem::from_statement("4k3/8/8/8/8/8/8/T3K2T", Some(Language::German.letters()))?;
    /// assert_eq!((p.position.castling().count(), p.stipulation), (2, None));
    /// // French letters asked for: R is the king, not a rook.
    /// let p = ChessProblem::from_statement("(4r3/8/8/8/8/8/8/T3R2T) #2", Some(Language::French.letters()))?;
    /// assert_eq!(p.position.setup().to_string(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    /// # Ok::<_, forsyth::solve::ReadProblemError>(())
    /// ```
    pub fn from_statement(
        text: &str,
        letters: Option<&Letters>,
    ) -> Result<ChessProblem, ReadProblemError> {
        let lead = text.len() - text.trim_start().len();
        let body = text.trim();
        let languages: Vec<&Letters> = match letters {
            Some(l) => vec![l, &Letters::ENGLISH],
            None => Language::ALL.iter().map(|l| l.letters()).collect(),
        };
        let read = if body.starts_with('(') {
            let end = statement_end(body);
            let head = &body[..end];
            // The first language that reads it; else the error in the
            // letters asked for (English by default).
            let read = |l: &Letters| Setup::from_statement(head, l).ok();
            let (setup, read_in) = match detect(languages.iter().copied(), Settle::First, read) {
                Some((l, setup)) => (setup, Some(l)),
                None => (
                    Setup::from_statement(head, letters.unwrap_or(&Letters::ENGLISH)).map_err(
                        |e| ReadProblemError {
                            offset: lead + e.offset,
                            kind: ReadProblemErrorKind::Statement(e),
                        },
                    )?,
                    None,
                ),
            };
            Read {
                placed: Placed::Diagram(setup.board),
                rest_at: end,
                read_in,
            }
        } else {
            read_fen(body, &languages, lead)?
        };
        let rest_at = read.rest_at;
        let mut rest = &body[rest_at..];
        // Twins follow the stipulation: `h#2 twin move h1 g1`.
        let mut twins = Vec::new();
        let words: Vec<&str> = rest.split_whitespace().collect();
        if let Some(first) = words.iter().position(|w| is_twin_word(w)) {
            let offset_of = |k: usize| {
                words
                    .get(k)
                    .map_or(body.len(), |w| w.as_ptr() as usize - body.as_ptr() as usize)
            };
            let twin_at = offset_of(first);
            let language = read
                .read_in
                .and_then(language_of)
                .unwrap_or(Language::English);
            let (read_twins, used) =
                read_twins(&words[first..], language).map_err(|e| ReadProblemError {
                    offset: lead + offset_of(first + e.at),
                    kind: ReadProblemErrorKind::Twin(e.expected),
                })?;
            if let Some(extra) = words.get(first + used) {
                return Err(ReadProblemError {
                    offset: lead + offset_of(first + used),
                    kind: ReadProblemErrorKind::Twin(if extra.is_empty() {
                        "the end"
                    } else {
                        "twin or the end"
                    }),
                });
            }
            twins = read_twins;
            rest = &body[rest_at..twin_at];
        }
        let stipulation = if rest.trim().is_empty() {
            None
        } else {
            Some(rest.parse::<Stipulation>().map_err(|e| ReadProblemError {
                offset: lead + rest_at + e.offset,
                kind: ReadProblemErrorKind::Stipulation(e),
            })?)
        };
        let (position, set_aside, turn_stated) = match read.placed {
            Placed::Diagram(board) => {
                let (position, set_aside) =
                    problem_position(board, first_mover(stipulation, false))
                        .map_err(|e| illegal(e, lead))?;
                (position, set_aside, false)
            }
            Placed::Record(position, set_aside) => (position, set_aside, true),
        };
        let mut problem = ChessProblem::new(position, stipulation);
        problem.language = read.read_in.and_then(language_of);
        problem.set_aside = set_aside;
        problem.turn_stated = turn_stated;
        problem.twins = twins;
        Ok(problem)
    }

    /// The position to solve `stipulation` from: the problem's own, when
    /// its input stated the side to move (a FEN record) or when the side
    /// that starts `stipulation` is already to move; else the diagram with
    /// that side to move (Black in a helpmate in whole moves,
    /// [`Stipulation::defender_starts`]), validated as the readers
    /// validate it.
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::solve::{ChessProblem, Stipulation};
    /// let p = ChessProblem::from_statement("(k7/p7/2K5/8/8/8/8/7R) #2", None)?;
    /// assert_eq!(p.position.turn(), Color::White);
    /// let h = p.start(&Stipulation::helpmate(2)).expect("legal");
    /// assert_eq!(h.turn(), Color::Black);
    /// # Ok::<_, forsyth::solve::ReadProblemError>(())
    /// ```
    pub fn start(&self, stipulation: &Stipulation) -> Result<Position, PositionError> {
        let first = first_mover(Some(*stipulation), self.asks_postkey());
        if self.turn_stated || self.position.turn() == first {
            return Ok(self.position.clone());
        }
        problem_position(self.position.board().clone(), first).map(|(position, _)| position)
    }

    /// The problem and each of its twins, in order (a), b), ...), with
    /// each twin's label ([`Twin::apply`]; empty for a)): the position to
    /// solve, its first mover by its stipulation as for a diagram, and the
    /// stipulation. A twin that cannot be made, or whose position is
    /// illegal, is an error of its own, and a twin continued from it is
    /// too.
    ///
    /// ```
    /// use forsyth::solve::ChessProblem;
    /// let p = ChessProblem::from_statement("(k7/p7/2K5/8/8/8/8/7R) h#1.5 twin move h1 g1 twin remove a7", None)?;
    /// let all = p.twin_problems();
    /// assert_eq!(all.len(), 3);
    /// let (label, b) = all[1].as_ref().unwrap();
    /// assert_eq!(label, "wRh1-->g1  ");
    /// assert!(b.position.board().piece_at(forsyth::Square::G1).is_some());
    /// # Ok::<_, forsyth::solve::ReadProblemError>(())
    /// ```
    pub fn twin_problems(&self) -> Vec<Result<(String, ChessProblem), TwinProblemError>> {
        let language = self.language.unwrap_or(Language::English);
        let mut base = self.clone();
        base.twins = Vec::new();
        let mut out = vec![Ok((String::new(), base.clone()))];
        let mut previous: Option<(Board, Option<Stipulation>)> =
            Some((self.position.board().clone(), self.stipulation));
        for twin in &self.twins {
            let from = if twin.continued {
                previous.clone()
            } else {
                Some((self.position.board().clone(), self.stipulation))
            };
            let Some((mut board, stipulation)) = from else {
                out.push(Err(TwinProblemError::Continued));
                continue;
            };
            let mut s = stipulation.unwrap_or(Stipulation::mate(1));
            let made = twin
                .apply(&mut board, &mut s, language)
                .map_err(TwinProblemError::Twin)
                .and_then(|label| {
                    let restated = twin
                        .changes
                        .iter()
                        .any(|c| matches!(c, TwinChange::Stipulation(_)));
                    let stipulation = if restated { Some(s) } else { stipulation };
                    let (position, set_aside) = problem_position(
                        board.clone(),
                        first_mover(stipulation, self.asks_postkey()),
                    )
                    .map_err(|e| TwinProblemError::Illegal(Box::new(e)))?;
                    let mut problem = base.clone();
                    problem.position = position;
                    problem.set_aside = set_aside;
                    problem.stipulation = stipulation;
                    problem.turn_stated = false;
                    Ok((label, problem))
                });
            previous = made
                .as_ref()
                .ok()
                .map(|(_, p)| (p.position.board().clone(), p.stipulation));
            out.push(made);
        }
        out
    }
}

/// Why a twin of a problem cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TwinProblemError {
    /// `twin`: its changes cannot be made.
    Twin(TwinError),
    /// `illegal`: its position is illegal.
    Illegal(Box<PositionError>),
    /// `continued`: it continues a twin that could not be made.
    Continued,
}

impl TwinProblemError {
    /// The stable kind name, snake case.
    pub fn name(&self) -> &'static str {
        match self {
            TwinProblemError::Twin(_) => "twin",
            TwinProblemError::Illegal(_) => "illegal",
            TwinProblemError::Continued => "continued",
        }
    }
}

impl fmt::Display for TwinProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwinProblemError::Twin(e) => write!(f, "{e}"),
            TwinProblemError::Illegal(e) => write!(f, "twin: {e}"),
            TwinProblemError::Continued => {
                write!(f, "twin: it continues a twin that could not be made")
            }
        }
    }
}

impl std::error::Error for TwinProblemError {}

/// Who moves first in a diagram (no side to move stated) for
/// `stipulation`: White, Black when the defender starts.
pub(crate) fn first_mover(stipulation: Option<Stipulation>, postkey: bool) -> Color {
    // After the key (battle play only) the defender moves first.
    let postkey = postkey && stipulation.is_none_or(|s| !s.is_lines());
    if postkey || stipulation.is_some_and(|s| s.defender_starts()) {
        Color::Black
    } else {
        Color::White
    }
}

/// What the start of a statement placed: a diagram (its side to move by
/// the stipulation) or a FEN record's position (its own).
enum Placed {
    Diagram(Board),
    Record(Position, Vec<Problem>),
}

/// The language whose letters `letters` are, English excepted (FEN's
/// letters say nothing of the problemist's language).
fn language_of(letters: &Letters) -> Option<Language> {
    Language::ALL
        .into_iter()
        .find(|l| l.letters() == letters)
        .filter(|&l| l != Language::English)
}

/// The position at the start of a statement, and where the rest begins.
struct Read<'l> {
    placed: Placed,
    /// The byte offset of the rest (the stipulation) in the statement.
    rest_at: usize,
    /// The letters of a placement (none for a FEN record).
    read_in: Option<&'l Letters>,
}

/// The statement's error of a position that is not legal.
fn illegal(e: PositionError, lead: usize) -> ReadProblemError {
    ReadProblemError {
        offset: lead,
        kind: ReadProblemErrorKind::Illegal(Box::new(e)),
    }
}

/// After a bare placement ending at byte `end` of `body`: the offset after
/// the piece count `(W+B)` that follows it, checked against `board`, as
/// the problemist's statement `(PLACEMENT) (W+B)` has it; `end` when no
/// count follows.
fn count_after(
    body: &str,
    end: usize,
    board: &Board,
    lead: usize,
) -> Result<usize, ReadProblemError> {
    let rest = &body[end..];
    let at = end + (rest.len() - rest.trim_start().len());
    if !body[at..].starts_with('(') {
        return Ok(end);
    }
    let statement = |e: ParseStatementError| ReadProblemError {
        offset: lead + e.offset,
        kind: ReadProblemErrorKind::Statement(e),
    };
    let (stated, after) = piece_count(body, at).map_err(statement)?;
    check_count(board, stated, at).map_err(statement)?;
    Ok(after)
}

/// Reads the FEN record at the start of `body` (a bare placement, with
/// its piece count if one follows, or 4 to 6 fields).
fn read_fen<'l>(
    body: &str,
    languages: &[&'l Letters],
    lead: usize,
) -> Result<Read<'l>, ReadProblemError> {
    // The record's words: the placement, then up to five fields.
    let mut ends = Vec::new();
    for word in body.split_whitespace().take(6) {
        ends.push(word.as_ptr() as usize - body.as_ptr() as usize + word.len());
    }
    let mut first_error = None;
    // The longest record first: 6 fields, 4, then the placement alone.
    for fields in [6, 4, 1] {
        let Some(&end) = ends.get(fields - 1) else {
            continue;
        };
        let record = if fields == 1 {
            format!("{} w - - 0 1", &body[..end])
        } else {
            body[..end].to_owned()
        };
        let read = |letters: &'l Letters| {
            Fen::from_ascii_with(record.as_bytes(), letters)
                .map_err(|e| first_error.get_or_insert(e))
                .ok()
        };
        if let Some((letters, fen)) = detect(languages.iter().copied(), Settle::First, read) {
            let mut rest_at = end;
            let placed = if fields == 1 {
                rest_at = count_after(body, end, &fen.board, lead)?;
                Placed::Diagram(fen.board)
            } else {
                let (position, set_aside) =
                    tolerate(Position::from_fen(&fen, None)).map_err(|e| illegal(e, lead))?;
                Placed::Record(position, set_aside)
            };
            return Ok(Read {
                placed,
                rest_at,
                // A full record is a FEN: its letters are FEN's.
                read_in: (fields == 1).then_some(letters),
            });
        }
    }
    // The error of the longest record in the first letters; an empty text
    // is the empty record's.
    let e = match first_error {
        Some(e) => e,
        None => match Fen::from_ascii(body.as_bytes()) {
            Err(e) => e,
            Ok(_) => return Err(fen_missing(lead)),
        },
    };
    Err(ReadProblemError {
        offset: lead + e.offset.min(body.len()),
        kind: ReadProblemErrorKind::Fen(e),
    })
}

/// The error of a text with no record (the empty record's).
fn fen_missing(lead: usize) -> ReadProblemError {
    ReadProblemError {
        offset: lead,
        kind: ReadProblemErrorKind::Fen(
            Fen::from_ascii(b"").expect_err("the empty record does not read"),
        ),
    }
}
