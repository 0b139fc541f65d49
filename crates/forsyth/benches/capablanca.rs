//! 10x8 perft speed: forsyth against Fairy-Stockfish's `go perft`, on the
//! same positions in the same run, each count a whole process.
//!
//! `cargo bench -p forsyth --bench capablanca` runs, for each case and
//! round, this bench's own binary as a child that counts one position
//! (`--child N`: `capablanca::Position::perft`, which counts the last ply
//! without listing it) and Fairy-Stockfish (`uci`, `setoption name
//! UCI_Variant`, `position fen`, `go perft N`, `quit`; its perft counts
//! the last ply by the size of its legal move list), timing each process
//! from start to exit, in wall-clock time and in processor time (user and
//! system, from `/proc/self/stat`'s children's times, in clock ticks: the
//! figure a busy machine disturbs least). The counts must agree. It prints
//! each side's best times per case, the nodes per second and the ratios.
//!
//! `FAIRY_STOCKFISH` names the engine (default
//! `/usr/games/fairy-stockfish`); `FORSYTH_BENCH_ROUNDS` (default 3) sets
//! the rounds, the two programs taking turns.

#[path = "../tests/common/capablanca.rs"]
mod record;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use forsyth::capablanca::{CrcStart, Position, Variant};

/// (name, record, variant, depth). The starts of Capablanca and Gothic
/// chess and of CRC number 4000, the published Gothic test position, and
/// positions of `tests/data/capablanca.perft` (by id).
const CASES: &[(&str, &str, Variant, u32)] = &[
    (
        "capablanca start",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        Variant::Capablanca,
        5,
    ),
    (
        "gothic start",
        "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
        Variant::Gothic,
        5,
    ),
    (
        "gothic test position",
        "r1b1c2rk1/p4a1ppp/1ppq2pn2/3p1p4/3A1Pn3/1PN3PN2/P1PQP1BPPP/3RC2RK1 w - - 0 1",
        Variant::Gothic,
        4,
    ),
    ("crc start 4000", "", Variant::Crc, 5),
    (
        "crc 30 castling",
        "1rk1nrbn1a/2p3p2p/qp5pc1/pPPpppb1p1/P4P4/4P3N1/3P3PPP/QRKBNRB1CA b FBfb f3 0 13",
        Variant::Crc,
        4,
    ),
    (
        "crc 54 any",
        "bn1qarkbr1/n2p1p1p2/pp2p1p1c1/2p6p/2P3P1PP/1P2PP2P1/P2P6/BNNQARKBRC w IFif - 0 12",
        Variant::Crc,
        4,
    ),
    (
        "crc 47 promotion",
        "r1kn2r1q1/1pP7/pP4P1C1/6Pa1p/C2bp2P2/2Rpp3p1/2P1AP4/3KB1R2N w g - 1 32",
        Variant::Crc,
        4,
    ),
];

/// The record of case `i` (CRC start 4000 written out).
fn case_record(i: usize) -> String {
    let (_, fen, variant, _) = CASES[i];
    if fen.is_empty() {
        record::record(&CrcStart::new(4000).unwrap().to_setup(), false)
    } else {
        let setup = record::setup(fen, variant).expect("a 10x8 record");
        record::record(&setup, variant != Variant::Crc)
    }
}

fn position(i: usize) -> Position {
    let setup = record::setup(&case_record(i), CASES[i].2).expect("a 10x8 record");
    Position::from_setup(setup).expect("a legal position")
}

/// The processor time (user and system) of this process's children that
/// have been waited for, from `/proc/self/stat` (fields 16 and 17, in
/// clock ticks of 1/100 s); zero where there is no `/proc`.
fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<u64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    // Field 3 is the first after the name: cutime is 16, cstime 17.
    let ticks = fields.get(13).copied().unwrap_or(0) + fields.get(14).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

/// The time of a process: wall clock and processor.
#[derive(Copy, Clone)]
struct Times {
    wall: Duration,
    cpu: Duration,
}

impl Times {
    const MAX: Times = Times {
        wall: Duration::MAX,
        cpu: Duration::MAX,
    };

    fn min(self, other: Times) -> Times {
        Times {
            wall: self.wall.min(other.wall),
            cpu: self.cpu.min(other.cpu),
        }
    }
}

/// Runs `command`, feeding it `input`; (its output, its times from start
/// to exit).
fn timed(mut command: Command, input: &str) -> (String, Times) {
    let cpu = children_cpu();
    let start = Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the program runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let mut out = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        out.push_str(&line.unwrap());
        out.push('\n');
    }
    child.wait().unwrap();
    let wall = start.elapsed();
    (
        out,
        Times {
            wall,
            cpu: children_cpu().saturating_sub(cpu),
        },
    )
}

fn forsyth_process(i: usize) -> (u64, Times) {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args(["--child", &i.to_string()]);
    let (out, time) = timed(command, "");
    (out.trim().parse().expect("a count"), time)
}

fn fairy_stockfish_process(engine: &str, i: usize) -> (u64, Times) {
    let (_, _, variant, depth) = CASES[i];
    let (uci_variant, chess960) = match variant {
        Variant::Capablanca => ("capablanca", false),
        Variant::Gothic => ("gothic", false),
        _ => ("caparandom", true),
    };
    let mut input = format!("uci\nsetoption name UCI_Variant value {uci_variant}\n");
    if chess960 {
        input.push_str("setoption name UCI_Chess960 value true\n");
    }
    input.push_str(&format!(
        "position fen {}\ngo perft {depth}\nquit\n",
        case_record(i)
    ));
    let (out, time) = timed(Command::new(engine), &input);
    let nodes = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .expect("a perft count")
        .trim()
        .parse()
        .unwrap();
    (nodes, time)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--child") {
        let i: usize = args[at + 1].parse().unwrap();
        println!("{}", position(i).perft(CASES[i].3));
        return;
    }
    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and
    // then the bench only checks that it runs.
    if !args.iter().any(|a| a == "--bench") {
        assert_eq!(position(0).perft(3), 25_228);
        println!("capablanca bench: smoke run ok (use `cargo bench` to measure)");
        return;
    }
    let engine =
        std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".into());
    if Command::new(&engine).stdin(Stdio::null()).output().is_err() {
        println!("capablanca bench: no Fairy-Stockfish at {engine} (set FAIRY_STOCKFISH)");
        return;
    }
    let rounds: usize = std::env::var("FORSYTH_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let mut best = vec![(Times::MAX, Times::MAX); CASES.len()];
    let mut nodes = vec![0u64; CASES.len()];
    for round in 0..rounds {
        for i in 0..CASES.len() {
            // Take turns, so that neither always runs first.
            let (ours, theirs) = if (round + i) % 2 == 0 {
                let ours = forsyth_process(i);
                (ours, fairy_stockfish_process(&engine, i))
            } else {
                let theirs = fairy_stockfish_process(&engine, i);
                (forsyth_process(i), theirs)
            };
            assert_eq!(ours.0, theirs.0, "{} depth {}", CASES[i].0, CASES[i].3);
            nodes[i] = ours.0;
            best[i].0 = best[i].0.min(ours.1);
            best[i].1 = best[i].1.min(theirs.1);
        }
        eprintln!("round {}/{rounds} done", round + 1);
    }
    println!(
        "{:<22} {:>5} {:>11} | {:>9} {:>9} {:>7} | {:>9} {:>9} {:>7}",
        "position", "depth", "nodes", "forsyth", "FSF", "ratio", "forsyth", "FSF", "ratio"
    );
    println!(
        "{:<40} | {:^27} | {:^27}",
        "", "processor s", "wall-clock s"
    );
    let mut total = (0u64, [Duration::ZERO; 4]);
    for (i, &(name, _, _, depth)) in CASES.iter().enumerate() {
        let (ours, theirs) = best[i];
        let ratio = |a: Duration, b: Duration| b.as_secs_f64() / a.as_secs_f64().max(1e-9);
        println!(
            "{name:<22} {depth:>5} {:>11} | {:>9.2} {:>9.2} {:>6.1}x | {:>9.3} {:>9.3} {:>6.1}x",
            nodes[i],
            ours.cpu.as_secs_f64(),
            theirs.cpu.as_secs_f64(),
            ratio(ours.cpu, theirs.cpu),
            ours.wall.as_secs_f64(),
            theirs.wall.as_secs_f64(),
            ratio(ours.wall, theirs.wall),
        );
        total.0 += nodes[i];
        for (sum, t) in total
            .1
            .iter_mut()
            .zip([ours.cpu, theirs.cpu, ours.wall, theirs.wall])
        {
            *sum += t;
        }
    }
    let [ours_cpu, theirs_cpu, ours_wall, theirs_wall] = total.1;
    let rate = |t: Duration| total.0 as f64 / t.as_secs_f64().max(1e-9) / 1e6;
    println!(
        "total {} nodes: processor time forsyth {:.2} s ({:.1} M nodes/s), Fairy-Stockfish {:.2} s ({:.1} M nodes/s), forsyth {:.1}x as fast; wall clock forsyth {:.2} s, Fairy-Stockfish {:.2} s, {:.1}x (best of {rounds} rounds, whole processes)",
        total.0,
        ours_cpu.as_secs_f64(),
        rate(ours_cpu),
        theirs_cpu.as_secs_f64(),
        rate(theirs_cpu),
        theirs_cpu.as_secs_f64() / ours_cpu.as_secs_f64().max(1e-9),
        ours_wall.as_secs_f64(),
        theirs_wall.as_secs_f64(),
        theirs_wall.as_secs_f64() / ours_wall.as_secs_f64().max(1e-9),
    );
}
