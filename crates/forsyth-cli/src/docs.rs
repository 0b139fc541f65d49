//! `forsyth completions SHELL` and `forsyth man [COMMAND]`: the command
//! line described for shells and for `man`, generated from the same clap
//! definition that parses it, so they never drift apart.

use std::io::{self, Write};

use clap_complete::Shell;

use crate::cli;

/// Writes the completion script for `shell` to `out`.
pub fn completions(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    let mut command = cli::command();
    // clap_complete panics on no write error, but reports none either:
    // render to memory, then write with errors seen.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "forsyth", &mut script);
    out.write_all(&script)?;
    out.flush()
}

/// Writes the man page (roff) of `forsyth`, or of one of its commands, to
/// `out`. An unknown command is an error naming the known ones.
pub fn man(command: Option<&str>, out: &mut dyn Write) -> Result<(), ManError> {
    let root = cli::command();
    let (page, title) = match command {
        None => (root, "forsyth".to_owned()),
        Some(name) => {
            let Some(sub) = root.find_subcommand(name) else {
                let known: Vec<String> = root
                    .get_subcommands()
                    .map(|c| c.get_name().to_owned())
                    .collect();
                return Err(ManError::UnknownCommand {
                    name: name.to_owned(),
                    known,
                });
            };
            // The page of `forsyth show` is titled `forsyth-show`, as git's are.
            (sub.clone(), format!("forsyth-{}", sub.get_name()))
        }
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .title(title)
        .render(&mut roff)
        .map_err(ManError::Io)?;
    out.write_all(&roff).map_err(ManError::Io)?;
    out.flush().map_err(ManError::Io)
}

/// Why `forsyth man` could not write a page.
#[derive(Debug)]
pub enum ManError {
    /// No command of that name.
    UnknownCommand { name: String, known: Vec<String> },
    /// Writing failed.
    Io(io::Error),
}

impl std::fmt::Display for ManError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ManError::UnknownCommand { name, known } => write!(
                f,
                "no command '{name}' (the commands are {})",
                known.join(", ")
            ),
            ManError::Io(e) => write!(f, "{e}"),
        }
    }
}
