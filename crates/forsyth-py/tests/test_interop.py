"""python-chess interop: positions both ways, python-chess as the peer."""

import subprocess
import sys

import chess

from forsyth import Position
from conftest import random_board


def test_to_and_from_python_chess():
    for seed in range(40):
        board = random_board(seed, seed % 30)
        pos = Position.from_python_chess(board)
        assert pos.variant == ("chess960" if board.chess960 else "standard")
        assert pos.fen() == board.fen()
        back = pos.to_python_chess()
        assert isinstance(back, chess.Board)
        assert back.fen() == board.fen() and back.chess960 == board.chess960
        assert set(back.legal_moves) == set(board.legal_moves)


def test_standard_board_reads_as_standard():
    assert Position.from_python_chess(chess.Board()) == Position()


def run_without_python_chess(code):
    """Runs `code` in a fresh interpreter where `import chess` fails, as on
    a machine without python-chess."""
    script = "import sys\nsys.modules['chess'] = None\n" + code
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)


def test_python_chess_is_optional():
    # The package imports and works without python-chess, and never
    # imports it on its own.
    done = run_without_python_chess(
        "import forsyth\n"
        "from forsyth import pgn, notation, dataset\n"
        "assert forsyth.Position().perft(3) == 8902\n"
        "try:\n"
        "    forsyth.Position().to_python_chess()\n"
        "except ImportError:\n"
        "    print('ImportError')\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ImportError"
