//! forsyth against shakmaty 0.30.1 on game positions, in the same process:
//! parse + full validation, syntax-only parse, writing, and X-FEN to
//! Shredder-FEN text to text, validated.
//!
//! The corpus (`corpus/mod.rs`) is 200,000 positions from random legal
//! play, made by forsyth from a fixed seed; its statistics are printed
//! first. The corpus is timed in blocks of 10,000 lines: each block
//! `FORSYTH_BENCH_PASSES` (default 5) times for each library, the two
//! interleaved pass by pass so that a busy phase of the machine hits both,
//! and its best time kept; a figure is the sum of the blocks' best times.
//! The ratio is shakmaty's time over forsyth's (above 1: forsyth is
//! faster). On a shared machine
//! the ratios are what to read, the absolute rates less so.
//!
//! Run with `cargo bench -p forsyth --bench fen`; with
//! `FORSYTH_BENCH_ONLY=TEXT` only the rows whose name contains `TEXT` are
//! timed; with
//! `FORSYTH_CORPUS_OUT=PATH` it writes the corpus's X-FEN lines to `PATH`
//! instead (the input of the whole-process comparison). Under `cargo test
//! --benches` it runs once on a small corpus and checks the outputs agree.

mod corpus;
mod support;

use std::hint::black_box;
use std::time::Duration;

use corpus::rival;
use forsyth::convert::{convert_line, ConvertOptions, Validation};
use forsyth::fen::{write_fen, CastlingNotation, EnPassantMode, Fen, WriteOptions};
use forsyth::{Position, Setup};
use shakmaty::fen::Fen as SFen;

/// Lines per timed block.
const BLOCK: usize = 10_000;

/// A piece of work on a block of lines (their indices); returns a count
/// kept from the optimiser.
type Work<'a> = &'a mut dyn FnMut(std::ops::Range<usize>) -> usize;

/// One measured piece of work: forsyth's and shakmaty's best times.
struct Row {
    name: &'static str,
    ours: Duration,
    theirs: Option<Duration>,
}

fn main() {
    let benchmarking = corpus::benchmarking();
    let passes: usize = if benchmarking {
        std::env::var("FORSYTH_BENCH_PASSES")
            .ok()
            .and_then(|p| p.parse().ok())
            .unwrap_or(5)
    } else {
        1
    };
    let corpus = corpus::standard(!benchmarking);
    println!("{}", corpus.stats());
    // `FORSYTH_CORPUS_OUT=PATH`: write the X-FEN lines there (for timing
    // whole processes on the same data) and stop.
    if let Some(path) = std::env::var_os("FORSYTH_CORPUS_OUT") {
        let mut text = corpus.xfen.join("\n");
        text.push('\n');
        std::fs::write(&path, text).expect("corpus file written");
        println!("wrote the X-FEN lines to {}", path.to_string_lossy());
        return;
    }
    let n = corpus.setups.len();
    let bytes: usize = corpus.xfen.iter().map(|l| l.len() + 1).sum();

    // What the writers start from: the X-FEN lines as read by each library.
    let setups: Vec<Setup> = corpus
        .xfen
        .iter()
        .map(|l| Setup::from_fen(&l.parse().unwrap(), None).unwrap())
        .collect();
    let sfens: Vec<SFen> = corpus.xfen.iter().map(|l| l.parse().unwrap()).collect();
    let xfen_always = WriteOptions {
        en_passant: EnPassantMode::Always,
        ..WriteOptions::new(CastlingNotation::XFen)
    };
    let validated = ConvertOptions::new(CastlingNotation::Shredder);
    let syntax = ConvertOptions {
        validation: Validation::Syntax,
        ..validated
    };

    // Both sides must do the same work: same outputs, every line accepted.
    check_agreement(&corpus, &setups, &sfens, &xfen_always, &validated);

    let mut rows: Vec<Row> = Vec::new();
    // Each piece of work runs on blocks of lines; each block is timed
    // `passes` times for each library, interleaved, and its best time kept:
    // a pass that another process interrupted does not count. The figure is
    // the sum of the blocks' best times.
    let blocks: Vec<std::ops::Range<usize>> = (0..n)
        .step_by(BLOCK)
        .map(|start| start..(start + BLOCK).min(n))
        .collect();
    let only = std::env::var("FORSYTH_BENCH_ONLY").unwrap_or_default();
    let mut time = |name: &'static str, ours: Work<'_>, theirs: Option<Work<'_>>| {
        if !name.contains(only.as_str()) {
            return;
        }
        let mut theirs = theirs;
        let (mut total_ours, mut total_theirs) = (Duration::ZERO, Duration::ZERO);
        for block in &blocks {
            let mut best = (Duration::MAX, Duration::MAX);
            for _ in 0..passes {
                best.0 = best.0.min(support::best(1, || ours(block.clone())));
                if let Some(t) = theirs.as_deref_mut() {
                    best.1 = best.1.min(support::best(1, || t(block.clone())));
                }
            }
            total_ours += best.0;
            if theirs.is_some() {
                total_theirs += best.1;
            }
        }
        rows.push(Row {
            name,
            ours: total_ours,
            theirs: theirs.map(|_| total_theirs),
        });
    };

    let (xfen, shredder) = (&corpus.xfen, &corpus.shredder);
    let mut out = String::with_capacity(bytes * 2);
    let mut out2 = String::with_capacity(bytes * 2);
    time(
        "baseline: copy each line",
        &mut |r| {
            out.clear();
            for l in &xfen[r] {
                out.push_str(l);
                out.push('\n');
            }
            out.len()
        },
        None,
    );
    for (name, lines) in [
        ("parse + validate, X-FEN", xfen),
        ("parse + validate, Shredder-FEN", shredder),
    ] {
        time(
            name,
            &mut |r| {
                lines[r]
                    .iter()
                    .filter(|l| {
                        Fen::from_ascii(l.as_bytes())
                            .ok()
                            .and_then(|f| Position::from_fen(&f, None).ok())
                            .is_some()
                    })
                    .count()
            },
            Some(&mut |r| {
                lines[r]
                    .iter()
                    .filter(|l| rival::parse_validate(l.as_bytes()).is_some())
                    .count()
            }),
        );
    }
    time(
        "parse, syntax only (X-FEN)",
        &mut |r| {
            xfen[r]
                .iter()
                .filter(|l| black_box(Fen::from_ascii(l.as_bytes())).is_ok())
                .count()
        },
        Some(&mut |r| {
            xfen[r]
                .iter()
                .filter(|l| black_box(SFen::from_ascii(l.as_bytes())).is_ok())
                .count()
        }),
    );
    time(
        "write X-FEN",
        &mut |r| {
            out.clear();
            for s in &setups[r] {
                let _ = write_fen(s, &xfen_always, &mut out);
                out.push('\n');
            }
            out.len()
        },
        Some(&mut |r| {
            out2.clear();
            for f in &sfens[r] {
                f.append_to_string(&mut out2);
                out2.push('\n');
            }
            out2.len()
        }),
    );
    time(
        "X-FEN to Shredder-FEN, validated",
        &mut |r| {
            out.clear();
            for l in &xfen[r] {
                let _ = convert_line(l.as_bytes(), &validated, &mut out);
                out.push('\n');
            }
            out.len()
        },
        Some(&mut |r| {
            out2.clear();
            for l in &xfen[r] {
                rival::convert_line(l.as_bytes(), &mut out2);
                out2.push('\n');
            }
            out2.len()
        }),
    );
    time(
        "X-FEN to Shredder-FEN, syntax only",
        &mut |r| {
            out.clear();
            for l in &xfen[r] {
                let _ = convert_line(l.as_bytes(), &syntax, &mut out);
                out.push('\n');
            }
            out.len()
        },
        None,
    );

    println!(
        "{n} lines in blocks of {BLOCK}, best of {passes} passes per block; ratio = shakmaty time / forsyth time"
    );
    println!(
        "{:<36} {:>12} {:>12} {:>8}",
        "work", "forsyth/s", "shakmaty/s", "ratio"
    );
    let rate = |d: Duration| n as f64 / d.as_secs_f64();
    for row in &rows {
        match row.theirs {
            Some(t) => println!(
                "{:<36} {:>12.0} {:>12.0} {:>7.2}x",
                row.name,
                rate(row.ours),
                rate(t),
                t.as_secs_f64() / row.ours.as_secs_f64()
            ),
            None => println!(
                "{:<36} {:>12.0} {:>12} {:>8}",
                row.name,
                rate(row.ours),
                "",
                ""
            ),
        }
    }
}

/// Panics unless both libraries accept every line and write the same text.
fn check_agreement(
    corpus: &corpus::Corpus,
    setups: &[Setup],
    sfens: &[SFen],
    xfen_always: &WriteOptions,
    validated: &ConvertOptions,
) {
    for (i, line) in corpus.xfen.iter().enumerate() {
        let (mut ours, mut theirs) = (String::new(), String::new());
        convert_line(line.as_bytes(), validated, &mut ours)
            .unwrap_or_else(|e| panic!("forsyth rejects {line}: {e}"));
        assert!(
            rival::convert_line(line.as_bytes(), &mut theirs),
            "shakmaty rejects {line}"
        );
        assert_eq!(ours, theirs, "Shredder-FEN of {line}");
        ours.clear();
        write_fen(&setups[i], xfen_always, &mut ours).unwrap();
        assert_eq!(&ours, line, "forsyth writes {line} back");
        assert_eq!(sfens[i].to_string(), *line, "shakmaty writes {line} back");
        assert!(rival::parse_validate(corpus.shredder[i].as_bytes()).is_some());
    }
}
