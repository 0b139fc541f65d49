//! Solving speed: the full solution (every key, threat and variation) of
//! published-style problems, in problems per second, with the search's
//! node counts:
//!
//! - the 18 mates in two from 19th-century games of `tests/data/classic_mates.txt`,
//!   solved as `#2`;
//! - the same positions as `#3` (a mate in at most three: every other
//!   first move must be refuted three moves deep);
//! - the same as `#4` (cooked many times over: the tree of every key);
//! - the published two-movers of `tests/data/published_twomovers.txt`;
//! - the Greek three-mover of `tests/data/greek-3.inp` (`#3`, one key, 1.Nd4);
//! - a waiting-key mate in two (1.Kb6! zugzwang).
//!
//! Run with `cargo bench -p forsyth --bench solve`. Each figure is the best
//! of several passes. For scale: Popeye solves a typical orthodox #3 in
//! about 0.02 s.

mod support;

use std::time::Duration;

use forsyth::solve::{ChessProblem, Solver, Stipulation};
use forsyth::Position;

const PASSES: usize = 5;

fn problems() -> Vec<(String, Position, u8)> {
    let text = include_str!("../tests/data/classic_mates.txt");
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        let problem = ChessProblem::from_statement(fields[0], None).expect("reads");
        out.push((fields[3].to_owned(), problem.position, 2));
    }
    out
}

fn run(label: &str, set: &[(String, Position, u8)]) {
    let mut keys = 0;
    let mut slowest = (Duration::ZERO, String::new());
    let mut total = Duration::ZERO;
    let mut times = Vec::new();
    for (name, pos, n) in set {
        let time = support::best(PASSES, || {
            Solver::new(Stipulation::Mate(*n))
                .solve(pos)
                .expect("not cancelled")
                .keys
                .len()
        });
        let solution = Solver::new(Stipulation::Mate(*n))
            .solve(pos)
            .expect("solves");
        keys += solution.keys.len();
        total += time;
        times.push(time);
        if time > slowest.0 {
            slowest = (time, format!("{name} ({} nodes)", solution.nodes));
        }
    }
    let all_nodes: u64 = set
        .iter()
        .map(|(_, pos, n)| {
            Solver::new(Stipulation::Mate(*n))
                .solve(pos)
                .expect("solves")
                .nodes
        })
        .sum();
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "{label:<22} {:>2} problems {:>9.1} problems/s  mean {:>7.3} ms  median {:>7.3} ms  \
         {:>6} nodes  {keys} keys; slowest {:.3} ms: {}",
        set.len(),
        set.len() as f64 / total.as_secs_f64(),
        total.as_secs_f64() * 1000.0 / set.len() as f64,
        median.as_secs_f64() * 1000.0,
        all_nodes,
        slowest.0.as_secs_f64() * 1000.0,
        slowest.1,
    );
}

fn main() {
    let twos = problems();
    let threes: Vec<_> = twos
        .iter()
        .map(|(name, pos, _)| (name.clone(), pos.clone(), 3))
        .collect();
    let fours: Vec<_> = twos
        .iter()
        .map(|(name, pos, _)| (name.clone(), pos.clone(), 4))
        .collect();
    let published: Vec<_> = include_str!("../tests/data/published_twomovers.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(" | ").collect();
            let problem =
                ChessProblem::from_statement(&format!("({})", fields[0]), None).expect("reads");
            (fields[5].to_owned(), problem.position, 2)
        })
        .collect();
    let greek = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1)", None)
        .expect("reads")
        .position;
    let waiting = ChessProblem::from_statement("1k6/2R5/8/K7/8/8/8/8", None)
        .expect("reads")
        .position;
    run("game mates as #2", &twos);
    run("game mates as #3", &threes);
    run("game mates as #4", &fours);
    run("published #2", &published);
    run("Greek three-mover #3", &[("Greek".to_owned(), greek, 3)]);
    run("waiting key #2", &[("zugzwang".to_owned(), waiting, 2)]);
}
