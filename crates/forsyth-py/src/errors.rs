//! The exception classes, and the library's errors turned into them: each
//! a `ValueError` that carries the line, column, field and kind name as
//! attributes, the library's sentence as its message.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use forsyth::convert::ConvertError;
use forsyth::fen::{LossyCastlingError, ParseFenError};
use forsyth::validate::PositionError;

use crate::validate::PyProblem;

pyo3::create_exception!(
    forsyth,
    Error,
    PyValueError,
    "Any error of forsyth: a ``ValueError`` with the place and kind of the fault.

Attributes: ``line`` (1-based, ``None`` when the input has no lines),
``column`` (1-based byte column, ``None`` when the fault has no place),
``field`` (the part of the input at fault: ``castling``, ``move``, ...),
``kind`` (a stable snake-case name, the same as the command line's).

>>> import forsyth
>>> try:
...     forsyth.Position(\"8/8/8/8/8/8/8/8 w X -\")
... except forsyth.Error as e:
...     (e.line, e.column, e.field, e.kind)
(1, 19, 'castling', 'bad_castling_byte')"
);

pyo3::create_exception!(
    forsyth,
    FenError,
    Error,
    "A FEN record that does not read, is not a legal position, or cannot
be written in the encoding asked for. ``problems`` lists every fault, each a
:class:`Problem` (the exception's own attributes are the first one's).

>>> import forsyth
>>> try:
...     forsyth.Position(\"4k3/8/8/8/8/8/8/P3K3 w - - 0 1\")
... except forsyth.FenError as e:
...     (e.kind, e.field, e.column, [p.squares for p in e.problems])
('pawn_on_back_rank', 'placement', 1, [['a1']])"
);

pyo3::create_exception!(
    forsyth,
    MoveError,
    Error,
    "A move that does not read, or is not legal in its position.
``candidates`` lists the legal moves the text may have meant.

>>> import forsyth
>>> try:
...     forsyth.Position().play(\"Ke2\")
... except forsyth.MoveError as e:
...     (e.kind, e.field, str(e))
('unreachable', 'move', 'illegal move Ke2 for white: no king can move to e2')"
);

pyo3::create_exception!(
    forsyth,
    ProblemError,
    Error,
    "A chess problem that does not read: its statement, stipulation or
Popeye input.

>>> import forsyth
>>> try:
...     forsyth.solve(\"R7/4k3/4N3/K2B4/8/8/8/5R2\")
... except forsyth.ProblemError as e:
...     (e.kind, e.field)
('no_stipulation', 'stipulation')"
);

/// Where a fault is and what it is, as the exception's attributes.
pub struct Place<'a> {
    pub line: Option<u64>,
    pub column: Option<u64>,
    pub field: &'a str,
    pub kind: &'a str,
}

/// An exception of class `T` with `message` and the attributes of `place`
/// (set on the instance, which may be raised or returned as a value).
pub fn error<T: pyo3::PyTypeInfo>(py: Python<'_>, message: String, place: Place<'_>) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("line", place.line);
    let _ = value.setattr("column", place.column);
    let _ = value.setattr("field", place.field);
    let _ = value.setattr("kind", place.kind);
    err
}

/// A record refused, as the data of its `FenError`: made without the
/// interpreter (on the batch functions' threads), raised or returned
/// under it.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub message: String,
    pub line: Option<u64>,
    pub column: Option<u64>,
    pub field: &'static str,
    pub kind: &'static str,
    pub problems: Vec<PyProblem>,
}

impl Refusal {
    /// The refusal of a conversion of `line` (1-based), every fault listed.
    pub fn of_convert(e: &ConvertError, line: u64) -> Refusal {
        let problems: Vec<PyProblem> = e.faults().iter().map(PyProblem::from_fault).collect();
        Refusal {
            // The library's rendering: `col N: field: message`, a line per
            // fault.
            message: e.to_string(),
            line: Some(line),
            column: Some(e.column() as u64),
            field: e.field().into(),
            kind: problems.first().map_or(e.kind().name(), |p| p.kind),
            problems,
        }
    }

    /// The refusal for `problems` (at least one), the exception's own
    /// attributes the first one's; the message as the library renders a
    /// conversion's faults.
    pub fn of_problems(problems: Vec<PyProblem>, line: Option<u64>) -> Refusal {
        let message = problems
            .iter()
            .map(|p| {
                format!(
                    "col {}: {}: {}",
                    p.column,
                    p.field.replace('_', " "),
                    p.message
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        let first = problems.first();
        Refusal {
            message,
            line,
            column: first.map(|p| p.column),
            field: first.map_or("record", |p| p.field),
            kind: first.map_or("illegal_position", |p| p.kind),
            problems,
        }
    }

    /// The `FenError` exception.
    pub fn into_err(self, py: Python<'_>) -> PyErr {
        let err = error::<FenError>(
            py,
            self.message,
            Place {
                line: self.line,
                column: self.column,
                field: self.field,
                kind: self.kind,
            },
        );
        let _ = err
            .value(py)
            .setattr("problems", PyList::new(py, self.problems).ok());
        err
    }
}

/// The `FenError` of a conversion of `line` (1-based), every fault listed.
pub fn convert_error(py: Python<'_>, e: &ConvertError, line: u64) -> PyErr {
    Refusal::of_convert(e, line).into_err(py)
}

/// The `FenError` of a record the grammar refused.
pub fn parse_error(py: Python<'_>, e: &ParseFenError) -> PyErr {
    convert_error(py, &ConvertError::Parse(*e), 1)
}

/// The `FenError` of an illegal position read from a record with the
/// field offsets `offsets`.
pub fn position_error(
    py: Python<'_>,
    e: PositionError,
    offsets: forsyth::fen::FieldOffsets,
) -> PyErr {
    convert_error(
        py,
        &ConvertError::Illegal {
            error: Box::new(e),
            offsets,
        },
        1,
    )
}

/// The `FenError` of castling rights an encoding cannot say.
pub fn lossy_error(py: Python<'_>, e: &LossyCastlingError) -> PyErr {
    let err = error::<FenError>(
        py,
        e.to_string(),
        Place {
            line: None,
            column: None,
            field: "castling",
            kind: e.reason.name(),
        },
    );
    let _ = err.value(py).setattr("problems", PyList::empty(py));
    err
}

/// A `ValueError` for an argument that names no choice (`castling="x"`).
pub fn bad_choice(name: &str, value: &str, choices: &str) -> PyErr {
    PyValueError::new_err(format!("{name}: '{value}' is not one of {choices}"))
}
