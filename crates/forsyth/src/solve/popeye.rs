//! Popeye's input language, the orthodox subset (`specs/solve.md` §4):
//! `beginproblem`, `title`, `author`, `origin`, `remark`, `pieces` with
//! `white` and `black` lists, `forsyth`, `stipulation`, `option`,
//! `nextproblem`, `endproblem`, in English, German and French, each keyword
//! abbreviated to any prefix that names one command.

use core::fmt;

use crate::board::{Board, Color, Piece, Role, Square};
use crate::notation::Language;
use crate::text::fen::Fen;
use crate::text::letters::Letters;

use super::input::problem_position;
use super::letters::popeye_role;
use super::{ChessProblem, ParseStipulationError, Stipulation};

/// Why a Popeye input does not read: where (1-based line and byte
/// column) and what is wrong.
///
/// ```
/// use forsyth::solve::{ParsePopeyeErrorKind, read_popeye};
/// let err = read_popeye("beginproblem\npieces white Kc7 Xb2\n").unwrap_err();
/// assert_eq!((err.line, err.column, err.kind), (2, 18, ParsePopeyeErrorKind::Piece));
/// assert_eq!(err.to_string(), "line 2, col 18: pieces: 'Xb2' is not a piece and its squares (Kc7, Sa1b2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParsePopeyeError {
    /// 1-based line.
    pub line: usize,
    /// 1-based byte column.
    pub column: usize,
    /// What is wrong.
    pub kind: ParsePopeyeErrorKind,
    /// The word at fault.
    pub word: String,
    /// For `stipulation`: the stipulation's own error.
    pub stipulation: Option<ParseStipulationError>,
    /// For `twin`: what was expected at the word.
    pub expected: Option<&'static str>,
}

/// What is wrong with a Popeye input. The names (`name()`) are stable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParsePopeyeErrorKind {
    /// `begin`: the input does not start with `beginproblem`.
    Begin,
    /// `end`: the input ends before `endproblem`.
    End,
    /// `after_end`: something follows `endproblem`.
    AfterEnd,
    /// `keyword`: a word that is no command here.
    Keyword,
    /// `ambiguous`: an abbreviation of more than one command.
    Ambiguous,
    /// `piece`: a word of a piece list that is not a piece and squares.
    Piece,
    /// `square_taken`: a square given two pieces.
    SquareTaken,
    /// `forsyth`: the placement after `forsyth` does not read.
    Forsyth,
    /// `stipulation`: the stipulation does not read.
    Stipulation,
    /// `twin`: a twin's changes do not read (`twin rotate 45`).
    Twin,
    /// `unsupported`: a command of fairy chess (`condition`, `neutral`),
    /// which is not read.
    Unsupported,
    /// `option`: an option that is none of Popeye's, or one forsyth does
    /// not do (`threat 2`, `maxsolutions 1`).
    Option,
    /// `illegal`: the position is not legal, in a way legal move
    /// generation cannot handle (no king; see
    /// [`ChessProblem::set_aside`](crate::solve::ChessProblem::set_aside)).
    Illegal,
}

impl ParsePopeyeErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::solve::ParsePopeyeErrorKind;
    /// assert_eq!(ParsePopeyeErrorKind::SquareTaken.name(), "square_taken");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ParsePopeyeErrorKind::Begin => "begin",
            ParsePopeyeErrorKind::End => "end",
            ParsePopeyeErrorKind::AfterEnd => "after_end",
            ParsePopeyeErrorKind::Keyword => "keyword",
            ParsePopeyeErrorKind::Ambiguous => "ambiguous",
            ParsePopeyeErrorKind::Piece => "piece",
            ParsePopeyeErrorKind::SquareTaken => "square_taken",
            ParsePopeyeErrorKind::Forsyth => "forsyth",
            ParsePopeyeErrorKind::Stipulation => "stipulation",
            ParsePopeyeErrorKind::Twin => "twin",
            ParsePopeyeErrorKind::Unsupported => "unsupported",
            ParsePopeyeErrorKind::Option => "option",
            ParsePopeyeErrorKind::Illegal => "illegal",
        }
    }
}

impl ParsePopeyeError {
    /// What is wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::solve::read_popeye;
    /// assert_eq!(read_popeye("pieces").unwrap_err().kind().name(), "begin");
    /// ```
    pub fn kind(&self) -> ParsePopeyeErrorKind {
        self.kind
    }

    /// The message without the place.
    ///
    /// ```
    /// use forsyth::solve::read_popeye;
    /// let err = read_popeye("beginproblem\ns #2\nendproblem").unwrap_err();
    /// assert_eq!(err.message(), "'s' abbreviates more than one command (source, steine, stipulation, schwarz)");
    /// ```
    pub fn message(&self) -> String {
        let word = &self.word;
        match self.kind {
            ParsePopeyeErrorKind::Begin => {
                format!("expected beginproblem (or anfangproblem, debutprobleme), found '{word}'")
            }
            ParsePopeyeErrorKind::End => {
                "the input ends before endproblem (or endeproblem, finprobleme)".to_owned()
            }
            ParsePopeyeErrorKind::AfterEnd => format!("'{word}' follows endproblem"),
            ParsePopeyeErrorKind::Keyword => format!("'{word}' is not a command here"),
            ParsePopeyeErrorKind::Ambiguous => {
                let names: Vec<&str> = COMMANDS
                    .iter()
                    .filter(|(name, _)| starts_with_ignore_case(name, word))
                    .map(|&(name, _)| name)
                    .collect();
                format!(
                    "'{word}' abbreviates more than one command ({})",
                    names.join(", ")
                )
            }
            ParsePopeyeErrorKind::Piece => {
                format!("pieces: '{word}' is not a piece and its squares (Kc7, Sa1b2)")
            }
            ParsePopeyeErrorKind::SquareTaken => {
                format!("pieces: '{word}' puts a piece on a square already taken")
            }
            ParsePopeyeErrorKind::Forsyth => {
                format!("forsyth: '{word}' is not a placement")
            }
            ParsePopeyeErrorKind::Stipulation => match &self.stipulation {
                Some(e) => e.message(),
                None => "stipulation: expected one, such as #3".to_owned(),
            },
            ParsePopeyeErrorKind::Twin => format!(
                "twin: '{word}': expected {}",
                self.expected.unwrap_or("a change")
            ),
            ParsePopeyeErrorKind::Unsupported => {
                format!("'{word}' (fairy chess) is not read, only orthodox problems")
            }
            ParsePopeyeErrorKind::Option => {
                let names = options_abbreviated(word);
                if let Some(expected) = self.expected {
                    format!("option: '{word}': expected {expected}")
                } else if option_of(word) == Some(PopeyeOption::WhiteToPlay) {
                    format!("option: '{word}' is done in help play (h#n) only, not in series play")
                } else if option_of(word) == Some(PopeyeOption::Refused) {
                    format!(
                        "option: '{word}' is not done; the options read are try, defence, \
                         trivialtriesavoid, setplay, variations, duplex, whitetoplay, \
                         postkeyplay, nothreat, threat and matesin1, and, changing nothing forsyth writes, movenumbers, noboard, \
                         intelligent, beep, suppressgrid and writegrid"
                    )
                } else if names.len() > 1 {
                    format!(
                        "option: '{word}' abbreviates more than one option ({})",
                        names.join(", ")
                    )
                } else {
                    format!("option: '{word}' is not an option")
                }
            }
            // The position error already reads `illegal position: …`.
            ParsePopeyeErrorKind::Illegal => word.clone(),
        }
    }
}

impl fmt::Display for ParsePopeyeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, col {}: {}",
            self.line,
            self.column,
            self.message()
        )
    }
}

impl std::error::Error for ParsePopeyeError {}

/// Popeye's commands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Command {
    Begin,
    End,
    Next,
    Title,
    Author,
    Origin,
    Remark,
    Pieces,
    Forsyth,
    Stipulation,
    Option,
    Protocol,
    Twin,
    Unsupported,
    /// A colour word opening a piece list, in a language.
    Colour(Color, Lang),
}

/// The language of a piece list's letters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Lang {
    English,
    German,
    French,
}

/// Every command word in English, German and French.
const COMMANDS: &[(&str, Command)] = &[
    ("beginproblem", Command::Begin),
    ("anfangproblem", Command::Begin),
    ("debutprobleme", Command::Begin),
    ("endproblem", Command::End),
    ("endeproblem", Command::End),
    ("finprobleme", Command::End),
    ("nextproblem", Command::Next),
    ("weiterproblem", Command::Next),
    ("asuivre", Command::Next),
    ("title", Command::Title),
    ("titel", Command::Title),
    ("titre", Command::Title),
    ("author", Command::Author),
    ("autor", Command::Author),
    ("auteur", Command::Author),
    ("origin", Command::Origin),
    ("quelle", Command::Origin),
    ("source", Command::Origin),
    ("remark", Command::Remark),
    ("bemerkung", Command::Remark),
    ("remarque", Command::Remark),
    ("pieces", Command::Pieces),
    ("steine", Command::Pieces),
    ("forsyth", Command::Forsyth),
    ("stipulation", Command::Stipulation),
    ("forderung", Command::Stipulation),
    ("enonce", Command::Stipulation),
    ("option", Command::Option),
    ("protocol", Command::Protocol),
    ("protokoll", Command::Protocol),
    ("protocole", Command::Protocol),
    ("condition", Command::Unsupported),
    ("bedingung", Command::Unsupported),
    ("twin", Command::Twin),
    ("zwilling", Command::Twin),
    ("jumeau", Command::Twin),
    ("white", Command::Colour(Color::White, Lang::English)),
    ("weiss", Command::Colour(Color::White, Lang::German)),
    ("blanc", Command::Colour(Color::White, Lang::French)),
    ("black", Command::Colour(Color::Black, Lang::English)),
    ("schwarz", Command::Colour(Color::Black, Lang::German)),
    ("noir", Command::Colour(Color::Black, Lang::French)),
    ("neutral", Command::Unsupported),
    ("neutre", Command::Unsupported),
];

fn starts_with_ignore_case(name: &str, word: &str) -> bool {
    name.len() >= word.len() && name.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes())
}

/// The command `word` names: exactly, or as a prefix of commands that
/// all are the same. `Err(true)`: ambiguous; `Err(false)`: none.
fn command(word: &str) -> Result<Command, bool> {
    let word = if word.eq_ignore_ascii_case("weiß") {
        "weiss"
    } else {
        word
    };
    if let Some(&(_, c)) = COMMANDS.iter().find(|(n, _)| n.eq_ignore_ascii_case(word)) {
        return Ok(c);
    }
    let mut found = None;
    for &(name, c) in COMMANDS {
        if !word.is_empty() && starts_with_ignore_case(name, word) {
            match found {
                None => found = Some(c),
                Some(f) if f == c => {}
                Some(_) => return Err(true),
            }
        }
    }
    found.ok_or(false)
}

/// A word of the input and where it starts.
struct Word<'a> {
    text: &'a str,
    line: usize,
    column: usize,
    /// Byte offset of the line's start and of the word in the input.
    line_start: usize,
    offset: usize,
}

fn words(input: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut line_start = 0;
    for (i, line) in input.split_inclusive('\n').enumerate() {
        for word in line.split_whitespace() {
            let at = word.as_ptr() as usize - line.as_ptr() as usize;
            out.push(Word {
                text: word,
                line: i + 1,
                column: at + 1,
                line_start,
                offset: line_start + at,
            });
        }
        line_start += line.len();
    }
    out
}

/// The role of a Popeye piece letter in `lang`.
fn role(letter: char, lang: Lang) -> Option<Role> {
    popeye_role(
        letter,
        match lang {
            Lang::English => Language::English,
            Lang::German => Language::German,
            Lang::French => Language::French,
        },
    )
}

/// A piece and its squares (`Kc7`, `Sa1b2`); `None` if `word` is not one.
fn piece_spec(word: &str, lang: Lang) -> Option<(Role, Vec<Square>)> {
    let mut chars = word.chars();
    let role = role(chars.next()?, lang)?;
    let rest = chars.as_str().as_bytes();
    if rest.is_empty() || !rest.len().is_multiple_of(2) {
        return None;
    }
    let squares = rest
        .chunks(2)
        .map(|pair| Square::from_ascii(&pair.to_ascii_lowercase()))
        .collect::<Option<Vec<_>>>()?;
    Some((role, squares))
}

/// One problem being read.
struct Draft {
    board: Board,
    stipulation: Option<Stipulation>,
    title: Option<String>,
    author: Option<String>,
    origin: Option<String>,
    options: Vec<String>,
    /// The language of the last piece list that was not English.
    language: Option<Language>,
    /// The line of the command that opened the problem.
    line: usize,
    twins: Vec<super::Twin>,
    /// The `whitetoplay` option's word, refused in series play.
    white_first_at: Option<ParsePopeyeError>,
}

impl Draft {
    fn new(line: usize) -> Draft {
        Draft {
            line,
            board: Board::empty(),
            stipulation: None,
            title: None,
            author: None,
            origin: None,
            options: Vec::new(),
            language: None,
            twins: Vec::new(),
            white_first_at: None,
        }
    }
}

/// Reads a Popeye input: its problems, in order (more than one with
/// `nextproblem`). Each has White to move, castling for a king and rook
/// on their original squares, no en passant; the stipulation as stated
/// (`None` when the input has none). The first fault refuses the input;
/// [`read_popeye_each`] reads every problem it can.
///
/// ```
/// use forsyth::solve::{read_popeye, Stipulation};
/// let input = "beginproblem\ntitle The Greek three-mover\npieces\n  white Ka5 Ra8 Rf1 Bd5 Se6\n  black Ke7\nstip #3\nendproblem\n";
/// let problems = read_popeye(input)?;
/// assert_eq!(problems[0].position.setup().to_string(), "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1");
/// assert_eq!(problems[0].stipulation, Some(Stipulation::mate(3)));
/// assert_eq!(problems[0].title.as_deref(), Some("The Greek three-mover"));
/// let german = read_popeye("anfang steine weiss Ka5 Ta8 Tf1 Ld5 Se6 schwarz Ke7 forderung #3 ende")?;
/// assert_eq!(german[0].position, problems[0].position);
/// let french = read_popeye("debut pieces blanc Ra5 Ta8 Tf1 Fd5 Ce6 noir Re7 enonce #3 fin")?;
/// assert_eq!(french[0].position, problems[0].position);
/// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
/// ```
pub fn read_popeye(input: &str) -> Result<Vec<ChessProblem>, ParsePopeyeError> {
    read_popeye_each(input).into_iter().collect()
}

/// Reads a Popeye input problem by problem: each problem, or the first
/// fault in it, in order. A fault costs only its own problem: reading
/// goes on after the problem's `nextproblem`. A missing `beginproblem`
/// or `endproblem`, or words after `endproblem`, are faults of their own.
///
/// ```
/// use forsyth::solve::{ParsePopeyeErrorKind, read_popeye_each};
/// let input = "beginproblem pieces white Kb6 Qc1 black Ka8 stip #1
///     nextproblem pieces white Kb6 Xa1 black Ka8 stip #1
///     nextproblem pieces white Kb6 Rh2 black Ka8 stip #1
///     endproblem";
/// let read = read_popeye_each(input);
/// assert_eq!(read.len(), 3);
/// assert!(read[0].is_ok() && read[2].is_ok());
/// let err = read[1].as_ref().unwrap_err();
/// assert_eq!((err.line, err.kind), (2, ParsePopeyeErrorKind::Piece));
/// ```
pub fn read_popeye_each(input: &str) -> Vec<Result<ChessProblem, ParsePopeyeError>> {
    let words = words(input);
    let mut read = Vec::new();
    match words.first() {
        None => {
            read.push(Err(end_error(input)));
            return read;
        }
        Some(w) if command(w.text) == Ok(Command::Begin) => {}
        Some(w) => {
            read.push(Err(word_error(w, ParsePopeyeErrorKind::Begin)));
            return read;
        }
    }
    let mut i = 1;
    loop {
        let ended = match read_problem(input, &words, &mut i) {
            Ok((problem, ended)) => {
                read.push(problem);
                ended
            }
            Err(e) => {
                let at_end = e.kind == ParsePopeyeErrorKind::End;
                read.push(Err(e));
                if at_end {
                    return read;
                }
                match skip_problem(&words, &mut i) {
                    Some(ended) => ended,
                    None => {
                        read.push(Err(end_error(input)));
                        return read;
                    }
                }
            }
        };
        if ended {
            if let Some(after) = words.get(i) {
                read.push(Err(word_error(after, ParsePopeyeErrorKind::AfterEnd)));
            }
            return read;
        }
    }
}

/// Whether `input` is meant as Popeye's input, read or not: one of its
/// words names a command, in full or abbreviated to three letters or more
/// (`beginproblem`, `beg`, `stipulation`, a misspelt `beginproblem`'s
/// `pieces`), colour words aside (a printed stipulation says `White to
/// play and mate in 2` too). No word of a FEN record or of a stipulation
/// in words names one, so a file of statements, one per line, is not.
///
/// ```
/// use forsyth::solve::{is_popeye_input, read_popeye_each, ParsePopeyeErrorKind};
/// let misspelt = "beginprobelm\npieces white Kb6 Rh2 black Ka8\nstipulation #1\nendproblem\n";
/// assert!(is_popeye_input(misspelt));
/// let read = read_popeye_each(misspelt);
/// assert_eq!(read[0].as_ref().unwrap_err().kind, ParsePopeyeErrorKind::Begin);
/// assert!(!is_popeye_input("k7/8/1K6/8/8/8/8/7R w - - 0 1 White to play and mate in 1\n"));
/// ```
pub fn is_popeye_input(input: &str) -> bool {
    input.split_whitespace().any(|word| {
        word.chars().count() >= 3 && command(word).is_ok_and(|c| !matches!(c, Command::Colour(..)))
    })
}

/// The fault at word `w`.
fn word_error(w: &Word<'_>, kind: ParsePopeyeErrorKind) -> ParsePopeyeError {
    ParsePopeyeError {
        line: w.line,
        column: w.column,
        kind,
        word: w.text.to_owned(),
        stipulation: None,
        expected: None,
    }
}

/// The input ends before `endproblem`: the fault at its end.
fn end_error(input: &str) -> ParsePopeyeError {
    let line = input.matches('\n').count() + 1;
    let last = input.rsplit('\n').next().unwrap_or("");
    ParsePopeyeError {
        line,
        column: last.len() + 1,
        kind: ParsePopeyeErrorKind::End,
        word: String::new(),
        stipulation: None,
        expected: None,
    }
}

/// The number of words after word `i - 1` on its line (the text of
/// `title` and the commands like it).
fn rest_of_line(words: &[Word<'_>], i: usize, line_start: usize) -> usize {
    words[i..]
        .iter()
        .take_while(|x| x.line_start == line_start)
        .count()
}

/// After a fault: skips the rest of its problem, to the word after the
/// next `nextproblem` or `endproblem` (not counting words in the text of
/// `title` and the like). `Some(true)` at `endproblem`, `Some(false)` at
/// `nextproblem`, `None` when the input ends first.
fn skip_problem(words: &[Word<'_>], i: &mut usize) -> Option<bool> {
    while let Some(w) = words.get(*i) {
        *i += 1;
        match command(w.text) {
            Ok(Command::Next) => return Some(false),
            Ok(Command::End) => return Some(true),
            Ok(Command::Title | Command::Author | Command::Origin | Command::Remark) => {
                *i += rest_of_line(words, *i, w.line_start);
            }
            Ok(Command::Option) => {
                while words
                    .get(*i)
                    .is_some_and(|o| option_of(o.text).is_some() || is_number(o.text))
                {
                    *i += 1;
                }
            }
            _ => {}
        }
    }
    None
}

/// The words of an option block, from word `i` (after `option`, word
/// `at`) to the next command, leaving `i` at that command: as Popeye
/// reads them, over as many lines as they take (`option variation` and
/// `threat 1` on the next line), each option's number after it (`threat
/// 1`; optional after `beep` and `intelligent`). An option forsyth does
/// not do, a word that is neither an option nor a command, a missing or
/// wrong number, or no option at all is refused: nothing the input asks
/// is ignored unsaid.
fn option_block<'a>(
    words: &[Word<'a>],
    i: &mut usize,
    input: &str,
) -> Result<Vec<&'a str>, ParsePopeyeError> {
    let mut read = Vec::new();
    loop {
        let Some(o) = words.get(*i) else {
            if read.is_empty() {
                return Err(end_error(input));
            }
            return Ok(read);
        };
        let Some(option) = option_of(o.text) else {
            if command(o.text).is_err() {
                return Err(word_error(o, ParsePopeyeErrorKind::Option));
            }
            if read.is_empty() {
                return Err(ParsePopeyeError {
                    expected: Some("an option before it"),
                    ..word_error(o, ParsePopeyeErrorKind::Option)
                });
            }
            return Ok(read);
        };
        if option == PopeyeOption::Refused {
            return Err(word_error(o, ParsePopeyeErrorKind::Option));
        }
        read.push(o.text);
        *i += 1;
        let number = words.get(*i).filter(|n| is_number(n.text));
        match option {
            PopeyeOption::Threat => {
                let Some(n) = number else {
                    let after = words.get(*i).unwrap_or(o);
                    return Err(ParsePopeyeError {
                        expected: Some("a number of moves"),
                        ..word_error(after, ParsePopeyeErrorKind::Option)
                    });
                };
                read.push(n.text);
                *i += 1;
            }
            PopeyeOption::Defence => {
                let Some(n) = number.filter(|n| n.text.parse::<u32>().is_ok()) else {
                    let after = words.get(*i).unwrap_or(o);
                    return Err(ParsePopeyeError {
                        expected: Some("a number of refutations, 0 to 4294967295"),
                        ..word_error(after, ParsePopeyeErrorKind::Option)
                    });
                };
                read.push(n.text);
                *i += 1;
            }
            PopeyeOption::Silent if counts(o.text) => {
                if let Some(n) = number {
                    read.push(n.text);
                    *i += 1;
                }
            }
            _ => {}
        }
    }
}

/// `true` for the silent options that take a number when one follows
/// (`beep 3`, `intelligent 1`).
fn counts(word: &str) -> bool {
    ["beep", "pieps", "bip", "intelligent"]
        .iter()
        .any(|name| starts_with_ignore_case(name, word))
}

/// `true` for a word of digits alone (an option's number).
fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// A problem read to its end: the problem (or why its position is
/// refused), and whether it ended with `endproblem`.
type Ended = (Result<ChessProblem, ParsePopeyeError>, bool);

/// Reads one problem from word `i` (after `beginproblem` or
/// `nextproblem`) to its `nextproblem` or `endproblem`, leaving `i` after
/// that word: the problem (or why its position is refused) and whether
/// the word was `endproblem`. `Err`: a fault before the problem's end,
/// where `i` stops.
fn read_problem(input: &str, words: &[Word<'_>], i: &mut usize) -> Result<Ended, ParsePopeyeError> {
    // Word `i - 1` opened the problem (`beginproblem`, `nextproblem`).
    let opened = i.checked_sub(1).and_then(|o| words.get(o));
    let mut draft = Draft::new(opened.map_or(1, |w| w.line));
    // The colour and letters of the piece list being read, if any.
    let mut list: Option<(Color, Lang)> = None;
    loop {
        let Some(w) = words.get(*i) else {
            return Err(end_error(input));
        };
        *i += 1;
        if let Some((color, lang)) = list {
            if let Some((role, squares)) = piece_spec(w.text, lang) {
                for sq in squares {
                    if draft.board.piece_at(sq).is_some() {
                        return Err(word_error(w, ParsePopeyeErrorKind::SquareTaken));
                    }
                    draft.board.set_piece_at(sq, Piece { color, role });
                }
                continue;
            }
        }
        let found = command(w.text).map_err(|ambiguous| {
            let starts_like_piece =
                w.text.len() > 1 && w.text.as_bytes()[1..].iter().any(u8::is_ascii_digit);
            let kind = if ambiguous {
                ParsePopeyeErrorKind::Ambiguous
            } else if list.is_some() && starts_like_piece {
                ParsePopeyeErrorKind::Piece
            } else {
                ParsePopeyeErrorKind::Keyword
            };
            word_error(w, kind)
        })?;
        if !matches!(found, Command::Colour(..)) {
            list = None;
        }
        // The rest of the line, for the commands that take it.
        let rest_of_line = || {
            let line_end = input[w.offset..]
                .find('\n')
                .map_or(input.len(), |n| w.offset + n);
            let text = input[w.offset + w.text.len()..line_end].trim();
            (text.to_owned(), rest_of_line(words, *i, w.line_start))
        };
        match found {
            Command::Begin => return Err(word_error(w, ParsePopeyeErrorKind::Keyword)),
            Command::End | Command::Next => {
                return Ok((finish(draft, w), found == Command::End));
            }
            Command::Title | Command::Author | Command::Origin | Command::Remark => {
                let (text, skip) = rest_of_line();
                *i += skip;
                let slot = match found {
                    Command::Title => &mut draft.title,
                    Command::Author => &mut draft.author,
                    Command::Origin => &mut draft.origin,
                    _ => continue,
                };
                *slot = Some(text);
            }
            Command::Option => {
                let start = *i;
                let read = option_block(words, i, input)?;
                if let Some(w) = words[start..*i]
                    .iter()
                    .find(|o| option_of(o.text) == Some(PopeyeOption::WhiteToPlay))
                {
                    draft.white_first_at = Some(word_error(w, ParsePopeyeErrorKind::Option));
                }
                draft.options.extend(read.into_iter().map(str::to_owned));
            }
            Command::Protocol => *i += 1,
            Command::Pieces => {}
            Command::Colour(color, lang) => {
                list = Some((color, lang));
                match lang {
                    Lang::English => {}
                    Lang::German => draft.language = Some(Language::German),
                    Lang::French => draft.language = Some(Language::French),
                }
            }
            Command::Forsyth => {
                let Some(p) = words.get(*i) else {
                    return Err(end_error(input));
                };
                *i += 1;
                // Popeye writes knights S; FEN letters otherwise.
                let placement: String = p
                    .text
                    .chars()
                    .map(|c| match c {
                        'S' => 'N',
                        's' => 'n',
                        c => c,
                    })
                    .collect();
                let record = format!("{placement} w - - 0 1");
                let fen = Fen::from_ascii_with(record.as_bytes(), &Letters::ENGLISH)
                    .map_err(|_| word_error(p, ParsePopeyeErrorKind::Forsyth))?;
                for (sq, piece) in fen.board.pieces() {
                    if draft.board.piece_at(sq).is_some() {
                        return Err(word_error(p, ParsePopeyeErrorKind::SquareTaken));
                    }
                    draft.board.set_piece_at(sq, piece);
                }
            }
            Command::Stipulation => {
                let Some(s) = words.get(*i) else {
                    return Err(end_error(input));
                };
                *i += 1;
                let mut text = s.text.to_owned();
                // `# 3`: the number as its own word.
                if text.ends_with('#') {
                    if let Some(n) = words
                        .get(*i)
                        .filter(|n| n.text.bytes().all(|b| b.is_ascii_digit()))
                    {
                        text.push_str(n.text);
                        *i += 1;
                    }
                }
                let stipulation = text.parse::<Stipulation>().map_err(|e| ParsePopeyeError {
                    stipulation: Some(e),
                    ..word_error(s, ParsePopeyeErrorKind::Stipulation)
                })?;
                draft.stipulation = Some(stipulation);
            }
            Command::Twin => {
                let texts: Vec<&str> = words[*i - 1..].iter().map(|w| w.text).collect();
                let language = draft.language.unwrap_or(Language::English);
                let (twins, used) = super::twin::read_twins(&texts, language).map_err(|e| {
                    let at = (*i - 1 + e.at).min(words.len() - 1);
                    ParsePopeyeError {
                        expected: Some(e.expected),
                        ..word_error(&words[at], ParsePopeyeErrorKind::Twin)
                    }
                })?;
                draft.twins.extend(twins);
                // `used` counts the keyword, which is read already; a
                // reader that took nothing must still move on.
                *i += used.max(1) - 1;
            }
            Command::Unsupported => return Err(word_error(w, ParsePopeyeErrorKind::Unsupported)),
        }
    }
}

/// Popeye's options: those that change what is solved or shown, those
/// that change nothing forsyth writes, and those it does not do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PopeyeOption {
    Try,
    /// `defence N`: tries with up to `N` refutations.
    Defence,
    /// Checking tries with one refutation left out.
    TrivialTriesAvoid,
    SetPlay,
    Variation,
    Duplex,
    WhiteToPlay,
    PostKey,
    NoThreat,
    /// `threat N`: every quiet attacker's move threatens in `N` moves.
    Threat,
    /// Self play's defences that mate before the attacker's last move
    /// written.
    MatesIn1,
    /// Read, with nothing to do: Popeye's progress lines (move numbers),
    /// its board and grid, a beep, its faster help-play search (the same
    /// solutions).
    Silent,
    /// Popeye's options that forsyth does not do: refused by name.
    Refused,
}

/// Popeye's option names in English, French and German.
const OPTIONS: &[(&str, PopeyeOption)] = &[
    ("try", PopeyeOption::Try),
    ("verfuehrung", PopeyeOption::Try),
    ("essais", PopeyeOption::Try),
    ("setplay", PopeyeOption::SetPlay),
    ("satzspiel", PopeyeOption::SetPlay),
    ("apparent", PopeyeOption::SetPlay),
    ("variations", PopeyeOption::Variation),
    ("varianten", PopeyeOption::Variation),
    ("variantes", PopeyeOption::Variation),
    ("duplex", PopeyeOption::Duplex),
    ("whitetoplay", PopeyeOption::WhiteToPlay),
    ("weissbeginnt", PopeyeOption::WhiteToPlay),
    ("apparentseul", PopeyeOption::WhiteToPlay),
    ("postkeyplay", PopeyeOption::PostKey),
    ("nachschluessel", PopeyeOption::PostKey),
    ("aprescle", PopeyeOption::PostKey),
    ("nothreat", PopeyeOption::NoThreat),
    ("ohnedrohung", PopeyeOption::NoThreat),
    ("sansmenace", PopeyeOption::NoThreat),
    ("movenumbers", PopeyeOption::Silent),
    ("zugnummern", PopeyeOption::Silent),
    ("trace", PopeyeOption::Silent),
    ("noboard", PopeyeOption::Silent),
    ("ohnebrett", PopeyeOption::Silent),
    ("sansechiquier", PopeyeOption::Silent),
    ("intelligent", PopeyeOption::Silent),
    ("beep", PopeyeOption::Silent),
    ("pieps", PopeyeOption::Silent),
    ("bip", PopeyeOption::Silent),
    ("suppressgrid", PopeyeOption::Silent),
    ("ohnegitter", PopeyeOption::Silent),
    ("sansgrille", PopeyeOption::Silent),
    ("writegrid", PopeyeOption::Silent),
    ("zeichnegitter", PopeyeOption::Silent),
    ("ajoutegrille", PopeyeOption::Silent),
    ("defence", PopeyeOption::Defence),
    ("defense", PopeyeOption::Defence),
    ("widerlegung", PopeyeOption::Defence),
    ("startmovenumber", PopeyeOption::Refused),
    ("startzugnummer", PopeyeOption::Refused),
    ("enroute", PopeyeOption::Refused),
    ("nowk", PopeyeOption::Refused),
    ("ohnewk", PopeyeOption::Refused),
    ("sansrb", PopeyeOption::Refused),
    ("nobk", PopeyeOption::Refused),
    ("ohnesk", PopeyeOption::Refused),
    ("sansrn", PopeyeOption::Refused),
    ("threat", PopeyeOption::Threat),
    ("drohung", PopeyeOption::Threat),
    ("menace", PopeyeOption::Threat),
    ("maxsolutions", PopeyeOption::Refused),
    ("maxloesungen", PopeyeOption::Refused),
    ("maxflightsquares", PopeyeOption::Refused),
    ("maxfluchtfelder", PopeyeOption::Refused),
    ("maxcasesfuites", PopeyeOption::Refused),
    ("search", PopeyeOption::Refused),
    ("suchen", PopeyeOption::Refused),
    ("multisolutions", PopeyeOption::Refused),
    ("mehrereloesungen", PopeyeOption::Refused),
    ("nosymmetry", PopeyeOption::Refused),
    ("keinesymmetrie", PopeyeOption::Refused),
    ("nonsymetrique", PopeyeOption::Refused),
    ("nontrivial", PopeyeOption::Refused),
    ("nichttrivial", PopeyeOption::Refused),
    ("keepmatingpiece", PopeyeOption::Refused),
    ("haltemattsetzendenstein", PopeyeOption::Refused),
    ("retienspiecematante", PopeyeOption::Refused),
    ("enpassant", PopeyeOption::Refused),
    ("noshortvariations", PopeyeOption::Refused),
    ("ohnekurzvarianten", PopeyeOption::Refused),
    ("sansvariantescourtes", PopeyeOption::Refused),
    ("halfduplex", PopeyeOption::Refused),
    ("halbduplex", PopeyeOption::Refused),
    ("demiduplex", PopeyeOption::Refused),
    ("maxtime", PopeyeOption::Refused),
    ("maxzeit", PopeyeOption::Refused),
    ("maxtemps", PopeyeOption::Refused),
    ("nocastling", PopeyeOption::Refused),
    ("keinerochade", PopeyeOption::Refused),
    ("sansroquer", PopeyeOption::Refused),
    ("quodlibet", PopeyeOption::Refused),
    ("stoponshortsolutions", PopeyeOption::Refused),
    ("stopnachkurzloesungen", PopeyeOption::Refused),
    ("finapressolutionscourtes", PopeyeOption::Refused),
    ("castlingmutuallyexclusive", PopeyeOption::Refused),
    ("rochadengegenseitigausschliessend", PopeyeOption::Refused),
    ("roquesmutuellementexclusifs", PopeyeOption::Refused),
    ("goalisend", PopeyeOption::Refused),
    ("zielistende", PopeyeOption::Refused),
    ("butestfin", PopeyeOption::Refused),
    ("nullmoves", PopeyeOption::Refused),
    ("nullzuege", PopeyeOption::Refused),
    ("coupsvides", PopeyeOption::Refused),
    ("uptomovenumber", PopeyeOption::Refused),
    ("biszugnummer", PopeyeOption::Refused),
    ("jusquaucoup", PopeyeOption::Refused),
    ("trivialtriesavoid", PopeyeOption::TrivialTriesAvoid),
    (
        "trivialefehlversucheunterdruecken",
        PopeyeOption::TrivialTriesAvoid,
    ),
    ("trivialessaisupprimer", PopeyeOption::TrivialTriesAvoid),
    ("matesin1", PopeyeOption::MatesIn1),
    ("mattsin1", PopeyeOption::MatesIn1),
    ("matsen1", PopeyeOption::MatesIn1),
];

/// The option `word` names: exactly, or as a prefix of three letters or
/// more of names that all mean one option.
fn option_of(word: &str) -> Option<PopeyeOption> {
    if let Some(&(_, o)) = OPTIONS.iter().find(|(n, _)| n.eq_ignore_ascii_case(word)) {
        return Some(o);
    }
    if word.len() < 3 {
        return None;
    }
    let mut found = None;
    for &(name, o) in OPTIONS {
        if starts_with_ignore_case(name, word) {
            match found {
                None => found = Some(o),
                Some(f) if f == o && o != PopeyeOption::Refused => {}
                Some(_) => return None,
            }
        }
    }
    found
}

/// The option names `word` abbreviates (three letters or more).
fn options_abbreviated(word: &str) -> Vec<&'static str> {
    if word.len() < 3 {
        return Vec::new();
    }
    OPTIONS
        .iter()
        .filter(|(name, _)| starts_with_ignore_case(name, word))
        .map(|&(name, _)| name)
        .collect()
}

impl ChessProblem {
    fn asks(&self, option: PopeyeOption) -> bool {
        self.options.iter().any(|o| option_of(o) == Some(option))
    }

    /// `true` when the problem's options ask for its tries (Popeye's
    /// `Try`, `Verfuehrung`, `Essais`, or `Defence N`, `Widerlegung N`,
    /// `Defense N`, [`ChessProblem::max_refutations`]).
    ///
    /// ```
    /// use forsyth::solve::read_popeye;
    /// let p = read_popeye("beginproblem pieces white Kb6 Rc7 black Ka8 stip #2\noption try var\nendproblem")?;
    /// assert!(p[0].asks_tries() && p[0].asks_variations() && !p[0].asks_set_play());
    /// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
    /// ```
    pub fn asks_tries(&self) -> bool {
        self.max_refutations().is_some()
    }

    /// The most refutations a try may have, when the problem's options ask
    /// for tries: 1 for `Try`, `N` for `Defence N` (`Widerlegung`,
    /// `Defense`), the later of them when both are given, as Popeye
    /// reads them ([`Solver::max_refutations`]).
    ///
    /// ```
    /// use forsyth::solve::read_popeye;
    /// let read = |options: &str| read_popeye(&format!("beginproblem pieces white Kb6 Rc7 black Ka8 stip #2 option {options} endproblem"));
    /// assert_eq!(read("defence 2")?[0].max_refutations(), Some(2));
    /// assert_eq!(read("defence 2 try")?[0].max_refutations(), Some(1));
    /// assert_eq!(read("try widerlegung 3")?[0].max_refutations(), Some(3));
    /// assert_eq!(read("variation")?[0].max_refutations(), None);
    /// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
    /// ```
    ///
    /// [`Solver::max_refutations`]: super::Solver::max_refutations
    pub fn max_refutations(&self) -> Option<u32> {
        let at = self.options.iter().rposition(|o| {
            matches!(
                option_of(o),
                Some(PopeyeOption::Try | PopeyeOption::Defence)
            )
        })?;
        if option_of(&self.options[at]) == Some(PopeyeOption::Try) {
            return Some(1);
        }
        // Only a number that fits follows the option (the reader saw to it).
        self.options.get(at + 1)?.parse().ok()
    }

    /// `true` when the problem's options leave out the trivial tries
    /// (Popeye's `TrivialTriesAvoid`, `TrivialeFehlversucheUnterdruecken`,
    /// `TrivialEssaiSupprimer`): a checking try with one refutation
    /// ([`Solver::avoid_trivial_tries`]). It asks for no tries itself.
    ///
    /// [`Solver::avoid_trivial_tries`]: super::Solver::avoid_trivial_tries
    pub fn asks_trivial_tries_avoided(&self) -> bool {
        self.asks(PopeyeOption::TrivialTriesAvoid)
    }

    /// `true` when the problem's options say that its battle play starts
    /// after the key (Popeye's `PostKeyPlay`, `NachSchluessel`,
    /// `ApresCle`): the defender moves first ([`Solver::postkey`]).
    ///
    /// ```
    /// use forsyth::Color;
    /// use forsyth::solve::read_popeye;
    /// let p = read_popeye("beginproblem pieces white Kb6 Sd5 Pa7 black Ka8 Se8 stip #2\noption postkey\nendproblem")?;
    /// assert!(p[0].asks_postkey());
    /// assert_eq!(p[0].position.turn(), Color::Black);
    /// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
    /// ```
    ///
    /// [`Solver::postkey`]: super::Solver::postkey
    pub fn asks_postkey(&self) -> bool {
        self.asks(PopeyeOption::PostKey)
    }

    /// `true` when the problem's options ask for its set play (Popeye's
    /// `SetPlay`, `Satzspiel`, `Apparent`).
    pub fn asks_set_play(&self) -> bool {
        self.asks(PopeyeOption::SetPlay)
    }

    /// `true` when the problem's options ask for threats and variations
    /// (Popeye's `Variation`, `Varianten`, `Variantes`): without it Popeye
    /// writes the keys and tries alone.
    pub fn asks_variations(&self) -> bool {
        self.asks(PopeyeOption::Variation)
    }

    /// `true` when the problem's options turn the threats off (Popeye's
    /// `NoThreat`, `OhneDrohung`, `SansMenace`): Popeye's style then
    /// writes no threat and every defence ([`PopeyeStyle::threats`]).
    ///
    /// ```
    /// use forsyth::solve::read_popeye;
    /// let p = read_popeye("beginproblem pieces white Kb6 Rc7 black Ka8 stip #2\noption vari nothreat\nendproblem")?;
    /// assert!(p[0].asks_no_threat());
    /// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
    /// ```
    ///
    /// [`PopeyeStyle::threats`]: super::PopeyeStyle::threats
    pub fn asks_no_threat(&self) -> bool {
        self.asks(PopeyeOption::NoThreat)
    }

    /// `true` when the problem's options ask for the defences of self and
    /// reflex play that mate before the attacker's last move (Popeye's
    /// `MatesIn1`, `MattsIn1`, `MatsEn1`), which Popeye's tree leaves
    /// out without it ([`PopeyeStyle::mates_in_one`]).
    ///
    /// [`PopeyeStyle::mates_in_one`]: super::PopeyeStyle::mates_in_one
    pub fn asks_mates_in_one(&self) -> bool {
        self.asks(PopeyeOption::MatesIn1)
    }

    /// The longest threat the problem's options allow (Popeye's `Threat
    /// N`, `Drohung N`, `Menace N`): every quiet move of the attacker must
    /// threaten the goal in at most `N` moves ([`Solver::max_threat`]).
    /// A number past 255 is read as 255, longer than any stipulation.
    ///
    /// ```
    /// use forsyth::solve::read_popeye;
    /// let p = read_popeye("beginproblem pieces white Kb6 Rc7 black Ka8 stip #2\noption vari\n  drohung 1\nendproblem")?;
    /// assert_eq!(p[0].max_threat(), Some(1));
    /// assert!(p[0].asks_variations());
    /// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
    /// ```
    ///
    /// [`Solver::max_threat`]: super::Solver::max_threat
    pub fn max_threat(&self) -> Option<u8> {
        let at = self
            .options
            .iter()
            .rposition(|o| option_of(o) == Some(PopeyeOption::Threat))?;
        let number = self.options.get(at + 1)?;
        // Only digits follow the option (the reader saw to it).
        Some(number.parse::<u8>().unwrap_or(u8::MAX))
    }
}

/// The stipulation as the options change it: `Duplex`, and `WhiteToPlay`
/// (help play in whole moves with the other side first: `h#2` is solved
/// as `h#1.5`, and `hs#2` as `hs#1.5`, as Popeye does).
fn with_options(stipulation: Option<Stipulation>, options: &[String]) -> Option<Stipulation> {
    let mut s = stipulation?;
    if asks(options, PopeyeOption::Duplex) {
        s = s.with_duplex();
    }
    Some(white_first(s, options))
}

/// `true` when `options` hold `option`.
fn asks(options: &[String], option: PopeyeOption) -> bool {
    options.iter().any(|o| option_of(o) == Some(option))
}

/// `s` as `WhiteToPlay` in `options` changes it: help play in whole moves
/// solved with the other side first, half a move shorter.
fn white_first(mut s: Stipulation, options: &[String]) -> Stipulation {
    if asks(options, PopeyeOption::WhiteToPlay) && white_first_applies(s) {
        s.moves -= 1;
        s = s.with_half();
    }
    s
}

/// `true` when `WhiteToPlay` changes `s`: help play in whole moves.
fn white_first_applies(s: Stipulation) -> bool {
    matches!(s.play, super::Play::Help | super::Play::HelpSelf) && !s.half && s.moves > 0
}

/// The problem of a draft, at the word that ends it.
fn finish(mut draft: Draft, at: &Word<'_>) -> Result<ChessProblem, ParsePopeyeError> {
    draft.stipulation = with_options(draft.stipulation, &draft.options);
    // A twin's stipulation is changed by the options as the problem's is,
    // as Popeye changes it (and labels the twin with the stipulation
    // solved).
    let white_to_play = asks(&draft.options, PopeyeOption::WhiteToPlay);
    for twin in &mut draft.twins {
        for change in &mut twin.changes {
            if let super::TwinChange::Stipulation(s) = change {
                twin.white_to_play_ignored = white_to_play && !white_first_applies(*s);
                *s = white_first(*s, &draft.options);
            }
        }
    }
    // Popeye reads `whitetoplay` in series play as a series one move
    // shorter written from a half move; that reading is not followed.
    let series = draft.stipulation.is_some_and(|s| {
        matches!(
            s.play,
            super::Play::Series | super::Play::SeriesHelp | super::Play::SeriesSelf
        )
    });
    if let Some(err) = draft.white_first_at.take().filter(|_| series) {
        return Err(err);
    }
    let postkey = draft
        .options
        .iter()
        .any(|o| option_of(o) == Some(PopeyeOption::PostKey));
    let first = super::input::first_mover(draft.stipulation, postkey);
    let (position, set_aside) =
        problem_position(draft.board, first).map_err(|e| ParsePopeyeError {
            line: at.line,
            column: at.column,
            kind: ParsePopeyeErrorKind::Illegal,
            word: e.to_string(),
            stipulation: None,
            expected: None,
        })?;
    Ok(ChessProblem {
        position,
        stipulation: draft.stipulation,
        title: draft.title,
        author: draft.author,
        origin: draft.origin,
        options: draft.options,
        language: draft.language,
        line: draft.line,
        set_aside,
        turn_stated: false,
        twins: draft.twins,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fuzzed input (kept as the seed `regression-twin-reads-nothing`)
    /// on which the twin reader took no word: the count of words read
    /// went below zero, a panic in a debug build and a loop without end
    /// in a release one.
    #[test]
    fn a_twin_that_reads_nothing_ends() {
        let text = String::from_utf8_lossy(include_bytes!(
            "../../../../fuzz/seeds/popeye_read/regression-twin-reads-nothing"
        ));
        let each = read_popeye_each(&text);
        assert!(!each.is_empty());
        let _ = read_popeye(&text);
    }

    #[test]
    fn abbreviations_name_one_command_or_are_refused() {
        assert_eq!(command("beg"), Ok(Command::Begin));
        assert_eq!(command("end"), Ok(Command::End)); // endproblem, endeproblem
        assert_eq!(command("sti"), Ok(Command::Stipulation));
        assert_eq!(command("pie"), Ok(Command::Pieces));
        assert_eq!(
            command("Weiß"),
            Ok(Command::Colour(Color::White, Lang::German))
        );
        assert_eq!(command("s"), Err(true));
        assert_eq!(command("bl"), Err(true)); // black, blanc
        assert_eq!(command("xyz"), Err(false));
    }

    /// No word of a statement file names a command: not the stipulation
    /// words of any language, nor the fields of a FEN record; Popeye's
    /// inputs do, however their first word is spelt.
    #[test]
    fn statements_are_not_taken_for_popeye_input() {
        for language in Language::ALL {
            let words = language.stipulation_words();
            let all = words
                .numbers
                .iter()
                .flat_map(|forms| forms.iter())
                .chain(words.mate)
                .chain(words.fillers);
            for word in all {
                assert!(!is_popeye_input(word), "{language}: {word}");
            }
        }
        for line in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 #2",
            "4k3/8/8/8/8/8/8/R3K2R b Qk e3 0 1 s#2",
            "(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) Weiß setzt in 3 Zügen matt",
            "T7/4k3/4S3/K2L4/8/8/8/5T2 (5+1) Matt in drei Zügen",
        ] {
            assert!(!is_popeye_input(line), "{line}");
        }
        for input in [
            "beginproblem",
            "beginprobelm pieces white Kb6 black Ka8 stipulation #1 endproblem",
            "begin pie whi Kb6 bla Ka8 sti #1 end",
            "Anfangproblem Steine Weiss Ka5",
            "debutprobleme\nenonce #3\nfin",
            "white Kb6 black Ka8 stip #1",
        ] {
            assert!(is_popeye_input(input), "{input}");
        }
    }

    #[test]
    fn several_problems_and_errors_in_place() {
        let two =
            "beg\npie whi Kc1 Qd1 blac Ka3\nsti #1\nnext\npie whi Kc1 Rh2 blac Ka1\nsti #1\nend\n";
        let problems = read_popeye(two).expect("reads");
        assert_eq!(problems.len(), 2);
        // Each starts on the line of the word that opens it: beg, next.
        assert_eq!((problems[0].line, problems[1].line), (1, 4));
        assert_eq!(
            problems[1].position.setup().to_string(),
            "8/8/8/8/8/8/7R/k1K5 w - - 0 1"
        );
        let err = read_popeye("beginproblem\npieces white Kc1 Kc1\nend").unwrap_err();
        assert_eq!(
            (err.line, err.column, err.kind),
            (2, 18, ParsePopeyeErrorKind::SquareTaken)
        );
        let err = read_popeye("beginproblem\nstipulation hr#2\nend").unwrap_err();
        assert_eq!(err.kind, ParsePopeyeErrorKind::Stipulation);
        assert_eq!(
            err.to_string(),
            "line 2, col 13: stipulation: hr#2 is not solved, only #n, s#n, r#n, h#n, h#n.5, hs#n, hs#n.5, ser-#n, ser-h#n, ser-s#n, with other goals (=, #=, ==...)"
        );
        let err = read_popeye("beginproblem\ncondition circe\nend").unwrap_err();
        assert_eq!(err.kind, ParsePopeyeErrorKind::Unsupported);
        let err = read_popeye("beginproblem\npieces white Kc1\n").unwrap_err();
        assert_eq!((err.line, err.kind), (3, ParsePopeyeErrorKind::End));
        let err = read_popeye("beginproblem\npieces white Kc1 black Ka1 Kb1\nend\n").unwrap_err();
        assert_eq!((err.line, err.kind), (3, ParsePopeyeErrorKind::Illegal));
    }

    /// Every option word is one of Popeye's that forsyth reads, or an
    /// error at that word: one forsyth does not do (named), an
    /// abbreviation of several, or no option at all; never ignored.
    #[test]
    fn options_are_read_or_refused_at_their_word() {
        let read = |options: &str| {
            read_popeye(&format!(
                "beginproblem\npieces white Kb6 Rc7 black Ka8\nstip #2\noption {options}\nendproblem"
            ))
        };
        let p = read("Vari NoThreat movenum noboard intelligent").unwrap();
        assert!(p[0].asks_variations() && p[0].asks_no_threat() && !p[0].asks_tries());
        assert!(read("OhneDrohung").unwrap()[0].asks_no_threat());
        assert!(read("sansmenace").unwrap()[0].asks_no_threat());
        let p = read("vari threat 2").unwrap();
        assert_eq!(p[0].max_threat(), Some(2));
        // No quiet move at all, as Popeye reads `threat 0`.
        assert_eq!(read("threat 0").unwrap()[0].max_threat(), Some(0));
        // Over as many lines as they take, to the next command.
        let p = read("vari\n   Drohung 3 beep 2\n   try").unwrap();
        assert!(p[0].asks_variations() && p[0].asks_tries());
        assert_eq!(p[0].max_threat(), Some(3));
        let p = read("defence 3 trivialtriesavoid").unwrap();
        assert_eq!(p[0].max_refutations(), Some(3));
        assert!(p[0].asks_tries() && p[0].asks_trivial_tries_avoided());
        let p = read("TrivialeFehlversucheUnterdruecken").unwrap();
        assert!(!p[0].asks_tries() && p[0].asks_trivial_tries_avoided());
        for (options, column, word, message) in [
            (
                "vari threat try",
                20,
                "try",
                "option: 'try': expected a number of moves",
            ),
            (
                "maxsolutions 1",
                8,
                "maxsolutions",
                "option: 'maxsolutions' is not done",
            ),
            (
                "max 1",
                8,
                "max",
                "option: 'max' abbreviates more than one option (maxsolutions",
            ),
            ("try 2", 12, "2", "option: '2' is not an option"),
            (
                "defence try",
                16,
                "try",
                "option: 'try': expected a number of refutations",
            ),
            (
                "widerlegung -1",
                20,
                "-1",
                "option: '-1': expected a number of refutations",
            ),
            ("tryy", 8, "tryy", "option: 'tryy' is not an option"),
        ] {
            let err = read(options).unwrap_err();
            assert_eq!(
                (err.line, err.column, err.kind, err.word.as_str()),
                (4, column, ParsePopeyeErrorKind::Option, word),
                "{options}"
            );
            assert!(err.message().starts_with(message), "{}", err.message());
        }
        assert_eq!(ParsePopeyeErrorKind::Option.name(), "option");
    }

    /// A fault costs only its own problem: each problem of a joined input
    /// reads as that problem read alone (its own input), its faults at the
    /// same words, shifted by the lines before it.
    #[test]
    fn each_problem_reads_as_it_reads_alone() {
        let bodies = [
            "pieces white Kb6 Qc1 black Ka8 stipulation #1",
            // Faults inside a problem, each followed by more words.
            "pieces white Kb6 Xa1 black Ka8 stipulation #1",
            "condition circe pieces white Kb6 Qc1 black Ka8",
            "stipulation hr#2 pieces white Kb6",
            "forsyth 9/8 stipulation #1",
            "beginproblem stipulation #1",
            "pieces white Kc1 Kc1",
            // A title naming commands is text, not a resumption point.
            "title next endproblem\npieces white Kb6 Rh2 black Ka8 stipulation #1",
            "remark nextproblem here\npieces white Kb6 Qc1 Qa2 black Ka8 ambig",
            // An illegal position is refused at its own end word: the
            // problem after it is still read.
            "pieces white Kc1 black Ka1 Kb1 stipulation #1",
            "pieces white Kb6 Rc2 black Ka8 stipulation #2",
        ];
        let single = |body: &str| format!("beginproblem\n{body}\nendproblem\n");
        let mut joined = String::from("beginproblem\n");
        for (k, body) in bodies.iter().enumerate() {
            if k > 0 {
                joined.push_str("nextproblem\n");
            }
            joined.push_str(body);
            joined.push('\n');
        }
        joined.push_str("endproblem\n");
        let read = read_popeye_each(&joined);
        assert_eq!(read.len(), bodies.len(), "{read:#?}");
        let mut line = 2;
        for (body, got) in bodies.iter().zip(&read) {
            let alone = read_popeye(&single(body));
            let shift = |mut e: ParsePopeyeError| {
                e.line += line - 2;
                e
            };
            // A problem's line is that of its opening word, the line
            // before its body, as alone.
            let moved = |mut v: Vec<ChessProblem>| {
                let mut p = v.remove(0);
                p.line += line - 2;
                p
            };
            let expected = alone.map(moved).map_err(shift);
            assert_eq!(got, &expected, "{body}");
            line += body.matches('\n').count() + 2;
        }
        assert!(read[0].is_ok() && read[7].is_ok() && read[10].is_ok());
        assert_eq!(read.iter().filter(|r| r.is_err()).count(), 8);
        // `read_popeye` refuses the input at its first fault.
        assert_eq!(read_popeye(&joined), Err(read[1].clone().unwrap_err()));
    }

    #[test]
    fn faults_around_the_problems_are_their_own() {
        let kinds = |input: &str| -> Vec<Option<ParsePopeyeErrorKind>> {
            read_popeye_each(input)
                .into_iter()
                .map(|r| r.err().map(|e| e.kind))
                .collect()
        };
        use ParsePopeyeErrorKind::{AfterEnd, Begin, End, Piece};
        let ok = "pieces white Kb6 Qc1 black Ka8 stipulation #1";
        assert_eq!(kinds(""), [Some(End)]);
        assert_eq!(kinds(ok), [Some(Begin)]);
        assert_eq!(kinds(&format!("beginproblem {ok}")), [Some(End)]);
        assert_eq!(
            kinds(&format!("beginproblem {ok} endproblem extra")),
            [None, Some(AfterEnd)]
        );
        // A fault, then the input ends inside the same problem.
        assert_eq!(
            kinds(&format!(
                "beginproblem {ok} nextproblem pieces white Xa1 Kb1"
            )),
            [None, Some(Piece), Some(End)]
        );
    }

    #[test]
    fn the_codex_grants_castling_to_unmoved_kings_and_rooks() {
        let p = read_popeye(
            "beginproblem pieces white Ke1 Ra1 Rh1 black Ke8 Rh8 Rb8 stipulation #2 endproblem",
        )
        .expect("reads");
        assert_eq!(
            p[0].position.setup().to_string(),
            "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1"
        );
        let p = read_popeye("beginproblem forsyth R7/4k3/4S3/K2B4/8/8/8/5R2 stip #3 endproblem")
            .expect("reads");
        assert_eq!(
            p[0].position.setup().to_string(),
            "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1"
        );
    }
}
