//! A UTF-8 byte order mark (EF BB BF), which some editors write at the start
//! of a file, is skipped at the start of every line input as the PGN reader
//! skips it, and columns count from the byte after it.

use std::fs;

use crate::util::{assert_starts_with, forsyth};

const BOM: &str = "\u{feff}";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn validate_and_convert_skip_it() {
    let input = format!("{BOM}{START}\r\n{START}\n");
    let r = forsyth(&["validate"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "<stdin>:1: ok\n<stdin>:2: ok\n"),
        "{}",
        r.stderr
    );
    let r = forsyth(&["convert"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, format!("{START}\n{START}\n").as_str()),
        "{}",
        r.stderr
    );
    // Columns start after the mark: the `K` of `4K3 w K` is byte 23 of the
    // record (19 bytes of placement, then " w ").
    let r = forsyth(
        &["validate"],
        format!("{BOM}4k3/8/8/8/8/8/8/4K3 w K - 0 1\n").as_bytes(),
    );
    assert_starts_with(&r.stdout, "<stdin>:1:23: castling: castling_rook_missing: ");
    // Only the start of an input has one: later, it is a byte like another.
    let r = forsyth(&["validate"], format!("{START}\n{BOM}{START}\n").as_bytes());
    assert_starts_with(&r.stdout, "<stdin>:1: ok\n<stdin>:2:1: placement: ");
}

#[test]
fn repair_keeps_it_as_read() {
    // A valid first line is written as it was read, mark included.
    let input = format!("{BOM}{START}\n");
    let r = forsyth(&["validate", "--repair"], input.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (0, input.as_str()));
}

#[test]
fn each_file_may_start_with_one() {
    let dir = std::env::temp_dir().join(format!("forsyth-bom-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.fen"), dir.join("b.fen"));
    fs::write(&a, format!("{BOM}{START}\n")).unwrap();
    fs::write(&b, format!("{BOM}{START}\n")).unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let r = forsyth(&["validate", a, b], b"");
    assert_eq!(
        (r.code, r.stdout),
        (0, format!("{a}:1: ok\n{b}:1: ok\n")),
        "{}",
        r.stderr
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn epd_records_and_statements_skip_it() {
    // EPD: the operations kept as they are.
    let epd = "4k3/8/8/8/8/8/8/4K2R w K - id \"x\";";
    let r = forsyth(&["convert"], format!("{BOM}{epd}\n").as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, format!("{epd}\n").as_str()),
        "{}",
        r.stderr
    );
    let r = forsyth(&["validate"], format!("{BOM}{epd}\n").as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (0, "<stdin>:1: ok\n"));
    // A problem statement: White to move, no castling, clocks 0 1.
    let r = forsyth(
        &["convert"],
        format!("{BOM}(4k3/8/8/8/8/8/8/4K3) (1+1)\n").as_bytes(),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_position_read_from_standard_input_skips_it() {
    let input = format!("{BOM}{START}\n");
    // 20 moves from the start, 400 positions at depth 2.
    let r = forsyth(&["perft", "-", "2"], input.as_bytes());
    assert_eq!((r.code, r.stdout.trim()), (0, "400"), "{}", r.stderr);
    let r = forsyth(&["moves", "-"], input.as_bytes());
    assert_eq!((r.code, r.stdout.lines().count()), (0, 20), "{}", r.stderr);
    let r = forsyth(&["play", "-", "e4"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.trim()),
        (
            0,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        ),
        "{}",
        r.stderr
    );
    let r = forsyth(&["show", "-"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Chess960 start 0 (specs/chess960.md).
    let r = forsyth(
        &["index", "-"],
        format!("{BOM}bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR\n").as_bytes(),
    );
    assert_eq!((r.code, r.stdout.trim()), (0, "0"), "{}", r.stderr);
    // A mark alone on the first line: that line is blank.
    let r = forsyth(&["perft", "-", "1"], format!("{BOM}\n{START}\n").as_bytes());
    assert_eq!((r.code, r.stdout.trim()), (0, "20"), "{}", r.stderr);
}
