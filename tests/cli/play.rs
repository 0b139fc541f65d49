//! `forsyth perft`, `forsyth moves` and `forsyth play`. Counts are the
//! published perft figures (chess programming wiki; the Chess960 suite in
//! crates/forsyth/tests/data/chess960.perft).

use crate::util::{assert_contains, forsyth};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Entry 0 of the Chess960 perft suite: depth 1: 21, depth 2: 528, depth 3: 12189.
const C960_0: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

#[test]
fn perft_matches_published_counts() {
    let r = forsyth(&["perft", START, "4"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "197281\n"));
    let r = forsyth(&["perft", C960_0, "3"], b"");
    assert_eq!(r.stdout, "12189\n");
}

#[test]
fn divide_lists_each_move_and_sums() {
    let r = forsyth(&["perft", "--divide", C960_0, "2"], b"");
    assert_eq!(r.code, 0);
    let rows: Vec<&str> = r.stdout.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 21);
    let sum: u64 = rows
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 528);
    assert_eq!(r.stdout.lines().last(), Some("528"));
}

#[test]
fn moves_in_uci_and_san_with_both_castling_conventions() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let r = forsyth(&["moves", "--format", "san", fen], b"");
    assert_eq!(r.stdout.lines().count(), 26);
    assert!(r.stdout.lines().any(|l| l == "O-O-O"));
    let uci = forsyth(&["moves", fen], b"").stdout;
    assert!(
        uci.lines().any(|l| l == "e1g1"),
        "standard chess: king to g1"
    );
    let uci = forsyth(&["moves", "--uci-castling", "chess960", fen], b"").stdout;
    assert!(uci.lines().any(|l| l == "e1h1"), "king takes rook");
    // In Chess960 the default is king takes rook.
    let r = forsyth(&["moves", C960_0], b"");
    assert_eq!(r.stdout.lines().count(), 21);
}

#[test]
fn play_applies_san_and_uci_and_names_the_first_illegal_move() {
    let r = forsyth(
        &[
            "play", START, "e4", "e7e5", "Nf3", "Nc6", "Bb5", "a6", "O-O",
        ],
        b"",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4\n"
        )
    );
    let r = forsyth(&["play", START, "e4", "e5", "Ke3", "Nf6"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_contains(&r.stderr, "move 3 (Ke3)");
    let r = forsyth(&["play", START, "f3", "e5", "g4", "Qh4#"], b"");
    assert_eq!(r.code, 0);
    assert_contains(&r.stderr, "checkmate");
}

#[test]
// Run, check the exit code, check the output: alike in shape only, each a
// case of its own.
fn illegal_start_positions_are_refused() {
    let r = forsyth(&["perft", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "1"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "opposite_check");
}

/// In Chess960 the standard UCI convention (king to its destination) would
/// write O-O-O of a king on b1 as b1c1, the text of the king's step to c1,
/// and O-O of a king on g1 as g1g1. There the king takes its rook instead
/// (b1a1, g1h1), so `perft --divide` has one row per move and each text
/// plays the move it was written for (positions after worked out on the
/// board).
#[test]
fn standard_uci_castling_in_chess960_names_each_move_once() {
    let fen = "4k3/8/8/8/8/8/8/RK5R w AH - 0 1";
    let r = forsyth(
        &["perft", "--divide", "--uci-castling", "standard", fen, "1"],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let keys: Vec<&str> = r
        .stdout
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split(": ").next().unwrap())
        .collect();
    assert_eq!(keys.len(), 25, "{}", r.stdout);
    let mut unique = keys.clone();
    unique.dedup();
    assert_eq!(unique, keys, "a key twice");
    for key in ["b1a1", "b1c1", "b1g1"] {
        assert!(keys.contains(&key), "{key} missing:\n{}", r.stdout);
    }
    // b1a1 is O-O-O (king c1, rook d1), b1c1 the king's step, b1g1 O-O.
    for (uci, after) in [
        ("b1a1", "4k3/8/8/8/8/8/8/2KR3R b - - 1 1"),
        ("b1c1", "4k3/8/8/8/8/8/8/R1K4R b - - 1 1"),
        ("b1g1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"),
    ] {
        let r = forsyth(&["play", fen, uci], b"");
        assert_eq!((r.code, r.stdout.trim()), (0, after), "{uci}: {}", r.stderr);
    }

    let fen = "4k3/8/8/8/8/8/8/R5KR w AH - 0 1";
    let r = forsyth(&["moves", "--uci-castling", "standard", fen], b"");
    assert!(!r.stdout.lines().any(|l| l == "g1g1"), "{}", r.stdout);
    assert!(r.stdout.lines().any(|l| l == "g1h1"), "{}", r.stdout);
    let r = forsyth(&["play", fen, "g1h1"], b"");
    assert_eq!(r.stdout.trim(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
}

/// `specs/fen.md` 1.1: after Black's move the fullmove number goes up by
/// one, but stays at 4294967295, the largest a record holds. 8x8 and 10x8
/// alike.
#[test]
fn fullmove_number_stays_at_the_largest_value() {
    for (fen, moves, want) in [
        (
            "4k3/8/8/8/8/8/8/R3K3 b - - 0 4294967294",
            "Kd7",
            "8/3k4/8/8/8/8/8/R3K3 w - - 1 4294967295",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 b - - 0 4294967295",
            "Kd7 Kd2 Kc7",
            "8/2k5/8/8/8/8/3K4/R7 w - - 3 4294967295",
        ),
        (
            "5k4/10/10/10/10/10/10/R4K4 b - - 0 4294967295",
            "Ke7 Ke2",
            "10/4k5/10/10/10/10/4K5/R9 b - - 2 4294967295",
        ),
    ] {
        let r = forsyth(&["play", fen, moves], b"");
        assert_eq!(r.code, 0, "{fen}: {}", r.stderr);
        assert_eq!(r.stdout, format!("{want}\n"), "{fen}");
    }
}
