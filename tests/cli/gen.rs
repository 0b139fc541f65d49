//! `forsyth gen` and `forsyth index`, checked against the independent
//! listing of the 960 starts (tests/data/chess960_starts.txt, from the
//! Minic engine's table; see its header).

use crate::util::{assert_contains, forsyth};

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
