//! `forsyth.notation.translate`: a movetext from one notation to another.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use forsyth::notation::{CheckMarkers, Notation, ParseNotationError, Translator};
use forsyth::Position;

use crate::errors::{error, MoveError, Place};
use crate::position::{read_position, PyPosition};

fn notation_arg(name: &str) -> PyResult<Notation> {
    name.parse()
        .map_err(|e: ParseNotationError| PyValueError::new_err(e.to_string()))
}

/// The start a movetext is read from: a :class:`Position`, a FEN record, or
/// ``None`` for the standard start.
pub fn start_arg(py: Python<'_>, fen: Option<&Bound<'_, PyAny>>) -> PyResult<Position> {
    match fen {
        None => Ok(Position::standard()),
        Some(obj) => match obj.cast::<PyPosition>() {
            Ok(p) => Ok((**p.get().eight("translate")?).clone()),
            Err(_) => read_position(py, &obj.extract::<String>()?, None),
        },
    }
}

/// The 1-based line and byte column of byte `offset` of `text`.
pub fn line_column(text: &str, offset: usize) -> (u64, u64) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, (offset - start) as u64 + 1)
}

/// The movetext of one game (move numbers, comments, NAGs, variations
/// and the result kept) translated from notation ``source`` to ``target``,
/// played from ``fen`` (a record or a :class:`Position`; the standard
/// start when ``None``). Notations by name: ``"san"`` and each language's
/// (``"san-de"``, ``"san-ru"``, ...), ``"descriptive-en"``,
/// ``"descriptive-es"``, ``"descriptive-fr"``, ``"figurine"``, ``"lan"``,
/// ``"uci"``. ``checks_marked=True`` reads a descriptive move without
/// ``ch`` as one that gives no check. A move that does not read raises
/// :class:`MoveError` with its line and column in ``text``.
///
/// >>> from forsyth import notation
/// >>> notation.translate("1.P-K4 P-K4 2.N-KB3 N-QB3", "descriptive-en", "san")
/// '1.e4 e5 2.Nf3 Nc6'
/// >>> notation.translate("1.e4 e5 2.Nf3", "san", "san-de")
/// '1.e4 e5 2.Sf3'
#[pyfunction]
#[pyo3(signature = (text, source, target, fen = None, checks_marked = false))]
pub fn translate(
    py: Python<'_>,
    text: &str,
    source: &str,
    target: &str,
    fen: Option<&Bound<'_, PyAny>>,
    checks_marked: bool,
) -> PyResult<String> {
    let (from, to) = (notation_arg(source)?, notation_arg(target)?);
    let start = start_arg(py, fen)?;
    let markers = match checks_marked {
        true => CheckMarkers::Always,
        false => CheckMarkers::Optional,
    };
    let mut translator = Translator::new(start, from, to).with_check_markers(markers);
    let mut out = String::with_capacity(text.len());
    translator.translate(text, &mut out).map_err(|e| {
        let (line, column) = line_column(text, e.offset);
        let err = error::<MoveError>(
            py,
            e.error.to_string(),
            Place {
                line: Some(line),
                column: Some(column),
                field: "move",
                kind: e.error.kind().name(),
            },
        );
        let _ = err
            .value(py)
            .setattr("candidates", e.error.candidates.clone());
        err
    })?;
    Ok(out)
}
