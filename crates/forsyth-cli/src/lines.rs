//! Reading input as lines of bytes, in constant memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;

use crate::progress::Progress;

/// The longest line kept whole; the rest of a longer line is skipped and the
/// line is rejected, so memory stays bounded on any input.
pub const MAX_LINE: usize = 1 << 20;

/// Where input comes from, and the name errors use for it.
pub enum Source {
    Stdin,
    Path(PathBuf),
}

impl Source {
    /// The sources named on the command line, standard input when none (or `-`).
    pub fn from_args(files: &[PathBuf]) -> Vec<Source> {
        if files.is_empty() {
            return vec![Source::Stdin];
        }
        files
            .iter()
            .map(|p| {
                if p.as_os_str() == "-" {
                    Source::Stdin
                } else {
                    Source::Path(p.clone())
                }
            })
            .collect()
    }

    /// The name in error reports: the path, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::Path(p) => p.display().to_string(),
        }
    }

    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Source::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            Source::Path(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
        })
    }
}

/// One line read: its bytes without the line ending, and whether it was cut
/// at [`MAX_LINE`].
pub struct Line<'a> {
    pub bytes: &'a [u8],
    pub too_long: bool,
    /// 1-based line number in its source.
    pub number: u64,
}

/// Reads lines of at most [`MAX_LINE`] bytes, reusing one buffer.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    pub number: u64,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> LineReader<R> {
        LineReader {
            inner,
            buf: Vec::with_capacity(256),
            number: 0,
        }
    }

    /// The next line, or `None` at the end of input.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (chunk, consumed, done) = match memchr_newline(available) {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            let room = MAX_LINE.saturating_sub(self.buf.len());
            if chunk.len() > room {
                too_long = true;
            }
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.inner.consume(consumed);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if self.buf.last() == Some(&b'\r') && !too_long {
            self.buf.pop();
        }
        Ok(Some(Line {
            bytes: &self.buf,
            too_long,
            number: self.number,
        }))
    }
}

/// What a bulk command does with its input: each non-blank line, and each
/// input that cannot be opened or read.
pub trait LineVisitor {
    /// One line of `source` (blank lines are skipped; a line cut at
    /// [`MAX_LINE`] is passed with `too_long` set).
    fn line(&mut self, source: &str, line: Line<'_>) -> io::Result<()>;
    /// A blank line of `source` (only commands that keep line numbers in
    /// their output need it).
    fn blank(&mut self, _source: &str, _number: u64) -> io::Result<()> {
        Ok(())
    }
    /// `source` could not be opened, or reading it failed.
    fn io_error(&mut self, source: &str, error: &io::Error) -> io::Result<()>;
}

/// Feeds every line of every source to `visitor`, in order. With
/// `progress`, work lasting more than a second shows the lines read so far
/// on standard error where it is a terminal (see [`crate::progress`]).
pub fn visit_lines(
    files: &[PathBuf],
    progress: bool,
    visitor: &mut impl LineVisitor,
) -> io::Result<()> {
    let mut progress = Progress::new(progress, "lines");
    for source in Source::from_args(files) {
        let name = source.name();
        let reader = match source.open() {
            Ok(r) => r,
            Err(e) => {
                visitor.io_error(&name, &e)?;
                continue;
            }
        };
        let mut lines = LineReader::new(reader);
        loop {
            match lines.next_line() {
                Ok(Some(line)) => {
                    progress.add(1);
                    if line.too_long || !line.bytes.iter().all(u8::is_ascii_whitespace) {
                        visitor.line(&name, line)?;
                    } else {
                        visitor.blank(&name, line.number)?;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    visitor.io_error(&name, &e)?;
                    break;
                }
            }
        }
    }
    Ok(())
}

fn memchr_newline(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'\n')
}

/// Reads a whole small input (for commands that take one FEN from a file).
#[allow(dead_code)]
pub fn read_all(mut r: impl Read) -> io::Result<Vec<u8>> {
    let mut v = Vec::new();
    r.read_to_end(&mut v)?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_and_bounds_them() {
        let mut input = b"a\r\nb\n\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend(b"\nlast");
        let mut r = LineReader::new(io::Cursor::new(input));
        let mut seen = Vec::new();
        while let Some(line) = r.next_line().unwrap() {
            seen.push((line.bytes.len(), line.too_long));
        }
        assert_eq!(
            seen,
            [
                (1, false),
                (1, false),
                (0, false),
                (MAX_LINE, true),
                (4, false)
            ]
        );
        assert_eq!(r.number, 5);
    }
}
