//! Validation throughput against parsing, in the same run.
//!
//! Corpus: the 960 positions of `tests/data/chess960.perft` (from games), each
//! also with Black to move after a mirrored board, plus generated positions
//! (random pieces and fields; mostly illegal, so problems and messages are
//! built). Prints records per second for parsing and for validating each
//! part, and the ratio validate / parse.
//!
//! Run: `cargo bench -p forsyth --bench validate`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use forsyth::fen::Fen;
use forsyth::validate::Report;
use forsyth::{Board, Color, Role, Square};

const DATA: &str = include_str!("../tests/data/chess960.perft");

fn legal_corpus() -> Vec<String> {
    let mut out = Vec::new();
    for line in DATA.lines() {
        if let Some(rest) = line.strip_prefix("epd ") {
            let fen: Fen = rest.parse().expect("corpus parses");
            out.push(fen.to_string());
        }
    }
    out
}

/// Random pieces and fields from a fixed seed.
fn generated_corpus(n: usize) -> Vec<String> {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let mut board = Board::empty();
        for color in [Color::White, Color::Black] {
            let sq = Square::new((next() % 64) as u32).unwrap();
            board.set_piece_at(sq, Role::King.of(color));
        }
        for _ in 0..(next() % 24) {
            let sq = Square::new((next() % 64) as u32).unwrap();
            if board.role_at(sq) == Some(Role::King) {
                continue;
            }
            let role = Role::ALL[(next() % 5) as usize];
            if role == Role::Pawn && (sq.rank().index() == 0 || sq.rank().index() == 7) {
                continue;
            }
            let color = if next() % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            board.set_piece_at(sq, role.of(color));
        }
        let turn = if next() % 2 == 0 { 'w' } else { 'b' };
        let castling = ["-", "KQkq", "K", "q", "HAha", "Bg"][(next() % 6) as usize];
        let ep = ["-", "-", "-", "e3", "d6", "a6"][(next() % 6) as usize];
        let half = next() % 60;
        let full = next() % 80;
        out.push(format!("{board} {turn} {castling} {ep} {half} {full}"));
    }
    out
}

/// Records per second of `f` over `items`, repeated for about `budget`.
fn rate<T>(items: &[T], budget: Duration, mut f: impl FnMut(&T)) -> f64 {
    // Warm up.
    for item in items {
        f(item);
    }
    let start = Instant::now();
    let mut done = 0usize;
    while start.elapsed() < budget {
        for item in items {
            f(item);
        }
        done += items.len();
    }
    done as f64 / start.elapsed().as_secs_f64()
}

fn measure(name: &str, lines: &[String]) {
    let budget = Duration::from_millis(1500);
    let fens: Vec<Fen> = lines.iter().filter_map(|l| l.parse().ok()).collect();
    let parse = rate(lines, budget, |l| {
        black_box(Fen::from_ascii(black_box(l.as_bytes())).ok());
    });
    let validate = rate(&fens, budget, |f| {
        black_box(Report::of_fen(black_box(f), None));
    });
    let reports: Vec<Report> = fens.iter().map(|f| Report::of_fen(f, None)).collect();
    let legal = reports.iter().filter(|r| r.is_legal()).count();
    let problems: usize = reports.iter().map(|r| r.problems().len()).sum();
    println!(
        "{name}: {} records ({} legal, {:.1} problems per record)\n  parse    {:>10.0} records/s\n  validate {:>10.0} records/s\n  validate costs {:.2} x parse",
        fens.len(),
        legal,
        problems as f64 / fens.len() as f64,
        parse,
        validate,
        parse / validate
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    let quick = !std::env::args().any(|a| a == "--bench");
    let legal = legal_corpus();
    let generated = generated_corpus(if quick { 100 } else { 4000 });
    if quick {
        // Smoke run under `cargo test`: exercise the code, no figures.
        for l in legal.iter().chain(&generated) {
            let fen: Fen = l.parse().unwrap();
            black_box(Report::of_fen(&fen, None));
        }
        return;
    }
    measure("games (chess960.perft)", &legal);
    measure("generated", &generated);
}
