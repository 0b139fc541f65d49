//! `forsyth notation`: translate movetext between notations; and the
//! letters of a placement (`--letters`) for `convert`, `show` and `gen`.

use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::path::PathBuf;

use forsyth::fen::Fen;
use forsyth::notation::{
    detect, CheckMarkers, Language, Letters, MovetextPosition, Notation, Settle, Translator,
};
use forsyth::{Board, Position, Setup};

use crate::position::{judge_legal, Given, Legality};
use crate::printer::{Diagnostics, Place, Printer};
use crate::Outcome;

/// What `notation` runs on.
pub struct Translate {
    pub from: Notation,
    pub to: Notation,
    /// How a missing check marker is read (`--checks-marked`).
    pub markers: CheckMarkers,
    /// `--fen`; `None`: the standard start.
    pub start: Option<Given>,
    /// `None`: standard input.
    pub file: Option<PathBuf>,
}

/// Which letters a placement is read in (beyond English) and written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LettersMode {
    /// English only.
    English,
    /// Read English or this language's; write this language's.
    Given(Language),
    /// Recognise each line's language; write English (`convert` only).
    Auto,
}

/// `true` if `line` holds the end of a game: a result, or in descriptive
/// notation a printed end (`Resigns`, `Black resigns.`, `Partie nulle`),
/// among its phrases as `notation` cuts them.
fn ends_game(notation: Notation, line: &str) -> bool {
    let mut rest = line;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        let Some(first) = rest.chars().next() else {
            return false;
        };
        let len = notation.move_len(rest).max(first.len_utf8());
        if notation.is_game_end(&rest[..len]) {
            return true;
        }
        rest = &rest[len..];
    }
}

/// The start position: the standard one, or `--fen`'s (read now, if it is
/// standard input's); else why there is none.
fn start(given: Option<&Given>) -> Result<Position, String> {
    let Some(given) = given else {
        return Ok(Position::standard());
    };
    let legality = Legality {
        variant: None,
        lenient: false,
    };
    judge_legal(&given.read()?, legality).map_err(|e| format!("notation: --fen: {e}"))
}

/// Standard input, whole; a read error says it was reading standard input.
fn read_stdin() -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| io::Error::new(e.kind(), format!("<stdin>: {e}")))?;
    Ok(bytes)
}

pub fn run(args: &Translate) -> io::Result<Outcome> {
    let start = match start(args.start.as_ref()) {
        Ok(start) => start,
        Err(message) => {
            crate::note(&message);
            return Ok(Outcome::Rejected);
        }
    };
    let translator = Translator::new(start, args.from, args.to).with_check_markers(args.markers);
    translate_input(translator, args.from, args.file.as_ref())
}

/// Translates the movetext of `file` (standard input when `None` or `-`)
/// with `translator`, on either board, line by line: each line written
/// with its moves translated and all else as it was, each fault reported.
pub fn translate_input<P: MovetextPosition>(
    mut translator: Translator<P>,
    from: Notation,
    file: Option<&PathBuf>,
) -> io::Result<Outcome> {
    let (source, bytes) = match file {
        None => ("<stdin>".to_owned(), read_stdin()?),
        Some(p) if p.as_os_str() == "-" => ("<stdin>".to_owned(), read_stdin()?),
        Some(p) => {
            let name = p.display().to_string();
            match std::fs::read(p) {
                Ok(b) => (name, b),
                Err(e) => {
                    crate::note(&format!("{name}: {e}"));
                    return Ok(Outcome::Failed);
                }
            }
        }
    };
    let mut out = Printer::stdout();
    let mut err = Diagnostics::stderr_buffered();
    // After a failed move, the rest of that game is copied as it is, up to
    // its result or a blank line.
    let mut lost = false;
    let mut buffer = String::new();
    for (i, raw) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let line = Line::read(raw);
        let (raw, line) = (line.raw, line.text.as_ref());
        let blank = line.trim().is_empty();
        let ends_game = ends_game(from, line);
        if lost {
            out.write_all(raw)?;
            if blank || ends_game {
                lost = false;
                translator.reset();
            }
            continue;
        }
        buffer.clear();
        let translated = translator.translate(line, &mut buffer);
        let number = i as u64 + 1;
        for w in translator.take_warnings() {
            let dots = if w.black { "..." } else { "." };
            err.at(
                Place::column(&source, number, Line::raw_offset(line, raw, w.offset) + 1),
                format_args!(
                    "move {}{dots}: warning: {}: {}",
                    w.move_number,
                    w.warning.kind().name(),
                    w.warning
                ),
            );
        }
        match translated {
            Ok(()) => Line::write_back(&buffer, raw, &mut out)?,
            Err(e) => {
                let dots = if e.black { "..." } else { "." };
                // The library names the rule; the flag is this command's.
                let flag = match e.error.if_checks_marked {
                    Some(_) => " (--checks-marked)",
                    None => "",
                };
                err.reject(
                    Place::column(&source, number, Line::raw_offset(line, raw, e.offset) + 1),
                    format_args!("move {}{dots}: {}{flag}", e.move_number, e.error),
                );
                out.write_all(raw)?;
                if ends_game {
                    translator.reset();
                } else {
                    lost = true;
                }
            }
        }
        if blank {
            translator.reset();
        }
    }
    out.flush()?;
    err.flush();
    Ok(Outcome::of_counts(0, err.rejected))
}

/// A line of the input, read as text: a byte sequence that is not UTF-8
/// stands as one U+FFFD in it, and is written back as it was read.
struct Line<'a> {
    raw: &'a [u8],
    text: Cow<'a, str>,
}

impl<'a> Line<'a> {
    fn read(raw: &'a [u8]) -> Line<'a> {
        Line {
            raw,
            text: String::from_utf8_lossy(raw),
        }
    }

    /// The bytes each U+FFFD of the text stands for, in order: a
    /// sequence that is not UTF-8, or a U+FFFD written as such.
    fn replaced(raw: &[u8]) -> impl Iterator<Item = &[u8]> {
        raw.utf8_chunks().flat_map(|chunk| {
            let valid = chunk.valid();
            let written = valid
                .match_indices(char::REPLACEMENT_CHARACTER)
                .map(move |(at, c)| &valid.as_bytes()[at..at + c.len()]);
            let invalid = Some(chunk.invalid()).filter(|b| !b.is_empty());
            written.chain(invalid)
        })
    }

    /// Writes `translated`, the translation of the line `raw` (whose
    /// text passes what is not a move on unchanged and in order), with
    /// each U+FFFD as the bytes of `raw` it stands for.
    fn write_back(translated: &str, raw: &[u8], out: &mut impl Write) -> io::Result<()> {
        if std::str::from_utf8(raw).is_ok() {
            return out.write_all(translated.as_bytes());
        }
        let mut replaced = Line::replaced(raw);
        for piece in translated.split_inclusive(char::REPLACEMENT_CHARACTER) {
            match piece.strip_suffix(char::REPLACEMENT_CHARACTER) {
                Some(before) => {
                    out.write_all(before.as_bytes())?;
                    let bytes = replaced.next().unwrap_or("\u{fffd}".as_bytes());
                    out.write_all(bytes)?;
                }
                None => out.write_all(piece.as_bytes())?,
            }
        }
        Ok(())
    }

    /// The byte offset in `raw` of the byte `offset` of its text `text`.
    fn raw_offset(text: &str, raw: &[u8], offset: usize) -> usize {
        let before = text.get(..offset).unwrap_or(text);
        let replaced = before.matches(char::REPLACEMENT_CHARACTER).count();
        let shift: usize = Line::replaced(raw).take(replaced).map(<[u8]>::len).sum();
        offset + shift - replaced * char::REPLACEMENT_CHARACTER.len_utf8()
    }
}

/// The record `line` (a FEN record or a problem statement
/// `(PLACEMENT) (w+b)`) with its placement in English letters, read as
/// `mode` says; `None` when no letters read it (the caller reports the
/// English reading's error).
pub fn to_english(line: &str, mode: LettersMode) -> Option<Cow<'_, str>> {
    let trimmed = line.trim();
    let languages = languages(mode);
    if trimmed.starts_with('(') {
        let read = |l: Language| Setup::from_statement(trimmed, l.letters()).ok();
        return detect(languages, Settle::First, read).map(|(_, s)| Cow::Owned(s.to_string()));
    }
    if Fen::from_ascii(line.as_bytes()).is_ok() {
        return Some(Cow::Borrowed(line));
    }
    let read = |l: Language| Fen::from_ascii_with(line.as_bytes(), l.letters()).ok();
    detect(languages, Settle::First, read).map(|(_, fen)| Cow::Owned(fen.to_string()))
}

/// The languages `mode` reads a record in, in the order they are tried.
fn languages(mode: LettersMode) -> Vec<Language> {
    match mode {
        LettersMode::English => vec![Language::English],
        LettersMode::Given(l) => vec![Language::English, l],
        LettersMode::Auto => Language::ALL.to_vec(),
    }
}

/// The byte offset in `line`, as the user wrote it (another language's
/// letters, or a problem statement), of the byte `offset` of its English
/// rewrite `english` (what [`to_english`] gave). In the placement each
/// letter maps to the letter it was read from (Greek letters take two
/// bytes, Russian `Кр` four); in the other fields a byte maps to the same
/// byte of the same field; what the user did not write (the fields a
/// problem statement implies, fields the rewrite added) maps to the end
/// of what was written.
pub fn original_offset(line: &str, english: &str, offset: usize, mode: LettersMode) -> usize {
    let lead = line.len() - line.trim_start().len();
    let trimmed = line.trim();
    let problem = trimmed.starts_with('(');
    let read_by = |l: Language| {
        let read = if problem {
            Setup::from_statement(trimmed, l.letters()).is_ok()
        } else {
            Fen::from_ascii_with(line.as_bytes(), l.letters()).is_ok()
        };
        read.then_some(())
    };
    let letters = detect(languages(mode), Settle::First, read_by)
        .map_or(&Letters::ENGLISH, |(l, ())| l.letters());
    let (placement, start) = if problem {
        let inner = &trimmed[1..];
        (&inner[..inner.find(')').unwrap_or(inner.len())], lead + 1)
    } else {
        let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        (&trimmed[..end], lead)
    };
    let english_placement = english.find(' ').unwrap_or(english.len());
    if offset <= english_placement {
        // Walk both placements, a letter or digit or `/` at a time.
        let (mut e, mut o) = (0, 0);
        while e < offset && o < placement.len() {
            let c = english[e..].chars().next().map_or(1, char::len_utf8);
            let rest = &placement[o..];
            let step = letters
                .piece_prefix(rest)
                .or_else(|| Letters::ENGLISH.piece_prefix(rest))
                .map_or_else(|| rest.chars().next().map_or(1, char::len_utf8), |(_, n)| n);
            e += c;
            o += step;
        }
        return start + o.min(placement.len());
    }
    let written_end = lead + trimmed.len();
    if problem {
        return written_end;
    }
    // The field of `offset` in the rewrite, and the byte in it.
    let mut field_start = 0;
    let mut field = 0;
    for (i, b) in english.bytes().enumerate().take(offset) {
        if b == b' ' {
            field += 1;
            field_start = i + 1;
        }
    }
    let within = offset - field_start;
    let mut fields = Vec::new();
    let mut at = 0;
    for word in line.split_whitespace() {
        let found = line[at..].find(word).map_or(at, |i| at + i);
        fields.push((found, word.len()));
        at = found + word.len();
    }
    match fields.get(field) {
        Some(&(begin, len)) => begin + within.min(len),
        None => written_end,
    }
}

/// The error of a problem statement that no letters of `mode` read, for
/// the report: where some letters read the placement, the error after it
/// (a piece count that disagrees names both counts); otherwise the
/// placement's error in `mode`'s language (English for `auto`).
pub fn problem_error(
    line: &str,
    mode: LettersMode,
) -> Option<forsyth::notation::ParseStatementError> {
    let trimmed = line.trim();
    if !trimmed.starts_with('(') {
        return None;
    }
    let mut languages = languages(mode);
    if let LettersMode::Given(_) = mode {
        languages.reverse();
    }
    let errors: Vec<forsyth::notation::ParseStatementError> = languages
        .iter()
        .filter_map(|l| Setup::from_statement(trimmed, l.letters()).err())
        .collect();
    errors
        .iter()
        .find(|e| {
            !matches!(
                e.kind(),
                forsyth::notation::ParseStatementErrorKind::Placement(_)
            )
        })
        .or(errors.first())
        .cloned()
}

/// `record`, the record of `board` in English letters, with its
/// placement written in `language`'s letters instead, the other fields
/// unchanged.
pub fn in_letters(board: &Board, record: &str, language: Language) -> String {
    let rest = record.split_once(' ').map_or("", |(_, rest)| rest);
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = board.write_placement_with(language.letters(), &mut out);
    if !rest.is_empty() {
        out.push(' ');
        out.push_str(rest);
    }
    out
}
