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
