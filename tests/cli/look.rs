//! What people look at: `show`'s board styles and status line, progress on
//! a terminal, shell completions and man pages.

use std::process::Command;

use crate::util::{assert_contains, forsyth};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The rank lines of a plain or figurine diagram (`8 | r n … |`), top down.
fn rank_rows(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.len() > 2 && l.as_bytes()[0].is_ascii_digit() && l.as_bytes()[1] == b' ')
        .map(str::to_owned)
        .collect()
}

#[test]
fn ascii_by_default_when_not_a_terminal() {
    let r = forsyth(&["show", START], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("8 | r n b q k b n r |"));
    assert!(!r.stdout.contains('\x1b'), "no colour into a pipe");
    assert!(!r.stdout.contains('♜'));
}

#[test]
fn unicode_draws_the_figurines_of_the_unicode_chart() {
    let r = forsyth(&["show", "--unicode", START], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows = rank_rows(&r.stdout);
    // U+265C black rook, U+265E black knight, U+265D black bishop,
    // U+265B black queen, U+265A black king; U+2659 white pawn.
    assert_contains(&rows[0], "♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
    assert_contains(&rows[6], "♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙");
    // --ascii given last wins.
    let r = forsyth(&["show", "--unicode", "--ascii", START], b"");
    assert!(r.stdout.contains("8 | r n b q k b n r |"));
}

#[test]
fn flip_puts_black_at_the_bottom() {
    // White king on g1, black rook on a8: flipped, rank 1 is the top row and
    // the h-file the left column.
    let r = forsyth(&["show", "--flip", "r3k3/8/8/8/8/8/8/6K1 w - - 0 1"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows = rank_rows(&r.stdout);
    assert_eq!(rows[0], "1 | . K . . . . . . |");
    assert_eq!(rows[7], "8 | . . . k . . . r |");
    assert!(r.stdout.contains("    h g f e d c b a"));
}

#[test]
fn colour_on_request_and_never_when_refused() {
    let r = forsyth(&["show", "--color", "always", START], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    // 64 squares, each with its own background and a reset.
    assert_eq!(r.stdout.matches("\x1b[0m").count(), 64);
    let r = forsyth(&["show", "--color", "never", START], b"");
    assert!(!r.stdout.contains('\x1b'));
}

#[test]
fn status_line_names_check_mate_stalemate_or_the_move_count() {
    let cases = [
        // The start: 20 legal moves (perft 1).
        (START, "20 legal moves"),
        // Fool's mate: 1.f3 e5 2.g4 Qh4#.
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "checkmate: black wins",
        ),
        // Black king a8, white queen b6: a7, b7 and b8 are all covered.
        ("k7/8/1Q6/8/8/8/8/7K b - - 0 1", "stalemate"),
        // Rook check along the back rank; the king has d2, e2, f2 and the
        // rook cannot be taken or blocked: 3 moves (d2, e2, f2).
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "check, 3 legal moves"),
    ];
    for (fen, status) in cases {
        let r = forsyth(&["show", fen], b"");
        assert!(
            r.stdout.contains(&format!("status           {status}\n")),
            "{fen}: {}",
            r.stdout
        );
    }
}

/// Runs `sh -c script` with a pseudo-terminal as its standard output and
/// error (util-linux `script`), returning what the terminal received.
pub fn on_a_terminal(script: &str) -> String {
    let exe = env!("CARGO_BIN_EXE_forsyth");
    let out = Command::new("script")
        .args(["-qec", &script.replace("forsyth", exe), "/dev/null"])
        .env("TERM", "xterm")
        .output()
        .expect("util-linux script runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A shell pipeline that writes `n` FEN lines slowly: 1.6 s in all.
fn slow_input() -> String {
    format!("for i in 1 2 3 4 5 6 7 8; do for j in $(seq 100); do echo '{START}'; done; sleep 0.2; done")
}

#[test]
fn progress_on_a_terminal_after_a_second_unless_quiet() {
    let seen = on_a_terminal(&format!("{} | forsyth convert > /dev/null", slow_input()));
    assert!(seen.contains(" lines"), "progress expected: {seen:?}");
    let seen = on_a_terminal(&format!(
        "{} | forsyth --quiet convert > /dev/null",
        slow_input()
    ));
    assert!(!seen.contains(" lines"), "--quiet: {seen:?}");
    let seen = on_a_terminal(&format!(
        "{} | forsyth convert -q > /dev/null",
        slow_input()
    ));
    assert!(!seen.contains(" lines"), "-q after the command: {seen:?}");
}

#[test]
fn no_progress_when_standard_error_is_not_a_terminal() {
    let exe = env!("CARGO_BIN_EXE_forsyth");
    let out = Command::new("sh")
        .args(["-c", &format!("{} | {exe} convert", slow_input())])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 800);
}

#[test]
fn completion_scripts_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let r = forsyth(&["completions", shell], b"");
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        for command in ["convert", "validate", "perft", "completions"] {
            assert!(r.stdout.contains(command), "{shell} lacks {command}");
        }
    }
    // bash itself accepts its script.
    let r = forsyth(&["completions", "bash"], b"");
    let check = Command::new("bash")
        .args(["-n", "-c", &r.stdout])
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let r = forsyth(&["completions", "tcsh"], b"");
    assert_eq!(r.code, 2);
}

#[test]
fn man_pages_for_forsyth_and_each_command() {
    let r = forsyth(&["man"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(".TH forsyth 1"), "{}", &r.stdout[..200]);
    assert!(r.stdout.contains(".SH NAME"));
    for command in [
        "convert", "show", "gen", "index", "validate", "perft", "moves", "play",
    ] {
        let r = forsyth(&["man", command], b"");
        assert_eq!(r.code, 0, "{command}: {}", r.stderr);
        assert!(
            r.stdout.contains(&format!(".TH forsyth-{command} 1")),
            "{command}"
        );
    }
    let r = forsyth(&["man", "nope"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "no command 'nope'");
}

#[test]
fn figurines_and_colour_by_default_on_a_utf8_terminal() {
    let show = |env: &str| {
        on_a_terminal(&format!(
            "env -u LC_ALL -u LC_CTYPE -u NO_COLOR {env} forsyth show startpos"
        ))
    };
    let seen = show("LANG=en_US.UTF-8");
    assert!(seen.contains('♚'), "{seen:?}");
    assert!(seen.contains("\x1b[48;5;"), "{seen:?}");
    // NO_COLOR keeps the figurines and drops the colours.
    let seen = show("LANG=en_US.UTF-8 NO_COLOR=1");
    assert!(seen.contains('♚'), "{seen:?}");
    assert!(!seen.contains("\x1b[48;5;"), "{seen:?}");
    // A locale that is not UTF-8: letters (still coloured on a terminal).
    let seen = show("LANG=C");
    assert!(!seen.contains('♚'), "{seen:?}");
    assert!(seen.contains(" k "), "{seen:?}");
    // --ascii and --color never win over the terminal's defaults.
    let seen = on_a_terminal(
        "env -u LC_ALL -u LC_CTYPE LANG=en_US.UTF-8 forsyth show --ascii --color never startpos",
    );
    assert!(seen.contains("8 | r n b q k b n r |"), "{seen:?}");
    assert!(!seen.contains('\x1b'), "{seen:?}");
}
