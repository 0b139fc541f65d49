//! `--lenient` on `perft`, `moves` and `play`: a position
//! rejected only for problems move generation survives is accepted, and
//! standard error names what was set aside.

use crate::util::{assert_contains, assert_starts_with, forsyth};

/// White's king on c4 is checked by the queen on a6 and the bishop on d3 at
/// once, a double check no move can give (the library's own example of
/// `impossible_check`).
const DOUBLE: &str = "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1";

#[test]
fn lenient_sets_aside_ignorable_problems_and_says_which() {
    let r = forsyth(&["moves", DOUBLE], b"");
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_contains(&r.stderr, "impossible_check");
    assert!(
        r.stderr.contains("--lenient"),
        "the way out is named: {}",
        r.stderr
    );
    let r = forsyth(&["moves", DOUBLE, "--lenient"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "set aside");
    assert_contains(&r.stderr, "impossible_check");
    // In double check only the king moves. Worked out by hand: b5 is on the
    // queen's diagonal, d3 stays covered by the queen once the king leaves
    // c4, b4 and c5 hold White's own pieces; b3, c3, d4 and d5 are free.
    let moves: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(moves, ["c4b3", "c4c3", "c4d4", "c4d5"]);
    let r = forsyth(&["perft", "--lenient", DOUBLE, "1"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "4\n"), "{}", r.stderr);
    let r = forsyth(&["play", DOUBLE, "Kd4", "--lenient"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_starts_with(&r.stdout, "3R4/8/q4k2/2B5/1N1K4/3b4/8/8 b ");
}

#[test]
fn lenient_does_not_accept_what_move_generation_cannot_survive() {
    // No white king: not ignorable.
    let r = forsyth(&["moves", "--lenient", "4k3/8/8/8/8/8/8/8 w - - 0 1"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "missing_king");
    assert!(!r.stderr.contains("set aside"), "{}", r.stderr);
}
