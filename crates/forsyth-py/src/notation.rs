//! `forsyth.notation.translate`: a movetext from one notation to another.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use forsyth::notation::{CheckMarkers, MovetextPosition, Notation, ParseNotationError, Translator};

use crate::errors::{error, MoveError, Place};
use crate::position::{read_any, AnyPosition, PyPosition, VariantChoice};

fn notation_arg(name: &str) -> PyResult<Notation> {
    name.parse()
        .map_err(|e: ParseNotationError| PyValueError::new_err(e.to_string()))
}

/// The start a movetext is read from, of either board: a
/// :class:`Position`, a FEN record (read as `Position(fen)` reads it), or
/// ``None`` for the standard start.
fn start_arg(py: Python<'_>, fen: Option<&Bound<'_, PyAny>>) -> PyResult<AnyPosition> {
    match fen {
        None => Ok(AnyPosition::Eight(Default::default())),
        Some(obj) => match obj.cast::<PyPosition>() {
            Ok(p) => Ok(p.get().pos.clone()),
            Err(_) => Ok(read_any(py, &obj.extract::<String>()?, VariantChoice::Auto)?.pos),
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
/// played from ``fen`` (a record or a :class:`Position`, of either board;
/// the standard start when ``None``). Notations by name: ``"san"`` and each language's
/// (``"san-de"``, ``"san-ru"``, ...), ``"descriptive-en"``,
/// ``"descriptive-es"``, ``"descriptive-fr"``, ``"figurine"``, ``"lan"``,
/// ``"uci"``; on the 10x8 board every SAN whose language can name the
/// archbishop and the chancellor (``A``, ``C``) and the files ``i`` and
/// ``j``, ``"figurine"``, ``"lan"`` and ``"uci"`` (any other raises
/// ``ValueError``). ``checks_marked=True`` reads a descriptive move without
/// ``ch`` as one that gives no check. A move that does not read raises
/// :class:`MoveError` with its line and column in ``text``.
///
/// >>> from forsyth import notation
/// >>> notation.translate("1.P-K4 P-K4 2.N-KB3 N-QB3", "descriptive-en", "san")
/// '1.e4 e5 2.Nf3 Nc6'
/// >>> notation.translate("1.e4 e5 2.Nf3", "san", "san-de")
/// '1.e4 e5 2.Sf3'
/// >>> from forsyth import Position
/// >>> notation.translate("1.e4 e5 2.Ad3 Nc6 3.Ci3", "san", "uci", fen=Position.capablanca())
/// '1.e2e4 e7e5 2.c1d3 b8c6 3.h1i3'
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
    let markers = match checks_marked {
        true => CheckMarkers::Always,
        false => CheckMarkers::Optional,
    };
    let mut out = String::with_capacity(text.len());
    let done = match start_arg(py, fen)? {
        AnyPosition::Eight(start) => {
            let translator = Translator::new(Arc::unwrap_or_clone(start), from, to);
            run(py, translator.with_check_markers(markers), text, &mut out)
        }
        AnyPosition::Ten(start) => {
            let start = Arc::unwrap_or_clone(start);
            // The notation named first that cannot name 10x8 moves.
            let translator = Translator::ten(start.clone(), from, to).map_err(|e| {
                let which = match Translator::ten(start, from, from) {
                    Err(_) => source,
                    Ok(_) => target,
                };
                PyValueError::new_err(format!("{which}: {e}"))
            })?;
            run(py, translator, text, &mut out)
        }
    };
    done?;
    Ok(out)
}

/// `text` translated by `translator` into `out`; a refusal as `MoveError`
/// placed by line and column.
fn run<P: MovetextPosition>(
    py: Python<'_>,
    mut translator: Translator<P>,
    text: &str,
    out: &mut String,
) -> PyResult<()> {
    translator.translate(text, out).map_err(|e| {
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
    })
}
