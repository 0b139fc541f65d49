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
