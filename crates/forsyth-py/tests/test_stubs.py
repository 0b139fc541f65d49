"""The type stubs say what the module has: mypy's stubtest compares them
with the module at run time (names, signatures, positional-only
arguments, classes' members), and the package type-checks strictly."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("mypy")


def run(*args):
    done = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          cwd=os.path.dirname(__file__))
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("module", ["forsyth", "forsyth._forsyth"])
def test_stubs_match_the_module(module):
    code, out = run("mypy.stubtest", module)
    assert code == 0, out


USER_CODE = """
import forsyth
from forsyth import dataset, notation, pgn

pos: forsyth.Position = forsyth.Position().play("e4")
text: str = pos.fen(castling="shredder", ep="always")
moves: list[str] = [m.uci() for m in pos.legal_moves()]
results: list[str | forsyth.FenError] = forsyth.convert_many([text], threads=2)
kinds: list[str] = [p.kind for p in forsyth.validate(text).problems]
for game in pgn.read("games.pgn"):
    fault = game.verdict.fault
    kind: str | None = fault.kind if fault else None
rows = dataset.rows("games.pgn")
san: str = notation.translate("1.e4", "san", "san-de")
"""


def test_users_code_type_checks():
    # py.typed marks the package as typed: strict mode accepts the import.
    code, out = run("mypy", "--strict", "--python-version", "3.10", "-c", USER_CODE)
    assert code == 0, out


# What the stubs say each member returns, checked against the values the
# module gives at run time on sample objects (stubtest compares names and
# signatures, not what the members return).

def stub_returns():
    """{(class, member): the annotation's AST} of the stubs' properties
    and methods without required arguments."""
    import ast
    import pathlib

    import forsyth

    stub = pathlib.Path(forsyth.__file__).with_name("_forsyth.pyi")
    out = {}
    for node in ast.parse(stub.read_text()).body:
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if not isinstance(item, ast.FunctionDef) or item.returns is None:
                continue
            decorators = {ast.unparse(d) for d in item.decorator_list}
            required = len(item.args.args) - 1 - len(item.args.defaults)
            if item.name.startswith("_") or decorators & {"staticmethod", "classmethod"}:
                continue
            if "property" in decorators or required == 0:
                out[(node.name, item.name)] = (item.returns, "property" in decorators)
    return out


def matches(value, ann):
    """Whether `value` is of the stub annotation `ann` (the forms the stubs
    use: names, Optional, Union, Literal, list, dict)."""
    import ast
    import pathlib

    import forsyth._forsyth as native

    if isinstance(ann, ast.Constant) and ann.value is None:
        return value is None
    if isinstance(ann, ast.Name):
        if ann.id == "Any":
            return True
        if ann.id.startswith("_"):
            return isinstance(value, str)  # the Literal aliases of names
        builtin = {"str": str, "int": int, "bool": bool}.get(ann.id)
        if builtin is bool:
            return isinstance(value, bool)
        if builtin is not None:
            return isinstance(value, builtin) and not isinstance(value, bool)
        return isinstance(value, getattr(native, ann.id))
    if isinstance(ann, ast.Attribute):
        return ast.unparse(ann) == "pathlib.Path" and isinstance(value, pathlib.Path)
    assert isinstance(ann, ast.Subscript), ast.unparse(ann)
    outer = ast.unparse(ann.value)
    args = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
    if outer == "Optional":
        return value is None or matches(value, args[0])
    if outer == "Union":
        return any(matches(value, a) for a in args)
    if outer == "Literal":
        return value in [a.value for a in args]
    if outer == "list":
        return isinstance(value, list) and all(matches(v, args[0]) for v in value)
    if outer == "dict":
        return isinstance(value, dict) and all(
            matches(k, args[0]) and matches(v, args[1]) for k, v in value.items())
    raise AssertionError(f"an annotation the check does not know: {ast.unparse(ann)}")


def samples(tmp_path):
    import io

    import forsyth
    from forsyth import pgn

    path = tmp_path / "g.pgn"
    path.write_text('[White "A"]\n1. e4 e5 2. Ke3 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n)\n')
    games = list(pgn.read(path))
    # Two knights reach d4: the fault lists both.
    games += list(pgn.read(io.StringIO("1. Nf3 a6 2. Nc3 a5 3. Nb5 a4 4. Nd4 *")))
    games += list(pgn.read(io.StringIO('[Result "1-0"]\n1. e4 0-1\n')))
    mate = forsyth.Position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    castles = forsyth.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    solutions = [forsyth.solve("R7/4k3/4N3/K2B4/8/8/8/5R2 #2"),
                 forsyth.solve("4k3/8/4K3/8/8/8/8/R7 w - - 0 1", "#1", tries=1),
                 forsyth.solve("(k7/p7/2K5/8/8/8/8/7R) h#1")]
    keys = [k for s in solutions for k in s.keys + s.tries]
    out = {
        "Position": [castles, mate, forsyth.Position.capablanca()],
        "Move": castles.legal_moves() + forsyth.Position.gothic().legal_moves(),
        "Outcome": [mate.outcome()],
        "Problem": forsyth.validate("4k3/8/8/8/8/8/8/P3K2R w KQ e3 0 1").problems,
        "Report": [forsyth.validate("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), forsyth.validate("")],
        "Game": games,
        "Verdict": [g.verdict for g in games],
        "Fault": [f for g in games for f in [g.fault, *g.verdict.warnings] if f],
        "Check": [pgn.check(path)],
        "Reader": [pgn.read(path)],
        "Solution": solutions,
        "Key": keys,
        "Variation": [v for k in keys for v in k.defences + (k.threat or [])],
        "Line": [line for s in solutions for line in s.lines],
    }
    assert out["Line"]
    assert any(f.candidates for f in out["Fault"])
    assert any(p.squares for p in out["Problem"]) and any(r.repairs for r in out["Report"])
    return out


def test_members_return_what_the_stubs_say(tmp_path):
    objects = samples(tmp_path)
    checked = 0
    for (cls, member), (ann, is_property) in sorted(stub_returns().items()):
        if member == "to_python_chess":
            continue  # Any; python-chess has no 10x8 board
        for obj in objects.get(cls, []):
            value = getattr(obj, member)
            if not is_property:
                value = value()
            assert matches(value, ann), (cls, member, value)
            checked += 1
    assert checked > 200
