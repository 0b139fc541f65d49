//! Every command on the 10x8 board: Capablanca chess, Gothic chess and
//! Capablanca Random Chess. Facts from Fairy-Stockfish 11.1 (Debian
//! fairy-stockfish 11.1-1+b1; `UCI_Variant` capablanca, gothic, or
//! caparandom with `UCI_Chess960` true; `position fen ... moves ...`, `d`,
//! `go perft N`), from the published perft counts, and from the definitions
//! of specs/crc.md and specs/fen.md.

use crate::util::{assert_contains, forsyth, spec};

const CAPABLANCA: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
const GOTHIC: &str = "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1";
/// The Gothic test position (published: 7,917,813 at depth 4); depth 3
/// from Fairy-Stockfish: 143,032.
const GOTHIC_TEST: &str =
    "r1b1c2rk1/p4a1ppp/1ppq2pn2/3p1p4/3A1Pn3/1PN3PN2/P1PQP1BPPP/3RC2RK1 w - - 0 1";
const CASTLES: &str = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";

/// The records of `crates/forsyth/tests/data/capablanca.fen` with
/// Fairy-Stockfish's moves: (variant, record, sorted UCI moves).
fn recorded() -> Vec<(String, String, Vec<String>)> {
    let path = format!(
        "{}/../forsyth/tests/data/capablanca.fen",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let p: Vec<&str> = l.split(" | ").collect();
            (
                p[0].to_owned(),
                p[1].to_owned(),
                p[3].split(' ').map(str::to_owned).collect(),
            )
        })
        .collect()
}

#[test]
fn perft_matches_published_and_peer_counts() {
    let r = forsyth(&["perft", CAPABLANCA, "3"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "25228\n"), "{}", r.stderr);
    let r = forsyth(&["perft", "gothic", "3"], b"");
    assert_eq!(r.stdout, "25283\n");
    let r = forsyth(&["perft", "--variant", "gothic", GOTHIC_TEST, "3"], b"");
    assert_eq!(r.stdout, "143032\n");
    // One record a line on standard input.
    let input = format!("{CAPABLANCA}\n\n{GOTHIC}\n");
    let r = forsyth(
        &["perft", "--variant", "capablanca", "-", "2"],
        input.as_bytes(),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "784\n784\n"),
        "{}",
        r.stderr
    );
    // A bad line is named by line and column; the others are still counted.
    let input = format!("{CAPABLANCA}\nr4k3r/10/10/10/10/10/10/R4K3R w KQXq - 0 1\n");
    let r = forsyth(
        &["perft", "--variant", "capablanca", "-", "1"],
        input.as_bytes(),
    );
    assert_eq!((r.code, r.stdout.as_str()), (1, "28\n"));
    assert_contains(&r.stderr, "<stdin>:2:35: castling: 'X' is not K, Q, k, q");
}

/// `moves` in the variant's UCI convention is Fairy-Stockfish's list, and
/// `perft --divide` has one row per move of it.
#[test]
fn moves_and_divide_match_fairy_stockfish() {
    for (i, (variant, record, peer)) in recorded().into_iter().enumerate() {
        let r = forsyth(&["moves", "--variant", &variant, &record], b"");
        assert_eq!(r.code, 0, "{record}: {}", r.stderr);
        let mut ours: Vec<&str> = r.stdout.lines().collect();
        ours.sort_unstable();
        assert_eq!(ours, peer, "{record}");
        if i % 20 == 0 {
            let r = forsyth(
                &["perft", "--divide", "--variant", &variant, &record, "1"],
                b"",
            );
            let keys: Vec<&str> = r
                .stdout
                .lines()
                .take_while(|l| !l.is_empty())
                .map(|l| l.split(": ").next().unwrap())
                .collect();
            assert_eq!(keys, peer, "{record}");
            assert_eq!(
                r.stdout.lines().last(),
                Some(peer.len().to_string().as_str())
            );
        }
    }
}

#[test]
fn moves_in_both_uci_castling_conventions_and_san() {
    // Capablanca chess: the king to its destination, i1 and c1.
    let r = forsyth(&["moves", CASTLES], b"");
    assert!(r.stdout.lines().any(|l| l == "f1i1") && r.stdout.lines().any(|l| l == "f1c1"));
    let r = forsyth(&["moves", "--uci-castling", "chess960", CASTLES], b"");
    assert!(r.stdout.lines().any(|l| l == "f1j1") && r.stdout.lines().any(|l| l == "f1a1"));
    // CRC: king takes rook by default.
    let r = forsyth(&["moves", "--variant", "crc", CASTLES], b"");
    assert!(r.stdout.lines().any(|l| l == "f1j1"), "{}", r.stdout);
    let r = forsyth(&["moves", "--format", "san", "capablanca"], b"");
    let san: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(san.len(), 28);
    for m in ["Ab3", "Ad3", "Cg3", "Ci3", "Nh3", "j4"] {
        assert!(san.contains(&m), "{m} in {san:?}");
    }
    let r = forsyth(&["moves", "--notation", "lan", "gothic"], b"");
    assert!(r.stdout.lines().any(|l| l == "Ai1-h3") || r.stdout.lines().any(|l| l == "Ni1-h3"));
}

/// `play` ends where Fairy-Stockfish ends after the same moves (its `d`).
#[test]
fn play_ends_where_fairy_stockfish_does() {
    // position fen CAPABLANCA moves e2e4 e7e5 i1h3 i8h6 h1i3 h8i6
    let r = forsyth(
        &["play", "capablanca", "e4", "e5", "Nh3", "Nh6", "Ci3", "Ci6"],
        b"",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "rnabqkb2r/pppp1ppppp/7nc1/4p5/4P5/7NC1/PPPP1PPPPP/RNABQKB2R w KQkq - 4 4\n"
        ),
        "{}",
        r.stderr
    );
    // position fen CASTLES moves f1i1 f8c8 (capablanca), and the same
    // castlings as king takes rook under caparandom (f1j1 f8a8).
    let after = "2kr5r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 w - - 2 2\n";
    let r = forsyth(&["play", CASTLES, "O-O", "O-O-O"], b"");
    assert_eq!(r.stdout, after, "{}", r.stderr);
    let r = forsyth(&["play", "--variant", "crc", CASTLES, "f1j1", "f8a8"], b"");
    assert_eq!(r.stdout, after, "{}", r.stderr);
    // position fen (CRC start 0) moves e2e4 c8b6 g1h3 b6d4; Shredder
    // letters, king side first, as Fairy-Stockfish writes them.
    let r = forsyth(
        &[
            "play",
            "crc:0",
            "e4",
            "Ab6",
            "Nh3",
            "Ad4",
            "--castling",
            "shredder",
            "--shredder-order",
            "wings",
        ],
        b"",
    );
    assert_eq!(
        r.stdout,
        "bq1cnbnrkr/pppppppppp/10/10/3aP5/7N2/PPPP1PPPPP/BQACNB1RKR w JHjh - 3 3\n"
    );
    let r = forsyth(&["play", "capablanca", "e4", "e5", "Ad4"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_contains(&r.stderr, "move 3 (Ad4)");
}

/// A mate on 10x8 ends the game: a chancellor's promotion mates the king
/// boxed by its own pawns (its rank open to the a-file).
#[test]
fn play_says_the_game_is_over() {
    let r = forsyth(
        &["play", "9k/P7pp/10/10/10/10/10/K9 w - - 0 1", "a8=C"],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "checkmate");
}

/// The vectors of specs/crc.md (checked there against an enumeration of
/// the rules): `gen --variant crc N` writes start N, `index` finds N back.
#[test]
fn gen_and_index_follow_the_crc_numbering() {
    let text = std::fs::read_to_string(spec("crc.md")).unwrap();
    let block = text.split("```crc-numbers\n").nth(1).unwrap();
    let block = block.split("```").next().unwrap();
    let mut checked = 0;
    for line in block.lines() {
        let (number, rank) = line.split_once(' ').unwrap();
        let r = forsyth(&["gen", "--variant", "crc", number], b"");
        let lower = rank.to_ascii_lowercase();
        let want = format!("{lower}/pppppppppp/10/10/10/10/PPPPPPPPPP/{rank} w KQkq - 0 1\n");
        assert_eq!(r.stdout, want, "{line}");
        let r = forsyth(&["index", r.stdout.trim()], b"");
        assert_eq!(r.stdout.trim(), number, "{line}");
        let r = forsyth(&["index", "--variant", "crc", rank], b"");
        assert_eq!(r.stdout.trim(), number, "{line}");
        checked += 1;
    }
    assert!(checked >= 5);
    // --all: every start once, in number order; index - numbers them back.
    let r = forsyth(&["gen", "--variant", "crc", "--all"], b"");
    assert_eq!(r.stdout.lines().count(), 12_118);
    let back = forsyth(&["index", "--variant", "crc", "-"], r.stdout.as_bytes());
    let numbers: Vec<String> = (0..12_118).map(|n| n.to_string()).collect();
    assert_eq!(back.stdout.lines().collect::<Vec<_>>(), numbers);
    // Ranges, both ways; out of range is a usage error.
    let r = forsyth(&["gen", "--variant", "crc", "2-0"], b"");
    let firsts: Vec<&str> = r.stdout.lines().map(|l| &l[..10]).collect();
    assert_eq!(firsts, ["qabcnbnrkr", "bqacnnrbkr", "bqacnbnrkr"]);
    assert_eq!(forsyth(&["gen", "--variant", "crc", "12118"], b"").code, 2);
    // A range without one of its ends says which, as for Chess960.
    for (word, said) in [
        ("-3", "without its first number"),
        ("3-", "without its last number"),
    ] {
        let r = forsyth(&["gen", "--variant", "crc", "--", word], b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{word}");
        assert_contains(&r.stderr, &format!("'{word}' is a range {said}"));
    }
}

#[test]
fn gen_writes_the_two_fixed_starts_in_every_encoding() {
    let r = forsyth(&["gen", "--variant", "capablanca"], b"");
    assert_eq!(r.stdout, format!("{CAPABLANCA}\n"));
    let r = forsyth(
        &["gen", "--variant", "gothic", "--castling", "shredder"],
        b"",
    );
    assert_eq!(
        r.stdout,
        "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w AJaj - 0 1\n"
    );
    // A CRC start's king is off the f file: standard FEN cannot say it.
    let r = forsyth(&["gen", "--variant", "crc", "0", "--format", "json"], b"");
    assert_contains(&r.stdout, "\"standard\":null");
    assert_contains(
        &r.stdout,
        "\"shredder\":\"bqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR w HJhj - 0 1\"",
    );
    let r = forsyth(
        &["gen", "--variant", "crc", "0", "--castling", "standard"],
        b"",
    );
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "the king stands on i1, not f1");
    // The same seed, the same starts.
    let a = forsyth(
        &[
            "gen",
            "--variant",
            "crc",
            "--random",
            "--seed",
            "7",
            "--count",
            "5",
        ],
        b"",
    );
    let b = forsyth(
        &[
            "gen",
            "--variant",
            "caparandom",
            "--random",
            "--seed",
            "7",
            "--count",
            "5",
        ],
        b"",
    );
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stdout.lines().count(), 5);
}

#[test]
fn index_says_why_a_back_rank_is_no_start() {
    // Capablanca chess's array: queen and archbishop both on dark squares.
    let r = forsyth(&["index", "RNABQKBCNR"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "queen_and_archbishop_on_one_colour");
}

#[test]
fn show_draws_ten_files() {
    let r = forsyth(&["show", "gothic"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "8 | r n b q c k a b n r |");
    assert_contains(&r.stdout, "    a b c d e f g h i j");
    assert_contains(&r.stdout, "28 legal moves");
    assert_contains(
        &r.stdout,
        "Shredder-FEN     rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w AJaj - 0 1",
    );
    let r = forsyth(&["show", "crc:0"], b"");
    assert_contains(&r.stdout, "CRC start        0 (BQACNBNRKR)");
}

#[test]
fn convert_reads_ten_files_by_their_width_and_keeps_8x8_lines() {
    let input = format!(
        "{CAPABLANCA}\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n{}\n",
        "r4k3r/10/10/10/10/10/10/R4K3R w KQXq - 0 1"
    );
    let r = forsyth(&["convert", "--castling", "shredder"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w AJaj - 0 1\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1\n"
    );
    assert_eq!(
        r.stderr,
        "<stdin>:3:35: castling: 'X' is not K, Q, k, q or a file letter A-J/a-j\n"
    );
    // X-FEN of a CRC position with inner rooks: their file letters, `K`
    // and `k` for the outermost.
    let crc = "r1r1k2r1r/10/10/10/10/10/10/R1R1K2R1R w CJcj - 0 1\n";
    let r = forsyth(&["convert", "--variant", "crc"], crc.as_bytes());
    assert_eq!(
        r.stdout, "r1r1k2r1r/10/10/10/10/10/10/R1R1K2R1R w KCkc - 0 1\n",
        "{}",
        r.stderr
    );
    let r = forsyth(&["convert", "--castling", "standard"], crc.as_bytes());
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "standard FEN cannot express");
}

#[test]
fn validate_names_every_problem_of_a_10x8_line() {
    // Two white kings, a white pawn on rank 1 and a black one on rank 8;
    // then Black in check while White is to move (the chancellor on f1
    // checks the king on f8 along the file).
    let input = "5k2p1/10/10/10/10/10/10/K7PK w - - 0 1\n\
                 rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n\
                 5k4/10/10/10/10/10/10/K4C4 w - - 0 1\n";
    let r = forsyth(&["validate"], input.as_bytes());
    assert_eq!(r.code, 1);
    for kind in ["too_many_kings", "pawn_on_back_rank", "opposite_check"] {
        assert_contains(&r.stdout, kind);
    }
    assert_contains(&r.stdout, "<stdin>:2: ok (capablanca)");
    let json = forsyth(&["validate", "--format", "json"], input.as_bytes());
    let first: serde_json::Value =
        serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["valid"], false);
    assert_eq!(first["problems"].as_array().unwrap().len(), 2);
}

#[test]
fn validate_repair_drops_what_cannot_stand() {
    // Black's king has moved off f8: its castling rights go; the
    // en-passant square without a double step goes too.
    let input = "r3k4r/10/10/10/10/10/10/R4K3R w KQkq e6 0 1\n";
    let r = forsyth(&["validate", "--repair"], input.as_bytes());
    assert_eq!(
        r.stdout, "r3k4r/10/10/10/10/10/10/R4K3R w KQ - 0 1\n",
        "{}",
        r.stderr
    );
    assert_contains(&r.stderr, "repaired: drop_castling_right");
    assert_contains(&r.stderr, "repaired: drop_en_passant_square");
}

#[test]
fn notation_translates_a_10x8_movetext() {
    let text = b"1. e4 e5 2. Nh3 {dev} Nh6 (2... Ad6) 3. Ci3 Ci6 *\n";
    let r = forsyth(
        &[
            "notation",
            "--from",
            "san",
            "--to",
            "uci",
            "--fen",
            "capablanca",
        ],
        text,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "1. e2e4 e7e5 2. i1h3 {dev} i8h6 (2... c8d6) 3. h1i3 h8i6 *\n"
    );
    let r = forsyth(
        &[
            "notation",
            "--from",
            "san",
            "--to",
            "figurine",
            "--fen",
            "capablanca",
        ],
        text,
    );
    assert_eq!(
        r.stdout,
        "1. e4 e5 2. ♘h3 {dev} ♘h6 (2... Ad6) 3. Ci3 Ci6 *\n"
    );
    let r = forsyth(
        &[
            "notation",
            "--from",
            "san",
            "--to",
            "san-de",
            "--fen",
            "capablanca",
        ],
        text,
    );
    assert_eq!(
        r.stdout,
        "1. e4 e5 2. Sh3 {dev} Sh6 (2... Ad6) 3. Ci3 Ci6 *\n"
    );
    // Spanish writes the bishop A (alfil) and the knight C (caballo).
    let r = forsyth(
        &[
            "notation", "--from", "san", "--to", "san-es", "--fen", "gothic",
        ],
        text,
    );
    // A notation that cannot name the board's moves is a usage error, as
    // `moves --notation` makes it.
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "Spanish");
}

/// A CRC game's castling in UCI is written as `moves` writes it and as
/// Fairy-Stockfish (caparandom, `UCI_Chess960` true) lists it: the king
/// takes its rook (`e1j1`, then `e8a8` for Black's O-O-O), by `notation`
/// and by `pgn export` alike.
#[test]
fn crc_castling_in_uci_is_king_takes_rook() {
    let crc = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1";
    let r = forsyth(&["moves", crc], b"");
    assert!(r.stdout.lines().any(|l| l == "e1j1"), "{}", r.stdout);
    let r = forsyth(
        &["notation", "--from", "san", "--to", "uci", "--fen", crc],
        b"1. O-O O-O-O *\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "1. e1j1 e8a8 *\n");
    let game = format!(
        "[Event \"x\"]\n[Variant \"CRC\"]\n[SetUp \"1\"]\n[FEN \"{crc}\"]\n\n1. O-O O-O-O *\n"
    );
    let r = forsyth(&["pgn", "export", "--notation", "uci"], game.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "1. e1j1 e8a8 *");
}

/// `--ep` says when a 10x8 record gets its en-passant square, as for 8x8.
/// After 1... d7d5 here the pawn on e5 is pinned: no legal capture, so no
/// square by default; Fairy-Stockfish's `d` writes `d6` (a pawn stands
/// beside, `--ep pseudo`), and `--ep always` writes every double step's.
#[test]
fn ep_modes_reach_10x8_records() {
    let before = "4r4k/3p6/10/4P5/10/10/10/4K5 b - - 0 1";
    let after = |ep: &str| format!("4r4k/10/10/3pP5/10/10/10/4K5 w - {ep} 0 2");
    for (mode, ep) in [("legal", "-"), ("pseudo", "d6"), ("always", "d6")] {
        let r = forsyth(&["play", "--ep", mode, before, "d5"], b"");
        assert_eq!(r.stdout.trim_end(), after(ep), "play --ep {mode}");
        let r = forsyth(
            &["convert", "--ep", mode],
            format!("{}\n", after("d6")).as_bytes(),
        );
        assert_eq!(r.stdout.trim_end(), after(ep), "convert --ep {mode}");
        let game = format!("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"{before}\"]\n\n1... d5 *\n");
        let r = forsyth(&["pgn", "fens", "--final", "--ep", mode], game.as_bytes());
        assert_eq!(r.stdout.trim_end(), after(ep), "pgn fens --ep {mode}");
    }
    // A double step no pawn stands beside: only `always` writes it.
    let r = forsyth(&["play", "--ep", "pseudo", "capablanca", "e4"], b"");
    assert_contains(&r.stdout, " b KQkq - 0 1");
    let r = forsyth(&["play", "--ep", "always", "capablanca", "e4"], b"");
    assert_contains(&r.stdout, " b KQkq e3 0 1");
}

const PGN: &str = "[Event \"a\"]\n[Variant \"Capablanca\"]\n\n1. e4 e5 2. Nh3 Nh6 3. Ci3 Ci6 *\n\n\
[Event \"b\"]\n[Variant \"Capablanca Random\"]\n[SetUp \"1\"]\n\
[FEN \"bqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR w KQkq - 0 1\"]\n\n\
1. e4 Ab6 2. Nh3 Ad4 *\n\n\
[Event \"c\"]\n[Variant \"Chess960\"]\n\n1. e4 *\n\n\
[Event \"d\"]\n[Variant \"capablanca\"]\n\n1. e4 e5 2. Ad4 *\n\n\
[Event \"e\"]\n[Variant \"CRC\"]\n[SetUp \"1\"]\n[FEN \"bqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR w KQkq - 0 1\"]\n\n1. e4 *\n\n\
[Event \"f\"]\n[Variant \"caparandom\"]\n[SetUp \"1\"]\n[FEN \"bqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR w KQkq - 0 1\"]\n\n1. e4 *\n\n\
[Event \"g\"]\n[Variant \"capablanca-random\"]\n[SetUp \"1\"]\n[FEN \"bqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR w KQkq - 0 1\"]\n\n1. e4 *\n";

#[test]
fn pgn_check_takes_the_variant_names_in_use() {
    let r = forsyth(&["pgn", "check", "--variant", "capablanca"], PGN.as_bytes());
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert!(lines[0].ends_with("GAME 1 (line 1): ok"), "{}", lines[0]);
    assert_contains(lines[1], "GAME 4");
    assert_contains(lines[1], "2. Ad4");
    // Capablanca Random, CRC, caparandom, capablanca-random: one variant.
    let r = forsyth(
        &["pgn", "check", "--variant", "crc", "--summary"],
        PGN.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(r.stdout.lines().filter(|l| l.ends_with(": ok")).count(), 4);
    assert_contains(&r.stderr, "7 games read, 3 not selected: 4 ok");
}

/// Without `--variant`, each game is replayed on the board its tags say:
/// the `Variant` names in use, or a `FEN` tag of ten files, beside 8x8
/// games in one file; every game has its verdict.
#[test]
fn pgn_check_tells_each_games_board_by_its_tags() {
    let text = format!(
        "{PGN}\n[Event \"h\"]\n[FEN \"{GOTHIC}\"]\n[SetUp \"1\"]\n\n1. Cf3 *\n\n\
         [Event \"i\"]\n\n1. e4 e5 2. Nf3 *\n\n\
         [Event \"j\"]\n[Variant \"Gothic\"]\n\n1. Cf3 Cf6 *\n"
    );
    let r = forsyth(&["pgn", "check", "--summary"], text.as_bytes());
    let verdicts: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(verdicts.len(), 10, "{}{}", r.stdout, r.stderr);
    // Game 3 is a Chess960 game (8x8); game 4 plays Ad4, which no
    // archbishop on c1 reaches behind its pawns.
    for (i, line) in verdicts.iter().enumerate() {
        assert_contains(line, &format!("GAME {} ", i + 1));
        if ![2, 3].contains(&i) {
            assert!(line.ends_with(": ok"), "{line}");
        }
    }
    assert_contains(
        verdicts[3],
        "2. Ad4: unreachable: illegal move 'Ad4' for white: no archbishop can move to d4",
    );
    assert_contains(&r.stderr, "forsyth: 10 games read: ");
    assert_eq!(r.code, 1);
    // The Gothic chancellor leaps from e1 to f3 (Capablanca's, on h1,
    // could not): the `FEN` tag alone says the board.
    let r = forsyth(&["pgn", "fens", "--final"], text.as_bytes());
    assert_contains(
        &r.stdout,
        "rnbqckabnr/pppppppppp/10/10/10/5C4/PPPPPPPPPP/RNBQ1KABNR b KQkq - 1 1\n",
    );
}

/// The 10x8 games stream through the reader and the worker threads of
/// the 8x8 path: with any number of threads, the same output, the same
/// summary, the same exit status, across many batches of games; a faulty
/// 10x8 game goes to the rejects file as read.
#[test]
fn pgn_threads_give_the_same_output_with_10x8_games() {
    let mut text = String::new();
    for i in 0..150 {
        text.push_str(&format!("[Event \"{i}\"]\n"));
        match i % 3 {
            0 => text.push_str("[Variant \"Capablanca\"]\n\n1. e4 e5 2. Ci3 Ci6 *\n\n"),
            1 => text.push_str("\n1. e4 e5 2. Nf3 Nc6 *\n\n"),
            _ if i == 50 => text.push_str("[Variant \"CRC\"]\n\n1. e4 *\n\n"),
            _ => text.push_str("[Variant \"Gothic\"]\n\n1. e4 e5 2. Cf3 *\n\n"),
        }
    }
    let dir = std::env::temp_dir().join(format!("forsyth-capa-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for command in ["check", "fens", "export"] {
        let run = |threads: &str, rejects: &str| {
            let path = dir.join(rejects);
            let path = path.to_str().unwrap();
            let mut args = vec!["pgn", command, "--summary", "--threads", threads];
            if command == "export" {
                args.extend(["--rejects", path]);
            }
            let r = forsyth(&args, text.as_bytes());
            let rejected = std::fs::read_to_string(path).unwrap_or_default();
            (
                r.code,
                r.stdout,
                r.stderr.replace(path, "REJECTS"),
                rejected,
            )
        };
        let one = run("1", "one.pgn");
        assert_eq!(one, run("3", "three.pgn"), "{command}");
        assert_eq!(one.0, 1, "{command}: the CRC game has no FEN tag");
        assert_contains(
            &one.2,
            "forsyth: 150 games read: 149 ok, 0 with warnings, 1 with faults",
        );
        if command == "export" {
            assert_eq!(one.3, "[Event \"50\"]\n[Variant \"CRC\"]\n\n1. e4 *\n\n");
            assert_eq!(one.1.matches("[Variant \"Gothic\"]").count(), 49);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pgn_fens_and_export_on_10x8() {
    // The last position is Fairy-Stockfish's after e2e4 c8b6 g1h3 b6d4.
    let r = forsyth(
        &[
            "pgn",
            "fens",
            "--variant",
            "crc",
            "--final",
            "--castling",
            "shredder",
            "--shredder-order",
            "wings",
        ],
        PGN.as_bytes(),
    );
    assert_eq!(
        r.stdout.lines().next(),
        Some("bq1cnbnrkr/pppppppppp/10/10/3aP5/7N2/PPPP1PPPPP/BQACNB1RKR w JHjh - 3 3")
    );
    let r = forsyth(
        &[
            "pgn",
            "export",
            "--variant",
            "capablanca",
            "--notation",
            "lan",
        ],
        PGN.as_bytes(),
    );
    assert_contains(&r.stdout, "[Variant \"Capablanca\"]");
    assert_contains(
        &r.stdout,
        "1. e2-e4 e7-e5 2. Ni1-h3 Ni8-h6 3. Ch1-i3 Ch8-i6 *",
    );
    assert_eq!(r.code, 1, "game d has an illegal move");
}

/// A valid 10x8 line comes out of `--repair` byte for byte (letter order
/// and spacing kept); JSON says what is left after repair.
#[test]
fn validate_repair_keeps_a_valid_line_as_read() {
    let input = "  rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR  w  qJkA - 0 1\n";
    let r = forsyth(&["validate", "--repair"], input.as_bytes());
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (0, input, "")
    );
    let broken = "r3k4r/10/10/10/10/10/10/R4K3R w KQkq e6 0 1\n";
    let r = forsyth(
        &["validate", "--repair", "--format", "json"],
        broken.as_bytes(),
    );
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(
        v["repair"]["fen"],
        "r3k4r/10/10/10/10/10/10/R4K3R w KQ - 0 1"
    );
    assert_eq!(v["repair"]["remaining"]["valid"], true);
    assert!(!v["repair"]["repairs"].as_array().unwrap().is_empty());
}

#[test]
fn the_named_10x8_starts_are_positions_everywhere() {
    let r = forsyth(&["index", "capablanca"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "queen_and_archbishop_on_one_colour");
    let r = forsyth(&["index", "crc:11"], b"");
    assert_eq!(r.stdout, "11\n");
    let r = forsyth(&["perft", "crc:11", "1"], b"");
    assert_eq!(r.code, 0);
    let r = forsyth(&["show", "crc:12118"], b"");
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "0 to 12117");
}

/// `diagram` draws a 10x8 position in every form, with the options of
/// the 8x8 picture; `show --format svg` draws the same. Squares are 45
/// pixels by default: each expected place is the board's corner plus
/// whole squares.
#[test]
fn diagram_draws_ten_files() {
    let r = forsyth(
        &[
            "diagram",
            "capablanca",
            "--coordinates",
            "--highlight",
            "j1",
            "--arrow",
            "Ci3",
            "--caption",
            "Capablanca",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let svg = &r.stdout;
    // The board: ten files and eight ranks of squares.
    assert_contains(svg, "width=\"450\" height=\"360\" fill=");
    assert_contains(svg, "<desc>Capablanca</desc>");
    // The coordinates a to j under the board and 1 to 8 beside it.
    for c in ('a'..='j').chain('1'..='8') {
        assert_contains(svg, &format!("href=\"#forsyth-g{:x}\"", c as u32));
    }
    // The board's corner (a8), then the archbishop on c1, the chancellor
    // on h1 and the rooks on a1 and j1.
    let (x0, y0) = (24, 6);
    let at = |piece: &str, file: u32, rank: u32| {
        format!(
            "<use href=\"#forsyth-{piece}\" x=\"{}\" y=\"{}\"/>",
            x0 + 45 * file,
            y0 + 45 * (7 - rank)
        )
    };
    for (piece, file, rank) in [
        ("wA", 2, 0),
        ("wC", 7, 0),
        ("wR", 0, 0),
        ("wR", 9, 0),
        ("bA", 2, 7),
        ("bC", 7, 7),
    ] {
        assert_contains(svg, &at(piece, file, rank));
    }
    // j1 highlighted; the arrow of Ci3 ends at the centre of i3.
    assert_contains(
        svg,
        &format!("<rect x=\"{}\" y=\"{}\"", x0 + 45 * 9, y0 + 45 * 7),
    );
    assert_contains(
        svg,
        &format!("L{}.5 {}.5L", x0 + 45 * 8 + 22, y0 + 45 * 5 + 22),
    );
    // Turned round: c1 is the eighth column of the top row.
    let r = forsyth(&["diagram", "--flip", "capablanca"], b"");
    assert_contains(&r.stdout, "<use href=\"#forsyth-wA\" x=\"321\" y=\"6\"/>");
    // Every form of a 10x8 position; `show --format svg` the same picture.
    for position in ["gothic", "crc:11", CAPABLANCA] {
        let r = forsyth(&["diagram", position], b"");
        assert_eq!(r.code, 0, "{position}: {}", r.stderr);
        assert_contains(&r.stdout, "width=\"450\" height=\"360\"");
        let show = forsyth(&["show", "--format", "svg", position], b"");
        assert_eq!((show.code, &show.stdout), (0, &r.stdout), "{position}");
    }
    // PNG: two squares (90 pixels) wider than high, as ten files by eight
    // ranks are.
    let path = std::env::temp_dir().join(format!("forsyth-capa-{}.png", std::process::id()));
    let r = forsyth(&["diagram", "gothic", "-o", path.to_str().unwrap()], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let png = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!(word(16) - word(20), 90);
    let r = forsyth(&["diagram", "capablanca", "--highlight", "k1"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "a1 to j8");
}

/// `perft -` and `index -` tell a 10x8 line by its ranks of ten squares,
/// as `convert` and `validate` do: no `--variant` needed, and 8x8 and 10x8
/// lines mixed give one result a line, in order.
#[test]
fn perft_and_index_read_10x8_lines_by_their_width() {
    // 784: the published depth-2 count of both 10x8 starts; 400: chess.
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let input = format!(
        "{CAPABLANCA}\n{chess}\n{GOTHIC}\ngothic\nr4k3r/10/10/10/10/10/10/R4K3R w KQXq - 0 1\n"
    );
    let r = forsyth(&["perft", "-", "2"], input.as_bytes());
    assert_eq!(r.stdout, "784\n400\n784\n784\n", "{}", r.stderr);
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "<stdin>:5:35: castling: 'X' is not K, Q, k, q");
    // --divide: a row per move of the 10x8 line too (28 moves, one node
    // each at depth 1).
    let r = forsyth(
        &["perft", "--divide", "-", "1"],
        format!("{CAPABLANCA}\n").as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().filter(|l| l.ends_with(": 1")).count(), 28);
    assert!(r.stdout.ends_with("\n\n28\n"), "{}", r.stdout);
    // index -: the CRC numbers of gen's starts (FEN and back rank) between
    // Chess960 lines (518: Scharnagl's number of the standard array).
    let crc = forsyth(&["gen", "--variant", "crc", "7000"], b"").stdout;
    let crc = crc.trim();
    let input = format!(
        "RNBQKBNR\n{crc}\n{}\n{chess}\ncrc:12117\n{CAPABLANCA}\n",
        &crc[..10].to_ascii_uppercase()
    );
    let r = forsyth(&["index", "-"], input.as_bytes());
    assert_eq!(r.stdout, "518\n7000\n7000\n518\n12117\n", "{}", r.stderr);
    assert_eq!(r.code, 1);
    assert_contains(&r.stderr, "<stdin>:6:1: placement: not a CRC start");
}

/// `perft --suite` checks 10x8 lines as it checks 8x8 ones: the data
/// file's counts (recorded from Fairy-Stockfish, `variant NAME` lines)
/// and the EPD form with the published start counts, a wrong count said.
#[test]
fn perft_suite_checks_10x8_counts() {
    let file = format!(
        "{}/../forsyth/tests/data/capablanca.perft",
        env!("CARGO_MANIFEST_DIR")
    );
    let r = forsyth(&["perft", "--suite", &file, "--max-depth", "2"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        format!(
            "{file}: 105 positions, 210 counts checked: all match; \
             171 deeper than --max-depth 2 skipped\n"
        )
    );
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let suite = format!(
        "{CAPABLANCA} ;D1 28 ;D2 784 ;D3 25228\n{chess} ;D1 20 ;D2 400\n\
         {GOTHIC} ;D1 28 ;D2 785\n"
    );
    let r = forsyth(&["perft", "--suite", "-"], suite.as_bytes());
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "<stdin>:3: depth 2: expected 785, got 784\n\
         <stdin>: 3 positions, 7 counts checked: 1 differs\n"
    );
}

/// `gen --letters` and `show --letters` write a 10x8 placement in another
/// language's letters, `A` and `C` for the compound pieces
/// (specs/notation.md, section 7); a language whose letters already use
/// `A` or `C` is refused, naming the letter.
#[test]
fn letters_of_other_languages_on_ten_files() {
    // German: Turm, Springer, Läufer, Dame, König (specs/notation.md).
    let r = forsyth(&["gen", "--variant", "capablanca", "--letters", "de"], b"");
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "tsaldklcst/pppppppppp/10/10/10/10/PPPPPPPPPP/TSALDKLCST w KQkq - 0 1\n"
        ),
        "{}",
        r.stderr
    );
    // Dutch: toren, paard, loper, dame, koning, and o for pion.
    let r = forsyth(&["show", "--letters", "nl", "gothic"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(
        &r.stdout,
        "Dutch letters    tpldckalpt/oooooooooo/10/10/10/10/OOOOOOOOOO/TPLDCKALPT w KQkq - 0 1",
    );
    // Spanish writes the bishop A (alfil), French the knight C (cavalier).
    let r = forsyth(&["gen", "--variant", "gothic", "--letters", "es"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert_contains(&r.stderr, "Spanish already writes a piece of chess as 'A'");
    let r = forsyth(&["show", "--letters", "fr", "capablanca"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "French already writes a piece of chess as 'C'");
}

/// `convert --letters LANG` on 10x8 records does what it does on 8x8 ones:
/// reads English or that language's letters and writes the latter, with
/// `A` and `C` for the compound pieces (specs/notation.md, section 7); a
/// language whose letters cannot say them refuses the line, naming why,
/// rather than writing English.
#[test]
fn convert_writes_ten_file_records_in_the_letters_asked_for() {
    let english = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n";
    // German: Turm, Springer, Läufer, Dame, König (as `gen --letters de`).
    let german = "tsaldklcst/pppppppppp/10/10/10/10/PPPPPPPPPP/TSALDKLCST w KQkq - 0 1\n";
    let r = forsyth(&["convert", "--letters", "de"], english.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (0, german), "{}", r.stderr);
    let r = forsyth(&["convert", "--letters", "de"], german.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (0, german), "{}", r.stderr);
    // Without `--letters` the German record is not read.
    let r = forsyth(&["convert"], german.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    // Spanish writes the bishop A: the line is refused, an 8x8 one is not.
    let input = format!("{english}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    let r = forsyth(&["convert", "--letters", "es"], input.as_bytes());
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "tcadract/pppppppp/8/8/8/8/PPPPPPPP/TCADRACT w KQkq - 0 1\n"
    );
    assert_contains(&r.stderr, "<stdin>:1:1: placement: ");
    assert_contains(&r.stderr, "Spanish already writes a piece of chess as 'A'");
    // A fault of a record in German letters is placed in the line as
    // written, as the same record's in English: the third rank's second
    // digit (column 26, after two spaces) takes it past ten squares.
    let bad = "  tsaldklcst/pppppppppp/11/10/10/10/PPPPPPPPPP/TSALDKLCST w KQkq - 0 1\n";
    let r = forsyth(&["convert", "--letters", "de"], bad.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_contains(&r.stderr, "<stdin>:1:26: placement");
    let bad = "  rnabqkbcnr/pppppppppp/11/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n";
    let english = forsyth(&["convert"], bad.as_bytes());
    assert_eq!(english.stderr, r.stderr);
}

/// A 10x8 game's result is judged as an 8x8 game's (specs/pgn.md 4.3): a
/// movetext without its termination marker and a `Result` tag that is not
/// the marker are warned of, in `pgn check`'s line, its JSON, the summary
/// and `pgn fens`' standard error, with the same words the 8x8 judge
/// gives the same text on its board.
#[test]
fn a_ten_file_game_s_result_is_judged_as_on_eight_files() {
    let games = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. d4 d5 0-1\n\n\
                 [Event \"b\"]\n\n1. e4 e5 2. d4 d5\n";
    let ten = games.replace("[Event", "[Variant \"Capablanca\"]\n[Event");
    let r8 = forsyth(&["pgn", "check", "--summary", "-"], games.as_bytes());
    let r10 = forsyth(&["pgn", "check", "--summary", "-"], ten.as_bytes());
    assert_eq!(r10.code, 0, "{}", r10.stderr);
    assert_contains(&r10.stdout, "warning: result_mismatch: ");
    assert_contains(&r10.stdout, "warning: missing_result: ");
    assert_contains(
        &r10.stderr,
        "2 games read: 0 ok, 2 with warnings, 0 with faults",
    );
    // Line by line, the 8x8 file's verdicts, each game two lines lower.
    let eight: Vec<&str> = r8.stdout.lines().collect();
    let tens: Vec<&str> = r10.stdout.lines().collect();
    assert_eq!(eight.len(), 2, "{}", r8.stdout);
    assert_eq!(tens.len(), 2);
    for (e, t) in eight.iter().zip(&tens) {
        let words = |l: &str| l.split_once(": ok").map(|(_, w)| w.to_owned());
        assert_eq!(words(e), words(t));
    }
    let r = forsyth(&["pgn", "check", "--format", "json", "-"], ten.as_bytes());
    assert_contains(&r.stdout, "\"kind\":\"missing_result\"");
    let r = forsyth(&["pgn", "fens", "--final", "-"], ten.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "warning: missing_result: ");
    // Exported, both write the judged result in the tag and the marker:
    // the same games but for the Variant tag.
    let e8 = forsyth(&["pgn", "export", "-"], games.as_bytes());
    let e10 = forsyth(&["pgn", "export", "-"], ten.as_bytes());
    assert_eq!((e8.code, e10.code), (0, 0), "{}", e10.stderr);
    let without_variant = e10.stdout.replace("[Variant \"Capablanca\"]\n", "");
    assert_eq!(without_variant, e8.stdout);
    assert_contains(&e10.stdout, "[Result \"*\"]");
}

/// A 10x8 game ends by fivefold repetition as an 8x8 game does
/// (specs/pgn.md 4.3): knights out and back four times on the 10x8 board
/// make its start stand for the fifth time, so a claimed win is
/// contradicted with the words the 8x8 judge gives the same text, and
/// exported as a draw; one round fewer leaves the claim alone.
#[test]
fn a_ten_file_game_ends_by_fivefold_repetition() {
    let rounds = |n| vec!["Nc3 Nc6 Nb1 Nb8"; n].join(" ");
    for (n, warned) in [(4, true), (3, false)] {
        let games = format!("[Result \"1-0\"]\n\n{} 1-0\n", rounds(n));
        let ten = format!("[Variant \"Capablanca\"]\n{games}");
        let r8 = forsyth(&["pgn", "check", "-"], games.as_bytes());
        let r10 = forsyth(&["pgn", "check", "-"], ten.as_bytes());
        assert_eq!((r8.code, r10.code), (0, 0), "{}", r10.stderr);
        let words = |l: &str| l.split_once(": ok").map(|(_, w)| w.to_owned());
        assert_eq!(words(&r8.stdout), words(&r10.stdout));
        assert_eq!(
            r10.stdout.contains("result_contradicted: Result is 1-0 but the game ends in a draw by fivefold repetition"),
            warned,
            "{}",
            r10.stdout
        );
        let e10 = forsyth(&["pgn", "export", "-"], ten.as_bytes());
        let result = if warned { "1/2-1/2" } else { "1-0" };
        assert_contains(&e10.stdout, &format!("[Result \"{result}\"]"));
    }
}

/// A faulty 10x8 game is exported as specs/pgn.md section 5 says a
/// faulty game is: written up to its fault, the rest of its movetext as
/// read in a comment `{not replayed (KIND): REST}`, the variations open at
/// the fault closed, the result `*`; and `pgn fens` writes its positions
/// up to the fault. The reference is the 8x8 export of the same text,
/// whose moves mean the same on both boards up to each fault: the outputs
/// are the same but for the `Variant` tag and the fault's kind, which
/// names the 10x8 reader's own kind, the one its fault line gives.
#[test]
fn a_faulty_ten_file_game_is_exported_up_to_its_fault() {
    let movetexts = [
        "1. e4 e5 2. Ke3 Nc6 1-0",
        "1. e4 (1. d4 d5 2. Kd3?? $2 {bad} Nc6) 1... e5 *",
        "1. e4 e5 2. Ke3 } Nc6 ;note\n2... Nf6 $14 *",
        "1. e4 e5 ] 2. Nc3 Nc6 0-1",
        "1. d4 d5 2. Nc3 ( 2. a3 (2. c4) Nc6 3. h3 a6 ( 3... h6 4. Ke8 ) *",
        "1. e4 ( 1. d4 d5 *",
        "1. e4 e5 2... Nc6 3. Qh5 *",
    ];
    for movetext in movetexts {
        let games = format!("[Event \"a\"]\n\n{movetext}\n\n[Event \"b\"]\n\n1. e4 *\n");
        let ten = games.replace("[Event", "[Variant \"Capablanca\"]\n[Event");
        let e8 = forsyth(&["pgn", "export", "-"], games.as_bytes());
        let e10 = forsyth(&["pgn", "export", "-"], ten.as_bytes());
        assert_eq!((e8.code, e10.code), (1, 1), "{movetext}: {}", e10.stderr);
        // The kind in parentheses after `not replayed` (a line may end
        // between the two).
        let kind = |r: &crate::util::Run| {
            let after = r.stdout.find("not replayed").expect(&r.stdout) + 12;
            let open = after + r.stdout[after..].find('(').unwrap() + 1;
            let len = r.stdout[open..].find(')').unwrap();
            r.stdout[open..open + len].to_owned()
        };
        let (k8, k10) = (kind(&e8), kind(&e10));
        let same = e10
            .stdout
            .replace("[Variant \"Capablanca\"]\n", "")
            .replace(&format!("({k10})"), &format!("({k8})"));
        assert_eq!(same, e8.stdout, "{movetext}");
        // The comment names the kind the fault line gives.
        assert_contains(&e10.stderr, &format!(": {k10}: "));
        assert_eq!(e10.stdout.matches("[Event").count(), 2, "{movetext}");
        // The positions up to the fault, the same on both boards but for
        // the width of the ranks.
        let f8 = forsyth(&["pgn", "fens", "-"], games.as_bytes());
        let f10 = forsyth(&["pgn", "fens", "-"], ten.as_bytes());
        assert_eq!(
            f10.stdout.lines().count(),
            f8.stdout.lines().count(),
            "{movetext}: {}",
            f10.stdout
        );
    }
}

/// An exported 10x8 game with a `FEN` tag says `SetUp "1"` before it,
/// as the PGN standard asks and as the 8x8 export writes it.
#[test]
fn an_exported_ten_file_fen_tag_comes_with_set_up() {
    let start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    for setup in ["", "[SetUp \"0\"]\n"] {
        let text = format!("[Variant \"Capablanca\"]\n{setup}[FEN \"{start}\"]\n\n1. e4 *\n");
        let r = forsyth(&["pgn", "export", "-"], text.as_bytes());
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_contains(&r.stdout, &format!("[SetUp \"1\"]\n[FEN \"{start}\"]\n"));
        assert_eq!(r.stdout.matches("SetUp").count(), 1);
    }
}

/// A 10x8 game's fault in `pgn check --format json` has the keys of an
/// 8x8 game's (specs/pgn.md: kind, message, line, column, move,
/// move_number, side, fen, candidates), and the same values where the
/// same text means the same on both boards: two knights that can both
/// go to b3.
#[test]
fn a_ten_file_fault_in_json_is_an_eight_file_one() {
    let eight = "[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/N1N4K w - - 0 1\"]\n\n1. Nb3 *\n";
    let ten_fen = "k9/10/10/10/10/10/10/N1N6K w - - 0 1";
    let ten = format!("[Variant \"Capablanca\"]\n[SetUp \"1\"]\n[FEN \"{ten_fen}\"]\n\n1. Nb3 *\n");
    let problem = |text: &str| {
        let r = forsyth(&["pgn", "check", "--format", "json", "-"], text.as_bytes());
        assert_eq!(r.code, 1, "{}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
        v["problem"].as_object().unwrap().clone()
    };
    let (p8, p10) = (problem(eight), problem(&ten));
    let keys = |p: &serde_json::Map<String, serde_json::Value>| {
        let mut k: Vec<String> = p.keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&p10), keys(&p8));
    for key in ["column", "move", "move_number", "side", "candidates"] {
        assert_eq!(p10[key], p8[key], "{key}");
    }
    // One line lower: the Variant tag.
    assert_eq!(p10["line"].as_u64(), p8["line"].as_u64().map(|l| l + 1));
    assert_eq!(p10["fen"], ten_fen);
    assert_eq!(p10["kind"], "ambiguous");
    // A fault that is not a move's has the move's keys null.
    let r = forsyth(
        &["pgn", "check", "--format", "json", "-"],
        b"[Variant \"CRC\"]\n\n1. e4 *\n",
    );
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["problem"]["kind"], "missing_fen_tag");
    assert!(v["problem"]["move"].is_null() && v["problem"]["fen"].is_null());
}

/// The start tags are judged on 10x8 as specs/pgn.md section 4.1 says for
/// every game, so the same tags give the same verdict on both boards: a
/// `FEN` tag without `[SetUp "1"]` is the warning `fen_without_setup` at
/// the `FEN` tag (the game replays), `[SetUp "1"]` without `FEN` the fault
/// `setup_without_fen` at the `SetUp` tag. The reference is the 8x8
/// verdict of the same tags.
#[test]
fn ten_file_start_tags_are_judged_as_eight_file_ones() {
    let verdict = |text: &str| {
        let r = forsyth(&["pgn", "check", "--format", "json", "-"], text.as_bytes());
        let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect(&r.stdout);
        (
            r.code,
            v["ok"].clone(),
            v["warnings"].clone(),
            v["problem"].clone(),
        )
    };
    // The king steps beside its pawn: d2 on 8x8, e2 on 10x8.
    let eight = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let ten = "5k4/10/10/10/10/10/5P4/5K4 w - - 0 1";
    for setup in ["", "[SetUp \"0\"]\n", "[SetUp \"1\"]\n"] {
        let e8 = verdict(&format!(
            "[Event \"a\"]\n{setup}[FEN \"{eight}\"]\n\n1. Kd2 *\n"
        ));
        let e10 = verdict(&format!(
            "[Variant \"Capablanca\"]\n{setup}[FEN \"{ten}\"]\n\n1. Ke2 *\n"
        ));
        assert_eq!(e10, e8, "{setup}");
    }
    let e8 = verdict("[Event \"a\"]\n[SetUp \"1\"]\n\n1. e4 *\n");
    let e10 = verdict("[Variant \"Capablanca\"]\n[SetUp \"1\"]\n\n1. e4 *\n");
    assert_eq!(e8.2, e10.2);
    assert_eq!(e10.3["kind"], "setup_without_fen");
    for key in ["line", "column", "kind"] {
        assert_eq!(e10.3[key], e8.3[key], "{key}");
    }
}

/// `perft -` and `index -` under a 10x8 `--variant` read standard input a
/// line at a time, as every bulk command does: a line that is not UTF-8 is
/// named by line and column (its first byte that is not), and the lines
/// around it are still counted and numbered (28 moves from the start,
/// as Fairy-Stockfish counts; CRC number 0 is BQACNBNRKR, specs/crc.md).
#[test]
fn a_line_not_utf8_on_standard_input_loses_no_other_line() {
    let mut input = format!("{CAPABLANCA}\n").into_bytes();
    input.extend_from_slice(
        b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQ\xffkq - 0 1\n",
    );
    input.extend_from_slice(format!("{CAPABLANCA}\n").as_bytes());
    let r = forsyth(&["perft", "--variant", "capablanca", "-", "1"], &input);
    assert_eq!((r.code, r.stdout.as_str()), (1, "28\n28\n"), "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "<stdin>:2:61: record: byte 0xff is not UTF-8 text\n"
    );
    let r = forsyth(
        &["index", "--variant", "crc", "-"],
        b"BQACNBNRKR\n\xe9QACNBNRKR\nBQACNBNRKR\n",
    );
    assert_eq!((r.code, r.stdout.as_str()), (1, "0\n0\n"), "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "<stdin>:2:1: record: byte 0xe9 is not UTF-8 text\n"
    );
}

/// A 10x8 line with a byte that is not UTF-8 is refused at that byte, and
/// the message names the byte as read (specs/fen.md: a byte that is not a
/// piece letter is named by its value), by convert and validate alike.
#[test]
fn a_byte_not_utf8_in_a_10x8_line_is_named_as_read() {
    let input = b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQ\xffkq - 0 1\n\
rn\xe9bqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n";
    let r = forsyth(&["convert", "--variant", "capablanca"], input);
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_eq!(
        r.stderr,
        "<stdin>:1:61: castling: byte 0xff is not K, Q, k, q or a file letter A-J/a-j\n\
         <stdin>:2:3: placement: byte 0xe9 is not a piece letter (PNBRQKAC, pnbrqkac), \
         a digit or '/'\n"
    );
    let r = forsyth(&["validate", "--variant", "capablanca"], input);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "<stdin>:1:61: castling: bad_castling_byte: byte 0xff is not K, Q, k, q or a file \
         letter A-J/a-j\n\
         <stdin>:2:3: placement: bad_placement_byte: byte 0xe9 is not a piece letter \
         (PNBRQKAC, pnbrqkac), a digit or '/'\n"
    );
}

/// A record is 10x8 by the width of its placement's ranks (specs/fen.md
/// section 6), so without `--variant` a line whose placement is ten squares
/// wide goes to the 10x8 reader whatever bytes follow it, and is refused
/// where `--variant capablanca` refuses it, at the byte that is not UTF-8.
#[test]
fn a_byte_not_utf8_after_a_10x8_placement_leaves_the_line_10x8() {
    let input = b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQ\xffkq - 0 1\n\
rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1 \xff\n";
    for command in [
        &["convert"][..],
        &["validate"],
        &["validate", "--format", "json"],
        &["perft", "-", "1"],
    ] {
        let auto = forsyth(command, input);
        let (first, rest) = command.split_at(1);
        let given: Vec<&str> = first
            .iter()
            .chain(&["--variant", "capablanca"])
            .chain(rest)
            .copied()
            .collect();
        let given = forsyth(&given, input);
        assert_eq!(auto.code, 1, "{command:?}: {}", auto.stderr);
        assert_eq!(
            (auto.stdout.as_str(), auto.stderr.as_str()),
            (given.stdout.as_str(), given.stderr.as_str()),
            "{command:?}"
        );
        let report = format!("{}{}", auto.stdout, auto.stderr);
        assert!(
            report.contains(":1:61:") || report.contains("\"column\":61"),
            "{report}"
        );
        assert!(
            report.contains(":2:70:") || report.contains("\"column\":70"),
            "{report}"
        );
    }
}

/// The blanks around a record are the six bytes of specs/fen.md's `blank`
/// on both boards: a tab or a vertical tab is skipped around a 10x8 record
/// as around an 8x8 one, and a no-break space is refused at column 1 by
/// both, as not a piece letter, in a file and on standard input alike.
#[test]
fn blanks_around_a_10x8_record_are_fens_blanks() {
    let eight = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for record in [CAPABLANCA, eight] {
        let r = forsyth(&["validate"], format!("\t {record} \x0b\n").as_bytes());
        assert_eq!(r.code, 0, "{record}: {}{}", r.stdout, r.stderr);
        let r = forsyth(&["validate"], format!("\u{a0}{record}\n").as_bytes());
        assert_eq!(r.code, 1, "{record}: {}", r.stdout);
        assert!(
            r.stdout
                .starts_with("<stdin>:1:1: placement: bad_placement_byte: byte 0xc2 is not"),
            "{record}: {}",
            r.stdout
        );
        let r = forsyth(&["moves", "-"], format!("\t {record} \x0b\n").as_bytes());
        assert_eq!(r.code, 0, "{record}: {}", r.stderr);
        let r = forsyth(&["moves", "-"], format!("\u{a0}{record}\n").as_bytes());
        assert_eq!(r.code, 1, "{record}: {}", r.stdout);
        assert!(
            r.stderr.contains("col 1: placement: byte 0xc2"),
            "{}",
            r.stderr
        );
    }
}

/// `index --variant crc -` reports a line that is no start as its help
/// says and as `index -` does: FILE:LINE:COL: field: message (RRRRRRRRRR
/// has no knights, and specs/crc.md's starts have two).
#[test]
fn index_of_crc_lines_names_line_column_and_field() {
    let input = "BQACNBNRKR\nRRRRRRRRRR\nbqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR w KXkq - 0 1\n";
    let r = forsyth(&["index", "--variant", "crc", "-"], input.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (1, "0\n"), "{}", r.stderr);
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", r.stderr);
    assert!(
        errors[0].starts_with("<stdin>:2:1: placement: not a CRC start: "),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].starts_with("<stdin>:3:60: castling: "),
        "{}",
        errors[1]
    );
}

/// Fairy-Stockfish 11.1, `UCI_Variant` gothic, `position fen GOTHIC_TEST`,
/// `go perft 2`: each move's count (total 2801).
const GOTHIC_TEST_DIVIDE_2: &str = "a2a3: 57 e2e3: 56 i2i3: 57 j2j3: 57 b3b4: 56 a2a4: 57 \
e2e4: 57 i2i4: 57 j2j4: 57 c3b1: 57 c3a4: 57 c3e4: 57 c3b5: 57 c3d5: 60 h3g1: 57 h3f2: 57 \
h3j4: 57 h3g5: 56 h3i5: 56 g2f1: 57 g2f3: 57 g2e4: 57 g2d5: 60 d1a1: 57 d1b1: 57 d1c1: 57 \
h1f1: 57 h1g1: 57 d2c1: 57 d2d3: 57 d2e3: 56 d4g1: 58 d4f2: 58 d4e3: 57 d4f3: 58 d4b5: 58 \
d4c5: 56 d4e5: 54 d4f5: 61 d4b6: 58 d4c6: 58 d4e6: 53 d4f6: 58 d4g7: 2 d4h8: 59 e1f1: 57 \
e1g1: 57 e1d3: 57 e1f3: 57 i1j1: 57";

/// `perft --variant V -` reads standard input as `perft -` does (its help:
/// one result per record, with --divide each record's list, a blank line
/// and its total): the rows are Fairy-Stockfish's, a named start is a
/// record (28 moves from the Capablanca start, as Fairy-Stockfish
/// counts), and empty input is no record, as for 8x8 lines.
#[test]
fn perft_of_standard_input_under_a_10x8_variant_is_the_8x8_commands() {
    let input = format!("{GOTHIC_TEST}\n");
    let r = forsyth(
        &["perft", "--variant", "gothic", "--divide", "-", "2"],
        input.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let (rows, total) = r.stdout.split_once("\n\n").unwrap();
    let mut ours: Vec<&str> = rows.lines().collect();
    let mut peer: Vec<String> = GOTHIC_TEST_DIVIDE_2
        .split(' ')
        .collect::<Vec<_>>()
        .chunks(2)
        .map(|p| p.join(" "))
        .collect();
    ours.sort_unstable();
    peer.sort_unstable();
    assert_eq!(ours, peer);
    assert_eq!(total, "2801\n");
    let r = forsyth(
        &["perft", "--variant", "capablanca", "-", "1"],
        b"capablanca\n",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "28\n"), "{}", r.stderr);
    let eight = forsyth(&["perft", "-", "1"], b"");
    assert_eq!(eight.code, 1, "the help: 1 unless every record was counted");
    for variant in ["capablanca", "gothic", "crc"] {
        for input in [&b""[..], b"\n  \n"] {
            let r = forsyth(&["perft", "--variant", variant, "-", "1"], input);
            assert_eq!((r.code, r.stdout.as_str()), (1, ""), "{variant}");
            assert_eq!(r.stderr, eight.stderr, "{variant}");
        }
    }
}

/// A byte order mark is skipped at the start of the input only (the help
/// of every command that reads lines), and a fault's column counts the
/// line as read, its indent included, under a 10x8 `--variant` as on
/// 8x8 lines.
#[test]
fn a_10x8_line_of_standard_input_is_placed_as_read() {
    let bom = "\u{feff}";
    let input = format!("{bom}{CAPABLANCA}\n{bom}{CAPABLANCA}\n");
    let r = forsyth(
        &["perft", "--variant", "capablanca", "-", "1"],
        input.as_bytes(),
    );
    assert_eq!((r.code, r.stdout.as_str()), (1, "28\n"), "{}", r.stderr);
    assert_contains(&r.stderr, "<stdin>:2:1: placement: byte 0xef");
    let eight = forsyth(
        &["perft", "-", "1"],
        "\u{feff}8/8/8/8/8/8/8/K6k w - -\n\u{feff}8/8/8/8/8/8/8/K6k w - -\n".as_bytes(),
    );
    assert_eq!((eight.code, eight.stdout.as_str()), (1, "3\n"));
    assert_contains(&eight.stderr, "<stdin>:2:1: placement: byte 0xef");
    let line = "  \tr4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQXq - 0 1";
    let column = line.find('X').unwrap() + 1;
    for variant in ["capablanca", "auto"] {
        let r = forsyth(
            &["perft", "--variant", variant, "-", "1"],
            format!("{line}\n").as_bytes(),
        );
        assert_eq!(r.code, 1, "{variant}");
        assert_eq!(
            r.stderr,
            format!(
                "<stdin>:1:{column}: castling: 'X' is not K, Q, k, q or a file letter A-J/a-j\n"
            ),
            "{variant}"
        );
    }
}

/// Perft to depth 0 counts the position itself, one node (the definition
/// of perft; `perft --divide startpos 0` writes no move, a blank line and
/// 1), on the 10x8 board too.
#[test]
fn perft_divide_to_depth_zero_counts_one_node() {
    let eight = forsyth(&["perft", "--divide", "startpos", "0"], b"");
    assert_eq!((eight.code, eight.stdout.as_str()), (0, "\n1\n"));
    for position in ["capablanca", "gothic", "crc:0", CASTLES] {
        let r = forsyth(&["perft", "--divide", position, "0"], b"");
        assert_eq!((r.code, r.stdout.as_str()), (0, "\n1\n"), "{position}");
        let r = forsyth(&["perft", position, "0"], b"");
        assert_eq!(r.stdout, "1\n", "{position}");
    }
}

/// A CRC back rank is ten piece letters and nothing else, as a Chess960
/// one is eight (specs/crc.md): a character that is no piece letter is
/// named at its column, a byte order mark after the first line too, as
/// `index -` names it on 8x8 lines.
#[test]
fn a_crc_back_rank_is_piece_letters_alone() {
    let eight = forsyth(&["index", "-"], b"RNBQKBNR\nRNB-QKBNR\n");
    assert_eq!((eight.code, eight.stdout.as_str()), (1, "518\n"));
    assert_contains(
        &eight.stderr,
        "<stdin>:2:4: placement: '-' is not a piece letter",
    );
    let input = "BQACNBNRKR\nBQA-CNBNRKR\n\u{feff}BQACNBNRKR\nBQACNBNRKR!\ncrc:5\n";
    let r = forsyth(&["index", "--variant", "crc", "-"], input.as_bytes());
    assert_eq!((r.code, r.stdout.as_str()), (1, "0\n5\n"), "{}", r.stderr);
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 3, "{}", r.stderr);
    assert!(errors[0].starts_with("<stdin>:2:4: placement: '-' is not a piece letter"));
    assert!(errors[1].starts_with("<stdin>:3:1: placement: byte 0xef"));
    assert!(errors[2].starts_with("<stdin>:4:11: placement: '!' is not a piece letter"));
    let r = forsyth(&["index", "--variant", "crc", "BQA-CNBNRKR"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_contains(&r.stderr, "'-' is not a piece letter");
}

/// The end of a 10x8 game is the 8x8 game's (FIDE Laws 9.6.1, 9.6.2:
/// fivefold repetition and the seventy-five-move rule end the game; 9.2,
/// 9.3: threefold repetition and the fifty-move rule are both claims):
/// a move after the end is refused as `game_over` (specs/moves.md), and
/// each claim that holds is said, as `play` says them on 8x8.
#[test]
fn a_10x8_game_ends_and_claims_as_an_8x8_one() {
    let shuffle = ["Nh3", "Nh6", "Ni1", "Ni8"];
    let mut words = vec!["play", "capablanca"];
    for _ in 0..4 {
        words.extend(shuffle);
    }
    let r = forsyth(&words, b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "forsyth: fivefold repetition: the game is drawn\n"
    );
    words.push("e4");
    let r = forsyth(&words, b"");
    assert_eq!((r.code, r.stdout.as_str()), (1, ""));
    assert_eq!(
        r.stderr,
        "forsyth: move 17 (e4): illegal move e4 for white: the game has ended \
         (draw by fivefold repetition) (game_over)\n"
    );
    // The clock at 150 after Nh3 Nh6: the seventy-five-move rule.
    let late = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 148 1";
    let r = forsyth(&["play", late, "Nh3", "Nh6"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "seventy-five-move rule");
    let r = forsyth(&["play", late, "Nh3", "Nh6", "Ni1"], b"");
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        "move 3 (Ni1): illegal move Ni1 for white: the game has ended",
    );
    // Threefold repetition with the clock past 100: both claims.
    let clock = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 100 1";
    let mut words = vec!["play", clock];
    words.extend(shuffle);
    words.extend(shuffle);
    let r = forsyth(&words, b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "forsyth: threefold repetition: a draw may be claimed\n\
         forsyth: fifty-move rule: a draw may be claimed\n"
    );
}

/// `notation` keeps all that is not a move as it was written (specs/
/// notation.md), on the 10x8 board as on the 8x8 one: the same movetext
/// skeleton (spacing, comments, move numbers, a variation) comes back
/// from both boards unchanged.
#[test]
fn notation_keeps_the_spacing_on_both_boards() {
    let skeleton = "1.{}   {} {{a  comment}}\n2.{}  {} ({}...{}) 3.{} *\n";
    let fill = |moves: &[&str]| {
        let mut text = skeleton.to_owned();
        for m in moves {
            text = text.replacen("{}", m, 1);
        }
        text.replace("{{", "{").replace("}}", "}")
    };
    let args = ["notation", "--from", "san", "--to", "uci"];
    let eight = forsyth(
        &args,
        fill(&["e4", "e5", "Nf3", "Nc6", "2", "Nf6", "Bc4"]).as_bytes(),
    );
    assert_eq!(eight.code, 0, "{}", eight.stderr);
    assert_eq!(
        eight.stdout,
        fill(&["e2e4", "e7e5", "g1f3", "b8c6", "2", "g8f6", "f1c4"])
    );
    let mut ten = args.to_vec();
    ten.extend(["--fen", "capablanca"]);
    let r = forsyth(
        &ten,
        fill(&["e4", "e5", "Ad3", "Nc6", "2", "Ci6", "Ci3"]).as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    // The archbishop on c1, the chancellor on h1 (RNABQKBCNR).
    assert_eq!(
        r.stdout,
        fill(&["e2e4", "e7e5", "c1d3", "b8c6", "2", "h8i6", "h1i3"])
    );
}

/// A position `-` is the first record on standard input (the position
/// help), a 10x8 one too: its moves are Fairy-Stockfish's, `play` ends
/// where Fairy-Stockfish does (as in `play_ends_where_fairy_stockfish_does`),
/// and `show` and `diagram` draw what they draw of the record given as
/// an argument.
#[test]
fn a_10x8_record_on_standard_input_is_the_position() {
    for (variant, record, peer) in recorded().into_iter().step_by(7) {
        let input = format!("{record}\n");
        // CRC castles king takes rook in UCI: its variant says so.
        let args = match variant.as_str() {
            "crc" => &["moves", "--variant", "crc", "-"][..],
            _ => &["moves", "-"],
        };
        let r = forsyth(args, input.as_bytes());
        assert_eq!(r.code, 0, "{record}: {}", r.stderr);
        let mut ours: Vec<&str> = r.stdout.lines().collect();
        ours.sort_unstable();
        assert_eq!(ours, peer, "{record}");
    }
    let r = forsyth(
        &["play", "-", "e4", "e5", "Nh3", "Nh6", "Ci3", "Ci6"],
        format!("\n{CAPABLANCA}\n").as_bytes(),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            0,
            "rnabqkb2r/pppp1ppppp/7nc1/4p5/4P5/7NC1/PPPP1PPPPP/RNABQKB2R w KQkq - 4 4\n"
        ),
        "{}",
        r.stderr
    );
    for command in ["show", "diagram"] {
        let given = forsyth(&[command, GOTHIC_TEST], b"");
        assert_eq!(given.code, 0, "{}", given.stderr);
        let read = forsyth(&[command, "-"], format!("{GOTHIC_TEST}\n").as_bytes());
        assert_eq!(
            (read.code, read.stdout),
            (0, given.stdout),
            "{}",
            read.stderr
        );
        let named = forsyth(&[command, "gothic"], b"");
        let read = forsyth(&[command, "-"], b"gothic\n");
        assert_eq!(read.stdout, named.stdout, "{}", read.stderr);
    }
}

/// A result ends the moves of `play` (its help), and a move after it is
/// refused as `after_result` (specs/moves.md: `e4 e5 1-0 Nf3`), on the
/// 10x8 board as on the 8x8 one.
#[test]
fn a_move_after_the_result_is_refused_on_ten_files() {
    for start in ["startpos", "capablanca"] {
        let r = forsyth(&["play", start, "e4", "e5", "1-0", "Nh3"], b"");
        assert_eq!((r.code, r.stdout.as_str()), (1, ""), "{start}");
        assert_eq!(
            r.stderr,
            "forsyth: move 4 (Nh3): 'Nh3' follows the result 1-0, which ends the moves \
             (after_result)\n",
            "{start}"
        );
        let r = forsyth(&["play", start, "e4", "e5", "*"], b"");
        assert_eq!(r.code, 0, "{start}: {}", r.stderr);
    }
}

/// A refused 10x8 move says why, in the words the 8x8 board uses for the
/// same refusal: the king's step that no king makes, and a knight pinned
/// by a bishop on the same squares of both boards. The 8x8 output is the
/// reference.
#[test]
fn play_says_why_a_10x8_move_is_illegal() {
    let reason = |args: &[&str]| {
        let r = forsyth(args, b"");
        assert_eq!(r.code, 1, "{}", r.stderr);
        let at = r.stderr.find("for white: ").expect(&r.stderr);
        r.stderr[at..].trim_end().to_owned()
    };
    let ten = reason(&["play", "capablanca", "e4", "e5", "Kd3"]);
    assert_eq!(ten, reason(&["play", "startpos", "e4", "e5", "Kd3"]));
    assert_eq!(ten, "for white: no king can move to d3 (unreachable)");
    let ten = reason(&["play", "5k4/10/10/10/1b8/10/3N6/4K5 w - - 0 1", "Nf3"]);
    assert_eq!(
        ten,
        reason(&["play", "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3"])
    );
    assert_eq!(
        ten,
        "for white: the piece on d2 is pinned to its king by the piece on b4 (pinned)"
    );
    // Castling: the bishop on g1 stands in the king's way.
    assert_eq!(
        reason(&["play", "capablanca", "O-O"]),
        "for white: king side castling is blocked by the piece on g1 (castling_blocked)"
    );
}

/// `notation` and `pgn check` refuse an illegal 10x8 move with its reason,
/// as they do the same text on 8x8 (the reference: the same line, the same
/// column, the same words).
#[test]
fn notation_and_pgn_say_why_a_10x8_move_is_illegal() {
    let text = b"1. e4 e5 2. Kd3\n";
    let ten = forsyth(
        &[
            "notation",
            "--from",
            "san",
            "--to",
            "uci",
            "--fen",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        ],
        text,
    );
    let eight = forsyth(&["notation", "--from", "san", "--to", "uci"], text);
    assert_eq!(ten.code, 1, "{}", ten.stderr);
    // The 8x8 line goes on with the legal moves to d3.
    assert!(
        eight.stderr.starts_with(ten.stderr.trim_end()),
        "{}{}",
        ten.stderr,
        eight.stderr
    );
    assert_contains(
        &ten.stderr,
        "move 2.: illegal move 'Kd3' for white (san): no king can move to d3",
    );
    let problem = |pgn: &str| {
        let r = forsyth(&["pgn", "check", "--format", "json", "-"], pgn.as_bytes());
        assert_eq!(r.code, 1, "{}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
        (
            v["problem"]["kind"].clone(),
            v["problem"]["message"].clone(),
        )
    };
    let (kind, message) = problem("[Variant \"Capablanca\"]\n\n1. e4 e5 2. Kd3 *\n");
    let (kind8, message8) = problem("1. e4 e5 2. Kd3 *\n");
    assert_eq!(kind, kind8);
    assert_eq!(kind, "unreachable");
    let words = |m: &serde_json::Value| {
        let m = m.as_str().unwrap().to_owned();
        m[m.find(": ").unwrap()..].to_owned()
    };
    assert_eq!(words(&message), words(&message8));
}
