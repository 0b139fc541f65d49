//! `forsyth.solve`: a chess problem solved in full, its keys and the
//! tree of variations (or the lines of help and series play) as Python
//! objects.

use std::sync::Arc;

use pyo3::prelude::*;

use forsyth::solve::{
    is_popeye_input, read_popeye, write_solution, ChessProblem, Key, Line, Solution, Solver,
    Stipulation, Variation,
};
use forsyth::{Move, Position};

use crate::errors::{error, Place, ProblemError};
use crate::notation::line_column;
use crate::position::{PyMove, PyPosition};

fn problem_error(py: Python<'_>, message: String, place: Place<'_>) -> PyErr {
    error::<ProblemError>(py, message, place)
}

/// The problem `problem` states: a statement, a FEN record or a Popeye
/// input of one problem; or a position.
fn read_problem(py: Python<'_>, problem: &Bound<'_, PyAny>) -> PyResult<ChessProblem> {
    if let Ok(p) = problem.cast::<PyPosition>() {
        return Ok(ChessProblem::new((**p.get().eight("solve")?).clone(), None));
    }
    let text: String = problem.extract()?;
    // The text of a problem file, as `forsyth solve FILE` reads one: a
    // byte order mark at its start is skipped, not counted in columns.
    let text = forsyth::skip_bom(text.as_str());
    if is_popeye_input(text) {
        let mut problems = read_popeye(text).map_err(|e| {
            problem_error(
                py,
                e.message(),
                Place {
                    line: Some(e.line as u64),
                    column: Some(e.column as u64),
                    field: "popeye",
                    kind: e.kind().name(),
                },
            )
        })?;
        if problems.len() != 1 {
            let n = problems.len();
            return Err(problem_error(
                py,
                format!("a Popeye input of {n} problems: give one at a time"),
                Place {
                    line: None,
                    column: None,
                    field: "popeye",
                    kind: "several_problems",
                },
            ));
        }
        return Ok(problems.swap_remove(0));
    }
    ChessProblem::from_statement(text, None).map_err(|e| {
        let (line, column) = line_column(text, e.offset);
        problem_error(
            py,
            e.message(),
            Place {
                line: Some(line),
                column: Some(column),
                field: "statement",
                kind: e.kind().name(),
            },
        )
    })
}

/// Solves a chess problem in full: a direct mate (``#n``: White plays and
/// mates in at most n moves against any defence), a selfmate (``s#n``), a
/// reflexmate (``r#n``), their keys in :attr:`Solution.keys`; or help and
/// series play (``h#2``, ``hs#2``, ``ser-#7``), every line in
/// :attr:`Solution.lines`.
/// ``problem`` is a statement as problemists write it (``"(R7/4k3/4N3/K2B4/8/8/8/5R2)
/// (5+1) #3"``, a bare placement or a FEN record, the stipulation in
/// figures or words, in any of the library's languages), a Popeye input of
/// one problem, or a :class:`Position`; ``stipulation`` (``"#3"``,
/// ``"s#2"``, ``"mate in 3"``) overrides the one stated. The interpreter is
/// free while it searches. ``tries`` asks for tries as well (the CLI's
/// ``--tries=N``): first moves that are no key and that at least one and
/// at most ``tries`` defences refute, in :attr:`Solution.tries` with their
/// :attr:`Key.refutations`; ``avoid_trivial_tries`` leaves out a checking
/// try refuted by one defence. Raises :class:`ProblemError` when the
/// problem does not read or states no stipulation. ``problem`` may be the
/// text of a problem file as read: a byte order mark at its start is
/// skipped, as ``forsyth solve FILE`` skips it.
///
/// >>> import forsyth
/// >>> s = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1) #3")
/// >>> [k.move.san() for k in s.keys], s.keys[0].threat[0].move.san()
/// (['Nd4'], 'Nb5')
/// >>> print(str(s).splitlines()[0])
/// 1.Nd4! (2.Nb5)
#[pyfunction]
#[pyo3(signature = (problem, stipulation = None, tries = None, avoid_trivial_tries = false))]
pub fn solve(
    py: Python<'_>,
    problem: &Bound<'_, PyAny>,
    stipulation: Option<&str>,
    tries: Option<u32>,
    avoid_trivial_tries: bool,
) -> PyResult<PySolution> {
    let problem = read_problem(py, problem)?;
    let given = match stipulation {
        None => None,
        Some(text) => Some(text.parse::<Stipulation>().map_err(|e| {
            problem_error(
                py,
                e.message(),
                Place {
                    line: None,
                    column: Some(e.offset as u64 + 1),
                    field: "stipulation",
                    kind: e.kind().name(),
                },
            )
        })?),
    };
    let Some(stipulation) = given.or(problem.stipulation) else {
        return Err(problem_error(
            py,
            "no stipulation: give one (#3, mate in 3)".to_owned(),
            Place {
                line: None,
                column: None,
                field: "stipulation",
                kind: "no_stipulation",
            },
        ));
    };
    let pos = Arc::new(problem.position);
    let searched = Arc::clone(&pos);
    let solution = py
        .detach(move || {
            let mut solver = Solver::new(stipulation).avoid_trivial_tries(avoid_trivial_tries);
            if let Some(most) = tries {
                solver = solver.max_refutations(most);
            }
            solver.solve(&searched)
        })
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    Ok(PySolution { pos, solution })
}

/// A problem's solution: ``keys`` (every first move that works; two or
/// more: the problem is cooked), ``stipulation``, ``nodes`` searched, and
/// ``str()`` the solution as problemists print it.
///
/// >>> import forsyth
/// >>> s = forsyth.solve("k7/8/1K6/8/8/8/8/7R w - - 0 1", stipulation="#1")
/// >>> s.stipulation, s.is_cooked, [k.move.san() for k in s.keys]
/// ('#1', False, ['Rh8#'])
#[pyclass(name = "Solution", module = "forsyth", frozen)]
pub struct PySolution {
    pos: Arc<Position>,
    solution: Solution,
}

#[pymethods]
impl PySolution {
    /// Every key, in the order of the legal moves.
    ///
    /// >>> import forsyth
    /// >>> len(forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys)
    /// 1
    #[getter]
    fn keys(&self) -> PyResult<Vec<PyKey>> {
        self.solution
            .keys
            .iter()
            .map(|k| PyKey::new(&self.pos, k))
            .collect()
    }

    /// The tries, when asked for (``tries=N``): first moves that fail to
    /// at least one and at most N defences, each a :class:`Key` with its
    /// ``refutations``.
    ///
    /// >>> import forsyth
    /// >>> s = forsyth.solve("1k6/2R5/8/K7/8/8/8/8 w - - 0 1", stipulation="#2", tries=1)
    /// >>> [(t.move.san(), [r.san() for r in t.refutations]) for t in s.tries]
    /// [('Ka6', ['Kxc7'])]
    #[getter]
    fn tries(&self) -> PyResult<Vec<PyKey>> {
        self.solution
            .tries
            .iter()
            .map(|k| PyKey::new(&self.pos, k))
            .collect()
    }

    /// The lines of help and series play (``h#2``, ``hs#2``, ``ser-h#3``),
    /// each a :class:`Line`, the shorter first; empty in battle play.
    ///
    /// >>> import forsyth
    /// >>> s = forsyth.solve("(k7/p7/2K5/8/8/8/8/7R) h#1")
    /// >>> [[m.san() for m in line.moves] for line in s.lines]
    /// [['Kb8', 'Rh8#']]
    #[getter]
    fn lines(&self) -> PyResult<Vec<PyLine>> {
        Python::attach(|py| {
            self.solution
                .lines
                .iter()
                .map(|line| PyLine::new(py, &self.pos, &self.solution.stipulation, line))
                .collect()
        })
    }

    /// The stipulation solved, as text (``"#3"``, ``"s#2"``).
    ///
    /// >>> import forsyth
    /// >>> forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) mate in three").stipulation
    /// '#3'
    #[getter]
    fn stipulation(&self) -> String {
        self.solution.stipulation.to_string()
    }

    /// Positions the search visited.
    ///
    /// >>> import forsyth
    /// >>> forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").nodes > 0
    /// True
    #[getter]
    fn nodes(&self) -> u64 {
        self.solution.nodes
    }

    /// Whether the problem has more than one key.
    ///
    /// >>> import forsyth
    /// >>> forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").is_cooked
    /// False
    #[getter]
    fn is_cooked(&self) -> bool {
        self.solution.is_cooked()
    }

    fn __str__(&self) -> PyResult<String> {
        let mut text = String::new();
        write_solution(
            &mut text,
            &self.pos,
            &self.solution,
            forsyth::notation::Notation::San(forsyth::notation::Language::English),
        )
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        Ok(text)
    }

    fn __repr__(&self) -> String {
        let keys: Vec<String> = self
            .solution
            .keys
            .iter()
            .map(|k| self.pos.san(k.mv))
            .collect();
        format!(
            "Solution(stipulation='{}', keys={})",
            self.solution.stipulation,
            crate::validate::py_list(&keys)
        )
    }
}

/// A line of help or series play: ``moves`` (each a :class:`Move`, in
/// its own position: in a series the other side passes between the
/// series' moves) and ``short`` (it reaches the goal before the
/// stipulation's last move).
///
/// >>> import forsyth
/// >>> line = forsyth.solve("6KQ/6P1/1PB1n1k1/8/5Q2/8/4q2q/8 w - - 0 1", stipulation="hs#1").lines[0]
/// >>> [m.san() for m in line.moves], line.short
/// (['Qh7+', 'Qxh7#'], False)
#[pyclass(name = "Line", module = "forsyth", frozen, get_all)]
pub struct PyLine {
    /// The moves, the first mover's first.
    ///
    /// >>> import forsyth
    /// >>> line = forsyth.solve("(k7/7R/2K5/8/8/8/8/8) ser-#2").lines[0]
    /// >>> [m.uci() for m in line.moves]
    /// ['c6b6', 'h7h8']
    moves: Vec<Py<PyMove>>,
    /// Whether it reaches the goal before the stipulation's last move.
    ///
    /// >>> import forsyth
    /// >>> forsyth.solve("(k7/7R/2K5/8/8/8/8/8) ser-#2").lines[0].short
    /// False
    short: bool,
}

impl PyLine {
    fn new(
        py: Python<'_>,
        pos: &Position,
        stipulation: &Stipulation,
        line: &Line,
    ) -> PyResult<PyLine> {
        let moves = line
            .positions(pos, stipulation)
            .into_iter()
            .zip(&line.moves)
            .map(|(before, &m)| Py::new(py, move_of(&Arc::new(before), m)))
            .collect::<PyResult<_>>()?;
        Ok(PyLine {
            moves,
            short: line.short,
        })
    }
}

#[pymethods]
impl PyLine {
    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| m.get().san_text()).collect();
        format!("Line(moves={})", crate::validate::py_list(&moves))
    }
}

/// A key: ``move`` (a :class:`Move`), ``short`` (it mates in fewer moves
/// than stipulated), ``check`` (it gives check), ``threat`` (the White
/// continuations that would mate if Black could pass, each a
/// :class:`Variation`; ``None`` when Black cannot pass or there is none)
/// and ``defences`` (every Black defence, each a :class:`Variation` with
/// White's continuations).
///
/// >>> import forsyth
/// >>> k = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0]
/// >>> k.move.san(), k.short, k.check, len(k.defences)
/// ('Nd4', False, False, 2)
#[pyclass(name = "Key", module = "forsyth", frozen, get_all)]
pub struct PyKey {
    /// The key move.
    ///
    /// >>> import forsyth
    /// >>> k = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0]
    /// >>> k.move.uci()
    /// 'e6d4'
    #[pyo3(name = "move")]
    mv: Py<PyMove>,
    /// Whether it mates in fewer moves than stipulated.
    ///
    /// >>> import forsyth
    /// >>> k = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0]
    /// >>> k.short
    /// False
    short: bool,
    /// Whether it gives check.
    ///
    /// >>> import forsyth
    /// >>> k = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0]
    /// >>> k.check
    /// False
    check: bool,
    /// The threat's continuations, or ``None``.
    ///
    /// >>> import forsyth
    /// >>> k = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0]
    /// >>> [t.move.san() for t in k.threat]
    /// ['Nb5']
    threat: Option<Vec<Py<PyVariation>>>,
    /// A try's refutations (each a :class:`Move`); empty for a key.
    ///
    /// >>> import forsyth
    /// >>> forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0].refutations
    /// []
    refutations: Vec<Py<PyMove>>,
    /// Every Black defence.
    ///
    /// >>> import forsyth
    /// >>> k = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0]
    /// >>> sorted(d.move.san() for d in k.defences)
    /// ['Kd6', 'Kd7']
    defences: Vec<Py<PyVariation>>,
}

impl PyKey {
    fn new(pos: &Arc<Position>, key: &Key) -> PyResult<PyKey> {
        Python::attach(|py| {
            let after = Arc::new(play(pos, key.mv));
            let threat = match (&key.threat, key.threat_position(pos)) {
                (Some(threat), Some(passed)) => Some(variations(py, &Arc::new(passed), threat)?),
                _ => None,
            };
            Ok(PyKey {
                mv: Py::new(py, move_of(pos, key.mv))?,
                short: key.short,
                check: key.check,
                threat,
                defences: variations(py, &after, &key.defences)?,
                refutations: key
                    .refutations
                    .iter()
                    .map(|&r| Py::new(py, move_of(&after, r)))
                    .collect::<PyResult<_>>()?,
            })
        })
    }
}

#[pymethods]
impl PyKey {
    fn __repr__(&self) -> String {
        let m = self.mv.get();
        format!(
            "Key(move='{}', defences={})",
            m.san_text(),
            self.defences.len()
        )
    }
}

/// One move of a solution's tree and what follows it: ``move``, ``dual``
/// (a White continuation with another beside it that mates as fast),
/// ``short`` (a White continuation that mates early) and ``replies`` (after
/// a White move every Black defence; after a Black move White's
/// continuations; nothing after a mate).
///
/// >>> import forsyth
/// >>> k = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0]
/// >>> d = k.defences[0]
/// >>> d.move.san(), [r.move.san() for r in d.replies][:1]
/// ('Kd6', ['Rd8+'])
#[pyclass(name = "Variation", module = "forsyth", frozen, get_all)]
pub struct PyVariation {
    /// The move.
    ///
    /// >>> import forsyth
    /// >>> kd6 = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0].defences[0]
    /// >>> kd6.move.san()
    /// 'Kd6'
    #[pyo3(name = "move")]
    mv: Py<PyMove>,
    /// A White continuation with another that mates as fast.
    ///
    /// >>> import forsyth
    /// >>> kd6 = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0].defences[0]
    /// >>> [(m.move.san(), m.dual) for m in kd6.replies[0].replies[0].replies]
    /// [('Nb3#', True), ('Ne6#', True)]
    dual: bool,
    /// A White continuation that mates early.
    ///
    /// >>> import forsyth
    /// >>> kd6 = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0].defences[0]
    /// >>> kd6.replies[0].short
    /// False
    short: bool,
    /// What follows.
    ///
    /// >>> import forsyth
    /// >>> kd6 = forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").keys[0].defences[0]
    /// >>> [r.move.san() for r in kd6.replies]
    /// ['Rd8+']
    replies: Vec<Py<PyVariation>>,
}

#[pymethods]
impl PyVariation {
    fn __repr__(&self) -> String {
        let m = self.mv.get();
        format!(
            "Variation(move='{}', replies={})",
            m.san_text(),
            self.replies.len()
        )
    }
}

fn play(pos: &Position, mv: Move) -> Position {
    // The solver's moves are legal in their positions.
    pos.play(mv).unwrap_or_else(|_| pos.clone())
}

fn move_of(pos: &Arc<Position>, mv: Move) -> PyMove {
    PyMove::eight(mv, pos)
}

fn variations(
    py: Python<'_>,
    pos: &Arc<Position>,
    list: &[Variation],
) -> PyResult<Vec<Py<PyVariation>>> {
    list.iter()
        .map(|v| {
            let after = Arc::new(play(pos, v.mv));
            Py::new(
                py,
                PyVariation {
                    mv: Py::new(py, move_of(pos, v.mv))?,
                    dual: v.dual,
                    short: v.short,
                    replies: variations(py, &after, &v.replies)?,
                },
            )
        })
        .collect()
}
