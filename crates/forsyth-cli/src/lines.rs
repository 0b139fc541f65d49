//! Reading input as lines of bytes, in bounded memory, on every core.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;

use forsyth::skip_bom;

use crate::printer::{Capped, Diagnostics, Printer};
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

    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        Ok(match self {
            Source::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            Source::Path(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
        })
    }
}

/// One line read: its bytes without the line ending, and whether it was cut
/// at [`MAX_LINE`]. The line as read is `before`, `bytes`, `after`.
pub struct Line<'a> {
    /// The text: without a byte order mark at the start of its source and
    /// without the line end (`\n` or `\r\n`).
    pub bytes: &'a [u8],
    /// The byte order mark before `bytes`, or nothing.
    pub before: &'a [u8],
    /// The `\r` of a CRLF line end, or nothing.
    pub after: &'a [u8],
    pub too_long: bool,
    /// 1-based line number in its source.
    pub number: u64,
}

impl Line<'_> {
    /// Writes the line as it was read, without its `\n`: byte order mark
    /// and `\r` included.
    pub fn write_as_read(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(self.before)?;
        out.write_all(self.bytes)?;
        out.write_all(self.after)
    }
}

/// What a bulk command does with its input: each non-blank line, and each
/// input that cannot be opened or read. It writes into its own buffers
/// ([`Batch`]), taken after each piece of input, so that several copies can
/// work on the pieces at once while the output keeps the input's order.
pub trait LineVisitor {
    /// One line of `source` (blank lines are skipped; a line cut at
    /// [`MAX_LINE`] is passed with `too_long` set).
    fn line(&mut self, source: &str, line: Line<'_>) -> io::Result<()>;
    /// A blank line of `source`: nothing but white space (only commands
    /// that keep line numbers in their output need it).
    fn blank(&mut self, _source: &str, _line: Line<'_>) -> io::Result<()> {
        Ok(())
    }
    /// `source` could not be opened, or reading it failed.
    fn io_error(&mut self, source: &str, error: &io::Error) -> io::Result<()>;
    /// What was written and counted since the last call; `room`, an empty
    /// buffer (one written out before, for its capacity), takes the output
    /// that follows.
    fn take(&mut self, room: Vec<u8>) -> Batch;
}

/// What a visitor made of a piece of input: standard output, standard
/// error, and the counts of rejected lines and failed inputs.
#[derive(Default)]
pub struct Batch {
    pub out: Vec<u8>,
    pub err: Vec<u8>,
    pub rejected: u64,
    pub io_errors: u64,
}

impl Batch {
    /// What a visitor's output and diagnostics hold since the last batch;
    /// `room` takes the output that follows.
    pub fn new(out: &mut Printer<Vec<u8>>, diagnostics: &mut Diagnostics, room: Vec<u8>) -> Batch {
        let (err, rejected, io_errors) = diagnostics.take();
        Batch {
            out: out.take(room),
            err,
            rejected,
            io_errors,
        }
    }
}

/// The counts of a whole run.
#[derive(Default)]
pub struct Totals {
    pub rejected: u64,
    pub io_errors: u64,
}

/// Bytes read before a piece of input is cut at its last line end.
const CHUNK: usize = 1 << 18;

/// Bytes asked of the input per read.
const READ: usize = 1 << 16;

/// The room an output buffer starts with: the longest piece (a read past
/// [`CHUNK`]) and a quarter more, as a converted record can be longer than
/// the one read. Most pieces' output then fits without the buffer growing,
/// its bytes copied at each step, while the first pieces are visited.
const ROOM: usize = CHUNK + READ + CHUNK / 4;

/// An empty output buffer of [`ROOM`] bytes (reserved, not yet touched).
fn fresh_room() -> Vec<u8> {
    Vec::with_capacity(ROOM)
}

/// A piece of input: whole lines, one line too long to keep, or a failure.
/// `buf` is a buffer of the reader's pool, given back once written; its
/// first `len` bytes are the piece.
struct Piece {
    source: Arc<str>,
    /// The number of the first line.
    first: u64,
    buf: Vec<u8>,
    len: usize,
    kind: PieceKind,
}

impl Piece {
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// A failure to open or read `source`.
    fn failed(source: Arc<str>, first: u64, error: io::Error) -> Piece {
        Piece {
            source,
            first,
            buf: Vec::new(),
            len: 0,
            kind: PieceKind::Failed(error),
        }
    }
}

enum PieceKind {
    /// Lines, each ending in `\n` but perhaps the last.
    Lines,
    /// One line longer than [`MAX_LINE`]: `bytes` holds its beginning.
    TooLong,
    /// The source could not be opened or read.
    Failed(io::Error),
}

/// Feeds every line of every source to copies of a visitor made by `make`,
/// `threads` of them at once, and writes what they make in input order to
/// standard output and standard error: the same bytes whatever `threads`
/// is. Memory stays bounded: the input is cut into pieces of about
/// [`CHUNK`] bytes at line ends (a vectorised search for the last `\n`), and
/// at most `3 * threads` pieces are in flight. Each thread cuts its own
/// piece, visits it and writes what it made (or leaves it for the thread
/// whose piece comes first), so the bytes read and written stay in the
/// cache of the core that works on them. With `progress`, work lasting more
/// than a second shows the lines read so far on standard error where it is
/// a terminal (see [`crate::progress`]).
pub fn visit_lines<V: LineVisitor + Send>(
    files: &[PathBuf],
    progress: bool,
    threads: usize,
    make: impl Fn() -> V + Sync,
) -> io::Result<Totals> {
    let sources = Source::from_args(files);
    let mut cutter = Cutter::new(&sources);
    if threads <= 1 {
        let mut writer = Writer {
            out: Printer::stdout(),
            err: Diagnostics::stderr(),
            progress: Progress::new(progress, "lines"),
        };
        let mut visitor = make();
        // The visitor's first output goes to a buffer of full size too.
        visitor.take(fresh_room());
        // A piece's buffer, once its lines are written, holds the next one:
        // a fresh buffer for each piece cost a page fault per page read.
        // So does the output's.
        let (mut input, mut room) = (Vec::new(), fresh_room());
        while let Some(piece) = cutter.next(std::mem::take(&mut input)) {
            let (lines, batch) = visit_piece(&mut visitor, &piece, room)?;
            room = writer.write(lines, batch)?;
            input = piece.buf;
        }
        return writer.finish(None);
    }
    let shared = Shared {
        cutter: Mutex::new(cutter),
        order: Mutex::new(Order::default()),
        turn: Condvar::new(),
        writer: Mutex::new(Writer {
            out: Printer::stdout_shared(),
            err: Diagnostics::stderr(),
            progress: Progress::new(progress, "lines"),
        }),
        ahead: 2 * threads as u64,
    };
    thread::scope(|scope| {
        for _ in 0..threads {
            let (shared, make) = (&shared, &make);
            scope.spawn(move || shared.work(make()));
        }
    });
    let failure = lock(&shared.order).failure.take();
    let writer = shared
        .writer
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    writer.finish(failure)
}

/// What the threads of [`visit_lines`] share: the input, cut a piece at a
/// time; the pieces visited, waiting for their turn to be written; the
/// output.
struct Shared<'a> {
    cutter: Mutex<Cutter<'a>>,
    order: Mutex<Order>,
    /// Signalled when a piece is written (or the run fails).
    turn: Condvar,
    /// Held by the one thread writing (see [`Order::writing`]).
    writer: Mutex<Writer<io::Stdout>>,
    /// How many pieces past the next to write a thread may leave waiting.
    ahead: u64,
}

/// The pieces visited, by number, until written in input order.
#[derive(Default)]
struct Order {
    /// The number of the next piece to write.
    next: u64,
    ready: BTreeMap<u64, io::Result<(u64, Batch)>>,
    /// A thread is writing the pieces from `next` on: the others leave
    /// theirs in `ready`.
    writing: bool,
    /// Output buffers written out, for the threads to fill again: a fresh
    /// one per piece cost a page fault per page written.
    rooms: Vec<Vec<u8>>,
    failure: Option<io::Error>,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared<'_> {
    /// One thread's work: cut the next piece, visit it, write it in its
    /// turn, until the input ends or writing fails.
    fn work(&self, mut visitor: impl LineVisitor) {
        visitor.take(fresh_room());
        let (mut input, mut room) = (Vec::new(), fresh_room());
        loop {
            let next = {
                let mut cutter = lock(&self.cutter);
                let seq = cutter.pieces;
                cutter
                    .next(std::mem::take(&mut input))
                    .map(|piece| (seq, piece))
            };
            let Some((seq, piece)) = next else { return };
            let batch = visit_piece(&mut visitor, &piece, room);
            input = piece.buf;
            let mut order = lock(&self.order);
            // Memory stays bounded: a thread far ahead of the writing waits.
            while order.failure.is_none() && seq >= order.next + self.ahead {
                order = self.turn.wait(order).unwrap_or_else(|e| e.into_inner());
            }
            if order.failure.is_some() {
                return;
            }
            order.ready.insert(seq, batch);
            if !order.writing {
                order.writing = true;
                loop {
                    let next = order.next;
                    let Some(batch) = order.ready.remove(&next) else {
                        break;
                    };
                    // Written without holding the order: the others go on
                    // leaving their pieces meanwhile.
                    drop(order);
                    let written = {
                        let mut writer = lock(&self.writer);
                        batch.and_then(|(lines, batch)| writer.write(lines, batch))
                    };
                    order = lock(&self.order);
                    order.next += 1;
                    match written {
                        Ok(out) => order.rooms.push(out),
                        Err(e) => {
                            order.failure = Some(e);
                            break;
                        }
                    }
                    self.turn.notify_all();
                }
                order.writing = false;
                if order.failure.is_some() {
                    // Stops the others, and the cutting of more pieces.
                    self.turn.notify_all();
                    lock(&self.cutter).stop();
                    return;
                }
            }
            room = order.rooms.pop().unwrap_or_else(fresh_room);
        }
    }
}

/// Writes the batches in order and keeps the counts; `W` is standard
/// output, locked or not.
struct Writer<W: Write> {
    out: Printer<io::BufWriter<Capped<W>>>,
    err: Diagnostics<crate::printer::StderrLines>,
    progress: Progress,
}

impl<W: Write> Writer<W> {
    /// Writes a batch; gives back its output buffer, empty.
    fn write(&mut self, lines: u64, batch: Batch) -> io::Result<Vec<u8>> {
        self.progress.add(lines);
        self.err.rejected += batch.rejected;
        self.err.io_errors += batch.io_errors;
        self.out.write_all(&batch.out)?;
        if !batch.err.is_empty() {
            // A diagnostic comes after the output of the lines before it.
            self.out.flush()?;
            self.err.write_all(&batch.err);
        }
        let mut out = batch.out;
        out.clear();
        Ok(out)
    }

    fn finish(mut self, failure: Option<io::Error>) -> io::Result<Totals> {
        if let Some(e) = failure {
            return Err(e);
        }
        self.out.flush()?;
        Ok(Totals {
            rejected: self.err.rejected,
            io_errors: self.err.io_errors,
        })
    }
}

/// Hands one piece to `visitor`: each line in order, blank lines apart.
/// Returns the lines read and what the visitor made; `room` takes the
/// visitor's output after it.
fn visit_piece(
    visitor: &mut impl LineVisitor,
    piece: &Piece,
    room: Vec<u8>,
) -> io::Result<(u64, Batch)> {
    let source = &*piece.source;
    let mut lines = 0;
    match &piece.kind {
        PieceKind::Failed(error) => visitor.io_error(source, error)?,
        PieceKind::TooLong => {
            lines = 1;
            let (before, bytes) = split_bom(piece.bytes(), piece.first);
            visitor.line(
                source,
                Line {
                    bytes,
                    before,
                    after: &[],
                    too_long: true,
                    number: piece.first,
                },
            )?;
        }
        PieceKind::Lines => {
            let mut start = 0;
            let bytes = piece.bytes();
            let ends = memchr::memchr_iter(b'\n', bytes).chain(
                // The last line may lack its line end.
                (bytes.last().is_some_and(|&b| b != b'\n')).then_some(bytes.len()),
            );
            for end in ends {
                let raw = &bytes[start..end];
                start = end + 1;
                let number = piece.first + lines;
                lines += 1;
                let (before, raw) = split_bom(raw, number);
                let line = if raw.len() > MAX_LINE {
                    Line {
                        bytes: &raw[..MAX_LINE],
                        before,
                        after: &[],
                        too_long: true,
                        number,
                    }
                } else {
                    let bytes = raw.strip_suffix(b"\r").unwrap_or(raw);
                    Line {
                        bytes,
                        before,
                        after: &raw[bytes.len()..],
                        too_long: false,
                        number,
                    }
                };
                if line.too_long || !line.bytes.iter().all(u8::is_ascii_whitespace) {
                    visitor.line(source, line)?;
                } else {
                    visitor.blank(source, line)?;
                }
            }
        }
    }
    Ok((lines, visitor.take(room)))
}

/// The byte order mark of line `number` (only the first line of a source
/// can have one) and the rest.
fn split_bom(raw: &[u8], number: u64) -> (&[u8], &[u8]) {
    let rest = if number == 1 { skip_bom(raw) } else { raw };
    raw.split_at(raw.len() - rest.len())
}

/// Cuts every source into pieces, in order, one piece at a time.
struct Cutter<'a> {
    sources: std::slice::Iter<'a, Source>,
    /// The source being cut.
    open: Option<Open>,
    /// A failure to hand out after the lines read before it.
    pending: Option<Piece>,
    /// The pieces handed out so far.
    pieces: u64,
}

/// A source being cut.
struct Open {
    reader: Box<dyn BufRead + Send>,
    name: Arc<str>,
    /// The bytes read after the last piece's last line end.
    carry: Vec<u8>,
    /// The number of the next line.
    first: u64,
    eof: bool,
}

impl Open {
    fn new(name: Arc<str>, reader: Box<dyn BufRead + Send>) -> Open {
        Open {
            reader,
            name,
            carry: Vec::new(),
            first: 1,
            eof: false,
        }
    }
}

/// What cutting a source gave: a piece, perhaps the last of the source.
enum Cut {
    Piece(Piece),
    /// The lines read, then the failure that ended the source.
    Failed(Option<Piece>, Piece),
    End,
}

impl<'a> Cutter<'a> {
    fn new(sources: &'a [Source]) -> Cutter<'a> {
        Cutter {
            sources: sources.iter(),
            open: None,
            pending: None,
            pieces: 0,
        }
    }

    /// Cuts nothing more: the run stops.
    fn stop(&mut self) {
        self.sources = [].iter();
        self.open = None;
        self.pending = None;
    }

    /// The next piece, in `buffer` (one handed out before, for its room)
    /// when it holds lines; `None` at the end of the input.
    fn next(&mut self, mut buffer: Vec<u8>) -> Option<Piece> {
        let piece = self.cut(&mut buffer)?;
        self.pieces += 1;
        Some(piece)
    }

    fn cut(&mut self, buffer: &mut Vec<u8>) -> Option<Piece> {
        if let Some(piece) = self.pending.take() {
            return Some(piece);
        }
        loop {
            let Some(open) = &mut self.open else {
                let source = self.sources.next()?;
                let name: Arc<str> = source.name().into();
                match source.open() {
                    Ok(reader) => self.open = Some(Open::new(name, reader)),
                    Err(e) => return Some(Piece::failed(name, 0, e)),
                }
                continue;
            };
            match open.cut(std::mem::take(buffer)) {
                Cut::Piece(piece) => return Some(piece),
                Cut::Failed(lines, failure) => {
                    self.open = None;
                    match lines {
                        Some(lines) => {
                            self.pending = Some(failure);
                            return Some(lines);
                        }
                        None => return Some(failure),
                    }
                }
                Cut::End => self.open = None,
            }
        }
    }
}

impl Open {
    /// The next piece of this source, in `buf`. The buffer keeps its
    /// length from piece to piece and grows only when a piece needs more:
    /// a read goes into bytes already there, never zeroed again.
    fn cut(&mut self, mut buf: Vec<u8>) -> Cut {
        let mut len = self.carry.len();
        if buf.len() < len {
            buf.resize(len, 0);
        }
        buf[..len].copy_from_slice(&self.carry);
        self.carry.clear();
        // Read until the buffer holds `want` bytes (more when one line is
        // longer than a piece).
        let mut want = CHUNK;
        loop {
            if !self.eof && len < want {
                match read_some(&mut self.reader, &mut buf, len) {
                    Ok(0) => self.eof = true,
                    Ok(n) => len += n,
                    Err(e) => {
                        // What was read is still written, then the failure.
                        let lines = (len > 0).then(|| self.lines(buf, len));
                        let failure = Piece::failed(Arc::clone(&self.name), self.first, e);
                        return Cut::Failed(lines, failure);
                    }
                }
                continue;
            }
            let cut = if self.eof {
                len
            } else {
                memchr::memrchr(b'\n', &buf[..len]).map_or(0, |i| i + 1)
            };
            if cut == 0 {
                if self.eof {
                    return Cut::End;
                }
                if len <= MAX_LINE {
                    want = len + 1;
                    continue;
                }
                // One line too long to keep: its beginning, the rest skipped.
                match skip_line(&mut self.reader, &buf[MAX_LINE..len]) {
                    Ok(Some(rest)) => self.carry = rest,
                    Ok(None) | Err(_) => self.eof = true,
                }
                let piece = Piece {
                    source: Arc::clone(&self.name),
                    first: self.first,
                    buf,
                    len: MAX_LINE,
                    kind: PieceKind::TooLong,
                };
                self.first += 1;
                return Cut::Piece(piece);
            }
            self.carry.extend_from_slice(&buf[cut..len]);
            return Cut::Piece(self.lines(buf, cut));
        }
    }

    /// The piece of whole lines in the first `len` bytes of `buf`,
    /// numbered from the next line.
    fn lines(&mut self, buf: Vec<u8>, len: usize) -> Piece {
        let bytes = &buf[..len];
        let lines = memchr::memchr_iter(b'\n', bytes).count() as u64
            + u64::from(bytes.last() != Some(&b'\n'));
        let piece = Piece {
            source: Arc::clone(&self.name),
            first: self.first,
            buf,
            len,
            kind: PieceKind::Lines,
        };
        self.first += lines;
        piece
    }
}

/// Reads up to [`READ`] bytes of `reader` into `buf` from `len` on, the
/// buffer grown (zeroed) only where it is shorter; 0 at the end.
fn read_some(reader: &mut dyn BufRead, buf: &mut Vec<u8>, len: usize) -> io::Result<usize> {
    if buf.len() < len + READ {
        buf.resize(len + READ, 0);
    }
    loop {
        match reader.read(&mut buf[len..len + READ]) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

/// Skips the rest of a line whose bytes read so far end with `seen`;
/// returns what follows its line end (`None`: the input ended first).
fn skip_line(reader: &mut dyn BufRead, seen: &[u8]) -> io::Result<Option<Vec<u8>>> {
    if let Some(i) = memchr::memchr(b'\n', seen) {
        return Ok(Some(seen[i + 1..].to_vec()));
    }
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(None);
        }
        if let Some(i) = memchr::memchr(b'\n', available) {
            reader.consume(i + 1);
            return Ok(Some(Vec::new()));
        }
        let n = available.len();
        reader.consume(n);
    }
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

    /// Records what it is handed: (length, too long) of each line, blank
    /// lines as length 0.
    #[derive(Default)]
    struct Seen(Vec<(usize, bool, u64)>);

    impl LineVisitor for Seen {
        fn line(&mut self, _: &str, line: Line<'_>) -> io::Result<()> {
            self.0.push((line.bytes.len(), line.too_long, line.number));
            Ok(())
        }
        fn blank(&mut self, _: &str, line: Line<'_>) -> io::Result<()> {
            self.0.push((0, false, line.number));
            Ok(())
        }
        fn io_error(&mut self, _: &str, _: &io::Error) -> io::Result<()> {
            Ok(())
        }
        fn take(&mut self, _: Vec<u8>) -> Batch {
            Batch::default()
        }
    }

    /// Cuts `input` into pieces, each handed to `visit`, each in the
    /// buffer of the one before.
    fn cut_all(input: Vec<u8>, mut visit: impl FnMut(&Piece) -> io::Result<(u64, Batch)>) {
        let mut cutter = Cutter::new(&[]);
        cutter.open = Some(Open::new("test".into(), Box::new(io::Cursor::new(input))));
        let mut buffer = Vec::new();
        while let Some(piece) = cutter.next(buffer) {
            assert!(visit(&piece).is_ok());
            buffer = piece.buf;
        }
    }

    /// Every line of `input` as the workers see it, cut into pieces.
    fn lines_of(input: Vec<u8>) -> Vec<(usize, bool, u64)> {
        let mut seen = Seen::default();
        cut_all(input, |piece| visit_piece(&mut seen, piece, Vec::new()));
        seen.0
    }

    #[test]
    fn splits_lines_and_bounds_them() {
        let mut input = b"a\r\nb\n\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend(b"\nlast");
        let seen: Vec<(usize, bool)> = lines_of(input.clone())
            .into_iter()
            .map(|(len, too_long, _)| (len, too_long))
            .collect();
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
        assert_eq!(lines_of(input).last().map(|l| l.2), Some(5));
    }

    #[test]
    fn numbers_lines_across_pieces() {
        // Lines of every length from 0 to 99, many pieces' worth, then one
        // too long to keep in the middle: numbered 1, 2, 3... in order.
        let mut input = Vec::new();
        let mut lengths = Vec::new();
        for i in 0..40_000 {
            let len = i % 100;
            input.extend(std::iter::repeat_n(b'q', len));
            input.push(b'\n');
            lengths.push((len, false));
            if i == 20_000 {
                input.extend(std::iter::repeat_n(b'y', 3 * MAX_LINE));
                input.push(b'\n');
                lengths.push((MAX_LINE, true));
            }
        }
        let seen = lines_of(input);
        let numbers: Vec<u64> = seen.iter().map(|l| l.2).collect();
        assert_eq!(numbers, (1..=lengths.len() as u64).collect::<Vec<_>>());
        let got: Vec<(usize, bool)> = seen.iter().map(|l| (l.0, l.1)).collect();
        assert_eq!(got, lengths);
    }

    /// Each line's parts, as `visit_piece` cuts them.
    fn parts_of(input: &[u8]) -> Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> {
        struct Parts(Vec<(Vec<u8>, Vec<u8>, Vec<u8>)>);
        impl LineVisitor for Parts {
            fn line(&mut self, _: &str, line: Line<'_>) -> io::Result<()> {
                let parts = (
                    line.before.to_vec(),
                    line.bytes.to_vec(),
                    line.after.to_vec(),
                );
                self.0.push(parts);
                Ok(())
            }
            fn blank(&mut self, source: &str, line: Line<'_>) -> io::Result<()> {
                self.line(source, line)
            }
            fn io_error(&mut self, _: &str, _: &io::Error) -> io::Result<()> {
                Ok(())
            }
            fn take(&mut self, _: Vec<u8>) -> Batch {
                Batch::default()
            }
        }
        let mut parts = Parts(Vec::new());
        cut_all(input.to_vec(), |piece| {
            visit_piece(&mut parts, piece, Vec::new())
        });
        parts.0
    }

    #[test]
    fn a_byte_order_mark_is_skipped_on_the_first_line_only() {
        let v = |s: &[u8]| s.to_vec();
        assert_eq!(
            parts_of(b"\xef\xbb\xbfa b\r\n\xef\xbb\xbfc\n \r\n"),
            [
                (v(b"\xef\xbb\xbf"), v(b"a b"), v(b"\r")),
                // Only the start of a source has one: later it is text.
                (v(b""), v(b"\xef\xbb\xbfc"), v(b"")),
                (v(b""), v(b" "), v(b"\r")),
            ]
        );
    }
}
