//! Throughput of SAN reading and writing, in moves per second, over every
//! legal move of the Chess960 perft positions (`tests/data/chess960.perft`)
//! and of each position one ply later, forsyth against shakmaty 0.30.1 on
//! the same positions and moves in the same run.
//!
//! Run with `cargo bench -p forsyth --bench san`. Each figure of the write
//! rows is the best of several passes over the same moves, the two
//! libraries interleaved. The parse rows read the texts from one buffer,
//! as a PGN reader hands them over, in blocks of about `BLOCK` moves: each
//! block is timed `PASSES` times for each library in turn and its best time
//! kept, and a row's time is the sum of its blocks' best times. A pass over
//! the whole corpus takes a few milliseconds, long enough for a busy machine
//! to take the core away in most of them; a block takes tens of
//! microseconds, and one of its passes nearly always runs whole:
//!
//! - *write SAN*: `San::from_move` (disambiguation, no suffix);
//! - *write SAN+*: `SanPlus::from_move` (with the check / mate suffix;
//!   shakmaty's takes the position by value, so its figure includes a
//!   copy of the position);
//! - *write SAN text*: `San::from_move` then its `Display` text;
//! - *parse SAN*: `SanPlus::from_ascii` on the written texts;
//! - *parse + resolve*: reading the text and finding its legal move.
//!
//! `FORSYTH_BENCH_ONLY=TEXT` times only the rows whose name holds `TEXT`.
//!
//! Before timing, the bench checks that both libraries list the same moves
//! and write the same SAN+ text for every one of them.

mod support;

use std::hint::black_box;
use std::time::Duration;

use forsyth::fen::Fen;
use forsyth::san::{San, SanPlus};
use forsyth::{Move, Position, Setup};
use shakmaty::fen::Fen as SFen;
use shakmaty::san::{San as SSan, SanPlus as SSanPlus};
use shakmaty::{CastlingMode, Chess, Position as _};

const PASSES: usize = 5;

/// The moves of a block of the parse rows: their texts (all in the cache
/// after a block's first pass) take a few hundred KiB.
const BLOCK: usize = 8192;

/// A block of the parse rows: a run of the corpus's positions and the
/// texts of their moves.
struct Block {
    positions: std::ops::Range<usize>,
    texts: std::ops::Range<usize>,
}

/// The corpus cut into blocks of whole positions, each of about `BLOCK`
/// moves.
fn blocks(corpus: &[(Position, Vec<Move>)]) -> Vec<Block> {
    let mut out = Vec::new();
    let (mut first, mut text) = (0, 0);
    let mut n = 0;
    for (i, (_, ms)) in corpus.iter().enumerate() {
        n += ms.len();
        if n >= BLOCK || i + 1 == corpus.len() {
            out.push(Block {
                positions: first..i + 1,
                texts: text..text + n,
            });
            (first, text, n) = (i + 1, text + n, 0);
        }
    }
    out
}

/// The sum over `blocks` of each block's best time of `PASSES` passes, for
/// each library, their passes interleaved.
fn time_blocks(
    blocks: &[Block],
    ours: &mut dyn FnMut(&Block) -> usize,
    rival: &mut dyn FnMut(&Block) -> usize,
) -> (Duration, Duration) {
    let (mut a, mut b) = (Duration::ZERO, Duration::ZERO);
    for block in blocks {
        let (mut x, mut y) = (Duration::MAX, Duration::MAX);
        for _ in 0..PASSES {
            x = x.min(support::best(1, || ours(block)));
            y = y.min(support::best(1, || rival(block)));
        }
        a += x;
        b += y;
    }
    (a, b)
}

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

/// shakmaty's positions and legal moves, in forsyth's order: the same
/// moves, found by their UCI text.
fn rival(corpus: &[(Position, Vec<Move>)]) -> Vec<(Chess, Vec<shakmaty::Move>)> {
    corpus
        .iter()
        .map(|(pos, moves)| {
            let fen = pos.setup().to_string();
            let chess: Chess = fen
                .parse::<SFen>()
                .expect("shakmaty reads forsyth's FEN")
                .into_position(CastlingMode::Chess960)
                .expect("legal in shakmaty too");
            let theirs = chess.legal_moves();
            assert_eq!(theirs.len(), moves.len(), "{fen}");
            let ordered = moves
                .iter()
                .map(|&m| {
                    let uci = pos.uci(m, forsyth::uci::CastlingMode::Chess960);
                    *theirs
                        .iter()
                        .find(|t| t.to_uci(CastlingMode::Chess960).to_string() == uci)
                        .unwrap_or_else(|| panic!("{fen}: {uci} not legal in shakmaty"))
                })
                .collect();
            (chess, ordered)
        })
        .collect()
}

fn main() {
    let corpus = corpus();
    let theirs = rival(&corpus);
    let moves: usize = corpus.iter().map(|(_, m)| m.len()).sum();
    let texts: Vec<Vec<String>> = corpus
        .iter()
        .map(|(pos, ms)| {
            ms.iter()
                .map(|&m| SanPlus::from_move(pos, m).to_string())
                .collect()
        })
        .collect();
    // Same work on both sides: the same SAN+ text for every move.
    for ((chess, ms), ts) in theirs.iter().zip(&texts) {
        for (&m, t) in ms.iter().zip(ts) {
            assert_eq!(&SSanPlus::from_move(chess.clone(), m).to_string(), t);
        }
    }

    let mut rows: Vec<(&str, Duration, Duration)> = Vec::new();
    let only = std::env::var("FORSYTH_BENCH_ONLY").unwrap_or_default();
    let mut time =
        |name: &'static str, ours: &mut dyn FnMut() -> usize, rival: &mut dyn FnMut() -> usize| {
            if !name.contains(only.as_str()) {
                return;
            }
            let (mut a, mut b) = (Duration::MAX, Duration::MAX);
            for _ in 0..PASSES {
                a = a.min(support::best(1, &mut *ours));
                b = b.min(support::best(1, &mut *rival));
            }
            rows.push((name, a, b));
        };
    time(
        "write SAN (San::from_move)",
        &mut || {
            let mut n = 0;
            for (pos, ms) in &corpus {
                for &m in ms {
                    n += matches!(black_box(San::from_move(pos, m)), San::Normal { .. }) as usize;
                }
            }
            n
        },
        &mut || {
            let mut n = 0;
            for (pos, ms) in &theirs {
                for &m in ms {
                    n += matches!(black_box(SSan::from_move(pos, m)), SSan::Normal { .. }) as usize;
                }
            }
            n
        },
    );
    time(
        "write SAN+ (SanPlus::from_move)",
        &mut || {
            let mut n = 0;
            for (pos, ms) in &corpus {
                for &m in ms {
                    n += black_box(SanPlus::from_move(pos, m)).suffix.is_some() as usize;
                }
            }
            n
        },
        &mut || {
            let mut n = 0;
            for (pos, ms) in &theirs {
                for &m in ms {
                    n += black_box(SSanPlus::from_move(pos.clone(), m))
                        .suffix
                        .is_some() as usize;
                }
            }
            n
        },
    );
    let mut out = String::with_capacity(16);
    let mut out2 = String::with_capacity(16);
    time(
        "write SAN text (Display)",
        &mut || {
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
        },
        &mut || {
            use std::fmt::Write as _;
            let mut n = 0;
            for (pos, ms) in &theirs {
                for &m in ms {
                    out2.clear();
                    let _ = write!(out2, "{}", SSan::from_move(pos, m));
                    n += out2.len();
                }
            }
            n
        },
    );
    // The texts in one buffer, in the corpus's order, as slices of it.
    let buffer: Vec<u8> = texts.iter().flatten().flat_map(|t| t.bytes()).collect();
    let mut flat: Vec<&[u8]> = Vec::with_capacity(moves);
    let mut rest = buffer.as_slice();
    for t in texts.iter().flatten() {
        let (head, tail) = rest.split_at(t.len());
        flat.push(head);
        rest = tail;
    }
    let blocks = blocks(&corpus);
    if "parse SAN+ (from_ascii)".contains(only.as_str()) {
        let (a, b) = time_blocks(
            &blocks,
            &mut |block| {
                flat[block.texts.clone()]
                    .iter()
                    .filter(|t| SanPlus::from_ascii(t).is_ok())
                    .count()
            },
            &mut |block| {
                flat[block.texts.clone()]
                    .iter()
                    .filter(|t| SSanPlus::from_ascii(t).is_ok())
                    .count()
            },
        );
        rows.push(("parse SAN+ (from_ascii)", a, b));
    }
    if "parse + resolve (to_move)".contains(only.as_str()) {
        let (a, b) = time_blocks(
            &blocks,
            &mut |block| {
                let mut ok = 0;
                let mut ts = flat[block.texts.clone()].iter();
                for (pos, ms) in &corpus[block.positions.clone()] {
                    for (&m, t) in ms.iter().zip(&mut ts) {
                        let san = SanPlus::from_ascii(t).expect("written SAN reads");
                        ok += (san.san.to_move(pos) == Ok(m)) as usize;
                    }
                }
                assert_eq!(ok, block.texts.len());
                ok
            },
            &mut |block| {
                let mut ok = 0;
                let mut ts = flat[block.texts.clone()].iter();
                for (pos, ms) in &theirs[block.positions.clone()] {
                    for (&m, t) in ms.iter().zip(&mut ts) {
                        let san = SSanPlus::from_ascii(t).expect("written SAN reads");
                        ok += (san.san.to_move(pos) == Ok(m)) as usize;
                    }
                }
                assert_eq!(ok, block.texts.len());
                ok
            },
        );
        rows.push(("parse + resolve (to_move)", a, b));
    }

    println!(
        "corpus: {} positions, {moves} legal moves (chess960.perft and children)",
        corpus.len()
    );
    println!(
        "{:<34} {:>14} {:>14} {:>8}",
        "one core, best of 5", "forsyth/s", "shakmaty/s", "ratio"
    );
    let rate = |d: Duration| moves as f64 / d.as_secs_f64();
    for (name, ours, rival) in rows {
        println!(
            "{name:<34} {:>14.0} {:>14.0} {:>7.2}x",
            rate(ours),
            rate(rival),
            rival.as_secs_f64() / ours.as_secs_f64()
        );
    }
}
