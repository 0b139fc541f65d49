//! Help that fits: every command's short help (`-h`) within 80 columns when
//! standard output is not a terminal, and `forsyth help -h`; help
//! and man pages of nested commands; examples never wrapped; shared options
//! that speak of no one command; option values in any case; `-q` only where
//! there is progress to silence.

use clap::CommandFactory;

use crate::definition::Cli;
use crate::util::{assert_contains, assert_starts_with, forsyth, forsyth_reading};

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

/// Every command path of the definition, nested ones included: `["show"]`,
/// `["pgn", "check"]`...
fn command_paths() -> Vec<Vec<String>> {
    fn walk(command: &clap::Command, path: &[String], out: &mut Vec<Vec<String>>) {
        for sub in command.get_subcommands() {
            let mut p = path.to_vec();
            p.push(sub.get_name().to_owned());
            out.push(p.clone());
            walk(sub, &p, out);
        }
    }
    let mut out = Vec::new();
    walk(&crate::definition::command(), &[], &mut out);
    out
}

#[test]
fn help_names_nested_commands_in_either_order() {
    let paths = command_paths();
    assert!(paths.contains(&vec!["pgn".to_owned(), "check".to_owned()]));
    // `help PATH` is `PATH --help`, for every command at every depth.
    for path in &paths {
        let mut words: Vec<&str> = path.iter().map(String::as_str).collect();
        let mut help = vec!["help"];
        help.extend(&words);
        words.push("--help");
        let (a, b) = (forsyth(&help, b""), forsyth(&words, b""));
        assert_eq!(
            (a.code, b.code),
            (0, 0),
            "{path:?}: {}{}",
            a.stderr,
            b.stderr
        );
        assert_eq!(a.stdout, b.stdout, "{path:?}");
    }
    let long = forsyth(&["pgn", "check", "--help"], b"");
    assert_contains(&long.stdout, "Usage: forsyth pgn check");
    // The command's own `help`: `pgn help check`, `pgn help`.
    let r = forsyth(&["pgn", "help", "check"], b"");
    assert_eq!((r.code, &r.stdout), (0, &long.stdout), "{}", r.stderr);
    let r = forsyth(&["pgn", "help"], b"");
    assert_eq!(r.stdout, forsyth(&["pgn", "--help"], b"").stdout);
    for words in [&["help", "pgn", "nope"][..], &["pgn", "help", "nope"]] {
        let r = forsyth(words, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{words:?}");
        assert_contains(&r.stderr, "'pgn nope'");
    }
}

/// The pages of section 1 a roff text refers to (`NAME(1)`), read as a
/// reader sees them: `\-` is `-`, font changes (`\fB`, `\fR`...) are not
/// seen.
fn references(roff: &str) -> Vec<String> {
    let mut text = roff.replace("\\-", "-");
    for font in ["\\fB", "\\fI", "\\fR", "\\fP"] {
        text = text.replace(font, "");
    }
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '-';
    text.match_indices("(1)")
        .filter_map(|(i, _)| {
            let before = &text[..i];
            let start = before.trim_end_matches(is_name).len();
            (start < i).then(|| before[start..].to_owned())
        })
        .collect()
}

#[test]
fn man_pages_for_every_command_and_every_reference_exists() {
    let dir = std::env::temp_dir().join(format!("forsyth-{}-man", std::process::id()));
    let r = forsyth(&["man", "--all", dir.to_str().unwrap()], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    // forsyth.1, then forsyth-PATH.1 for every command path.
    let mut expected: Vec<String> = command_paths()
        .iter()
        .map(|p| format!("forsyth-{}.1", p.join("-")))
        .collect();
    expected.push("forsyth.1".to_owned());
    expected.sort();
    assert_eq!(written, expected);
    for file in &written {
        let page = std::fs::read_to_string(dir.join(file)).unwrap();
        let title = file.strip_suffix(".1").unwrap();
        assert!(page.contains(&format!(".TH {title} 1 ")), "{file}");
        // man(1) itself is the one page of another program named.
        for reference in references(&page).into_iter().filter(|r| r != "man") {
            assert!(
                written.contains(&format!("{reference}.1")),
                "{file} refers to {reference}(1), which is not written"
            );
        }
        // Each command's page sees its parent's.
        if let Some((parent, _)) = title.rsplit_once('-') {
            assert_contains(&page, ".SH \"SEE ALSO\"");
            assert!(references(&page).iter().any(|r| r == parent), "{file}");
        }
    }
    // A nested page by its words, the same as the file.
    let r = forsyth(&["man", "pgn", "check"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let file = std::fs::read_to_string(dir.join("forsyth-pgn-check.1")).unwrap();
    assert_eq!(r.stdout, file);
    assert_contains(&r.stdout, "forsyth pgn check");
    std::fs::remove_dir_all(&dir).unwrap();
    let r = forsyth(&["man", "pgn", "nope"], b"");
    assert_eq!(r.code, 2);
    assert_contains(&r.stderr, "'pgn nope'");
}

/// The command the words name in `root`.
fn find<'a>(root: &'a clap::Command, path: &[String]) -> &'a clap::Command {
    path.iter()
        .fold(root, |c, word| c.find_subcommand(word).unwrap())
}

/// The texts a command's long help is made of, as written: its
/// description, its examples and each option's help.
fn sources(command: &clap::Command) -> Vec<String> {
    let mut texts: Vec<String> = [
        command.get_long_about(),
        command.get_before_long_help(),
        command.get_after_long_help(),
    ]
    .into_iter()
    .flatten()
    .map(|t| t.to_string())
    .collect();
    for arg in command.get_arguments() {
        if let Some(help) = arg.get_long_help().or(arg.get_help()) {
            texts.push(help.to_string());
        }
    }
    texts
}

/// Examples are never wrapped inside a command. Precisely, for every
/// command (nested ones too):
///
/// - its `--help` ends with `Examples:`, then whole shell commands that
///   run `forsyth`: each a line indented two spaces, and, indented four,
///   the continuation of a line ending in ` \`; no line is longer than 80
///   columns;
/// - rendered at 80, 100 and 120 columns (80 is what the binary uses when
///   standard output is not a terminal, the others are terminals), every
///   line its help texts write indented (examples, tables, formats: any
///   line not a paragraph of prose) stands whole on one rendered line.
#[test]
fn examples_and_indented_lines_are_never_wrapped() {
    let mut paths = command_paths();
    paths.push(Vec::new());
    for path in &paths {
        let definition = crate::definition::command();
        let command = find(&definition, path);
        let examples = command
            .get_after_long_help()
            .map(|t| t.to_string())
            .unwrap_or_default();
        let lines: Vec<&str> = examples.lines().collect();
        assert_eq!(lines.first(), Some(&"Examples:"), "{path:?}");
        let mut example = String::new();
        for (i, line) in lines.iter().enumerate().skip(1) {
            assert!(line.chars().count() <= 80, "{path:?}: {line}");
            let continued = lines[i - 1].ends_with(" \\");
            if line.starts_with("    ") {
                assert!(continued, "{path:?}: a wrapped example: {line:?}");
            } else {
                assert!(
                    !continued,
                    "{path:?}: no continuation after {:?}",
                    lines[i - 1]
                );
                assert!(
                    line.starts_with("  ") && !line.starts_with("   "),
                    "{path:?}: {line:?}"
                );
                example.clear();
            }
            example.push_str(line);
            if !line.ends_with(" \\") {
                assert!(example.contains("forsyth "), "{path:?}: {example:?}");
            }
        }
        assert!(!lines.last().unwrap().ends_with('\\'), "{path:?}");
        for width in [80, 100, 120] {
            let mut root = crate::definition::command().term_width(width);
            root.build();
            let rendered = find(&root, path).clone().render_long_help().to_string();
            let rendered: Vec<&str> = rendered.lines().map(str::trim).collect();
            for text in sources(command) {
                for literal in text.lines().filter(|l| l.starts_with(' ')) {
                    assert!(
                        rendered.contains(&literal.trim()),
                        "{path:?} at {width} columns: wrapped: {literal:?}"
                    );
                }
            }
        }
    }
    // The binary renders the same at its default width off a terminal.
    let r = forsyth(&["solve", "--help"], b"");
    let examples = r.stdout.split("Examples:\n").nth(1).unwrap();
    let definition = crate::definition::command();
    let source = definition
        .find_subcommand("solve")
        .unwrap()
        .get_after_long_help()
        .unwrap()
        .to_string();
    assert_eq!(
        examples.trim_end(),
        source.strip_prefix("Examples:\n").unwrap()
    );
}

/// An option shared by several commands (the same help text in each)
/// describes none of them in particular: its help names no command's
/// option or behaviour (`validate --repair`, `perft's DEPTH`).
#[test]
fn a_shared_option_speaks_of_no_particular_command() {
    let definition = crate::definition::command();
    let names: Vec<&str> = definition.get_subcommands().map(|c| c.get_name()).collect();
    let mut seen: Vec<(String, Vec<String>)> = Vec::new();
    for path in command_paths() {
        let command = find(&definition, &path);
        for arg in command.get_arguments() {
            for help in [arg.get_help(), arg.get_long_help()].into_iter().flatten() {
                let text = help.to_string();
                match seen.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, users)) => users.push(path.join(" ")),
                    None => seen.push((text, vec![path.join(" ")])),
                }
            }
        }
    }
    for (text, users) in seen.iter().filter(|(_, users)| users.len() > 1) {
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for name in &names {
            for said in [format!("{name} --"), format!("{name}'s ")] {
                let at_word = flat
                    .match_indices(&said)
                    .any(|(i, _)| i == 0 || !flat[..i].ends_with(|c: char| c.is_alphanumeric()));
                assert!(!at_word, "shared by {users:?}, names {said:?}: {flat}");
            }
        }
    }
    // gen's --castling, for one, says nothing of validate.
    let r = forsyth(&["gen", "--help"], b"");
    assert!(!r.stdout.contains("validate"), "{}", r.stdout);
    let r = forsyth(&["validate", "--help"], b"");
    assert_contains(&r.stdout, "--repair");
}

/// The README says `-h` is a summary: each option with its one-sentence
/// description (the short help), within 80 columns (checked above); the
/// details are --help's.
#[test]
fn short_help_is_each_options_sentence() {
    let definition = crate::definition::command();
    let mut paths = command_paths();
    paths.push(Vec::new());
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let said = "`-h` (a summary: each option with its one-sentence description";
    assert!(readme.contains(said), "the README does not say {said:?}");
    for path in paths {
        let mut words: Vec<&str> = path.iter().map(String::as_str).collect();
        words.push("-h");
        let r = forsyth(&words, b"");
        assert_eq!(r.code, 0, "{words:?}");
        let flat = r.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        for arg in find(&definition, &path)
            .get_arguments()
            .filter(|a| !a.is_hide_set())
        {
            let short = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            let short = short.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains(&short), "{words:?}: {short:?}");
            if let Some(long) = arg.get_long_help() {
                let long = long
                    .to_string()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                if long != short {
                    assert!(
                        !flat.contains(&long),
                        "{words:?}: long help in -h: {long:?}"
                    );
                }
            }
        }
    }
}

/// `-q` is offered by the commands the README says show progress, and by
/// no other (elsewhere it would do nothing); before the command it is
/// still taken.
#[test]
fn quiet_is_offered_where_there_is_progress_to_silence() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let sentence = readme
        .split(". ")
        .find(|s| s.contains("show their progress"))
        .expect("the README says which commands show progress");
    let said: Vec<String> = sentence
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .take_while(|c| !c.starts_with('-'))
        .collect();
    assert!(said.len() >= 8, "{said:?}");
    for path in command_paths() {
        let name = path.join(" ");
        let mut words: Vec<&str> = path.iter().map(String::as_str).collect();
        words.push("-h");
        let r = forsyth(&words, b"");
        let offered = r.stdout.contains("-q, --quiet");
        assert_eq!(offered, said.contains(&name), "{name}: {}", r.stdout);
    }
    let r = forsyth(&["show", "-q", "startpos"], b"");
    assert_eq!(r.code, 2, "show has no progress to silence");
    let r = forsyth(&["-q", "gen", "0"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = forsyth(&["-q", "convert"], b"8/8/8/8/8/8/8/K6k w - - 0 1\n");
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "8/8/8/8/8/8/8/K6k w - - 0 1\n")
    );
}

/// `show`, `diagram`, `moves` and `play` read their position `-` from
/// standard input; one that cannot be read (a directory) or holds no text
/// ends them with the exit status their help gives for it, 1.
#[test]
fn standard_input_that_cannot_be_read_ends_as_the_help_says() {
    let dir = std::env::temp_dir();
    for args in [
        &["show", "-"][..],
        &["diagram", "-"],
        &["moves", "-"],
        &["play", "-", "e4"],
    ] {
        let help = forsyth(&["help", args[0]], b"").stdout;
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let status = help
            .split("Exit status: ")
            .nth(1)
            .unwrap_or_else(|| panic!("{}: no exit status in its help", args[0]));
        let one = status.split(" 1 when ").nth(1).unwrap_or("");
        let one = one.split(", 2 for").next().unwrap_or("");
        assert_contains(one, "- included when standard input cannot be read");
        let r = forsyth_reading(args, &dir);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        assert_starts_with(&r.stderr, "forsyth: standard input: ");
        let r = forsyth(args, b"\xff\xfe\n");
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        assert_starts_with(&r.stderr, "forsyth: standard input: ");
    }
}
