//! `forsyth pgn check` and `forsyth pgn fens`: their text and JSON output, on
//! hand-made games whose verdicts and positions are worked out by the rules
//! in each test, the PGN standard's example game, and generated legal games
//! whose positions the test computes itself through the library.

use forsyth::fen::CastlingNotation;
use forsyth::{Chess960Start, Color, Position, Setup};

use crate::rng::Rng;
use crate::util::{assert_contains, assert_starts_with, forsyth};

const STANDARD_EXAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../forsyth/tests/data/pgn/standard-example.pgn"
);

/// Four games: legal; legal with a FEN tag but no SetUp; an illegal move
/// in a variation; a game whose movetext lacks its result.
const GAMES: &str = "[Event \"one\"]\n\
[Result \"0-1\"]\n\
\n\
1. f3 e5 2. g4 Qh4# 0-1\n\
\n\
[Event \"two\"]\n\
[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\
\n\
1. e4 Kd7 *\n\
\n\
[Event \"three\"]\n\
\n\
1. e4 e5 (1... e4 2. d4) 2. Nf3 *\n\
\n\
[Event \"four\"]\n\
1. d4 d5\n";

#[test]
fn check_writes_one_line_per_game() {
    let r = forsyth(&["pgn", "check"], GAMES.as_bytes());
    assert_eq!(r.code, 1, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    assert_eq!(lines[0], "<stdin>:GAME 1 (line 1): ok");
    assert_eq!(
        lines[1],
        "<stdin>:GAME 2 (line 6): ok (warning: fen_without_setup: FEN tag without [SetUp \"1\"])"
    );
    // 1... e4 in the variation of 1... e5: Black's pawn e7 cannot reach e4;
    // the token is byte 16 of line 13, Black's first move.
    assert!(
        lines[2].starts_with("<stdin>:GAME 3 (line 11): 13:16: 1... e4: "),
        "{}",
        lines[2]
    );
    // The movetext ends at the end of input without a result: the game
    // replays, and `1. d4 d5` decides nothing, so it is taken as `*`.
    assert_eq!(
        lines[3],
        "<stdin>:GAME 4 (line 15): ok (warning: missing_result: movetext ends without a \
         result (taken as *))"
    );
}

#[test]
fn check_exits_0_when_every_game_is_legal() {
    let r = forsyth(&["pgn", "check", STANDARD_EXAMPLE], b"");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(
        r.stdout,
        format!("{STANDARD_EXAMPLE}:GAME 1 (line 1): ok\n")
    );
}

#[test]
fn check_json_has_every_field() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/R6R/8/4K3 b - - 0 7\"]\n\n7... Kd8 8. Rd3 *\n";
    let r = forsyth(&["pgn", "check", "--format", "json", "-"], pgn.as_bytes());
    assert_eq!(r.code, 1);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["file"], "<stdin>");
    assert_eq!((v["game"].as_u64(), v["line"].as_u64()), (Some(1), Some(1)));
    assert_eq!(v["ok"], false);
    assert_eq!(v["warnings"].as_array().map(Vec::len), Some(0));
    let p = &v["problem"];
    // Both rooks reach d3: ambiguous, candidates written with their file.
    assert_eq!(p["kind"], "ambiguous_san");
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(4), Some(13))
    );
    assert_eq!(p["move"], "Rd3");
    assert_eq!(p["move_number"].as_u64(), Some(8));
    assert_eq!(p["side"], "white");
    assert_eq!(p["fen"], "3k4/8/8/8/8/R6R/8/4K3 w - - 1 8");
    let mut candidates: Vec<&str> = p["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    candidates.sort();
    assert_eq!(candidates, ["Rad3", "Rhd3"]);
    assert!(p["message"].as_str().is_some_and(|m| !m.is_empty()));
}

#[test]
fn fens_of_the_standards_example_game() {
    let r = forsyth(&["pgn", "fens", STANDARD_EXAMPLE], b"");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let lines: Vec<&str> = r.stdout.lines().collect();
    // 85 plies, the start included: 86 records.
    assert_eq!(lines.len(), 86);
    assert_eq!(
        lines[0],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // 1. e4: the en-passant square is written only when a capture is legal.
    assert_eq!(
        lines[1],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // Black to move after 43. Re6; the last pawn move was 42. g4, two plies
    // before (42... Bd3, 43. Re6).
    assert!(lines[85].ends_with(" b - - 2 43"), "{}", lines[85]);
    let last = forsyth(&["pgn", "fens", "--final", STANDARD_EXAMPLE], b"");
    assert_eq!(last.stdout, format!("{}\n", lines[85]));
    let epd = forsyth(&["pgn", "fens", "--epd", STANDARD_EXAMPLE], b"");
    let epd: Vec<&str> = epd.stdout.lines().collect();
    assert_eq!(epd.len(), 86);
    for (ply, (e, f)) in epd.iter().zip(&lines).enumerate() {
        let four: Vec<&str> = f.split(' ').take(4).collect();
        assert_eq!(*e, format!("{} id \"1.{ply}\";", four.join(" ")));
    }
}

#[test]
fn fens_of_an_illegal_game_stop_at_the_bad_move() {
    let r = forsyth(&["pgn", "fens"], b"1. e4 e5 2. Ke3 *\n");
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.lines().count(), 3);
    assert!(
        r.stderr
            .starts_with("<stdin>:GAME 1 (line 1): 1:13: 2. Ke3: "),
        "{}",
        r.stderr
    );
}

/// A Chess960 position (kings on e, rooks on b and g), then 1. O-O O-O-O
/// by the Chess960 castling rule: king to g1 and rook to f1; king to c8
/// and rook to d8.
const C960: &str = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1";

fn chess960_file() -> String {
    let mut pgn = String::new();
    for alias in ["Fischer Random", "chess 960", "960"] {
        pgn.push_str(&format!(
            "[FEN \"{C960}\"]\n[Variant \"{alias}\"]\n[SetUp \"1\"]\n\n1. O-O O-O-O *\n\n"
        ));
    }
    pgn.push_str("1. e4 *\n");
    pgn
}

#[test]
fn fens_of_chess960_games_in_any_encoding_and_selection() {
    let pgn = chess960_file();
    let r = forsyth(
        &["pgn", "fens", "--final", "--variant", "chess960"],
        pgn.as_bytes(),
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let after = "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2";
    assert_eq!(r.stdout, format!("{after}\n{after}\n{after}\n"));
    let r = forsyth(
        &[
            "pgn",
            "fens",
            "--castling",
            "shredder",
            "--variant",
            "chess960",
        ],
        pgn.as_bytes(),
    );
    let first = r.stdout.lines().next().unwrap();
    assert_eq!(
        first,
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w BGbg - 0 1"
    );
    // After White castles only Black's rights are left: b8 and g8.
    assert_eq!(
        r.stdout.lines().nth(1).unwrap(),
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b bg - 1 1"
    );
    let r = forsyth(&["pgn", "check", "--variant", "standard"], pgn.as_bytes());
    assert_eq!(r.stdout, "<stdin>:GAME 4 (line 19): ok\n");
    let r = forsyth(&["pgn", "check", "--setup-only"], pgn.as_bytes());
    assert_eq!(r.stdout.lines().count(), 3);
    // Standard FEN cannot say these rights: each game is reported, none
    // dropped.
    let r = forsyth(&["pgn", "fens", "--castling", "standard"], pgn.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr.lines().count(), 3, "{}", r.stderr);
}

/// A position `fens` cannot write in the encoding asked for is reported
/// with its game's number and line, which depend on every game before it:
/// with threads, on a file of many pieces, the output and the reports are
/// those of one copy of the games, its numbers and lines moved on by the
/// copies before, as one thread also writes them.
#[test]
fn fens_report_unwritten_positions_in_place_with_threads() {
    let copy = chess960_file() + "\n";
    let one = forsyth(&["pgn", "fens", "--castling", "standard"], copy.as_bytes());
    assert_eq!(one.code, 1);
    assert_eq!(one.stderr.lines().count(), 3, "{}", one.stderr);
    let (games, lines) = (4, copy.lines().count() as u64);
    // `<stdin>:GAME N (line L): ...` with N and L moved on.
    let moved = |report: &str, copies: u64| -> String {
        let (head, rest) = report.split_once(":GAME ").unwrap();
        let (number, rest) = rest.split_once(" (line ").unwrap();
        let (line, rest) = rest.split_once(')').unwrap();
        let number: u64 = number.parse().unwrap();
        let line: u64 = line.parse().unwrap();
        let (number, line) = (number + games * copies, line + lines * copies);
        format!("{head}:GAME {number} (line {line}){rest}\n")
    };
    let copies = 5_000;
    let mut expected_err = String::new();
    for i in 0..copies {
        for report in one.stderr.lines() {
            expected_err.push_str(&moved(report, i));
        }
    }
    let text = copy.repeat(copies as usize);
    assert!(text.len() > 4 * (1 << 18), "many pieces: {}", text.len());
    for threads in ["1", "2", "3"] {
        let args = [
            "pgn",
            "fens",
            "--castling",
            "standard",
            "--threads",
            threads,
        ];
        let r = forsyth(&args, text.as_bytes());
        assert_eq!(r.code, 1, "{threads}");
        assert!(r.stdout == one.stdout.repeat(copies as usize), "{threads}");
        assert!(
            r.stderr == expected_err,
            "{threads}: {}",
            r.stderr.get(..300).unwrap_or(&r.stderr)
        );
    }
}

/// `pgn export` with threads, on a file of many pieces: each copy of a
/// set of games (a comment, NAGs, nested variations, a `;` comment, a
/// fault, a warning, Chess960 games, a 10x8 game) is written as one copy
/// alone is on one thread, the reports' game numbers and lines moved on
/// by the copies before; with and without a rejects file, and with `FEN`
/// tags the encoding asked for cannot say.
#[test]
fn export_writes_every_copy_as_one_thread_writes_one() {
    let games = "[Event \"annotated\"]\n\n1. e4 $1 {best by test} (1. d4 d5 (1... Nf6 2. c4) \
        2. c4) 1... e5 ; a line\n2. Nf3 Nc6 1-0\n\n\
        [Event \"faulty\"]\n\n1. e4 e5 2. Ke3 {too far} Nc6 1-0\n\n\
        [Event \"no result\"]\n\n1. d4 d5\n\n\
        [Event \"ten\"]\n[Variant \"Capablanca\"]\n\n1. e4 e5 2. Nj3 *\n";
    let copy = format!("{}\n{games}\n", chess960_file());
    let per_copy = forsyth(&["pgn", "check"], copy.as_bytes())
        .stdout
        .lines()
        .count() as u64;
    assert_eq!(per_copy, 8);
    let lines = copy.lines().count() as u64;
    // `<stdin>:GAME N (line L): ...`, and a fault's or a warning's
    // `LINE:COL` after it, moved on by `copies`.
    let moved = |report: &str, copies: u64| -> String {
        let (name, rest) = report.split_once(":GAME ").unwrap();
        let (number, rest) = rest.split_once(" (line ").unwrap();
        let (line, rest) = rest.split_once(')').unwrap();
        let number = number.parse::<u64>().unwrap() + per_copy * copies;
        let line = line.parse::<u64>().unwrap() + lines * copies;
        let rest = match rest.strip_prefix(": ").and_then(|r| r.split_once(':')) {
            Some((at, after)) if at.parse::<u64>().is_ok() => {
                let at = at.parse::<u64>().unwrap() + lines * copies;
                format!(": {at}:{after}")
            }
            _ => rest.to_owned(),
        };
        format!("{name}:GAME {number} (line {line}){rest}\n")
    };
    let copies = 5_000;
    let text = copy.repeat(copies as usize);
    assert!(text.len() > 4 * (1 << 18), "many pieces: {}", text.len());
    let dir = std::env::temp_dir().join(format!("forsyth-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rejects = dir.join("rejects.pgn");
    let rejects = rejects.to_str().unwrap();
    for castling in [&[][..], &["--castling", "standard"]] {
        for keep in [&[][..], &["--rejects", rejects]] {
            let run = |threads: &str, input: &str| {
                let _ = std::fs::remove_file(rejects);
                let mut args = vec!["pgn", "export", "--threads", threads];
                args.extend_from_slice(castling);
                args.extend_from_slice(keep);
                let r = forsyth(&args, input.as_bytes());
                let written = std::fs::read_to_string(rejects).unwrap_or_default();
                (r, written)
            };
            let (one, one_rejected) = run("1", &copy);
            assert_eq!(one.code, 1, "{castling:?} {keep:?}: {}", one.stderr);
            assert_contains(&one.stdout, "[Variant \"Capablanca\"]");
            assert_eq!(one_rejected.is_empty(), keep.is_empty(), "{castling:?}");
            let mut expected_err = String::new();
            for i in 0..copies {
                for report in one.stderr.lines() {
                    expected_err.push_str(&moved(report, i));
                }
            }
            let expected_out = one.stdout.repeat(copies as usize);
            for threads in ["1", "2", "3"] {
                let (r, rejected) = run(threads, &text);
                let what = format!("{castling:?} {keep:?} --threads {threads}");
                assert_eq!(r.code, 1, "{what}");
                assert!(r.stdout == expected_out, "{what}");
                assert!(
                    r.stderr == expected_err,
                    "{what}: {}",
                    r.stderr.get(..300).unwrap_or(&r.stderr)
                );
                assert!(rejected == one_rejected.repeat(copies as usize), "{what}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn never_a_game_dropped() {
    // A broken game between two good ones; a stray `}` between games.
    let pgn = "1. e4 *\n\n[Event \"x\"]\n1. e4 $999 e5 *\n}\n1. d4 *\n";
    let r = forsyth(&["pgn", "check"], pgn.as_bytes());
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert!(lines[1].starts_with("<stdin>:GAME 2 (line 3): 4:7: bad_nag: "));
    assert_eq!(lines[2], "<stdin>:GAME 3 (line 6): ok");
    assert!(
        r.stderr.starts_with("<stdin>:5:1: stray_brace: "),
        "{}",
        r.stderr
    );
}

/// `fens` equals the positions of the games: random legal games (standard
/// and Chess960) written as SAN movetext with comments, NAGs and
/// variations; the expected records are the positions the test played.
#[test]
fn fens_equal_the_positions_of_random_legal_games() {
    let mut rng = Rng::new(11);
    let mut pgn = String::new();
    let mut expected = Vec::new();
    for game in 0..40 {
        let setup = if game % 2 == 0 {
            Setup::standard()
        } else {
            Chess960Start::new(rng.below(960) as u16)
                .unwrap()
                .to_setup()
        };
        let mut pos = Position::from_setup(setup).unwrap();
        let xfen = |p: &Position| p.setup().to_fen(&CastlingNotation::XFen.into()).unwrap();
        if game % 2 == 1 {
            pgn.push_str(&format!(
                "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n",
                xfen(&pos)
            ));
        }
        expected.push(xfen(&pos));
        for _ in 0..rng.below(120) {
            let moves: Vec<_> = pos.legal_moves().into_iter().collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            if pos.turn() == Color::White {
                pgn.push_str(&format!("{}. ", pos.setup().fullmoves));
            }
            pgn.push_str(&pos.san(m));
            match rng.below(8) {
                0 => pgn.push_str(" {a comment}"),
                1 => pgn.push_str(" $3"),
                2 => {
                    let alt = moves[rng.below(moves.len() as u64) as usize];
                    pgn.push_str(&format!(" ({} {{alt}})", pos.san(alt)));
                }
                _ => {}
            }
            pgn.push(' ');
            pos = pos.play(m).unwrap();
            expected.push(xfen(&pos));
        }
        pgn.push_str("*\n\n");
    }
    let r = forsyth(&["pgn", "fens"], pgn.as_bytes());
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let got: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(got, expected);
}

/// `pgn export`: the standard's example comes back with its own tags, its
/// moves and comment, every line within 80 columns; exporting the export
/// changes nothing.
#[test]
fn export_of_the_standards_example_game() {
    let input = std::fs::read_to_string(STANDARD_EXAMPLE).unwrap();
    let r = forsyth(&["pgn", "export", STANDARD_EXAMPLE], b"");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let (tags, movetext) = input.split_once("\n\n").unwrap();
    assert!(r.stdout.starts_with(&format!("{tags}\n\n")), "{}", r.stdout);
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        words(r.stdout.split_once("\n\n").unwrap().1),
        words(movetext)
    );
    assert!(r.stdout.lines().all(|l| l.len() <= 80));
    let again = forsyth(&["pgn", "export"], r.stdout.as_bytes());
    assert_eq!((again.code, again.stdout), (0, r.stdout));
}

/// Every game is written; a fault goes to standard error as `pgn check`
/// writes it, each warning too (with its line and column), and a fault
/// makes the exit status 1.
#[test]
fn export_writes_every_game_and_reports_faults_and_warnings() {
    let r = forsyth(&["pgn", "export"], GAMES.as_bytes());
    assert_eq!(r.code, 1);
    let events: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("[Event "))
        .collect();
    assert_eq!(
        events,
        [
            "[Event \"one\"]",
            "[Event \"two\"]",
            "[Event \"three\"]",
            "[Event \"four\"]"
        ]
    );
    let err: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(err.len(), 3, "{}", r.stderr);
    // The FEN tag is line 7.
    assert_eq!(
        err[0],
        "<stdin>:GAME 2 (line 6): 7:1: warning: fen_without_setup: FEN tag without [SetUp \"1\"]"
    );
    assert_starts_with(err[1], "<stdin>:GAME 3 (line 11): 13:16: 1... e4: ");
    assert_starts_with(
        err[2],
        "<stdin>:GAME 4 (line 15): 17:1: warning: missing_result: ",
    );
    // The FEN tag of game two gains its SetUp tag.
    assert!(r
        .stdout
        .contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"));
}

/// `--castling` rewrites the FEN tags; `--variant` and `--setup-only`
/// select as for check and fens; `--notation` writes the moves.
#[test]
fn export_castling_selection_and_notation() {
    let file = chess960_file();
    let shredder = forsyth(
        &["pgn", "export", "--castling", "shredder"],
        file.as_bytes(),
    );
    let xfen = forsyth(&["pgn", "export"], file.as_bytes());
    assert_eq!((shredder.code, xfen.code), (0, 0), "{}", xfen.stderr);
    let fens = |out: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.strip_prefix("[FEN \""))
            .map(|l| l.split(' ').nth(2).unwrap().to_owned())
            .collect()
    };
    // Rooks on b and g, the king on e: KQkq in X-FEN, BGbg in Shredder-FEN.
    assert_eq!(fens(&xfen.stdout), ["KQkq"; 3]);
    assert_eq!(fens(&shredder.stdout), ["BGbg"; 3]);
    assert!(
        xfen.stdout.contains("\n\n1. O-O O-O-O *\n"),
        "{}",
        xfen.stdout
    );
    let standard = forsyth(&["pgn", "export", "--variant", "standard"], file.as_bytes());
    assert_eq!(standard.stdout.matches("[Event ").count(), 1);
    assert!(standard.stdout.ends_with("\n\n1. e4 *\n\n"));
    let setup = forsyth(&["pgn", "export", "--setup-only"], GAMES.as_bytes());
    assert_eq!(setup.stdout.matches("[Event ").count(), 1);
    assert!(setup.stdout.starts_with("[Event \"two\"]"));
    let german = forsyth(
        &["pgn", "export", "--notation", "san-de"],
        b"1. e4 e5 2. Nf3 Nc6 3. Bb5 *",
    );
    assert!(
        german
            .stdout
            .ends_with("\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 *\n\n"),
        "{}",
        german.stdout
    );
}

/// `--threads`: the output of every command is the same bytes on one
/// thread and on several, on a collection of more games than a batch holds
/// (64) with faults, errors between games, `%` lines, a game cut short by
/// the next one's tags, in two files (one missing: reported in its place).
#[test]
fn threads_give_the_same_bytes_in_input_order() {
    let pieces = [
        GAMES,
        "1. e4 e5 2. Ke3 *\n",
        "}\n",
        "% an escape line\n1. d4 ) d5 *\n",
        "1. e4 (1. d4 (1. c4 Nf6) d5) e5 2. Nf3 {c} ; line\n2... Nc6 1-0\n",
        "1. d4 d5",
        "[Event \"after a cut\"]\n1. c4 *\n",
    ];
    let mut pgn = String::new();
    let mut rng = Rng::new(5);
    for _ in 0..300 {
        pgn.push_str(pieces[rng.below(pieces.len() as u64) as usize]);
        pgn.push('\n');
    }
    let dir = std::env::temp_dir().join(format!("forsyth-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let file = file.to_str().unwrap();
    for command in [
        &["check"][..],
        &["check", "--format", "json"],
        &["fens", "--epd"],
        &["export"],
    ] {
        let run = |threads: &str| {
            let mut args = vec!["pgn"];
            args.extend_from_slice(command);
            args.extend(["--threads", threads, file, "/nonexistent.pgn", file]);
            forsyth(&args, b"")
        };
        let one = run("1");
        let three = run("3");
        assert_eq!(one.code, 2, "{command:?}");
        assert!(one.stdout.lines().count() > 300, "{command:?}");
        assert_eq!(
            (three.code, &three.stdout, &three.stderr),
            (one.code, &one.stdout, &one.stderr),
            "{command:?}"
        );
    }
    // The rejects file too; with it, every game is in the output, or in the
    // file and named on standard error: what `pgn check` counts in the
    // output, plus the games reported, is what it counts in the input.
    let rejects = dir.join("rejects.pgn");
    let rejects = rejects.to_str().unwrap();
    let mut written = Vec::new();
    for threads in ["1", "3"] {
        let r = forsyth(
            &[
                "pgn",
                "export",
                "--threads",
                threads,
                "--rejects",
                rejects,
                file,
            ],
            b"",
        );
        assert_eq!(r.code, 1);
        written.push((r.stdout, r.stderr, std::fs::read(rejects).unwrap()));
    }
    assert_eq!(written[0], written[1]);
    let (out, err, rejected) = &written[0];
    let games = |args: &[&str], input: &[u8]| {
        let mut all = vec!["pgn", "check", "--summary"];
        all.extend_from_slice(args);
        let r = forsyth(&all, input);
        let last = r.stderr.lines().last().unwrap_or_default().to_owned();
        let n: usize = last.split(' ').nth(1).unwrap().parse().unwrap();
        (n, last)
    };
    let (total, _) = games(&[file], b"");
    let (good, summary) = games(&["-"], out.as_bytes());
    assert!(summary.ends_with(" 0 with faults"), "{summary}");
    let reported = err
        .lines()
        .filter(|l| l.contains(":GAME ") && !l.contains(": warning: "))
        .count();
    assert_eq!(good + reported, total);
    assert!(!rejected.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--threads` finds game boundaries in parallel, splitting a file at
/// lines that start with `[` after a blank line and checking each split:
/// the output is still the same bytes as one thread's, game numbers and
/// line numbers included, on a file of many pieces where such lines also
/// sit inside comments, between one game's tag pairs, after a game cut
/// short (in a variation), beside games without tags, errors between
/// games and a comment longer than the reader takes; with a byte order
/// mark and line feeds, and with CRLF; each file ending in a broken game.
#[test]
fn threads_split_files_between_games_only() {
    let published = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../forsyth/tests/data/pgn/published.pgn"
    ))
    .unwrap();
    let long = format!(
        "[Event \"long\"]\n\n1. e4 {{{}}} e5 *\n",
        "x\n\n[y]\n".repeat(9_000)
    );
    let pieces = [
        "[Event \"comment\"]\n\n1. e4 {a comment\n\n[Event \"not a tag\"]\n\nstill it} e5 *\n",
        "[Event \"split\"]\n\n[Site \"tags\"]\n\n[Round \"1\"]\n\n1. d4 *\n",
        "1. c4 c5 2. Nc3 *\n",
        "[Event \"no result\"]\n1. e4 e5\n",
        "[Event \"open\"]\n\n1. e4 (1. d4\n",
        "}\n",
        "% an escape line\n",
        "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n",
        "{a comment between games\n\n[Event \"inside\"]\n}\n",
        "[Event \"nag\"]\n1. e4 $300 e5 1-0\n",
    ];
    let mut lf = String::from("\u{feff}");
    let mut rng = Rng::new(24);
    for i in 0..100_000 {
        let piece = match i {
            7_000 => long.as_str(),
            _ if i % 1_000 == 0 => published.as_str(),
            _ => pieces[rng.below(pieces.len() as u64) as usize],
        };
        lf.push_str(piece);
        lf.push('\n');
    }
    let crlf = lf.trim_start_matches('\u{feff}').replace('\n', "\r\n")
        + "[Event \"last\"]\r\n\r\n[Site \"tags only\"]\r\n";
    lf.push_str("[Event \"last\"]\n1. e4 {never closed\n\n[Event \"x\"]\n");
    assert!(lf.len() > 12 * (1 << 18), "many pieces: {}", lf.len());
    let dir = std::env::temp_dir().join(format!("forsyth-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rejects = dir.join("rejects.pgn");
    let rejects = rejects.to_str().unwrap();
    for (name, text) in [("lf.pgn", &lf), ("crlf.pgn", &crlf)] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let file = file.to_str().unwrap();
        for command in [
            &["check"][..],
            &["check", "--format", "json"],
            &["fens"],
            &["fens", "--epd"],
            &["export", "--rejects", rejects],
        ] {
            let run = |threads: &str| {
                let mut args = vec!["pgn"];
                args.extend_from_slice(command);
                args.extend(["--summary", "--threads", threads, file]);
                let r = forsyth(&args, b"");
                let written = std::fs::read(rejects).unwrap_or_default();
                (r.code, r.stdout, r.stderr, written)
            };
            let one = run("1");
            assert_eq!(one.0, 1, "{name} {command:?}: {}", one.2);
            // Games far into the file: lines are counted across pieces.
            let both = format!("{}{}", one.1, one.2);
            let last = both
                .replace("\"line\":", "(line ")
                .split("(line ")
                .skip(1)
                .filter_map(|rest| {
                    let digits = rest.split(|c: char| !c.is_ascii_digit()).next()?;
                    digits.parse::<u64>().ok()
                })
                .max();
            assert!(last > Some(10_000), "{name} {command:?}: {last:?}");
            for threads in ["2", "3"] {
                assert!(
                    run(threads) == one,
                    "{name} {command:?} --threads {threads}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The words of a text, white space aside (the export breaks its lines at
/// 80 columns; the tests compare what is written, not where lines end).
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// The movetext of an exported game: what follows its blank line.
fn movetext_of(game: &str) -> &str {
    game.split_once("\n\n").map_or("", |(_, m)| m)
}

/// The Seven Tag Roster of a game without tags, with its result.
fn roster(result: &str) -> String {
    format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n\n"
    )
}

/// A game whose moves all replay but whose movetext has no result is
/// exported, not dropped: the scholar's mate (4. Qxf7#: the queen takes
/// f7 guarded by the bishop on c4; the king on e8 has no square, d8 and f8
/// hold its own pieces, e7 is attacked by the queen) is White's win, so
/// the export writes 1-0, as python-chess reads the game (it writes `*`),
/// and says so on standard error; the exit status is 0 (a warning).
#[test]
fn export_repairs_a_missing_result_from_the_final_position() {
    let r = forsyth(
        &["pgn", "export"],
        b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        format!(
            "{}1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n",
            roster("1-0")
        )
    );
    // The movetext ends at byte 40 of line 1 (39 bytes long).
    assert_starts_with(
        &r.stderr,
        "<stdin>:GAME 1 (line 1): 1:40: warning: missing_result: ",
    );
    assert_contains(&r.stderr, "taken as 1-0");
    // A position that decides nothing: the Result tag is the only claim,
    // and it is kept; no claim at all gives `*`.
    let r = forsyth(&["pgn", "export"], b"[Result \"0-1\"]\n1. e4 e5 2. Nf3\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        words(movetext_of(&r.stdout)),
        ["1.", "e4", "e5", "2.", "Nf3", "0-1"]
    );
    assert_contains(&r.stdout, "[Result \"0-1\"]");
    assert_contains(&r.stderr, "warning: missing_result: ");
    let r = forsyth(&["pgn", "export"], b"1. d4 d5\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, format!("{}1. d4 d5 *\n\n", roster("*")));
}

/// A game with a bad move is written up to it: the moves before it, then
/// one comment holding the fault's kind and the rest of the movetext as it
/// was read (its comments, NAGs, variations and result), then `*` (tag and
/// marker). The fault goes to standard error as `pgn check` writes it, the
/// exit status is 1, and the export reads back without a fault.
#[test]
fn export_writes_a_broken_game_up_to_its_fault() {
    let pgn = "[Event \"broken\"]\n[Result \"1-0\"]\n\n\
               1. e4 e5 2. Ke3 Nc6 (2... d6) 3. Nf3 $1 1-0\n\n\
               [Event \"good\"]\n\n1. d4 *\n";
    let r = forsyth(&["pgn", "export"], pgn.as_bytes());
    assert_eq!(r.code, 1);
    let (broken, good) = r.stdout.split_once("[Event \"good\"]").unwrap();
    assert_contains(broken, "[Result \"*\"]");
    // 2. Ke3: the king on e1 is two squares from e3.
    assert_eq!(
        words(movetext_of(broken)),
        words("1. e4 e5 {not replayed (unreachable): 2. Ke3 Nc6 (2... d6) 3. Nf3 $1 1-0} *")
    );
    assert!(good.ends_with("\n\n1. d4 *\n\n"), "{good}");
    assert!(r.stdout.lines().all(|l| l.len() <= 80));
    // `2. Ke3` is at byte 13 of line 4.
    assert_starts_with(
        &r.stderr,
        "<stdin>:GAME 1 (line 1): 4:13: 2. Ke3: unreachable: ",
    );
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    let again = forsyth(&["pgn", "check"], r.stdout.as_bytes());
    assert_eq!(
        (again.code, again.stdout.as_str()),
        (
            0,
            "<stdin>:GAME 1 (line 1): ok\n<stdin>:GAME 2 (line 11): ok\n"
        )
    );
}

/// A fault inside a variation: the main line and the variation up to the
/// fault are written, the variation closed after the comment; a comment of
/// the input holding `}` makes the rest a `;` comment (the only kind that
/// can hold it). A fault in the tags keeps the whole movetext in the
/// comment.
#[test]
fn export_keeps_the_rest_of_a_broken_game_in_a_comment() {
    // 1... e4 in the variation of 1... e5: Black's pawn e7 cannot reach e4.
    let r = forsyth(&["pgn", "export"], b"1. e4 e5 (1... e4 2. d4) 2. Nf3 *\n");
    assert_eq!(r.code, 1);
    assert_eq!(
        words(movetext_of(&r.stdout)),
        [
            "1.",
            "e4",
            "e5",
            "({not",
            "replayed",
            "(unreachable):",
            "1...",
            "e4",
            "2.",
            "d4)",
            "2.",
            "Nf3",
            "*})",
            "*"
        ]
    );
    let r = forsyth(&["pgn", "export"], b"1. e4 e5 2. Ke3 {a } here} *\n");
    assert_eq!(r.code, 1);
    // `{a }` is a comment, `here` a move token, `}` a stray brace (a
    // syntax error after the move fault, kept in the rest as written).
    assert_eq!(
        movetext_of(&r.stdout),
        "1. e4 e5 ;not replayed (unreachable): 2. Ke3 {a } here } *\n*\n\n"
    );
    let r = forsyth(&["pgn", "export"], b"[SetUp \"1\"]\n\n1. e4 e5 *\n");
    assert_eq!(r.code, 1);
    assert_contains(&r.stdout, "\n[SetUp \"1\"]\n");
    assert_eq!(
        words(movetext_of(&r.stdout)),
        [
            "{not",
            "replayed",
            "(setup_without_fen):",
            "1.",
            "e4",
            "e5",
            "*}",
            "*"
        ]
    );
    // Read again, the start is at fault again.
    let again = forsyth(&["pgn", "check"], r.stdout.as_bytes());
    assert_contains(&again.stdout, ": setup_without_fen: ");
}

/// `--rejects FILE`: a game with a fault goes to FILE whole, byte for byte
/// as it was read (from its first byte to its result, or to the next
/// game's tags), a blank line after it; standard output gets the other
/// games, standard error the fault; the exit status is still 1.
#[test]
fn export_rejects_writes_faulty_games_whole() {
    let bad = "[Event \"bad\"]\n1. e4 e5 2. Ke3 {why} Nc6 1-0";
    let cut = "[Event \"cut\"]\r\n1. e4 $300 e5";
    let pgn = format!("1. e4 *\n\n{bad}\n\n\n{cut}\n[Event \"good\"]\n1. c4 *\n");
    let dir = std::env::temp_dir().join(format!("forsyth-rejects-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rejects = dir.join("rejects.pgn");
    for threads in ["1", "2"] {
        let r = forsyth(
            &[
                "pgn",
                "export",
                "--threads",
                threads,
                "--rejects",
                rejects.to_str().unwrap(),
            ],
            pgn.as_bytes(),
        );
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert_eq!(r.stdout.matches("[Event ").count(), 2, "{}", r.stdout);
        assert!(!r.stdout.contains("bad") && !r.stdout.contains("cut"));
        let written = std::fs::read_to_string(&rejects).unwrap();
        assert_eq!(written, format!("{bad}\n\n{cut}\n\n"));
        let err: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(err.len(), 2, "{}", r.stderr);
        assert_starts_with(
            err[0],
            "<stdin>:GAME 2 (line 3): 4:13: 2. Ke3: unreachable: ",
        );
        assert_starts_with(err[1], "<stdin>:GAME 3 (line 7): 8:7: bad_nag: ");
    }
    // A file that cannot be written is a usage error, before any game.
    let r = forsyth(
        &["pgn", "export", "--rejects", "/nonexistent/dir/r.pgn"],
        b"1. e4 *",
    );
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert_contains(&r.stderr, "/nonexistent/dir/r.pgn");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `pgn fens --final` gives a game's last position only when the game has
/// one: a game stopped by a fault prints nothing (its fault goes to
/// standard error), so no line is mistaken for where a game ended.
#[test]
fn fens_final_prints_nothing_for_a_broken_game() {
    let r = forsyth(
        &["pgn", "fens", "--final"],
        b"1. e4 e5 2. Ke3 *\n\n1. d4 *\n",
    );
    assert_eq!(r.code, 1);
    // After 1. d4 no capture is possible: no en-passant square.
    assert_eq!(
        r.stdout,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
    );
    assert_starts_with(&r.stderr, "<stdin>:GAME 1 (line 1): 1:13: 2. Ke3: ");
}

/// `--summary`: every bulk command ends with the counts of its games on
/// standard error (games read, ok, with warnings, with faults), the errors
/// between games beside them. Not asked for, and standard error not a
/// terminal: no summary.
#[test]
fn summary_counts_every_game() {
    let pgn = format!("1. e4 *\n}}\n{GAMES}");
    for command in ["check", "fens", "export"] {
        let r = forsyth(&["pgn", command, "--summary"], pgn.as_bytes());
        assert_eq!(r.code, 1, "{command}");
        // Then the four games of GAMES: ok, a FEN tag without SetUp (a
        // warning), a bad move (a fault), a movetext without its result (a
        // warning).
        assert_eq!(
            r.stderr.lines().last(),
            Some("forsyth: 5 games read: 2 ok, 2 with warnings, 1 with faults; 1 error between games"),
            "{command}: {}",
            r.stderr
        );
        let quiet = forsyth(&["pgn", command], pgn.as_bytes());
        assert!(!quiet.stderr.contains("games read"), "{command}");
    }
    let r = forsyth(
        &["pgn", "check", "--summary", "--variant", "chess960"],
        GAMES.as_bytes(),
    );
    assert_eq!(
        r.stderr,
        "forsyth: 4 games read, 4 not selected: 0 ok, 0 with warnings, 0 with faults\n"
    );
}

/// A Chess960 start array (start 0, `BBQNNRKR`) without a `Variant` tag is
/// a Chess960 game whatever its castling field: with `-` too (no castling
/// to tell), it is read as Chess960 with the warning.
#[test]
fn a_chess960_start_without_variant_warns_whatever_its_castling() {
    for castling in ["-", "KQkq", "HFhf"] {
        let pgn = format!(
            "[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w {castling} - 0 1\"]\n\n1. e4 *\n"
        );
        let r = forsyth(&["pgn", "check"], pgn.as_bytes());
        assert_eq!(r.code, 0, "{castling}: {}", r.stderr);
        assert_starts_with(
            &r.stdout,
            "<stdin>:GAME 1 (line 1): ok (warning: chess960_without_variant: ",
        );
        let r = forsyth(&["pgn", "check", "--variant", "chess960"], pgn.as_bytes());
        assert_eq!(r.stdout.lines().count(), 1, "{castling}");
    }
}

/// Castling only Chess960 can mean (rooks on b and g) is read the same in
/// both spellings without a `Variant` tag, X-FEN `KQkq` and Shredder-FEN
/// `GBgb`: Chess960 with a warning, the same positions; a standard
/// `Variant` tag refuses both.
#[test]
fn chess960_castling_without_variant_is_read_alike_in_both_spellings() {
    let run = |castling: &str, variant: &str, command: &str| {
        let fen = C960.replace("KQkq", castling);
        let pgn = format!("{variant}[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. O-O O-O-O *\n");
        forsyth(&["pgn", command], pgn.as_bytes())
    };
    for castling in ["KQkq", "GBgb"] {
        let r = run(castling, "", "check");
        assert_eq!(r.code, 0, "{castling}: {}", r.stdout);
        assert_starts_with(
            &r.stdout,
            "<stdin>:GAME 1 (line 1): ok (warning: chess960_without_variant: ",
        );
        let r = run(castling, "", "fens");
        assert_eq!(
            r.stdout.lines().last(),
            Some("2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2"),
            "{castling}"
        );
        let r = run(castling, "[Variant \"Standard\"]\n", "check");
        assert_eq!(r.code, 1);
        assert_contains(&r.stdout, "castling_needs_chess960");
    }
}

/// A `Result` tag the movetext's own result contradicts is a warning, and
/// a movetext result a checkmate contradicts too; the export writes the
/// result the board gives, or `*` when it gives none.
#[test]
fn a_result_tag_the_movetext_contradicts_is_a_warning() {
    let r = forsyth(&["pgn", "check"], b"[Result \"1-0\"]\n1. e4 e5 0-1\n");
    assert_eq!(r.code, 0);
    assert_starts_with(
        &r.stdout,
        "<stdin>:GAME 1 (line 1): ok (warning: result_mismatch: ",
    );
    let r = forsyth(&["pgn", "export"], b"[Result \"1-0\"]\n1. e4 e5 0-1\n");
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, format!("{}1. e4 e5 *\n\n", roster("*")));
    assert_starts_with(
        &r.stderr,
        "<stdin>:GAME 1 (line 1): 1:1: warning: result_mismatch: ",
    );
    // Fool's mate, 2... Qh4#: Black wins whatever the movetext says.
    let r = forsyth(&["pgn", "export"], b"1. f3 e5 2. g4 Qh4# 1-0\n");
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout,
        format!("{}1. f3 e5 2. g4 Qh4# 0-1\n\n", roster("0-1"))
    );
    assert_contains(&r.stderr, "warning: result_contradicted: ");
}

/// A token longer than the reader's buffer says how long a token may be.
#[test]
fn token_too_long_states_the_limit() {
    let pgn = format!("1. e4 {{{}}} e5 *\n", "x".repeat(70_000));
    let r = forsyth(&["pgn", "check"], pgn.as_bytes());
    assert_eq!(r.code, 1);
    assert_starts_with(&r.stdout, "<stdin>:GAME 1 (line 1): 1:7: token_too_long: ");
    assert_contains(&r.stdout, "65536 bytes");
}

/// A game whose last position stands for the fifth time in its main line
/// (knights out and back four times: the start after 4, 8, 12 and 16
/// plies) is drawn by fivefold repetition (specs/pgn.md 4.3): a claimed
/// win is contradicted in `pgn check`'s line, its JSON, the summary and
/// `pgn fens`' standard error, on one thread and two, and `pgn export`
/// writes the draw; one round fewer (four times) leaves the claim alone.
#[test]
fn pgn_commands_judge_a_fivefold_repetition() {
    let rounds = |n| vec!["Nf3 Nf6 Ng1 Ng8"; n].join(" ");
    let five = format!("[Result \"1-0\"]\n\n{} 1-0\n", rounds(4));
    for threads in ["1", "2"] {
        let r = forsyth(
            &["pgn", "check", "--summary", "--threads", threads, "-"],
            five.as_bytes(),
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_starts_with(
            &r.stdout,
            "<stdin>:GAME 1 (line 1): ok (warning: result_contradicted: Result is 1-0 but the \
             game ends in a draw by fivefold repetition",
        );
        assert_contains(
            &r.stderr,
            "1 game read: 0 ok, 1 with warnings, 0 with faults",
        );
    }
    let r = forsyth(&["pgn", "check", "--format", "json", "-"], five.as_bytes());
    assert_contains(&r.stdout, "\"kind\":\"result_contradicted\"");
    assert_contains(&r.stdout, "fivefold repetition");
    let r = forsyth(&["pgn", "fens", "--final", "-"], five.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stderr, "warning: result_contradicted: ");
    let r = forsyth(&["pgn", "export", "-"], five.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "[Result \"1/2-1/2\"]");
    assert!(r.stdout.ends_with("Ng8 1/2-1/2\n\n"), "{}", r.stdout);

    let four = format!("[Result \"1-0\"]\n\n{} 1-0\n", rounds(3));
    let r = forsyth(&["pgn", "check", "-"], four.as_bytes());
    assert_eq!(r.stdout, "<stdin>:GAME 1 (line 1): ok\n");
    let r = forsyth(&["pgn", "export", "-"], four.as_bytes());
    assert_contains(&r.stdout, "[Result \"1-0\"]");
}
