//! `forsyth validate`, and validation inside `convert` and `show`. The
//! expected kinds are those `specs/validation.md` defines for each example.

use crate::util::{assert_contains, assert_starts_with, forsyth};

const INPUT: &str = "\
4k3/8/8/8/8/8/8/4K2R w KQ - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

8/8/8/8/8/8/8/8 w - - 0 0
not a fen
";

#[test]
fn text_report_names_every_problem_of_every_line() {
    let r = forsyth(&["validate"], INPUT.as_bytes());
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    // Every problem is placed like convert's: FILE:LINE:COL: field: kind:
    // message. Columns counted by hand: the `Q` is byte 25 of line 1, the
    // fullmove field starts at byte 25 of line 4, the `o` is byte 2 of line 5.
    assert_eq!(
        lines[0],
        "<stdin>:1:25: castling: castling_rook_missing: 'Q': white has no rook on a1 to castle with"
    );
    assert_eq!(lines[1], "<stdin>:2: ok");
    assert!(lines[2].starts_with("<stdin>:4:1: placement: empty_board: "));
    assert!(lines[3].starts_with("<stdin>:4:25: fullmove number: fullmove_zero: "));
    assert_starts_with(
        lines[4],
        "<stdin>:5:2: placement: bad_placement_byte: 'o' is not",
    );
    assert_eq!(lines.len(), 5);
}

#[test]
fn all_valid_exits_0() {
    let r = forsyth(
        &["validate"],
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "<stdin>:1: ok\n"));
}

#[test]
fn json_report_is_one_object_per_line() {
    let r = forsyth(&["validate", "--format", "json"], INPUT.as_bytes());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("{\"file\":\"<stdin>\",\"line\":1,\"valid\":false,"));
    assert!(lines[0].contains("\"kind\":\"castling_rook_missing\""));
    assert!(lines[0].contains("\"squares\":[\"a1\",\"e1\"]"));
    assert!(lines[1].contains("\"valid\":true"));
    assert!(lines[3].contains("\"syntax\":{\"kind\":\"bad_placement_byte\""));
    assert!(lines.iter().all(|l| l.starts_with('{') && l.ends_with('}')));
}

#[test]
fn repair_drops_what_cannot_hold_and_says_so() {
    let r = forsyth(&["validate", "--repair"], INPUT.as_bytes());
    assert_eq!(
        r.code, 1,
        "the empty board and the bad line cannot be repaired"
    );
    // One output line per input line: the lines that cannot be repaired (and
    // the blank one) come out unchanged, in their place.
    assert_eq!(
        r.stdout,
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\n8/8/8/8/8/8/8/8 w - - 0 0\nnot a fen\n"
    );
    assert_contains(&r.stderr, "<stdin>:1: repaired: drop_castling_right:");
    // Line 4 is written unchanged, so nothing is said to be repaired in it.
    assert!(!r.stderr.contains("<stdin>:4: repaired:"), "{}", r.stderr);
    assert!(r
        .stderr
        .contains("<stdin>:4: not repaired, written unchanged"));
    assert!(r.stderr.contains("<stdin>:4:1: placement: empty_board:"));
    // Repaired output validates clean, except the lines that could not be
    // repaired, which keep their numbers.
    let again = forsyth(&["validate"], r.stdout.as_bytes());
    let bad: Vec<&str> = again
        .stdout
        .lines()
        .filter(|l| !l.ends_with(": ok"))
        .map(|l| l.split(':').nth(1).unwrap())
        .collect();
    assert_eq!(bad, ["4", "4", "5"], "{}", again.stdout);
}

#[test]
fn convert_refuses_illegal_positions_unless_told_not_to() {
    // White to move while Black is in check from the rook: the side not to move is in check.
    let input = "4k3/8/8/8/8/8/8/4RK2 w - - 0 1\n";
    let r = forsyth(&["convert"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_starts_with(
        &r.stderr,
        "<stdin>:1:1: placement: illegal: opposite_check:",
    );
    let r = forsyth(&["convert", "--no-validate"], input.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (0, input));
}

#[test]
fn convert_en_passant_modes() {
    // After 1.e4: no black pawn can take on e3, so only `always` keeps it.
    let input = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n";
    let run = |mode: &str| forsyth(&["convert", "--ep", mode], input.as_bytes()).stdout;
    assert_eq!(run("always"), input);
    assert_eq!(run("legal"), input.replace(" e3 ", " - "));
    assert_eq!(run("pseudo"), input.replace(" e3 ", " - "));
    // A black pawn on d4 beside the pushed pawn: pseudo and legal keep it.
    let input = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n";
    let run = |mode: &str| forsyth(&["convert", "--ep", mode], input.as_bytes()).stdout;
    assert_eq!(run("legal"), input);
    assert_eq!(run("pseudo"), input);
}

#[test]
// Run, check the exit code, check the output: alike in shape only, each a
// case of its own (the duplicates tool pairs tests like this one).
fn show_lists_problems_under_the_diagram() {
    let r = forsyth(&["show", "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"], b"");
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stdout,
        "legal            no\n  error: castling_rook_missing:",
    );
}

#[test]
fn auto_variant_is_named_when_it_chose_chess960() {
    // Entry 0 of the Chess960 perft suite, in Shredder-FEN.
    let input = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n";
    let r = forsyth(&["validate"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "<stdin>:1: ok (chess960)\n")
    );
    let r = forsyth(&["validate", "--variant", "chess960"], input.as_bytes());
    assert_eq!(r.stdout, "<stdin>:1: ok\n", "not chosen by auto");
    let r = forsyth(&["validate", "--format", "json"], input.as_bytes());
    assert_contains(&r.stdout, "\"variant\":\"chess960\"");
}

#[test]
fn syntax_errors_in_json_have_field_and_column() {
    // specs/fen.md: `8/8/8/8/8/8/8/8 w - e4` fails at byte 21, en passant.
    let r = forsyth(
        &["validate", "--format", "json"],
        b"8/8/8/8/8/8/8/8 w - e4\n",
    );
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stdout,
        "\"syntax\":{\"kind\":\"en_passant_rank\",\"field\":\"en_passant\",\"column\":21,",
    );
    let r = forsyth(&["validate"], b"8/8/8/8/8/8/8/8 w - e4\n");
    assert_starts_with(&r.stdout, "<stdin>:1:21: en passant: en_passant_rank: ");
}

#[test]
// Run, check the exit code, check the output: alike in shape only, each a
// case of its own (the duplicates tool pairs tests like this one).
fn strict_turns_warnings_into_errors() {
    // specs/validation.md: too_many_promoted, a warning.
    let input = "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1\n";
    let r = forsyth(&["validate"], input.as_bytes());
    assert_eq!(r.code, 0);
    assert_starts_with(
        &r.stdout,
        "<stdin>:1:1: placement: warning: too_many_promoted: ",
    );
    let r = forsyth(&["validate", "--strict"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_starts_with(&r.stdout, "<stdin>:1:1: placement: too_many_promoted: ");
    let r = forsyth(
        &["validate", "--strict", "--format", "json"],
        input.as_bytes(),
    );
    assert_contains(&r.stdout, "\"valid\":false");
    assert_contains(&r.stdout, "\"severity\":\"error\"");
}

#[test]
fn repair_keeps_line_numbers_and_each_lines_castling_encoding() {
    let input = "\
4k3/8/8/8/8/8/8/R3K2R w HAh - 0 1
4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1

8/8/8/8/8/8/8/8 w - - 0 1
4k3/8/8/8/8/8/8/R3K2R w HQ - 0 1
";
    let r = forsyth(&["validate", "--repair"], input.as_bytes());
    // Shredder in, Shredder out, in the line's letter order (`HA`: king
    // side first); standard letters and a mix give X-FEN; the empty board
    // cannot be repaired and stays as it was, in its place.
    assert_eq!(
        r.stdout,
        "\
4k3/8/8/8/8/8/8/R3K2R w HA - 0 1
4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1

8/8/8/8/8/8/8/8 w - - 0 1
4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1
",
        "{}",
        r.stderr
    );
    assert_eq!(r.code, 1);
    let r = forsyth(
        &["validate", "--repair", "--castling", "shredder"],
        input.as_bytes(),
    );
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[1], "4k3/8/8/8/8/8/8/R3K2R w AH - 0 1");
    // Each line keeps its Shredder-FEN letter order (a colour's first two
    // letters tell it), unless --shredder-order says otherwise.
    let orders = "\
r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1
r3k2r/8/8/8/8/8/8/R3K2R w AHah e3 0 1
r3k2r/8/8/8/8/8/8/R3K2R w Hha - 0 1
";
    let r = forsyth(&["validate", "--repair"], orders.as_bytes());
    assert_eq!(
        r.stdout,
        "\
r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1
r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1
r3k2r/8/8/8/8/8/8/R3K2R w Hha - 0 1
",
        "{}",
        r.stderr
    );
    let r = forsyth(
        &["validate", "--repair", "--shredder-order", "files"],
        orders.as_bytes(),
    );
    assert_eq!(
        r.stdout.lines().next(),
        Some("r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1")
    );
    // A line too long to keep is written empty, still in its place.
    let mut long = vec![b'8'; (1 << 20) + 5];
    long.extend_from_slice(b"\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let r = forsyth(&["validate", "--repair"], &long);
    assert_eq!(r.stdout, "\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    assert_contains(&r.stderr, "<stdin>:1:");
}
