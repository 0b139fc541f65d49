//! Every command, into a closed pipe (nothing on standard error, exit 0)
//! and into `/dev/full` (`forsyth: <reason>`, exit 2). The commands come
//! from the command line's definition, so a new command cannot be left out.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::help::commands;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";

/// A run of `command` that writes to standard output, with its input.
fn example(command: &str) -> (Vec<&'static str>, &'static str) {
    match command {
        "convert" => (vec!["convert"], START),
        "show" => (vec!["show", "startpos"], ""),
        "diagram" => (vec!["diagram", "startpos"], ""),
        "gen" => (vec!["gen", "--all"], ""),
        "index" => (vec!["index", "startpos"], ""),
        "validate" => (vec!["validate"], START),
        "perft" => (vec!["perft", "startpos", "2", "--divide"], ""),
        "moves" => (vec!["moves", "startpos"], ""),
        "play" => (vec!["play", "startpos", "e4"], ""),
        "pgn" => (vec!["pgn", "fens"], "1. e4 e5 2. Nf3 *\n"),
        "notation" => (
            vec!["notation", "--from", "san", "--to", "lan"],
            "1.e4 e5 2.Nf3 *\n",
        ),
        "solve" => (
            vec!["solve", "-", "--format", "json"],
            "(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) #3\n",
        ),
        "help" => (vec!["help"], ""),
        "completions" => (vec!["completions", "bash"], ""),
        "man" => (vec!["man", "perft"], ""),
        // It writes where it listens, then serves: a server that cannot
        // say where it is stops.
        "serve" => (vec!["serve", "--addr", "127.0.0.1:0"], ""),
        other => panic!("add an example run of the new command `{other}` here"),
    }
}

/// Runs forsyth with `stdout` as its standard output.
fn run(args: &[&str], input: &'static str, stdout: Stdio) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_forsyth"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    // A signal (SIGPIPE) leaves no exit code: -1 fails the assertions.
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A pipe whose reading end is already closed.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Stdio::from(writer)
}

#[cfg(target_os = "linux")]
#[test]
fn every_command_on_a_closed_pipe_and_a_full_device() {
    for name in commands() {
        let (args, input) = example(&name);
        let help = [name.as_str(), "-h"];
        for args in [&args[..], &help[..]] {
            closed_pipe_and_full_device(args, input);
        }
    }
}

/// The subcommands of `pgn` other than the example's, likewise.
#[cfg(target_os = "linux")]
#[test]
fn every_pgn_subcommand_on_a_closed_pipe_and_a_full_device() {
    for sub in ["check", "export"] {
        closed_pipe_and_full_device(&["pgn", sub], "1. e4 e5 2. Nf3 *\n");
    }
}

#[cfg(target_os = "linux")]
fn closed_pipe_and_full_device(args: &[&str], input: &'static str) {
    // What the system says when a device is full (ENOSPC is 28 on Linux).
    let full = std::io::Error::from_raw_os_error(28).to_string();
    let (code, err) = run(args, input, closed_pipe());
    assert_eq!((code, err.as_str()), (0, ""), "{args:?} into a closed pipe");
    let dev_full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let (code, err) = run(args, input, Stdio::from(dev_full));
    assert_eq!(
        (code, err.as_str()),
        (2, format!("forsyth: {full}\n").as_str()),
        "{args:?} into /dev/full"
    );
}
