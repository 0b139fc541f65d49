//! `forsyth gen` and `forsyth index`: the 960 starts by number.

use std::io::{self, Write};

use forsyth::fen::{CastlingNotation, WriteOptions};
use forsyth::notation::Language;
use forsyth::Chess960Start;
use serde::Serialize;

use crate::options::{Gen, Index, Starts};
use crate::Outcome;

/// One start in `gen --format json`.
#[derive(Serialize)]
struct StartJson {
    number: u16,
    back_rank: String,
    fen: Encodings,
}

/// The start's record in each encoding (`None`, written `null`, where the
/// encoding cannot say the start).
#[derive(Serialize)]
struct Encodings {
    xfen: Option<String>,
    shredder: Option<String>,
    standard: Option<String>,
}

fn json(start: Chess960Start, write: &WriteOptions, letters: Option<Language>) -> StartJson {
    let setup = start.to_setup();
    // The other write options (Shredder letter order, en passant) as asked;
    // the placement in `--letters`' language.
    let fen = |castling| {
        let fen = setup.to_fen(&WriteOptions { castling, ..*write }).ok()?;
        Some(match letters {
            Some(language) => crate::notation::placement_in(&fen, language),
            None => fen,
        })
    };
    StartJson {
        number: start.number(),
        back_rank: start.back_rank_letters(),
        fen: Encodings {
            xfen: fen(CastlingNotation::XFen),
            shredder: fen(CastlingNotation::Shredder),
            standard: fen(CastlingNotation::Standard),
        },
    }
}

pub fn run(args: &Gen) -> io::Result<Outcome> {
    let starts: Box<dyn Iterator<Item = Chess960Start>> = match args.starts {
        Starts::One(start) => Box::new(std::iter::once(start)),
        Starts::All => Box::new(Chess960Start::all()),
        Starts::Random { seed, drawn, count } => {
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
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut outcome = Outcome::Ok;
    for start in starts {
        if args.json {
            serde_json::to_writer(&mut out, &json(start, &args.write, args.letters))?;
            writeln!(out)?;
            continue;
        }
        match start.to_setup().to_fen(&args.write) {
            Ok(fen) => match args.letters {
                Some(language) => {
                    writeln!(out, "{}", crate::notation::placement_in(&fen, language))?
                }
                None => writeln!(out, "{fen}")?,
            },
            Err(e) => {
                out.flush()?;
                crate::note(&format!("start {}: {e}", start.number()));
                outcome = Outcome::Rejected;
            }
        }
    }
    out.flush()?;
    Ok(outcome)
}

pub fn index(args: &Index) -> io::Result<Outcome> {
    match Chess960Start::from_board(&args.position.fen.board) {
        Ok(start) => {
            let mut out = io::stdout().lock();
            writeln!(out, "{}", start.number())?;
            out.flush()?;
            Ok(Outcome::Ok)
        }
        Err(e) => {
            crate::note(&format!("not a Chess960 start: {e} ({})", e.name()));
            Ok(Outcome::Rejected)
        }
    }
}
