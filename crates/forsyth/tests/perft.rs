//! Perft against published counts.
//!
//! - `data/chess960.perft`: 960 Chess960 positions from games (chess
//!   programming wiki and Ethereal's `fischer.epd`);
//! - `data/tricky.perft`: classical and X-FEN positions with traps
//!   (en passant pins, impossible checker alignments, castling through
//!   shielded squares), collected by shakmaty's authors from many sources;
//! - `data/classical.perft`: the start position, Kiwipete and the other
//!   positions of the chess programming wiki, and Martin Sedlak's list.
//!
//! The regular run checks every depth whose published count is below
//! `BUDGET`; the ignored tests check every depth of every file.

use forsyth::fen::Fen;
use forsyth::validate::ProblemKind;
use forsyth::{Position, Variant};

/// Depths whose count is below this many nodes run in the regular tests.
const BUDGET: u64 = 10_000_000;

struct Entry {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
    /// The file itself says the position cannot arise in a game: it stands
    /// under an `# Impossible ...` heading, or its id says `too-much-material`.
    declared_illegal: bool,
}

fn parse(text: &str) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut impossible_section = false;
    for line in text.lines().map(str::trim) {
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if !comment.is_empty() && !comment.starts_with("http") && !comment.starts_with("Source")
            {
                impossible_section = comment.starts_with("Impossible");
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("`key value` line");
        match key {
            "id" => entries.push(Entry {
                id: value.to_owned(),
                fen: String::new(),
                counts: Vec::new(),
                declared_illegal: impossible_section || value.contains("too-much-material"),
            }),
            "epd" => entries.last_mut().expect("id first").fen = value.to_owned(),
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                entries
                    .last_mut()
                    .expect("id first")
                    .counts
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("unknown line kind {other:?}"),
        }
    }
    entries
}

/// The entry's position. Validation must accept exactly the entries the
/// file does not declare illegal; the declared ones (perft traps that no
/// game reaches) are taken through the named escape hatch, and only for
/// problems on which move generation stays sound.
fn position(entry: &Entry, variant: Option<Variant>) -> Position {
    let fen = Fen::from_ascii(entry.fen.as_bytes()).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
    match Position::from_fen(&fen, variant) {
        Ok(pos) => {
            assert!(
                !entry.declared_illegal,
                "{}: declared illegal, validated clean",
                entry.id
            );
            pos
        }
        Err(e) if entry.declared_illegal => {
            let kinds: Vec<ProblemKind> = e.problems().iter().map(|p| p.kind()).collect();
            e.ignore(&kinds)
                .unwrap_or_else(|e| panic!("{}: not ignorable: {e}", entry.id))
        }
        Err(e) => panic!("{}: {e}", entry.id),
    }
}

/// Runs every (entry, depth) with a count below `budget`; panics listing all
/// mismatches.
fn check(entries: &[Entry], variant: Option<Variant>, budget: u64) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in entries {
        let pos = position(entry, variant);
        for &(depth, expected) in entry.counts.iter().filter(|&&(_, n)| n < budget) {
            let got = pos.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} ({}) depth {depth}: expected {expected}, got {got}",
                    entry.id, entry.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

fn chess960() -> Vec<Entry> {
    let entries = parse(include_str!("data/chess960.perft"));
    assert_eq!(entries.len(), 960);
    entries
}

/// The regular Chess960 run, in four quarters so that the test harness can
/// spread them over the cores.
fn chess960_quarter(quarter: usize) {
    let entries = chess960();
    let checked = check(
        &entries[quarter * 240..(quarter + 1) * 240],
        Some(Variant::Chess960),
        BUDGET,
    );
    assert!(
        checked >= 240 * 4,
        "every position has depths 1-4 under the budget"
    );
}

#[test]
fn chess960_first_quarter() {
    chess960_quarter(0);
}

#[test]
fn chess960_second_quarter() {
    chess960_quarter(1);
}

#[test]
fn chess960_third_quarter() {
    chess960_quarter(2);
}

#[test]
fn chess960_fourth_quarter() {
    chess960_quarter(3);
}

#[test]
fn tricky() {
    let entries = parse(include_str!("data/tricky.perft"));
    let declared = entries.iter().filter(|e| e.declared_illegal).count();
    assert_eq!(declared, 11, "9 checker alignments, 1 castling, 1 material");
    check(&entries, None, BUDGET);
}

#[test]
fn classical() {
    check(&parse(include_str!("data/classical.perft")), None, BUDGET);
}

#[test]
#[ignore = "every depth: 2.6e11 nodes, about 11 minutes in release mode"]
fn chess960_full_first_half() {
    check(&chess960()[..480], Some(Variant::Chess960), u64::MAX);
}

#[test]
#[ignore = "every depth: 2.6e11 nodes, about 11 minutes in release mode"]
fn chess960_full_second_half() {
    check(&chess960()[480..], Some(Variant::Chess960), u64::MAX);
}

#[test]
#[ignore = "every depth: 2.2e9 nodes, seconds in release mode"]
fn tricky_and_classical_full() {
    check(&parse(include_str!("data/tricky.perft")), None, u64::MAX);
    check(&parse(include_str!("data/classical.perft")), None, u64::MAX);
}

#[test]
fn divide_sums_to_perft() {
    let entries = parse(include_str!("data/classical.perft"));
    let kiwipete = position(&entries[1], None);
    let divide = kiwipete.divide(3);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), 97_862);
}
