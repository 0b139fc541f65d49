//! The 10x8 board (Capablanca chess, Gothic chess, CRC) in the package:
//! reading a record, writing one, and the faults of a record as the same
//! `Problem`s and `FenError`s the 8x8 board gives.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use forsyth::capablanca::{
    Board, CrcStart, FenError as TenFenError, LossyCastlingError, Position, Report, Setup, Square,
    Variant,
};
use forsyth::fen::{CastlingNotation, EnPassantMode, FenField, ShredderOrder, WriteOptions};
use forsyth::notation::Notation;
use forsyth::uci::CastlingMode;
use forsyth::validate::Severity;
use forsyth::{Rank, Role};

use crate::errors::{error, MoveError, Place, Refusal};
use crate::validate::PyProblem;

/// UCI castling in a variant's convention: king takes rook in CRC, the
/// king's two-square step in Capablanca and Gothic chess.
pub fn uci_mode(variant: Variant) -> CastlingMode {
    if variant.is_random() {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// The 1-based column where field `field` of `line` starts (the first
/// column for the record as a whole).
pub fn field_column(line: &[u8], field: FenField) -> u64 {
    let index = match field {
        FenField::Turn => 1,
        FenField::Castling => 2,
        FenField::EnPassant => 3,
        FenField::Halfmoves => 4,
        FenField::Fullmoves => 5,
        _ => 0,
    };
    let mut starts = Vec::with_capacity(6);
    let mut in_word = false;
    for (i, &b) in line.iter().enumerate() {
        let blank = b == b' ' || b == b'\t';
        if !blank && !in_word {
            starts.push(i);
        }
        in_word = !blank;
    }
    starts.get(index).map_or(1, |&o| o as u64 + 1)
}

/// The one fault of a record that does not read.
pub fn syntax_problem(e: &TenFenError) -> PyProblem {
    let field = e.field.to_string();
    let message = e.message();
    PyProblem {
        kind: e.kind.name(),
        severity: "error",
        message: message
            .strip_prefix(&format!("{field}: "))
            .unwrap_or(&message)
            .to_owned(),
        column: e.column() as u64,
        field: e.field.into(),
        squares: Vec::new(),
    }
}

/// Every problem of a judged setup, placed at its field in `line`, in
/// the order of their columns; `strict` counts warnings as errors.
pub fn problems(line: &[u8], report: &Report, strict: bool) -> Vec<PyProblem> {
    let mut out: Vec<PyProblem> = report
        .problems()
        .iter()
        .map(|p| {
            let severity = if strict {
                Severity::Error
            } else {
                p.severity()
            };
            PyProblem {
                kind: p.kind().name(),
                severity: severity.into(),
                message: p.message(),
                column: field_column(line, p.field()),
                field: p.field().into(),
                squares: p.squares().into_iter().map(|s| s.to_string()).collect(),
            }
        })
        .collect();
    out.sort_by_key(|p| p.column);
    out
}

/// A record refused for `problems` (errors), as `FenError`'s data.
fn refusal(problems: Vec<PyProblem>, line: u64) -> Refusal {
    Refusal::of_problems(problems, Some(line))
}

/// Reads a record and judges it, without the interpreter: the position,
/// or why not.
pub fn judge(text: &str, variant: Option<Variant>, line: u64) -> Result<Position, Refusal> {
    let setup =
        Setup::from_fen(text, variant).map_err(|e| refusal(vec![syntax_problem(&e)], line))?;
    let report = Report::of_setup(setup);
    let errors: Vec<PyProblem> = problems(text.as_bytes(), &report, false)
        .into_iter()
        .filter(|p| p.severity == "error")
        .collect();
    report.into_position().map_err(|e| {
        let all = if errors.is_empty() {
            problems(text.as_bytes(), e.report(), false)
        } else {
            errors
        };
        refusal(all, line)
    })
}

/// Reads and validates one 10x8 record, as `Position(fen)` does.
pub fn read(py: Python<'_>, text: &str, variant: Option<Variant>) -> PyResult<Position> {
    judge(text, variant, 1).map_err(|r| r.into_err(py))
}

/// The record of `pos`: castling in `notation` (Shredder letters by
/// file), the en-passant square as `ep` says.
pub fn write(
    pos: &Position,
    notation: CastlingNotation,
    ep: EnPassantMode,
) -> Result<String, LossyCastlingError> {
    pos.to_fen_with(&WriteOptions {
        castling: notation,
        shredder_order: ShredderOrder::Files,
        en_passant: ep,
    })
}

/// The `FenError` of castling rights an encoding cannot say.
pub fn lossy_error(py: Python<'_>, e: &LossyCastlingError) -> PyErr {
    Refusal {
        message: e.to_string(),
        line: None,
        column: None,
        field: "castling",
        kind: e.reason.name(),
        problems: Vec::new(),
    }
    .into_err(py)
}

/// The CRC start number of `board`, when its pieces stand as one.
pub fn crc_number(board: &Board) -> Option<u16> {
    let mut back = [Role::Pawn; 10];
    for (file, role) in forsyth::capablanca::File::ALL.into_iter().zip(&mut back) {
        *role = board.role_at(Square::from_coords(file, Rank::First))?;
    }
    let start = CrcStart::from_back_rank(&back).ok()?;
    (Board::from_back_rank(&start.back_rank()) == *board).then_some(start.number())
}

/// The legal move `text` names in `notation` (`"san"`: any of UCI, SAN,
/// LAN and figurine SAN, English letters).
pub fn read_move(
    py: Python<'_>,
    pos: &Position,
    text: &str,
    notation: &str,
) -> PyResult<forsyth::capablanca::Move> {
    let notation = match notation {
        "san" => None,
        other => Some(
            other
                .parse::<Notation>()
                .map_err(|e| PyValueError::new_err(e.to_string()))?,
        ),
    };
    pos.read_move(text, notation).map_err(|e| {
        let err = error::<MoveError>(
            py,
            e.to_string(),
            Place {
                line: None,
                column: None,
                field: "move",
                kind: e.kind_name(),
            },
        );
        let _ = err.value(py).setattr("candidates", Vec::<String>::new());
        err
    })
}
