//! One way to give a position, in every command that takes one:
//! a quoted record, its fields as words, `-` for standard input, `startpos`,
//! `960:N`; a bare placement or four fields anywhere; options before or
//! after. Counts are the published perft figures of the start (chess
//! programming wiki: 20, 400, 8902).

use crate::util::{assert_contains, forsyth};

const PLACEMENT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The start given every way, as (words, standard input).
fn forms() -> Vec<(Vec<&'static str>, &'static str)> {
    vec![
        (vec![START], ""),
        (START.split(' ').collect(), ""),
        (vec![PLACEMENT, "w", "KQkq", "-"], ""),
        (vec![&START[..START.len() - 4]], ""),
        // The bare placement: White to move, no castling, no en passant;
        // castling needs more than three plies, so the counts are the same.
        (vec![PLACEMENT], ""),
        (
            vec!["-"],
            "\n  \nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ),
        (vec!["startpos"], ""),
        (vec!["960:518"], ""),
    ]
}

fn with<'a>(command: &[&'a str], form: &[&'a str], after: &[&'a str]) -> Vec<&'a str> {
    [command, form, after].concat()
}

#[test]
fn perft_reads_every_form_and_takes_the_last_word_as_depth() {
    for (form, input) in forms() {
        let r = forsyth(&with(&["perft"], &form, &["3"]), input.as_bytes());
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, "8902\n"),
            "{form:?}: {}",
            r.stderr
        );
        // Options after the position, and between it and the depth.
        let r = forsyth(
            &with(&["perft"], &form, &["--stats", "2"]),
            input.as_bytes(),
        );
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, "400\n"),
            "{form:?}: {}",
            r.stderr
        );
    }
    // Four fields then the depth: depth 3 of a four-field record.
    let r = forsyth(&["perft", PLACEMENT, "w", "KQkq", "-", "3"], b"");
    assert_eq!(r.stdout, "8902\n");
    let r = forsyth(&["perft", "startpos"], b"");
    assert_eq!(r.code, 2, "no depth: {}", r.stderr);
    let r = forsyth(&["perft", "startpos", "x"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "'x'");
}

#[test]
fn moves_show_index_and_play_read_every_form() {
    for (form, input) in forms() {
        let r = forsyth(
            &with(&["moves"], &form, &["--format", "san"]),
            input.as_bytes(),
        );
        assert_eq!(
            (r.code, r.stdout.lines().count()),
            (0, 20),
            "{form:?}: {}",
            r.stderr
        );
        assert!(r.stdout.lines().any(|l| l == "Nf3"), "SAN: {form:?}");
        let r = forsyth(&with(&["show"], &form, &[]), input.as_bytes());
        assert_eq!(r.code, 0, "{form:?}: {}", r.stderr);
        assert!(r.stdout.contains("8 | r n b q k b n r |"), "{form:?}");
        let r = forsyth(&with(&["index"], &form, &[]), input.as_bytes());
        // Each command's own answer, checked as perft's is above: alike in
        // shape only.
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, "518\n"),
            "{form:?}: {}",
            r.stderr
        );
        // 1.e4 e5 2.Nf3: the board every chess book shows.
        let r = forsyth(
            &with(&["play"], &form, &["e4", "e5", "Nf3"]),
            input.as_bytes(),
        );
        assert_eq!(r.code, 0, "{form:?}: {}", r.stderr);
        assert!(
            r.stdout
                .starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b "),
            "{form:?}: {}",
            r.stdout
        );
    }
}

#[test]
// Run, check the exit code, check the output: alike in shape only, each a
// case of its own.
fn a_bare_placement_is_white_to_move_with_nothing_else() {
    let r = forsyth(&["show", PLACEMENT], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "side to move     white");
    assert_contains(&r.stdout, "white may not castle");
    assert_contains(&r.stdout, "en passant       -\n");
}

#[test]
fn options_come_before_or_after_the_position() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let before = forsyth(&["moves", "--format", "san", fen], b"");
    let after = forsyth(&["moves", fen, "--format", "san"], b"");
    let words: Vec<&str> = ["moves"]
        .into_iter()
        .chain(fen.split(' '))
        .chain(["--format", "san"])
        .collect();
    let split = forsyth(&words, b"");
    assert_eq!(before.stdout.lines().count(), 26);
    assert!(before.stdout.lines().any(|l| l == "O-O-O"));
    assert_eq!(
        (after.code, &after.stdout),
        (0, &before.stdout),
        "{}",
        after.stderr
    );
    assert_eq!(
        (split.code, &split.stdout),
        (0, &before.stdout),
        "{}",
        split.stderr
    );
    let r = forsyth(&["play", "startpos", "e4", "--castling", "shredder"], b"");
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah - 0 1\n"
    );
    let r = forsyth(&["show", "startpos", "--variant", "chess960"], b"");
    assert_contains(&r.stdout, "variant          chess960");
    // An unknown option is an error, not FEN text.
    let r = forsyth(&["moves", START, "--nosuch"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "--nosuch");
}

#[test]
fn play_moves_start_at_the_first_word_that_is_not_the_next_field() {
    let r = forsyth(
        &["play", PLACEMENT, "w", "KQkq", "-", "0", "1", "d4", "d5"],
        b"",
    );
    assert_eq!(
        r.stdout,
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n"
    );
    // Four fields, then moves.
    let r = forsyth(&["play", PLACEMENT, "w", "KQkq", "-", "d4"], b"");
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
    );
    // A bare placement, then moves.
    let r = forsyth(&["play", PLACEMENT, "d4"], b"");
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b - - 0 1\n"
    );
}

#[test]
fn words_that_do_not_split_say_so_and_show_the_record_quoted() {
    // A seventh word after a whole record: show takes nothing more.
    let mut words = vec!["show"];
    words.extend(START.split(' '));
    words.push("7");
    let r = forsyth(&words, b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "cannot split");
    assert_contains(&r.stderr, &format!("read as: forsyth show '{START}' 7"));
    // `e4` is not an en-passant field (rank 3 or 6), so the record stops
    // after three fields: incomplete, and the command is shown as read.
    let r = forsyth(&["play", PLACEMENT, "w", "KQkq", "e4", "e5"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "en passant: missing");
    assert_contains(
        &r.stderr,
        &format!("read as: forsyth play '{PLACEMENT} w KQkq' e4 e5"),
    );
    // Perft: words between the record and the depth.
    let r = forsyth(&["perft", "startpos", "x", "3"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "read as: forsyth perft 'startpos' x 3");
}

#[test]
fn chess960_starts_by_number_and_a_lone_dash() {
    // Start 0 is BBQNNRKR (specs/chess960.md).
    let r = forsyth(&["show", "960:0"], b"");
    assert_contains(&r.stdout, "1 | B B Q N N R K R |");
    assert!(r.stdout.contains("variant          chess960"));
    let r = forsyth(&["index", "960:959"], b"");
    assert_eq!(r.stdout, "959\n");
    assert_ne!(forsyth(&["show", "960:960"], b"").code, 0);
    // `-` reads standard input, also after an option.
    let r = forsyth(&["moves", "--format", "uci", "-"], START.as_bytes());
    assert_eq!((r.code, r.stdout.lines().count()), (0, 20), "{}", r.stderr);
    let r = forsyth(&["moves", "-"], b"\n\n");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "standard input");
}

/// `-` is read once, when the command runs: `show --letters auto -` shows
/// the first record of the input, whatever languages it tries.
#[test]
fn standard_input_is_read_once() {
    // The first record has its kings on e8 and e1, the second on h1 and a1.
    let input = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/K6k w - - 0 1\n";
    for letters in [&[][..], &["--letters", "auto"], &["--letters", "de"]] {
        let args = [&["show", "--ascii"][..], letters, &["-"]].concat();
        let r = forsyth(&args, input.as_bytes());
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert_contains(&r.stdout, "8 | . . . . k . . . |");
        assert_contains(&r.stdout, "1 | . . . . K . . . |");
    }
}

/// A command line that cannot run says so before it reads any input: with
/// standard input left open, the usage error comes at once (reading first
/// would wait for the end of the input).
#[test]
fn a_usage_error_reads_no_input() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    for args in [
        &["play", "-", "e4", "--notation", "nope"][..],
        &["solve", "-", "--stipulation", "y3"],
        &["show", "-", "--letters", "xx"],
        &["diagram", "-", "--highlight", "e9"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_forsyth"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Held open, never written.
        let stdin = child.stdin.take();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if start.elapsed() > Duration::from_secs(20) {
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        if status.is_none() {
            let _ = child.kill();
            let _ = child.wait();
        }
        drop(stdin);
        assert_eq!(
            status.and_then(|s| s.code()),
            Some(2),
            "{args:?} waited for its input"
        );
    }
}

/// With `--letters`, a placement in that language is read as it is
/// written: a fault elsewhere shows the words as typed, and a problem
/// statement's fault is placed in the statement as written, not in an
/// English rewrite of the placement nobody typed.
#[test]
fn a_placement_in_other_letters_is_quoted_as_written() {
    let german = "tsldklst/bbbbbbbb/8/8/8/8/BBBBBBBB/TSLDKLST";
    let r = forsyth(&["show", "--letters", "de", german, "x"], b"");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_contains(&r.stderr, &format!("read as: forsyth show '{german}' x"));
    let greek = "(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (4+2)";
    let r = forsyth(&["show", "--letters", "el", greek], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let count = greek.find("(4+2)").unwrap();
    let under = " ".repeat(greek[..count].chars().count());
    assert_contains(&r.stderr, &format!("\n  {greek}\n  {under}^\n"));
    assert_contains(&r.stderr, &format!("col {}: piece count:", count + 1));
}
