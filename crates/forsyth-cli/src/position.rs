//! One way to give a position, for every command that takes one: a quoted
//! record, its fields as separate words, `-` for the first record on
//! standard input, `startpos`, or `960:N` (the rule is `cli::POSITION_HELP`).
//! Resolving the arguments reads no input: `-` is read when the command
//! runs ([`Given::read`]).

use std::io::{self, BufRead};
use std::sync::OnceLock;

use forsyth::fen::{CastlingNotation, Fen, WriteOptions};
use forsyth::notation::{Language, Letters};
use forsyth::validate::{Problem, ProblemKind, Report, Severity};
use forsyth::{skip_bom, Board, Chess960Start, Position, Role, Setup, Variant};

use crate::exit::ResolveError;
use crate::printer::diag::{caret, parse_fault, problem_line};

/// How a legal position is obtained from the argument.
#[derive(Copy, Clone)]
pub struct Legality {
    pub variant: Option<Variant>,
    pub lenient: bool,
}

/// The standard start.
const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position as given: read from the command line, or to be read from
/// standard input when the command runs (`-`).
pub enum Given {
    Read(Record),
    /// `-`; `read_as` is how the command line was split, said with an
    /// error.
    Stdin {
        read_as: Option<String>,
    },
}

/// A position argument read: a record (`startpos` and `960:N` are
/// records too), or a problem statement's setup.
pub enum Record {
    Fen(Fen),
    /// `(PLACEMENT) (w+b)`: White to move, no castling, no en passant.
    Statement(Setup),
}

impl Record {
    pub fn board(&self) -> &Board {
        match self {
            Record::Fen(fen) => &fen.board,
            Record::Statement(setup) => &setup.board,
        }
    }

    /// The validation of the position under `variant` (`None`: as the
    /// castling letters say).
    pub fn report(&self, variant: Option<Variant>) -> Report {
        match self {
            Record::Fen(fen) => Report::of_fen(fen, variant),
            // No castling letters to choose a variant by: standard, unless
            // asked otherwise.
            Record::Statement(setup) => Report::of_setup(Setup {
                variant: variant.unwrap_or(Variant::Standard),
                ..setup.clone()
            }),
        }
    }
}

impl std::fmt::Display for Record {
    /// The record in FEN (a statement's: White to move, no castling, no en
    /// passant).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Record::Fen(fen) => fen.fmt(f),
            Record::Statement(setup) => setup.fmt(f),
        }
    }
}

impl Given {
    /// The position: as read from the command line, or the first record of
    /// standard input; else why there is none.
    pub fn read(&self) -> Result<Record, String> {
        match self {
            Given::Read(Record::Fen(fen)) => Ok(Record::Fen(fen.clone())),
            Given::Read(Record::Statement(setup)) => Ok(Record::Statement(setup.clone())),
            Given::Stdin { read_as } => {
                let record = first_stdin_record().map_err(|e| format!("standard input: {e}"));
                record
                    .and_then(|r| parse(r, None))
                    .map_err(|message| match read_as {
                        Some(read_as) => format!("{message}\n  read as: {read_as}"),
                        None => message,
                    })
            }
        }
    }
}

/// What follows the position on a command's line.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Rest {
    /// Nothing (`show`, `index`, `moves`).
    Nothing,
    /// Exactly one word, the last (`perft`'s DEPTH).
    Depth,
    /// Any number of words (`play`'s moves).
    Moves,
}

/// The fields after the placement, in order, with what each looks like.
/// A field's name and whether a word fits its grammar.
type NextField = (&'static str, fn(&str) -> bool);

const NEXT_FIELDS: [NextField; 5] = [
    ("side to move (w or b)", |w| w == "w" || w == "b"),
    ("castling (- or letters KQkq, A-H, a-h)", |w| {
        w == "-"
            || (!w.is_empty()
                && w.bytes()
                    .all(|b| matches!(b, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h')))
    }),
    ("en passant (- or a square on rank 3 or 6)", |w| {
        w == "-" || matches!(w.as_bytes(), [b'a'..=b'h', b'3' | b'6'])
    }),
    ("halfmove clock (a number)", is_number),
    ("fullmove number (a number)", is_number),
];

fn is_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

/// How many words make the record, from the first: the first alone unless
/// it is a bare placement, which takes as many next words as fit the next
/// fields in order.
fn record_len(words: &[String]) -> usize {
    let first = &words[0];
    if !first.contains('/') || first.contains(char::is_whitespace) {
        return 1;
    }
    // A problem statement `(PLACEMENT) (w+b)`: the count, when given, is
    // the next word.
    if first.starts_with('(') {
        let count = words.get(1).is_some_and(|w| {
            w.strip_prefix('(')
                .and_then(|w| w.strip_suffix(')'))
                .and_then(|w| w.split_once('+'))
                .is_some_and(|(a, b)| is_number(a) && is_number(b))
        });
        return 1 + usize::from(count);
    }
    1 + words[1..]
        .iter()
        .zip(NEXT_FIELDS)
        .take_while(|(w, (_, fits))| fits(w))
        .count()
}

/// The command line as read: the record quoted, then the rest.
fn read_as(command: &str, record: &str, rest: &[String]) -> String {
    let mut s = format!("forsyth {command} '{}'", record.replace('\'', r"'\''"));
    for w in rest {
        s.push(' ');
        s.push_str(&quote(w));
    }
    s
}

fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/-:.+#=".contains(&b))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Splits `words` into the position and the rest, and reads the position
/// (but `-`): in English letters, else in `letters`'.
pub fn resolve(
    command: &str,
    words: &[String],
    rest: Rest,
    letters: Option<Language>,
) -> Result<(Given, Vec<String>), ResolveError> {
    let body = match rest {
        Rest::Depth => match words.split_last() {
            Some((_, body)) if !body.is_empty() => body,
            _ => {
                return Err(ResolveError::Usage(format!(
                    "{command} needs a position and then DEPTH"
                )))
            }
        },
        _ => words,
    };
    if body.is_empty() {
        return Err(ResolveError::Usage(format!("{command} needs a position")));
    }
    let n = record_len(body);
    let record = body[..n].join(" ");
    let after = &body[n..];
    if rest != Rest::Moves {
        if let Some(word) = after.first() {
            let split = body[0].contains('/') && !body[0].contains(char::is_whitespace);
            let why = match NEXT_FIELDS.get(n - 1).filter(|_| split) {
                Some((field, _)) => format!("'{word}' is not the next field, the {field}"),
                None => format!("'{word}' follows a whole record"),
            };
            let takes = if rest == Rest::Depth {
                "only DEPTH"
            } else {
                "nothing"
            };
            let mut shown = after.to_vec();
            if rest == Rest::Depth {
                shown.push(words[words.len() - 1].clone());
            }
            return Err(ResolveError::Usage(format!(
                "cannot split the words into a position and the rest: {why}, and {command} \
                 takes {takes} after the position\n  read as: {}",
                read_as(command, &record, &shown)
            )));
        }
    }
    let mut tail = after.to_vec();
    if rest == Rest::Depth {
        tail.push(words[words.len() - 1].clone());
    }
    // How the words were split, said with an error when they could have
    // been split otherwise.
    let split = (words.len() > 1 && n > 1 || !tail.is_empty() && rest == Rest::Moves)
        .then(|| read_as(command, &record, &tail));
    if record == "-" {
        return Ok((Given::Stdin { read_as: split }, tail));
    }
    let letters = match letters {
        Some(language) => placement_letters(&body[0], language)?,
        None => None,
    };
    let given = read(&record, letters).map_err(|message| match split {
        Some(split) => ResolveError::Rejected(format!("{message}\n  read as: {split}")),
        None => ResolveError::Rejected(message),
    })?;
    Ok((Given::Read(given), tail))
}

/// Reads one position argument (after splitting, not `-`): a record,
/// `startpos` or `960:N`.
fn read(word: &str, letters: Option<Language>) -> Result<Record, String> {
    let record = match word {
        "startpos" => STARTPOS.to_owned(),
        _ => match word.strip_prefix("960:") {
            Some(number) => {
                let start: Chess960Start =
                    number.parse().map_err(|e| format!("960:{number}: {e}"))?;
                // Shredder-FEN: the file letters say Chess960 even for 518.
                start
                    .to_setup()
                    .to_fen(&WriteOptions::new(CastlingNotation::Shredder))
                    .map_err(|e| e.to_string())?
            }
            None => word.to_owned(),
        },
    };
    parse(record, letters)
}

/// The first record on standard input (its first non-blank line; a byte
/// order mark at the start is skipped), read once: the 10x8 commands look
/// at it before the 8x8 ones read it (`capa`), and both get the same.
pub fn first_stdin_record() -> io::Result<String> {
    static FIRST: OnceLock<Result<String, (io::ErrorKind, String)>> = OnceLock::new();
    FIRST
        .get_or_init(|| read_first_stdin_record().map_err(|e| (e.kind(), e.to_string())))
        .clone()
        .map_err(|(kind, message)| io::Error::new(kind, message))
}

fn read_first_stdin_record() -> io::Result<String> {
    let mut line = String::new();
    let mut stdin = io::stdin().lock();
    let mut first = true;
    loop {
        line.clear();
        if stdin.read_line(&mut line)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "no record (the input is empty or blank)",
            ));
        }
        let text = if first {
            skip_bom(line.as_str())
        } else {
            &line
        };
        first = false;
        if !text.trim().is_empty() {
            return Ok(text.trim_end_matches(['\n', '\r']).to_owned());
        }
    }
}

/// Parses a record, its placement in `letters` when given, else in
/// English; a placement alone stands for White to move with no castling
/// and no en passant, and so does a problem statement `(PLACEMENT) (w+b)`
/// (its count checked). The error has a caret under the fault.
fn parse(record: String, letters: Option<Language>) -> Result<Record, String> {
    let letters = letters.map(Language::letters);
    if record.trim_start().starts_with('(') {
        return match Setup::from_statement(&record, letters.unwrap_or(&Letters::ENGLISH)) {
            Ok(setup) => Ok(Record::Statement(setup)),
            Err(e) => Err(format!(
                "invalid problem statement\n{}",
                caret(
                    &record,
                    e.offset,
                    // `col N: field: message`, as a FEN's faults read.
                    &e.to_string()
                )
            )),
        };
    }
    let mut fields = record.split_ascii_whitespace();
    let bare = matches!((fields.next(), fields.next()), (Some(p), None) if p.contains('/'));
    let text = if bare {
        format!("{} w - -", record.trim_end())
    } else {
        record.clone()
    };
    let read = match letters {
        Some(letters) => Fen::from_ascii_with(text.as_bytes(), letters),
        None => Fen::from_ascii(text.as_bytes()),
    };
    match read {
        Ok(fen) => Ok(Record::Fen(fen)),
        Err(e) => {
            let fault = parse_fault(e);
            let shown = if fault.offset() < record.len() {
                &record
            } else {
                &text
            };
            Err(format!(
                "invalid FEN\n{}",
                caret(
                    shown,
                    fault.offset(),
                    &format!("col {}: {}: {fault}", fault.column(), fault.field())
                )
            ))
        }
    }
}

/// The letters the placement of `word` (a position's first word) is read
/// in, when `language` is asked for: none when English reads it (or the
/// word holds no placement), `language`'s when they read it. A placement
/// neither reads is refused with `language`'s error, placed in the word as
/// written (English's would name a letter of `language` as the fault).
pub fn placement_letters(word: &str, language: Language) -> Result<Option<Language>, ResolveError> {
    // A problem statement: its placement, in parentheses (not the count
    // `(5+1)`, a word of its own); else a whole record in one word, or the
    // placement alone.
    let statement = word.strip_prefix('(').and_then(|p| p.split_once(')'));
    let (record, skip) = match statement.filter(|(p, _)| p.contains('/')) {
        Some((placement, _)) => (format!("{placement} w - - 0 1"), 1),
        None if !word.contains('/') => return Ok(None),
        None if word.contains(' ') => (word.to_owned(), 0),
        None => (format!("{word} w - - 0 1"), 0),
    };
    if Fen::from_ascii(record.as_bytes()).is_ok() {
        return Ok(None);
    }
    match Fen::from_ascii_with(record.as_bytes(), language.letters()) {
        Ok(_) => Ok(Some(language)),
        Err(e) => {
            let fault = parse_fault(e);
            let offset = (skip + fault.offset()).min(word.len());
            Err(ResolveError::Rejected(format!(
                "invalid FEN in {} letters\n{}",
                language.name(),
                caret(
                    word,
                    offset,
                    &format!("col {}: {}: {fault}", offset + 1, fault.field())
                )
            )))
        }
    }
}

/// Whether a word is meant as a back rank alone (`index RNBQKBNR`): letters
/// of the six pieces of chess only (a placement has a '/').
pub fn is_back_rank(word: &[u8]) -> bool {
    !word.is_empty()
        && word
            .iter()
            .all(|&b| Role::from_char(char::from(b)).is_some_and(Role::is_chess))
}

/// Why a record of a line (`index -`, `perft -`, `perft --suite`) gives
/// no position: where (0-based byte offset in the record), in which
/// field, and the message.
pub struct RecordFault {
    pub offset: usize,
    pub field: String,
    pub message: String,
}

impl std::fmt::Display for RecordFault {
    /// `field: message`, the form placed after `FILE:LINE:COL: `.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// Reads the record of one input line, as a position argument reads
/// one: six or four fields, the placement alone, `startpos` or `960:N`.
pub fn read_record(record: &[u8]) -> Result<Fen, RecordFault> {
    let text = match record {
        b"startpos" => STARTPOS.as_bytes().to_vec(),
        _ if record.starts_with(b"960:") => {
            let number = String::from_utf8_lossy(&record[4..]);
            let start: Chess960Start = number.parse().map_err(|e| RecordFault {
                offset: 4,
                field: "start number".to_owned(),
                message: format!("{e}"),
            })?;
            start
                .to_setup()
                .to_fen(&WriteOptions::new(CastlingNotation::Shredder))
                .map_err(|e| RecordFault {
                    offset: 0,
                    field: "record".to_owned(),
                    message: e.to_string(),
                })?
                .into_bytes()
        }
        // The placement alone: White to move, no castling, no en passant.
        _ if !record.iter().any(u8::is_ascii_whitespace) => [record, b" w - -"].concat(),
        _ => record.to_vec(),
    };
    Fen::from_ascii(&text).map_err(|e| {
        let fault = parse_fault(e);
        RecordFault {
            offset: fault.offset().min(record.len()),
            field: fault.field().to_string(),
            message: fault.to_string(),
        }
    })
}

/// Why a record gives no position to move from: validation's errors, and
/// whether move generation stays sound on all of them (`--lenient` would
/// accept it).
pub struct Illegal {
    pub errors: Vec<Problem>,
    pub ignorable: bool,
}

/// The legal position `report` judged, with the problems `--lenient` set
/// aside (none without it), or why there is none.
pub fn judge(report: Report, legality: Legality) -> Result<(Position, Vec<Problem>), Illegal> {
    let error = match report.into_position() {
        Ok(position) => return Ok((position, Vec::new())),
        Err(e) => e,
    };
    let errors: Vec<Problem> = error
        .problems()
        .iter()
        .filter(|p| p.severity() == Severity::Error)
        .cloned()
        .collect();
    let kinds: Vec<ProblemKind> = errors.iter().map(Problem::kind).collect();
    let ignorable = kinds.iter().all(|k| k.is_ignorable());
    if legality.lenient && ignorable {
        // `ignore` accepts exactly this case; should it not, the refusal stands.
        if let Ok(position) = error.ignore(&kinds) {
            return Ok((position, errors));
        }
    }
    Err(Illegal { errors, ignorable })
}

/// The legal position of `given` (read now, if it is standard input's), or
/// the message saying why there is none. With `lenient`, a position whose
/// every error is ignorable is accepted and the problems set aside are said
/// on standard error.
pub fn legal(given: &Given, legality: Legality) -> Result<Position, String> {
    judge_legal(&given.read()?, legality)
}

/// The legal position of a position argument read, as [`legal`] says it.
pub fn judge_legal(record: &Record, legality: Legality) -> Result<Position, String> {
    match judge(record.report(legality.variant), legality) {
        Ok((position, set_aside)) => {
            for problem in &set_aside {
                crate::note(&format!("--lenient: set aside: {}", problem_line(problem)));
            }
            Ok(position)
        }
        Err(illegal) => {
            let mut message = String::from("illegal position");
            for problem in &illegal.errors {
                message.push_str("\n  ");
                message.push_str(&problem_line(problem));
            }
            if illegal.ignorable {
                message.push_str("\n  (move generation stays sound here: --lenient accepts it)");
            }
            Err(message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn the_record_takes_the_words_that_fit_the_next_fields() {
        let p = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        for (line, n) in [
            (p.to_owned(), 1),
            (format!("{p} w KQkq - 0 1"), 6),
            (format!("{p} w KQkq - 0 1 7"), 6),
            (format!("{p} w KQkq - e4"), 4),
            (format!("{p} b - e3 Nf3"), 4),
            (format!("{p} w KQkq e4"), 3),
            (format!("{p} w Hb - 12 40 5"), 6),
            (format!("{p} e4 e5"), 1),
            ("startpos e4".to_owned(), 1),
            ("960:5 3".to_owned(), 1),
        ] {
            assert_eq!(record_len(&words(&line)), n, "{line}");
        }
        // One quoted argument is the record, whatever follows.
        assert_eq!(record_len(&[format!("{p} w - -"), "w".to_owned()]), 1);
    }

    #[test]
    fn a_bare_placement_is_white_to_move() {
        let Ok(Record::Fen(fen)) = parse("8/8/8/8/8/8/8/K6k".to_owned(), None) else {
            panic!("a placement alone is a record");
        };
        assert_eq!(fen.turn, forsyth::Color::White);
        assert!(fen.castling.is_empty() && fen.ep_square.is_none());
        assert!(parse("8/8/8/8/8/8/8/K6k w".to_owned(), None).is_err());
    }

    /// The Greek problem of the notation examples in English letters: its
    /// count (5+1) is the placement's; White to move, no castling, no en
    /// passant.
    #[test]
    fn a_problem_statement_is_a_position() {
        let p = "(R7/4k3/4N3/K2B4/8/8/8/5R2)";
        assert_eq!(record_len(&words(&format!("{p} (5+1)"))), 2);
        assert_eq!(record_len(&words(&format!("{p} e4"))), 1);
        let Ok(Record::Statement(setup)) = parse(format!("{p} (5+1)"), None) else {
            panic!("a statement is a setup");
        };
        assert_eq!(setup.to_string(), "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1");
        assert!(parse(p.to_owned(), None).is_ok());
        let err = parse(format!("{p} (4+2)"), None).err().unwrap();
        assert!(err.contains("(4+2)") && err.contains("(5+1)"), "{err}");
    }

    /// A statement judged as the record its setup writes would be, under
    /// each variant: the same verdict, the same setup.
    #[test]
    fn a_statement_is_judged_as_its_record() {
        for (statement, record) in [
            (
                "(R7/4k3/4N3/K2B4/8/8/8/5R2)",
                "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1",
            ),
            // Black in check with White to move, a pawn on the first rank.
            ("(4k3/8/8/8/8/8/8/P3K2r)", "4k3/8/8/8/8/8/8/P3K2r w - - 0 1"),
            (
                "(r3k2r/8/8/8/8/8/8/R3K2R)",
                "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            ),
        ] {
            let Ok(Record::Statement(setup)) = parse(statement.to_owned(), None) else {
                panic!("{statement}");
            };
            let fen: Fen = record.parse().unwrap();
            for variant in [None, Some(Variant::Standard), Some(Variant::Chess960)] {
                let ours = Record::Statement(setup.clone()).report(variant);
                let theirs = Report::of_fen(&fen, variant);
                assert_eq!(ours.setup(), theirs.setup(), "{statement} {variant:?}");
                assert_eq!(
                    ours.problems(),
                    theirs.problems(),
                    "{statement} {variant:?}"
                );
            }
        }
    }
}
