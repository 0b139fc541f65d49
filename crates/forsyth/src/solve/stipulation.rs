//! The stipulation: what the problem asks, as Popeye writes it (`#3`,
//! `h#2.5`, `ser-s#7`) and as printed statements say it in words
//! (`Helpmate in 2`, `Hilfsmatt in 2 Zügen`).

use core::fmt;
use core::str::FromStr;

use crate::board::Square;
use crate::notation::{detect, Language, Settle};

/// What a problem asks (`specs/solve.md` §1): a kind of play, a goal, and
/// a number of moves.
///
/// Reads Popeye's symbols, in any case: `#3` (or `# 3`), `s#2`, `r#2`,
/// `=3`, `s=3`, `h#2`, `h#2.5` (also `h#2,5` and `h#2½`), `h=2`, `hs#2`,
/// `hs#2.5`,
/// `ser-#7`, `ser-h#5`, `ser-s#4`, `ser-=6`, `ser-h=4`, each optionally
/// followed by `duplex`; and the words of a printed statement in several
/// languages: `mate in 3`, `Matt in 3 Zügen`, `Helpmate in 2`,
/// `Hilfsmatt in 2 Zügen`, `Series helpmate in 7`, `mat aidé en 2 coups`,
/// `Ματ σε 3 κινήσεις`, the number also in words, one to ten (`mate in
/// three`, `Matt in drei Zügen`). The words are rows of the language table
/// (`specs/solve.md` §5).
///
/// ```
/// use forsyth::solve::{Goal, Play, Stipulation};
/// assert_eq!("#3".parse::<Stipulation>()?, Stipulation::mate(3));
/// assert_eq!("Matt in 2 Zügen".parse::<Stipulation>()?, Stipulation::mate(2));
/// assert_eq!("Ματ σε 3 κινήσεις".parse::<Stipulation>()?, Stipulation::mate(3));
/// assert_eq!("mate in three".parse::<Stipulation>()?, Stipulation::mate(3));
/// assert_eq!(Stipulation::mate(3).to_string(), "#3");
/// assert_eq!("s#2".parse::<Stipulation>()?, Stipulation::selfmate(2));
/// let h = "Hilfsmatt in 2 Zügen".parse::<Stipulation>()?;
/// assert_eq!((h.play, h.goal, h.moves), (Play::Help, Goal::Mate, 2));
/// assert_eq!("h#2.5".parse::<Stipulation>()?.to_string(), "h#2.5");
/// assert_eq!("Series helpmate in 7".parse::<Stipulation>()?.to_string(), "ser-h#7");
/// assert_eq!("H=3 Duplex".parse::<Stipulation>()?.to_string(), "h=3 duplex");
/// # Ok::<_, forsyth::solve::ParseStipulationError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stipulation {
    /// Who plays how.
    pub play: Play,
    /// What ends the play.
    pub goal: Goal,
    /// The number of moves: the attacker's in direct, self and reflex
    /// play; whole moves (a move of each side) in help play; the series'
    /// length in series play.
    pub moves: u8,
    /// Help play only: half a move more, the attacker first (`h#2.5`:
    /// White, then two moves of each side).
    pub half: bool,
    /// The problem is solved a second time with the other side starting
    /// in the other's role (Black mates in a duplex direct mate; White
    /// starts and helps Black mate in a duplex helpmate).
    pub duplex: bool,
}

/// Who plays how. The attacker is the side that reaches the goal (White,
/// in an orthodox problem; the side that is mated or stalemated in self
/// and reflex play is the attacker too).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Play {
    /// Direct play (`#n`, `=n`): the attacker plays first and reaches the
    /// goal in at most n moves against any defence.
    Direct,
    /// Self play (`s#n`, `s=n`): the attacker plays first and forces the
    /// defender to mate (stalemate) it in at most n moves.
    SelfPlay,
    /// Reflex play (`r#n`): self play where each side must reach the goal
    /// when it can (the defender must mate the attacker if able, and the
    /// attacker must not leave itself a mate it would have to give).
    Reflex,
    /// Help play (`h#n`, `h#n.5`, `h=n`): both sides cooperate; the
    /// defender plays first (the attacker with `half`), the attacker's
    /// last move reaches the goal.
    Help,
    /// Help self play (`hs#n`, `hs#n.5`, `hs=n`): both sides cooperate,
    /// the attacker first (the defender with `half`), until after the
    /// attacker's n-th move every move of the defender reaches the goal
    /// (it has one): the defender is forced to mate the attacker.
    HelpSelf,
    /// Series play (`ser-#n`, `ser-=n`): the attacker plays n moves in a
    /// row, without check before the last, which reaches the goal.
    Series,
    /// Series help play (`ser-h#n`): the defender plays n moves in a row,
    /// without check, and the attacker reaches the goal in one move.
    SeriesHelp,
    /// Series self play (`ser-s#n`): the attacker plays n moves in a row,
    /// without check before the last, after which every move of the
    /// defender reaches the goal (it has one).
    SeriesSelf,
}

/// What ends the play: Popeye's orthodox goals (`specs/solve.md` §1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Goal {
    /// Checkmate (`#`).
    Mate,
    /// Stalemate (`=`): the side to move is not in check and has no move.
    Stalemate,
    /// Mate or stalemate (`#=`): the side to move has no move.
    MateOrStalemate,
    /// Double stalemate (`==`): the side to move is stalemated, and the
    /// side that moved would have no move either.
    DoubleStalemate,
    /// Check (`+`): the move gives check (a mate too).
    Check,
    /// Capture (`x`): the move takes a piece (en passant too).
    Capture,
    /// Target square (`z` and the square, `zc6`): the move's piece lands
    /// on the square (castling: the king's square).
    Target(Square),
}

impl Goal {
    /// Popeye's symbol, which it writes after the move that reaches the
    /// goal: `#`, `=`, `#=`, `==`, `+`, `x`, `z`.
    ///
    /// ```
    /// use forsyth::solve::Goal;
    /// assert_eq!(Goal::Stalemate.symbol(), "=");
    /// assert_eq!(Goal::Target(forsyth::Square::C6).symbol(), "z");
    /// ```
    pub fn symbol(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::MateOrStalemate => "#=",
            Goal::DoubleStalemate => "==",
            Goal::Check => "+",
            Goal::Capture => "x",
            Goal::Target(_) => "z",
        }
    }

    /// `true` for a goal the move itself reaches whatever the other side
    /// could then do (check, capture, target square); `false` for those
    /// that leave the other side without a move (mate, stalemate).
    pub(crate) fn by_move(self) -> bool {
        matches!(self, Goal::Check | Goal::Capture | Goal::Target(_))
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Target(square) => write!(f, "z{square}"),
            goal => f.write_str(goal.symbol()),
        }
    }
}

impl Stipulation {
    /// `play`, `goal` in `moves` (no half move, not duplex).
    ///
    /// ```
    /// use forsyth::solve::{Goal, Play, Stipulation};
    /// assert_eq!(Stipulation::new(Play::Series, Goal::Mate, 7).to_string(), "ser-#7");
    /// ```
    pub const fn new(play: Play, goal: Goal, moves: u8) -> Stipulation {
        Stipulation {
            play,
            goal,
            moves,
            half: false,
            duplex: false,
        }
    }

    /// Mate in `n` (`#n`).
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!(Stipulation::mate(2).to_string(), "#2");
    /// ```
    pub const fn mate(n: u8) -> Stipulation {
        Stipulation::new(Play::Direct, Goal::Mate, n)
    }

    /// Selfmate in `n` (`s#n`).
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!(Stipulation::selfmate(2).to_string(), "s#2");
    /// ```
    pub const fn selfmate(n: u8) -> Stipulation {
        Stipulation::new(Play::SelfPlay, Goal::Mate, n)
    }

    /// Helpmate in `n` (`h#n`).
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!(Stipulation::helpmate(2).to_string(), "h#2");
    /// ```
    pub const fn helpmate(n: u8) -> Stipulation {
        Stipulation::new(Play::Help, Goal::Mate, n)
    }

    /// The same with half a move more (help play: `h#n.5`).
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!(Stipulation::helpmate(2).with_half().to_string(), "h#2.5");
    /// ```
    pub const fn with_half(mut self) -> Stipulation {
        self.half = true;
        self
    }

    /// The same, duplex.
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!(Stipulation::helpmate(2).with_duplex().to_string(), "h#2 duplex");
    /// ```
    pub const fn with_duplex(mut self) -> Stipulation {
        self.duplex = true;
        self
    }

    /// `true` when the defender makes the first move: help play in whole
    /// moves (`h#2`: Black starts), help self play with half a move
    /// (`hs#2.5`) and series help play (`ser-h#n`). In a problem diagram
    /// the first mover is then Black.
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert!(Stipulation::helpmate(2).defender_starts());
    /// assert!(!Stipulation::helpmate(2).with_half().defender_starts());
    /// assert!(!"hs#2".parse::<Stipulation>()?.defender_starts());
    /// assert!("hs#2.5".parse::<Stipulation>()?.defender_starts());
    /// assert!(!Stipulation::mate(2).defender_starts());
    /// # Ok::<_, forsyth::solve::ParseStipulationError>(())
    /// ```
    pub fn defender_starts(&self) -> bool {
        match self.play {
            Play::Help => !self.half,
            Play::HelpSelf => self.half,
            Play::SeriesHelp => true,
            _ => false,
        }
    }

    /// `true` for the play whose solutions are lines of moves (help and
    /// series play), `false` for the play of keys, threats and defences
    /// (direct, self and reflex play).
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert!(Stipulation::helpmate(2).is_lines());
    /// assert!(!Stipulation::selfmate(2).is_lines());
    /// ```
    pub fn is_lines(&self) -> bool {
        matches!(
            self.play,
            Play::Help | Play::HelpSelf | Play::Series | Play::SeriesHelp | Play::SeriesSelf
        )
    }

    /// The stipulation of help play's set play, as Popeye solves it: the
    /// other side starts, half a move fewer (`h#2`: `h#1.5`; `h#2.5`:
    /// `h#2`; `hs#2`: `hs#1.5`); a series helpmate's is the attacker's one
    /// move to the goal (`h#0.5`). `None` for the other kinds of play, for
    /// `h#0.5` and for `hs#1`.
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!(Stipulation::helpmate(2).set_play().unwrap().to_string(), "h#1.5");
    /// assert_eq!(Stipulation::helpmate(2).with_half().set_play().unwrap().to_string(), "h#2");
    /// assert_eq!("ser-h=5".parse::<Stipulation>()?.set_play().unwrap().to_string(), "h=0.5");
    /// assert_eq!("hs#2".parse::<Stipulation>()?.set_play().unwrap().to_string(), "hs#1.5");
    /// assert_eq!("hs#1".parse::<Stipulation>()?.set_play(), None);
    /// assert_eq!(Stipulation::mate(2).set_play(), None);
    /// # Ok::<_, forsyth::solve::ParseStipulationError>(())
    /// ```
    pub fn set_play(&self) -> Option<Stipulation> {
        if self.play == Play::SeriesHelp {
            return Some(Stipulation::new(Play::Help, self.goal, 0).with_half());
        }
        if !matches!(self.play, Play::Help | Play::HelpSelf) || self.half_moves() < 2 {
            return None;
        }
        let mut s = *self;
        s.duplex = false;
        if self.half {
            s.half = false;
        } else {
            s.moves -= 1;
            s.half = true;
        }
        Some(s)
    }

    /// Half-moves of help play: `2n`, `2n + 1` with the half move; of
    /// help self play, up to the attacker's last move (the defender's
    /// forced move follows): `2n - 1`, `2n` with the half move.
    pub(crate) fn half_moves(&self) -> u16 {
        let whole = 2 * u16::from(self.moves) + u16::from(self.half);
        match self.play {
            Play::HelpSelf => whole.saturating_sub(1),
            _ => whole,
        }
    }

    /// `true` for the kinds of play that may end half a move later:
    /// help play and help self play.
    fn takes_half(play: Play) -> bool {
        matches!(play, Play::Help | Play::HelpSelf)
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (series, play) = match self.play {
            Play::Direct => ("", ""),
            Play::SelfPlay => ("", "s"),
            Play::Reflex => ("", "r"),
            Play::Help => ("", "h"),
            Play::HelpSelf => ("", "hs"),
            Play::Series => ("ser-", ""),
            Play::SeriesHelp => ("ser-", "h"),
            Play::SeriesSelf => ("ser-", "s"),
        };
        write!(f, "{series}{play}{}{}", self.goal, self.moves)?;
        if self.half {
            write!(f, ".5")?;
        }
        if self.duplex {
            write!(f, " duplex")?;
        }
        Ok(())
    }
}

// A stipulation is stored as its text (`"#3"`, `"h#2.5 duplex"`), read
// back by the parser, so data read never holds a stipulation it would
// refuse.
#[cfg(feature = "serde")]
crate::text::serde_via_text!(Stipulation, "a stipulation", |t| t.parse().ok());

/// Why a stipulation does not read: the byte offset and what is wrong.
///
/// ```
/// use forsyth::solve::{ParseStipulationErrorKind, Stipulation};
/// let err = "mate in lots".parse::<Stipulation>().unwrap_err();
/// assert_eq!(err.kind, ParseStipulationErrorKind::Word);
/// assert_eq!(err.offset, 8);
/// assert_eq!(err.kind().name(), "word");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseStipulationError {
    /// 0-based byte offset of the fault in the stipulation's text.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseStipulationErrorKind,
    /// The text at fault (a word, or the whole stipulation).
    pub text: String,
}

/// What is wrong with a stipulation. The names (`name()`) are stable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseStipulationErrorKind {
    /// `empty`: no stipulation at all.
    Empty,
    /// `word`: a word that is not one of a stipulation.
    Word,
    /// `number`: no number of moves, or more than one.
    Number,
    /// `length`: the number of moves is 0 or too many.
    Length,
    /// `half_move`: half a move (`.5`) on a stipulation other than help
    /// and help self play.
    HalfMove,
    /// `unsupported`: another kind of stipulation (`hr#`, `semi-r#`,
    /// `exact-`, ...), or words that say two kinds of play.
    Unsupported,
    /// `goal`: a goal of Popeye's that is not solved (`##`, `##!`, `%`,
    /// `ep`, ...), or one not solved in that kind of play (`ser-s+2`,
    /// `hs+2`); the
    /// text names it.
    Goal,
}

impl ParseStipulationErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::solve::ParseStipulationErrorKind;
    /// assert_eq!(ParseStipulationErrorKind::HalfMove.name(), "half_move");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ParseStipulationErrorKind::Empty => "empty",
            ParseStipulationErrorKind::Word => "word",
            ParseStipulationErrorKind::Number => "number",
            ParseStipulationErrorKind::Length => "length",
            ParseStipulationErrorKind::HalfMove => "half_move",
            ParseStipulationErrorKind::Unsupported => "unsupported",
            ParseStipulationErrorKind::Goal => "goal",
        }
    }
}

/// The most moves a stipulation may ask for: the deepest search (moves of
/// the attacker), the size of its killer table.
pub(crate) const MAX_MOVES: u8 = 60;

/// The stipulations read, for messages.
const KNOWN: &str =
    "#n, s#n, r#n, h#n, h#n.5, hs#n, hs#n.5, ser-#n, ser-h#n, ser-s#n, with other goals (=, #=, ==...)";

impl ParseStipulationError {
    /// What is wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!("".parse::<Stipulation>().unwrap_err().kind().name(), "empty");
    /// ```
    pub fn kind(&self) -> ParseStipulationErrorKind {
        self.kind
    }

    /// The message without the column.
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// let err = "#0".parse::<Stipulation>().unwrap_err();
    /// assert_eq!(err.message(), "stipulation: #0: the number of moves must be 1 to 60");
    /// ```
    pub fn message(&self) -> String {
        let text = &self.text;
        match self.kind {
            ParseStipulationErrorKind::Empty => {
                "stipulation: expected one, such as #3, h#2 or 'mate in 3'".to_owned()
            }
            ParseStipulationErrorKind::Word => format!(
                "stipulation: '{text}' is not a word of a stipulation (#3, mate in 3, \
                 Matt in 3 Zügen, helpmate in 2...)"
            ),
            ParseStipulationErrorKind::Number => {
                format!("stipulation: '{text}' does not say in how many moves (one number)")
            }
            ParseStipulationErrorKind::Length => {
                format!("stipulation: {text}: the number of moves must be 1 to {MAX_MOVES}")
            }
            ParseStipulationErrorKind::HalfMove => {
                format!(
                    "stipulation: {text}: half a move (.5) is for helpmates and helpselfmates only"
                )
            }
            ParseStipulationErrorKind::Unsupported => {
                format!("stipulation: {text} is not solved, only {KNOWN}")
            }
            ParseStipulationErrorKind::Goal => format!(
                "stipulation: {text} is not solved; the goals solved are #, =, #= and == \
                 in every kind of play, and +, x and z with a square (zc6) in all but the \
                 series selfmover and the helpselfmate (ser-s, hs)"
            ),
        }
    }
}

impl fmt::Display for ParseStipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "col {}: {}", self.offset + 1, self.message())
    }
}

impl std::error::Error for ParseStipulationError {}

/// What a word of a stipulation in words says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Meaning {
    /// A number of moves (`three`, `drei`).
    Number(u8),
    /// Mate (`mate`, `Matt`).
    Mate,
    /// Neither: the words around them (`in`, `Zügen`).
    Filler,
    /// A genre, as the symbols it stands for (`helpmate`: `h#`).
    Genre(&'static str),
}

/// The meaning of `word` (lowercase) in the stipulation words of the
/// language table; `None` when no language has it.
fn meaning(word: &str) -> Option<Meaning> {
    let read = |language: Language| {
        let words = language.stipulation_words();
        if let Some(i) = words.numbers.iter().position(|forms| forms.contains(&word)) {
            // Ten words: the index fits.
            Some(Meaning::Number(i as u8 + 1))
        } else if words.mate.contains(&word) {
            Some(Meaning::Mate)
        } else if words.fillers.contains(&word) {
            Some(Meaning::Filler)
        } else {
            words
                .genres
                .iter()
                .find(|(w, _)| *w == word)
                .map(|&(_, symbols)| Meaning::Genre(symbols))
        }
    };
    detect(Language::ALL, Settle::First, read).map(|(_, meaning)| meaning)
}

fn err(offset: usize, kind: ParseStipulationErrorKind, text: &str) -> ParseStipulationError {
    ParseStipulationError {
        offset,
        kind,
        text: text.to_owned(),
    }
}

/// A number of moves, `n` or `n.5` (also `n,5` and `n½`): the moves and
/// whether half a move follows; `None` when `text` is not one.
fn moves_of(text: &str) -> Option<(&str, bool)> {
    let (digits, half) = match text
        .strip_suffix(".5")
        .or_else(|| text.strip_suffix(",5"))
        .or_else(|| text.strip_suffix('½'))
    {
        Some(digits) => (digits, true),
        None => (text, false),
    };
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some((digits, half))
}

/// The number of moves `digits` (with half a move when `half`), checked:
/// 1 to 60 (0 too before half a move, `h#0.5`).
fn length(
    offset: usize,
    digits: &str,
    half: bool,
    text: &str,
) -> Result<u8, ParseStipulationError> {
    match digits.parse::<u8>() {
        Ok(n) if n <= MAX_MOVES && (n >= 1 || half) => Ok(n),
        _ => Err(err(offset, ParseStipulationErrorKind::Length, text)),
    }
}

/// Popeye's goals, the longest symbols first, each with what it is and
/// whether it is solved; `z` takes a square after it.
const GOALS: &[(&str, Option<Goal>, &str)] = &[
    (
        "##!",
        None,
        "counter-mate: the mating side is itself mated, no orthodox move",
    ),
    (
        "##",
        None,
        "double mate: the mating side is itself mated, no orthodox move",
    ),
    ("#=", Some(Goal::MateOrStalemate), "mate or stalemate"),
    ("#", Some(Goal::Mate), "mate"),
    ("==", Some(Goal::DoubleStalemate), "double stalemate"),
    ("=", Some(Goal::Stalemate), "stalemate"),
    ("+", Some(Goal::Check), "check"),
    ("x", Some(Goal::Capture), "capture"),
    ("z", None, "target square"),
    ("%", None, "win of a piece"),
    ("~", None, "any move"),
    ("ep", None, "en passant capture"),
    ("00", None, "castling"),
    ("!=", None, "autostalemate"),
    ("!#", None, "automate"),
    ("c81", None, "chess81"),
    ("ctr", None, "circuit by rebirth"),
    ("ct", None, "circuit"),
    ("<>r", None, "exchange by rebirth"),
    ("<>", None, "exchange"),
    ("dia", None, "proof game"),
    ("a=>b", None, "proof game from a given position"),
    ("k", None, "kiss"),
];

/// Popeye's prefixes before the play's letters.
const PREFIXES: &[&str] = &["exact-", "semi-", "reci-", "phser-", "pser-", "ser-"];

/// Where the goal of `body` starts when `body` is Popeye's symbols
/// (prefixes such as `ser-`, the play's letters `h`, `s`, `r`, then a goal
/// of [`GOALS`] and a digit, or a square after `z` and `k`, or a goal of
/// signs alone); `None` for words.
fn goal_at(body: &str) -> Option<usize> {
    let lower = body.to_ascii_lowercase();
    let mut at = 0;
    while let Some(p) = PREFIXES.iter().find(|p| lower[at..].starts_with(**p)) {
        at += p.len();
    }
    for _ in 0..2 {
        if lower[at..].starts_with(['h', 's', 'r']) && goal_here(&lower[at + 1..]) {
            return Some(at + 1);
        }
        if goal_here(&lower[at..]) {
            return Some(at);
        }
        if lower[at..].starts_with(['h', 's', 'r']) {
            at += 1;
        }
    }
    None
}

/// `true` when `text` (lowercase) starts with a goal of [`GOALS`] followed
/// by the number (a square first after `z` and `k`).
fn goal_here(text: &str) -> bool {
    GOALS.iter().any(|&(symbol, _, _)| {
        let Some(rest) = text.strip_prefix(symbol) else {
            return false;
        };
        let rest = if matches!(symbol, "z" | "k") {
            match rest.get(..2).and_then(|sq| sq.parse::<Square>().ok()) {
                Some(_) => &rest[2..],
                None => return false,
            }
        } else {
            rest
        };
        // A symbol of signs reads as one even without its number (`#`
        // alone is a stipulation without a length); one of letters needs
        // the number, so that words are not taken for symbols.
        let signs = !symbol.starts_with(|c: char| c.is_ascii_alphabetic());
        let rest = rest.trim_start();
        rest.starts_with(|c: char| c.is_ascii_digit()) || signs && rest.is_empty()
    })
}

/// The goal at the start of `text`: the goal (`None` when it is not
/// solved), its symbol with its square, and what it is.
fn goal_of(text: &str) -> Option<(Option<Goal>, &str, &'static str)> {
    let lower = text.to_ascii_lowercase();
    let &(symbol, goal, what) = GOALS
        .iter()
        .find(|&&(symbol, _, _)| lower.starts_with(symbol))?;
    if symbol == "z" {
        let square = text.get(1..3)?;
        let square: Square = square.to_ascii_lowercase().parse().ok()?;
        return Some((Some(Goal::Target(square)), &text[..3], what));
    }
    let len = if symbol == "k" { 3 } else { symbol.len() };
    Some((goal, text.get(..len)?, what))
}

/// What the symbols before the goal say (`ser-h`): the play with `goal`;
/// `None` when they say no stipulation that is solved.
fn symbols(prefix: &str, goal: Goal) -> Option<(Play, Goal)> {
    let lower = prefix.to_ascii_lowercase();
    let (series, rest) = match lower.strip_prefix("ser-") {
        Some(rest) => (true, rest),
        None => (false, lower.as_str()),
    };
    let play = match (series, rest) {
        (false, "") => Play::Direct,
        (false, "s") => Play::SelfPlay,
        (false, "r") => Play::Reflex,
        (false, "h") => Play::Help,
        (false, "hs") => Play::HelpSelf,
        (true, "") => Play::Series,
        (true, "h") => Play::SeriesHelp,
        (true, "s") => Play::SeriesSelf,
        _ => return None,
    };
    // The goals of the move are left out where the defender is forced to
    // reach the goal at the end of a line (series selfmover, help self
    // play); in battle self play the defender's move reaches them.
    if goal.by_move() && matches!(play, Play::SeriesSelf | Play::HelpSelf) {
        return None;
    }
    Some((play, goal))
}

impl FromStr for Stipulation {
    type Err = ParseStipulationError;

    fn from_str(text: &str) -> Result<Stipulation, ParseStipulationError> {
        let lead = text.len() - text.trim_start().len();
        let body = text.trim();
        if body.is_empty() {
            return Err(err(lead, ParseStipulationErrorKind::Empty, body));
        }
        // Popeye's form: symbols, the goal, the number; then `duplex`.
        if let Some(at) = goal_at(body) {
            return symbolic(body, at, lead);
        }
        in_words(body, lead)
    }
}

/// `body` in Popeye's symbols, its goal at byte `at`.
fn symbolic(body: &str, at: usize, lead: usize) -> Result<Stipulation, ParseStipulationError> {
    let prefix = body[..at].trim();
    let shown = body.split_whitespace().next().unwrap_or(body);
    let Some((goal, symbol, what)) = goal_of(&body[at..]) else {
        return Err(err(lead, ParseStipulationErrorKind::Unsupported, shown));
    };
    let Some(goal) = goal else {
        let text = format!("{shown} (the goal {symbol}, {what})");
        return Err(err(lead, ParseStipulationErrorKind::Goal, &text));
    };
    let rest = body[at + symbol.len()..].trim_start();
    let (number, tail) = rest.split_at(rest.find(char::is_whitespace).unwrap_or(rest.len()));
    let Some((play, goal)) = symbols(prefix, goal) else {
        let plain = symbols(prefix, Goal::Mate).is_some();
        if plain && !matches!(goal, Goal::Mate | Goal::Stalemate) {
            let text = format!("{shown} (the goal {symbol}, {what}, in this kind of play)");
            return Err(err(lead, ParseStipulationErrorKind::Goal, &text));
        }
        return Err(err(lead, ParseStipulationErrorKind::Unsupported, shown));
    };
    if number.is_empty() {
        return Err(err(lead, ParseStipulationErrorKind::Number, body));
    }
    let Some((digits, half)) = moves_of(number) else {
        return Err(err(lead, ParseStipulationErrorKind::Unsupported, body));
    };
    let shown = &body[..body.len() - tail.len()];
    let moves = length(lead, digits, half, shown.trim_end())?;
    if half && !Stipulation::takes_half(play) {
        return Err(err(
            lead,
            ParseStipulationErrorKind::HalfMove,
            shown.trim_end(),
        ));
    }
    let mut stipulation = Stipulation {
        play,
        goal,
        moves,
        half,
        duplex: false,
    };
    for word in tail.split_whitespace() {
        let offset = lead + (word.as_ptr() as usize - body.as_ptr() as usize);
        if word.eq_ignore_ascii_case("duplex") && !stipulation.duplex {
            stipulation.duplex = true;
        } else {
            return Err(err(offset, ParseStipulationErrorKind::Word, word));
        }
    }
    Ok(stipulation)
}

/// What the words of a stipulation said so far.
#[derive(Default)]
struct Said {
    number: Option<(u8, bool)>,
    goal: Option<Goal>,
    /// The letters of the play said (`h`, `s`, `r`; `h` and `s` together
    /// for help self play).
    play: Vec<char>,
    series: bool,
    duplex: bool,
}

impl Said {
    /// Takes in the symbols a genre word stands for (`ser-h#`); `false`
    /// when they contradict what was said (two plays or two goals).
    fn genre(&mut self, symbols: &str) -> bool {
        if symbols == "duplex" {
            self.duplex = true;
            return true;
        }
        let mut rest = symbols;
        if let Some(r) = rest.strip_prefix("ser-") {
            self.series = true;
            rest = r;
        }
        for c in rest.chars() {
            let ok = match c {
                '#' => self
                    .goal
                    .replace(Goal::Mate)
                    .is_none_or(|g| g == Goal::Mate),
                '=' => self
                    .goal
                    .replace(Goal::Stalemate)
                    .is_none_or(|g| g == Goal::Stalemate),
                play => {
                    if !self.play.contains(&play) {
                        self.play.push(play);
                    }
                    self.play.len() == 1 || self.play.len() == 2 && self.play_text() == "hs"
                }
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// The play's letters in Popeye's order (`hs`).
    fn play_text(&self) -> String {
        let mut letters = self.play.clone();
        letters.sort_unstable();
        letters.into_iter().collect()
    }
}

/// `body` in words: one number, a goal (a word for mate, or a genre word
/// that says it), the words of the play and fillers.
fn in_words(body: &str, lead: usize) -> Result<Stipulation, ParseStipulationError> {
    let mut said = Said::default();
    let mut at = lead;
    for word in body.split_whitespace() {
        let offset = lead + (word.as_ptr() as usize - body.as_ptr() as usize);
        at = offset;
        let bare = word.trim_end_matches(['.', ',', ':', '!', ';']);
        if let Some((digits, half)) = moves_of(bare) {
            if said.number.is_some() {
                return Err(err(offset, ParseStipulationErrorKind::Number, body));
            }
            said.number = Some((length(offset, digits, half, bare)?, half));
            continue;
        }
        let meant = meaning(&bare.to_lowercase())
            .ok_or_else(|| err(offset, ParseStipulationErrorKind::Word, word))?;
        match meant {
            Meaning::Number(_) if said.number.is_some() => {
                return Err(err(offset, ParseStipulationErrorKind::Number, body));
            }
            Meaning::Number(n) => said.number = Some((n, false)),
            Meaning::Mate => {
                if !said.genre("#") {
                    return Err(err(offset, ParseStipulationErrorKind::Unsupported, body));
                }
            }
            Meaning::Filler => {}
            Meaning::Genre(symbols) => {
                if !said.genre(symbols) {
                    return Err(err(offset, ParseStipulationErrorKind::Unsupported, body));
                }
            }
        }
    }
    let Some((moves, half)) = said.number else {
        return Err(err(at, ParseStipulationErrorKind::Number, body));
    };
    let Some(goal) = said.goal else {
        return Err(err(lead, ParseStipulationErrorKind::Unsupported, body));
    };
    let mut symbols_text = String::new();
    if said.series {
        symbols_text.push_str("ser-");
    }
    symbols_text.push_str(&said.play_text());
    let Some((play, goal)) = symbols(&symbols_text, goal) else {
        return Err(err(lead, ParseStipulationErrorKind::Unsupported, body));
    };
    if half && !Stipulation::takes_half(play) {
        return Err(err(lead, ParseStipulationErrorKind::HalfMove, body));
    }
    Ok(Stipulation {
        play,
        goal,
        moves,
        half,
        duplex: said.duplex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_stipulations_in_several_languages() {
        for (text, n) in [
            ("#2", 2),
            ("# 5", 5),
            ("mate in 3", 3),
            ("White to play and mate in 4 moves", 4),
            ("Matt in 3 Zügen", 3),
            ("Weiß setzt in 2 Zügen matt", 2),
            ("mat en 3 coups", 3),
            ("Les blancs font mat en 2 coups", 2),
            ("Ματ σε 3 κινήσεις", 3),
            ("Мат в 2 хода", 2),
            ("mate en 3 jugadas", 3),
            ("matto in 2 mosse", 2),
            ("mat in 3 zetten", 3),
        ] {
            assert_eq!(
                text.parse::<Stipulation>(),
                Ok(Stipulation::mate(n)),
                "{text}"
            );
        }
    }

    /// The numbers one to ten in words, transcribed here from grammars of
    /// each language (not from the table), each in a sentence of the
    /// language: every one reads as its digits read.
    #[test]
    fn numbers_in_words_read_as_digits() {
        let languages: [(&str, [&str; 10]); 9] = [
            (
                "White to play and mate in {} moves",
                [
                    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                ],
            ),
            (
                "Weiß zieht und setzt in {} Zügen matt",
                [
                    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
                    "zehn",
                ],
            ),
            (
                "Juegan blancas y dan mate en {} jugadas",
                [
                    "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
                    "diez",
                ],
            ),
            (
                "Les blancs jouent et font mat en {} coups",
                [
                    "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
                ],
            ),
            (
                "Il bianco muove e dà matto in {} mosse",
                [
                    "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove",
                    "dieci",
                ],
            ),
            (
                "Wit speelt en geeft mat in {} zetten",
                [
                    "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien",
                ],
            ),
            (
                "Белые начинают и дают мат в {} хода",
                [
                    "один",
                    "два",
                    "три",
                    "четыре",
                    "пять",
                    "шесть",
                    "семь",
                    "восемь",
                    "девять",
                    "десять",
                ],
            ),
            (
                "Λευκά παίζουν και ματ σε {} κινήσεις",
                [
                    "μία",
                    "δύο",
                    "τρεις",
                    "τέσσερις",
                    "πέντε",
                    "έξι",
                    "επτά",
                    "οκτώ",
                    "εννέα",
                    "δέκα",
                ],
            ),
            (
                "Białe zaczynają i dają mata w {} posunięciach",
                [
                    "jednym",
                    "dwóch",
                    "trzech",
                    "czterech",
                    "pięciu",
                    "sześciu",
                    "siedmiu",
                    "ośmiu",
                    "dziewięciu",
                    "dziesięciu",
                ],
            ),
        ];
        for (sentence, numbers) in languages {
            for (i, word) in numbers.into_iter().enumerate() {
                let n = i as u8 + 1;
                let digits = sentence.replace("{}", &n.to_string());
                assert_eq!(digits.parse(), Ok(Stipulation::mate(n)), "{digits}");
                let words = sentence.replace("{}", word);
                assert_eq!(words.parse(), Ok(Stipulation::mate(n)), "{words}");
                // Capitalised, as a word may start a printed line.
                let mut upper = word.chars();
                let first = upper.next().expect("a word").to_uppercase();
                let capital = sentence.replace("{}", &format!("{first}{}", upper.as_str()));
                assert_eq!(capital.parse(), Ok(Stipulation::mate(n)), "{capital}");
            }
        }
        // The forms of one (its genders and cases), as sentences say it.
        for text in [
            "mate in one",
            "Matt in einem Zug",
            "mate en una jugada",
            "mat en un coup",
            "matto in una mossa",
            "mat in een zet",
            "Мат в один ход",
            "Ματ σε μία κίνηση",
            "mat w jednym ruchu",
        ] {
            assert_eq!(text.parse(), Ok(Stipulation::mate(1)), "{text}");
        }
    }

    /// Each word of the table means one thing in every language: no word
    /// is a number in one and another number, mate or a filler in another.
    #[test]
    fn each_stipulation_word_has_one_meaning() {
        let mut seen: std::collections::HashMap<&str, Meaning> = Default::default();
        for language in Language::ALL {
            let words = language.stipulation_words();
            let meant = words
                .numbers
                .iter()
                .zip(1..)
                .flat_map(|(forms, n)| forms.iter().map(move |&w| (w, Meaning::Number(n))))
                .chain(words.mate.iter().map(|&w| (w, Meaning::Mate)))
                .chain(words.fillers.iter().map(|&w| (w, Meaning::Filler)))
                .chain(words.genres.iter().map(|&(w, g)| (w, Meaning::Genre(g))));
            for (word, m) in meant {
                assert_eq!(word, word.to_lowercase(), "{language}: lowercase");
                let before = *seen.entry(word).or_insert(m);
                assert_eq!(before, m, "{language}: '{word}'");
            }
        }
    }

    #[test]
    fn what_is_not_solved_is_named() {
        let kind = |t: &str| t.parse::<Stipulation>().unwrap_err().kind;
        assert_eq!("s#3".parse(), Ok(Stipulation::selfmate(3)));
        assert_eq!(kind("hr#3"), ParseStipulationErrorKind::Unsupported);
        assert_eq!(kind("ser-hs#3"), ParseStipulationErrorKind::Unsupported);
        // Help self play ends in the defender's forced move: the goals of
        // the move are left to battle self play there too.
        assert_eq!(kind("hs+2"), ParseStipulationErrorKind::Goal);
        assert_eq!(kind("hsx2"), ParseStipulationErrorKind::Goal);
        assert_eq!(kind("s#2.5"), ParseStipulationErrorKind::HalfMove);
        assert_eq!(kind("semi-r#3"), ParseStipulationErrorKind::Unsupported);
        assert_eq!("+3".parse::<Stipulation>().map(|s| s.goal), Ok(Goal::Check));
        assert_eq!(
            "#=3".parse::<Stipulation>().map(|s| s.goal),
            Ok(Goal::MateOrStalemate)
        );
        assert_eq!(kind("##3"), ParseStipulationErrorKind::Goal);
        assert_eq!(kind("%3"), ParseStipulationErrorKind::Goal);
        // Popeye 4.104 reads the goals of the move in self and reflex
        // play, not in a series selfmover.
        assert_eq!(
            "s+3".parse::<Stipulation>().map(|s| (s.play, s.goal)),
            Ok((Play::SelfPlay, Goal::Check))
        );
        assert_eq!(kind("ser-s+3"), ParseStipulationErrorKind::Goal);
        assert_eq!(
            "r#=3".parse::<Stipulation>().map(|s| (s.play, s.goal)),
            Ok((Play::Reflex, Goal::MateOrStalemate))
        );
        assert_eq!(
            "rx3".parse::<Stipulation>().map(|s| (s.play, s.goal)),
            Ok((Play::Reflex, Goal::Capture))
        );
        assert_eq!(
            "rzc63".parse::<Stipulation>().map(|s| (s.play, s.goal)),
            Ok((Play::Reflex, Goal::Target(Square::C6)))
        );

        assert_eq!(kind("#"), ParseStipulationErrorKind::Number);
        assert_eq!(kind("#61"), ParseStipulationErrorKind::Length);
        assert_eq!(kind("h#0"), ParseStipulationErrorKind::Length);
        assert_eq!(kind("#2.5"), ParseStipulationErrorKind::HalfMove);
        assert_eq!(kind("ser-#2.5"), ParseStipulationErrorKind::HalfMove);
        assert_eq!(kind("h#2 triplex"), ParseStipulationErrorKind::Word);
        assert_eq!(kind("mate in 2 or 3"), ParseStipulationErrorKind::Word);
        assert_eq!(kind("mate in 2 3"), ParseStipulationErrorKind::Number);
        assert_eq!(kind("in 3 moves"), ParseStipulationErrorKind::Unsupported);
        assert_eq!(
            kind("helpmate reflexmate in 3"),
            ParseStipulationErrorKind::Unsupported
        );
        assert_eq!(
            kind("selfmate reflexmate in 3"),
            ParseStipulationErrorKind::Unsupported
        );
        assert_eq!(
            kind("stalemate mate in 3"),
            ParseStipulationErrorKind::Unsupported
        );
        assert_eq!(kind("selfmate in 2.5"), ParseStipulationErrorKind::HalfMove);
        assert_eq!(kind("  "), ParseStipulationErrorKind::Empty);
        let e = "Matt in elf Zügen".parse::<Stipulation>().unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (8, "elf"));
        // A number in words is a number like its digits: one only.
        assert_eq!(kind("mate in two 3"), ParseStipulationErrorKind::Number);
        assert_eq!(kind("mate in two three"), ParseStipulationErrorKind::Number);
    }

    /// Popeye's symbols, in the forms its manual gives (py-engl.txt's
    /// list of stipulations): each reads to its play, goal and length, and
    /// is written back as Popeye writes it, in lower case.
    #[test]
    fn popeye_symbols_read_and_write_back() {
        for (text, play, goal, moves, half, written) in [
            ("#2", Play::Direct, Goal::Mate, 2, false, "#2"),
            ("s#3", Play::SelfPlay, Goal::Mate, 3, false, "s#3"),
            ("S#3", Play::SelfPlay, Goal::Mate, 3, false, "s#3"),
            ("r#2", Play::Reflex, Goal::Mate, 2, false, "r#2"),
            ("=3", Play::Direct, Goal::Stalemate, 3, false, "=3"),
            ("s=4", Play::SelfPlay, Goal::Stalemate, 4, false, "s=4"),
            ("h#2", Play::Help, Goal::Mate, 2, false, "h#2"),
            ("H#3", Play::Help, Goal::Mate, 3, false, "h#3"),
            ("h#2.5", Play::Help, Goal::Mate, 2, true, "h#2.5"),
            ("h#2,5", Play::Help, Goal::Mate, 2, true, "h#2.5"),
            ("h#2½", Play::Help, Goal::Mate, 2, true, "h#2.5"),
            ("h#0.5", Play::Help, Goal::Mate, 0, true, "h#0.5"),
            ("h=2", Play::Help, Goal::Stalemate, 2, false, "h=2"),
            ("h=1.5", Play::Help, Goal::Stalemate, 1, true, "h=1.5"),
            ("ser-#7", Play::Series, Goal::Mate, 7, false, "ser-#7"),
            ("SER-#7", Play::Series, Goal::Mate, 7, false, "ser-#7"),
            ("ser-h#5", Play::SeriesHelp, Goal::Mate, 5, false, "ser-h#5"),
            ("ser-s#4", Play::SeriesSelf, Goal::Mate, 4, false, "ser-s#4"),
            ("ser-=6", Play::Series, Goal::Stalemate, 6, false, "ser-=6"),
            (
                "ser-h=3",
                Play::SeriesHelp,
                Goal::Stalemate,
                3,
                false,
                "ser-h=3",
            ),
            ("h# 2", Play::Help, Goal::Mate, 2, false, "h#2"),
            ("hs#2", Play::HelpSelf, Goal::Mate, 2, false, "hs#2"),
            ("HS#3.5", Play::HelpSelf, Goal::Mate, 3, true, "hs#3.5"),
            ("hs=2", Play::HelpSelf, Goal::Stalemate, 2, false, "hs=2"),
            ("hs#0.5", Play::HelpSelf, Goal::Mate, 0, true, "hs#0.5"),
        ] {
            let s: Stipulation = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                (s.play, s.goal, s.moves, s.half),
                (play, goal, moves, half),
                "{text}"
            );
            assert_eq!(s.to_string(), written, "{text}");
            assert_eq!(written.parse(), Ok(s), "{written}");
            let duplex: Stipulation = format!("{text} Duplex").parse().expect("duplex");
            assert!(duplex.duplex);
            assert_eq!(duplex.to_string(), format!("{written} duplex"));
        }
    }

    /// Printed statements of each genre, in the words of several
    /// languages (the genre names as problem columns print them).
    #[test]
    fn genres_in_words() {
        for (text, written) in [
            ("Helpmate in 2", "h#2"),
            ("helpmate in two moves", "h#2"),
            ("Helpmate in 2.5", "h#2.5"),
            ("Selfmate in 3", "s#3"),
            ("Reflexmate in 2", "r#2"),
            ("Stalemate in 3", "=3"),
            ("Helpstalemate in 2", "h=2"),
            ("Series helpmate in 7", "ser-h#7"),
            ("Series-mover mate in 7", "ser-#7"),
            ("Series selfmate in 5", "ser-s#5"),
            ("Helpmate in 2 duplex", "h#2 duplex"),
            ("Hilfsmatt in 2 Zügen", "h#2"),
            ("Selbstmatt in 3 Zügen", "s#3"),
            ("Reflexmatt in 2 Zügen", "r#2"),
            ("Hilfspatt in 3 Zügen", "h=3"),
            ("Serienzughilfsmatt in 9 Zügen", "ser-h#9"),
            ("mat aidé en 2 coups", "h#2"),
            ("pat aidé en 3 coups", "h=3"),
            ("mat inverse en 4 coups", "s#4"),
            ("aiutomatto in 3 mosse", "h#3"),
            ("hulpmat in 2 zetten", "h#2"),
            ("кооперативный мат в 2 хода", "h#2"),
            ("mat pomocniczy w 2 posunięciach", "h#2"),
            ("Helpselfmate in 3", "hs#3"),
            ("help selfmate in 2.5", "hs#2.5"),
            ("Selfmate help in 2", "hs#2"),
            ("Helpselfstalemate in 2", "hs=2"),
            ("Hilfsselbstmatt in 2 Zügen", "hs#2"),
            ("mat aidé inverse en 3 coups", "hs#3"),
            ("aiutoautomatto in 2 mosse", "hs#2"),
            ("hulpzelfmat in 4 zetten", "hs#4"),
            ("кооперативный обратный мат в 2 хода", "hs#2"),
        ] {
            let s: Stipulation = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(s.to_string(), written, "{text}");
        }
    }

    /// The goals the refusal names for each kind of play are the ones
    /// read: `#`, `=`, `#=` and `==` in every play; `+`, `x` and `z` with
    /// a square in direct, help, series and series help play.
    #[test]
    fn the_goal_refusal_names_the_goals_read() {
        for play in ["", "s", "r", "h", "hs", "ser-", "ser-h", "ser-s"] {
            for goal in ["#", "=", "#=", "==", "+", "x", "zc6"] {
                let named = match goal {
                    "#" | "=" | "#=" | "==" => true,
                    _ => play != "ser-s" && play != "hs",
                };
                let text = format!("{play}{goal}2");
                assert_eq!(text.parse::<Stipulation>().is_ok(), named, "{text}");
            }
        }
    }
}
