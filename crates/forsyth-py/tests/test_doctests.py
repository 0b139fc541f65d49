"""Every public name has a docstring with an example, and every example
runs: the docstrings' ``>>>`` lines are the tests' source of truth for what
they print, checked here against the package."""

import doctest
import importlib.util
import inspect
import types

import pytest

import forsyth
from forsyth import dataset, notation, pgn

MODULES = [forsyth, pgn, notation, dataset]
# Constants have no docstring of their own: the module's says them.
CONSTANTS = {"STARTING_FEN", "__version__"}


def public_names():
    """(qualified name, object) for every public name of the package:
    module, function, class, and each class's public members."""
    seen = set()
    for module in MODULES:
        yield module.__name__, module
        for name in module.__all__:
            obj = getattr(module, name)
            if name in CONSTANTS or isinstance(obj, types.ModuleType):
                continue
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            qualified = f"{module.__name__}.{name}"
            yield qualified, obj
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for attr in vars(obj):
                    if not attr.startswith("_"):
                        yield f"{qualified}.{attr}", getattr(obj, attr)


NAMES = list(public_names())


def test_the_public_names_are_found():
    names = {n for n, _ in NAMES}
    # A sample from each module, so that the walk cannot find nothing.
    for expected in ["forsyth.Position.play", "forsyth.Move.san", "forsyth.convert_many",
                     "forsyth.pgn.Game.san", "forsyth.pgn.check", "forsyth.notation.translate",
                     "forsyth.Report.problems", "forsyth.solve", "forsyth.FenError"]:
        assert expected in names
    assert len(NAMES) > 100


@pytest.mark.parametrize("name,obj", NAMES, ids=[n for n, _ in NAMES])
def test_docstring_has_an_example(name, obj):
    doc = obj.__doc__
    assert doc, f"{name} has no docstring"
    assert ">>>" in doc, f"{name}'s docstring has no example"


@pytest.mark.parametrize("name,obj", NAMES, ids=[n for n, _ in NAMES])
def test_docstring_examples_run(name, obj):
    if "python_chess" in name and importlib.util.find_spec("chess") is None:
        pytest.skip("python-chess is not installed (the interop's examples use it)")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(inspect.cleandoc(obj.__doc__ or ""), {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
