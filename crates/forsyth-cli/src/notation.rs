//! `forsyth notation`: translate movetext between notations; and the
//! letters of a placement (`--letters`) for `convert`, `show` and `gen`.

use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::path::PathBuf;

use forsyth::{Fen, Language, Letters, Notation, Position, Setup, Translator};

use crate::Outcome;

/// What `notation` runs on.
pub struct Translate {
    pub from: Notation,
    pub to: Notation,
    pub start: Position,
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

/// `true` for a word that ends a game.
fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

pub fn run(args: &Translate) -> io::Result<Outcome> {
    let (source, bytes) = match &args.file {
        None => {
            let mut b = Vec::new();
            io::stdin().lock().read_to_end(&mut b)?;
            ("<stdin>".to_owned(), b)
        }
        Some(p) if p.as_os_str() == "-" => {
            let mut b = Vec::new();
            io::stdin().lock().read_to_end(&mut b)?;
            ("<stdin>".to_owned(), b)
        }
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
    let text = String::from_utf8_lossy(&bytes);
    let mut translator = Translator::new(args.start.clone(), args.from, args.to);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut err = io::BufWriter::new(crate::progress::Stderr);
    let mut rejected = false;
    // After a failed move, the rest of that game is copied as it is, up to
    // its result or a blank line.
    let mut lost = false;
    let mut buffer = String::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let blank = line.trim().is_empty();
        let ends_game = line.split_whitespace().next_back().is_some_and(is_result);
        if lost {
            out.write_all(line.as_bytes())?;
            if blank || ends_game {
                lost = false;
                translator.reset();
            }
            continue;
        }
        buffer.clear();
        match translator.translate(line, &mut buffer) {
            Ok(()) => out.write_all(buffer.as_bytes())?,
            Err(e) => {
                rejected = true;
                let dots = if e.black { "..." } else { "." };
                let _ = writeln!(
                    err,
                    "{source}:{}:{}: move {}{dots}: {}",
                    i + 1,
                    e.offset + 1,
                    e.move_number,
                    e.error
                );
                out.write_all(line.as_bytes())?;
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
    let _ = err.flush();
    Ok(if rejected {
        Outcome::Rejected
    } else {
        Outcome::Ok
    })
}

/// The record `line` (a FEN record or a problem statement
/// `(PLACEMENT) (w+b)`) with its placement in English letters, read as
/// `mode` says; `None` when no letters read it (the caller reports the
/// English reading's error).
pub fn to_english(line: &str, mode: LettersMode) -> Option<Cow<'_, str>> {
    let trimmed = line.trim();
    let languages: Vec<Language> = match mode {
        LettersMode::English => vec![Language::English],
        LettersMode::Given(l) => vec![Language::English, l],
        LettersMode::Auto => Language::ALL.to_vec(),
    };
    if trimmed.starts_with('(') {
        return languages
            .iter()
            .find_map(|l| Setup::from_problem(trimmed, l.letters()).ok())
            .map(|s| Cow::Owned(s.to_string()));
    }
    if Fen::from_ascii(line.as_bytes()).is_ok() {
        return Some(Cow::Borrowed(line));
    }
    languages
        .iter()
        .find_map(|l| Fen::from_ascii_with(line.as_bytes(), l.letters()).ok())
        .map(|fen| Cow::Owned(fen.to_string()))
}

/// The error of a problem statement read in English (and `mode`'s
/// language), for the report.
pub fn problem_error(line: &str, mode: LettersMode) -> Option<forsyth::ParseProblemError> {
    let trimmed = line.trim();
    if !trimmed.starts_with('(') {
        return None;
    }
    let letters = match mode {
        LettersMode::Given(l) => l.letters(),
        _ => &Letters::ENGLISH,
    };
    Setup::from_problem(trimmed, letters).err()
}

/// `record` (English letters) with its placement written in `language`'s
/// letters, the other fields unchanged.
pub fn placement_in(record: &str, language: Language) -> String {
    let (placement, rest) = record.split_once(' ').unwrap_or((record, ""));
    let Ok(fen) = Fen::from_ascii(format!("{placement} w - - 0 1").as_bytes()) else {
        return record.to_owned();
    };
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = fen.board.write_placement_with(language.letters(), &mut out);
    if !rest.is_empty() {
        out.push(' ');
        out.push_str(rest);
    }
    out
}
