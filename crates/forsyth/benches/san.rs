//! Throughput of SAN reading and writing, in moves per second, over every
//! legal move of the Chess960 perft positions (`tests/data/chess960.perft`)
//! and of each position one ply later.
//!
//! Run with `cargo bench -p forsyth --bench san`. Each figure is the best of
//! several passes over the same moves:
//!
//! - *write SAN*: `San::from_move` (disambiguation, no suffix);
//! - *write SAN+*: `SanPlus::from_move` (with the check / mate suffix);
//! - *parse SAN*: `SanPlus::from_ascii` on the written texts;
//! - *parse + resolve*: reading the text and finding its legal move.

mod support;

use std::hint::black_box;
use std::time::Duration;

use forsyth::{Fen, Move, Position, San, SanPlus, Setup};

const PASSES: usize = 5;

/// The perft file's positions and their children, each with its legal moves.
fn corpus() -> Vec<(Position, Vec<Move>)> {
    let data = include_str!("../tests/data/chess960.perft");
    let mut out = Vec::new();
    for line in data.lines() {
        let Some(fen) = line.strip_prefix("epd ") else {
            continue;
        };
        let fen = Fen::from_ascii(fen.as_bytes()).expect("the perft file is valid FEN");
        let pos =
            Position::from_setup(Setup::from_fen(&fen, None).expect("resolves")).expect("legal");
        let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
        for &m in &moves {
            let child = pos.play(m).expect("legal move");
            let child_moves = child.legal_moves().iter().copied().collect();
            out.push((child, child_moves));
        }
        out.push((pos, moves));
    }
    out
}

/// Best time of `PASSES` runs of `f`.
fn best(f: impl FnMut() -> usize) -> Duration {
    support::best(PASSES, f)
}

fn main() {
    let corpus = corpus();
    let moves: usize = corpus.iter().map(|(_, m)| m.len()).sum();
    let texts: Vec<Vec<String>> = corpus
        .iter()
        .map(|(pos, ms)| ms.iter().map(|&m| pos.san(m)).collect())
        .collect();

    let write = best(|| {
        let mut n = 0;
        for (pos, ms) in &corpus {
            for &m in ms {
                n += matches!(black_box(San::from_move(pos, m)), San::Normal { .. }) as usize;
            }
        }
        n
    });
    let write_plus = best(|| {
        let mut n = 0;
        for (pos, ms) in &corpus {
            for &m in ms {
                n += black_box(SanPlus::from_move(pos, m)).suffix.is_some() as usize;
            }
        }
        n
    });
    let mut out = String::with_capacity(16);
    let display = best(|| {
        use std::fmt::Write as _;
        let mut n = 0;
        for (pos, ms) in &corpus {
            for &m in ms {
                out.clear();
                let _ = write!(out, "{}", San::from_move(pos, m));
                n += out.len();
            }
        }
        n
    });
    let parse = best(|| {
        texts
            .iter()
            .flatten()
            .filter(|t| SanPlus::from_ascii(t.as_bytes()).is_ok())
            .count()
    });
    let resolve = best(|| {
        let mut ok = 0;
        for ((pos, ms), ts) in corpus.iter().zip(&texts) {
            for (&m, t) in ms.iter().zip(ts) {
                let san = SanPlus::from_ascii(t.as_bytes()).expect("written SAN reads");
                ok += (san.san.to_move(pos) == Ok(m)) as usize;
            }
        }
        assert_eq!(ok, moves);
        ok
    });

    println!(
        "corpus: {} positions, {moves} legal moves (chess960.perft and children)",
        corpus.len()
    );
    println!("{:<34} {:>14}", "one core, best of 5", "moves/s");
    for (name, d) in [
        ("write SAN (San::from_move)", write),
        ("write SAN+ (SanPlus::from_move)", write_plus),
        ("write SAN text (from_move+Display)", display),
        ("parse SAN+ (from_ascii)", parse),
        ("parse + resolve (to_move)", resolve),
    ] {
        println!("{name:<34} {:>14.0}", moves as f64 / d.as_secs_f64());
    }
}
