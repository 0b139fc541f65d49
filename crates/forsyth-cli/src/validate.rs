//! `forsyth validate`: every problem of every line, or `ok`; with
//! `--repair`, the nearest legal position of every line.

use std::io::{self, Write};

use forsyth::convert::{convert_epd_line, ConvertEpdError, ConvertOptions};
use forsyth::epd::{Epd, EpdField};
use forsyth::fen::{CastlingNotation, CastlingToken, Fen, FenField, ShredderOrder, WriteOptions};
use forsyth::validate::{Problem, Report, Severity};
use forsyth::{Color, Variant};
use serde::Serialize;

use crate::diag::{parse_fault, problem_line};
use crate::lines::{visit_lines, Batch, Line, LineVisitor, MAX_LINE};
use crate::options::{Validate, ValidateMode};
use crate::Outcome;

/// A line the grammar refused (or too long to read): where and why.
struct Syntax {
    kind: &'static str,
    field: EpdField,
    offset: usize,
    message: String,
}

/// One problem in the JSON output.
#[derive(Serialize)]
struct ProblemJson {
    kind: &'static str,
    severity: &'static str,
    field: &'static str,
    /// 1-based byte column: of the text at fault, else of its field.
    column: usize,
    squares: Vec<String>,
    message: String,
}

/// A judged line in the JSON output.
#[derive(Serialize)]
struct JudgedJson<'a> {
    file: &'a str,
    line: u64,
    valid: bool,
    variant: &'static str,
    problems: Vec<ProblemJson>,
}

#[derive(Serialize)]
struct SyntaxJson {
    kind: &'static str,
    field: &'static str,
    column: usize,
    message: String,
}

/// A line the grammar refused, in the JSON output.
#[derive(Serialize)]
struct RefusedJson<'a> {
    file: &'a str,
    line: u64,
    valid: bool,
    syntax: SyntaxJson,
}

#[derive(Serialize)]
struct RepairJson {
    kind: &'static str,
    message: String,
}

/// What is left after repair.
#[derive(Serialize)]
struct RemainingJson {
    valid: bool,
    variant: &'static str,
    problems: Vec<ProblemJson>,
}

/// A repaired line in the JSON output.
#[derive(Serialize)]
struct RepairedJson<'a> {
    file: &'a str,
    line: u64,
    valid: bool,
    repairs: Vec<RepairJson>,
    /// `None` (null) when the line could not be repaired.
    fen: Option<String>,
    remaining: RemainingJson,
}

pub fn run(args: &Validate) -> io::Result<Outcome> {
    // One judge per thread.
    let make = || Command {
        args,
        out: Vec::with_capacity(1 << 16),
        err: Vec::new(),
        invalid: 0,
        io_errors: 0,
    };
    let totals = visit_lines(&args.files, args.progress, args.threads, make)?;
    Ok(Outcome::of_counts(totals.io_errors, totals.rejected))
}

struct Command<'a> {
    args: &'a Validate,
    /// This thread's output since the last `take`.
    out: Vec<u8>,
    /// Its diagnostics for standard error.
    err: Vec<u8>,
    invalid: u64,
    io_errors: u64,
}

impl LineVisitor for Command<'_> {
    fn line(&mut self, name: &str, line: Line<'_>) -> io::Result<()> {
        let parsed = if line.too_long {
            Err(Syntax {
                kind: "line_too_long",
                field: EpdField::Position(FenField::Record),
                offset: MAX_LINE,
                message: format!("line longer than {MAX_LINE} bytes"),
            })
        } else {
            let fen = Fen::from_ascii(line.bytes);
            // EPD with operations (an opcode where FEN has its clocks) never
            // reads as FEN: only a line FEN rejects is looked at again.
            if fen.is_err() && Epd::has_operations(line.bytes) {
                return self.epd(name, line.number, line.bytes);
            }
            fen.map_err(|e| {
                let fault = parse_fault(e);
                Syntax {
                    kind: e.kind.name(),
                    field: EpdField::Position(fault.field()),
                    offset: fault.offset(),
                    message: fault.to_string(),
                }
            })
        };
        match parsed {
            Err(syntax) => {
                self.invalid += 1;
                // A line too long to keep is written empty (its number stays).
                let kept = if line.too_long { &[][..] } else { line.bytes };
                self.refused(name, line.number, &syntax, kept)
            }
            Ok(fen) => {
                let report = Report::of_fen(&fen, self.args.variant);
                match self.args.mode {
                    ValidateMode::Judge { strict } => {
                        self.judge(name, line.number, &fen, &report, strict)
                    }
                    ValidateMode::Repair {
                        castling,
                        shredder_order,
                        write,
                    } => {
                        let write = WriteOptions {
                            castling: castling.unwrap_or_else(|| encoding_of(&fen)),
                            shredder_order: shredder_order.unwrap_or_else(|| order_of(&fen)),
                            ..write
                        };
                        self.repair(name, line.number, line.bytes, &fen, &report, &write)
                    }
                }
            }
        }
    }

    fn blank(&mut self, _name: &str, _number: u64) -> io::Result<()> {
        // Repair keeps line N of the output for line N of the input.
        if matches!(self.args.mode, ValidateMode::Repair { .. }) && !self.args.json {
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    fn io_error(&mut self, name: &str, error: &io::Error) -> io::Result<()> {
        self.io_errors += 1;
        let _ = writeln!(self.err, "forsyth: {name}: {error}");
        Ok(())
    }

    fn take(&mut self) -> Batch {
        // The next batch starts with room for as much as this one held.
        let room = self.out.capacity();
        Batch {
            out: std::mem::replace(&mut self.out, Vec::with_capacity(room)),
            err: std::mem::take(&mut self.err),
            rejected: std::mem::take(&mut self.invalid),
            io_errors: std::mem::take(&mut self.io_errors),
        }
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

fn problems_json(fen: &Fen, report: &Report, strict: bool) -> Vec<ProblemJson> {
    report
        .problems()
        .iter()
        .map(|p| ProblemJson {
            kind: p.kind().name(),
            severity: if strict {
                Severity::Error.into()
            } else {
                p.severity().into()
            },
            field: p.kind().field().into(),
            column: column(fen, p),
            squares: p.squares().into_iter().map(|s| s.to_string()).collect(),
            message: p.message(),
        })
        .collect()
}

/// `FILE:LINE:COL: field: kind: message` (a warning, unless `strict`:
/// `FILE:LINE:COL: field: warning: kind: message`).
fn problem_text(at: &str, fen: &Fen, problem: &Problem, strict: bool) -> String {
    let col = column(fen, problem);
    if strict && problem.severity() == Severity::Warning {
        let kind = problem.kind();
        format!(
            "{at}:{col}: {}: {}: {}",
            kind.field(),
            kind.name(),
            problem.message()
        )
    } else {
        format!("{at}:{col}: {}", problem_line(problem))
    }
}

/// A field's stable name in the JSON output.
fn field_name(field: &EpdField) -> &'static str {
    match field {
        EpdField::Position(field) => field.into(),
        EpdField::Operation(_) => "operation",
        EpdField::Operations => "operations",
    }
}

impl Command<'_> {
    /// An EPD record (four fields and operations): its position is judged
    /// as any record's, every problem at once; a legal one then has its
    /// operations checked as `convert` reads them (`hmvc`/`fmvn` as clocks,
    /// `bm`/`am`/`pv` as legal moves). Repair keeps an EPD line unchanged
    /// and reports it: repairing would drop what its operations say.
    fn epd(&mut self, file: &str, line: u64, bytes: &[u8]) -> io::Result<()> {
        let epd = match Epd::from_ascii(bytes) {
            Ok(epd) => epd,
            Err(e) => {
                self.invalid += 1;
                let syntax = Syntax {
                    kind: e.kind.name(),
                    field: e.field.clone(),
                    offset: e.offset,
                    message: e.kind.to_string(),
                };
                return self.refused(file, line, &syntax, bytes);
            }
        };
        let report = Report::of_fen(&epd.fen, self.args.variant);
        let operations = if report.is_legal() {
            let opts = ConvertOptions {
                variant: self.args.variant,
                ..ConvertOptions::default()
            };
            match convert_epd_line(bytes, &opts, &mut String::new()) {
                Err(e @ (ConvertEpdError::Move { .. } | ConvertEpdError::Clock { .. })) => Some(e),
                _ => None,
            }
        } else {
            None
        };
        match (&self.args.mode, operations) {
            (ValidateMode::Judge { .. }, Some(e)) => {
                self.invalid += 1;
                if self.args.json {
                    let json = JudgedJson {
                        file,
                        line,
                        valid: false,
                        variant: report.setup().variant.into(),
                        problems: vec![ProblemJson {
                            kind: e.kind().name(),
                            severity: Severity::Error.into(),
                            field: field_name(&e.field()),
                            column: e.column(),
                            squares: Vec::new(),
                            message: format!("{}: {e}", e.field()),
                        }],
                    };
                    return self.json_line(&json);
                }
                let kind = e.kind().name();
                writeln!(
                    self.out,
                    "{file}:{line}:{}: {}: {kind}: {e}",
                    e.column(),
                    e.field()
                )
            }
            (ValidateMode::Judge { strict }, None) => {
                let strict = *strict;
                self.judge(file, line, &epd.fen, &report, strict)
            }
            (ValidateMode::Repair { .. }, _) => {
                let syntax = Syntax {
                    kind: "epd_not_repaired",
                    field: EpdField::Operations,
                    offset: epd.operations.first().map_or(0, |op| op.offset),
                    message: "an EPD record is checked, not repaired: its line is kept as it is"
                        .to_owned(),
                };
                self.invalid += 1;
                self.refused(file, line, &syntax, bytes)
            }
        }
    }

    fn refused(&mut self, file: &str, line: u64, syntax: &Syntax, kept: &[u8]) -> io::Result<()> {
        let text = format!(
            "{file}:{line}:{}: {}: {}: {}",
            syntax.offset + 1,
            syntax.field,
            syntax.kind,
            syntax.message
        );
        match (&self.args.mode, self.args.json) {
            (ValidateMode::Judge { .. }, false) => writeln!(self.out, "{text}"),
            (ValidateMode::Repair { .. }, false) => {
                let _ = writeln!(self.err, "{text}");
                self.out.write_all(kept)?;
                self.out.write_all(b"\n")
            }
            (_, true) => {
                let json = RefusedJson {
                    file,
                    line,
                    valid: false,
                    syntax: SyntaxJson {
                        kind: syntax.kind,
                        field: field_name(&syntax.field),
                        column: syntax.offset + 1,
                        message: syntax.message.clone(),
                    },
                };
                self.json_line(&json)
            }
        }
    }

    fn json_line(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, value)?;
        self.out.write_all(b"\n")
    }

    fn judge(
        &mut self,
        file: &str,
        line: u64,
        fen: &Fen,
        report: &Report,
        strict: bool,
    ) -> io::Result<()> {
        let valid = if strict {
            report.problems().is_empty()
        } else {
            report.is_legal()
        };
        if !valid {
            self.invalid += 1;
        }
        let variant = report.setup().variant;
        if self.args.json {
            let json = JudgedJson {
                file,
                line,
                valid,
                variant: variant.into(),
                problems: problems_json(fen, report, strict),
            };
            return self.json_line(&json);
        }
        if report.problems().is_empty() {
            // The verdict of nearly every line of a bulk run, put together
            // without the formatting machinery.
            self.out.extend_from_slice(file.as_bytes());
            self.out.push(b':');
            push_decimal(&mut self.out, line);
            self.out
                .extend_from_slice(if self.args.auto && variant == Variant::Chess960 {
                    b": ok (chess960)\n"
                } else {
                    b": ok\n"
                });
            return Ok(());
        }
        let at = format!("{file}:{line}");
        for p in report.problems() {
            writeln!(self.out, "{}", problem_text(&at, fen, p, strict))?;
        }
        Ok(())
    }

    fn repair(
        &mut self,
        file: &str,
        line: u64,
        input: &[u8],
        fen: &Fen,
        report: &Report,
        write: &WriteOptions,
    ) -> io::Result<()> {
        let at = format!("{file}:{line}");
        let (repaired, repairs) = report.repair();
        let written = if repaired.is_legal() {
            match repaired.setup().to_fen(write) {
                Ok(text) => Some(text),
                Err(e) => {
                    let reason: &'static str = e.reason.into();
                    let _ = writeln!(
                        self.err,
                        "{at}:{}: castling: {reason}: {e}",
                        fen.offsets.castling + 1
                    );
                    None
                }
            }
        } else {
            None
        };
        if written.is_none() {
            self.invalid += 1;
        }
        if self.args.json {
            let json = RepairedJson {
                file,
                line,
                valid: report.is_legal(),
                repairs: repairs
                    .iter()
                    .map(|r| RepairJson {
                        kind: r.kind().name(),
                        message: r.message(),
                    })
                    .collect(),
                fen: written,
                remaining: RemainingJson {
                    valid: repaired.is_legal(),
                    variant: repaired.setup().variant.into(),
                    problems: problems_json(fen, &repaired, false),
                },
            };
            return self.json_line(&json);
        }
        match &written {
            Some(text) => {
                writeln!(self.out, "{text}")?;
                for r in &repairs {
                    let _ = writeln!(
                        self.err,
                        "{at}: repaired: {}: {}",
                        r.kind().name(),
                        r.message()
                    );
                }
            }
            // Not repaired: the line as it came, so the numbering holds, and
            // every problem it still has.
            None => {
                self.out.write_all(input)?;
                self.out.write_all(b"\n")?;
                let _ = writeln!(self.err, "{at}: not repaired, written unchanged");
                for p in report.problems() {
                    let _ = writeln!(self.err, "{}", problem_text(&at, fen, p, false));
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
