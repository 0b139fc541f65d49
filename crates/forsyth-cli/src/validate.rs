//! `forsyth validate`: every problem of every line, or `ok`.

use std::fmt::Write as _;
use std::io::{self, Write};

use forsyth::{Fen, Report, Severity};

use crate::cli::{ReportFormatArg, ValidateArgs};
use crate::lines::{visit_lines, Line, LineVisitor, MAX_LINE};
use crate::Outcome;

/// A JSON string literal.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

struct Sink {
    out: io::BufWriter<io::StdoutLock<'static>>,
    err: io::BufWriter<io::Stderr>,
    invalid: u64,
    io_errors: u64,
}

pub fn run(args: &ValidateArgs) -> io::Result<Outcome> {
    let variant = args.variant.variant();
    let write_opts = args.output.write_options();
    let mut sink = Sink {
        out: io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        err: io::BufWriter::new(io::stderr()),
        invalid: 0,
        io_errors: 0,
    };
    let mut command = Validate {
        args,
        variant,
        write_opts,
        sink: &mut sink,
    };
    visit_lines(&args.files, &mut command)?;
    sink.out.flush()?;
    sink.err.flush()?;
    Ok(if sink.io_errors > 0 {
        Outcome::Failed
    } else if sink.invalid > 0 {
        Outcome::Rejected
    } else {
        Outcome::Ok
    })
}

struct Validate<'a> {
    args: &'a ValidateArgs,
    variant: Option<forsyth::Variant>,
    write_opts: forsyth::WriteOptions,
    sink: &'a mut Sink,
}

impl LineVisitor for Validate<'_> {
    fn line(&mut self, name: &str, line: Line<'_>) -> io::Result<()> {
        let (args, sink) = (self.args, &mut *self.sink);
        let at = format!("{name}:{}", line.number);
        let parsed = if line.too_long {
            Err(format!(
                "line_too_long: col {}: record: line longer than {MAX_LINE} bytes",
                MAX_LINE + 1
            ))
        } else {
            Fen::from_ascii(line.bytes).map_err(|e| format!("{}: {e}", e.kind.name()))
        };
        let file_line = (name, line.number);
        match parsed {
            Err(message) => {
                sink.invalid += 1;
                syntax_error(sink, args, file_line, &at, &message)
            }
            Ok(fen) => {
                let report = Report::of_fen(&fen, self.variant);
                if args.repair {
                    repair(sink, args, file_line, &at, &report, &self.write_opts)
                } else {
                    if !report.is_legal() {
                        sink.invalid += 1;
                    }
                    judge(sink, args, file_line, &at, &report)
                }
            }
        }
    }

    fn io_error(&mut self, name: &str, error: &io::Error) -> io::Result<()> {
        self.sink.io_errors += 1;
        writeln!(self.sink.err, "forsyth: {name}: {error}")
    }
}

fn json_head(file: &str, line: u64) -> String {
    format!("{{\"file\":{},\"line\":{line},", json_string(file))
}

fn syntax_error(
    sink: &mut Sink,
    args: &ValidateArgs,
    (file, line): (&str, u64),
    at: &str,
    message: &str,
) -> io::Result<()> {
    match (args.format, args.repair) {
        (ReportFormatArg::Text, false) => writeln!(sink.out, "{at}: {message}"),
        (ReportFormatArg::Text, true) => writeln!(sink.err, "{at}: {message}"),
        (ReportFormatArg::Json, _) => {
            let (kind, rest) = message.split_once(": ").unwrap_or(("syntax", message));
            writeln!(
                sink.out,
                "{}\"valid\":false,\"syntax\":{{\"kind\":{},\"message\":{}}}}}",
                json_head(file, line),
                json_string(kind),
                json_string(rest)
            )
        }
    }
}

fn text_problems(sink: &mut Sink, at: &str, report: &Report, to_err: bool) -> io::Result<()> {
    for p in report.problems() {
        let prefix = match p.severity() {
            Severity::Error => "",
            Severity::Warning => "warning: ",
        };
        let w: &mut dyn Write = if to_err { &mut sink.err } else { &mut sink.out };
        writeln!(w, "{at}: {prefix}{p}")?;
    }
    Ok(())
}

fn judge(
    sink: &mut Sink,
    args: &ValidateArgs,
    (file, line): (&str, u64),
    at: &str,
    report: &Report,
) -> io::Result<()> {
    match args.format {
        ReportFormatArg::Text => {
            if report.problems().is_empty() {
                writeln!(sink.out, "{at}: ok")
            } else {
                text_problems(sink, at, report, false)
            }
        }
        ReportFormatArg::Json => {
            let mut s = json_head(file, line);
            s.truncate(s.len() - 1);
            s.push(',');
            let mut body = String::new();
            report.write_json(&mut body);
            // `write_json` writes a whole object; splice its members in.
            s.push_str(body.trim_start_matches('{'));
            writeln!(sink.out, "{s}")
        }
    }
}

fn repair(
    sink: &mut Sink,
    args: &ValidateArgs,
    (file, line): (&str, u64),
    at: &str,
    report: &Report,
    write_opts: &forsyth::WriteOptions,
) -> io::Result<()> {
    let (repaired, repairs) = report.repair();
    let fen = if repaired.is_legal() {
        match repaired.setup().to_fen(write_opts) {
            Ok(fen) => Some(fen),
            Err(e) => {
                sink.invalid += 1;
                writeln!(sink.err, "{at}: {}: {e}", e.reason_name())?;
                None
            }
        }
    } else {
        sink.invalid += 1;
        None
    };
    match args.format {
        ReportFormatArg::Text => {
            if let Some(fen) = &fen {
                writeln!(sink.out, "{fen}")?;
            }
            for r in &repairs {
                writeln!(sink.err, "{at}: repaired: {r}")?;
            }
            if !repaired.is_legal() {
                text_problems(sink, at, &repaired, true)?;
            }
            Ok(())
        }
        ReportFormatArg::Json => {
            let mut s = json_head(file, line);
            let _ = write!(s, "\"valid\":{},", report.is_legal());
            s.push_str("\"repairs\":[");
            for (i, r) in repairs.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                r.write_json(&mut s);
            }
            s.push_str("],\"fen\":");
            s.push_str(&fen.as_deref().map_or("null".to_owned(), json_string));
            s.push_str(",\"remaining\":");
            let mut body = String::new();
            repaired.write_json(&mut body);
            s.push_str(&body);
            s.push('}');
            writeln!(sink.out, "{s}")
        }
    }
}

trait ReasonName {
    fn reason_name(&self) -> &'static str;
}

impl ReasonName for forsyth::LossyCastlingError {
    fn reason_name(&self) -> &'static str {
        self.reason.into()
    }
}
