//! `forsyth show`.

use crate::util::{assert_contains, forsyth};

#[test]
fn shows_diagram_fields_and_encodings() {
    let r = forsyth(
        &[
            "show",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR",
            "w",
            "HFhf",
            "-",
            "2",
            "9",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("1 | B Q . B N R K R |"));
    assert!(r.stdout.contains("8 | b q n b . r k r |"));
    assert!(r
        .stdout
        .contains("O-O with the rook on h1, O-O-O with the rook on f1"));
    assert!(r.stdout.contains("variant          chess960"));
    assert!(r.stdout.contains(
        "Shredder-FEN     bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w FHfh - 2 9"
    ));
    assert!(r.stdout.contains("standard FEN     (cannot:"));
}

#[test]
fn bad_fen_gets_a_caret() {
    let r = forsyth(&["show", "8/8/8/8/8/8/8/8 w X -"], b"");
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        "  8/8/8/8/8/8/8/8 w X -\n                    ^\n  col 19: castling:",
    );
}

/// Positions whose lines run long: Chess960 castling spelled out, a
/// standard FEN that cannot be written, an en-passant square with no
/// capture, problems with their messages, another alphabet; each with
/// the end of its longest line.
const LONG: [(&[&str], &str); 4] = [
    (
        &[
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "--letters",
            "ru",
        ],
        "not e1; use X-FEN or Shredder-FEN)",
    ),
    (
        &["rk2r3/pppppppp/8/8/3P4/8/PPP1PPPP/RK2R3 b KQkq d3 0 1"],
        "writers drop it unless --ep says otherwise)",
    ),
    (
        &["8/8/8/8/8/8/8/8 w KQkq e3 0 1"],
        "the en-passant square e3 is not on rank 6, as white is to move",
    ),
    (
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "--letters",
            "el",
        ],
        "Greek letters",
    ),
];

/// The words of `text`, its layout aside.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn no_line_is_wider_than_100_columns_off_a_terminal() {
    for (args, end) in LONG {
        let r = forsyth(&[&["show"], args].concat(), b"");
        for line in r.stdout.lines() {
            assert!(line.chars().count() <= 100, "{args:?}: {line}");
        }
        // Nothing said is lost.
        assert_contains(&words(&r.stdout).join(" "), end);
    }
}

#[test]
fn no_line_is_wider_than_the_terminal() {
    let exe = env!("CARGO_BIN_EXE_forsyth");
    for (args, _) in LONG {
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let script = format!(
            "stty cols 60 rows 50; {exe} show --ascii --color never {}",
            quoted.join(" ")
        );
        let out = std::process::Command::new("script")
            .args(["-qec", &script, "/dev/null"])
            .env("TERM", "xterm")
            .output()
            .expect("util-linux script runs");
        let seen = String::from_utf8_lossy(&out.stdout).replace('\r', "");
        assert!(seen.contains("side to move"), "{seen}");
        for line in seen.lines() {
            assert!(line.chars().count() <= 60, "{args:?}: {line}");
        }
        // The same words as off a terminal, only placed on more lines.
        let piped = forsyth(&[&["show"], args].concat(), b"");
        assert_eq!(words(&seen), words(&piped.stdout), "{args:?}");
    }
}
