//! `forsyth perft`: the leaf counts of the legal move tree, for one
//! position, for every record of standard input, or against the counts
//! of a perft suite.

use std::fmt::Write as _;
use std::io::{self, BufRead, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Instant;

use forsyth::fen::Fen;
use forsyth::validate::Report;
use forsyth::{skip_bom, Move, Position};

use crate::capa;
use crate::lines::{Source, MAX_LINE};
use crate::options::{perft_too_deep, Perft, PerftInput};
use crate::play::castling_mode;
use crate::position::{judge, legal, read_record, Given, Legality};
use crate::printer::diag::{problem_line, problem_offset};
use crate::printer::{Diagnostics, Place, Printer, StderrLines, Stdout};
use crate::progress::Progress;
use crate::Outcome;

pub fn run(args: &Perft) -> io::Result<Outcome> {
    let mut progress = Progress::new(args.progress, "nodes");
    let start = Instant::now();
    let (outcome, nodes, depth) = match &args.input {
        PerftInput::One { position, depth } => {
            let (outcome, nodes) = one(args, position, *depth, &mut progress)?;
            (outcome, nodes, Some(*depth))
        }
        PerftInput::Stdin { depth } => {
            let (outcome, nodes) = records(args, *depth, &mut progress)?;
            (outcome, nodes, Some(*depth))
        }
        PerftInput::Suite { file, max_depth } => {
            let (outcome, nodes) = suite(args, file, *max_depth, &mut progress)?;
            (outcome, nodes, None)
        }
    };
    let elapsed = start.elapsed();
    drop(progress);
    if args.stats {
        let depth = depth.map_or_else(String::new, |d| format!("depth {d} "));
        let _ = writeln!(
            io::stderr(),
            "{depth}nodes {nodes} in {:.3} s ({:.0} nodes/s)",
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64().max(1e-9)
        );
    }
    Ok(outcome)
}

/// One position: its count, or its moves' counts with `--divide`.
fn one(
    args: &Perft,
    given: &Given,
    depth: u32,
    progress: &mut Progress,
) -> io::Result<(Outcome, u64)> {
    let pos = match legal(given, args.legality) {
        Ok(p) => p,
        Err(m) => {
            crate::note(&m);
            return Ok((Outcome::Rejected, 0));
        }
    };
    let mut out = Printer::stdout();
    let nodes = write_count(&mut out, args, &pos, depth, progress)?;
    out.flush()?;
    Ok((Outcome::Ok, nodes))
}

/// Writes the count of `pos` to `depth` (with `--divide`, each move's
/// count, a blank line, then the total); returns the total.
fn write_count(
    out: &mut impl Write,
    args: &Perft,
    pos: &Position,
    depth: u32,
    progress: &mut Progress,
) -> io::Result<u64> {
    let rows = divide(pos, depth, progress, args.threads);
    let nodes: u64 = rows.iter().map(|r| r.1).sum();
    if args.divide {
        let mode = castling_mode(args.uci_castling, pos.setup());
        let mut rows: Vec<(String, u64)> = rows
            .into_iter()
            .filter_map(|(m, n)| Some((pos.uci(m?, mode), n)))
            .collect();
        rows.sort();
        for (uci, n) in &rows {
            writeln!(out, "{uci}: {n}")?;
        }
        writeln!(out)?;
    }
    writeln!(out, "{nodes}")?;
    Ok(nodes)
}

/// Each legal move with the perft count below it (`depth` 0: the position
/// itself, one node under no move), in move generation order, counting
/// into `progress` root move by root move. The root moves are shared out
/// among `threads` threads, each taking the next move not yet taken.
fn divide(
    pos: &Position,
    depth: u32,
    progress: &mut Progress,
    threads: usize,
) -> Vec<(Option<Move>, u64)> {
    if depth == 0 {
        return vec![(None, 1)];
    }
    let moves = pos.legal_moves();
    // Starting a thread costs more than a count three plies deep: such
    // counts, and every count with one thread, are made here.
    if threads <= 1 || depth <= 3 {
        return moves
            .iter()
            .map(|&m| {
                let n = pos.play(m).map_or(0, |after| after.perft(depth - 1));
                progress.add(n);
                (Some(m), n)
            })
            .collect();
    }
    let mut counts = vec![0; moves.len()];
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel();
        for _ in 0..threads.clamp(1, moves.len().max(1)) {
            let done_tx = done_tx.clone();
            let (next, moves) = (&next, &moves);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&m) = moves.get(i) else { break };
                let n = pos.play(m).map_or(0, |after| after.perft(depth - 1));
                if done_tx.send((i, n)).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        for (i, n) in done_rx {
            counts[i] = n;
            progress.add(n);
        }
    });
    moves
        .iter()
        .zip(counts)
        .map(|(&m, n)| (Some(m), n))
        .collect()
}

/// The lines of one input, each at most [`MAX_LINE`] bytes (the rest of a
/// longer line is skipped, and the line marked), read one at a time so a
/// result is written as soon as it is known.
struct Lines {
    reader: Box<dyn BufRead>,
    line: Vec<u8>,
    number: u64,
    /// The input's name, which a read error is said with.
    name: String,
}

impl Lines {
    fn new(reader: Box<dyn BufRead>, name: String) -> Lines {
        Lines {
            reader,
            line: Vec::new(),
            number: 0,
            name,
        }
    }

    /// Reads the next line into `self.line`, without its line end;
    /// `Some(true)` when it was longer than [`MAX_LINE`], `None` at the end.
    /// A read error names the input.
    fn next(&mut self) -> io::Result<Option<bool>> {
        self.read_next()
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.name)))
    }

    fn read_next(&mut self) -> io::Result<Option<bool>> {
        self.line.clear();
        let limit = MAX_LINE as u64 + 1;
        if (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.line)?
            == 0
        {
            return Ok(None);
        }
        self.number += 1;
        if self.number == 1 {
            // Columns count from the byte after the mark, as for every input.
            let bom = self.line.len() - skip_bom(&self.line[..]).len();
            self.line.drain(..bom);
        }
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
            if self.line.last() == Some(&b'\r') {
                self.line.pop();
            }
            return Ok(Some(false));
        }
        if self.line.len() <= MAX_LINE {
            // The last line, without a line end.
            return Ok(Some(false));
        }
        self.line.truncate(MAX_LINE);
        loop {
            let available = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            if let Some(i) = memchr::memchr(b'\n', available) {
                self.reader.consume(i + 1);
                break;
            }
            let n = available.len();
            self.reader.consume(n);
        }
        Ok(Some(true))
    }
}

/// Says what is wrong with the lines of one input, on standard error, as
/// `FILE:LINE:COL: field: message`, and counts the lines rejected.
struct Faults {
    source: String,
    legality: Legality,
    diagnostics: Diagnostics<StderrLines>,
}

impl Faults {
    fn new(source: String, legality: Legality) -> Faults {
        Faults {
            source,
            legality,
            diagnostics: Diagnostics::stderr(),
        }
    }

    fn rejected(&self) -> u64 {
        self.diagnostics.rejected
    }

    /// Rejects line `line` for a fault at 1-based column `column`.
    fn reject(&mut self, line: u64, column: usize, field: &str, message: &str) {
        let place = Place::column(&self.source, line, column);
        self.diagnostics
            .reject(place, format_args!("{field}: {message}"));
    }

    /// The legal position of the record at byte `at` of line `line`, 10x8
    /// when its ranks hold ten squares or `variant` says so, or `None` with
    /// the line rejected.
    fn position(
        &mut self,
        line: u64,
        at: usize,
        record: &[u8],
        variant: Option<forsyth::capablanca::Variant>,
    ) -> Option<Counted> {
        if variant.is_some() || capa::record_is_10x8(record) {
            return match capa::line_position(record, variant, self.legality.lenient) {
                Ok(pos) => Some(Counted::Ten(pos)),
                Err(fault) => {
                    let place = Place::column(&self.source, line, at + fault.offset + 1);
                    self.diagnostics.reject(place, fault);
                    None
                }
            };
        }
        self.position_8x8(line, at, record).map(Counted::Eight)
    }

    /// The legal 8x8 position of the record at byte `at` of line `line`,
    /// or `None` with the line rejected. Problems `--lenient` sets aside
    /// are said too.
    fn position_8x8(&mut self, line: u64, at: usize, record: &[u8]) -> Option<Position> {
        let fen: Fen = match read_record(record) {
            Ok(fen) => fen,
            Err(fault) => {
                let place = Place::column(&self.source, line, at + fault.offset + 1);
                self.diagnostics.reject(place, fault);
                return None;
            }
        };
        let place = Place::line(&self.source, line);
        let column = |p| at + problem_offset(&fen, p) + 1;
        match judge(Report::of_fen(&fen, self.legality.variant), self.legality) {
            Ok((position, set_aside)) => {
                for p in &set_aside {
                    let message = format_args!("--lenient: set aside: {}", problem_line(p));
                    self.diagnostics.at(place.at(column(p)), message);
                }
                Some(position)
            }
            Err(illegal) => {
                for p in &illegal.errors {
                    self.diagnostics.at(place.at(column(p)), problem_line(p));
                }
                if illegal.ignorable {
                    let why = "move generation stays sound here: --lenient accepts it";
                    self.diagnostics.at(place, why);
                }
                self.diagnostics.rejected += 1;
                None
            }
        }
    }
}

/// `perft - DEPTH`: the count of every record of standard input, one
/// result per record, in order.
fn records(args: &Perft, depth: u32, progress: &mut Progress) -> io::Result<(Outcome, u64)> {
    let source = Source::Stdin;
    let mut lines = Lines::new(source.open()?, source.name());
    let mut faults = Faults::new(source.name(), args.legality);
    let mut out = Printer::stdout();
    let (mut records, mut nodes) = (0u64, 0u64);
    while let Some(too_long) = lines.next()? {
        let (number, text) = (lines.number, lines.line.trim_ascii_end());
        if text.is_empty() {
            continue;
        }
        records += 1;
        if too_long {
            let message = format!("line longer than {MAX_LINE} bytes");
            faults.reject(number, MAX_LINE + 1, "record", &message);
            continue;
        }
        let at = text.len() - text.trim_ascii_start().len();
        let record = &text[at..];
        if let Some(i) = memchr::memchr(b';', record) {
            faults.reject(
                number,
                at + i + 1,
                "record",
                "perft counts (;D1 N ...) follow the record: check them with perft --suite",
            );
            continue;
        }
        let Some(pos) = faults.position(number, at, record, args.capa) else {
            continue;
        };
        nodes += match &pos {
            Counted::Eight(pos) => write_count(&mut out, args, pos, depth, progress)?,
            Counted::Ten(pos) => {
                let n = capa::write_count(&mut out, pos, depth, args.divide, args.uci_castling)?;
                progress.add(n);
                n
            }
        };
        out.flush()?;
    }
    if records == 0 {
        crate::note("standard input: no record (the input is empty or blank)");
        return Ok((Outcome::Rejected, nodes));
    }
    Ok((Outcome::of_counts(0, faults.rejected()), nodes))
}

/// The position of a line: on the 8x8 board or on the 10x8 one.
enum Counted {
    Eight(Position),
    Ten(forsyth::capablanca::Position),
}

/// A depth and the count a suite gives for it.
struct Expected {
    depth: u32,
    count: u64,
}

/// Reads `D3 8902` (the `;`-separated parts of a suite line) or `3 8902`
/// (after `perft`): the depth and its count.
fn expected(part: &[u8], prefixed: bool) -> Option<Expected> {
    let text = std::str::from_utf8(part).ok()?;
    let text = if prefixed {
        text.strip_prefix(['D', 'd'])?
    } else {
        text
    };
    let mut words = text.split_ascii_whitespace();
    let (depth, count) = (words.next()?, words.next()?);
    if words.next().is_some() || depth.starts_with('+') || count.starts_with('+') {
        return None;
    }
    Some(Expected {
        depth: depth.parse().ok()?,
        count: count.parse().ok()?,
    })
}

/// What a suite run found.
#[derive(Default)]
struct Tally {
    positions: u64,
    checked: u64,
    differ: u64,
    /// Deeper than `--max-depth`.
    skipped: u64,
    /// Given for a position that was rejected.
    unchecked: u64,
    nodes: u64,
}

/// The variant of a suite's `variant NAME` line: a 10x8 one, or `None`
/// for chess and Chess960.
fn suite_variant(name: &[u8]) -> Result<Option<forsyth::capablanca::Variant>, String> {
    let name = String::from_utf8_lossy(name.trim_ascii()).to_ascii_lowercase();
    match name.as_str() {
        "chess" | "standard" | "chess960" | "fischerandom" | "fischerrandom" => Ok(None),
        _ => name.parse().map(Some).map_err(|_| {
            format!(
                "'{name}' is not a variant: expected chess, chess960, capablanca, gothic or crc"
            )
        }),
    }
}

/// `perft --suite FILE`: every position of the suite counted to every
/// depth it gives; a line per count that differs, then a summary.
fn suite(
    args: &Perft,
    file: &Path,
    max_depth: Option<u32>,
    progress: &mut Progress,
) -> io::Result<(Outcome, u64)> {
    let source = Source::from_args(&[file.to_path_buf()]).remove(0);
    let name = source.name();
    let reader = match source.open() {
        Ok(reader) => reader,
        Err(e) => {
            crate::note(&format!("{name}: {e}"));
            return Ok((Outcome::Failed, 0));
        }
    };
    let mut lines = Lines::new(reader, name.clone());
    let mut faults = Faults::new(name.clone(), args.legality);
    let mut out = Printer::stdout();
    let mut tally = Tally::default();
    // The depth of a count that will be counted, not skipped.
    let counted = |expected: &Expected| {
        max_depth
            .is_none_or(|max| expected.depth <= max)
            .then_some(expected.depth)
    };
    // The position of the last `epd` line: `None` before the first, and
    // `Some(None)` when that line was rejected.
    let mut entry: Option<Option<Counted>> = None;
    // The variant a `variant NAME` line names for the next positions, until
    // the next `id` line; `None` for 8x8 (or 10x8 by the record's width).
    let mut variant = args.capa;
    let mut check = |out: &mut Printer<Stdout>,
                     tally: &mut Tally,
                     pos: &Counted,
                     line: u64,
                     expected: &Expected|
     -> io::Result<()> {
        if max_depth.is_some_and(|max| expected.depth > max) {
            tally.skipped += 1;
            return Ok(());
        }
        let got: u64 = match pos {
            Counted::Eight(pos) => divide(pos, expected.depth, progress, args.threads)
                .iter()
                .map(|r| r.1)
                .sum(),
            Counted::Ten(pos) => {
                let n = pos.perft(expected.depth);
                progress.add(n);
                n
            }
        };
        tally.nodes += got;
        tally.checked += 1;
        if got != expected.count {
            tally.differ += 1;
            writeln!(
                out,
                "{}: depth {}: expected {}, got {got}",
                Place::line(&name, line),
                expected.depth,
                expected.count
            )?;
            out.flush()?;
        }
        Ok(())
    };
    while let Some(too_long) = lines.next()? {
        let (number, text) = (lines.number, lines.line.trim_ascii_end());
        let at = text.len() - text.trim_ascii_start().len();
        let text = &text[at..];
        if text.is_empty() || text.starts_with(b"#") {
            continue;
        }
        if too_long {
            let message = format!("line longer than {MAX_LINE} bytes");
            faults.reject(number, MAX_LINE + 1, "record", &message);
            continue;
        }
        let keyword = text.split(u8::is_ascii_whitespace).next().unwrap_or(b"");
        let after = |n: usize| {
            let rest = &text[n..];
            (
                at + n + rest.len() - rest.trim_ascii_start().len(),
                rest.trim_ascii_start(),
            )
        };
        match keyword {
            // The `id NAME` / `epd FEN` / `perft DEPTH COUNT` form.
            b"id" => {
                entry = None;
                variant = args.capa;
            }
            b"variant" => {
                let (column, name) = after(7);
                match suite_variant(name) {
                    Ok(v) => variant = v,
                    Err(message) => faults.reject(number, column + 1, "variant", &message),
                }
            }
            b"epd" => {
                let (column, record) = after(3);
                let pos = faults.position(number, column, record, variant);
                tally.positions += u64::from(pos.is_some());
                entry = Some(pos);
            }
            b"perft" => {
                let (column, rest) = after(5);
                let Some(expected) = expected(rest, false) else {
                    faults.reject(
                        number,
                        column + 1,
                        "counts",
                        "expected perft DEPTH COUNT, such as perft 3 8902",
                    );
                    continue;
                };
                if let Some(why) = counted(&expected).and_then(perft_too_deep) {
                    faults.reject(number, column + 1, "counts", &why);
                    continue;
                }
                match &entry {
                    Some(Some(pos)) => check(&mut out, &mut tally, pos, number, &expected)?,
                    Some(None) => tally.unchecked += 1,
                    None => faults.reject(
                        number,
                        at + 1,
                        "counts",
                        "a perft line counts the position of an epd line, and none comes before",
                    ),
                }
            }
            // The EPD form: FEN ;D1 20 ;D2 400 ...
            _ => {
                let Some(semicolon) = memchr::memchr(b';', text) else {
                    faults.reject(
                        number,
                        at + text.len() + 1,
                        "counts",
                        "no counts: a suite line is FEN ;D1 N ;D2 N ...",
                    );
                    continue;
                };
                let mut counts = Vec::new();
                let mut bad = None;
                let mut offset = semicolon + 1;
                for part in text[semicolon + 1..].split(|&b| b == b';') {
                    let trimmed = part.trim_ascii();
                    let column = at + offset + (part.len() - part.trim_ascii_start().len()) + 1;
                    offset += part.len() + 1;
                    if trimmed.is_empty() {
                        continue;
                    }
                    let part = || String::from_utf8_lossy(trimmed).into_owned();
                    match expected(trimmed, true) {
                        Some(e) => match counted(&e).and_then(perft_too_deep) {
                            None => counts.push(e),
                            Some(why) => {
                                bad = Some((column, format!("'{}': {why}", part())));
                                break;
                            }
                        },
                        None => {
                            let message = format!(
                                "'{}' is not a depth and its count, such as D3 8902",
                                part()
                            );
                            bad = Some((column, message));
                            break;
                        }
                    }
                }
                if let Some((column, message)) = bad {
                    faults.reject(number, column, "counts", &message);
                    continue;
                }
                let record = text[..semicolon].trim_ascii_end();
                let Some(pos) = faults.position(number, at, record, variant) else {
                    tally.unchecked += counts.len() as u64;
                    continue;
                };
                tally.positions += 1;
                for expected in &counts {
                    check(&mut out, &mut tally, &pos, number, expected)?;
                }
            }
        }
    }
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut summary = format!(
        "{name}: {}, {} checked: ",
        plural(tally.positions, "position", "positions"),
        plural(tally.checked, "count", "counts")
    );
    if tally.differ == 0 {
        summary.push_str("all match");
    } else {
        summary.push_str(&plural(tally.differ, "differs", "differ"));
    }
    if let (Some(max), 1..) = (max_depth, tally.skipped) {
        let _ = write!(
            summary,
            "; {} deeper than --max-depth {max} skipped",
            tally.skipped
        );
    }
    if faults.rejected() > 0 {
        let _ = write!(
            summary,
            "; {} rejected",
            plural(faults.rejected(), "line", "lines")
        );
        if tally.unchecked > 0 {
            let _ = write!(
                summary,
                " ({} not checked)",
                plural(tally.unchecked, "count", "counts")
            );
        }
    }
    out.line(&summary)?;
    out.flush()?;
    let wrong = tally.differ + faults.rejected();
    Ok((Outcome::of_counts(0, wrong), tally.nodes))
}
