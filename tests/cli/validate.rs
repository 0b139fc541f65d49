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
    // Five input lines, the blank one included.
    assert_eq!(lines.len(), 5);
    assert!(lines[0].starts_with("{\"file\":\"<stdin>\",\"line\":1,\"valid\":false,"));
    assert!(lines[0].contains("\"kind\":\"castling_rook_missing\""));
    assert!(lines[0].contains("\"squares\":[\"a1\",\"e1\"]"));
    assert!(lines[1].contains("\"valid\":true"));
    assert_eq!(
        lines[2],
        "{\"file\":\"<stdin>\",\"line\":3,\"valid\":null,\"variant\":null,\"problems\":[]}"
    );
    assert!(lines[4].contains("\"problems\":[{\"kind\":\"bad_placement_byte\""));
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
    // A syntax error is one of the problems a line not repaired is reported
    // with (specs/validation.md, the command line).
    assert_contains(
        &r.stderr,
        "<stdin>:5: not repaired, written unchanged\n<stdin>:5:2: placement: bad_placement_byte:",
    );
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
// case of its own.
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
        "\"problems\":[{\"kind\":\"en_passant_rank\",\"severity\":\"error\",\"field\":\"en_passant\",\"column\":21,",
    );
    let r = forsyth(&["validate"], b"8/8/8/8/8/8/8/8 w - e4\n");
    assert_starts_with(&r.stdout, "<stdin>:1:21: en passant: en_passant_rank: ");
}

#[test]
// Run, check the exit code, check the output: alike in shape only, each a
// case of its own.
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
    // Each line keeps its letters, less the one dropped, in their order
    // (`HA`: king side first); the valid mix `HQ` stays as it was; the
    // empty board cannot be repaired and stays as it was, in its place.
    assert_eq!(
        r.stdout,
        "\
4k3/8/8/8/8/8/8/R3K2R w HA - 0 1
4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1

8/8/8/8/8/8/8/8 w - - 0 1
4k3/8/8/8/8/8/8/R3K2R w HQ - 0 1
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

/// The lines of `text` with their line ends (`\n`, `\r\n`) kept.
fn lines_with_ends(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

#[test]
fn repair_writes_a_valid_line_as_it_was_read() {
    // Each line is valid: after 1.e4 the square e3 is true (no pawn can
    // take there, which only decides whether a writer prints it); a
    // warning (two queens, no pawn missing); four fields; runs of spaces;
    // castling letters in an unusual order; a CRLF line end; a line of
    // spaces.
    let input = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\r
4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1
4k3/8/8/8/8/8/8/4K2R w K -
4k3/8/8/8/8/8/8/4K2R  w   K -\t0 1
r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1
   \r
";
    let r = forsyth(&["validate", "--repair"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (0, input, "")
    );
    let r = forsyth(
        &["validate", "--repair", "--format", "json"],
        input.lines().next().unwrap().as_bytes(),
    );
    assert_contains(
        &r.stdout,
        "\"repairs\":[],\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"",
    );
}

#[test]
fn repair_changes_only_what_it_lists() {
    // Line 1: no rook on h8, so `k` goes; the spacing, the letter order
    // and the CRLF stay. Line 2: `k` goes again, and the en-passant square
    // (true: a pawn just went e2-e4) stays. Line 3: the fullmove number 0
    // becomes 1. Line 4: nothing to repair.
    let input = "\
r3k3/8/8/8/8/8/8/R3K2R  b  qkQK  -  0  1\r
rnbqkbn1/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 0
4k3/8/8/8/8/8/8/4K3 w - - 0 1
";
    let expected = "\
r3k3/8/8/8/8/8/8/R3K2R  b  qQK  -  0  1\r
rnbqkbn1/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQq e3 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
";
    let r = forsyth(&["validate", "--repair"], input.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (0, expected), "{}", r.stderr);
    // Every line that changed has its repairs listed, and no other line.
    let repaired: Vec<&str> = r
        .stderr
        .lines()
        .map(|l| l.split(": repaired: ").next().unwrap())
        .collect();
    assert_eq!(repaired, ["<stdin>:1", "<stdin>:2", "<stdin>:3"]);
    let changed: Vec<usize> = lines_with_ends(input)
        .iter()
        .zip(lines_with_ends(&r.stdout))
        .enumerate()
        .filter(|(_, (a, b))| *a != b)
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(changed, [1, 2, 3]);
    // A line that cannot be repaired (an empty board) is written
    // unchanged: no repair is listed for it, its fullmove 0 included.
    let r = forsyth(
        &["validate", "--repair", "--format", "json"],
        b"8/8/8/8/8/8/8/8 w - - 0 0\n",
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["repairs"], serde_json::json!([]), "{v}");
    assert!(v["fen"].is_null(), "{v}");
    assert_eq!(v["remaining"]["problems"], v["problems"], "{v}");
}

#[test]
fn json_has_one_shape_for_every_line() {
    // Valid, invalid, blank, refused by the grammar, too long to keep, an
    // EPD record whose move is not legal.
    let mut input = "\
4k3/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K3 w K - 0 1

not a fen
4k3/8/8/8/8/8/8/4K2R w K - bm Nf3;
"
    .to_owned();
    input.push_str(&"8".repeat((1 << 20) + 1));
    input.push('\n');
    for args in [
        &["validate", "--format", "json"][..],
        &["validate", "--format", "json", "--repair"],
    ] {
        let r = forsyth(args, input.as_bytes());
        let objects: Vec<serde_json::Value> = r
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // One object per input line, in order.
        let numbers: Vec<u64> = objects
            .iter()
            .map(|o| o["line"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6], "{args:?}");
        let keys = |o: &serde_json::Value| -> Vec<String> {
            o.as_object().unwrap().keys().cloned().collect()
        };
        for o in &objects {
            assert_eq!(keys(o), keys(&objects[0]), "{args:?}: {o}");
            for p in o["problems"].as_array().unwrap() {
                let mut got = keys(p);
                got.sort();
                assert_eq!(
                    got,
                    ["column", "field", "kind", "message", "severity", "squares"],
                    "{p}"
                );
            }
        }
        // A blank line is neither valid nor invalid.
        let valid: Vec<Option<bool>> = objects.iter().map(|o| o["valid"].as_bool()).collect();
        let no = Some(false);
        assert_eq!(valid, [Some(true), no, None, no, no, no], "{args:?}");
        assert!(objects[2]["valid"].is_null());
        let kinds: Vec<&str> = objects[3..]
            .iter()
            .map(|o| o["problems"][0]["kind"].as_str().unwrap())
            .collect();
        assert_eq!(
            kinds,
            ["bad_placement_byte", "unreachable", "line_too_long"]
        );
    }
}

#[test]
fn problems_of_a_line_come_by_column() {
    // The castling field starts at column 27 (placement 23 bytes, " w ");
    // `Qq` at 27 and 28 are rights of kings on different files
    // (castling_asymmetric, placed at the field), `k` at 29 has no rook
    // beyond its king; the halfmove clock 5 at column 33 is too large.
    let input = "1r4k1/8/8/8/8/8/8/1R3K2 w Qqk - 5 1\n";
    let r = forsyth(&["validate"], input.as_bytes());
    let columns: Vec<u64> = r
        .stdout
        .lines()
        .map(|l| l.split(':').nth(2).unwrap().parse().unwrap())
        .collect();
    assert_eq!(columns, [27, 29, 33], "{}", r.stdout);
    let r = forsyth(&["validate", "--format", "json"], input.as_bytes());
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let columns: Vec<u64> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["column"].as_u64().unwrap())
        .collect();
    assert_eq!(columns, [27, 29, 33], "{}", r.stdout);
    // A warning of the board (column 1) comes before an error of the
    // castling field (column 32: placement 28 bytes, " w ").
    let r = forsyth(&["validate"], b"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w K - 0 1\n");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_starts_with(
        lines[0],
        "<stdin>:1:1: placement: warning: too_many_promoted: ",
    );
    assert_starts_with(lines[1], "<stdin>:1:32: castling: castling_rook_missing: ");
    // convert, too.
    let r = forsyth(&["convert"], input.as_bytes());
    let columns: Vec<u64> = r
        .stderr
        .lines()
        .map(|l| l.split(':').nth(2).unwrap().parse().unwrap())
        .collect();
    assert!(columns.windows(2).all(|w| w[0] <= w[1]), "{}", r.stderr);
}

#[test]
fn a_letter_where_a_clock_belongs_is_a_bad_clock() {
    // Six fields, the fifth a letter: a FEN record whose halfmove clock
    // (column 25) is not a number, not an EPD operation without its `;`.
    let input = "8/8/8/8/8/8/8/K6k w - - x 1\n";
    let r = forsyth(&["validate"], input.as_bytes());
    assert_eq!(
        r.stdout,
        "<stdin>:1:25: halfmove clock: bad_number: expected a decimal number without sign\n"
    );
    let r = forsyth(&["convert"], input.as_bytes());
    assert_starts_with(&r.stderr, "<stdin>:1:25: halfmove clock: ");
    // An opcode EPD defines, its `;` forgotten: still read as EPD.
    let r = forsyth(&["validate"], b"8/8/8/8/8/8/8/K6k w - - bm Kb2\n");
    assert_starts_with(&r.stdout, "<stdin>:1:31: operation bm: missing_semicolon: ");
}

#[test]
fn messages_are_words_not_code() {
    // Every failing example of specs/validation.md, under its variant:
    // every problem kind's sentence, and each repair's.
    let spec = std::fs::read_to_string(crate::util::spec("validation.md")).unwrap();
    let mut by_variant: std::collections::BTreeMap<&str, String> = Default::default();
    for row in spec.lines().filter(|l| l.starts_with("| fails |")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let record = cells[3].trim_matches('`');
        by_variant
            .entry(cells[2])
            .or_default()
            .push_str(&format!("{record}\n"));
    }
    assert_eq!(by_variant.len(), 3, "auto, chess960 and standard");
    for (variant, input) in &by_variant {
        for repair in [false, true] {
            let mut args = vec!["validate", "--variant", variant];
            args.extend(repair.then_some("--repair"));
            let r = forsyth(&args, input.as_bytes());
            let text = format!("{}{}", r.stdout, r.stderr);
            for code in ["::", "Variant", "Some(", "None"] {
                assert!(!text.contains(code), "{code:?} in:\n{text}");
            }
        }
    }
    // The standard-chess castling kinds say where the position is allowed.
    let r = forsyth(
        &["validate", "--variant", "standard"],
        b"4k3/8/8/8/8/8/8/5K1R w K - 0 1\n4k3/8/8/8/8/8/8/4K1R1 w G - 0 1\n",
    );
    assert_eq!(
        r.stdout.matches("(allowed in chess960)").count(),
        2,
        "{}",
        r.stdout
    );
}
