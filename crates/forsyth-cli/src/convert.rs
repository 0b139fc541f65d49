//! `forsyth convert`: stream lines, convert each, report the rejected ones.

use std::io::{self, Write};

use forsyth::{convert_line, ConvertOptions};

use crate::lines::{visit_lines, Line, LineVisitor, MAX_LINE};
use crate::report::Reporter;
use crate::Outcome;

pub fn run(args: &crate::options::Convert) -> io::Result<Outcome> {
    let mut command = Convert {
        opts: args.opts,
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
        match convert_line(line.bytes, &self.opts, &mut self.text) {
            Ok(_) => {
                self.text.push('\n');
                self.out.write_all(self.text.as_bytes())
            }
            Err(e) => {
                self.reporter.convert_error(source, line.number, &e);
                Ok(())
            }
        }
    }

    fn io_error(&mut self, source: &str, error: &io::Error) -> io::Result<()> {
        self.reporter.io_error(source, error);
        Ok(())
    }
}
