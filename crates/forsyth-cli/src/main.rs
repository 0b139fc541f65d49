//! `forsyth`: read, check, convert and generate chess positions, Chess960 first.
//!
//! Two layers, as in ripgrep: `cli` is the command line as typed (clap
//! derive, syntax only); `options::resolve` turns it, once, into what each
//! command runs on (library options, the position arguments parsed by
//! `position`, what to read), reading no input; the command modules run
//! that and hand what they write to `printer`, the one place output is
//! written, so `main` alone decides the exit status.
#![forbid(unsafe_code)]

mod capa;
mod cli;
mod convert;
mod diagram;
mod docs;
mod exit;
mod gen;
mod lines;
mod notation;
mod options;
mod perft;
mod pgn;
mod picture;
mod play;
mod position;
mod printer;
mod progress;
mod serve;
mod show;
mod solve;
mod validate;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::FromArgMatches;

use crate::options::Job;

pub use exit::{note, Outcome};

/// The command line's definition. Help wraps to the terminal's width; when
/// standard output is not a terminal, to 80 columns.
fn definition() -> clap::Command {
    let command = cli::command();
    if io::stdout().is_terminal() {
        command
    } else {
        command.term_width(80)
    }
}

fn main() -> ExitCode {
    let mut command = definition();
    let matches = command.try_get_matches_from_mut(std::env::args_os());
    // The definition is left to the end of the process, not dropped:
    // freeing its many small parts cost as much as building them.
    std::mem::forget(command);
    let result = match matches {
        Ok(matches) => match cli::Cli::from_arg_matches(&matches) {
            Ok(args) => run(args, &matches),
            Err(e) => e.exit(),
        },
        // Help and version go to standard output: write them like any output.
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            write_styled(&e.render()).map(|()| Outcome::Ok)
        }
        Err(e) => e.exit(),
    };
    printer::exit_code(result)
}

fn run(args: cli::Cli, matches: &clap::ArgMatches) -> io::Result<Outcome> {
    // A 10x8 command runs on the 10x8 board (`capa`), before the 8x8
    // options are resolved.
    if let Some(result) = capa::dispatch(&args.command) {
        return result;
    }
    let stdin_position = capa::reads_stdin_position(&args.command);
    let job = match options::resolve(args) {
        Ok(job) => job,
        Err(e) => return Ok(e.note()),
    };
    // A 10x8 record on standard input makes a 10x8 command too; it is
    // read once the command line resolved, so a usage error reads nothing.
    if stdin_position {
        if let Ok(again) = cli::Cli::from_arg_matches(matches) {
            if let Some(result) = capa::dispatch_stdin(&again.command) {
                return result;
            }
        }
    }
    match job {
        Job::Convert(o) => convert::run(&o),
        Job::Show(o) => show::run(&o),
        Job::Gen(o) => gen::run(&o),
        Job::Index(o) => gen::index(&o),
        Job::Validate(o) => validate::run(&o),
        Job::Perft(o) => perft::run(&o),
        Job::Moves(o) => play::moves(&o),
        Job::Play(o) => play::play(&o),
        Job::Pgn(o) => pgn::run(&o),
        Job::Notation(o) => notation::run(&o),
        Job::Solve(o) => solve::run(&o),
        Job::Diagram(o) => picture::run(&o),
        Job::Serve(o) => serve::run(&o),
        Job::Help(words) => help(&words),
        Job::Completions(shell) => {
            docs::completions(shell, &mut printer::Printer::stdout()).map(|()| Outcome::Ok)
        }
        Job::Man(man) => match docs::man(&man, &mut printer::Printer::stdout()) {
            Ok(()) => Ok(Outcome::Ok),
            Err(docs::ManError::Io(e)) => Err(e),
            Err(e) => {
                note(&e.to_string());
                Ok(Outcome::Failed)
            }
        },
    }
}

/// `forsyth help [COMMAND...]`: the long help of forsyth or of the command
/// the words name, at any depth (`help pgn check`).
fn help(words: &[String]) -> io::Result<Outcome> {
    let mut command = definition();
    command.build();
    let mut found = &mut command;
    for (i, word) in words.iter().enumerate() {
        match found.find_subcommand_mut(word) {
            Some(sub) => found = sub,
            None => {
                let parent = ["forsyth".to_owned()]
                    .iter()
                    .chain(&words[..i])
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ");
                note(&format!(
                    "help: no command '{}' (see {parent} --help for the list)",
                    words[..=i].join(" ")
                ));
                return Ok(Outcome::Failed);
            }
        }
    }
    write_styled(&found.render_long_help()).map(|()| Outcome::Ok)
}

/// Writes help text to standard output, in colour on a terminal.
fn write_styled(text: &clap::builder::StyledStr) -> io::Result<()> {
    let mut out = printer::Printer::stdout();
    if io::stdout().is_terminal() {
        write!(out, "{}", text.ansi())?;
    } else {
        write!(out, "{text}")?;
    }
    out.flush()
}
