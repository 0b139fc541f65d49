//! `forsyth convert`: stream lines, convert each, report the rejected ones.

use std::io::{self, Write};

use forsyth::{convert_line, ConvertOptions};

use crate::lines::{visit_lines, Line, LineVisitor, MAX_LINE};
use crate::notation::{placement_in, problem_error, to_english, LettersMode};
use crate::report::Reporter;
use crate::Outcome;

pub fn run(args: &crate::options::Convert) -> io::Result<Outcome> {
    let mut command = Convert {
        opts: args.opts,
        letters: args.letters,
        out: io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        reporter: Reporter::new(),
        text: String::with_capacity(128),
    };
    visit_lines(&args.files, args.progress, &mut command)?;
    let Convert {
        mut out,
        mut reporter,
        ..
    } = command;
    out.flush()?;
    reporter.flush();
    Ok(Outcome::of_counts(reporter.io_errors, reporter.rejected))
}

struct Convert {
    opts: ConvertOptions,
    letters: LettersMode,
    out: io::BufWriter<io::StdoutLock<'static>>,
    reporter: Reporter,
    text: String,
}

impl LineVisitor for Convert {
    fn line(&mut self, source: &str, line: Line<'_>) -> io::Result<()> {
        if line.too_long {
            self.reporter.line_error(
                source,
                line.number,
                MAX_LINE + 1,
                "record",
                &format!("line longer than {MAX_LINE} bytes"),
            );
            return Ok(());
        }
        self.text.clear();
        // Other letters and the problem form are read to an English record
        // first; a line nothing reads is converted as it is, for its error.
        // English records (the fast path) are not decoded here.
        let problem = line.bytes.trim_ascii_start().starts_with(b"(");
        if self.letters == LettersMode::English && !problem {
            return self.convert(source, line.number, line.bytes);
        }
        let text = String::from_utf8_lossy(line.bytes);
        let english = to_english(&text, self.letters);
        if english.is_none() {
            if let Some(e) = problem_error(&text, self.letters) {
                self.reporter.line_error(
                    source,
                    line.number,
                    e.offset + 1,
                    "problem",
                    &e.message(),
                );
                return Ok(());
            }
        }
        let bytes = english.as_deref().map_or(line.bytes, str::as_bytes);
        self.convert(source, line.number, bytes)
    }

    fn io_error(&mut self, source: &str, error: &io::Error) -> io::Result<()> {
        self.reporter.io_error(source, error);
        Ok(())
    }
}

impl Convert {
    /// Converts one record (English letters) and writes it, in `--letters`'
    /// language when one is given, or reports it.
    fn convert(&mut self, source: &str, number: u64, bytes: &[u8]) -> io::Result<()> {
        // EPD with operations (an opcode where FEN has its clocks).
        let converted = match forsyth::Epd::has_operations(bytes) {
            false => convert_line(bytes, &self.opts, &mut self.text).map(drop),
            true => match forsyth::convert_epd_line(bytes, &self.opts, &mut self.text) {
                Ok(_) => Ok(()),
                Err(forsyth::ConvertEpdError::Position(e)) => Err(e),
                Err(e) => {
                    let (col, field) = (e.column(), e.field().to_string());
                    let message = format!("{}: {e}", e.kind().name());
                    self.reporter
                        .line_error(source, number, col, &field, &message);
                    return Ok(());
                }
            },
        };
        match converted {
            Ok(()) => {
                if let LettersMode::Given(language) = self.letters {
                    self.text = placement_in(&self.text, language);
                }
                self.text.push('\n');
                self.out.write_all(self.text.as_bytes())
            }
            Err(e) => {
                self.reporter.convert_error(source, number, &e);
                Ok(())
            }
        }
    }
}
