//! `--threads`: the same bytes out, in input order, whatever the number of
//! threads; memory bounded on a line too long to keep.

use crate::util::forsyth;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The start in Shredder-FEN: rooks on the a and h files.
const START_SHREDDER: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1";
/// A Chess960 position from the perft suite, and as the converter writes
/// it: Shredder-FEN files ascending (`specs/fen.md`).
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
const CHESS960_SHREDDER: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w FHfh - 2 9";
/// An illegal line: a right with no rook.
const NO_ROOK: &str = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";

/// A mixed input of several megabytes (many pieces for the workers):
/// good lines, bad lines at known places, blank lines, CRLF endings, a
/// line longer than the 1 MiB the reader keeps, and a last line without
/// its line end. Returns the input and the numbers of the bad lines.
fn mixed_input() -> (Vec<u8>, Vec<u64>) {
    let mut input = Vec::new();
    let mut bad = Vec::new();
    let mut number = 0;
    let mut push = |input: &mut Vec<u8>, line: &[u8], is_bad: bool| {
        number += 1;
        input.extend_from_slice(line);
        if is_bad {
            bad.push(number);
        }
    };
    for i in 0..60_000u64 {
        match i % 97 {
            13 => push(&mut input, format!("{NO_ROOK}\n").as_bytes(), true),
            29 => push(&mut input, b"8/8/8/8/8/8/8/8 w X -\n", true),
            41 => push(&mut input, b"\n", false),
            57 => push(&mut input, format!("{START}\r\n").as_bytes(), false),
            71 => push(&mut input, format!("{CHESS960}\n").as_bytes(), false),
            _ => push(&mut input, format!("{START}\n").as_bytes(), false),
        }
        if i == 30_000 {
            let mut long = vec![b'z'; (1 << 20) + 5000];
            long.push(b'\n');
            push(&mut input, &long, true);
        }
    }
    push(&mut input, START.as_bytes(), false);
    (input, bad)
}

/// The line number of each diagnostic (`<stdin>:LINE:COL: ...`).
fn diagnosed_lines(stderr: &str) -> Vec<u64> {
    let mut lines: Vec<u64> = stderr
        .lines()
        .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    lines.dedup();
    lines
}

#[test]
fn convert_writes_the_same_bytes_in_input_order_with_any_thread_count() {
    let (input, bad) = mixed_input();
    let args = ["convert", "--castling", "shredder", "--threads"];
    let one = forsyth(&[&args[..], &["1"]].concat(), &input);
    let four = forsyth(&[&args[..], &["4"]].concat(), &input);
    assert_eq!(one.code, 1, "bad lines make exit status 1");
    assert_eq!(four.code, one.code);
    assert!(one.stdout == four.stdout, "standard output differs");
    assert_eq!(one.stderr, four.stderr);
    // Every bad line is reported once, in input order, and nothing else.
    assert_eq!(diagnosed_lines(&four.stderr), bad);
    // Every good line is written, in order: the input's lines converted.
    let expected: Vec<&str> = String::from_utf8_lossy(&input)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('z'))
        .filter(|l| !l.contains(" X ") && !l.starts_with("4k3"))
        .map(|l| {
            if l.trim_end() == START {
                START_SHREDDER
            } else {
                CHESS960_SHREDDER
            }
        })
        .collect();
    let got: Vec<&str> = four.stdout.lines().collect();
    assert_eq!(got.len(), expected.len());
    assert!(got == expected, "lines out of order or converted wrongly");
}

#[test]
fn validate_writes_the_same_bytes_with_any_thread_count() {
    let (input, bad) = mixed_input();
    for extra in [&[][..], &["--repair"], &["--format", "json"]] {
        let run = |threads: &str| {
            let args = [&["validate", "--threads", threads][..], extra].concat();
            forsyth(&args, &input)
        };
        let (one, two) = (run("1"), run("2"));
        assert_eq!(one.code, 1);
        assert_eq!(one.code, two.code);
        assert!(
            one.stdout == two.stdout,
            "standard output differs: {extra:?}"
        );
        assert_eq!(one.stderr, two.stderr, "{extra:?}");
    }
    // The judgement names the bad lines, in order.
    let judged = forsyth(&["validate", "--threads", "3"], &input);
    let invalid: Vec<u64> = judged
        .stdout
        .lines()
        .filter(|l| !l.ends_with(": ok") && !l.ends_with(": ok (chess960)"))
        .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    let mut invalid_lines = invalid.clone();
    invalid_lines.dedup();
    assert_eq!(invalid_lines, bad);
}

/// Several files, one missing among them: each thread count writes the
/// same bytes, each file's lines in order and numbered from 1, and the
/// missing file is named once, in its place, after the lines before it.
#[test]
fn files_and_a_missing_one_give_the_same_bytes_with_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("forsyth-threads-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, bad) = mixed_input();
    let big = dir.join("big.fen");
    let small = dir.join("small.fen");
    let missing = dir.join("missing.fen");
    std::fs::write(&big, &input).unwrap();
    std::fs::write(&small, format!("{NO_ROOK}\n{START}\n")).unwrap();
    let files = [&big, &missing, &small, &big].map(|p| p.to_str().unwrap().to_owned());
    let run = |threads: &str| {
        let args = [
            &["convert", "--threads", threads][..],
            &files.each_ref().map(|f| f.as_str()),
        ]
        .concat();
        forsyth(&args, b"")
    };
    let one = run("1");
    for threads in ["2", "4"] {
        let many = run(threads);
        assert_eq!(many.code, one.code, "{threads}");
        assert!(
            many.stdout == one.stdout,
            "standard output differs: {threads}"
        );
        assert_eq!(many.stderr, one.stderr, "{threads}");
    }
    // Each file's faults by its own line numbers, files in the order given.
    let name = |l: &str| l.split(':').next().unwrap().to_owned();
    let faults: Vec<(String, u64)> = one
        .stderr
        .lines()
        .filter(|l| !l.contains("missing.fen"))
        .map(|l| (name(l), l.split(':').nth(1).unwrap().parse().unwrap()))
        .collect();
    let mut faults = faults;
    faults.dedup();
    let (big, small) = (&files[0], &files[2]);
    let mut expected: Vec<(String, u64)> = bad.iter().map(|&n| (big.clone(), n)).collect();
    expected.push((small.clone(), 1));
    expected.extend(bad.iter().map(|&n| (big.clone(), n)));
    assert_eq!(faults, expected);
    let missing_at = one.stderr.lines().position(|l| l.contains("missing.fen"));
    let first_small = one
        .stderr
        .lines()
        .position(|l| l.starts_with(small.as_str()));
    let last_big = one
        .stderr
        .lines()
        .take(first_small.unwrap())
        .filter(|l| l.starts_with(big.as_str()))
        .count();
    assert_eq!(missing_at, Some(last_big), "{}", one.stderr);
    assert_eq!(
        one.code, 2,
        "an input that cannot be read makes exit status 2"
    );
    // The good lines of both copies of the big file and of the small one.
    let good = one.stdout.lines().count();
    let per_big = String::from_utf8_lossy(&input)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count()
        - bad.len();
    assert_eq!(good, 2 * per_big + 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn perft_splits_root_moves_and_keeps_the_counts() {
    // Published counts: 197,281 leaves at depth 4 from the start; the
    // divide output lists the 20 root moves, sorted, whatever the threads.
    let one = forsyth(&["perft", "--threads", "1", "--divide", START, "4"], b"");
    let three = forsyth(&["perft", "--threads", "3", "--divide", START, "4"], b"");
    assert_eq!(one.code, 0);
    assert_eq!(one.stdout, three.stdout);
    assert!(one.stdout.ends_with("\n197281\n"), "{}", one.stdout);
    assert_eq!(one.stdout.lines().filter(|l| l.contains(": ")).count(), 20);
}

#[test]
fn threads_0_means_every_core() {
    // The same output as one thread, in every bulk command.
    let fens = format!("{START}\n{NO_ROOK}\n{CHESS960}\n");
    let pgn = "1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 Nf6 *\n";
    let runs: [(&[&str], &str); 5] = [
        (&["convert"], &fens),
        (&["validate"], &fens),
        (&["validate", "--repair"], &fens),
        (&["pgn", "check"], pgn),
        (&["perft", START, "3"], ""),
    ];
    for (args, input) in runs {
        let run = |n: &str| forsyth(&[args, &["--threads", n]].concat(), input.as_bytes());
        let (zero, one) = (run("0"), run("1"));
        assert_ne!(zero.code, 2, "{args:?}: {}", zero.stderr);
        assert_eq!(
            (zero.code, &zero.stdout, &zero.stderr),
            (one.code, &one.stdout, &one.stderr),
            "{args:?}"
        );
    }
    // Above the limit is still a usage error.
    let r = forsyth(&["convert", "--threads", "1025"], b"");
    assert_eq!(r.code, 2);
}
