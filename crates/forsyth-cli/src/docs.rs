//! `forsyth completions SHELL` and `forsyth man [COMMAND...]`: the command
//! line described for shells and for `man`, generated from the same clap
//! definition that parses it, so they never drift apart.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap_complete::Shell;

use crate::cli;
use crate::options::Man;

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

/// Writes what `man` asks for: the page (roff) of `forsyth` or of the
/// command its words name, to `out`; or every page, into a directory.
/// Each command's page is named after its words, as git's are
/// (`forsyth-pgn-check`), and names its parent's under SEE ALSO, so that
/// every page a page names is among those written.
pub fn man(man: &Man, out: &mut dyn Write) -> Result<(), ManError> {
    let mut root = cli::command();
    // Building names each command after its path: display name
    // `forsyth-pgn-check` (the page), bin name `forsyth pgn check`.
    root.build();
    match man {
        Man::Page(words) => {
            let (page, parent) = find(&root, words)?;
            out.write_all(&roff(page, parent)).map_err(ManError::Io)?;
            out.flush().map_err(ManError::Io)
        }
        Man::All(dir) => {
            std::fs::create_dir_all(dir).map_err(|error| ManError::File {
                path: dir.clone(),
                error,
            })?;
            write_pages(&root, None, dir)
        }
    }
}

/// The command the words name, and its parent's page name.
fn find<'a>(
    root: &'a clap::Command,
    words: &[String],
) -> Result<(&'a clap::Command, Option<&'a str>), ManError> {
    let mut found = root;
    let mut parent = None;
    for (i, word) in words.iter().enumerate() {
        let Some(sub) = found.find_subcommand(word) else {
            return Err(ManError::UnknownCommand {
                name: words[..=i].join(" "),
                parent: ["forsyth"]
                    .into_iter()
                    .chain(words[..i].iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(" "),
                known: found
                    .get_subcommands()
                    .map(|c| c.get_name().to_owned())
                    .collect(),
            });
        };
        parent = Some(page_name(found));
        found = sub;
    }
    Ok((found, parent))
}

/// The name of a command's page: `forsyth`, `forsyth-show`...
fn page_name(command: &clap::Command) -> &str {
    command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
}

/// The page of `command`, with its parent's page under SEE ALSO.
fn roff(command: &clap::Command, parent: Option<&str>) -> Vec<u8> {
    let mut roff = Vec::new();
    // Writing to memory does not fail.
    let _ = clap_mangen::Man::new(command.clone())
        .source(format!("forsyth {}", env!("CARGO_PKG_VERSION")))
        .render(&mut roff);
    if let Some(parent) = parent {
        let _ = write!(
            roff,
            ".SH \"SEE ALSO\"\n\\fB{}\\fR(1)\n",
            parent.replace('-', "\\-")
        );
    }
    roff
}

/// Writes the page of `command` and of every command under it into `dir`.
fn write_pages(command: &clap::Command, parent: Option<&str>, dir: &Path) -> Result<(), ManError> {
    let path = dir.join(format!("{}.1", page_name(command)));
    std::fs::write(&path, roff(command, parent)).map_err(|error| ManError::File { path, error })?;
    for sub in command.get_subcommands() {
        write_pages(sub, Some(page_name(command)), dir)?;
    }
    Ok(())
}

/// Why `forsyth man` could not write a page.
#[derive(Debug)]
pub enum ManError {
    /// No command of that name (`parent` is the command it was looked for
    /// under, `known` its commands).
    UnknownCommand {
        name: String,
        parent: String,
        known: Vec<String>,
    },
    /// Writing a page's file failed.
    File { path: PathBuf, error: io::Error },
    /// Writing to standard output failed.
    Io(io::Error),
}

impl std::fmt::Display for ManError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ManError::UnknownCommand {
                name,
                parent,
                known,
            } => write!(
                f,
                "no command '{name}' (the commands of {parent} are {})",
                known.join(", ")
            ),
            ManError::File { path, error } => write!(f, "{}: {error}", path.display()),
            ManError::Io(e) => write!(f, "{e}"),
        }
    }
}
