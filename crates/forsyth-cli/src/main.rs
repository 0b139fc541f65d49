//! `forsyth`: read, check, convert and generate chess positions, Chess960 first.
#![forbid(unsafe_code)]

mod cli;
mod convert;
mod diag;
mod gen;
mod lines;
mod play;
mod report;
mod show;
mod validate;

use std::io;
use std::process::ExitCode;

use clap::Parser;

/// What a command ended with: all good, some input rejected, or a usage or
/// I/O failure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Ok = 0,
    Rejected = 1,
    Failed = 2,
}

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let result = match args.command {
        cli::Command::Convert(a) => convert::run(&a),
        cli::Command::Show(a) => show::run(&a),
        cli::Command::Gen(a) => gen::run(&a),
        cli::Command::Index(a) => gen::index(&a),
        cli::Command::Validate(a) => validate::run(&a),
        cli::Command::Perft(a) => play::perft(&a),
        cli::Command::Moves(a) => play::moves(&a),
        cli::Command::Play(a) => play::play(&a),
    };
    match result {
        Ok(outcome) => ExitCode::from(outcome as u8),
        // A closed pipe (`forsyth gen --all | head`) is a normal end.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("forsyth: {e}");
            ExitCode::from(Outcome::Failed as u8)
        }
    }
}
