//! `forsyth convert`: stream lines, convert each, report the rejected ones.

use std::borrow::Cow;
use std::io::{self, Write};

use forsyth::convert::{convert_line, ConvertOptions};

use crate::lines::{visit_lines, Batch, Line, LineVisitor, MAX_LINE};
use crate::notation::{original_offset, placement_in, problem_error, to_english, LettersMode};
use crate::report::Reporter;
use crate::Outcome;

pub fn run(args: &crate::options::Convert) -> io::Result<Outcome> {
    // One converter per thread; each line goes through `Convert::line`.
    let make = || Convert {
        opts: args.opts,
        capa: args.capa,
        letters: args.letters,
        out: Vec::with_capacity(1 << 16),
        reporter: Reporter::default(),
        text: String::with_capacity(128),
    };
    let totals = visit_lines(&args.files, args.progress, args.threads, make)?;
    Ok(Outcome::of_counts(totals.io_errors, totals.rejected))
}

struct Convert {
    opts: ConvertOptions,
    /// `--variant` naming a 10x8 variant.
    capa: Option<forsyth::capablanca::Variant>,
    letters: LettersMode,
    /// This thread's output since the last `take`.
    out: Vec<u8>,
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
        if self.capa.is_some() || crate::capa::line_is_10x8(line.bytes) {
            return self.convert_10x8(source, &line);
        }
        self.text.clear();
        // Other letters and the problem form are read to an English record
        // first; a line nothing reads is converted as it is, for its error.
        // English records (the fast path) are not decoded here.
        let problem = line.bytes.trim_ascii_start().starts_with(b"(");
        if self.letters == LettersMode::English && !problem {
            return self.convert(source, line.number, line.bytes, |col| col);
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
        match &english {
            // A rejected rewrite is reported at the columns of the line as
            // written, not of its English rewrite.
            Some(Cow::Owned(rewrite)) => {
                let letters = self.letters;
                let column = |col: usize| original_offset(&text, rewrite, col - 1, letters) + 1;
                self.convert(source, line.number, rewrite.as_bytes(), column)
            }
            Some(Cow::Borrowed(english)) => {
                self.convert(source, line.number, english.as_bytes(), |col| col)
            }
            None => self.convert(source, line.number, line.bytes, |col| col),
        }
    }

    fn io_error(&mut self, source: &str, error: &io::Error) -> io::Result<()> {
        self.reporter.io_error(source, error);
        Ok(())
    }

    fn take(&mut self) -> Batch {
        let reporter = std::mem::take(&mut self.reporter);
        // The next batch starts with room for as much as this one held.
        let room = self.out.capacity();
        Batch {
            out: std::mem::replace(&mut self.out, Vec::with_capacity(room)),
            err: reporter.err,
            rejected: reporter.rejected,
            io_errors: reporter.io_errors,
        }
    }
}

impl Convert {
    /// A 10x8 line: the record written in the encoding asked for, or its
    /// faults, one line each.
    fn convert_10x8(&mut self, source: &str, line: &Line<'_>) -> io::Result<()> {
        let text = String::from_utf8_lossy(line.bytes);
        let validate = self.opts.validation == forsyth::convert::Validation::Legality;
        let write = self.opts.write;
        match crate::capa::convert_line(
            &text,
            self.capa,
            write.castling,
            write.shredder_order,
            validate,
        ) {
            Ok(fen) => {
                self.out.write_all(fen.as_bytes())?;
                self.out.write_all(b"\n")
            }
            Err(faults) => {
                self.reporter.rejected += 1;
                // As the 8x8 lines say it: a problem of the position with
                // its kind, a fault of the record's text without.
                for f in faults {
                    let kind = if f.problem {
                        format!("illegal: {}: ", f.kind)
                    } else {
                        String::new()
                    };
                    let _ = writeln!(
                        self.reporter.err,
                        "{source}:{}:{}: {}: {kind}{}",
                        line.number, f.column, f.field, f.message
                    );
                }
                Ok(())
            }
        }
    }

    /// Converts one record (English letters) and writes it, in `--letters`'
    /// language when one is given, or reports it; `column` maps a column of
    /// `bytes` to the line as written.
    fn convert(
        &mut self,
        source: &str,
        number: u64,
        bytes: &[u8],
        column: impl Fn(usize) -> usize,
    ) -> io::Result<()> {
        // EPD with operations (an opcode where FEN has its clocks) never
        // reads as FEN: only a line FEN rejects is looked at again.
        let converted = match convert_line(bytes, &self.opts, &mut self.text) {
            Ok(_) => Ok(()),
            Err(e) if !forsyth::epd::Epd::has_operations(bytes) => Err(e),
            Err(_) => {
                self.text.clear();
                match forsyth::convert::convert_epd_line(bytes, &self.opts, &mut self.text) {
                    Ok(_) => Ok(()),
                    Err(forsyth::convert::ConvertEpdError::Position(e)) => Err(e),
                    Err(e) => {
                        let (col, field) = (column(e.column()), e.field().to_string());
                        let message = format!("{}: {e}", e.kind().name());
                        self.reporter
                            .line_error(source, number, col, &field, &message);
                        return Ok(());
                    }
                }
            }
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
                self.reporter.convert_error(source, number, &e, column);
                Ok(())
            }
        }
    }
}
