//! The library calls whose shape is changing (issue 9: problems and faults
//! as data), each behind one small function, so that only this file follows
//! the library when it does.

use forsyth::{ConvertError, FenField, ParseFenError, Problem, Repair};

/// One fault of a rejected record: where, in which field, what is wrong.
pub struct Fault {
    /// 0-based byte offset in the record.
    pub offset: usize,
    pub field: FenField,
    /// The sentence, without column or field (for an illegal position:
    /// `illegal: kind: message`, as `convert` reports it).
    pub text: String,
}

/// Every fault of a rejected line, in order.
pub fn faults(error: &ConvertError) -> Vec<Fault> {
    error
        .faults()
        .into_iter()
        .map(|(offset, field, text)| Fault {
            offset,
            field,
            text,
        })
        .collect()
}

/// The fault of a record the grammar refused (its kind is `error.kind`).
pub fn parse_fault(error: ParseFenError) -> Fault {
    let mut all = faults(&ConvertError::Parse(error));
    // A grammar error is one fault.
    all.swap_remove(0)
}

/// A problem's sentence alone (no kind, no field). Today the library's
/// `Display` starts with the kind name, which is left out here.
pub fn problem_message(problem: &Problem) -> String {
    without_kind(problem.to_string(), problem.kind().name())
}

/// The squares a problem names, in square order (`a1`, `e1`).
pub fn problem_squares(problem: &Problem) -> Vec<String> {
    problem
        .squares()
        .into_iter()
        .map(|s| s.to_string())
        .collect()
}

/// A repair's sentence alone (no kind).
pub fn repair_message(repair: &Repair) -> String {
    without_kind(repair.to_string(), repair.kind().name())
}

fn without_kind(text: String, kind: &str) -> String {
    match text.strip_prefix(kind).and_then(|t| t.strip_prefix(": ")) {
        Some(rest) => rest.to_owned(),
        None => text,
    }
}
