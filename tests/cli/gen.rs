//! `forsyth gen` and `forsyth index`, checked against the independent
//! listing of the 960 starts (tests/data/chess960_starts.txt, from the
//! Minic engine's table; see its header).

use crate::util::{assert_contains, assert_starts_with, forsyth};

fn listing() -> Vec<(u16, String, String)> {
    let text = std::fs::read_to_string(format!(
        "{}/../forsyth/tests/data/chess960_starts.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            (
                it.next().unwrap().parse().unwrap(),
                it.next().unwrap().to_owned(),
                it.next().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn gen_all_matches_the_published_listing() {
    let r = forsyth(
        &[
            "gen",
            "--all",
            "--castling",
            "shredder",
            "--shredder-order",
            "wings",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let starts = listing();
    assert_eq!(lines.len(), 960);
    assert_eq!(starts.len(), 960);
    for ((n, back, castling), line) in starts.iter().zip(&lines) {
        let expected = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{back} w {castling} - 0 1",
            back.to_lowercase()
        );
        assert_eq!(*line, expected, "start {n}");
    }
}

#[test]
fn gen_single_numbers_and_index_round_trip() {
    for (n, back, _) in listing().into_iter().step_by(37) {
        let r = forsyth(&["gen", &n.to_string()], b"");
        assert_eq!(r.code, 0);
        assert!(
            r.stdout.ends_with(&format!("/{back} w KQkq - 0 1\n")),
            "{}",
            r.stdout
        );
        let r = forsyth(&["index", r.stdout.trim()], b"");
        assert_eq!((r.code, r.stdout.trim()), (0, n.to_string().as_str()));
    }
    let r = forsyth(&["gen", "518"], b"");
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
}

#[test]
fn gen_json_has_all_encodings() {
    let r = forsyth(&["gen", "0", "--format", "json"], b"");
    assert_eq!(r.code, 0);
    assert!(r
        .stdout
        .starts_with("{\"number\":0,\"back_rank\":\"BBQNNRKR\""));
    assert!(r
        .stdout
        .contains("\"shredder\":\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w FHfh - 0 1\""));
    assert!(r.stdout.contains("\"standard\":null"));
}

#[test]
fn gen_random_is_reproducible_and_valid() {
    let a = forsyth(&["gen", "--random", "--seed", "42", "--count", "50"], b"");
    let b = forsyth(&["gen", "--random", "--seed", "42", "--count", "50"], b"");
    assert_eq!(a.code, 0);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stdout.lines().count(), 50);
    let known: Vec<String> = listing().into_iter().map(|(_, back, _)| back).collect();
    for line in a.stdout.lines() {
        let back = line.split(['/', ' ']).nth(7).unwrap();
        assert!(known.iter().any(|k| k == back), "{line}");
    }
}

#[test]
fn usage_errors_exit_2_and_non_starts_exit_1() {
    assert_eq!(forsyth(&["gen", "960"], b"").code, 2);
    assert_eq!(forsyth(&["gen"], b"").code, 2);
    for (fen, said) in [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "e4",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            "col 51: en passant: missing",
        ),
    ] {
        let r = forsyth(&["index", fen], b"");
        assert_eq!(r.code, 1, "{fen}");
        assert_contains(&r.stderr, said);
    }
}

#[test]
fn gen_json_honours_the_shredder_order() {
    // The listing's castling column is in wings order (king side first).
    let (n, back, castling) = listing().into_iter().nth(100).unwrap();
    let r = forsyth(
        &[
            "gen",
            &n.to_string(),
            "--format",
            "json",
            "--shredder-order",
            "wings",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let expected = format!(
        "\"shredder\":\"{}/pppppppp/8/8/8/8/PPPPPPPP/{back} w {castling} - 0 1\"",
        back.to_lowercase()
    );
    assert_contains(&r.stdout, &expected);
}

#[test]
fn count_and_seed_need_random() {
    for args in [
        &["gen", "5", "--count", "3"][..],
        &["gen", "5", "--seed", "3"],
        &["gen", "--all", "--count", "3"],
        &["gen", "--all", "--seed", "3"],
    ] {
        let r = forsyth(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            r.stderr.contains("needs --random"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_drawn_seed_is_reported_and_repeats_the_run() {
    let r = forsyth(&["gen", "--random", "--count", "5"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let seed = r
        .stderr
        .split_whitespace()
        .skip_while(|w| *w != "seed")
        .nth(1)
        .expect("the seed is named");
    let again = forsyth(&["gen", "--random", "--count", "5", "--seed", seed], b"");
    assert_eq!((again.code, &again.stdout), (0, &r.stdout));
    assert_eq!(again.stderr, "", "a given seed is not reported");
}

/// The back rank of each line of `gen` output (the eighth field of the
/// placement).
fn back_ranks(output: &str) -> Vec<String> {
    output
        .lines()
        .map(|l| l.split(['/', ' ']).nth(7).unwrap().to_owned())
        .collect()
}

#[test]
fn gen_takes_several_numbers_and_ranges() {
    let starts = listing();
    let back = |n: usize| starts[n].1.clone();
    let r = forsyth(&["gen", "0", "1", "2"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(back_ranks(&r.stdout), [back(0), back(1), back(2)]);
    let r = forsyth(&["gen", "0-9"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(back_ranks(&r.stdout), (0..=9).map(back).collect::<Vec<_>>());
    // In the order given, ranges and numbers mixed, a range downwards too.
    let r = forsyth(&["gen", "959", "3-1", "518", "7-7"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        back_ranks(&r.stdout),
        [959, 3, 2, 1, 518, 7].map(back).to_vec()
    );
    // JSON: one object per start, numbered.
    let r = forsyth(&["gen", "--format", "json", "4-5"], b"");
    let numbers: Vec<&str> = r.stdout.lines().map(|l| &l[..13]).collect();
    assert_eq!(numbers, ["{\"number\":4,\"", "{\"number\":5,\""]);
    for (bad, said) in [
        ("0-960", "'960'"),
        ("x-3", "'x'"),
        ("3-", "'3-' is a range without its last number"),
        ("-3", "'-3' is a range without its first number"),
        ("1-2-3", "'2-3'"),
    ] {
        let r = forsyth(&["gen", "--", bad], b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{bad}");
        assert_contains(&r.stderr, said);
    }
    let r = forsyth(&["gen", "5", "--all"], b"");
    assert_eq!(r.code, 2);
}

#[test]
fn seed_and_count_without_random_are_refused_with_the_reason() {
    for (args, said) in [
        (&["gen", "--seed", "7"][..], "--seed needs --random"),
        (&["gen", "--count", "3"], "--count needs --random"),
        (&["gen", "--seed", "7", "--count", "3"], "needs --random"),
    ] {
        let r = forsyth(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert_contains(&r.stderr, said);
        assert!(!r.stderr.contains("required arguments"), "{}", r.stderr);
    }
    let r = forsyth(&["gen"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "--all");
    assert_contains(&r.stderr, "--random");
}

#[test]
fn index_reads_a_back_rank_alone() {
    for (n, back, _) in listing().into_iter().step_by(41) {
        let r = forsyth(&["index", &back], b"");
        assert_eq!(
            (r.code, r.stdout.trim()),
            (0, n.to_string().as_str()),
            "{back}: {}",
            r.stderr
        );
        // Black's back rank, lowercase, is the same start.
        let r = forsyth(&["index", &back.to_lowercase()], b"");
        assert_eq!(
            (r.code, r.stdout.trim()),
            (0, n.to_string().as_str()),
            "{back}"
        );
    }
    // What `gen --format json` prints as the back rank reads back.
    let r = forsyth(&["gen", "--format", "json", "777"], b"");
    let back = r.stdout.split('"').nth(5).unwrap().to_owned();
    assert_eq!(forsyth(&["index", &back], b"").stdout, "777\n");
    // Not a start: the reason, its kind name and exit 1.
    for (word, said) in [
        ("RNBQKBNP", "pawn_on_back_rank"),
        ("RBNQKBNR", "bishops_on_one_color"),
        ("KRRQBBNN", "king_not_between_rooks"),
        ("RNBQKBN", "8 letters"),
    ] {
        let r = forsyth(&["index", word], b"");
        assert_eq!((r.code, r.stdout.as_str()), (1, ""), "{word}");
        assert_contains(&r.stderr, said);
    }
}

#[test]
fn index_dash_reads_every_record_of_standard_input() {
    let starts = listing();
    let all = forsyth(&["gen", "--all"], b"");
    let r = forsyth(&["index", "-"], all.stdout.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let numbers: Vec<String> = (0..960).map(|n| n.to_string()).collect();
    assert_eq!(r.stdout.lines().collect::<Vec<_>>(), numbers);
    // Back ranks, placements, blank lines and faults mixed: one number per
    // record read, in order, each fault placed FILE:LINE:COL.
    let input = format!(
        "{}\n\n{}/pppppppp/8/8/8/8/PPPPPPPP/{}\n8/8/8/8/8/8/8/K6k w - -\n  {}\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq\nRNBQKBNP\n",
        starts[12].1,
        starts[300].1.to_lowercase(),
        starts[300].1,
        starts[959].1
    );
    let r = forsyth(&["index", "-"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "12\n300\n959\n");
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 3, "{}", r.stderr);
    assert_starts_with(errors[0], "<stdin>:4:1: placement: not a Chess960 start: ");
    assert_starts_with(errors[1], "<stdin>:6:51: en passant: ");
    assert_starts_with(errors[2], "<stdin>:7:8: placement: not a Chess960 start: ");
    assert_contains(errors[2], "pawn_on_back_rank");
    let r = forsyth(&["index", "-"], b"\n \n");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "standard input");
}
