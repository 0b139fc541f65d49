"""python-chess interop: positions both ways, python-chess as the peer."""

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
