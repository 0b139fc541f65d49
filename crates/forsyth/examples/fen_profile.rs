//! A driver for instruction counts of the FEN hot loops, the same work as
//! the rows of `benches/fen.rs` on one pass over a file of records (the
//! corpus: `FORSYTH_CORPUS_OUT=PATH cargo bench -p forsyth --bench fen`).
//!
//! ```text
//! cargo build --release -p forsyth --example fen_profile
//! valgrind --tool=callgrind target/release/examples/fen_profile syntax corpus.fen
//! ```
//!
//! The work is `syntax` (parse only), `validate` (parse + full
//! validation), `write` (write X-FEN of positions read beforehand) or
//! `convert` (X-FEN to Shredder-FEN, validated, text to text); reading the
//! file is counted too, so compare runs of one build against another, not
//! works against each other.

use std::hint::black_box;

use forsyth::convert::{convert_line, ConvertOptions};
use forsyth::fen::{write_fen, CastlingNotation, EnPassantMode, Fen, WriteOptions};
use forsyth::{Position, Setup};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(work), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: fen_profile syntax|validate|write|convert FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).expect("a readable UTF-8 file");
    let lines: Vec<&str> = text.lines().collect();
    let count = match work.as_str() {
        "syntax" => lines
            .iter()
            .filter(|l| black_box(Fen::from_ascii(l.as_bytes())).is_ok())
            .count(),
        "validate" => lines
            .iter()
            .filter(|l| {
                Fen::from_ascii(l.as_bytes())
                    .ok()
                    .and_then(|f| Position::from_fen(&f, None).ok())
                    .is_some()
            })
            .count(),
        "write" => {
            let setups: Vec<Setup> = lines
                .iter()
                .filter_map(|l| Setup::from_fen(&l.parse().ok()?, None).ok())
                .collect();
            let options = WriteOptions {
                en_passant: EnPassantMode::Always,
                ..WriteOptions::new(CastlingNotation::XFen)
            };
            let mut out = String::with_capacity(text.len() * 2);
            for s in &setups {
                let _ = write_fen(s, &options, &mut out);
                out.push('\n');
            }
            black_box(out.len())
        }
        "convert" => {
            let options = ConvertOptions::new(CastlingNotation::Shredder);
            let mut out = String::with_capacity(text.len() * 2);
            lines
                .iter()
                .filter(|l| {
                    let ok = convert_line(l.as_bytes(), &options, &mut out).is_ok();
                    out.push('\n');
                    ok
                })
                .count()
        }
        _ => {
            eprintln!("unknown work {work}");
            std::process::exit(2);
        }
    };
    println!("{count} of {} lines", lines.len());
}
