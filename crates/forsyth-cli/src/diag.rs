//! Rendering one-record errors with a caret under the fault.

use std::fmt::Write;

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

/// A problem as `field: kind: message` (warnings: `field: warning: kind:
/// message`), the form every command places after `FILE:LINE:COL: `.
pub fn problem_line(problem: &Problem) -> String {
    let kind = problem.kind();
    let warning = match problem.severity() {
        Severity::Error => "",
        Severity::Warning => "warning: ",
    };
    format!(
        "{}: {warning}{}: {}",
        kind.field(),
        kind.name(),
        problem.message()
    )
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
