//! Help that fits: every command's short help (`-h`) within 80 columns when
//! standard output is not a terminal (issue 8), and `forsyth help -h`.

use clap::CommandFactory;

use crate::definition::Cli;
use crate::util::{assert_contains, forsyth};

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
