//! `validate` and `convert`, one record or a batch on every core: reports
//! and problems as Python objects, rejected records as `FenError` values.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

use forsyth::convert::{
    convert_epd_line, convert_line, ConvertEpdError, ConvertError, ConvertOptions, Fault,
    Validation,
};
use forsyth::epd::{Epd, EpdField};
use forsyth::fen::{CastlingNotation, Fen, WriteOptions};
use forsyth::validate::{Problem, Report, Severity};
use forsyth::Variant;

use crate::errors::{convert_error, error, FenError, Place};
use crate::position::{variant_arg, write_options};

/// One problem of a record: ``kind`` (a stable snake-case name, as in
/// ``specs/validation.md`` and the command line's output), ``severity``
/// (``"error"`` or ``"warning"``), ``message`` (the sentence), ``column``
/// (1-based byte column of the text at fault, else of its field),
/// ``field`` (``"placement"``, ``"castling"``, ``"en_passant"``, ...) and
/// ``squares`` (the squares involved, ``["a1", ...]``).
///
/// >>> import forsyth
/// >>> p = forsyth.validate("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").problems[0]
/// >>> p.kind, p.severity, p.field, p.column, p.squares
/// ('pawn_on_back_rank', 'error', 'placement', 1, ['a1'])
/// >>> p.message
/// 'pawn on a1 stands on the first or eighth rank, where no pawn can be'
#[pyclass(name = "Problem", module = "forsyth", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyProblem {
    /// The kind's stable name.
    ///
    /// >>> import forsyth
    /// >>> p = forsyth.validate("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").problems[0]
    /// >>> p.kind
    /// 'pawn_on_back_rank'
    pub kind: &'static str,
    /// ``"error"`` or ``"warning"``.
    ///
    /// >>> import forsyth
    /// >>> p = forsyth.validate("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").problems[0]
    /// >>> p.severity
    /// 'error'
    pub severity: &'static str,
    /// The sentence that says it.
    ///
    /// >>> import forsyth
    /// >>> p = forsyth.validate("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").problems[0]
    /// >>> p.message
    /// 'pawn on a1 stands on the first or eighth rank, where no pawn can be'
    pub message: String,
    /// 1-based byte column.
    ///
    /// >>> import forsyth
    /// >>> p = forsyth.validate("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").problems[0]
    /// >>> p.column
    /// 1
    pub column: u64,
    /// The field at fault.
    ///
    /// >>> import forsyth
    /// >>> p = forsyth.validate("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").problems[0]
    /// >>> p.field
    /// 'placement'
    pub field: &'static str,
    /// The squares involved.
    ///
    /// >>> import forsyth
    /// >>> p = forsyth.validate("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").problems[0]
    /// >>> p.squares
    /// ['a1']
    pub squares: Vec<String>,
}

impl PyProblem {
    /// A fault of a record that did not convert.
    pub fn from_fault(fault: &Fault) -> PyProblem {
        let (message, squares) = match fault.problem() {
            Some(p) => (p.message(), squares_of(p)),
            None => (fault.to_string(), Vec::new()),
        };
        PyProblem {
            kind: fault.kind().name(),
            severity: "error",
            message,
            column: fault.column() as u64,
            field: fault.field().into(),
            squares,
        }
    }

    /// A problem of the position `fen` holds, placed in its record.
    fn of(fen: &Fen, p: &Problem, strict: bool) -> PyProblem {
        let kind = p.kind();
        let offset = p.offset().unwrap_or_else(|| fen.offsets.of(kind.field()));
        let severity = if strict {
            Severity::Error
        } else {
            p.severity()
        };
        PyProblem {
            kind: kind.name(),
            severity: severity.into(),
            message: p.message(),
            column: offset as u64 + 1,
            field: kind.field().into(),
            squares: squares_of(p),
        }
    }

    /// An error at a byte of the line, with no squares.
    fn at(kind: &'static str, field: &'static str, offset: usize, message: String) -> PyProblem {
        PyProblem {
            kind,
            severity: "error",
            message,
            column: offset as u64 + 1,
            field,
            squares: Vec::new(),
        }
    }
}

/// A list of plain names as Python writes it: `['a1', 'b2']`.
pub fn py_list<S: AsRef<str>>(items: &[S]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("'{}'", s.as_ref())).collect();
    format!("[{}]", quoted.join(", "))
}

fn squares_of(p: &Problem) -> Vec<String> {
    p.squares().into_iter().map(|s| s.to_string()).collect()
}

fn epd_field(field: &EpdField) -> &'static str {
    match field {
        EpdField::Position(f) => f.into(),
        EpdField::Operation(_) => "operation",
        EpdField::Operations => "operations",
    }
}

#[pymethods]
impl PyProblem {
    fn __repr__(&self) -> String {
        format!(
            "Problem(kind='{}', severity='{}', column={}, field='{}', squares={})",
            self.kind,
            self.severity,
            self.column,
            self.field,
            py_list(&self.squares)
        )
    }

    fn __str__(&self) -> String {
        let warning = if self.severity == "warning" {
            "warning: "
        } else {
            ""
        };
        format!(
            "col {}: {}: {warning}{}: {}",
            self.column, self.field, self.kind, self.message
        )
    }
}

/// The verdict on one record, every problem at once: ``valid`` (``True``
/// when the position is legal, warnings allowed; ``None`` for a blank line),
/// ``variant`` (the rules it was read under; ``None`` when it did not read),
/// ``problems`` (:class:`Problem`, in the order of their columns, syntax
/// errors included), ``repaired`` (the record with what cannot hold
/// dropped, in X-FEN, when that makes it legal; else ``None``) and
/// ``repairs`` (what was changed, as sentences). ``bool(report)`` is
/// ``valid``.
///
/// >>> import forsyth
/// >>> r = forsyth.validate("4k3/8/8/8/8/8/8/4K2R w KQ e3 5 0")
/// >>> r.valid, [p.kind for p in r.problems]
/// (False, ['castling_rook_missing', 'en_passant_wrong_rank', 'en_passant_halfmove_clock', 'halfmove_clock_too_large', 'fullmove_zero'])
/// >>> r.repaired
/// '4k3/8/8/8/8/8/8/4K2R w K - 0 1'
#[pyclass(name = "Report", module = "forsyth", frozen)]
#[derive(Clone, Debug)]
pub struct PyReport {
    valid: Option<bool>,
    variant: Option<&'static str>,
    problems: Vec<PyProblem>,
    repaired: Option<String>,
    repairs: Vec<String>,
}

#[pymethods]
impl PyReport {
    /// Whether the record is a legal position (``None``: a blank line).
    ///
    /// >>> import forsyth
    /// >>> forsyth.validate("8/8/8/8/8/8/8/8 w - - 0 1").valid
    /// False
    #[getter]
    fn valid(&self) -> Option<bool> {
        self.valid
    }

    /// ``"standard"`` or ``"chess960"``; ``None`` when it did not read.
    ///
    /// >>> import forsyth
    /// >>> forsyth.validate("rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1").variant
    /// 'chess960'
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        self.variant
    }

    /// Every problem, in the order of their columns.
    ///
    /// >>> import forsyth
    /// >>> [p.kind for p in forsyth.validate("8/8/8/8/8/8/8/8 w - -").problems]
    /// ['empty_board']
    #[getter]
    fn problems(&self) -> Vec<PyProblem> {
        self.problems.clone()
    }

    /// The nearest legal record (X-FEN) when repair can make one and
    /// something needed it; else ``None``.
    ///
    /// >>> import forsyth
    /// >>> forsyth.validate("4k3/8/8/8/8/8/8/4K3 w K - 0 1").repaired
    /// '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    #[getter]
    fn repaired(&self) -> Option<String> {
        self.repaired.clone()
    }

    /// What repair changed, one sentence each.
    ///
    /// >>> import forsyth
    /// >>> forsyth.validate("4k3/8/8/8/8/8/8/4K3 w K - 0 1").repairs
    /// ["dropped castling right 'K': white has no rook on h1 to castle with"]
    #[getter]
    fn repairs(&self) -> Vec<String> {
        self.repairs.clone()
    }

    fn __bool__(&self) -> bool {
        self.valid == Some(true)
    }

    fn __repr__(&self) -> String {
        let valid = match self.valid {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        let kinds: Vec<&str> = self.problems.iter().map(|p| p.kind).collect();
        format!("Report(valid={valid}, problems={})", py_list(&kinds))
    }
}

/// How `validate` judges.
#[derive(Copy, Clone)]
struct Judge {
    variant: Option<Variant>,
    strict: bool,
}

impl Judge {
    fn report(&self, bytes: &[u8]) -> PyReport {
        if bytes.trim_ascii().is_empty() {
            return PyReport {
                valid: None,
                variant: None,
                problems: Vec::new(),
                repaired: None,
                repairs: Vec::new(),
            };
        }
        let fen = match Fen::from_ascii(bytes) {
            Ok(fen) => fen,
            // EPD with operations (an opcode where FEN has its clocks)
            // never reads as FEN: only a line FEN rejects is looked at again.
            Err(_) if Epd::has_operations(bytes) => return self.epd(bytes),
            Err(e) => {
                let fault = ConvertError::Parse(e).faults().swap_remove(0);
                return refused(PyProblem::from_fault(&fault));
            }
        };
        let report = Report::of_fen(&fen, self.variant);
        let mut problems: Vec<PyProblem> = report
            .problems()
            .iter()
            .map(|p| PyProblem::of(&fen, p, self.strict))
            .collect();
        problems.sort_by_key(|p| p.column);
        let valid = match self.strict {
            true => problems.is_empty(),
            false => report.is_legal(),
        };
        let (repaired, repairs) = repair(&report);
        PyReport {
            valid: Some(valid),
            variant: Some(report.variant().into()),
            problems,
            repaired,
            repairs,
        }
    }

    /// An EPD record: its position's problems, and its operations as
    /// `convert` reads them (a move that is not legal, a clock no position
    /// holds).
    fn epd(&self, bytes: &[u8]) -> PyReport {
        let epd = match Epd::from_ascii(bytes) {
            Ok(epd) => epd,
            Err(e) => {
                let field = epd_field(&e.field);
                return refused(PyProblem::at(
                    e.kind.name(),
                    field,
                    e.offset,
                    e.kind.to_string(),
                ));
            }
        };
        let report = Report::of_fen(&epd.fen, self.variant);
        let mut problems: Vec<PyProblem> = report
            .problems()
            .iter()
            .map(|p| PyProblem::of(&epd.fen, p, self.strict))
            .collect();
        let opts = ConvertOptions {
            variant: self.variant,
            ..ConvertOptions::default()
        };
        if let Err(e @ (ConvertEpdError::Move { .. } | ConvertEpdError::Clock { .. })) =
            convert_epd_line(bytes, &opts, &mut String::new())
        {
            problems.push(PyProblem::at(
                e.kind().name(),
                epd_field(&e.field()),
                e.offset(),
                e.to_string(),
            ));
        }
        problems.sort_by_key(|p| p.column);
        let valid = problems.iter().all(|p| p.severity == "warning");
        PyReport {
            valid: Some(valid),
            variant: Some(report.variant().into()),
            problems,
            repaired: None,
            repairs: Vec::new(),
        }
    }
}

/// A report of a line that did not read: its one fault.
fn refused(problem: PyProblem) -> PyReport {
    PyReport {
        valid: Some(false),
        variant: None,
        problems: vec![problem],
        repaired: None,
        repairs: Vec::new(),
    }
}

/// The repaired record when repair changes something and leaves a legal
/// position, and the sentences of what it changed.
fn repair(report: &Report) -> (Option<String>, Vec<String>) {
    if report.problems().iter().all(|p| !p.is_repairable()) {
        return (None, Vec::new());
    }
    let (repaired, repairs) = report.repair();
    if repairs.is_empty() || !repaired.is_legal() {
        return (None, Vec::new());
    }
    let fen = repaired
        .setup()
        .to_fen(&WriteOptions::new(CastlingNotation::XFen))
        .ok();
    (fen, repairs.iter().map(|r| r.message()).collect())
}

/// A line converted, or why not.
enum Converted {
    Ok(String),
    Fen(ConvertError),
    Epd(ConvertEpdError),
}

fn convert_one(bytes: &[u8], opts: &ConvertOptions) -> Converted {
    let mut out = String::with_capacity(bytes.len() + 8);
    match convert_line(bytes, opts, &mut out) {
        Ok(_) => Converted::Ok(out),
        Err(e) if !Epd::has_operations(bytes) => Converted::Fen(e),
        Err(_) => {
            out.clear();
            match convert_epd_line(bytes, opts, &mut out) {
                Ok(_) => Converted::Ok(out),
                Err(ConvertEpdError::Position(e)) => Converted::Fen(e),
                Err(e) => Converted::Epd(e),
            }
        }
    }
}

impl Converted {
    /// The converted text, or the `FenError` of line `line` (1-based).
    fn into_result(self, py: Python<'_>, line: u64) -> Result<String, PyErr> {
        match self {
            Converted::Ok(text) => Ok(text),
            Converted::Fen(e) => Err(convert_error(py, &e, line)),
            Converted::Epd(e) => {
                let field = epd_field(&e.field());
                let err = error::<FenError>(
                    py,
                    e.to_string(),
                    Place {
                        line: Some(line),
                        column: Some(e.column() as u64),
                        field,
                        kind: e.kind().name(),
                    },
                );
                let problem = PyProblem::at(e.kind().name(), field, e.offset(), e.to_string());
                let _ = err
                    .value(py)
                    .setattr("problems", PyList::new(py, [problem]).ok());
                Err(err)
            }
        }
    }
}

fn convert_options(
    castling: &str,
    ep: &str,
    variant: &str,
    validate: bool,
) -> PyResult<ConvertOptions> {
    Ok(ConvertOptions {
        variant: variant_arg(variant)?,
        write: write_options(castling, ep)?,
        validation: if validate {
            Validation::Legality
        } else {
            Validation::Syntax
        },
    })
}

/// Every problem of one FEN (or EPD) record, as a :class:`Report`:
/// syntax errors, illegal positions and warnings alike, each with its
/// kind, column and squares. ``strict=True`` counts warnings as errors.
///
/// >>> import forsyth
/// >>> r = forsyth.validate("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1")
/// >>> r.valid, r.problems[0].kind, r.problems[0].column
/// (False, 'castling_rook_missing', 25)
/// >>> forsyth.validate("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").valid
/// True
#[pyfunction]
#[pyo3(signature = (text, variant = "auto", strict = false))]
pub fn validate(text: &Bound<'_, PyAny>, variant: &str, strict: bool) -> PyResult<PyReport> {
    let judge = Judge {
        variant: variant_arg(variant)?,
        strict,
    };
    Ok(judge.report(&text_bytes(text)?))
}

/// One record converted: read (FEN, Shredder-FEN, X-FEN; EPD with its
/// operations, their moves written as SAN), validated (unless
/// ``validate=False``: syntax and castling letters only) and written with
/// ``castling`` (``"xfen"``, ``"shredder"``, ``"standard"``) and ``ep``
/// (``"legal"``, ``"pseudo"``, ``"always"``). Raises :class:`FenError`
/// naming every fault.
///
/// >>> import forsyth
/// >>> forsyth.convert("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", castling="shredder")
/// 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1'
/// >>> forsyth.convert("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1", castling="standard")
/// Traceback (most recent call last):
///   ...
/// forsyth.FenError: col 25: castling: standard FEN cannot express white's castling with the rook on b1: only a rook on the a file can be written Q; use X-FEN or Shredder-FEN
#[pyfunction]
#[pyo3(signature = (text, castling = "xfen", ep = "legal", variant = "auto", validate = true))]
pub fn convert(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    castling: &str,
    ep: &str,
    variant: &str,
    validate: bool,
) -> PyResult<String> {
    let opts = convert_options(castling, ep, variant, validate)?;
    convert_one(&text_bytes(text)?, &opts).into_result(py, 1)
}

/// :func:`convert` on every line of ``lines`` (strings or bytes), on
/// ``threads`` threads (``None`` or 0: every core) with the interpreter
/// free. One result per line, in order: the converted text, or the
/// :class:`FenError` of a line that did not convert (not raised: its
/// ``line`` is the 1-based index).
///
/// >>> import forsyth
/// >>> out = forsyth.convert_many(["8/8/8/8/8/8/8/8 w - -", "4k3/8/8/8/8/8/8/4K2R w K -"], castling="shredder")
/// >>> out[0].kind, out[0].line, out[1]
/// ('empty_board', 1, '4k3/8/8/8/8/8/8/4K2R w H - 0 1')
#[pyfunction]
#[pyo3(signature = (lines, castling = "xfen", ep = "legal", variant = "auto", validate = true, threads = None))]
pub fn convert_many<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyAny>,
    castling: &str,
    ep: &str,
    variant: &str,
    validate: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let opts = convert_options(castling, ep, variant, validate)?;
    let lines = lines_of(lines)?;
    let threads = thread_count(threads);
    let done = py.detach(|| par_map(&lines, threads, |line| convert_one(line, &opts)));
    let list = PyList::empty(py);
    for (i, converted) in done.into_iter().enumerate() {
        match converted.into_result(py, i as u64 + 1) {
            Ok(text) => list.append(PyString::new(py, &text))?,
            Err(e) => list.append(e.into_value(py))?,
        }
    }
    Ok(list)
}

/// :func:`validate` on every line of ``lines``, on ``threads`` threads
/// (``None`` or 0: every core) with the interpreter free: one
/// :class:`Report` per line, in order (blank lines too).
///
/// >>> import forsyth
/// >>> [r.valid for r in forsyth.validate_many(["8/8/8/8/8/8/8/8 w - -", "", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"])]
/// [False, None, True]
#[pyfunction]
#[pyo3(signature = (lines, variant = "auto", strict = false, threads = None))]
pub fn validate_many(
    py: Python<'_>,
    lines: &Bound<'_, PyAny>,
    variant: &str,
    strict: bool,
    threads: Option<usize>,
) -> PyResult<Vec<PyReport>> {
    let judge = Judge {
        variant: variant_arg(variant)?,
        strict,
    };
    let lines = lines_of(lines)?;
    let threads = thread_count(threads);
    Ok(py.detach(|| par_map(&lines, threads, |line| judge.report(line))))
}

/// The bytes of a `str` (UTF-8) or `bytes` argument.
pub fn text_bytes(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = text.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    let s: String = text.extract()?;
    Ok(s.into_bytes())
}

/// Every item of an iterable of `str` or `bytes`, copied (the threads
/// work without the interpreter).
fn lines_of(lines: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
    let mut out = Vec::with_capacity(lines.len().unwrap_or(0));
    for item in lines.try_iter()? {
        out.push(text_bytes(&item?)?);
    }
    Ok(out)
}

/// `threads=`: `None` or 0 is every core.
pub fn thread_count(threads: Option<usize>) -> usize {
    match threads {
        None | Some(0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(n) => n,
    }
}

/// `f` on every item, on `threads` threads, each a contiguous share; the
/// results in the items' order.
pub fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    // Below this many items a thread costs more than it saves.
    const MIN_SHARE: usize = 256;
    let threads = threads.min(items.len() / MIN_SHARE).max(1);
    if threads == 1 {
        return items.iter().map(&f).collect();
    }
    let share = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(share)
            .map(|part| s.spawn(move || part.iter().map(f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}
