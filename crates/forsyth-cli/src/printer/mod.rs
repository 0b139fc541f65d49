//! The one way the command line writes, as ripgrep's printer is for its
//! searches: the output [`Format`]; standard output, buffered, written by a
//! [`Printer`] (text lines, or one JSON object per line made by serde from
//! the records of [`json`], which hold the library's own serde types);
//! diagnostics on standard error in one form, `FILE:LINE:COL: ...`
//! ([`Place`], [`Diagnostics`]), their messages made by [`diag`] (a caret
//! under a fault, a problem as `field: kind: message`); and how an I/O
//! failure ends the process, a closed pipe being a normal end
//! ([`exit_code`]).
//!
//! Commands hand it data: a record to write as text or JSON, a line of
//! text, a fault and where it is. This module uses only `exit` and
//! `progress`, so every command module may use it.

pub mod diag;
mod format;
pub mod json;

pub use format::{Format, Formats};

use std::fmt;
use std::io::{self, BufWriter, LineWriter, StdoutLock, Write};
use std::process::ExitCode;

use serde::Serialize;

use crate::exit::{note, Outcome};
use crate::progress;

/// Bytes standard output takes at a time, at most.
const BUFFER: usize = 1 << 16;

/// A writer handed at most [`BUFFER`] bytes a call. A buffered writer
/// passes a long slice through in one call, and on Linux one large write
/// into the page cache costs several times the system time of the same
/// bytes in 64 KiB writes (1.4 GB to a file: 3.0 s in 2 MiB writes, 0.6 s
/// in 8 KiB ones), which the worker threads' renderings of whole pieces
/// of input would pay.
pub struct Capped<W>(W);

impl<W: Write> Write for Capped<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(&buf[..buf.len().min(BUFFER)])
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Standard output as [`Printer::stdout`] writes it.
pub type Stdout = BufWriter<Capped<StdoutLock<'static>>>;

/// Where a command's output goes, in order: standard output, buffered
/// (see [`Printer::stdout`]), or a buffer a worker thread fills and the
/// reading thread writes in input order (see [`Printer::buffer`]).
pub struct Printer<W: Write> {
    out: W,
}

impl Printer<Stdout> {
    /// Standard output, locked and buffered: a result is on its way once
    /// [`flush`](Printer::flush) is called, and at the end of the command.
    pub fn stdout() -> Self {
        Printer {
            out: BufWriter::with_capacity(BUFFER, Capped(io::stdout().lock())),
        }
    }
}

impl Printer<BufWriter<Capped<io::Stdout>>> {
    /// Standard output, buffered, for whichever thread holds the printer:
    /// each write takes the lock (the locked form cannot move to another
    /// thread).
    pub fn stdout_shared() -> Self {
        Printer {
            out: BufWriter::with_capacity(BUFFER, Capped(io::stdout())),
        }
    }
}

impl Printer<Vec<u8>> {
    /// A buffer, for output made away from standard output (on a worker
    /// thread, or for one game at a time).
    pub fn buffer() -> Self {
        Printer { out: Vec::new() }
    }

    /// What was written since the last call; the next bytes go into
    /// `room`, emptied (a buffer written out before, for its capacity).
    pub fn take(&mut self, mut room: Vec<u8>) -> Vec<u8> {
        room.clear();
        std::mem::replace(&mut self.out, room)
    }

    /// The buffer itself, for a hot loop that writes bytes (a verdict of
    /// nearly every line of a bulk run).
    pub fn bytes(&mut self) -> &mut Vec<u8> {
        &mut self.out
    }
}

impl<W: Write> Printer<W> {
    /// One line of text, its line end added.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n")
    }

    /// One record as a JSON object on a line of its own.
    pub fn json(&mut self, record: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, record)?;
        self.out.write_all(b"\n")
    }

    /// Sends what is buffered on its way, with a progress bar (if one is on
    /// the screen) lifted out of the way of a terminal's output.
    pub fn flush(&mut self) -> io::Result<()> {
        progress::suspended(|| self.out.flush())
    }
}

impl<W: Write> Write for Printer<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Printer::flush(self)
    }
}

/// Where a diagnostic points: `FILE:LINE`, `FILE:LINE:COL` (a 1-based byte
/// column), or a game of a PGN file, `FILE:GAME N (line L)`.
#[derive(Copy, Clone, Debug)]
pub enum Place<'a> {
    Line {
        file: &'a str,
        line: u64,
        column: Option<usize>,
    },
    Game {
        file: &'a str,
        number: u64,
        line: u64,
    },
}

impl<'a> Place<'a> {
    /// `FILE:LINE`.
    pub fn line(file: &'a str, line: u64) -> Place<'a> {
        Place::Line {
            file,
            line,
            column: None,
        }
    }

    /// `FILE:LINE:COL`.
    pub fn column(file: &'a str, line: u64, column: usize) -> Place<'a> {
        Place::Line {
            file,
            line,
            column: Some(column),
        }
    }

    /// `FILE:GAME N (line L)`: a game by its number in its file and the
    /// line it starts on.
    pub fn game(file: &'a str, number: u64, line: u64) -> Place<'a> {
        Place::Game { file, number, line }
    }

    /// The same line, at `column`.
    pub fn at(self, column: usize) -> Place<'a> {
        match self {
            Place::Line { file, line, .. } => Place::column(file, line, column),
            game => game,
        }
    }
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Line {
                file,
                line,
                column: None,
            } => write!(f, "{file}:{line}"),
            Place::Line {
                file,
                line,
                column: Some(column),
            } => write!(f, "{file}:{line}:{column}"),
            Place::Game { file, number, line } => {
                write!(f, "{file}:GAME {number} (line {line})")
            }
        }
    }
}

/// The diagnostics of a command, `PLACE: message` one per line, and the
/// counts that decide its exit status: inputs rejected, inputs that could
/// not be read. On a worker thread they gather in a buffer (see
/// [`Diagnostics::buffer`]), written with the output they go with.
#[derive(Default)]
pub struct Diagnostics<W: Write = Vec<u8>> {
    err: W,
    /// Inputs (lines, records, games) rejected.
    pub rejected: u64,
    /// Inputs that could not be opened or read.
    pub io_errors: u64,
}

impl Diagnostics<Vec<u8>> {
    pub fn buffer() -> Self {
        Diagnostics::default()
    }

    /// The diagnostics and counts since the last call.
    pub fn take(&mut self) -> (Vec<u8>, u64, u64) {
        (
            std::mem::take(&mut self.err),
            std::mem::take(&mut self.rejected),
            std::mem::take(&mut self.io_errors),
        )
    }
}

/// Standard error a line at a time: each diagnostic is on the screen in its
/// place among the results, in one write (never split by another's).
pub type StderrLines = LineWriter<progress::Stderr>;

impl Diagnostics<StderrLines> {
    pub fn stderr() -> Self {
        Diagnostics::new(LineWriter::with_capacity(1 << 13, progress::Stderr))
    }
}

impl Diagnostics<BufWriter<progress::Stderr>> {
    /// Standard error in blocks, for a command that may say a great deal
    /// (a fault per game of a large file) and writes it all before it ends
    /// ([`flush`](Diagnostics::flush)).
    pub fn stderr_buffered() -> Self {
        Diagnostics::new(BufWriter::new(progress::Stderr))
    }
}

impl<W: Write> Diagnostics<W> {
    pub fn new(err: W) -> Self {
        Diagnostics {
            err,
            rejected: 0,
            io_errors: 0,
        }
    }

    /// `PLACE: message`.
    pub fn at(&mut self, place: Place<'_>, message: impl fmt::Display) {
        // Standard error: a failure to write it does not stop the run.
        let _ = writeln!(self.err, "{place}: {message}");
    }

    /// `PLACE: message`, the input at `place` rejected.
    pub fn reject(&mut self, place: Place<'_>, message: impl fmt::Display) {
        self.rejected += 1;
        self.at(place, message);
    }

    /// `forsyth: SOURCE: reason`: a whole input that could not be opened
    /// or read.
    pub fn io_error(&mut self, source: &str, error: &io::Error) {
        self.io_errors += 1;
        let _ = writeln!(self.err, "forsyth: {source}: {error}");
    }

    /// Lines already in the form (a batch made on another thread, a
    /// summary).
    pub fn write_all(&mut self, lines: &[u8]) {
        // Standard error: a failure to write it does not stop the run.
        let _ = self.err.write_all(lines);
    }

    pub fn flush(&mut self) {
        let _ = self.err.flush();
    }
}

/// The exit status of a command that ran (`Ok`) or stopped on an I/O
/// error: a closed pipe (`forsyth gen --all | head`) is a normal end; any
/// other failure is said, and fails the command.
pub fn exit_code(result: io::Result<Outcome>) -> ExitCode {
    match result {
        Ok(outcome) => ExitCode::from(outcome as u8),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            note(&e.to_string());
            ExitCode::from(Outcome::Failed as u8)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_file_line_and_column_or_a_game() {
        assert_eq!(Place::line("a.fen", 3).to_string(), "a.fen:3");
        assert_eq!(Place::column("a.fen", 3, 7).to_string(), "a.fen:3:7");
        assert_eq!(Place::line("a.fen", 3).at(7).to_string(), "a.fen:3:7");
        assert_eq!(
            Place::game("g.pgn", 2, 14).to_string(),
            "g.pgn:GAME 2 (line 14)"
        );
    }

    #[test]
    fn diagnostics_count_what_they_reject() {
        let mut d = Diagnostics::buffer();
        d.at(Place::line("x", 1), "said");
        d.reject(Place::column("x", 2, 5), "field: message");
        d.io_error("y", &io::Error::other("gone"));
        let (err, rejected, io_errors) = d.take();
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "x:1: said\nx:2:5: field: message\nforsyth: y: gone\n"
        );
        assert_eq!((rejected, io_errors), (1, 1));
        assert_eq!(d.take(), (Vec::new(), 0, 0));
    }

    #[test]
    fn a_json_record_is_one_line() {
        #[derive(Serialize)]
        struct R {
            a: u8,
            b: Option<&'static str>,
        }
        let mut p = Printer::buffer();
        p.json(&R { a: 1, b: None }).unwrap();
        p.line("x").unwrap();
        assert_eq!(p.take(Vec::new()), b"{\"a\":1,\"b\":null}\nx\n");
    }
}
