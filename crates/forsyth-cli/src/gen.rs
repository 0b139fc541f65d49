//! `forsyth gen` and `forsyth index`: the 960 starts by number.

use std::io::{self, Write};

use forsyth::{CastlingNotation, Chess960Start, Fen, WriteOptions};

use crate::cli::{FormatArg, GenArgs, IndexArgs};
use crate::diag::caret;
use crate::Outcome;

fn json_line(start: Chess960Start) -> String {
    let setup = start.to_setup();
    let fen = |n| setup.to_fen(&WriteOptions::new(n));
    let quoted =
        |r: Result<String, _>| r.map_or_else(|_| "null".to_owned(), |f| format!("\"{f}\""));
    format!(
        "{{\"number\":{},\"back_rank\":\"{}\",\"fen\":{{\"xfen\":{},\"shredder\":{},\"standard\":{}}}}}",
        start.number(),
        start.back_rank_letters(),
        quoted(fen(CastlingNotation::XFen)),
        quoted(fen(CastlingNotation::Shredder)),
        quoted(fen(CastlingNotation::Standard)),
    )
}

pub fn run(args: &GenArgs) -> io::Result<Outcome> {
    let starts: Box<dyn Iterator<Item = Chess960Start>> = if args.all {
        Box::new(Chess960Start::all())
    } else if args.random {
        let seed = args.seed.unwrap_or_else(Chess960Start::random_seed);
        let count = usize::try_from(args.count).unwrap_or(usize::MAX);
        Box::new(Chess960Start::random_sequence(seed).take(count))
    } else {
        // clap makes one of the three required.
        Box::new(args.number.into_iter())
    };
    let opts = args.output.write_options();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut outcome = Outcome::Ok;
    for start in starts {
        match args.format {
            FormatArg::Json => writeln!(out, "{}", json_line(start))?,
            FormatArg::Fen => match start.to_setup().to_fen(&opts) {
                Ok(fen) => writeln!(out, "{fen}")?,
                Err(e) => {
                    out.flush()?;
                    eprintln!("forsyth: start {}: {e}", start.number());
                    outcome = Outcome::Rejected;
                }
            },
        }
    }
    out.flush()?;
    Ok(outcome)
}

pub fn index(args: &IndexArgs) -> io::Result<Outcome> {
    let record = args.fen.join(" ");
    let fen = match Fen::from_ascii(record.as_bytes()) {
        Ok(f) => f,
        Err(e) => {
            eprintln!(
                "forsyth: invalid FEN\n{}",
                caret(&record, e.offset, &e.to_string())
            );
            return Ok(Outcome::Rejected);
        }
    };
    match Chess960Start::from_board(&fen.board) {
        Ok(start) => {
            println!("{}", start.number());
            Ok(Outcome::Ok)
        }
        Err(e) => {
            eprintln!("forsyth: not a Chess960 start: {e} ({})", e.name());
            Ok(Outcome::Rejected)
        }
    }
}
