//! `forsyth convert`: every input line is in the output or in an error report.

use crate::util::{assert_contains, assert_starts_with, data, forsyth};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn converts_to_shredder_in_both_orders() {
    let r = forsyth(&["convert", "--castling", "shredder"], START.as_bytes());
    assert_eq!(
        (r.code, r.stdout.trim()),
        (0, START.replace("KQkq", "AHah").as_str())
    );
    let r = forsyth(
        &[
            "convert",
            "--castling",
            "shredder",
            "--shredder-order",
            "wings",
        ],
        START.as_bytes(),
    );
    assert_eq!(r.stdout.trim(), START.replace("KQkq", "HAha"));
}

#[test]
fn reads_shredder_and_writes_xfen() {
    let input = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n";
    let r = forsyth(&["convert"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, input.replace("HFhf", "KQkq"));
}

#[test]
fn every_line_is_output_or_reported() {
    // A mix of good and bad lines, including non-UTF-8 bytes, a NUL and a
    // 100 KB run of garbage; blank lines are skipped.
    let mut input = Vec::new();
    input.extend_from_slice(format!("{START}\n").as_bytes());
    input.extend_from_slice(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1\n");
    input.extend_from_slice(b"\n   \n");
    input.extend_from_slice(b"8/8/8/8/8/8/8/8 w \xff\xfe -\n");
    input.extend_from_slice(b"8/8/8/8/\x008/8/8/8 w - -\n");
    input.extend(std::iter::repeat_n(b'z', 100_000));
    input.push(b'\n');
    input.extend_from_slice(b"4k3/8/8/8/8/8/8/4K3 w K - 0 1\n");
    input.extend_from_slice(format!("{START}\r\n").as_bytes());
    let r = forsyth(&["convert", "--castling", "shredder"], &input);
    assert_eq!(r.code, 1);
    let out: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(out.len(), 2, "two good lines: {out:?}");
    let errs: Vec<&str> = r.stderr.lines().collect();
    let lines: Vec<&str> = errs.iter().map(|e| e.split(':').nth(1).unwrap()).collect();
    assert_eq!(lines, ["2", "5", "6", "7", "8"], "{errs:#?}");
    assert_eq!(
        errs[0],
        "<stdin>:2:49: castling: 'X' is not K, Q, k, q or a file letter A-H/a-h"
    );
    assert_starts_with(errs[1], "<stdin>:5:19: castling: byte 0xff");
    assert_starts_with(errs[2], "<stdin>:6:9: placement: byte 0x00");
    assert_starts_with(errs[3], "<stdin>:7:1: placement: 'z'");
    assert_starts_with(
        errs[4],
        "<stdin>:8:23: castling: illegal: castling_rook_missing: 'K': white has no rook",
    );
}

#[test]
fn standard_output_refuses_chess960_castling_and_says_why() {
    let input = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n";
    let r = forsyth(&["convert", "--castling", "standard"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert_contains(&r.stderr, ":1:56: castling: standard FEN cannot express");
    assert!(r.stderr.contains("use X-FEN or Shredder-FEN"));
}

#[test]
fn files_are_named_in_reports_and_missing_files_exit_2() {
    let good = data("pgn-examples.fen");
    let r = forsyth(&["convert", &good, "no/such/file.fen"], b"");
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout.lines().count(), 4);
    assert_contains(&r.stderr, "no/such/file.fen");
}

#[test]
fn variant_flag_is_honoured() {
    let input = "5k2/8/8/8/8/8/8/R4K1R w KQ - 0 1\n";
    let r = forsyth(&["convert", "--variant", "standard"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "king must stand on the e file");
    let r = forsyth(
        &["convert", "--variant", "chess960", "--castling", "shredder"],
        input.as_bytes(),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "5k2/8/8/8/8/8/8/R4K1R w AH - 0 1\n")
    );
}

#[test]
fn broken_pipe_is_a_normal_exit() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut input = Vec::new();
    for _ in 0..200_000 {
        input.extend_from_slice(START.as_bytes());
        input.push(b'\n');
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_forsyth"))
        .arg("convert")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&input);
    });
    let mut first = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped here: the reader goes away.
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}, stderr {err}");
    assert_eq!(err, "");
}

#[test]
fn illegal_lines_point_at_the_letter_or_field_at_fault() {
    // Columns counted by hand: the `k` is byte 27, the en-passant field
    // starts at byte 25.
    let input = "4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1\n4k3/8/8/8/8/8/8/4K3 w - e6 0 1\n";
    let r = forsyth(&["convert"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    let errs: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errs.len(), 2, "{errs:#?}");
    assert_starts_with(
        errs[0],
        "<stdin>:1:27: castling: illegal: castling_rook_missing: 'k'",
    );
    assert_starts_with(errs[1], "<stdin>:2:25: en passant: illegal: ");
}
