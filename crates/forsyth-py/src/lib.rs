//! The Python package `forsyth`: a thin binding of the library. Every
//! answer is the library's; this crate turns arguments into the library's
//! types, results into Python objects and errors into exceptions with
//! their place and kind. The native module is `forsyth._forsyth`; the
//! package (`python/forsyth`) re-exports it in the public modules
//! `forsyth`, `forsyth.pgn` and `forsyth.notation`.
#![forbid(unsafe_code)]

mod errors;
mod notation;
mod pgn;
mod position;
mod solve;
mod ten;
mod validate;

use pyo3::prelude::*;

// CPython gives the object of a Python class 16-byte alignment, and the
// class's value lives inline in it: a value asking for more would sit
// misaligned, and vector loads from it fault. Whatever needs more is boxed.
const _: () = {
    use std::mem::align_of;
    assert!(align_of::<pgn::PyFault>() <= 16);
    assert!(align_of::<pgn::PyVerdict>() <= 16);
    assert!(align_of::<pgn::PyGame>() <= 16);
    assert!(align_of::<pgn::PyReader>() <= 16);
    assert!(align_of::<pgn::PyCheck>() <= 16);
    assert!(align_of::<position::PyPosition>() <= 16);
    assert!(align_of::<position::PyMove>() <= 16);
    assert!(align_of::<position::PyOutcome>() <= 16);
    assert!(align_of::<solve::PySolution>() <= 16);
    assert!(align_of::<solve::PyKey>() <= 16);
    assert!(align_of::<solve::PyVariation>() <= 16);
    assert!(align_of::<solve::PyLine>() <= 16);
    assert!(align_of::<validate::PyProblem>() <= 16);
    assert!(align_of::<validate::PyReport>() <= 16);
};

#[pymodule]
#[pyo3(name = "_forsyth")]
fn forsyth_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("STARTING_FEN", position::STARTING_FEN)?;
    m.add("Error", py.get_type::<errors::Error>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("ProblemError", py.get_type::<errors::ProblemError>())?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::PyMove>()?;
    m.add_class::<position::PyOutcome>()?;
    m.add_class::<validate::PyProblem>()?;
    m.add_class::<validate::PyReport>()?;
    m.add_function(wrap_pyfunction!(validate::validate, m)?)?;
    m.add_function(wrap_pyfunction!(validate::convert, m)?)?;
    m.add_function(wrap_pyfunction!(validate::convert_many, m)?)?;
    m.add_function(wrap_pyfunction!(validate::validate_many, m)?)?;
    m.add_function(wrap_pyfunction!(notation::translate, m)?)?;
    m.add_class::<solve::PySolution>()?;
    m.add_class::<solve::PyKey>()?;
    m.add_class::<solve::PyVariation>()?;
    m.add_class::<solve::PyLine>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_class::<pgn::PyGame>()?;
    m.add_class::<pgn::PyVerdict>()?;
    m.add_class::<pgn::PyFault>()?;
    m.add_class::<pgn::PyReader>()?;
    m.add_class::<pgn::PyCheck>()?;
    m.add_function(wrap_pyfunction!(pgn::read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::check, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::split, m)?)?;
    Ok(())
}
