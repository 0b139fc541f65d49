//! `forsyth notation`, and `--notation` / `--letters` on the other
//! commands. Truths: the Evergreen game's published final position (issue
//! 10), the Greek problem's three published forms, the PGN standard's
//! letters (German `S` knight, `D` queen).

use crate::util::{assert_contains, forsyth};

const EVERGREEN: &str = "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4 Bxb4 5.c3 Ba5 6.d4 exd4 7.O-O d3 \
    8.Qb3 Qf6 9.e5 Qg6 10.Re1 Nge7 11.Ba3 b5 12.Qxb5 Rb8 13.Qa4 Bb6 14.Nbd2 Bb7 15.Ne4 Qf5 \
    16.Bxd3 Qh5 17.Nf6+ gxf6 18.exf6 Rg8 19.Rad1 Qxf3 20.Rxe7+ Nxe7 21.Qxd7+ Kxd7 22.Bf5+ Ke8 \
    23.Bd7+ Kf8 24.Bxe7# 1-0\n";

#[test]
fn translates_the_evergreen_to_uci_and_plays_it_to_the_published_mate() {
    let r = forsyth(
        &["notation", "--from", "san", "--to", "uci"],
        EVERGREEN.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("1.e2e4 e7e5 2.g1f3 b8c6"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.ends_with("24.a3e7 1-0\n"), "{}", r.stdout);
    // The UCI text, played, reaches the published final position.
    let mut args = vec![
        "play",
        "startpos",
        "--notation",
        "uci",
        "--castling",
        "standard",
    ];
    let moves: Vec<&str> = r
        .stdout
        .split_whitespace()
        .map(|w| w.rsplit('.').next().unwrap())
        .filter(|w| !w.is_empty() && *w != "1-0")
        .collect();
    args.extend(moves);
    let played = forsyth(&args, b"");
    assert_eq!(
        played.stdout, "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24\n",
        "{}",
        played.stderr
    );
    assert_contains(&played.stderr, "checkmate");
}

#[test]
fn keeps_comments_variations_nags_and_results() {
    let input = "1.e4 e5 2.Nf3 {main} Nc6 (2...d6 3.d4) 3.Bb5 $1 a6!? *\n";
    let r = forsyth(
        &["notation", "--from", "san", "--to", "san-de"],
        input.as_bytes(),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "1.e4 e5 2.Sf3 {main} Sc6 (2...d6 3.d4) 3.Lb5 $1 a6!? *\n"
        )
    );
}

#[test]
fn reports_a_bad_move_and_keeps_every_other_line() {
    let input = "1.e4 e5 2.Ke3 Nc6\n3.Nf3 *\n\n1.d4 Nf6\n";
    let r = forsyth(
        &["notation", "--from", "san", "--to", "figurine"],
        input.as_bytes(),
    );
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "1.e4 e5 2.Ke3 Nc6\n3.Nf3 *\n\n1.d4 ♘f6\n");
    assert_contains(
        &r.stderr,
        "<stdin>:1:11: move 2.: illegal move 'Ke3' for white (san)",
    );
    // An ambiguous move names its candidates.
    let r = forsyth(
        &[
            "notation",
            "--from",
            "san",
            "--to",
            "lan",
            "--fen",
            "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
        ],
        b"1.Nd2\n",
    );
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        "ambiguous move 'Nd2' for white (san): Nbd2 or Nfd2",
    );
    // An unknown notation is a usage error.
    let r = forsyth(&["notation", "--from", "san-xx", "--to", "san"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "'san-xx' is not a notation");
}

const GREEK: &str = "(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1)";
const GERMAN: &str = "T7/4k3/4S3/K2L4/8/8/8/5T2 w - - 0 1";
const ENGLISH: &str = "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1";

#[test]
fn convert_reads_and_writes_problemist_placements() {
    let input = format!("{GREEK}\n{GERMAN}\n{ENGLISH}\n");
    let r = forsyth(&["convert", "--letters", "auto"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, format!("{ENGLISH}\n{ENGLISH}\n{ENGLISH}\n").as_str()),
        "{}",
        r.stderr
    );
    // With a language: English and that language read, that language
    // written; the Greek line is not German.
    let r = forsyth(&["convert", "--letters", "de"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (1, format!("{GERMAN}\n{GERMAN}\n").as_str())
    );
    assert_contains(&r.stderr, "<stdin>:1:2: problem: placement:");
    let r = forsyth(&["convert", "--letters", "el"], ENGLISH.as_bytes());
    assert_eq!(r.stdout, "Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2 w - - 0 1\n");
    // A count that disagrees names both.
    let r = forsyth(&["convert"], b"(R7/4k3/8/K7/8/8/8/8) (3+1)\n");
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        "(3+1) stated, but the placement has 2 white and 1 black (2+1)",
    );
}

#[test]
fn gen_show_moves_and_play_take_letters_and_notations() {
    let r = forsyth(&["gen", "518", "--letters", "de"], b"");
    assert_eq!(
        r.stdout,
        "tsldklst/pppppppp/8/8/8/8/PPPPPPPP/TSLDKLST w KQkq - 0 1\n"
    );
    let r = forsyth(&["show", "--ascii", "--letters", "de", GERMAN], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, &format!("German letters   {GERMAN}"));
    assert_contains(&r.stdout, &format!("X-FEN            {ENGLISH}"));
    let r = forsyth(&["moves", "startpos", "--notation", "lan"], b"");
    assert!(r.stdout.lines().any(|l| l == "Ng1-f3"), "{}", r.stdout);
    assert_eq!(r.stdout.lines().count(), 20);
    let r = forsyth(
        &[
            "play",
            "startpos",
            "--notation",
            "san-de",
            "e4",
            "e5",
            "Sf3",
        ],
        b"",
    );
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
    );
    // With --notation, only that notation is read.
    let r = forsyth(&["play", "startpos", "--notation", "san-de", "Nf3"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "move 1 (Nf3)");
}
