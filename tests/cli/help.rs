//! Help that fits: every command's short help (`-h`) within 80 columns when
//! standard output is not a terminal (issue 8), and `forsyth help -h`.

use clap::CommandFactory;

use crate::definition::Cli;
use crate::util::{assert_contains, assert_starts_with, forsyth};

/// Every command's name, from the command line's definition.
pub fn commands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect()
}

#[test]
fn every_short_help_fits_80_columns() {
    let names = commands();
    assert!(names.len() >= 9, "{names:?}");
    let mut runs = vec![vec!["-h".to_owned()]];
    runs.extend(names.iter().map(|n| vec![n.clone(), "-h".to_owned()]));
    for args in runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = forsyth(&args, b"");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(r.stdout.contains("Usage: forsyth"), "{args:?}");
        for line in r.stdout.lines() {
            assert!(
                line.chars().count() <= 80,
                "{args:?}: {} columns: {line}",
                line.chars().count()
            );
        }
    }
}

#[test]
fn help_takes_h_and_names_commands() {
    let r = forsyth(&["help", "-h"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "Usage: forsyth help");
    // `help perft` is perft's long help, the same as `perft --help`.
    let help = forsyth(&["help", "perft"], b"");
    let long = forsyth(&["perft", "--help"], b"");
    assert_eq!((help.code, &help.stdout), (0, &long.stdout));
    assert!(help.stdout.contains("startpos"), "the position's forms");
    let r = forsyth(&["help", "nosuch"], b"");
    assert_eq!(r.code, 2);
}

/// The docs write option values in capitals (X-FEN, Shredder-FEN,
/// Chess960, JSON): each spelling gives what the lowercase value gives,
/// and that is the start as specs/chess960.md writes it (start 0 is
/// BBQNNRKR; its Shredder-FEN castling is FHfh, its X-FEN KQkq).
#[test]
fn option_values_are_read_in_any_case() {
    let shredder = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w FHfh - 0 1\n";
    let xfen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n";
    for (value, expected) in [
        ("shredder", shredder),
        ("Shredder", shredder),
        ("SHREDDER", shredder),
        ("Shredder-FEN", shredder),
        ("xfen", xfen),
        ("X-FEN", xfen),
        ("XFEN", xfen),
        ("x-fen", xfen),
    ] {
        let r = forsyth(&["gen", "0", "--castling", value], b"");
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, expected),
            "--castling {value}: {}",
            r.stderr
        );
    }
    let r = forsyth(&["show", "--variant", "Chess960", "startpos"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_contains(&r.stdout, "variant          chess960");
    let r = forsyth(&["gen", "0", "--format", "JSON"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_starts_with(&r.stdout, "{\"number\":0,");
    // In Chess960 UCI, castling is king takes rook: e1h1 in the start.
    let r = forsyth(
        &[
            "moves",
            "--uci-castling",
            "Chess960",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.lines().any(|l| l == "e1h1"), "{}", r.stdout);
    // A value that is no spelling of any is still refused, with the list.
    let r = forsyth(&["gen", "0", "--castling", "X-FEM"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "possible values");
}

/// Every option with a list of values, in every command, reads them in
/// any case (a new option cannot forget it).
#[test]
fn every_value_list_ignores_case() {
    fn walk(command: &clap::Command, path: &str, unset: &mut Vec<String>) {
        for arg in command.get_arguments() {
            let listed = arg.get_action().takes_values() && !arg.get_possible_values().is_empty();
            if listed && !arg.is_ignore_case_set() {
                unset.push(format!("{path} --{}", arg.get_id()));
            }
        }
        for sub in command.get_subcommands() {
            walk(sub, &format!("{path} {}", sub.get_name()), unset);
        }
    }
    let mut unset = Vec::new();
    walk(&crate::definition::command(), "forsyth", &mut unset);
    assert!(unset.is_empty(), "case-sensitive values: {unset:?}");
}
