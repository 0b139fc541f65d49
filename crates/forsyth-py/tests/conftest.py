"""Shared helpers: games played at random with python-chess, the
independent peer the property tests compare with."""

import random
from pathlib import Path

import chess
import chess.pgn
import pytest

REPO = Path(__file__).resolve().parents[3]


def random_board(seed, plies, chess960=None):
    """A python-chess board after up to `plies` random legal moves from
    the standard start or a Chess960 start (by the seed)."""
    rng = random.Random(seed)
    if chess960 is None:
        chess960 = rng.random() < 0.5
    if chess960:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    else:
        board = chess.Board()
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def variant_of(board):
    return "chess960" if board.chess960 else "standard"


def pgn_of(board, headers=None):
    """The PGN export of a python-chess board's move stack."""
    game = chess.pgn.Game.from_board(board)
    for name, value in (headers or {}).items():
        game.headers[name] = value
    return str(game)


@pytest.fixture
def repo():
    if not (REPO / "specs").is_dir():
        pytest.skip("the repository's specs are not beside the tests")
    return REPO
