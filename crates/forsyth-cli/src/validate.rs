//! `forsyth validate`: every problem of every line, or `ok`; with
//! `--repair`, the nearest legal position of every line.

use std::io::{self, Write};

use forsyth::convert::{convert_epd_line, ConvertEpdError, ConvertOptions};
use forsyth::epd::{Epd, EpdField, Op};
use forsyth::fen::{
    write_castling, CastlingNotation, CastlingToken, Fen, FenField, ShredderOrder, WriteFenError,
    WriteOptions,
};
use forsyth::validate::{Problem, Repair, RepairKind, Report, Severity};
use forsyth::{CastlingSide, Color, Variant};

use crate::lines::{visit_lines, Batch, Line, LineVisitor, MAX_LINE};
use crate::options::{Validate, ValidateMode};
use crate::printer::diag::parse_fault;
use crate::printer::json::{self, Fault, RepairMade, Repaired};
use crate::printer::{Diagnostics, Format, Place, Printer};
use crate::Outcome;

/// A problem of `fen`'s position; with `strict`, a warning counts as an
/// error.
fn problem_fault(fen: &Fen, problem: &Problem, strict: bool) -> Fault {
    let kind = problem.kind();
    Fault {
        kind: kind.name(),
        severity: if strict {
            Severity::Error
        } else {
            problem.severity()
        },
        field: kind.field().into(),
        column: column(fen, problem),
        squares: problem.squares().into_iter().collect(),
        message: problem.message(),
        label: kind.field().to_string(),
    }
}

/// An error at a byte of the line, with no squares.
fn fault_at(kind: &'static str, field: &EpdField, offset: usize, message: String) -> Fault {
    Fault {
        kind,
        severity: Severity::Error,
        field: field_name(field),
        column: offset + 1,
        squares: Vec::new(),
        message,
        label: field.to_string(),
    }
}

/// Every problem of `report`, in the order of their columns (problems of
/// one column in the report's order).
fn faults_of(fen: &Fen, report: &Report, strict: bool) -> Vec<Fault> {
    let mut faults: Vec<Fault> = report
        .problems()
        .iter()
        .map(|p| problem_fault(fen, p, strict))
        .collect();
    sort(&mut faults);
    faults
}

fn sort(faults: &mut [Fault]) {
    faults.sort_by_key(|f| f.column);
}

pub fn run(args: &Validate) -> io::Result<Outcome> {
    // One judge per thread.
    let make = || Command {
        args,
        json: args.format == Format::Json,
        out: Printer::buffer(),
        err: Diagnostics::buffer(),
    };
    let totals = visit_lines(&args.files, args.progress, args.threads, make)?;
    Ok(Outcome::of_counts(totals.io_errors, totals.rejected))
}

struct Command<'a> {
    args: &'a Validate,
    json: bool,
    /// This thread's output since the last `take`.
    out: Printer<Vec<u8>>,
    /// Its diagnostics for standard error, and the lines found invalid.
    err: Diagnostics,
}

impl LineVisitor for Command<'_> {
    fn line(&mut self, name: &str, line: Line<'_>) -> io::Result<()> {
        if line.too_long {
            let fault = fault_at(
                "line_too_long",
                &EpdField::Position(FenField::Record),
                MAX_LINE,
                format!("line longer than {MAX_LINE} bytes"),
            );
            return self.refused(name, &line, fault);
        }
        if self.args.capa.is_some() {
            return self.line_10x8(name, &line);
        }
        let fen = match Fen::from_ascii(line.bytes) {
            Ok(fen) => fen,
            // A line that reads as an 8x8 record is one (ten squares never
            // read as eight): only a line it refuses may be 10x8.
            Err(_) if forsyth::capablanca::line_is_ten_files(line.bytes) => {
                return self.line_10x8(name, &line)
            }
            // EPD with operations (an opcode where FEN has its clocks) never
            // reads as FEN: only a line FEN rejects is looked at again.
            Err(_) if Epd::has_operations(line.bytes) => return self.epd(name, &line),
            Err(e) => {
                let fault = parse_fault(e);
                let field = EpdField::Position(fault.field());
                let fault = fault_at(e.kind.name(), &field, fault.offset(), fault.to_string());
                return self.refused(name, &line, fault);
            }
        };
        let report = Report::of_fen(&fen, self.args.variant);
        match self.args.mode {
            ValidateMode::Judge { strict } => {
                let faults = faults_of(&fen, &report, strict);
                let valid = if strict {
                    faults.is_empty()
                } else {
                    report.is_legal()
                };
                self.judged(name, line.number, valid, report.variant(), &faults)
            }
            ValidateMode::Repair { .. } => self.repair(name, &line, &fen, &report),
        }
    }

    fn blank(&mut self, name: &str, line: Line<'_>) -> io::Result<()> {
        match (&self.args.mode, self.json) {
            // Repair keeps line N of the output for line N of the input.
            (ValidateMode::Repair { .. }, false) => {
                line.write_as_read(&mut self.out)?;
                self.out.write_all(b"\n")
            }
            (ValidateMode::Judge { .. }, false) => Ok(()),
            (mode, true) => self.out.json(&json::Line {
                file: name,
                line: line.number,
                valid: None,
                variant: None,
                problems: &[],
                repair: matches!(mode, ValidateMode::Repair { .. })
                    .then(|| Repaired::none(None, &[])),
            }),
        }
    }

    fn io_error(&mut self, name: &str, error: &io::Error) -> io::Result<()> {
        self.err.io_error(name, error);
        Ok(())
    }

    fn take(&mut self, room: Vec<u8>) -> Batch {
        Batch::new(&mut self.out, &mut self.err, room)
    }
}

/// The castling encoding a line was written in: Shredder-FEN when every
/// letter is a file letter, X-FEN for any other (standard letters are X-FEN
/// too, and a mix is X-FEN).
fn encoding_of(fen: &Fen) -> CastlingNotation {
    let shredder = !fen.castling.is_empty()
        && fen
            .castling
            .iter()
            .all(|(_, token)| matches!(token, CastlingToken::File(..)));
    if shredder {
        CastlingNotation::Shredder
    } else {
        CastlingNotation::XFen
    }
}

/// The Shredder-FEN letter order a line was written in: king side first
/// (`HAha`) when a colour's first two file letters descend, files
/// ascending (`AHah`) otherwise (also when no colour has two).
fn order_of(fen: &Fen) -> ShredderOrder {
    let files = |color: Color| {
        fen.castling
            .iter()
            .filter_map(move |(_, token)| match token {
                CastlingToken::File(c, file) if c == color => Some(file),
                _ => None,
            })
    };
    let descends = Color::ALL.into_iter().find_map(|color| {
        let mut files = files(color);
        Some(files.next()? > files.next()?)
    });
    if descends == Some(true) {
        ShredderOrder::Wings
    } else {
        ShredderOrder::Files
    }
}

/// The 1-based column of a problem: its own offset, else its field's.
fn column(fen: &Fen, problem: &Problem) -> usize {
    problem
        .offset()
        .unwrap_or_else(|| fen.offsets.of(problem.kind().field()))
        + 1
}

/// A field's stable name in the JSON output.
fn field_name(field: &EpdField) -> &'static str {
    match field {
        EpdField::Position(field) => field.into(),
        EpdField::Operation(_) => "operation",
        EpdField::Operations => "operations",
    }
}

/// The bytes from `start` to the end of the field there.
fn field_end(bytes: &[u8], start: usize) -> usize {
    bytes
        .get(start..)
        .and_then(|rest| rest.iter().position(u8::is_ascii_whitespace))
        .map_or(bytes.len(), |n| start + n)
}

/// The record `fen` was read from (`bytes`), with only what `repairs`
/// changed rewritten, each in place: the castling letters dropped (or the
/// whole field in `castling`'s encoding, when given), the en-passant square
/// replaced by `-`, a clock's digits replaced. Everything else, spacing
/// included, stays as it was.
fn edit(
    bytes: &[u8],
    fen: &Fen,
    report: &Report,
    (repaired, repairs): (&Report, &[Repair]),
    castling: Option<String>,
) -> Vec<u8> {
    let o = &fen.offsets;
    let mut edits: Vec<(usize, String)> = Vec::new();
    let kept = || kept_letters(fen, report, repaired, repairs);
    if let Some(field) = castling.or_else(kept) {
        edits.push((o.castling, field));
    }
    for r in repairs {
        match (r.kind(), r.values()) {
            (RepairKind::DropEnPassantSquare, _) => edits.push((o.en_passant, "-".to_owned())),
            (RepairKind::SetHalfmoveClock, Some((_, n))) if fen.has_clocks => {
                edits.push((o.halfmoves, n.to_string()))
            }
            (RepairKind::SetFullmoveNumber, Some((_, n))) if fen.has_clocks => {
                edits.push((o.fullmoves, n.to_string()))
            }
            _ => {}
        }
    }
    edits.sort_by_key(|e| e.0);
    edits.dedup_by_key(|e| e.0);
    let mut out = Vec::with_capacity(bytes.len() + 8);
    let mut at = 0;
    for (start, text) in edits {
        out.extend_from_slice(&bytes[at..start]);
        out.extend_from_slice(text.as_bytes());
        at = field_end(bytes, start);
    }
    out.extend_from_slice(&bytes[at..]);
    let setup = repaired.setup();
    // A four-field record that needs other clocks than `0 1` gains both.
    if !fen.has_clocks && (setup.halfmoves, setup.fullmoves) != (0, 1) {
        let end = out.trim_ascii_end().len();
        let clocks = format!(" {} {}", setup.halfmoves, setup.fullmoves);
        out.splice(end..end, clocks.bytes());
    }
    out
}

/// The castling field of `fen` (judged in `report`) with the letters whose
/// rights repair dropped taken out, the others as written and in their
/// order (`-` when none is left); `None` when repair dropped no right.
fn kept_letters(
    fen: &Fen,
    report: &Report,
    repaired: &Report,
    repairs: &[Repair],
) -> Option<String> {
    let mut drops = repairs
        .iter()
        .filter(|r| r.kind() == RepairKind::DropCastlingRight)
        .peekable();
    drops.peek()?;
    // A letter that named no right is dropped as a letter, at its offset.
    let dropped: Vec<usize> = drops
        .filter(|r| r.color().is_none())
        .filter_map(|r| r.problem().offset())
        .collect();
    let rights = &repaired.setup().castling;
    // Each other letter named one right of its colour (one per wing); it
    // stays while that right does.
    let before = &report.setup().castling;
    let mut field = String::new();
    for (index, token) in fen.castling.iter() {
        if dropped.contains(&(fen.offsets.castling + index)) {
            continue;
        }
        let color = token.color();
        let side = match token {
            CastlingToken::King(_) => Some(CastlingSide::KingSide),
            CastlingToken::Queen(_) => Some(CastlingSide::QueenSide),
            CastlingToken::File(_, file) => CastlingSide::ALL
                .into_iter()
                .find(|&side| before.rook_square(color, side).map(|s| s.file()) == Some(file)),
        };
        if side.is_some_and(|side| rights.rook_square(color, side).is_some()) {
            field.push(token.char());
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    Some(field)
}

impl Command<'_> {
    /// A 10x8 line: its problems (every one, by column), or `ok (VARIANT)`;
    /// with `--repair`, the repaired record.
    fn line_10x8(&mut self, file: &str, line: &Line<'_>) -> io::Result<()> {
        let ten = crate::convert::TenText::new(line.bytes);
        let text = ten.text();
        let (strict, repair) = match self.args.mode {
            ValidateMode::Judge { strict } => (strict, None),
            ValidateMode::Repair {
                castling,
                shredder_order,
            } => (false, Some((castling, shredder_order))),
        };
        let mut judged = crate::capa::validate_line(text, self.args.capa, strict, repair);
        ten.name_bytes(&mut judged.faults);
        let repaired = judged.repaired.as_ref().map(|(fen, _)| fen.is_some());
        if !judged.valid && repaired != Some(true) {
            self.err.rejected += 1;
        }
        if self.json {
            let json = crate::capa::judged_json(file, line.number, &judged, self.args.capa);
            return self.out.json(&json);
        }
        let at = format!("{file}:{}", line.number);
        match &judged.repaired {
            None if judged.faults.is_empty() => {
                let variant = judged.variant.map_or("10x8", <&'static str>::from);
                writeln!(self.out, "{at}: ok ({variant})")
            }
            None => {
                for f in &judged.faults {
                    writeln!(self.out, "{}", crate::capa::fault_line(&at, f))?;
                }
                Ok(())
            }
            Some((Some(fen), changes)) => {
                self.out.write_all(line.before)?;
                self.out.write_all(fen.as_bytes())?;
                self.out.write_all(line.after)?;
                self.out.write_all(b"\n")?;
                for (kind, message) in changes {
                    self.err.at(
                        Place::line(file, line.number),
                        format_args!("repaired: {kind}: {message}"),
                    );
                }
                Ok(())
            }
            Some((None, _)) => {
                line.write_as_read(&mut self.out)?;
                self.out.write_all(b"\n")?;
                self.err.at(
                    Place::line(file, line.number),
                    "not repaired, written unchanged",
                );
                let mut faults = Vec::new();
                for f in &judged.faults {
                    faults.extend_from_slice(crate::capa::fault_line(&at, f).as_bytes());
                    faults.push(b'\n');
                }
                self.err.write_all(&faults);
                Ok(())
            }
        }
    }

    /// An EPD record (four fields and operations): its position is judged
    /// as any record's, every problem at once; a legal one then has its
    /// operations checked as `convert` reads them (`hmvc`/`fmvn` as clocks,
    /// `bm`/`am`/`pv` as legal moves). Repair writes an EPD line as it is:
    /// unchanged when it is valid, and reported when it is not (repairing
    /// would drop what its operations say).
    fn epd(&mut self, file: &str, line: &Line<'_>) -> io::Result<()> {
        let epd = match Epd::from_ascii(line.bytes) {
            Ok(epd) => epd,
            Err(e) => {
                let fault = fault_at(e.kind.name(), &e.field, e.offset, e.kind.to_string());
                return self.refused(file, line, fault);
            }
        };
        // The position with the clocks `hmvc` and `fmvn` give, as convert
        // reads them: a clock problem is placed at its operation.
        let mut fen = epd.fen.clone();
        for o in &epd.operations {
            // A value no clock can hold (fmvn 0 too) is the operations'
            // check's error.
            let (clock, offset, value) = match o.op {
                Op::Hmvc(n) => (&mut fen.halfmoves, &mut fen.offsets.halfmoves, n),
                Op::Fmvn(n) if n > 0 => (&mut fen.fullmoves, &mut fen.offsets.fullmoves, n),
                _ => continue,
            };
            if let Ok(n) = u32::try_from(value) {
                *clock = n;
                *offset = o.offset;
                fen.has_clocks = true;
            }
        }
        let report = Report::of_fen(&fen, self.args.variant);
        let strict = matches!(self.args.mode, ValidateMode::Judge { strict: true });
        let mut faults = faults_of(&fen, &report, strict);
        // The operations as convert reads them: a clock it refuses, and, in
        // a legal position, a move that is not legal (a position's problems
        // are already reported).
        let opts = ConvertOptions {
            variant: self.args.variant,
            ..ConvertOptions::default()
        };
        if let Err(e @ (ConvertEpdError::Move { .. } | ConvertEpdError::Clock { .. })) =
            convert_epd_line(line.bytes, &opts, &mut String::new())
        {
            faults.push(fault_at(
                e.kind().name(),
                &e.field(),
                e.offset(),
                e.to_string(),
            ));
            sort(&mut faults);
        }
        let valid = faults.iter().all(|f| f.severity == Severity::Warning);
        let variant = report.variant();
        if let ValidateMode::Judge { .. } = self.args.mode {
            return self.judged(file, line.number, valid, variant, &faults);
        }
        if !self.json {
            line.write_as_read(&mut self.out)?;
            self.out.write_all(b"\n")?;
        }
        let mut remaining = faults.clone();
        if !valid {
            self.err.rejected += 1;
            let offset = epd.operations.first().map_or(0, |op| op.offset);
            let why = "an EPD record is checked, not repaired: its line is kept as it is";
            let fault = fault_at(
                "epd_not_repaired",
                &EpdField::Operations,
                offset,
                why.into(),
            );
            if !self.json {
                let place = Place::line(file, line.number);
                self.err.at(place, "not repaired, written unchanged");
                for fault in faults.iter().chain([&fault]) {
                    self.err.at(place.at(fault.column), fault);
                }
            }
            remaining.push(fault);
        }
        if self.json {
            let text = String::from_utf8_lossy(line.bytes);
            self.out.json(&json::Line {
                file,
                line: line.number,
                valid: Some(valid),
                variant: Some(variant),
                problems: &faults,
                repair: Some(Repaired {
                    repairs: Vec::new(),
                    fen: valid.then_some(&*text),
                    remaining: json::Remaining {
                        valid: Some(valid),
                        variant: Some(variant),
                        problems: &remaining,
                    },
                }),
            })?;
        }
        Ok(())
    }

    /// A line the grammar refused (or too long to read): reported, and with
    /// `--repair` written unchanged (a line too long to keep: empty).
    fn refused(&mut self, file: &str, line: &Line<'_>, fault: Fault) -> io::Result<()> {
        self.err.rejected += 1;
        let place = Place::column(file, line.number, fault.column);
        let faults = [fault];
        match (&self.args.mode, self.json) {
            (ValidateMode::Judge { .. }, false) => writeln!(self.out, "{place}: {}", faults[0]),
            (ValidateMode::Repair { .. }, false) => {
                let line_place = Place::line(file, line.number);
                self.err.at(line_place, "not repaired, written unchanged");
                self.err.at(place, &faults[0]);
                if !line.too_long {
                    line.write_as_read(&mut self.out)?;
                }
                self.out.write_all(b"\n")
            }
            (mode, true) => self.out.json(&json::Line {
                file,
                line: line.number,
                valid: Some(false),
                variant: None,
                problems: &faults,
                repair: matches!(mode, ValidateMode::Repair { .. })
                    .then(|| Repaired::none(Some(false), &faults)),
            }),
        }
    }

    /// The verdict on a line read (judging, not repairing).
    fn judged(
        &mut self,
        file: &str,
        line: u64,
        valid: bool,
        variant: Variant,
        faults: &[Fault],
    ) -> io::Result<()> {
        if !valid {
            self.err.rejected += 1;
        }
        if self.json {
            return self.out.json(&json::Line {
                file,
                line,
                valid: Some(valid),
                variant: Some(variant),
                problems: faults,
                repair: None,
            });
        }
        if faults.is_empty() {
            // The verdict of nearly every line of a bulk run, put together
            // without the formatting machinery.
            let out = self.out.bytes();
            out.extend_from_slice(file.as_bytes());
            out.push(b':');
            push_decimal(out, line);
            out.extend_from_slice(if self.args.auto && variant == Variant::Chess960 {
                b": ok (chess960)\n"
            } else {
                b": ok\n"
            });
            return Ok(());
        }
        for fault in faults {
            writeln!(
                self.out,
                "{}: {fault}",
                Place::column(file, line, fault.column)
            )?;
        }
        Ok(())
    }

    /// `--repair` on a record read: the line as it was read with only the
    /// listed repairs made (and the castling field re-encoded when
    /// `--castling` or `--shredder-order` asks for it), or unchanged when it
    /// cannot be repaired.
    fn repair(
        &mut self,
        file: &str,
        line: &Line<'_>,
        fen: &Fen,
        report: &Report,
    ) -> io::Result<()> {
        let ValidateMode::Repair {
            castling,
            shredder_order,
        } = self.args.mode
        else {
            return Ok(());
        };
        let place = Place::line(file, line.number);
        let (repaired, repairs) = report.repair();
        let mut lossy = None;
        let written = if !repaired.is_legal() {
            None
        } else {
            // An encoding asked for: the whole castling field written in it.
            let shredder = encoding_of(fen) == CastlingNotation::Shredder;
            let encode = castling.is_some() || shredder_order.is_some() && shredder;
            let field = if encode {
                let opts = WriteOptions {
                    castling: castling.unwrap_or_else(|| encoding_of(fen)),
                    shredder_order: shredder_order.unwrap_or_else(|| order_of(fen)),
                    ..WriteOptions::default()
                };
                let mut field = String::new();
                match write_castling(repaired.setup(), &opts, &mut field) {
                    Ok(()) => Ok(Some(field)),
                    Err(WriteFenError::Lossy(e)) => Err(e),
                    // Writing to a String cannot fail.
                    Err(_) => Ok(Some(field)),
                }
            } else {
                Ok(None)
            };
            match field {
                Ok(field) => Some(edit(line.bytes, fen, report, (&repaired, &repairs), field)),
                Err(e) => {
                    let reason: &'static str = e.reason.into();
                    let fault = fault_at(
                        reason,
                        &EpdField::Position(FenField::Castling),
                        fen.offsets.castling,
                        e.to_string(),
                    );
                    lossy = Some(fault);
                    None
                }
            }
        };
        if written.is_none() {
            self.err.rejected += 1;
        }
        let faults = faults_of(fen, report, false);
        if self.json {
            // What is left is the problems of the line written: the
            // repaired one (its columns), or the line as it was.
            let written_fen = written.as_deref().and_then(|w| Fen::from_ascii(w).ok());
            let mut remaining = match &written_fen {
                Some(written) => faults_of(written, &repaired, false),
                None => faults.clone(),
            };
            remaining.extend(lossy);
            sort(&mut remaining);
            let text = written.as_deref().map(String::from_utf8_lossy);
            return self.out.json(&json::Line {
                file,
                line: line.number,
                valid: Some(report.is_legal()),
                variant: Some(report.variant()),
                problems: &faults,
                repair: Some(Repaired {
                    // Only the changes made: none to a line written unchanged.
                    repairs: repairs
                        .iter()
                        .filter(|_| written.is_some())
                        .map(|r| RepairMade {
                            kind: r.kind(),
                            message: r.message(),
                        })
                        .collect(),
                    fen: text.as_deref(),
                    remaining: json::Remaining {
                        valid: Some(written.is_some()),
                        variant: Some(repaired.variant()),
                        problems: &remaining,
                    },
                }),
            });
        }
        match &written {
            Some(text) => {
                self.out.write_all(line.before)?;
                self.out.write_all(text)?;
                self.out.write_all(line.after)?;
                self.out.write_all(b"\n")?;
                for r in &repairs {
                    let message = format_args!("repaired: {}: {}", r.kind().name(), r.message());
                    self.err.at(place, message);
                }
            }
            // Not repaired: the line as it came, so the numbering holds, and
            // every problem it still has.
            None => {
                line.write_as_read(&mut self.out)?;
                self.out.write_all(b"\n")?;
                self.err.at(place, "not repaired, written unchanged");
                for fault in faults.iter().chain(&lossy) {
                    self.err.at(place.at(fault.column), fault);
                }
            }
        }
        Ok(())
    }
}

/// Appends `n` in decimal.
fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use super::push_decimal;

    /// `push_decimal` writes what `Display` writes, at the edges and in
    /// between.
    #[test]
    fn push_decimal_writes_as_display() {
        let mut n = 0x9e37_79b9_7f4a_7c15_u64;
        let mut values = vec![0, 1, 9, 10, 99, 100, 1_000_000, u64::MAX - 1, u64::MAX];
        for _ in 0..1000 {
            n ^= n << 13;
            n ^= n >> 7;
            n ^= n << 17;
            values.push(n >> (n % 64));
        }
        for v in values {
            let mut out = b"x".to_vec();
            push_decimal(&mut out, v);
            assert_eq!(out, format!("x{v}").into_bytes());
        }
    }
}
