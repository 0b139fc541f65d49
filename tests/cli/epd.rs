//! `forsyth convert` on EPD records (`specs/pgn.md` section 3.1): the
//! pgn-extract line it refused with a halfmove-clock error converts, the
//! operations are kept, a bad `bm`/`am`/`pv` move rejects its line at the
//! move's column (counted by hand), every other line still converted.

use crate::util::forsyth;

#[test]
fn epd_lines_convert_with_their_operations() {
    let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"A v B\"; c1 \"*\";\n\
        1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - bm e1g1; id \"960\"; hmvc 3;\n\
        4k3/8/8/8/8/8/8/4K2R w K - bm Kd9;\n\
        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let r = forsyth(&["convert", "--castling", "shredder"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - c0 \"A v B\"; c1 \"*\";\n\
         1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w BGbg - bm O-O; id \"960\"; hmvc 3;\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1\n"
    );
    // Line 3: the placement is 20 bytes, " w K - bm " 10 more: Kd9 at
    // offset 30, column 31.
    assert!(
        r.stderr
            .starts_with("<stdin>:3:31: operation bm: invalid_move: 'Kd9'"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1);
}

#[test]
fn epd_position_faults_are_reported_as_for_fen() {
    let r = forsyth(&["convert"], b"4k3/8/8/8/8/8/8/4K3 w K - id \"x\";\n");
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert!(
        r.stderr.starts_with("<stdin>:1:23: castling: "),
        "{}",
        r.stderr
    );
}

/// `pgn fens --epd` still writes EPD, which `convert` reads back.
#[test]
fn pgn_fens_epd_converts() {
    let fens = forsyth(&["pgn", "fens", "--epd"], b"1. e4 e5 *\n");
    assert_eq!(fens.code, 0);
    let r = forsyth(
        &["convert", "--castling", "shredder"],
        fens.stdout.as_bytes(),
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(
        r.stdout.lines().nth(1).unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah - id \"1.1\";"
    );
}

/// `validate` judges an EPD record as `convert` reads it: the position
/// with every problem at once, then the operations (a move that is not
/// legal there is a problem at its column, counted by hand); `--repair`
/// keeps an EPD line as it is, and says so when it is not valid.
#[test]
fn validate_judges_epd_records() {
    let input = "4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"castles\";\n\
        4k3/8/8/8/8/8/8/4K2R w K - bm Nf3;\n\
        4k3/8/8/8/8/8/8/4K2K w - - id \"two kings\";\n";
    let r = forsyth(&["validate"], input.as_bytes());
    assert_eq!(r.code, 1, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "<stdin>:1: ok");
    // Line 2: the placement is 20 bytes, " w K - bm " 10 more: Nf3 at column 31.
    assert!(
        lines[1].starts_with("<stdin>:2:31: operation bm: unreachable: "),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("<stdin>:3:1: placement: too_many_kings: "),
        "{}",
        lines[2]
    );
    assert_eq!(lines.len(), 3);

    let r = forsyth(&["validate", "--repair"], input.as_bytes());
    assert_eq!(r.stdout, input, "EPD lines are kept as they are");
    // Line 1 is valid: nothing to say about it.
    assert_eq!(r.stderr.matches("epd_not_repaired").count(), 2);
    assert!(!r.stderr.contains("<stdin>:1:"), "{}", r.stderr);
    assert_eq!(r.code, 1);
}

/// `validate` reads an EPD record's clocks from `hmvc` and `fmvn`, as
/// `convert` does, and places every fault in the line as written (columns
/// counted by hand).
#[test]
fn validate_judges_epd_clocks_and_columns_as_convert_reads_them() {
    // A pawn just moved (e3), so the halfmove clock must be 0, not 3:
    // convert refuses the record, validate does too. The placement is 21
    // bytes, " b - " 5 more: e3 at column 27, `hmvc` at 30.
    let input = "4k3/8/8/8/4P3/8/8/4K3 b - e3 hmvc 3;\n";
    let r = forsyth(&["convert"], input.as_bytes());
    assert_eq!(r.code, 1);
    let r = forsyth(&["validate"], input.as_bytes());
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines[0].starts_with("<stdin>:1:27: en passant: en_passant_halfmove_clock: "),
        "{}",
        r.stdout
    );
    assert!(
        lines[1].starts_with("<stdin>:1:30: halfmove clock: warning: halfmove_clock_too_large: "),
        "{}",
        r.stdout
    );
    // Two spaces before the record: the `K` is at column 25 (19 bytes of
    // placement, " w ", the two spaces), in validate and convert alike.
    let input = "  4k3/8/8/8/8/8/8/4K3 w K - id \"x\";\n";
    let r = forsyth(&["validate"], input.as_bytes());
    assert!(
        r.stdout
            .starts_with("<stdin>:1:25: castling: castling_rook_missing: "),
        "{}",
        r.stdout
    );
    let r = forsyth(&["convert"], input.as_bytes());
    assert!(
        r.stderr.starts_with("<stdin>:1:25: castling: "),
        "{}",
        r.stderr
    );
    // fmvn 0 is no fullmove number: convert's bad_clock, at its operand
    // (19 bytes of placement, " w - - fmvn ": column 32).
    let r = forsyth(&["validate"], b"4k3/8/8/8/8/8/8/4K3 w - - fmvn 0;\n");
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .starts_with("<stdin>:1:32: operation fmvn: bad_clock: "),
        "{}",
        r.stdout
    );
}
