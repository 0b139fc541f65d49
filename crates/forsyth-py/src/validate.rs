//! `validate` and `convert`, one record or a batch on every core: reports
//! and problems as Python objects, rejected records as `FenError` values.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

use forsyth::capablanca as capa;

use forsyth::convert::{
    convert_epd_line, convert_line, ConvertEpdError, ConvertError, ConvertOptions, Fault,
    Validation,
};
use forsyth::epd::{Epd, EpdField};
use forsyth::fen::{CastlingNotation, Fen, FenField, ShredderOrder, WriteOptions};
use forsyth::validate::{Problem, Report, Severity};
use forsyth::{Variant, BOM};

use crate::errors::Refusal;
use crate::position::{variant_choice, write_options, VariantChoice};
use crate::ten;

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
    pub fn at(
        kind: &'static str,
        field: &'static str,
        offset: usize,
        message: String,
    ) -> PyProblem {
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

/// The problem of a record that starts with a byte order mark: a
/// placement byte like another (`bad_placement_byte`), said for what it
/// is. The readers of a file or stream skip one at its start.
pub fn bom_problem() -> PyProblem {
    PyProblem::at(
        "bad_placement_byte",
        "placement",
        0,
        "a UTF-8 byte order mark (EF BB BF) starts the record: it may start a file, \
         where it is skipped, but not a FEN record"
            .to_owned(),
    )
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
    variant: VariantChoice,
    strict: bool,
}

/// The board a line is read on under `variant`: the 10x8 one (with the
/// variant, `None` for auto) or the 8x8 one.
fn board_of(
    bytes: &[u8],
    variant: VariantChoice,
) -> Result<Option<capa::Variant>, Option<Variant>> {
    match variant {
        VariantChoice::Ten(v) => Ok(Some(v)),
        VariantChoice::Auto if forsyth::capablanca::line_is_ten_files(bytes) => Ok(None),
        VariantChoice::Auto => Err(None),
        VariantChoice::Eight(v) => Err(Some(v)),
    }
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
        if bytes.starts_with(BOM) {
            return refused(bom_problem());
        }
        let variant = match board_of(bytes, self.variant) {
            Ok(ten) => return self.ten(bytes, ten),
            Err(eight) => eight,
        };
        let fen = match Fen::from_ascii(bytes) {
            Ok(fen) => fen,
            // EPD with operations (an opcode where FEN has its clocks)
            // never reads as FEN: only a line FEN rejects is looked at again.
            Err(_) if Epd::has_operations(bytes) => return self.epd(bytes, variant),
            Err(e) => {
                let fault = ConvertError::Parse(e).faults().swap_remove(0);
                return refused(PyProblem::from_fault(&fault));
            }
        };
        let report = Report::of_fen(&fen, variant);
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
    fn epd(&self, bytes: &[u8], variant: Option<Variant>) -> PyReport {
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
        let report = Report::of_fen(&epd.fen, variant);
        let mut problems: Vec<PyProblem> = report
            .problems()
            .iter()
            .map(|p| PyProblem::of(&epd.fen, p, self.strict))
            .collect();
        let opts = ConvertOptions {
            variant,
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

impl Judge {
    /// A 10x8 record (`variant`: its rules, `None` by its castling).
    fn ten(&self, bytes: &[u8], variant: Option<capa::Variant>) -> PyReport {
        let text = String::from_utf8_lossy(bytes);
        let setup = match capa::Setup::from_fen(&text, variant) {
            Ok(setup) => setup,
            Err(e) => return refused(ten::syntax_problem(&e)),
        };
        let report = capa::Report::of_setup(setup);
        let problems = ten::problems(bytes, &report, self.strict);
        let valid = match self.strict {
            true => problems.is_empty(),
            false => report.is_legal(),
        };
        let (repaired, repairs) = ten_repair(&report);
        PyReport {
            valid: Some(valid),
            variant: Some(report.variant().into()),
            problems,
            repaired,
            repairs,
        }
    }
}

/// As `repair`, on the 10x8 board.
fn ten_repair(report: &capa::Report) -> (Option<String>, Vec<String>) {
    if report.problems().iter().all(|p| !p.is_repairable()) {
        return (None, Vec::new());
    }
    let (repaired, repairs) = report.repair();
    if repairs.is_empty() || !repaired.is_legal() {
        return (None, Vec::new());
    }
    let fen = repaired
        .setup()
        .to_fen(CastlingNotation::XFen, ShredderOrder::Files)
        .ok();
    let sentences = repairs
        .iter()
        .map(|r| {
            // The library's rendering leads with the kind's name.
            let text = r.to_string();
            let kind = format!("{}: ", r.kind().name());
            text.strip_prefix(&kind).unwrap_or(&text).to_owned()
        })
        .collect();
    (fen, sentences)
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

/// How `convert` writes: the 8x8 options, and the board choice.
struct Converter {
    opts: ConvertOptions,
    variant: VariantChoice,
}

impl Converter {
    fn new(castling: &str, ep: &str, variant: &str, validate: bool) -> PyResult<Converter> {
        let variant = variant_choice(variant)?;
        Ok(Converter {
            opts: ConvertOptions {
                variant: match variant {
                    VariantChoice::Eight(v) => Some(v),
                    _ => None,
                },
                write: write_options(castling, ep)?,
                validation: if validate {
                    Validation::Legality
                } else {
                    Validation::Syntax
                },
            },
            variant,
        })
    }

    /// Line `line` (1-based) converted and appended to `out`, or why not
    /// (`out` then as it was).
    fn convert(&self, bytes: &[u8], line: u64, out: &mut String) -> Result<(), Refusal> {
        if bytes.starts_with(BOM) {
            return Err(Refusal::of_problems(vec![bom_problem()], Some(line)));
        }
        let mark = out.len();
        let done = match board_of(bytes, self.variant) {
            Ok(variant) => self.ten(bytes, variant, line, out),
            Err(_) => self.eight(bytes, line, out),
        };
        if done.is_err() {
            out.truncate(mark);
        }
        done
    }

    fn eight(&self, bytes: &[u8], line: u64, out: &mut String) -> Result<(), Refusal> {
        let opts = &self.opts;
        match convert_line(bytes, opts, out) {
            Ok(_) => Ok(()),
            Err(e) if !Epd::has_operations(bytes) => Err(Refusal::of_convert(&e, line)),
            Err(_) => match convert_epd_line(bytes, opts, out) {
                Ok(_) => Ok(()),
                Err(ConvertEpdError::Position(e)) => Err(Refusal::of_convert(&e, line)),
                Err(e) => {
                    let field = epd_field(&e.field());
                    let problem = PyProblem::at(e.kind().name(), field, e.offset(), e.to_string());
                    Err(Refusal {
                        message: e.to_string(),
                        line: Some(line),
                        column: Some(e.column() as u64),
                        field,
                        kind: e.kind().name(),
                        problems: vec![problem],
                    })
                }
            },
        }
    }

    /// A 10x8 record: validated (unless asked not to) and written; the
    /// Shredder letters by file, as on the 8x8 board.
    fn ten(
        &self,
        bytes: &[u8],
        variant: Option<capa::Variant>,
        line: u64,
        out: &mut String,
    ) -> Result<(), Refusal> {
        let text = String::from_utf8_lossy(bytes);
        let notation = self.opts.write.castling;
        let written = match self.opts.validation {
            Validation::Legality => {
                let pos = ten::judge(&text, variant, line)?;
                ten::write(&pos, notation, self.opts.write.en_passant)
            }
            _ => capa::Setup::from_fen(&text, variant)
                .map_err(|e| Refusal::of_problems(vec![ten::syntax_problem(&e)], Some(line)))?
                .to_fen(notation, ShredderOrder::Files),
        };
        match written {
            Ok(record) => {
                out.push_str(&record);
                Ok(())
            }
            Err(e) => {
                let problem = PyProblem {
                    kind: e.reason.name(),
                    severity: "error",
                    message: e.to_string(),
                    column: ten::field_column(bytes, FenField::Castling),
                    field: "castling",
                    squares: vec![e.rook.to_string()],
                };
                Err(Refusal::of_problems(vec![problem], Some(line)))
            }
        }
    }
}

/// Every problem of one FEN (or EPD) record, as a :class:`Report`:
/// syntax errors, illegal positions and warnings alike, each with its
/// kind, column and squares. ``strict=True`` counts warnings as errors.
/// A byte order mark belongs to a file, not to a record: a record that
/// starts with one has the problem ``bad_placement_byte`` at column 1,
/// which says so (the batch functions skip one at the start of their
/// first line, as the readers of a file do).
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
        variant: variant_choice(variant)?,
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
    let converter = Converter::new(castling, ep, variant, validate)?;
    let mut out = String::new();
    match converter.convert(&text_bytes(text)?, 1, &mut out) {
        Ok(()) => Ok(out),
        Err(refusal) => Err(refusal.into_err(py)),
    }
}

/// :func:`convert` on every line of ``lines`` (strings or bytes), on
/// ``threads`` threads (``None`` or 0: every core) with the interpreter
/// free. One result per line, in order: the converted text, or the
/// :class:`FenError` of a line that did not convert (not raised: its
/// ``line`` is the 1-based index). The lines are read as a file's: a
/// UTF-8 byte order mark at the start of the first is skipped (columns
/// count from the byte after it), as the command line skips one at the
/// start of a file; a record that starts with one anywhere else is
/// refused, as :func:`convert` refuses it.
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
    let converter = Converter::new(castling, ep, variant, validate)?;
    let lines = Lines::of(lines)?;
    let threads = thread_count(threads);
    // Every line converted, its text or its refusal made, on the threads;
    // each share writes its records into one buffer.
    let shares = py.detach(|| {
        par_shares(lines.len(), threads, |range| {
            let mut share = Share::default();
            for i in range {
                if let Err(refusal) = converter.convert(lines.get(i), i as u64 + 1, &mut share.text)
                {
                    share.refused.push((share.ends.len(), refusal));
                }
                share.ends.push(share.text.len());
            }
            share
        })
    });
    // Under the interpreter only the objects are made, into a list of
    // its final size.
    let mut items: Vec<Bound<'py, PyAny>> = Vec::with_capacity(lines.len());
    for share in shares {
        let mut refused = share.refused.into_iter().peekable();
        let mut start = 0;
        for (k, &end) in share.ends.iter().enumerate() {
            match refused.next_if(|(at, _)| *at == k) {
                Some((_, refusal)) => items.push(
                    refusal
                        .into_err(py)
                        .into_value(py)
                        .into_bound(py)
                        .into_any(),
                ),
                None => items.push(PyString::new(py, &share.text[start..end]).into_any()),
            }
            start = end;
        }
    }
    PyList::new(py, items)
}

/// :func:`validate` on every line of ``lines``, on ``threads`` threads
/// (``None`` or 0: every core) with the interpreter free: one
/// :class:`Report` per line, in order (blank lines too). A UTF-8 byte
/// order mark at the start of the first line is skipped, as at the start
/// of a file. Reports are
/// immutable: the clean ones of one variant (and the blank lines') are one
/// shared object.
///
/// >>> import forsyth
/// >>> [r.valid for r in forsyth.validate_many(["8/8/8/8/8/8/8/8 w - -", "", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"])]
/// [False, None, True]
#[pyfunction]
#[pyo3(signature = (lines, variant = "auto", strict = false, threads = None))]
pub fn validate_many<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyAny>,
    variant: &str,
    strict: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let judge = Judge {
        variant: variant_choice(variant)?,
        strict,
    };
    let lines = Lines::of(lines)?;
    let threads = thread_count(threads);
    let shares = py.detach(|| {
        par_shares(lines.len(), threads, |range| {
            range
                .map(|i| judge.report(lines.get(i)))
                .collect::<Vec<_>>()
        })
    });
    // Making a report object costs more than judging its line: a clean
    // report (legal, no problem) or a blank line's is made once per
    // variant and shared, as reports are immutable values. The others go
    // from the shares into the list, not through one more vector.
    let mut plain: Vec<(Option<&'static str>, Option<bool>, Bound<'py, PyAny>)> = Vec::new();
    let mut items = Vec::with_capacity(lines.len());
    for report in shares.into_iter().flatten() {
        if !report.problems.is_empty() || report.valid == Some(false) {
            items.push(Bound::new(py, report)?.into_any());
            continue;
        }
        let key = (report.variant, report.valid);
        match plain.iter().find(|(v, ok, _)| (*v, *ok) == key) {
            Some((_, _, shared)) => items.push(shared.clone()),
            None => {
                let shared = Bound::new(py, report)?.into_any();
                plain.push((key.0, key.1, shared.clone()));
                items.push(shared);
            }
        }
    }
    PyList::new(py, items)
}

/// The bytes of a `str` (UTF-8) or `bytes` argument.
pub fn text_bytes(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = text.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    let s: String = text.extract()?;
    Ok(s.into_bytes())
}

/// Every item of an iterable of `str` or `bytes`, copied into one buffer
/// (the threads work without the interpreter; one allocation, not one a
/// line).
struct Lines {
    bytes: Vec<u8>,
    /// Where each line starts and ends in `bytes`.
    spans: Vec<(usize, usize)>,
}

impl Lines {
    fn of(lines: &Bound<'_, PyAny>) -> PyResult<Lines> {
        // One copy a line into one buffer: measured cheaper than joining
        // the lines into one string first (which copies them twice).
        let count = lines.len().unwrap_or(0);
        let mut out = Lines {
            bytes: Vec::with_capacity(count * 64),
            spans: Vec::with_capacity(count),
        };
        for item in lines.try_iter()? {
            let item = item?;
            let start = out.bytes.len();
            let first = out.spans.is_empty();
            if let Ok(b) = item.cast::<PyBytes>() {
                out.bytes.extend_from_slice(b.as_bytes());
            } else if let Ok(s) = item.cast::<PyString>() {
                out.bytes.extend_from_slice(s.to_cow()?.as_bytes());
            } else {
                // The usual TypeError of a wrong item.
                let s: String = item.extract()?;
                out.bytes.extend_from_slice(s.as_bytes());
            }
            // The lines are an input's, as a file's: a byte order mark at
            // the start of the first is skipped, as the command line skips
            // it; columns count from the byte after it.
            let start = match first && out.bytes[start..].starts_with(BOM) {
                true => start + BOM.len(),
                false => start,
            };
            out.spans.push((start, out.bytes.len()));
        }
        Ok(out)
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    fn get(&self, i: usize) -> &[u8] {
        let (start, end) = self.spans[i];
        &self.bytes[start..end]
    }
}

/// One thread's converted lines: the records one after the other, where
/// each line's output ends, and the refusals by their place in the share.
#[derive(Default)]
struct Share {
    text: String,
    ends: Vec<usize>,
    refused: Vec<(usize, Refusal)>,
}

/// `threads=`: `None` or 0 is every core.
pub fn thread_count(threads: Option<usize>) -> usize {
    match threads {
        None | Some(0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(n) => n,
    }
}

/// `f` on contiguous shares of `0..count`, on `threads` threads; the
/// shares' results in order.
fn par_shares<R: Send>(
    count: usize,
    threads: usize,
    f: impl Fn(std::ops::Range<usize>) -> R + Sync,
) -> Vec<R> {
    // Below this many items a thread costs more than it saves.
    const MIN_SHARE: usize = 256;
    let threads = threads.min(count / MIN_SHARE).max(1);
    if threads == 1 {
        return vec![f(0..count)];
    }
    let share = count.div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..count)
            .step_by(share)
            .map(|start| s.spawn(move || f(start..(start + share).min(count))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}
