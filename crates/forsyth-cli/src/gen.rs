//! `forsyth gen` and `forsyth index`: the 960 starts by number.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use forsyth::chess960::BackRankError;
use forsyth::fen::{CastlingNotation, WriteOptions};
use forsyth::notation::Language;
use forsyth::{Chess960Start, Role};

use crate::cli::StartRange;
use crate::lines::{visit_lines, Batch, Line, LineVisitor, MAX_LINE};
use crate::notation::in_letters;
use crate::options::{Gen, Index, IndexInput, Starts};
use crate::position::{is_back_rank, read_record, RecordFault};
use crate::printer::json::{Encodings, Start};
use crate::printer::{Diagnostics, Format, Place, Printer};
use crate::Outcome;

/// The JSON record of `start`: its record in every encoding, with the other
/// write options (Shredder letter order, en passant) as asked and the
/// placement in `--letters`' language.
fn json(start: Chess960Start, write: &WriteOptions, letters: Option<Language>) -> Start {
    let setup = start.to_setup();
    let fen = |castling| {
        let fen = setup.to_fen(&WriteOptions { castling, ..*write }).ok()?;
        Some(match letters {
            Some(language) => in_letters(&setup.board, &fen, language),
            None => fen,
        })
    };
    Start {
        number: start,
        back_rank: start.back_rank_letters(),
        fen: Encodings {
            xfen: fen(CastlingNotation::XFen),
            shredder: fen(CastlingNotation::Shredder),
            standard: fen(CastlingNotation::Standard),
        },
    }
}

pub fn run(args: &Gen) -> io::Result<Outcome> {
    let starts: Box<dyn Iterator<Item = Chess960Start> + '_> = match &args.starts {
        Starts::Numbers(ranges) => Box::new(ranges.iter().flat_map(|&range| numbers(range))),
        Starts::All => Box::new(Chess960Start::all()),
        &Starts::Random { seed, drawn, count } => {
            if drawn {
                crate::note(&format!(
                    "random seed {seed} (--seed {seed} draws the same starts)"
                ));
            }
            Box::new(
                Chess960Start::random_sequence(seed)
                    .take(usize::try_from(count).unwrap_or(usize::MAX)),
            )
        }
    };
    let mut out = Printer::stdout();
    let mut outcome = Outcome::Ok;
    for start in starts {
        if args.format == Format::Json {
            out.json(&json(start, &args.write, args.letters))?;
            continue;
        }
        let setup = start.to_setup();
        match setup.to_fen(&args.write) {
            Ok(fen) => match args.letters {
                Some(language) => out.line(&in_letters(&setup.board, &fen, language))?,
                None => out.line(&fen)?,
            },
            Err(e) => {
                // Said in its place among the starts written.
                out.flush()?;
                crate::note(&format!("start {}: {e}", start.number()));
                outcome = Outcome::Rejected;
            }
        }
    }
    out.flush()?;
    Ok(outcome)
}

/// The starts of a range, from its first number to its last (downwards
/// when the last is the lower).
fn numbers(range: StartRange) -> Box<dyn Iterator<Item = Chess960Start>> {
    let (first, last) = (range.first.number(), range.last.number());
    let start = |n| Chess960Start::new(n).into_iter();
    if first <= last {
        Box::new((first..=last).flat_map(start))
    } else {
        Box::new((last..=first).rev().flat_map(start))
    }
}

pub fn index(args: &Index) -> io::Result<Outcome> {
    let found = match &args.input {
        IndexInput::Stdin { crc } => return index_lines(*crc, args.progress),
        IndexInput::BackRank(word) => back_rank_start(word.as_bytes()).map_err(|f| f.message),
        IndexInput::Position(given) => given.read().and_then(|record| {
            Chess960Start::from_board(record.board())
                .map_err(|e| format!("not a Chess960 start: {e} ({})", e.name()))
        }),
    };
    match found {
        Ok(start) => {
            let mut out = Printer::stdout();
            out.line(&start.number().to_string())?;
            out.flush()?;
            Ok(Outcome::Ok)
        }
        Err(message) => {
            crate::note(&message);
            Ok(Outcome::Rejected)
        }
    }
}

/// The start whose back rank `word` spells, in either case.
fn back_rank_start(word: &[u8]) -> Result<Chess960Start, RecordFault> {
    let roles: Vec<Role> = word
        .iter()
        .filter_map(|&b| Role::from_char(char::from(b)))
        .collect();
    let Ok(rank) = <[Role; 8]>::try_from(roles) else {
        return Err(RecordFault {
            offset: 0,
            field: "placement".to_owned(),
            message: format!(
                "a back rank has 8 letters, '{}' has {}",
                String::from_utf8_lossy(word),
                word.len()
            ),
        });
    };
    Chess960Start::from_back_rank(&rank).map_err(|e| {
        // The letter at fault, where the error names one.
        let file = match e {
            BackRankError::PawnOnBackRank { file } => Some(file),
            BackRankError::BishopsOnOneColor { files } => Some(files[0]),
            BackRankError::KingNotBetweenRooks { king, .. } => Some(king),
            _ => None,
        };
        RecordFault {
            offset: file.map_or(0, |f| f.index()),
            field: "placement".to_owned(),
            message: format!("not a Chess960 start: {e} ({})", e.name()),
        }
    })
}

/// The start number of one record of `index -`: a back rank, or a
/// record as a position argument gives one.
fn record_start(record: &[u8]) -> Result<Chess960Start, RecordFault> {
    if is_back_rank(record) {
        return back_rank_start(record);
    }
    let fen = read_record(record)?;
    Chess960Start::from_board(&fen.board).map_err(|e| RecordFault {
        offset: 0,
        field: "placement".to_owned(),
        message: format!("not a Chess960 start: {e} ({})", e.name()),
    })
}

/// `index -`: a number per record of standard input, in order; each line
/// that is not a start reported as `FILE:LINE:COL: field: message`. With
/// `crc`, every line is read as a CRC start, else those a 10x8 record or
/// back rank shows to be.
fn index_lines(crc: bool, progress: bool) -> io::Result<Outcome> {
    let records = AtomicU64::new(0);
    let make = || IndexLines {
        out: Printer::buffer(),
        diagnostics: Diagnostics::buffer(),
        records: &records,
        crc,
    };
    let totals = visit_lines(&[PathBuf::from("-")], progress, 1, make)?;
    if records.load(Ordering::Relaxed) == 0 && totals.io_errors == 0 {
        crate::note("standard input: no record (the input is empty or blank)");
        return Ok(Outcome::Rejected);
    }
    Ok(Outcome::of_counts(totals.io_errors, totals.rejected))
}

struct IndexLines<'a> {
    out: Printer<Vec<u8>>,
    diagnostics: Diagnostics,
    /// Records seen, by every copy.
    records: &'a AtomicU64,
    crc: bool,
}

impl LineVisitor for IndexLines<'_> {
    fn line(&mut self, source: &str, line: Line<'_>) -> io::Result<()> {
        self.records.fetch_add(1, Ordering::Relaxed);
        let place = Place::line(source, line.number);
        if line.too_long {
            self.diagnostics.reject(
                place.at(MAX_LINE + 1),
                format_args!("record: line longer than {MAX_LINE} bytes"),
            );
            return Ok(());
        }
        let record = line.bytes.trim_ascii_end();
        let indent = record.len() - record.trim_ascii_start().len();
        let record = &record[indent..];
        if self.crc || crate::capa::index_line_is_10x8(record) {
            return match crate::capa::index_line(record) {
                Ok(number) => self.out.line(&number.to_string()),
                Err(fault) => {
                    let column = indent + fault.offset + 1;
                    self.diagnostics.reject(place.at(column), fault);
                    Ok(())
                }
            };
        }
        match record_start(record) {
            Ok(start) => self.out.line(&start.number().to_string()),
            Err(fault) => {
                let column = indent + fault.offset + 1;
                self.diagnostics.reject(place.at(column), fault);
                Ok(())
            }
        }
    }

    fn io_error(&mut self, source: &str, error: &io::Error) -> io::Result<()> {
        self.diagnostics.io_error(source, error);
        Ok(())
    }

    fn take(&mut self, room: Vec<u8>) -> Batch {
        Batch::new(&mut self.out, &mut self.diagnostics, room)
    }
}
