//! How a command ends: its [`Outcome`] (the exit status), the
//! [`ResolveError`] of a command line that cannot run, and [`note`] for a
//! message on standard error. Every module may use these; this module uses
//! none of the others.

use std::io::{self, Write};

/// What a command ended with: all good, some input rejected, or a usage or
/// I/O failure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Ok = 0,
    Rejected = 1,
    Failed = 2,
    /// Stopped by Ctrl-C (128 + SIGINT, as shells report it).
    Interrupted = 130,
}

impl Outcome {
    /// How a bulk command ended, from its counts: a line that could not be
    /// read or written fails it, a rejected line rejects it.
    pub fn of_counts(io_errors: u64, rejected: u64) -> Outcome {
        if io_errors > 0 {
            Outcome::Failed
        } else if rejected > 0 {
            Outcome::Rejected
        } else {
            Outcome::Ok
        }
    }
}

/// Says `message` on standard error, after `forsyth: `. A standard error
/// that cannot be written is not a reason to stop (nor to panic).
pub fn note(message: &str) {
    let _ = writeln!(io::stderr().lock(), "forsyth: {message}");
}

/// Why the command line cannot run: a usage error (exit 2), or a position
/// argument that is not a valid record (exit 1), each with its message.
#[derive(Debug)]
pub enum ResolveError {
    Usage(String),
    Rejected(String),
}

impl ResolveError {
    /// Says the message on standard error; the outcome it ends with.
    pub fn note(&self) -> Outcome {
        match self {
            ResolveError::Usage(message) => {
                note(message);
                Outcome::Failed
            }
            ResolveError::Rejected(message) => {
                note(message);
                Outcome::Rejected
            }
        }
    }
}
