//! `perft --suite` and `perft -`: every position of a suite at every depth
//! it gives, every record of standard input. The counts are the published
//! ones of crates/forsyth/tests/data: the chess programming wiki and the
//! `fischer.epd` suite of the Ethereal engine (chess960.perft), the wiki's
//! positions (classical.perft), shakmaty's collected traps (tricky.perft).

use std::path::PathBuf;

use crate::util::{assert_contains, assert_starts_with, forsyth, forsyth_reading};

/// One entry of a published `.perft` file: `id NAME`, `epd FEN`, then
/// `perft DEPTH COUNT` lines (read here, apart from the command's reader).
struct Entry {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn published(name: &str) -> Vec<Entry> {
    let path = data(name);
    let text = std::fs::read_to_string(path).unwrap();
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(fen) = line.strip_prefix("epd ") {
            entries.push(Entry {
                fen: fen.to_owned(),
                counts: Vec::new(),
            });
        } else if let Some(count) = line.strip_prefix("perft ") {
            let (depth, nodes) = count.split_once(' ').unwrap();
            let entry = entries.last_mut().unwrap();
            entry
                .counts
                .push((depth.parse().unwrap(), nodes.parse().unwrap()));
        }
    }
    entries
}

fn data(name: &str) -> String {
    format!(
        "{}/../forsyth/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The entries as an EPD perft suite, `FEN ;D1 N ;D2 N ...` (the form of
/// Ethereal's fischer.epd and of the perftsuite.epd many engines ship),
/// with the counts up to `budget` nodes (an entry with none is left out).
fn epd_suite(entries: &[Entry], budget: u64) -> String {
    let mut text = String::new();
    for entry in entries
        .iter()
        .filter(|e| e.counts.iter().any(|c| c.1 <= budget))
    {
        text.push_str(&entry.fen);
        for &(depth, count) in entry.counts.iter().filter(|c| c.1 <= budget) {
            text.push_str(&format!(" ;D{depth} {count}"));
        }
        text.push('\n');
    }
    text
}

/// Writes `text` to a file of its own in the temporary directory.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("forsyth-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_epd_suite_matches_the_published_counts() {
    // Every eighth Chess960 position (Shredder-FEN, clocks given), and the
    // classical ones cut to four fields.
    let chess960: Vec<Entry> = published("chess960.perft").into_iter().step_by(8).collect();
    let mut text = epd_suite(&chess960, 200_000);
    let classical = published("classical.perft");
    let four: Vec<Entry> = classical
        .into_iter()
        .map(|e| Entry {
            fen: e.fen.split(' ').take(4).collect::<Vec<_>>().join(" "),
            counts: e.counts,
        })
        .collect();
    text.push_str(&epd_suite(&four, 200_000));
    let counts = text.matches(";D").count();
    let positions = text.lines().count();
    let path = temp_file("suite.epd", &text);
    let file = path.to_str().unwrap();
    for threads in ["1", "2"] {
        let r = forsyth(&["perft", "--suite", file, "--threads", threads], b"");
        assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
        assert_eq!(
            r.stdout,
            format!("{file}: {positions} positions, {counts} counts checked: all match\n")
        );
        assert_eq!(r.stderr, "");
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn chess960_in_x_fen_is_read_too() {
    // The same positions in X-FEN (KQkq for the outer rooks, a file letter
    // for an inner one), as convert writes them.
    let entries: Vec<Entry> = published("chess960.perft")
        .into_iter()
        .step_by(24)
        .collect();
    let shredder: String = entries.iter().map(|e| format!("{}\n", e.fen)).collect();
    let xfen = forsyth(&["convert", "--castling", "xfen"], shredder.as_bytes());
    assert_eq!(xfen.code, 0, "{}", xfen.stderr);
    assert_ne!(xfen.stdout, shredder);
    let converted: Vec<Entry> = xfen
        .stdout
        .lines()
        .zip(entries)
        .map(|(fen, e)| Entry {
            fen: fen.to_owned(),
            counts: e.counts,
        })
        .collect();
    let text = epd_suite(&converted, 100_000);
    let path = temp_file("xfen.epd", &text);
    let file = path.to_str().unwrap();
    let r = forsyth(&["perft", "--suite", file], b"");
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.ends_with("all match\n"), "{}", r.stdout);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn each_wrong_count_is_a_line_naming_line_depth_expected_and_got() {
    let entries: Vec<Entry> = published("chess960.perft").into_iter().take(4).collect();
    // A comment and a blank line first: lines 3 to 6 hold the entries.
    let mut lines: Vec<String> = epd_suite(&entries, 20_000)
        .lines()
        .map(str::to_owned)
        .collect();
    let (d2, d3) = (entries[1].counts[1].1, entries[3].counts[2].1);
    lines[1] = lines[1].replace(&format!(";D2 {d2}"), &format!(";D2 {}", d2 + 1));
    lines[3] = lines[3].replace(&format!(";D3 {d3}"), &format!(";D3 {}", d3 - 7));
    let text = format!("# four positions\n\n{}\n", lines.join("\n"));
    let path = temp_file("wrong.epd", &text);
    let file = path.to_str().unwrap();
    let r = forsyth(&["perft", "--suite", file], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        format!(
            "{file}:4: depth 2: expected {}, got {d2}\n\
             {file}:6: depth 3: expected {}, got {d3}\n\
             {file}: 4 positions, 12 counts checked: 2 differ\n",
            d2 + 1,
            d3 - 7
        )
    );
    std::fs::remove_file(path).unwrap();
}

#[test]
fn the_published_files_own_form_is_read_too() {
    // id / epd / perft lines, as the data files and python-chess's are.
    let file = data("chess960.perft");
    let r = forsyth(&["perft", "--suite", &file, "--max-depth", "2"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        format!(
            "{file}: 960 positions, 1920 counts checked: all match; \
             3840 deeper than --max-depth 2 skipped\n"
        )
    );
}

#[test]
fn impossible_positions_are_named_and_taken_with_lenient() {
    let file = data("tricky.perft");
    let entries = published("tricky.perft");
    let shallow = |max: u32| -> usize {
        entries
            .iter()
            .map(|e| e.counts.iter().filter(|c| c.0 <= max).count())
            .sum()
    };
    // The file itself declares some positions impossible (checker
    // alignments no move makes, too much material): each is rejected with
    // its kind and line, the others are checked.
    let r = forsyth(&["perft", "--suite", &file, "--max-depth", "2"], b"");
    assert_eq!(r.code, 1);
    assert_contains(
        &r.stderr,
        &format!("{file}:121:5: placement: impossible_check: "),
    );
    assert_contains(
        &r.stderr,
        &format!("{file}:199:5: placement: too_many_pieces: "),
    );
    assert_contains(&r.stderr, "--lenient accepts it");
    assert!(
        r.stdout
            .ends_with(" lines rejected (34 counts not checked)\n"),
        "{}",
        r.stdout
    );
    // With --lenient, every position and every count up to depth 3.
    let r = forsyth(
        &["perft", "--suite", &file, "--max-depth", "3", "--lenient"],
        b"",
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_starts_with(
        &r.stdout,
        &format!(
            "{file}: {} positions, {} counts checked: all match; ",
            entries.len(),
            shallow(3)
        ),
    );
    assert_contains(
        &r.stderr,
        "--lenient: set aside: placement: too_many_pieces",
    );
}

#[test]
fn lines_that_cannot_be_read_are_named_and_the_rest_checked() {
    let text = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 ;D1 20
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 four hundred
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
perft 1 20
4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197
";
    let path = temp_file("bad.epd", text);
    let file = path.to_str().unwrap();
    let r = forsyth(&["perft", "--suite", file], b"");
    assert_eq!(r.code, 1);
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 4, "{}", r.stderr);
    assert_starts_with(errors[0], &format!("{file}:2:43: placement: "));
    assert_starts_with(
        errors[1],
        &format!("{file}:3:66: counts: 'D2 four hundred'"),
    );
    assert_starts_with(errors[2], &format!("{file}:4:57: counts: no counts"));
    assert_starts_with(errors[3], &format!("{file}:5:1: counts: "));
    // The good lines, the first and the last (the published counts of
    // 4k3/8/8/8/8/8/8/4K2R w K: 15, 66, 1197), are still checked.
    assert_eq!(
        r.stdout,
        format!("{file}: 2 positions, 5 counts checked: all match; 4 lines rejected (1 count not checked)\n")
    );
    std::fs::remove_file(path).unwrap();
    let r = forsyth(&["perft", "startpos", "3", "--max-depth", "2"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert_contains(&r.stderr, "--max-depth needs --suite");
    let r = forsyth(&["perft", "--suite", "/nonexistent/suite.epd"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "/nonexistent/suite.epd");
}

#[test]
fn perft_dash_counts_every_record_of_standard_input() {
    let chess960 = published("chess960.perft");
    let tricky = published("tricky.perft");
    let depth2 = |e: &Entry| e.counts.iter().find(|c| c.0 == 2).unwrap().1;
    let input = format!(
        "startpos\n\n{}\n   {}\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x\n{}\n",
        chess960[0].fen, tricky[0].fen, chess960[500].fen
    );
    let r = forsyth(&["perft", "-", "2"], input.as_bytes());
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        format!(
            "400\n{}\n{}\n{}\n",
            depth2(&chess960[0]),
            depth2(&tricky[0]),
            depth2(&chess960[500])
        )
    );
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", r.stderr);
    assert_starts_with(errors[0], "<stdin>:5:54: record: perft counts");
    assert_contains(errors[0], "perft --suite");
    assert_starts_with(errors[1], "<stdin>:6:56: fullmove number: ");
    // With --divide, each record's moves, a blank line and its total.
    let r = forsyth(
        &["perft", "--divide", "-", "1"],
        b"startpos\n8/8/8/8/8/8/8/K6k\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let blocks: Vec<&str> = r.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{}", r.stdout);
    assert_eq!(blocks[0].lines().count(), 20);
    assert_eq!(blocks[1], "20\na1a2: 1\na1b1: 1\na1b2: 1");
    assert_eq!(blocks[2], "3\n");
}

/// DEPTH runs from 0 to 255 plies (the help says so): a deeper one is a
/// usage error naming the limit, on every way to give it (one position, on
/// either board; standard input; a suite's count, rejected at its column
/// while the others are still checked), never a crash. The walk down to
/// 255 plies stays within a thread's stack: in a position where every line
/// ends before it, the count at 255 is the count of sequences of exactly
/// 255 plies, none.
#[test]
fn a_depth_past_255_is_refused_whatever_the_input() {
    let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    for args in [
        &["perft", "startpos", "65536"][..],
        &["perft", "startpos", "256"],
        &["perft", fools_mate, "4294967295"],
        &["perft", "capablanca", "65536"],
        &["perft", "--variant", "capablanca", "-", "65536"],
        &["perft", "-", "65536"],
    ] {
        let r = forsyth(args, b"startpos\n");
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (2, ""),
            "{args:?}: {}",
            r.stderr
        );
        assert_contains(&r.stderr, "DEPTH is at most 255 plies");
    }
    // After mate no move follows: no sequence of 1 to 255 plies.
    let r = forsyth(&["perft", fools_mate, "255"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "0\n"), "{}", r.stderr);
    // A shallow Chess programming wiki count (startpos: 20, 400) still
    // holds on the line whose deep count is refused.
    let text = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D65536 1
id deep
epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
perft 300 1
perft 2 400
";
    let path = temp_file("deep.epd", text);
    let file = path.to_str().unwrap();
    let r = forsyth(&["perft", "--suite", file], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", r.stderr);
    assert_starts_with(
        errors[0],
        &format!("{file}:2:66: counts: 'D65536 1': DEPTH is at most 255 plies"),
    );
    assert_starts_with(
        errors[1],
        &format!("{file}:5:7: counts: DEPTH is at most 255 plies"),
    );
    assert_eq!(
        r.stdout,
        format!("{file}: 2 positions, 3 counts checked: all match; 2 lines rejected\n")
    );
    // Skipped by --max-depth, a deep count is no fault.
    let r = forsyth(&["perft", "--suite", file, "--max-depth", "2"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    std::fs::remove_file(path).unwrap();
}

/// An input that cannot be read (a directory) is an I/O error, exit 2, and
/// the message names it as every bulk command does: `forsyth: NAME: ...`.
#[cfg(target_os = "linux")]
#[test]
fn a_suite_or_standard_input_that_cannot_be_read_is_named() {
    let dir = std::env::temp_dir();
    let name = dir.to_str().unwrap();
    let r = forsyth(&["perft", "--suite", name], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert_starts_with(&r.stderr, &format!("forsyth: {name}: "));
    for args in [&["perft", "-", "1"][..], &["perft", "--suite", "-"]] {
        let r = forsyth_reading(args, &dir);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert_starts_with(&r.stderr, "forsyth: <stdin>: ");
    }
}
