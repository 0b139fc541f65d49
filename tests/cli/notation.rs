//! `forsyth notation`, and `--notation` / `--letters` on the other
//! commands. Truths: the Evergreen game's published final position, the
//! Greek problem's three published forms, the PGN standard's
//! letters (German `S` knight, `D` queen).

use crate::util::{assert_contains, forsyth, forsyth_reading};

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
    // A printed game end closes the failed game as a result does: the
    // next game, without a blank line before it, is translated again.
    for end in [
        "3.B-B4 Resigns\n",
        "3.B-B4\nBlack resigns.\n",
        "3.B-B4 1-0\n",
    ] {
        let input = format!("1.P-K4 P-K4\n2.N-KB3 Q-R8\n{end}1.P-Q4 P-Q4\n");
        let r = forsyth(
            &["notation", "--from", "descriptive-en", "--to", "san"],
            input.as_bytes(),
        );
        assert_eq!(r.code, 1);
        assert_eq!(
            r.stdout,
            format!("1.e4 e5\n2.N-KB3 Q-R8\n{end}1.d4 d5\n"),
            "{end}"
        );
        assert_contains(&r.stderr, "<stdin>:2:9: move 2...: illegal move 'Q-R8'");
    }
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
    // `--fen` takes a position as every command does: `960:N` too. Start 0
    // is BBQNNRKR (specs/chess960.md): the knights stand on d1 and e1, and
    // only the d1 knight reaches e3.
    let r = forsyth(
        &["notation", "--from", "san", "--to", "lan", "--fen", "960:0"],
        b"1.Ne3 Nd6\n",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "1.Nd1-e3 Ne8-d6\n"),
        "{}",
        r.stderr
    );
    // An empty or blank `--fen` names no position: a usage error (exit 2,
    // the README), not a crash.
    for fen in ["", "  "] {
        let r = forsyth(
            &["notation", "--from", "san", "--to", "lan", "--fen", fen],
            b"1.e4\n",
        );
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{}", r.stderr);
        assert_contains(&r.stderr, "notation --fen needs a position");
    }
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
    // `auto`, as for convert: the letters that read the position, shown
    // back in those letters; English needs no extra line; no letters at
    // all is English's error.
    let r = forsyth(&["show", "--ascii", "--letters", "auto", GERMAN], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, &format!("German letters   {GERMAN}"));
    assert_contains(&r.stdout, &format!("X-FEN            {ENGLISH}"));
    let r = forsyth(&["show", "--ascii", "--letters", "auto", GREEK], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        "Greek letters    Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2 w - - 0 1",
    );
    let r = forsyth(&["show", "--ascii", "--letters", "auto", ENGLISH], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains(" letters "), "{}", r.stdout);
    let r = forsyth(&["show", "--letters", "auto", "X7/8/8/8/8/8/8/8 w"], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_contains(&r.stderr, "'X' is not a piece letter");
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

/// A printed score in `crates/forsyth/tests/data/evergreen/`.
fn evergreen(file: &str) -> String {
    let path = format!(
        "{}/../forsyth/tests/data/evergreen/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn descriptive_scores_translate_to_the_printed_algebraic() {
    let algebraic = evergreen("algebraic.txt");
    let r = forsyth(
        &["notation", "--from", "descriptive-en", "--to", "san"],
        evergreen("descriptive-en.txt").as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(words(&r.stdout), words(&algebraic));
    // The Spanish score leans on its missing check marker at 4...AxP
    // (the bishop could also take f2 with check): ambiguous by default,
    // read with --checks-marked (the score marks every check).
    let es = evergreen("descriptive-es.txt");
    let r = forsyth(
        &["notation", "--from", "descriptive-es", "--to", "san"],
        es.as_bytes(),
    );
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        "<stdin>:1:40: move 4...: ambiguous move 'AxP' for black (descriptive-es): ",
    );
    assert_contains(&r.stderr, "AxPC");
    let r = forsyth(
        &[
            "notation",
            "--from",
            "descriptive-es",
            "--to",
            "san",
            "--checks-marked",
        ],
        es.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(words(&r.stdout), words(&algebraic));
    // Back from SAN: forsyth's own English form, read again, is the game.
    let there = forsyth(
        &["notation", "--from", "san", "--to", "descriptive-fr"],
        algebraic.as_bytes(),
    );
    assert_eq!(there.code, 0, "{}", there.stderr);
    let back = forsyth(
        &["notation", "--from", "descriptive-fr", "--to", "san"],
        there.stdout.as_bytes(),
    );
    assert_eq!(back.stdout, algebraic);
}

#[test]
fn play_and_moves_take_descriptive_notation() {
    // 1.e4 e5 2.Nf3, written separately.
    let r = forsyth(
        &[
            "play",
            "startpos",
            "--notation",
            "descriptive-en",
            "P-K4",
            "P-K4",
            "N-KB3",
        ],
        b"",
    );
    assert_eq!(
        r.stdout, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n",
        "{}",
        r.stderr
    );
    let r = forsyth(
        &[
            "play",
            "startpos",
            "--notation",
            "descriptive-es",
            "P4R",
            "P4R",
            "C3AR",
        ],
        b"",
    );
    assert_contains(
        &r.stdout,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b",
    );
    // The 20 first moves: 16 pawn moves named by file and rank from
    // White's side, 4 knight moves.
    let r = forsyth(&["moves", "startpos", "--notation", "descriptive-en"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let moves = words(&r.stdout);
    assert_eq!(moves.len(), 20);
    for m in [
        "P-K4", "P-K3", "P-QR3", "P-KR4", "P-Q4", "N-QB3", "N-KB3", "N-QR3", "N-KR3",
    ] {
        assert!(moves.contains(&m), "{m}: {moves:?}");
    }
}

/// A rejected line in other letters is reported at the byte column of the
/// line as written: the castling field's `K`, found in the line itself,
/// comes after the two-byte Greek letters and the four-byte `Кр`.
#[test]
fn convert_reports_columns_of_the_line_as_written() {
    for (line, letters) in [
        ("R7/4k3/4N3/K2B4/8/8/8/5R2 w K - 0 1", "en"),
        ("Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2 w K - 0 1", "el"),
        ("T7/4k3/4S3/K2L4/8/8/8/5T2 w K - 0 1", "de"),
        ("Л7/4кр3/4К3/Кр2С4/8/8/8/5Л2 w K - 0 1", "ru"),
        ("Л7/4кр3/4К3/Кр2С4/8/8/8/5Л2 w K - 0 1", "auto"),
    ] {
        let r = forsyth(
            &["convert", "--letters", letters],
            format!("{line}\n").as_bytes(),
        );
        assert_eq!(r.code, 1, "{line}: {}", r.stderr);
        let column = line.find(" K ").unwrap() + 2;
        assert_contains(&r.stderr, &format!("<stdin>:1:{column}: castling: "));
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    }
}

#[test]
fn show_reads_the_problem_form() {
    let plain = forsyth(
        &["show", "--ascii", "R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1"],
        b"",
    );
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    for args in [
        vec!["show", "--ascii", "(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1)"],
        vec!["show", "--ascii", "(R7/4k3/4N3/K2B4/8/8/8/5R2)", "(5+1)"],
        vec!["show", "--ascii", "(R7/4k3/4N3/K2B4/8/8/8/5R2)"],
        vec![
            "show",
            "--ascii",
            "--letters",
            "el",
            "(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2)",
            "(5+1)",
        ],
        vec![
            "show",
            "--ascii",
            "--letters",
            "de",
            "(T7/4k3/4S3/K2L4/8/8/8/5T2) (5+1)",
        ],
    ] {
        let r = forsyth(&args, b"");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        // The Greek placement is then shown in Greek letters; the board
        // itself is the same.
        if args.contains(&"--letters") {
            continue;
        }
        assert_eq!(r.stdout, plain.stdout, "{args:?}");
    }
    let r = forsyth(&["show", "(R7/4k3/4N3/K2B4/8/8/8/5R2) (4+2)"], b"");
    assert_ne!(r.code, 0);
    assert_contains(&r.stderr, "(4+2)");
    assert_contains(&r.stderr, "(5+1)");
    // The other commands read it the same way.
    let r = forsyth(&["moves", "(R7/4k3/4N3/K2B4/8/8/8/5R2)", "(5+1)"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// `gen --format json --letters de`: every record's placement in German
/// letters (mapped here from the English one), the other fields as they
/// are.
#[test]
fn gen_json_honours_letters() {
    let english = forsyth(&["gen", "518", "--format", "json"], b"");
    let german = forsyth(&["gen", "518", "--format", "json", "--letters", "de"], b"");
    assert_eq!(german.code, 0, "{}", german.stderr);
    let english: serde_json::Value = serde_json::from_str(&english.stdout).unwrap();
    let german: serde_json::Value = serde_json::from_str(&german.stdout).unwrap();
    let to_german = |c: char| match c {
        'R' => 'T',
        'N' => 'S',
        'B' => 'L',
        'Q' => 'D',
        'r' => 't',
        'n' => 's',
        'b' => 'l',
        'q' => 'd',
        c => c,
    };
    for key in ["xfen", "shredder", "standard"] {
        let en = english["fen"][key].as_str().unwrap();
        let (placement, rest) = en.split_once(' ').unwrap();
        let expected = format!(
            "{} {rest}",
            placement.chars().map(to_german).collect::<String>()
        );
        assert_eq!(german["fen"][key].as_str().unwrap(), expected, "{key}");
    }
    assert_eq!(german["number"], english["number"]);
}

/// A famous game's published algebraic score, from
/// `crates/forsyth/tests/data/games/` (see its README).
fn game(file: &str) -> String {
    let path = format!(
        "{}/../forsyth/tests/data/games/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Movetext as books and files print it: move numbers with and without
/// their full stop, commas and semicolons between moves, a full stop
/// ending the sentence, one move a line in columns, CRLF line ends, a
/// byte order mark. Expected: the same text with each move in SAN (the
/// Opera game's opening, 1.e4 e5 2.Nf3 d6 3.d4 Bg4).
#[test]
fn descriptive_movetext_in_every_printed_layout() {
    for (input, expected) in [
        (
            "1 P-K4 P-K4 2 N-KB3 P-Q3 3 P-Q4 B-N5\n",
            "1 e4 e5 2 Nf3 d6 3 d4 Bg4\n",
        ),
        (
            "1.P-K4, P-K4; 2.N-KB3, P-Q3; 3.P-Q4, B-N5.\n",
            "1.e4, e5; 2.Nf3, d6; 3.d4, Bg4\n",
        ),
        (
            " 1 P-K4      P-K4\r\n 2 Kt-KB3    P-Q3\r\n 3 P-Q4      B-Kt5\r\n",
            " 1 e4      e5\r\n 2 Nf3    d6\r\n 3 d4      Bg4\r\n",
        ),
        (
            "\u{feff}1. P-K4 P-K4 2. N-KB3 {Morphy} 2... P-Q3 3. P - Q4 3. ... B-N5 *\n",
            "\u{feff}1. e4 e5 2. Nf3 {Morphy} 2... d6 3. d4 3. ... Bg4 *\n",
        ),
        (
            "1.P-K4 P-K4 2.N-KB3 P-Q3 (2...N-QB3 3.B-N5 $1) 3.P-Q4 B-N5 1-0\n",
            "1.e4 e5 2.Nf3 d6 (2...Nc6 3.Bb5 $1) 3.d4 Bg4 1-0\n",
        ),
    ] {
        let r = forsyth(
            &["notation", "--from", "descriptive-en", "--to", "san"],
            input.as_bytes(),
        );
        assert_eq!((r.code, r.stdout.as_str()), (0, expected), "{}", r.stderr);
    }
}

/// PGN tag pairs are copied; a `[FEN]` tag sets the position its game
/// starts from (here Black to move after 1.e4), the next game starts from
/// the start position again.
#[test]
fn tag_pairs_are_kept_and_a_fen_tag_starts_its_game() {
    let input = "[Event \"one\"]\n\
        [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\
        \n\
        1...P-K4 2.N-KB3 1-0\n\
        \n\
        [Event \"two\"]\n\
        \n\
        1.P-K4 P-K4 *\n";
    let r = forsyth(
        &["notation", "--from", "descriptive-en", "--to", "san"],
        input.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let expected = "[Event \"one\"]\n\
        [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\
        \n\
        1...e5 2.Nf3 1-0\n\
        \n\
        [Event \"two\"]\n\
        \n\
        1.e4 e5 *\n";
    assert_eq!(r.stdout, expected);
    // A game whose first move fails: the next game starts from the start
    // position, not from the failed game's tag.
    let input = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\
        \n\
        1.R-R9\n\
        \n\
        [Event \"two\"]\n\
        \n\
        1.P-K4 P-K4 *\n";
    let r = forsyth(
        &["notation", "--from", "descriptive-en", "--to", "san"],
        input.as_bytes(),
    );
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, input.replace("1.P-K4 P-K4", "1.e4 e5"));
    assert_contains(
        &r.stderr,
        "<stdin>:3:3: move 1.: 'R-R9' is not a descriptive-en move",
    );
}

/// A move numbered for the other side is an error naming both, not a move
/// read for the side to move (Black's `P-K4` is e5, White's e4).
#[test]
fn a_move_numbered_for_the_other_side_is_an_error() {
    let r = forsyth(
        &["notation", "--from", "descriptive-en", "--to", "san"],
        b"1...P-K4\n",
    );
    assert_eq!((r.code, r.stdout.as_str()), (1, "1...P-K4\n"));
    assert_contains(
        &r.stderr,
        "<stdin>:1:5: move 1.: 'P-K4' is numbered as black's move, but white is to move",
    );
    let r = forsyth(
        &["notation", "--from", "san", "--to", "lan"],
        b"1.e4 2.d4\n",
    );
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "move 1...: 'd4' is numbered as white's move");
}

/// Every notation `notation --help` names carries the Opera game there
/// and back.
#[test]
fn every_notation_named_in_the_help_round_trips_a_game() {
    let help = forsyth(&["notation", "--help"], b"").stdout;
    let mut names: Vec<String> = help
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| {
            w.starts_with("san-") && w.len() == 6
                || w.starts_with("descriptive-")
                || matches!(*w, "san" | "figurine" | "lan" | "uci")
        })
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    // The help's list: SAN in 19 languages, 3 descriptive, 3 others.
    assert_eq!(names.len(), 25, "{names:?}");
    let score = game("opera.san.txt");
    for name in &names {
        let there = forsyth(
            &["notation", "--from", "san", "--to", name],
            score.as_bytes(),
        );
        assert_eq!(there.code, 0, "{name}: {}", there.stderr);
        let back = forsyth(
            &["notation", "--from", name, "--to", "san"],
            there.stdout.as_bytes(),
        );
        assert_eq!(
            (back.code, back.stdout.as_str()),
            (0, score.as_str()),
            "{name}: {}",
            back.stderr
        );
    }
}

/// `play --notation`: a descriptive move may span words on the command
/// line (`BxN ch` as two words, `P - K4` as three), with move numbers;
/// the position reached is the one the same moves in SAN reach.
#[test]
fn play_reads_descriptive_moves_spanning_words() {
    let san = forsyth(
        &[
            "play", "startpos", "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Ng5", "Nh6", "Nxf7",
            "Nxf7", "Bxf7+", "Ke7", "Bb3",
        ],
        b"",
    );
    assert_eq!(san.code, 0, "{}", san.stderr);
    let descriptive = forsyth(
        &[
            "play",
            "startpos",
            "--notation",
            "descriptive-en",
            "1.",
            "P",
            "-",
            "K4",
            "P-K4",
            "2",
            "N-KB3",
            "N-QB3",
            "3.B-B4",
            "B-B4",
            "4.N-N5",
            "N-R3,",
            "5.NxBP",
            "!?",
            "NxN",
            "6.BxN",
            "ch",
            "6...",
            "K-K2",
            "7.B-N3",
        ],
        b"",
    );
    assert_eq!(
        (descriptive.code, descriptive.stdout.as_str()),
        (0, san.stdout.as_str()),
        "{}",
        descriptive.stderr
    );
    // Spanish and French: mate `++` as its own word.
    let r = forsyth(
        &[
            "play",
            "startpos",
            "--notation",
            "descriptive-fr",
            "P4R",
            "P4R",
            "D5T",
            "C3FD",
            "F4F",
            "C3F",
            "DxP",
            "++",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "checkmate");
}

/// `moves --notation descriptive-fr` from the start: the 16 pawn moves
/// and 4 knight moves, each named as the French writing rule says (a file
/// alone where one pawn or knight reaches it; `TD`/`TR`, `FD`/`FR` where
/// two squares of the same name are reachable).
#[test]
fn moves_in_french_descriptive() {
    let r = forsyth(&["moves", "startpos", "--notation", "descriptive-fr"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut got = words(&r.stdout);
    got.sort();
    let mut expected = vec![
        "P3TD", "P4TD", "P3CD", "P4CD", "P3FD", "P4FD", "P3D", "P4D", "P3R", "P4R", "P3FR", "P4FR",
        "P3CR", "P4CR", "P3TR", "P4TR", "C3TD", "C3FD", "C3FR", "C3TR",
    ];
    expected.sort();
    assert_eq!(got, expected);
}

/// Descriptive castling in Chess960 by the side the king goes to, from
/// UCI king-takes-rook: king g1 and rook h1 (the king stays, `O-O`), king
/// g1 and rook f1 (the king goes to c1, `O-O-O`), and back.
#[test]
fn chess960_castling_in_descriptive_notation() {
    for (fen, uci, written) in [
        ("6k1/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", "O-O"),
        ("6k1/8/8/8/8/8/8/5RK1 w F - 0 1", "g1f1", "O-O-O"),
        ("1k6/8/8/8/8/8/8/RK5R w AH - 0 1", "b1a1", "O-O-O"),
    ] {
        let there = forsyth(
            &[
                "notation",
                "--from",
                "uci",
                "--to",
                "descriptive-en",
                "--fen",
                fen,
            ],
            format!("{uci}\n").as_bytes(),
        );
        assert_eq!(
            (there.code, there.stdout.as_str()),
            (0, format!("{written}\n").as_str()),
            "{fen}: {}",
            there.stderr
        );
        let back = forsyth(
            &[
                "notation",
                "--from",
                "descriptive-es",
                "--to",
                "uci",
                "--fen",
                fen,
            ],
            format!("{written}\n").as_bytes(),
        );
        assert_eq!(back.stdout, format!("{uci}\n"), "{fen}: {}", back.stderr);
    }
}

/// `convert --letters auto` on a problem statement whose count is wrong
/// names both counts, whichever letters the placement is in.
#[test]
fn a_wrong_count_names_both_numbers_in_any_letters() {
    for (line, letters) in [
        ("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (4+1)", "auto"),
        ("(T7/4k3/4S3/K2L4/8/8/8/5T2) (4+1)", "auto"),
        ("(R7/4k3/4N3/K2B4/8/8/8/5R2) (4+1)", "de"),
        ("(T7/4k3/4S3/K2L4/8/8/8/5T2) (4+1)", "de"),
    ] {
        let r = forsyth(
            &["convert", "--letters", letters],
            format!("{line}\n").as_bytes(),
        );
        assert_eq!(r.code, 1, "{line}");
        assert_contains(
            &r.stderr,
            "piece count: (4+1) stated, but the placement has 5 white and 1 black (5+1)",
        );
    }
}

/// Promotions and en passant in descriptive notation, written by hand
/// from the writing rule: the promoted piece in parentheses after the
/// move, the check marker last; an en passant capture is `PxP` (the
/// position says it), and reads back with or without `e.p.`.
#[test]
fn descriptive_promotions_and_en_passant() {
    let promote = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let passant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    for (fen, san, en, es) in [
        (promote, "exd8=Q+", "PxR(Q) ch", "PxT(D)+"),
        (promote, "e8=Q+", "P-K8(Q) ch", "P8R(D)+"),
        (promote, "e8=N", "P-K8(N)", "P8R(C)"),
        (passant, "exd6", "PxP", "PxP"),
    ] {
        for (to, written) in [
            ("descriptive-en", en),
            ("descriptive-es", es),
            ("descriptive-fr", es),
        ] {
            let r = forsyth(
                &["notation", "--from", "san", "--to", to, "--fen", fen],
                format!("{san}\n").as_bytes(),
            );
            assert_eq!(
                (r.code, r.stdout.as_str()),
                (0, format!("{written}\n").as_str()),
                "{san} {to}: {}",
                r.stderr
            );
            let back = forsyth(
                &["notation", "--from", to, "--to", "san", "--fen", fen],
                format!("{written}\n").as_bytes(),
            );
            assert_eq!(
                back.stdout,
                format!("{san}\n"),
                "{written}: {}",
                back.stderr
            );
        }
    }
    let r = forsyth(
        &[
            "notation",
            "--from",
            "descriptive-en",
            "--to",
            "uci",
            "--fen",
            passant,
        ],
        b"PxP e.p.\n",
    );
    // `e.p.` is part of the descriptive move, like its check marker: the
    // notation written says what it says.
    assert_eq!(r.stdout, "e5d6\n");
}

/// A placement in `--letters` that neither English nor that language reads
/// is refused with the language's fault, placed in the text as written
/// (column counted by hand: `(` then `T7/4k3/4S3/K2L4/8/8/` is 21 bytes,
/// so the `X` is column 22), not as an English error about the `T`.
#[test]
fn show_refuses_a_bad_placement_in_its_own_letters() {
    let r = forsyth(
        &[
            "show",
            "--letters",
            "de",
            "(T7/4k3/4S3/K2L4/8/8/X/5T2) (5+1)",
        ],
        b"",
    );
    assert_ne!(r.code, 0);
    assert_contains(&r.stderr, "col 22: placement: 'X'");
    assert!(!r.stderr.contains("'T'"), "{}", r.stderr);
}

/// `notation` and `play --notation` refuse an illegal move with the reason
/// `play` gives: castling blocked by the bishop on f1 in the start
/// position, in every notation that writes it.
#[test]
fn an_illegal_move_has_the_same_reason_everywhere() {
    let r = forsyth(&["play", "startpos", "O-O"], b"");
    assert_eq!(r.code, 1);
    let reason = "king side castling is blocked by the piece on f1";
    assert_contains(&r.stderr, &format!("{reason} (castling_blocked)"));
    for (from, text) in [
        ("san", "O-O"),
        ("lan", "O-O"),
        ("uci", "e1g1"),
        ("descriptive-en", "Castles"),
        ("descriptive-fr", "petit roque"),
    ] {
        let r = forsyth(
            &["notation", "--from", from, "--to", "san"],
            format!("1.{text}\n").as_bytes(),
        );
        assert_eq!(r.code, 1, "{from}");
        assert_contains(
            &r.stderr,
            &format!("<stdin>:1:3: move 1.: illegal move '{text}' for white ({from}): {reason}"),
        );
        let r = forsyth(&["play", "startpos", "--notation", from, text], b"");
        assert_eq!(r.code, 1, "{from}");
        assert_contains(&r.stderr, &format!("{reason} (castling_blocked)"));
    }
}

/// An ambiguous descriptive move that `--checks-marked` would settle says
/// so; the rest of its game is copied as it is and the next game is
/// translated. With the flag, the game translates: 4...BxP is the
/// Evergreen game's 4...Bxb4 (the other capture, on f2, checks).
#[test]
fn an_ambiguous_descriptive_move_names_checks_marked() {
    let input = "1.P-K4 P-K4 2.N-KB3 N-QB3 3.B-B4 B-B4 4.P-QN4 BxP 5.P-B3 B-R4\n\
        6.P-Q4 PxP 1-0\n\n1.P-Q4 P-Q4 *\n";
    let args = ["notation", "--from", "descriptive-en", "--to", "san"];
    let r = forsyth(&args, input.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "1.P-K4 P-K4 2.N-KB3 N-QB3 3.B-B4 B-B4 4.P-QN4 BxP 5.P-B3 B-R4\n\
        6.P-Q4 PxP 1-0\n\n1.d4 d5 *\n"
    );
    assert_contains(
        &r.stderr,
        "<stdin>:1:47: move 4...: ambiguous move 'BxP' for black (descriptive-en): BxBP ch or \
        BxNP; BxNP if the text marks every check (--checks-marked)",
    );
    let mut args = args.to_vec();
    args.push("--checks-marked");
    let r = forsyth(&args, input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4 Bxb4 5.c3 Ba5\n6.d4 exd4 1-0\n\n1.d4 d5 *\n"
        ),
        "{}",
        r.stderr
    );
    // Ambiguous whatever the markers: exd5 or cxd5, neither a check.
    let r = forsyth(
        &["notation", "--from", "descriptive-en", "--to", "san"],
        b"1.P-K4 P-Q4 2.P-QB4 N-KB3 3.PxP\n",
    );
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "ambiguous move 'PxP'");
    assert!(!r.stderr.contains("--checks-marked"), "{}", r.stderr);
}

/// A printed check or mate marker that the move does not earn is a
/// warning, placed as errors are; the move is translated and the exit
/// status stays 0. 2.Q-R5 after 1.P-K4 P-KB4 checks, but g6 answers it.
#[test]
fn a_false_check_or_mate_marker_warns() {
    let r = forsyth(
        &["notation", "--from", "descriptive-en", "--to", "san"],
        b"1.P-K4 P-KB4\n2.Q-R5 mate P-KN3\n3.N-KB3 ch\n",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "1.e4 f5\n2.Qh5+ g6\n3.Nf3\n")
    );
    assert_eq!(
        r.stderr,
        "<stdin>:2:3: move 2.: warning: check_marker_contradicted: 'Q-R5 mate' is marked mate, \
        but the move only gives check\n\
        <stdin>:3:3: move 3.: warning: check_marker_contradicted: 'N-KB3 ch' is marked check, \
        but the move gives no check\n"
    );
    let r = forsyth(
        &[
            "play",
            "startpos",
            "--notation",
            "descriptive-es",
            "P4R P4AR D5T++",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stderr,
        "move 3 (D5T++): warning: check_marker_contradicted: 'D5T++' is marked mate, but the \
        move only gives check",
    );
}

/// A movetext that is not all UTF-8 (a Latin-1 comment, a stray byte):
/// what is kept as it is (comments, and a failed line with the rest of its
/// game) is written byte for byte as read, and a fault's column counts the
/// bytes of the line as written.
#[test]
fn bytes_that_are_not_utf8_are_copied_as_read() {
    let run = |input: &[u8]| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_forsyth"))
            .args(["notation", "--from", "san", "--to", "lan"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input).unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        (out.status.code(), out.stdout, stderr)
    };
    let (code, stdout, stderr) = run(b"1.e4 {tr\xe8s bien} e5 {\xef\xbf\xbd\xff} 2.Nf3 *\n");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stdout,
        b"1.e2-e4 {tr\xe8s bien} e7-e5 {\xef\xbf\xbd\xff} 2.Ng1-f3 *\n"
    );
    // Nf9 starts at byte 19 of its line, the two Latin-1 bytes counted
    // one each.
    let input = b"1.e4 {caf\xe9\xe9} e5 2.Nf9 Nc6\n3.Bb5 \xa0 *\n\n1.d4 *\n";
    let (code, stdout, stderr) = run(input);
    assert_eq!(code, Some(1));
    assert_eq!(
        stdout,
        b"1.e4 {caf\xe9\xe9} e5 2.Nf9 Nc6\n3.Bb5 \xa0 *\n\n1.d2-d4 *\n"
    );
    assert_contains(&stderr, "<stdin>:1:19: move 2.: ");
}

/// Standard input that cannot be read (a directory) is named in the I/O
/// error, as a file is: `forsyth: <stdin>: ...`, exit 2.
#[cfg(target_os = "linux")]
#[test]
fn standard_input_that_cannot_be_read_is_named() {
    let r = forsyth_reading(
        &["notation", "--from", "san", "--to", "lan"],
        &std::env::temp_dir(),
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.starts_with("forsyth: <stdin>: "), "{}", r.stderr);
}
