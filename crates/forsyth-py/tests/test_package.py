"""The package as installed: one stable-ABI module for every CPython from
3.9, its version the crate's, its exceptions ValueErrors."""

import importlib.metadata
import re
import sys

import pytest

import forsyth
from forsyth import _forsyth


def test_the_module_is_the_stable_abi_build():
    # PEP 384's file name: `.abi3.so` on Unix, `.pyd` (no version tag) on
    # Windows; a build for one interpreter would be `.cpython-3XY-...`.
    name = _forsyth.__file__
    if sys.platform == "win32":
        assert name.endswith(".pyd") and "cp3" not in name
    else:
        assert name.endswith(".abi3.so")


def test_version_is_the_crates(repo):
    cargo = (repo / "Cargo.toml").read_text()
    version = re.search(r'^\[workspace\.package\][^\[]*?^version = "([^"]+)"', cargo,
                        re.M | re.S).group(1)
    assert forsyth.__version__ == version == importlib.metadata.version("forsyth")


@pytest.mark.parametrize("cls", [forsyth.FenError, forsyth.MoveError, forsyth.ProblemError])
def test_errors_are_value_errors(cls):
    assert issubclass(cls, forsyth.Error) and issubclass(forsyth.Error, ValueError)


FEN = "8/8/8/8/8/8/8/8 w X -"
MOVES = "1. e4 e5\n2. Ke3 Nc6"
POPEYE = "beginproblem\nstipulation #2\npieces white kz1\nendproblem"


@pytest.mark.parametrize("call,cls,place", [
    # (line, column, field, kind); the columns counted in the texts.
    (lambda: forsyth.Position(FEN), forsyth.FenError,
     (1, FEN.index("X") + 1, "castling", "bad_castling_byte")),
    (lambda: forsyth.notation.translate(MOVES, "san", "uci"), forsyth.MoveError,
     (2, MOVES.split("\n")[1].index("Ke3") + 1, "move", "illegal")),
    (lambda: forsyth.solve(POPEYE), forsyth.ProblemError,
     (3, POPEYE.split("\n")[2].index("kz1") + 1, "popeye", "piece")),
    # A single move or statement has no lines: the place is None.
    (lambda: forsyth.Position().play("Ke2"), forsyth.MoveError,
     (None, None, "move", "unreachable")),
])
def test_every_error_carries_its_place(call, cls, place):
    with pytest.raises(cls) as e:
        call()
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.line, err.column, err.field, err.kind) == place
