//! The messages of diagnostics: a record with a caret under its fault, a
//! problem as `field: kind: message`.

use std::fmt::{self, Write};

use forsyth::convert::{ConvertError, Fault};
use forsyth::fen::{Fen, ParseFenError};
use forsyth::validate::{Problem, Severity};

/// The record, a caret under byte `offset`, and the message:
///
/// ```text
///   8/8/8/8/8/8/8/8 w X -
///                     ^
///   col 19: castling: 'X' is not K, Q, k, q or a file letter A-H/a-h
/// ```
pub fn caret(record: &str, offset: usize, message: &str) -> String {
    let mut s = String::new();
    let shown: String = record
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let _ = writeln!(s, "  {shown}");
    // Columns are bytes; the display width of the prefix is its char count.
    let prefix = record
        .get(..offset.min(record.len()))
        .map_or(offset, |p| p.chars().count());
    let _ = writeln!(s, "  {}^", " ".repeat(prefix));
    let _ = write!(s, "  {message}");
    s
}

/// A fault as `field: kind: message` (a warning: `field: warning: kind:
/// message`), the form every command places after `FILE:LINE:COL: `.
pub fn write_fault(
    out: &mut impl Write,
    field: &dyn fmt::Display,
    severity: Severity,
    kind: &str,
    message: &dyn fmt::Display,
) -> fmt::Result {
    let warning = match severity {
        Severity::Error => "",
        Severity::Warning => "warning: ",
    };
    write!(out, "{field}: {warning}{kind}: {message}")
}

/// A problem of a position, as [`write_fault`] writes it.
pub fn problem_line(problem: &Problem) -> String {
    let kind = problem.kind();
    let mut line = String::new();
    // Writing to a String cannot fail.
    let _ = write_fault(
        &mut line,
        &kind.field(),
        problem.severity(),
        kind.name(),
        &problem.message(),
    );
    line
}

/// The 0-based byte offset of a problem in its record: of the text at
/// fault, else of its field.
pub fn problem_offset(fen: &Fen, problem: &Problem) -> usize {
    problem
        .offset()
        .unwrap_or_else(|| fen.offsets.of(problem.kind().field()))
}

/// The one fault of a record the grammar refused: its offset, field, kind
/// and sentence, as data.
pub fn parse_fault(error: ParseFenError) -> Fault {
    let mut faults = ConvertError::Parse(error).faults();
    // A grammar error is one fault.
    faults.swap_remove(0)
}
