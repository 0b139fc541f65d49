//! The 10x8 board on the command line: Capablanca chess, Gothic chess and
//! Capablanca Random Chess (CRC) in every command.
//!
//! A command goes here, before the 8x8 options are resolved, when its
//! `--variant` names a 10x8 variant or its position is a 10x8 one (ranks of
//! ten squares, `capablanca`, `gothic`, `crc:N`); `convert` and `validate`
//! send each line whose ranks hold ten squares here under `--variant auto`;
//! the `pgn` commands replay here each game whose tags say 10x8, inside
//! their one reading pipeline. Everything else stays on the 8x8 path.

use std::io::{self, Write};
use std::path::PathBuf;

use forsyth::capablanca::letters_for;
use forsyth::capablanca::{
    is_ten_files, line_is_ten_files, CrcStart, FenError, Position, PositionError,
    ReadMoveErrorKind, Report, Setup, Square, Variant,
};
use forsyth::diagram::{Cell, Diagram, Figure, Rgb, Style as DiagramStyle};
use forsyth::fen::{CastlingNotation, FenField, ShredderOrder, WriteOptions};
use forsyth::notation::{Language, Letters, Notation};
use forsyth::pgn::{
    Event, GameResult, GameStart, MovetextWriter, PgnError, PgnErrorKind, ReplayWarning,
    ResultClaims, Span,
};
use forsyth::uci::CastlingMode;
use forsyth::validate::Severity;
use forsyth::{Color, Role};
use serde::Serialize;

use crate::cli::{Command, DiagramArgs, OutputArgs, StartVariantArg, UciCastlingArg};
use crate::options::capa_variant;
use crate::position::RecordFault;
use crate::printer::diag::caret;
use crate::printer::{Format, Printer};
use crate::Outcome;

fn start_variant(arg: StartVariantArg) -> Option<Variant> {
    match arg {
        StartVariantArg::Chess960 => None,
        StartVariantArg::Capablanca => Some(Variant::Capablanca),
        StartVariantArg::Gothic => Some(Variant::Gothic),
        StartVariantArg::Crc => Some(Variant::Crc),
    }
}

/// Whether a word stands for a 10x8 position.
fn is_10x8_word(word: &str) -> bool {
    matches!(word, "capablanca" | "gothic")
        || word.starts_with("crc:")
        || (word.contains('/') && is_ten_files(word))
}

/// The words of a command whose position is `-`, with standard input's
/// first record in its place, when that record is a 10x8 one.
fn stdin_10x8(words: &[String]) -> Option<Vec<String>> {
    let (dash, rest) = words.split_first()?;
    if dash != "-" {
        return None;
    }
    let record = crate::position::first_stdin_record().ok()?;
    let mut read: Vec<String> = record
        .split(is_blank)
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect();
    if !is_10x8_word(read.first()?) {
        return None;
    }
    read.extend_from_slice(rest);
    Some(read)
}

/// The position words of a command that reads its position `-` from
/// standard input when given one (`show`, `diagram`, `moves`, `play`).
fn stdin_position(command: &Command) -> Option<&[String]> {
    let words = match command {
        Command::Show(a) => &a.words,
        Command::Diagram(a) => &a.words,
        Command::Moves(a) => &a.words,
        Command::Play(a) => &a.words,
        _ => return None,
    };
    words.first().is_some_and(|w| w == "-").then_some(words)
}

/// Whether the command reads its position from standard input, where a
/// 10x8 record makes it a 10x8 command ([`dispatch_stdin`]).
pub fn reads_stdin_position(command: &Command) -> bool {
    stdin_position(command).is_some()
}

/// Runs the command on the 10x8 board when its position `-` is a 10x8
/// record on standard input; `None` leaves it to the 8x8 path, which reads
/// the same record. Called once the command line is known good, so that a
/// usage error reads no input.
pub fn dispatch_stdin(command: &Command) -> Option<io::Result<Outcome>> {
    let words = stdin_10x8(stdin_position(command)?)?;
    dispatch_on(command, Some(words))
}

/// Runs the command when it is a 10x8 one; `None` leaves it to the 8x8
/// path.
pub fn dispatch(command: &Command) -> Option<io::Result<Outcome>> {
    dispatch_on(command, None)
}

/// [`dispatch`], with `read` the position words standard input gave in
/// place of `-`.
fn dispatch_on(command: &Command, read: Option<Vec<String>>) -> Option<io::Result<Outcome>> {
    let words_10x8 = |words: &[String]| words.iter().any(|w| is_10x8_word(w));
    let words_of = |words: &[String]| read.clone().unwrap_or_else(|| words.to_vec());
    match command {
        Command::Gen(a) => start_variant(a.variant).map(|v| gen(a, v)),
        Command::Index(a) => {
            let ten_letters = a.words.len() == 1
                && a.words[0].len() == 10
                && a.words[0].chars().all(|c| Role::from_char(c).is_some());
            match a.variant {
                // Standard input's lines are read with the 8x8 ones (`gen`).
                Some(StartVariantArg::Crc) if a.words.len() == 1 && a.words[0] == "-" => None,
                Some(StartVariantArg::Crc) => Some(index(&a.words)),
                Some(StartVariantArg::Capablanca | StartVariantArg::Gothic) => Some(usage(
                    "index: Capablanca and Gothic chess have one start each; --variant crc \
                     numbers the CRC starts",
                )),
                Some(StartVariantArg::Chess960) => None,
                None if ten_letters || words_10x8(&a.words) => Some(index(&a.words)),
                None => None,
            }
        }
        Command::Show(a) => {
            let v = capa_variant(a.variant);
            let words = words_of(&a.words);
            (v.is_some() || words_10x8(&words)).then(|| {
                if a.format == Format::Svg {
                    let args = crate::picture::show_args(words.clone(), a.flip);
                    return picture(&args, v);
                }
                let letters = match a.letters.as_deref() {
                    // auto: a 10x8 placement is read in English letters.
                    Some("auto") => Ok(None),
                    code => ten_letters(code),
                };
                match letters {
                    Ok(letters) => show(&words, v, letters),
                    Err(e) => usage(&format!("show --letters: {e}")),
                }
            })
        }
        Command::Diagram(a) => {
            let words = words_of(&a.words);
            words_10x8(&words).then(|| picture(&DiagramArgs { words, ..a.clone() }, None))
        }
        Command::Perft(a) => {
            let v = capa_variant(a.legality.variant);
            // The 10x8 lines of a suite or of standard input are read with
            // the 8x8 ones (`perft`), under `--variant` when it names one.
            let stdin = a.words.first().is_some_and(|w| w == "-");
            let ten = a.suite.is_none() && !stdin && (v.is_some() || words_10x8(&a.words));
            ten.then(|| perft(&a.words, v, a.divide, a.legality.lenient, a.uci_castling))
        }
        Command::Moves(a) => {
            let v = capa_variant(a.legality.variant);
            let words = words_of(&a.words);
            (v.is_some() || words_10x8(&words)).then(|| {
                let notation = match a.notation.as_deref().map(str::parse::<Notation>) {
                    Some(Err(e)) => return usage(&e.to_string()),
                    Some(Ok(n)) => Some(n),
                    None if a.format == crate::cli::MoveNotationArg::San => {
                        Some(Notation::San(forsyth::notation::Language::English))
                    }
                    None => None,
                };
                moves(&words, v, a.legality.lenient, notation, a.uci_castling)
            })
        }
        Command::Play(a) => {
            let v = capa_variant(a.legality.variant);
            let words = words_of(&a.words);
            (v.is_some() || words.first().is_some_and(|w| is_10x8_word(w))).then(|| {
                let notation = match a.notation.as_deref().map(str::parse::<Notation>) {
                    Some(Err(e)) => return usage(&e.to_string()),
                    Some(Ok(n)) => Some(n),
                    None => None,
                };
                play(&words, v, a.legality.lenient, notation, &a.output)
            })
        }
        Command::Notation(a) => {
            let fen = a.fen.as_deref()?;
            let words: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
            if !words.first().is_some_and(|w| is_10x8_word(w)) {
                return None;
            }
            Some(notation(&words, &a.from, &a.to, a.file.as_ref()))
        }
        _ => None,
    }
}

fn usage(message: &str) -> io::Result<Outcome> {
    crate::note(message);
    Ok(Outcome::Failed)
}

fn fail(message: &str) -> io::Result<Outcome> {
    crate::note(message);
    Ok(Outcome::Rejected)
}

/// The UCI convention: asked for, or the variant's (king takes rook in
/// CRC, as in Chess960).
fn uci_mode(arg: UciCastlingArg, variant: Variant) -> CastlingMode {
    match arg {
        UciCastlingArg::Standard => CastlingMode::Standard,
        UciCastlingArg::Chess960 => CastlingMode::Chess960,
        UciCastlingArg::Auto if variant.is_random() => CastlingMode::Chess960,
        UciCastlingArg::Auto => CastlingMode::Standard,
    }
}

/// A record's fault with the record and a caret under it.
fn fen_message(record: &str, e: &FenError) -> String {
    format!(
        "invalid FEN\n{}",
        caret(
            record,
            e.offset,
            &format!("col {}: {}", e.column(), e.message())
        )
    )
}

/// The named 10x8 starts: `capablanca`, `gothic`, `crc:N`.
fn named(word: &str) -> Option<Result<Setup, String>> {
    match word {
        "capablanca" => Some(Ok(Setup::capablanca())),
        "gothic" => Some(Ok(Setup::gothic())),
        _ => word.strip_prefix("crc:").map(|n| {
            n.parse::<u16>()
                .ok()
                .and_then(CrcStart::new)
                .map(CrcStart::to_setup)
                .ok_or_else(|| format!("crc:{n}: not a CRC start number (0 to 12117)"))
        }),
    }
}

/// Whether `word` fits the record field after `filled` fields.
fn fits(filled: usize, word: &str) -> bool {
    let number = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    match filled {
        1 => word == "w" || word == "b",
        2 => {
            word == "-"
                || (!word.is_empty()
                    && word.bytes().all(
                        |b| matches!(b, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'J' | b'a'..=b'j'),
                    ))
        }
        3 => word == "-" || matches!(word.as_bytes(), [b'a'..=b'j', b'3' | b'6']),
        4 | 5 => number,
        _ => false,
    }
}

/// The position words split into the setup and the words after it.
fn read_setup(words: &[String], variant: Option<Variant>) -> Result<(Setup, Vec<String>), String> {
    let Some(first) = words.first() else {
        return Err("no position given".to_owned());
    };
    if let Some(setup) = named(first) {
        let mut setup = setup?;
        if let Some(v) = variant {
            setup.variant = v;
        }
        return Ok((setup, words[1..].to_vec()));
    }
    let (record, n) = if first == "-" {
        let line =
            crate::position::first_stdin_record().map_err(|e| format!("standard input: {e}"))?;
        (line, 1)
    } else if first.contains(char::is_whitespace) {
        (first.clone(), 1)
    } else {
        let mut n = 1;
        while n < words.len() && fits(n, &words[n]) {
            n += 1;
        }
        (words[..n].join(" "), n)
    };
    let mut fields = record.split_ascii_whitespace();
    let bare = matches!((fields.next(), fields.next()), (Some(p), None) if p.contains('/'));
    let text = if bare {
        format!("{} w - -", record.trim_end())
    } else {
        record
    };
    let setup = Setup::from_fen(&text, variant).map_err(|e| fen_message(&text, &e))?;
    Ok((setup, words[n..].to_vec()))
}

/// `kind: message` lines of a refused position.
fn illegal(error: &PositionError) -> String {
    let mut message = String::from("illegal position");
    for p in error.problems() {
        if p.severity() == Severity::Error {
            message.push_str(&format!("\n  {}: {}", p.kind().name(), p.message()));
        }
    }
    message
}

/// The legal position of a setup; with `lenient`, the errors move
/// generation survives set aside (and said).
fn legal(setup: Setup, lenient: bool) -> Result<Position, String> {
    match Position::from_setup(setup) {
        Ok(pos) => Ok(pos),
        Err(e) => {
            let kinds: Vec<_> = e
                .problems()
                .iter()
                .filter(|p| p.severity() == Severity::Error)
                .map(|p| p.kind())
                .collect();
            if lenient && kinds.iter().all(|k| k.is_ignorable()) {
                let message = illegal(&e);
                if let Ok(pos) = e.clone().ignore(&kinds) {
                    for line in message.lines().skip(1) {
                        crate::note(&format!("--lenient: set aside: {}", line.trim()));
                    }
                    return Ok(pos);
                }
            }
            Err(illegal(&e))
        }
    }
}

fn position(
    words: &[String],
    variant: Option<Variant>,
    lenient: bool,
) -> Result<(Position, Vec<String>), String> {
    let (setup, rest) = read_setup(words, variant)?;
    Ok((legal(setup, lenient)?, rest))
}

// ---------------------------------------------------------------- diagram

/// The cell of a 10x8 square's name (a1 to j8).
fn cell(name: &str) -> Option<Cell> {
    Square::from_ascii(name.as_bytes()).map(|sq| Cell {
        file: sq.file().index() as u8,
        rank: sq.rank() as u8,
    })
}

/// The picture of `diagram` (and `show --format svg`) of a 10x8 position: ten files of
/// squares, with the options of the 8x8 picture.
fn picture(a: &DiagramArgs, variant: Option<Variant>) -> io::Result<Outcome> {
    let mut style = DiagramStyle {
        flip: a.flip,
        coordinates: a.coordinates,
        square_px: a.size,
        ..DiagramStyle::default()
    };
    for (flag, given, slot) in [
        ("--light", &a.light, &mut style.light),
        ("--dark", &a.dark, &mut style.dark),
    ] {
        if let Some(text) = given {
            match text.parse::<Rgb>() {
                Ok(rgb) => *slot = rgb,
                Err(e) => return usage(&format!("{flag}: {e}")),
            }
        }
    }
    let words: Vec<String> = a
        .words
        .iter()
        .flat_map(|w| w.split_whitespace())
        .map(str::to_owned)
        .collect();
    let (setup, rest) = match read_setup(&words, variant) {
        Ok(read) => read,
        Err(e) => return fail(&format!("diagram: {e}")),
    };
    if let Some(word) = rest.first() {
        return usage(&format!(
            "diagram: '{word}' follows a 10x8 position: give a caption with --caption"
        ));
    }
    let mut drawn = match Diagram::new(10, 8) {
        Ok(d) => d,
        Err(e) => return fail(&format!("diagram: {e}")),
    };
    for (sq, piece) in setup.board.pieces() {
        let at = Cell {
            file: sq.file().index() as u8,
            rank: sq.rank() as u8,
        };
        if let Err(e) = drawn.set(at, Some((Figure::from(piece.role), piece.color))) {
            return fail(&format!("diagram: {e}"));
        }
    }
    drawn.set_title(&setup.board.to_string());
    if let Some(caption) = &a.caption {
        if let Err(e) = drawn.set_caption(caption) {
            return usage(&format!("--caption: {e}"));
        }
    }
    for name in a
        .highlight
        .iter()
        .flat_map(|l| l.split([',', ' ']))
        .filter(|n| !n.is_empty())
    {
        let Some(at) = cell(name) else {
            return usage(&format!(
                "--highlight: '{name}' is not a square of the 10x8 board (a1 to j8; separate \
                 squares with commas)"
            ));
        };
        if let Err(e) = drawn.highlight(at) {
            return usage(&format!("--highlight: {e}"));
        }
    }
    let mut legal: Option<Result<Position, String>> = None;
    for text in &a.arrow {
        let squares = match (text.get(..2), text.get(2..4), text.get(4..)) {
            (Some(f), Some(t), Some("" | "q" | "r" | "b" | "n" | "a" | "c")) => {
                cell(f).zip(cell(t))
            }
            _ => None,
        };
        let (from, to) = match squares {
            Some(pair) => pair,
            None => {
                let pos = legal.get_or_insert_with(|| legal_of(setup.clone()));
                let pos = match pos {
                    Ok(pos) => pos,
                    Err(e) => {
                        return fail(&format!(
                            "--arrow: '{text}' is not two squares (such as e2e4), and a move \
                             needs a legal position: {e}"
                        ))
                    }
                };
                match pos.read_move(text, None) {
                    Ok(m) => {
                        let at = |sq: Square| Cell {
                            file: sq.file().index() as u8,
                            rank: sq.rank() as u8,
                        };
                        (at(m.from()), at(m.to()))
                    }
                    Err(e) => return fail(&format!("--arrow: {text}: {e}")),
                }
            }
        };
        if let Err(e) = drawn.arrow(from, to) {
            return fail(&format!("--arrow: {text}: {e}"));
        }
    }
    let png = match a.format {
        Some(format) => format == Format::Png,
        None => a
            .output
            .as_ref()
            .is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"))),
    };
    if png && a.output.is_none() && std::io::IsTerminal::is_terminal(&io::stdout()) {
        return usage(
            "diagram: a PNG is binary and standard output is a terminal: give -o FILE, or \
             redirect standard output to a file",
        );
    }
    crate::picture::emit(drawn.to_svg(&style), png, a.output.as_ref())
}

/// The legal position of a setup, or why it is not one.
fn legal_of(setup: Setup) -> Result<Position, String> {
    legal(setup, false)
}

// ---------------------------------------------------------------- gen, index

/// One start in `gen --format json`.
#[derive(Serialize)]
struct StartJson {
    variant: &'static str,
    number: Option<u16>,
    back_rank: String,
    fen: Encodings,
}

#[derive(Serialize)]
struct Encodings {
    xfen: Option<String>,
    shredder: Option<String>,
    standard: Option<String>,
}

/// A CRC start number or range (`0-9`, downwards too), each end 0 to
/// 12117.
fn crc_numbers(word: &str) -> Result<Vec<CrcStart>, String> {
    let number = |n: &str| {
        n.parse::<u16>()
            .ok()
            .and_then(CrcStart::new)
            .ok_or_else(|| format!("'{n}' is not a CRC start number (0 to 12117)"))
    };
    let (first, last) = crate::cli::range_ends(word)?;
    let (first, last) = (number(first)?, number(last)?);
    let (a, b) = (first.number(), last.number());
    let all: Vec<u16> = if a <= b {
        (a..=b).collect()
    } else {
        (b..=a).rev().collect()
    };
    Ok(all.into_iter().filter_map(CrcStart::new).collect())
}

/// The language `--letters LANG` names for a 10x8 placement (`None`:
/// English), or why it cannot write one: an unknown code, or a language
/// that cannot name the compound pieces.
fn ten_letters(code: Option<&str>) -> Result<Option<Language>, String> {
    let Some(code) = code else {
        return Ok(None);
    };
    let Some(language) = Language::from_code(code) else {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        return Err(format!(
            "'{code}' is not a language code ({})",
            codes.join(", ")
        ));
    };
    letters_for(language)
        .map(|_| Some(language))
        .map_err(|e| e.to_string())
}

/// The record with its placement in `language`'s letters (`None`: as
/// written): its letters for the pieces of chess, `A` and `C` (`a`, `c`)
/// for the compound pieces.
fn in_letters(record: &str, language: Option<Language>) -> String {
    match language.and_then(|l| letters_for(l).ok()) {
        Some(letters) => placement_to_letters(record, letters),
        None => record.to_owned(),
    }
}

/// `record` (English letters) with its placement's pieces of chess in
/// `letters`; digits, `/`, the compound pieces' `A` and `C` and the other
/// fields stay as written.
pub fn placement_to_letters(record: &str, letters: &Letters) -> String {
    let end = record.find(' ').unwrap_or(record.len());
    let mut out = String::with_capacity(record.len() + 8);
    for c in record[..end].chars() {
        match forsyth::Piece::from_char(c) {
            Some(p) if !matches!(p.role, Role::Archbishop | Role::Chancellor) => {
                out.push_str(letters.piece(p));
            }
            _ => out.push(c),
        }
    }
    out.push_str(&record[end..]);
    out
}

/// `record` with its placement read in `letters` (that language's letters
/// for the pieces of chess, `A` and `C` for the compound pieces) and
/// written in English, with the byte of the record as written that each
/// byte of the rewrite came from; `None` when a character of the
/// placement is neither a piece, a digit nor `/`.
pub fn placement_from_letters(record: &str, letters: &Letters) -> Option<(String, Vec<usize>)> {
    let end = record.find(' ').unwrap_or(record.len());
    let mut out = String::with_capacity(record.len());
    let mut from = Vec::with_capacity(record.len());
    let mut at = 0;
    while at < end {
        let rest = &record[at..end];
        let (c, len) = match letters.piece_prefix(rest) {
            Some((p, len)) => (p.char(), len),
            None => {
                let c = rest.chars().next()?;
                let compound = matches!(c.to_ascii_uppercase(), 'A' | 'C');
                if !(c.is_ascii_digit() || c == '/' || compound) {
                    return None;
                }
                (c, 1)
            }
        };
        out.push(c);
        from.push(at);
        at += len;
    }
    out.push_str(&record[end..]);
    from.extend(end..record.len());
    Some((out, from))
}

fn gen(a: &crate::cli::GenArgs, variant: Variant) -> io::Result<Outcome> {
    let letters = match ten_letters(a.letters.as_deref()) {
        Ok(letters) => letters,
        Err(e) => return usage(&format!("gen --letters: {e}")),
    };
    if !a.random && (a.seed.is_some() || a.count.is_some()) {
        return usage("--seed and --count need --random");
    }
    let starts: Vec<(Option<u16>, Setup)> = match variant {
        Variant::Crc => {
            let numbers: Vec<CrcStart> = if a.all {
                CrcStart::all().collect()
            } else if a.random {
                let seed = a.seed.unwrap_or_else(forsyth::Chess960Start::random_seed);
                if a.seed.is_none() {
                    crate::note(&format!(
                        "random seed {seed} (--seed {seed} draws the same starts)"
                    ));
                }
                let count = usize::try_from(a.count.unwrap_or(1)).unwrap_or(usize::MAX);
                CrcStart::random_sequence(seed).take(count).collect()
            } else if a.numbers.is_empty() {
                return usage(
                    "gen --variant crc needs start numbers (0 to 12117), --all or --random",
                );
            } else {
                let mut all = Vec::new();
                for word in &a.numbers {
                    match crc_numbers(word) {
                        Ok(n) => all.extend(n),
                        Err(e) => return usage(&format!("gen: NUMBER: {e}")),
                    }
                }
                all
            };
            numbers
                .into_iter()
                .map(|s| (Some(s.number()), s.to_setup()))
                .collect()
        }
        other => {
            if a.random || !a.numbers.is_empty() {
                return usage(&format!(
                    "gen --variant {other}: the variant has one start (no NUMBER or --random)"
                ));
            }
            let setup = match other {
                Variant::Gothic => Setup::gothic(),
                _ => Setup::capablanca(),
            };
            vec![(None, setup)]
        }
    };
    let notation = a
        .castling
        .map_or(CastlingNotation::XFen, crate::options::notation);
    let order = a
        .shredder_order
        .map_or(ShredderOrder::Files, crate::options::shredder_order);
    let json = a.format == Format::Json;
    let mut out = Printer::stdout();
    let mut outcome = Outcome::Ok;
    for (number, setup) in starts {
        if json {
            let fen = |n| setup.to_fen(n, order).ok();
            let back_rank: String = forsyth::capablanca::File::ALL
                .into_iter()
                .filter_map(|f| {
                    setup
                        .board
                        .role_at(forsyth::capablanca::Square::from_coords(
                            f,
                            forsyth::Rank::First,
                        ))
                })
                .map(Role::upper_char)
                .collect();
            let line = StartJson {
                variant: variant.into(),
                number,
                back_rank,
                fen: Encodings {
                    xfen: fen(CastlingNotation::XFen),
                    shredder: fen(CastlingNotation::Shredder),
                    standard: fen(CastlingNotation::Standard),
                },
            };
            serde_json::to_writer(&mut out, &line)?;
            writeln!(out)?;
            continue;
        }
        match setup.to_fen(notation, order) {
            Ok(fen) => writeln!(out, "{}", in_letters(&fen, letters))?,
            Err(e) => {
                out.flush()?;
                let which = number.map_or_else(|| variant.to_string(), |n| format!("start {n}"));
                crate::note(&format!("{which}: {e}"));
                outcome = Outcome::Rejected;
            }
        }
    }
    out.flush()?;
    Ok(outcome)
}

/// The CRC number of one record or back rank, or why it has none.
fn crc_number(word: &str) -> Result<u16, String> {
    if let Some(setup) = named(word) {
        let setup = setup?;
        return crc_number(&setup.board.to_string());
    }
    // A word of piece letters alone is a back rank; any other word is
    // read as a record, which names the first character that does not fit.
    let roles: Vec<Role> = word.chars().map_while(Role::from_char).collect();
    let back_rank: [Role; 10] = if roles.len() == word.chars().count() {
        roles.try_into().map_err(|_| {
            format!(
                "a 10x8 back rank has 10 letters, '{word}' has {}",
                word.chars().count()
            )
        })?
    } else {
        let (setup, _) = read_setup(&[word.to_owned()], Some(Variant::Crc))?;
        let mut rank = [Role::Pawn; 10];
        for (i, f) in forsyth::capablanca::File::ALL.into_iter().enumerate() {
            let sq = forsyth::capablanca::Square::from_coords(f, forsyth::Rank::First);
            rank[i] = setup.board.role_at(sq).unwrap_or(Role::Pawn);
        }
        // Only a whole start counts: the same pieces on both sides, pawns
        // in front, the middle empty.
        let expected = CrcStart::from_back_rank(&rank).map(CrcStart::to_setup);
        if let Ok(start) = &expected {
            if start.board != setup.board {
                return Err("not a CRC start: the pieces do not stand as in a start".to_owned());
            }
        }
        rank
    };
    CrcStart::from_back_rank(&back_rank)
        .map(CrcStart::number)
        .map_err(|e| format!("not a CRC start: {e} ({})", e.name()))
}

fn index(words: &[String]) -> io::Result<Outcome> {
    let mut out = Printer::stdout();
    let word = words.join(" ");
    match crc_number(&word) {
        Ok(n) => {
            writeln!(out, "{n}")?;
            Ok(Outcome::Ok)
        }
        Err(e) => fail(&e),
    }
}

// ---------------------------------------------------------------- show

/// The board, one line per rank, rank 8 first, files a to j.
fn diagram(setup: &Setup) -> String {
    use forsyth::capablanca::{File, Square};
    let mut s = String::from("  +---------------------+\n");
    for rank in forsyth::Rank::ALL.into_iter().rev() {
        s.push(rank.char());
        s.push_str(" |");
        for file in File::ALL {
            s.push(' ');
            s.push(
                setup
                    .board
                    .piece_at(Square::from_coords(file, rank))
                    .map_or('.', forsyth::Piece::char),
            );
        }
        s.push_str(" |\n");
    }
    s.push_str("  +---------------------+\n    a b c d e f g h i j\n");
    s
}

fn show(
    words: &[String],
    variant: Option<Variant>,
    letters: Option<Language>,
) -> io::Result<Outcome> {
    let setup = match read_setup(words, variant) {
        Ok((setup, rest)) if rest.is_empty() => setup,
        Ok((_, rest)) => {
            return usage(&format!(
                "show takes nothing after the position: '{}'",
                rest[0]
            ))
        }
        Err(e) => return fail(&e),
    };
    let report = Report::of_setup(setup.clone());
    let mut lines = Vec::new();
    let field = |label: &str, value: &str| format!("{label:<17}{value}");
    lines.push(String::new());
    lines.push(field("side to move", setup.turn.name()));
    let status = match report.clone().into_position() {
        Err(_) => "no moves: the position is not legal".to_owned(),
        Ok(pos) => {
            let n = pos.count_legal_moves();
            let moves = if n == 1 { "move" } else { "moves" };
            match (pos.is_check(), n) {
                (true, 0) => format!("checkmate: {} wins", (!pos.turn()).name()),
                (false, 0) => "stalemate".to_owned(),
                (true, _) => format!("check, {n} legal {moves}"),
                (false, _) => format!("{n} legal {moves}"),
            }
        }
    };
    lines.push(field("status", &status));
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let mut parts = Vec::new();
        for side in forsyth::CastlingSide::ALL {
            if let Some(rook) = setup.castling.rook_square(color, side) {
                parts.push(format!(
                    "{} with the rook on {rook}",
                    side.fold("O-O", "O-O-O")
                ));
            }
        }
        let text = if parts.is_empty() {
            format!("{} may not castle", color.name())
        } else {
            format!("{}: {}", color.name(), parts.join(", "))
        };
        lines.push(field(if i == 0 { "castling" } else { "" }, &text));
    }
    let ep = setup.ep_square.map_or("-".to_owned(), |s| s.to_string());
    lines.push(field("en passant", &ep));
    lines.push(field("halfmove clock", &setup.halfmoves.to_string()));
    lines.push(field("fullmove number", &setup.fullmoves.to_string()));
    lines.push(field("variant", &setup.variant.to_string()));
    lines.push(field("board", "10x8, files a to j"));
    let mut rank = [Role::Pawn; 10];
    for (i, f) in forsyth::capablanca::File::ALL.into_iter().enumerate() {
        let sq = forsyth::capablanca::Square::from_coords(f, forsyth::Rank::First);
        rank[i] = setup.board.role_at(sq).unwrap_or(Role::Pawn);
    }
    let start = match CrcStart::from_back_rank(&rank) {
        Ok(s) if s.to_setup().board == setup.board => {
            format!("{} ({})", s.number(), s.back_rank_letters())
        }
        _ => "no".to_owned(),
    };
    lines.push(field("CRC start", &start));
    lines.push(String::new());
    for (name, notation, order) in [
        ("X-FEN", CastlingNotation::XFen, ShredderOrder::Files),
        (
            "Shredder-FEN",
            CastlingNotation::Shredder,
            ShredderOrder::Files,
        ),
        (
            "  (wing order)",
            CastlingNotation::Shredder,
            ShredderOrder::Wings,
        ),
        (
            "standard FEN",
            CastlingNotation::Standard,
            ShredderOrder::Files,
        ),
    ] {
        match setup.to_fen(notation, order) {
            Ok(fen) => lines.push(field(name, &fen)),
            Err(e) => lines.push(field(name, &format!("(cannot: {e})"))),
        }
    }
    if let Some(language) = letters {
        if let Ok(fen) = setup.to_fen(CastlingNotation::XFen, ShredderOrder::Files) {
            let name = format!("{} letters", language.name());
            lines.push(field(&name, &in_letters(&fen, Some(language))));
        }
    }
    lines.push(String::new());
    if report.problems().is_empty() {
        lines.push(field("legal", "yes"));
    } else {
        let verdict = if report.is_legal() {
            "yes, with warnings"
        } else {
            "no"
        };
        lines.push(field("legal", verdict));
        for p in report.problems() {
            let severity = match p.severity() {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            lines.push(format!(
                "  {severity}: {}: {}",
                p.kind().name(),
                p.message()
            ));
        }
    }
    let mut out = Printer::stdout();
    write!(out, "{}", diagram(&setup))?;
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(if report.is_legal() {
        Outcome::Ok
    } else {
        Outcome::Rejected
    })
}

// ---------------------------------------------------------------- perft, moves, play

fn perft(
    words: &[String],
    variant: Option<Variant>,
    divide: bool,
    lenient: bool,
    uci: UciCastlingArg,
) -> io::Result<Outcome> {
    let Some((last, body)) = words.split_last() else {
        return usage("perft needs a position and then DEPTH");
    };
    let depth = match crate::options::perft_depth(last) {
        Ok(depth) => depth,
        Err(message) => return usage(&message),
    };
    let mut out = Printer::stdout();
    let pos = match position(body, variant, lenient) {
        Ok((pos, rest)) if rest.is_empty() => pos,
        Ok((_, rest)) => {
            return usage(&format!(
                "perft takes only DEPTH after the position: '{}'",
                rest[0]
            ))
        }
        Err(e) => return fail(&e),
    };
    let mode = uci_mode(uci, pos.variant());
    write_count(&mut out, &pos, depth, divide, Some(mode))?;
    out.flush()?;
    Ok(Outcome::Ok)
}

fn moves(
    words: &[String],
    variant: Option<Variant>,
    lenient: bool,
    notation: Option<Notation>,
    uci: UciCastlingArg,
) -> io::Result<Outcome> {
    let pos = match position(words, variant, lenient) {
        Ok((pos, rest)) if rest.is_empty() => pos,
        Ok((_, rest)) => {
            return usage(&format!(
                "moves takes nothing after the position: '{}'",
                rest[0]
            ))
        }
        Err(e) => return fail(&e),
    };
    let mode = uci_mode(uci, pos.variant());
    let mut list = Vec::new();
    for &m in pos.legal_moves().iter() {
        match pos.write_move(m, notation.unwrap_or(Notation::Uci), mode) {
            Ok(text) => list.push(text),
            Err(e) => return usage(&format!("--notation: {e}")),
        }
    }
    list.sort();
    let mut out = Printer::stdout();
    for m in &list {
        writeln!(out, "{m}")?;
    }
    out.flush()?;
    Ok(Outcome::Ok)
}

/// The move words of `play`, move numbers and `...` dropped.
fn move_words(words: &[String]) -> Vec<String> {
    words
        .iter()
        .flat_map(|w| w.split([' ', ',']))
        .map(|w| {
            let digits = w.len() - w.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if w[digits..].starts_with('.') {
                w[digits..].trim_start_matches('.').to_owned()
            } else {
                w.to_owned()
            }
        })
        .filter(|w| !w.is_empty() && !w.bytes().all(|b| b.is_ascii_digit()))
        .collect()
}

fn play(
    words: &[String],
    variant: Option<Variant>,
    lenient: bool,
    notation: Option<Notation>,
    output: &OutputArgs,
) -> io::Result<Outcome> {
    let (mut pos, rest) = match position(words, variant, lenient) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    // Every position reached, the start first: the game's end is judged
    // after each move from them, by the library's one rule.
    let mut positions = vec![pos.clone()];
    let judge = |positions: &[Position]| {
        let last = positions.last()?;
        forsyth::game::outcome(last.outcome(), || {
            forsyth::game::repetitions_of_last(positions, last.setup().halfmoves)
        })
    };
    // A result ends the moves: a move after it is refused, as on 8x8.
    let mut result: Option<&str> = None;
    for (i, text) in move_words(&rest).iter().enumerate() {
        if let Some(result) = result {
            return crate::play::after_result(i, text, result);
        }
        if notation
            .unwrap_or(Notation::San(Language::English))
            .is_game_end(text)
        {
            result = Some(text);
            continue;
        }
        // A move after the end is refused, whatever its text, as on the
        // 8x8 board.
        if let Some(outcome) = judge(&positions) {
            let e = forsyth::notation::ParseMoveError::Illegal {
                text: text.clone(),
                turn: pos.turn(),
                reason: forsyth::IllegalMoveReason::GameOver { outcome },
            };
            return crate::play::refuse(i, text, &e);
        }
        let m = match pos.read_move(text, notation) {
            Ok(m) => m,
            Err(e) => return fail(&format!("move {} ({text}): {e} ({})", i + 1, e.kind_name())),
        };
        pos = match pos.play(m) {
            Ok(p) => p,
            Err(e) => return fail(&format!("move {} ({text}): {e}", i + 1)),
        };
        positions.push(pos.clone());
    }
    let fen = match pos.to_fen_with(&crate::options::write_options(
        output,
        CastlingNotation::XFen,
    )) {
        Ok(fen) => fen,
        Err(e) => return fail(&e.to_string()),
    };
    let mut out = Printer::stdout();
    writeln!(out, "{fen}")?;
    out.flush()?;
    match judge(&positions) {
        Some(forsyth::Outcome::FivefoldRepetition) => {
            crate::note("fivefold repetition: the game is drawn");
        }
        Some(end) => crate::note(&format!("game over: {end}")),
        None => {
            let times = forsyth::game::repetitions_of_last(&positions, pos.setup().halfmoves);
            if times >= 3 {
                crate::note(&forsyth::game::DrawClaim::ThreefoldRepetition.to_string());
            }
            if pos.can_claim_fifty_moves() {
                crate::note(&forsyth::game::DrawClaim::FiftyMoves.to_string());
            }
        }
    }
    Ok(Outcome::Ok)
}

// ---------------------------------------------------------------- lines of perft and index

/// Whether a line of `index -` holds a 10x8 record or back rank: ranks of
/// ten squares, ten piece letters, or a named 10x8 start.
pub fn index_line_is_10x8(record: &[u8]) -> bool {
    record_is_10x8(record)
        || (record.len() == 10
            && record
                .iter()
                .all(|&b| Role::from_char(char::from(b)).is_some()))
}

/// Whether the record of a line (`perft -`, `perft --suite`) is a 10x8
/// one: ranks of ten squares or a named 10x8 start.
pub fn record_is_10x8(record: &[u8]) -> bool {
    line_is_ten_files(record)
        || matches!(record, b"capablanca" | b"gothic")
        || record.starts_with(b"crc:")
}

/// The CRC number of a 10x8 line of `index -`, or why it has none.
pub fn index_line(record: &[u8]) -> Result<u16, RecordFault> {
    let text = line_text(record)?;
    let back_rank = text.chars().all(|c| Role::from_char(c).is_some());
    if named(text).is_none() && !back_rank {
        let padded = padded_record(text);
        if let Err(e) = Setup::from_fen(&padded, Some(Variant::Crc)) {
            return Err(record_fault(&e));
        }
    }
    crc_number(text).map_err(|message| RecordFault {
        offset: 0,
        field: "placement".to_owned(),
        message: message.lines().next().unwrap_or("").to_owned(),
    })
}

/// The legal 10x8 position of a line of `perft -` or `perft --suite`,
/// read as `variant` (or as its record says), or why there is none.
pub fn line_position(
    record: &[u8],
    variant: Option<Variant>,
    lenient: bool,
) -> Result<Position, RecordFault> {
    let text = line_text(record)?;
    let setup = match named(text) {
        Some(setup) => {
            let mut setup = setup.map_err(|message| RecordFault {
                offset: 0,
                field: "record".to_owned(),
                message,
            })?;
            if let Some(v) = variant {
                setup.variant = v;
            }
            setup
        }
        None => Setup::from_fen(&padded_record(text), variant).map_err(|e| record_fault(&e))?,
    };
    legal(setup, lenient).map_err(|message| RecordFault {
        offset: 0,
        field: "placement".to_owned(),
        message: message.replace("\n  ", "; "),
    })
}

/// Writes the perft count of a 10x8 position (with `divide`, each move's
/// count, a blank line, then the total), as for an 8x8 one; returns the
/// total.
pub fn write_count(
    out: &mut impl Write,
    pos: &Position,
    depth: u32,
    divide: bool,
    uci: Option<CastlingMode>,
) -> io::Result<u64> {
    if !divide || depth == 0 {
        let nodes = pos.perft(depth);
        if divide {
            writeln!(out)?;
        }
        writeln!(out, "{nodes}")?;
        return Ok(nodes);
    }
    let mode = uci.unwrap_or_else(|| uci_mode(UciCastlingArg::Auto, pos.variant()));
    let mut rows: Vec<(String, u64)> = pos
        .divide(depth)
        .into_iter()
        .map(|(m, n)| (pos.uci(m, mode), n))
        .collect();
    rows.sort();
    let total: u64 = rows.iter().map(|r| r.1).sum();
    for (m, n) in rows {
        writeln!(out, "{m}: {n}")?;
    }
    writeln!(out)?;
    writeln!(out, "{total}")?;
    Ok(total)
}

/// The text of a line's record; a line that is not UTF-8 has none, its
/// fault at the first byte that is not, named by its value.
fn line_text(record: &[u8]) -> Result<&str, RecordFault> {
    std::str::from_utf8(record).map_err(|e| RecordFault {
        offset: e.valid_up_to(),
        field: "record".to_owned(),
        message: format!(
            "byte 0x{:02x} is not UTF-8 text",
            record.get(e.valid_up_to()).copied().unwrap_or_default()
        ),
    })
}

/// A record with its placement alone completed as white to move, no
/// castling, no en passant.
fn padded_record(text: &str) -> String {
    if text.contains(char::is_whitespace) {
        text.to_owned()
    } else {
        format!("{text} w - -")
    }
}

fn record_fault(e: &FenError) -> RecordFault {
    let fault = syntax_fault(e);
    RecordFault {
        offset: fault.column.saturating_sub(1),
        field: fault.field,
        message: fault.message,
    }
}

// ---------------------------------------------------------------- convert, validate

/// Where each field of a record starts (0-based), placement first.
fn field_offsets(record: &str) -> Vec<usize> {
    let mut offsets = Vec::new();
    let mut in_word = false;
    for (i, b) in record.bytes().enumerate() {
        let blank = b == b' ' || b == b'\t';
        if !blank && !in_word {
            offsets.push(i);
        }
        in_word = !blank;
    }
    offsets
}

/// The 1-based column of a field of `record`.
fn field_column(record: &str, field: FenField) -> usize {
    let index = match field {
        FenField::Record | FenField::Placement => 0,
        FenField::Turn => 1,
        FenField::Castling => 2,
        FenField::EnPassant => 3,
        FenField::Halfmoves => 4,
        FenField::Fullmoves => 5,
    };
    field_offsets(record).get(index).map_or(1, |o| o + 1)
}

/// One fault of a 10x8 line: column, field, kind, severity, message.
pub struct LineFault {
    pub column: usize,
    pub field: String,
    pub field_name: &'static str,
    pub kind: &'static str,
    pub severity: Severity,
    pub squares: Vec<String>,
    pub message: String,
    /// A problem of the position (not of the record's syntax or encoding).
    pub problem: bool,
}

fn syntax_fault(e: &FenError) -> LineFault {
    let field = e.field.to_string();
    let message = e.message();
    LineFault {
        column: e.column(),
        message: message
            .strip_prefix(&format!("{field}: "))
            .unwrap_or(&message)
            .to_owned(),
        field,
        field_name: e.field.into(),
        kind: e.kind.name(),
        severity: Severity::Error,
        squares: Vec::new(),
        problem: false,
    }
}

fn problem_faults(record: &str, report: &Report) -> Vec<LineFault> {
    let mut faults: Vec<LineFault> = report
        .problems()
        .iter()
        .map(|p| LineFault {
            column: field_column(record, p.field()),
            field: p.field().to_string(),
            field_name: p.field().into(),
            kind: p.kind().name(),
            severity: p.severity(),
            squares: p.squares().into_iter().map(|s| s.to_string()).collect(),
            message: p.message(),
            problem: true,
        })
        .collect();
    faults.sort_by_key(|f| f.column);
    faults
}

/// The record of a line, without the blanks FEN skips around one
/// (`forsyth::fen::is_blank`: other white space, such as a no-break space,
/// is the reader's to refuse, as on 8x8), and the bytes before it.
fn record_of(line: &str) -> (usize, &str) {
    let record = line.trim_matches(is_blank);
    (line.len() - line.trim_start_matches(is_blank).len(), record)
}

/// Whether a character is one of the blanks FEN skips around a record and
/// between its fields (`forsyth::fen::is_blank`).
fn is_blank(c: char) -> bool {
    u8::try_from(c).is_ok_and(forsyth::fen::is_blank)
}

/// `convert` of one 10x8 line: the record written in the encoding asked,
/// or the faults that refuse it (columns of the line as given).
pub fn convert_line(
    line: &str,
    variant: Option<Variant>,
    write: &WriteOptions,
    validate: bool,
) -> Result<String, Vec<LineFault>> {
    let (indent, record) = record_of(line);
    let shift = |mut faults: Vec<LineFault>| {
        for f in &mut faults {
            f.column += indent;
        }
        faults
    };
    let setup = Setup::from_fen(record, variant).map_err(|e| shift(vec![syntax_fault(&e)]))?;
    let written = if validate {
        let report = Report::of_setup(setup);
        if !report.is_legal() {
            let errors = problem_faults(record, &report)
                .into_iter()
                .filter(|f| f.severity == Severity::Error)
                .collect();
            return Err(shift(errors));
        }
        match report.into_position() {
            Ok(pos) => pos.to_fen_with(write),
            Err(e) => return Err(shift(problem_faults(record, e.report()))),
        }
    } else {
        setup.to_fen(write.castling, write.shredder_order)
    };
    written.map_err(|e| {
        shift(vec![LineFault {
            column: field_column(record, FenField::Castling),
            field: FenField::Castling.to_string(),
            field_name: "castling",
            kind: e.reason.name(),
            severity: Severity::Error,
            squares: vec![e.rook.to_string()],
            message: e.to_string(),
            problem: false,
        }])
    })
}

/// One line of `validate --format json` for a 10x8 record.
#[derive(Serialize)]
pub struct LineJson<'a> {
    pub file: &'a str,
    pub line: u64,
    pub valid: bool,
    pub variant: Option<&'static str>,
    pub problems: Vec<FaultJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repair: Option<RepairJson>,
}

#[derive(Serialize)]
pub struct FaultJson {
    kind: &'static str,
    severity: &'static str,
    field: &'static str,
    column: usize,
    squares: Vec<String>,
    message: String,
}

#[derive(Serialize)]
pub struct RepairJson {
    repairs: Vec<RepairItemJson>,
    fen: Option<String>,
    remaining: RemainingJson,
}

/// What is left after `--repair`: the verdict on the line written (or
/// on the line as it was, when it was not repaired).
#[derive(Serialize)]
pub struct RemainingJson {
    valid: bool,
    variant: Option<&'static str>,
    problems: Vec<FaultJson>,
}

#[derive(Serialize)]
pub struct RepairItemJson {
    kind: &'static str,
    message: String,
}

impl From<&LineFault> for FaultJson {
    fn from(f: &LineFault) -> FaultJson {
        FaultJson {
            kind: f.kind,
            severity: f.severity.into(),
            field: f.field_name,
            column: f.column,
            squares: f.squares.clone(),
            message: f.message.clone(),
        }
    }
}

/// `--repair` on a line: the record written (`None`: not repairable) and
/// each change made, as kind and message.
pub type Repaired = (Option<String>, Vec<(&'static str, String)>);

/// What `validate` says of one 10x8 line.
pub struct Judged {
    pub valid: bool,
    pub variant: Option<Variant>,
    pub faults: Vec<LineFault>,
    /// With `--repair`: the record repaired (None: not repairable) and the
    /// changes made.
    pub repaired: Option<Repaired>,
}

/// `validate` of one 10x8 line.
pub fn validate_line(
    line: &str,
    variant: Option<Variant>,
    strict: bool,
    repair: Option<(Option<CastlingNotation>, Option<ShredderOrder>)>,
) -> Judged {
    let (indent, record) = record_of(line);
    let setup = match Setup::from_fen(record, variant) {
        Ok(s) => s,
        Err(e) => {
            let mut f = syntax_fault(&e);
            f.column += indent;
            return Judged {
                valid: false,
                variant: None,
                faults: vec![f],
                repaired: repair.map(|_| (None, Vec::new())),
            };
        }
    };
    let report = Report::of_setup(setup);
    let mut faults = problem_faults(record, &report);
    for f in &mut faults {
        f.column += indent;
        if strict {
            f.severity = Severity::Error;
        }
    }
    let valid = if strict {
        faults.is_empty()
    } else {
        report.is_legal()
    };
    let repaired = repair.map(|(notation, order)| {
        let (fixed, repairs) = report.repair();
        let changes: Vec<(&'static str, String)> = repairs
            .iter()
            .map(|r| {
                let kind = r.kind().name();
                let text = r.to_string();
                let message = text.strip_prefix(&format!("{kind}: ")).unwrap_or(&text);
                (kind, message.to_owned())
            })
            .collect();
        if !fixed.is_legal() {
            return (None, changes);
        }
        // Nothing to change: the line as it was read.
        if changes.is_empty() && notation.is_none() && order.is_none() {
            return (Some(line.to_owned()), changes);
        }
        // The line's own encoding unless another is asked for.
        let letters = record.split_ascii_whitespace().nth(2).unwrap_or("-");
        let shredder = letters != "-"
            && letters
                .bytes()
                .all(|b| !matches!(b, b'K' | b'Q' | b'k' | b'q'));
        let notation = notation.unwrap_or(if shredder {
            CastlingNotation::Shredder
        } else {
            CastlingNotation::XFen
        });
        let order = order.unwrap_or_else(|| {
            let upper: Vec<u8> = letters.bytes().filter(u8::is_ascii_uppercase).collect();
            if upper.windows(2).any(|w| w[0] > w[1]) {
                ShredderOrder::Wings
            } else {
                ShredderOrder::Files
            }
        });
        (fixed.setup().to_fen(notation, order).ok(), changes)
    });
    Judged {
        valid,
        variant: Some(report.variant()),
        faults,
        repaired,
    }
}

/// `FILE:LINE:COL: field: kind: message` (a warning: `... field: warning:
/// kind: message`).
pub fn fault_line(at: &str, f: &LineFault) -> String {
    let warning = match f.severity {
        Severity::Warning => "warning: ",
        Severity::Error => "",
    };
    format!(
        "{at}:{}: {}: {warning}{}: {}",
        f.column, f.field, f.kind, f.message
    )
}

/// The JSON line of a judged 10x8 line.
pub fn judged_json<'a>(
    file: &'a str,
    line: u64,
    judged: &Judged,
    variant: Option<Variant>,
) -> LineJson<'a> {
    LineJson {
        file,
        line,
        valid: judged.valid,
        variant: judged.variant.map(Into::into),
        problems: judged.faults.iter().map(FaultJson::from).collect(),
        repair: judged.repaired.as_ref().map(|(fen, changes)| RepairJson {
            repairs: changes
                .iter()
                .map(|(kind, message)| RepairItemJson {
                    kind,
                    message: message.clone(),
                })
                .collect(),
            fen: fen.clone(),
            remaining: match fen {
                Some(fen) => {
                    let again = validate_line(fen, variant, false, None);
                    RemainingJson {
                        valid: again.valid,
                        variant: again.variant.map(Into::into),
                        problems: again.faults.iter().map(FaultJson::from).collect(),
                    }
                }
                None => RemainingJson {
                    valid: false,
                    variant: judged.variant.map(Into::into),
                    problems: judged.faults.iter().map(FaultJson::from).collect(),
                },
            },
        }),
    }
}

// ---------------------------------------------------------------- notation

/// The start and the moves of one movetext, translated.
fn notation(words: &[String], from: &str, to: &str, file: Option<&PathBuf>) -> io::Result<Outcome> {
    let (from, to) = match (from.parse::<Notation>(), to.parse::<Notation>()) {
        (Ok(f), Ok(t)) => (f, t),
        (Err(e), _) | (_, Err(e)) => return usage(&e.to_string()),
    };
    let start = match position(words, None, false) {
        Ok((pos, _)) => pos,
        Err(e) => return fail(&format!("notation: --fen: {e}")),
    };
    // The 8x8 board's translation, on the 10x8 board: one way to keep
    // what is not a move as it was written.
    match forsyth::notation::Translator::ten(start, from, to) {
        Ok(translator) => crate::notation::translate_input(translator, from, file),
        Err(e) => usage(&format!("notation: {e}")),
    }
}

/// The first fault of a 10x8 game, as data: where it is, its kind's
/// stable name, the sentence, and for a move's fault the move as written,
/// its number, the side to move, the position before it (X-FEN) and the
/// candidates of an ambiguous move. Its JSON has the keys of an 8x8
/// game's fault; its text is `LINE:COL: 12... Nf9: KIND: message`.
#[derive(Clone, Debug, Serialize)]
pub struct TenFault {
    pub kind: &'static str,
    pub message: String,
    pub line: u64,
    pub column: u64,
    #[serde(rename = "move")]
    pub text: Option<String>,
    pub move_number: Option<u32>,
    pub side: Option<&'static str>,
    pub fen: Option<String>,
    pub candidates: Vec<String>,
}

impl TenFault {
    /// A fault that is not a move's, at `line`, `column`.
    fn at(line: u64, column: u64, kind: &'static str, message: String) -> TenFault {
        TenFault {
            kind,
            message,
            line,
            column,
            text: None,
            move_number: None,
            side: None,
            fen: None,
            candidates: Vec::new(),
        }
    }

    /// The fault of the move `text` at `span` in `pos`.
    fn of_move(
        pos: &Position,
        text: &str,
        span: Span,
        kind: &'static str,
        message: String,
    ) -> TenFault {
        let fen = pos
            .to_fen(CastlingNotation::XFen, ShredderOrder::default())
            .ok();
        TenFault {
            text: Some(text.to_owned()),
            move_number: Some(pos.setup().fullmoves),
            side: Some(pos.turn().name()),
            fen,
            ..TenFault::at(span.line, span.column, kind, message)
        }
    }
}

impl std::fmt::Display for TenFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        if let (Some(text), Some(number), Some(side)) = (&self.text, self.move_number, self.side) {
            let dots = if side == Color::White.name() {
                "."
            } else {
                "..."
            };
            write!(f, "{number}{dots} {text}: ")?;
        }
        write!(f, "{}: {}", self.kind, self.message)
    }
}

/// A 10x8 movetext replayed by [`translate`].
struct Translated {
    /// The movetext in the written notation; with a fault, up to it, the
    /// rest kept in a comment `{not replayed (KIND): REST}` and the
    /// result `*`, as the 8x8 export writes a faulty game.
    text: String,
    /// The main line's positions, the start first (up to the fault).
    main: Vec<Position>,
    /// The first faulty move (a syntax fault given to [`translate`] is
    /// kept out of it, for its caller).
    fault: Option<Box<TenFault>>,
}

/// The movetext of `events` replayed from `start` (variations too), moves
/// read in any notation and written by `write`; comments, NAGs
/// and the result kept; `end` settles the result of a movetext without
/// fault. Replay stops at the first faulty move or at `syntax`, the
/// earliest syntax fault; the events from there on (and the stray
/// characters among `errors`) are the rest.
fn translate(
    start: &Position,
    events: &[Event],
    syntax: Option<&PgnError>,
    errors: &[PgnError],
    write: impl Fn(&Position, forsyth::capablanca::Move) -> Result<String, String>,
    end: impl FnOnce(&[Position]) -> GameResult,
) -> Translated {
    let mut w = MovetextWriter::new(String::new());
    // Each level: the position now, and the one before the last move.
    let mut stack: Vec<(Position, Position)> = vec![(start.clone(), start.clone())];
    let mut main = vec![start.clone()];
    // Where the rest starts: the event, the fault's kind and the fault.
    let mut stop: Option<(usize, &str, Option<Box<TenFault>>)> = None;
    for (i, event) in events.iter().enumerate() {
        if let Some(e) = syntax.filter(|e| event.span().offset >= e.span.offset) {
            stop = Some((i, e.kind.name(), None));
            break;
        }
        match event {
            Event::Move { text, span } => {
                let depth = stack.len();
                let Some((pos, before)) = stack.last_mut() else {
                    break;
                };
                let number = pos.setup().fullmoves;
                let side = pos.turn();
                let fault =
                    |kind, message| Box::new(TenFault::of_move(pos, text, *span, kind, message));
                let played = match pos.read_move(text, None) {
                    Err(e) => {
                        let mut f = fault(e.kind_name(), e.to_string());
                        if let ReadMoveErrorKind::Ambiguous(c) = &e.kind {
                            f.candidates.clone_from(c);
                        }
                        Err(f)
                    }
                    Ok(m) => {
                        write(pos, m)
                            .map_err(|e| fault("unsupported", e))
                            .and_then(|written| {
                                let next = pos
                                    .play(m)
                                    .map_err(|e| fault(e.kind().name(), e.to_string()))?;
                                Ok((written, next))
                            })
                    }
                };
                match played {
                    Ok((written, next)) => {
                        w.play(number, side, &written);
                        *before = std::mem::replace(pos, next);
                        if depth == 1 {
                            main.push(pos.clone());
                        }
                    }
                    Err(fault) => {
                        stop = Some((i, fault.kind, Some(fault)));
                        break;
                    }
                }
            }
            Event::Nag(n) => w.nag(n.value),
            Event::Comment { text, .. } => w.comment(text),
            Event::BeginVariation(_) => {
                let before = stack
                    .last()
                    .map(|l| l.1.clone())
                    .unwrap_or_else(|| start.clone());
                stack.push((before.clone(), before));
                w.begin_variation();
            }
            Event::EndVariation(_) => {
                if stack.len() > 1 {
                    stack.pop();
                }
                w.end_variation();
            }
            Event::Result { .. } | Event::MoveNumber(_) => {}
        }
    }
    // A syntax fault after the last event (an unclosed variation).
    if stop.is_none() {
        if let Some(e) = syntax {
            stop = Some((events.len(), e.kind.name(), None));
        }
    }
    let Some((at, kind, fault)) = stop else {
        let result = end(&main);
        return Translated {
            text: w.finish(result),
            main,
            fault: None,
        };
    };
    // The move numbers read since the last move are the rest's first
    // words, as the 8x8 export keeps them.
    let mut first = at;
    while first > 0 && matches!(events[first - 1], Event::MoveNumber(_)) {
        first -= 1;
    }
    let from_offset = events
        .get(first)
        .map(|e| e.span().offset)
        .into_iter()
        .chain(syntax.map(|e| e.span.offset))
        .min()
        .unwrap_or(u64::MAX);
    let mut rest = forsyth::pgn::Unreplayed::default();
    let mut strays = errors
        .iter()
        .filter(|e| e.span.offset >= from_offset)
        .peekable();
    let mut marker = None;
    for event in &events[first..] {
        while let Some(e) = strays.next_if(|e| e.span.offset < event.span().offset) {
            rest.error(e);
        }
        match event {
            Event::Result { result, .. } => marker = Some(*result),
            other => rest.event(other),
        }
    }
    for e in strays {
        rest.error(e);
    }
    if let Some(result) = marker {
        rest.result(result);
    }
    rest.write_into(&mut w, kind);
    // The variations open at the fault are closed.
    for _ in 1..stack.len() {
        w.end_variation();
    }
    Translated {
        text: w.finish(GameResult::Unknown),
        main,
        fault,
    }
}

// ---------------------------------------------------------------- pgn

/// How the 10x8 games of a `pgn` command are read and written.
#[derive(Clone, Copy, Debug)]
pub struct TenOptions {
    /// The moves of `pgn export`.
    pub notation: Notation,
    /// The FEN of `pgn fens` and of the exported `FEN` tag.
    pub fen: forsyth::fen::WriteOptions,
    /// `--variant`: a game with a 10x8 `FEN` tag and no `Variant` tag is
    /// played under it.
    pub variant: Option<Variant>,
}

/// A 10x8 game as read: its start, tags, movetext and syntax errors.
#[derive(Debug, Default)]
pub struct TenRead {
    pub start: Option<GameStart>,
    pub tags: Vec<(String, String)>,
    /// The `Result` tag's value and place.
    pub result: Option<(String, Span)>,
    /// Where its `FEN` and `SetUp` tags are.
    pub fen_at: Option<Span>,
    pub setup_at: Option<Span>,
    pub events: Vec<Event>,
    pub errors: Vec<PgnError>,
}

/// A 10x8 game replayed.
#[derive(Debug)]
pub struct TenGame {
    pub start: GameStart,
    /// Its variant, when its tags say it.
    pub variant: Option<Variant>,
    /// Whether it has a `SetUp` or a `FEN` tag.
    pub setup_tags: bool,
    pub tags: Vec<(String, String)>,
    /// The first fault.
    pub fault: Option<Box<TenFault>>,
    /// The movetext in the export notation, when it replays.
    pub movetext: String,
    /// The positions of the main line, the start first.
    pub positions: Vec<Position>,
    /// Its result, judged as an 8x8 game's is from its `Result` tag, its
    /// termination marker and how its main line ends.
    pub result: GameResult,
    /// What is odd about its result, when it replays.
    pub warnings: Vec<ReplayWarning>,
}

/// The 10x8 variant a game's tags name: its `Variant` tag, else (for a
/// `FEN` tag whose ranks hold ten squares) `--variant` or the record's
/// own. `None` for an 8x8 game.
pub fn game_board(
    variant_tag: Option<&str>,
    fen_tag: Option<&str>,
    forced: Option<Variant>,
) -> Option<Option<Variant>> {
    if let Some(v) = variant_tag.and_then(Variant::from_tag) {
        return Some(Some(v));
    }
    // A Variant tag for an 8x8 game (Chess960) keeps it on 8x8.
    if variant_tag.and_then(forsyth::pgn::variant_from_tag) == Some(forsyth::Variant::Chess960) {
        return None;
    }
    fen_tag.filter(|f| is_ten_files(f)).map(|_| forced)
}

/// The start of a 10x8 game: its FEN tag, else the variant's start (a CRC
/// game needs its FEN tag).
fn game_start(
    tags: &[(String, String)],
    variant: Option<Variant>,
) -> Result<Position, (&'static str, String)> {
    let fen = tags
        .iter()
        .find(|(n, _)| n == "FEN")
        .map(|(_, v)| v.as_str());
    let setup = match fen {
        Some(fen) => {
            Setup::from_fen(fen, variant).map_err(|e| ("bad_fen_tag", format!("FEN tag: {e}")))?
        }
        None => match variant {
            Some(Variant::Gothic) => Setup::gothic(),
            Some(Variant::Crc) => {
                return Err((
                    "missing_fen_tag",
                    "a CRC game needs a FEN tag with its start".to_owned(),
                ))
            }
            _ => Setup::capablanca(),
        },
    };
    Position::from_setup(setup).map_err(|e| ("illegal_start", illegal(&e).replace('\n', ";")))
}

/// Replays a 10x8 game read by the `pgn` commands.
pub fn judge_game(read: TenRead, options: &TenOptions) -> TenGame {
    let tag = |n: &str| {
        read.tags
            .iter()
            .find(|(t, _)| t == n)
            .map(|(_, v)| v.as_str())
    };
    let board = game_board(tag("Variant"), tag("FEN"), options.variant).flatten();
    let setup_tags = tag("SetUp").is_some() || tag("FEN").is_some();
    let start = read.start.unwrap_or(GameStart {
        number: 0,
        line: 0,
        offset: 0,
    });
    let mut game = TenGame {
        start,
        variant: board,
        setup_tags,
        tags: Vec::new(),
        fault: None,
        movetext: String::new(),
        positions: Vec::new(),
        result: GameResult::Unknown,
        warnings: Vec::new(),
    };
    let marker = read.events.iter().find_map(|e| match e {
        Event::Result { result, span } => Some((*result, *span)),
        _ => None,
    });
    let mut warnings = Vec::new();
    // A game with a fault is `*`, as on 8x8.
    let mut judged = GameResult::Unknown;
    // A movetext without its result replays, as on 8x8.
    let syntax = read
        .errors
        .iter()
        .filter(|e| e.kind != PgnErrorKind::MissingResult)
        .min_by_key(|e| e.span.offset);
    let syntax_fault = syntax.map(|e| {
        Box::new(TenFault::at(
            e.span.line,
            e.span.column,
            e.kind.name(),
            e.kind.to_string(),
        ))
    });
    let setup_one = tag("SetUp").is_some_and(|v| v.trim() == "1");
    let started = match (tag("FEN"), read.setup_at) {
        (None, Some(at)) if setup_one => Err((
            "setup_without_fen",
            "[SetUp \"1\"] without a FEN tag".to_owned(),
            at,
        )),
        _ => game_start(&read.tags, board).map_err(|(kind, message)| {
            let at = Span {
                line: start.line,
                column: 1,
                ..Span::default()
            };
            (kind, message, read.fen_at.unwrap_or(at))
        }),
    };
    if let (Some(span), false) = (read.fen_at, setup_one) {
        warnings.push(ReplayWarning::FenWithoutSetUp { span });
    }
    match started {
        Ok(pos) => {
            game.variant = Some(pos.setup().variant);
            let write = |pos: &Position, m| {
                pos.write_move(
                    m,
                    options.notation,
                    uci_mode(UciCastlingArg::Auto, pos.variant()),
                )
                .map_err(|e| e.to_string())
            };
            // The result judged as on 8x8 is the one written.
            let end = |main: &[Position]| {
                let claims = ResultClaims {
                    tag: read.result.as_ref().map(|(v, span)| (v.as_str(), *span)),
                    marker,
                    missing: read
                        .errors
                        .iter()
                        .find(|e| e.kind == PgnErrorKind::MissingResult)
                        .map(|e| e.span),
                };
                // The end by fivefold repetition counted over the main line,
                // whose positions are all kept here.
                let outcome = main.last().and_then(|last| {
                    let clock = last.setup().halfmoves;
                    forsyth::game::outcome(last.outcome(), || {
                        forsyth::game::repetitions_of_last(main, clock)
                    })
                });
                let result = claims.judge(outcome, &mut warnings);
                judged = result;
                result
            };
            let t = translate(&pos, &read.events, syntax, &read.errors, write, end);
            game.movetext = t.text;
            game.positions = t.main;
            // A faulty move before the syntax fault is the first fault.
            game.fault = t.fault.or(syntax_fault);
        }
        Err((kind, message, at)) => {
            // Nothing replays: the whole movetext is the rest.
            let fault = syntax_fault
                .unwrap_or_else(|| Box::new(TenFault::at(at.line, at.column, kind, message)));
            let kind = fault.kind;
            let mut rest = forsyth::pgn::Unreplayed::default();
            let mut result = None;
            for event in &read.events {
                match event {
                    Event::Result { result: r, .. } => result = Some(*r),
                    other => rest.event(other),
                }
            }
            if let Some(r) = result {
                rest.result(r);
            }
            let mut w = MovetextWriter::new(String::new());
            rest.write_into(&mut w, kind);
            game.movetext = w.finish(GameResult::Unknown);
            game.fault = Some(fault);
        }
    }
    game.warnings = warnings;
    game.result = judged;
    game.tags = read.tags;
    game
}

/// A 10x8 position in the FEN of `options`.
pub fn fen_of(pos: &Position, options: &forsyth::fen::WriteOptions) -> Result<String, String> {
    pos.to_fen_with(options).map_err(|e| e.to_string())
}

/// One 10x8 game of `pgn check --format json`, keyed as the 8x8 ones.
pub fn check_json(name: &str, game: &TenGame) -> serde_json::Value {
    let problem = &game.fault;
    serde_json::json!({
        "file": name,
        "game": game.start.number,
        "line": game.start.line,
        "variant": game.variant.map(<&'static str>::from),
        "ok": game.fault.is_none(),
        "warnings": game.warnings,
        "problem": problem,
    })
}

/// A 10x8 game in the export format, its `FEN` tag rewritten in the
/// encoding asked for.
pub fn export(game: &TenGame, options: &forsyth::fen::WriteOptions) -> Result<String, String> {
    // The Result tag is the judged result, as the movetext's marker.
    let mut tags: Vec<(&str, String)> = game
        .tags
        .iter()
        .filter(|(n, _)| n != "Result")
        .map(|(n, v)| (n.as_str(), v.clone()))
        .collect();
    if let (Some(at), Some(start)) = (
        tags.iter().position(|(n, _)| *n == "FEN"),
        game.positions.first(),
    ) {
        let fen = fen_of(start, options)?;
        // A FEN tag is a set-up position whatever SetUp said, as on 8x8.
        for (name, value) in tags.iter_mut() {
            match *name {
                "FEN" => value.clone_from(&fen),
                "SetUp" => *value = "1".to_owned(),
                _ => {}
            }
        }
        if !tags.iter().any(|(n, _)| *n == "SetUp") {
            tags.insert(at, ("SetUp", "1".to_owned()));
        }
    }
    let mut text = String::new();
    forsyth::pgn::write_tags(
        &mut text,
        tags.iter().map(|(n, v)| (*n, v.as_str())),
        game.result,
    );
    text.push_str(&game.movetext);
    text.push('\n');
    Ok(text)
}
