//! Printing diagnostics as `FILE:LINE:COL: field: message`.

use std::io::{self, Write};

use forsyth::convert::ConvertError;

/// Counts rejected lines and writes their diagnostics, for standard error.
#[derive(Default)]
pub struct Reporter {
    pub err: Vec<u8>,
    pub rejected: u64,
    pub io_errors: u64,
}

impl Reporter {
    /// One line of diagnostics per fault of a rejected line, by column;
    /// `column` maps a 1-based column of the text converted to the line as
    /// written (they differ when the line was rewritten from other letters
    /// first).
    pub fn convert_error(
        &mut self,
        source: &str,
        line: u64,
        error: &ConvertError,
        column: impl Fn(usize) -> usize,
    ) {
        self.rejected += 1;
        let mut faults = error.faults();
        // In the order of the line (faults of one column as found).
        faults.sort_by_key(|f| f.column());
        for fault in faults {
            let _ = writeln!(
                self.err,
                "{source}:{line}:{}: {}: {fault}",
                column(fault.column()),
                fault.field()
            );
        }
    }

    /// A rejected line whose fault is not a FEN error (too long).
    pub fn line_error(&mut self, source: &str, line: u64, col: usize, field: &str, message: &str) {
        self.rejected += 1;
        let _ = writeln!(self.err, "{source}:{line}:{col}: {field}: {message}");
    }

    /// A problem with a whole input (cannot open, read error).
    pub fn io_error(&mut self, source: &str, error: &io::Error) {
        self.io_errors += 1;
        let _ = writeln!(self.err, "forsyth: {source}: {error}");
    }
}
