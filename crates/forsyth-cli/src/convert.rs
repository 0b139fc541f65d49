//! `forsyth convert`: stream lines, convert each, report the rejected ones.

use std::io::{self, Write};

use forsyth::{convert_line, Check, ConvertOptions};

use crate::cli::ConvertArgs;
use crate::lines::{LineReader, Source, MAX_LINE};
use crate::report::Reporter;
use crate::Outcome;

pub fn run(args: &ConvertArgs) -> io::Result<Outcome> {
    let opts = ConvertOptions {
        variant: args.variant.variant(),
        write: args.output.write_options(),
        check: if args.no_validate {
            Check::Syntax
        } else {
            Check::Legality
        },
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut reporter = Reporter::new();
    let mut text = String::with_capacity(128);
    for source in Source::from_args(&args.files) {
        let name = source.name();
        let reader = match source.open() {
            Ok(r) => r,
            Err(e) => {
                reporter.io_error(&name, &e);
                continue;
            }
        };
        let mut lines = LineReader::new(reader);
        loop {
            let line = match lines.next_line() {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(e) => {
                    reporter.io_error(&name, &e);
                    break;
                }
            };
            let (bytes, too_long, number) = (line.bytes, line.too_long, line.number);
            if too_long {
                reporter.line_error(
                    &name,
                    number,
                    MAX_LINE + 1,
                    "record",
                    &format!("line longer than {MAX_LINE} bytes"),
                );
                continue;
            }
            if bytes.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            text.clear();
            match convert_line(bytes, &opts, &mut text) {
                Ok(_) => {
                    text.push('\n');
                    out.write_all(text.as_bytes())?;
                }
                Err(e) => {
                    reporter.convert_error(&name, number, &e);
                }
            }
        }
    }
    out.flush()?;
    reporter.flush();
    Ok(if reporter.io_errors > 0 {
        Outcome::Failed
    } else if reporter.rejected > 0 {
        Outcome::Rejected
    } else {
        Outcome::Ok
    })
}
