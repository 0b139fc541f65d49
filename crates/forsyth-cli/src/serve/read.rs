//! A position pasted in any form forsyth reads: `startpos`, `960:N`, a
//! FEN, X-FEN or Shredder-FEN record (or its placement alone), an EPD
//! record, a problem statement in any language's letters, or a Popeye
//! input. Read to the validation report of its setup, whatever its
//! legality; only text that gives no setup at all is an error.

use forsyth::convert::ConvertError;
use forsyth::epd::Epd;
use forsyth::fen::{CastlingNotation, Fen, WriteOptions};
use forsyth::notation::{Language, Letters};
use forsyth::solve::{
    is_popeye_input, read_popeye_each, ChessProblem, ReadProblemErrorKind, Stipulation,
};
use forsyth::validate::{Problem, Report};
use forsyth::{Chess960Start, Variant};

use super::error::ApiError;

/// The form the text was read in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    Startpos,
    Chess960,
    Fen,
    Epd,
    Statement,
    Popeye,
}

impl Form {
    pub fn name(self) -> &'static str {
        match self {
            Form::Startpos => "startpos",
            Form::Chess960 => "chess960",
            Form::Fen => "fen",
            Form::Epd => "epd",
            Form::Statement => "statement",
            Form::Popeye => "popeye",
        }
    }
}

/// A position read.
pub struct Read {
    pub form: Form,
    /// The record as read, when the text was one (FEN or EPD): its
    /// offsets place each problem in the text.
    pub fen: Option<Fen>,
    /// Where the record starts in the text (bytes).
    pub start: usize,
    pub report: Report,
    /// A problem's stipulation, when the text states one.
    pub stipulation: Option<Stipulation>,
    /// What the reader wants said (a Popeye input's other problems).
    pub notes: Vec<String>,
}

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The record `startpos` and `960:N` stand for, if `t` is one of them.
pub fn named_record(t: &str) -> Option<String> {
    if t == "startpos" {
        return Some(STARTPOS.to_owned());
    }
    let start: Chess960Start = t.strip_prefix("960:")?.parse().ok()?;
    start
        .to_setup()
        .to_fen(&WriteOptions::new(CastlingNotation::Shredder))
        .ok()
}

/// 1-based line and column of byte `offset` of `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = before.len()
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    (line, column)
}

/// Reads the position of `text` (the request's key `field`), judged under
/// `variant` (`None`: as the record says), a placement's letters read in
/// `letters` too.
pub fn read(
    text: &str,
    field: &str,
    variant: Option<Variant>,
    letters: Option<Language>,
) -> Result<Read, ApiError> {
    let text = forsyth::skip_bom(text);
    let start = text.len() - text.trim_start().len();
    let t = text.trim();
    if t.is_empty() {
        return Err(ApiError::content(
            field,
            "empty",
            "no position: the text is blank",
        ));
    }
    let of_fen = |form: Form, fen: Fen, start: usize| Read {
        form,
        report: Report::of_fen(&fen, variant),
        fen: Some(fen),
        start,
        stipulation: None,
        notes: Vec::new(),
    };
    if t == "startpos" {
        let fen = Fen::from_ascii(STARTPOS.as_bytes()).map_err(|e| internal(&e))?;
        return Ok(of_fen(Form::Startpos, fen, start));
    }
    if let Some(number) = t.strip_prefix("960:") {
        let n: Chess960Start = number.parse().map_err(|e| {
            let (line, column) = line_column(text, start + 4);
            ApiError::content(field, "start_number", format!("960:{number}: {e}")).at(line, column)
        })?;
        let record = n
            .to_setup()
            .to_fen(&WriteOptions::new(CastlingNotation::Shredder))
            .map_err(|e| internal(&e))?;
        let fen = Fen::from_ascii(record.as_bytes()).map_err(|e| internal(&e))?;
        return Ok(Read {
            fen: None,
            ..of_fen(Form::Chess960, fen, start)
        });
    }
    let letters_row: Option<&Letters> = letters.map(Language::letters);
    if is_popeye_input(t) {
        return popeye(text, t, start, field);
    }
    if t.starts_with('(') {
        return statement(text, t, start, field, letters_row);
    }
    // A record, or its placement alone (White to move, nothing else).
    let bare = !t.contains(char::is_whitespace) && t.contains('/');
    let record = if bare {
        format!("{t} w - -")
    } else {
        t.to_owned()
    };
    let parsed = match letters_row {
        Some(l) => Fen::from_ascii_with(record.as_bytes(), l),
        None => Fen::from_ascii(record.as_bytes()),
    };
    let error = match parsed {
        Ok(fen) => return Ok(of_fen(Form::Fen, fen, start)),
        Err(e) => e,
    };
    // Operations after four fields: EPD.
    if let Ok(epd) = Epd::from_ascii(t.as_bytes()) {
        return Ok(of_fen(Form::Epd, epd.fen, start));
    }
    // A placement in another language's letters, or a record followed by
    // a stipulation: a problem's statement without its parentheses.
    if let Ok(read) = statement(text, t, start, field, letters_row) {
        return Ok(read);
    }
    // A grammar error is one fault.
    let fault = ConvertError::Parse(error).faults().swap_remove(0);
    let offset = fault.offset().min(t.len());
    let (line, column) = line_column(text, start + offset);
    Err(ApiError::content(
        field,
        error.kind.name(),
        format!("{}: {fault}", fault.field()),
    )
    .at(line, column)
    .with_fen_field(fault.field().into()))
}

impl ApiError {
    /// The FEN field at fault, by its stable name, instead of the key.
    fn with_fen_field(mut self, name: &'static str) -> ApiError {
        self.field = Some(name.to_owned());
        self
    }
}

fn internal(e: &dyn std::fmt::Display) -> ApiError {
    ApiError::new(500, "internal", e.to_string())
}

/// A problemist's statement `(PLACEMENT) (w+b) STIPULATION` (or a record
/// or bare placement followed by a stipulation).
fn statement(
    text: &str,
    t: &str,
    start: usize,
    field: &str,
    letters: Option<&Letters>,
) -> Result<Read, ApiError> {
    match ChessProblem::from_statement(t, letters) {
        Ok(problem) => Ok(Read {
            form: Form::Statement,
            fen: None,
            start,
            report: Report::of_setup(problem.position.setup().clone()),
            stipulation: problem.stipulation,
            notes: Vec::new(),
        }),
        // No king, or another fault move generation cannot handle: the
        // report says it, as for any record.
        Err(e) => {
            let (message, offset) = (e.message(), e.offset);
            match e.kind {
                ReadProblemErrorKind::Illegal(error) => Ok(Read {
                    form: Form::Statement,
                    fen: None,
                    start,
                    report: error.into_report(),
                    stipulation: None,
                    notes: Vec::new(),
                }),
                kind => {
                    let (line, column) = line_column(text, start + offset);
                    Err(ApiError::content(field, kind.name(), message).at(line, column))
                }
            }
        }
    }
}

/// A Popeye input: its first problem (the others are counted in a note).
fn popeye(text: &str, t: &str, start: usize, field: &str) -> Result<Read, ApiError> {
    let mut problems = read_popeye_each(t).into_iter();
    let first = problems.next();
    let others = problems.count();
    match first {
        Some(Ok(problem)) => Ok(Read {
            form: Form::Popeye,
            fen: None,
            start,
            report: Report::of_setup(problem.position.setup().clone()),
            stipulation: problem.stipulation,
            notes: if others > 0 {
                vec![format!(
                    "the input holds {} problems: this is the first",
                    others + 1
                )]
            } else {
                Vec::new()
            },
        }),
        Some(Err(e)) => {
            // Lines of the trimmed text, placed in the text as sent.
            let (before, _) = line_column(text, start);
            Err(ApiError::content(field, e.kind().name(), e.message())
                .at(before + e.line - 1, e.column))
        }
        None => Err(ApiError::content(
            field,
            "empty",
            "the Popeye input holds no problem",
        )),
    }
}

/// The 1-based column of `problem` in the text, when the text was a record.
pub fn column_of(read: &Read, text: &str, problem: &Problem) -> Option<(usize, usize)> {
    let fen = read.fen.as_ref()?;
    let offset = problem
        .offset()
        .unwrap_or_else(|| fen.offsets.of(problem.kind().field()));
    Some(line_column(text, read.start + offset))
}
