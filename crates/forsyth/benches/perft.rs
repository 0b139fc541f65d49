//! Perft speed of forsyth against shakmaty and cozy-chess, on the same
//! positions in the same run.
//!
//! `cargo bench -p forsyth --bench perft` prints, for each library, the
//! nodes counted, the time and the nodes per second, and the ratios. Every
//! count is checked against the published one (a wrong count aborts).
//!
//! Two forsyth walks are timed: `Position::perft`, which counts the last
//! ply without listing it (bulk), and the same walk listing the last ply's
//! moves (what SAN, `play` and PGN replay pay), as shakmaty's `perft` does:
//! the second compares the move generators alone. cozy-chess counts the
//! last ply from its per-piece move sets, a bulk count like forsyth's.
//!
//! `FORSYTH_BENCH_ROUNDS` (default 5) sets how many times each case is run
//! by each library (interleaved); a library's time is the sum over the
//! cases of its best time on each.
//!
//! `FORSYTH_BENCH_ONLY=WALK` (`bulk`, `listed`, `shakmaty` or `cozy`) runs
//! that walk alone, once over every case, untimed: for instruction counts
//! under `valgrind --tool=callgrind`.

use std::time::{Duration, Instant};

use forsyth::fen::Fen;
use forsyth::{Position, Setup};
use shakmaty::{fen::Fen as SFen, CastlingMode, Chess};

/// cozy-chess's perft, counting the last ply from the move sets.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for m in moves {
                    let mut child = board.clone();
                    child.play_unchecked(m);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

fn cozy_positions() -> Vec<cozy_chess::Board> {
    CASES
        .iter()
        .map(|(fen, _, _)| {
            // The Chess960 cases are Shredder-FEN; the classical ones say
            // KQkq, which cozy-chess reads only outside Shredder mode.
            let shredder = !fen.contains(" KQ") && !fen.contains(" kq");
            cozy_chess::Board::from_fen(fen, shredder).expect("valid fen")
        })
        .collect()
}

/// (FEN, depth, published count). Classical positions from the chess
/// programming wiki's perft page, Chess960 positions from
/// `tests/data/chess960.perft`.
const CASES: &[(&str, u32, u64)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        5,
        8_146_062,
    ),
    (
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        4,
        667_366,
    ),
    (
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        5,
        6_417_013,
    ),
];

fn forsyth_positions() -> Vec<Position> {
    CASES
        .iter()
        .map(|(fen, _, _)| {
            let fen = Fen::from_ascii(fen.as_bytes()).expect("valid fen");
            let setup = Setup::from_fen(&fen, None).expect("castling resolves");
            Position::from_setup(setup).expect("legal position")
        })
        .collect()
}

fn shakmaty_positions() -> Vec<Chess> {
    CASES
        .iter()
        .map(|(fen, _, _)| {
            let fen: SFen = fen.parse().expect("valid fen");
            fen.into_position(CastlingMode::Chess960)
                .expect("legal position")
        })
        .collect()
}

/// Runs `perft` on case `i`, checking the count; returns (nodes, time).
fn run_case<P>(positions: &[P], i: usize, perft: impl Fn(&P, u32) -> u64) -> (u64, Duration) {
    let (fen, depth, expected) = CASES[i];
    let start = Instant::now();
    let got = perft(&positions[i], depth);
    let elapsed = start.elapsed();
    assert_eq!(got, expected, "{fen} depth {depth}");
    (got, elapsed)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and
    // then one quick round only checks that the bench runs.
    let benchmarking = std::env::args().any(|a| a == "--bench");
    let rounds: usize = if benchmarking {
        std::env::var("FORSYTH_BENCH_ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(5)
    } else {
        0
    };
    let ours = forsyth_positions();
    let theirs = shakmaty_positions();
    let cozy = cozy_positions();
    if let Ok(walk) = std::env::var("FORSYTH_BENCH_ONLY") {
        let mut nodes = 0;
        for i in 0..CASES.len() {
            nodes += match walk.as_str() {
                "bulk" => run_case(&ours, i, Position::perft).0,
                "listed" => run_case(&ours, i, Position::perft_listing_leaves).0,
                "shakmaty" => run_case(&theirs, i, shakmaty::perft).0,
                "cozy" => run_case(&cozy, i, cozy_perft).0,
                _ => panic!("FORSYTH_BENCH_ONLY: {walk:?} is not bulk, listed, shakmaty or cozy"),
            };
        }
        println!("perft bench: {walk}, {nodes} nodes, every count checked");
        return;
    }
    if rounds == 0 {
        // Smoke test: depth 3 of the first case only.
        assert_eq!(ours[0].perft(3), 8_902);
        assert_eq!(shakmaty::perft(&theirs[0], 3), 8_902);
        for (board, &(fen, _, _)) in cozy.iter().zip(CASES) {
            let pos = &ours[CASES.iter().position(|c| c.0 == fen).unwrap()];
            assert_eq!(cozy_perft(board, 2), pos.perft(2), "{fen}");
        }
        println!("perft bench: smoke run ok (use `cargo bench` to measure)");
        return;
    }
    // Each case is run `rounds` times by each library, the libraries
    // interleaved so that a slow phase of the machine hits all of them, and
    // its best time kept; a library's figure is the sum over the cases.
    let mut best = [Duration::ZERO; 4];
    let mut nodes = 0;
    for (i, case) in CASES.iter().enumerate() {
        let mut case_best = [Duration::MAX; 4];
        for _ in 0..rounds {
            let results = [
                run_case(&ours, i, Position::perft),
                run_case(&theirs, i, shakmaty::perft),
                run_case(&ours, i, Position::perft_listing_leaves),
                run_case(&cozy, i, cozy_perft),
            ];
            for (b, (_, t)) in case_best.iter_mut().zip(results) {
                *b = (*b).min(t);
            }
        }
        nodes += case.2;
        for (total, b) in best.iter_mut().zip(case_best) {
            *total += b;
        }
        eprintln!("case {}/{} done", i + 1, CASES.len());
    }
    let nps = |t: Duration| nodes as f64 / t.as_secs_f64();
    let names = [
        "forsyth Position::perft (last ply counted)",
        "shakmaty::perft (last ply listed)",
        "forsyth, last ply listed",
        "cozy-chess (last ply counted)",
    ];
    println!(
        "perft: {} positions ({} classical, {} Chess960), {nodes} nodes, best of {rounds} runs per case",
        CASES.len(),
        6,
        CASES.len() - 6
    );
    for (name, t) in names.iter().zip(best) {
        println!(
            "  {name:<44} {:>8.3} s  {:>7.1} M nodes/s",
            t.as_secs_f64(),
            nps(t) / 1e6
        );
    }
    println!(
        "  ratio forsyth / shakmaty: {:.2} (bulk), {:.2} (both listing the last ply)",
        nps(best[0]) / nps(best[1]),
        nps(best[2]) / nps(best[1])
    );
    println!(
        "  ratio forsyth / cozy-chess: {:.2} (both counting the last ply)",
        nps(best[0]) / nps(best[3])
    );
}
