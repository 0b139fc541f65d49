"""notation.translate: round trips through every notation on generated
games, and errors placed in the text."""

import pytest

from forsyth import MoveError, Position, notation
from conftest import random_board

NOTATIONS = ["san-de", "san-fr", "san-ru", "san-el", "figurine", "lan", "uci",
             "descriptive-en", "descriptive-es", "descriptive-fr"]


def movetext(board):
    replay = board.root()
    parts = []
    for i, m in enumerate(board.move_stack):
        if i % 2 == 0:
            parts.append(f"{i // 2 + replay.fullmove_number}.")
        parts.append(replay.san(m))
        replay.push(m)
    return " ".join(parts)


@pytest.mark.parametrize("target", NOTATIONS)
def test_round_trip(target):
    for seed in range(15):
        board = random_board(seed, 40, chess960=False)
        text = movetext(board)
        there = notation.translate(text, "san", target)
        assert notation.translate(there, target, "san") == text


def test_chess960_start_given():
    board = random_board(3, 30, chess960=True)
    start = Position.from_python_chess(board.root())
    text = movetext(board)
    uci = notation.translate(text, "san", "uci", fen=start)
    # python-chess writes Chess960 castling as king takes rook, as UCI does.
    words = [w for w in uci.split() if not w.endswith(".")]
    assert words == [m.uci() for m in board.move_stack]
    assert notation.translate(uci, "uci", "san", fen=start.fen()) == text


def test_error_is_placed():
    text = "1.e4 e5\n2.Nf3 Nc6\n3.Ke3 a6"
    with pytest.raises(MoveError) as e:
        notation.translate(text, "san", "uci")
    err = e.value
    assert (err.line, err.column) == (3, text.splitlines()[2].index("Ke3") + 1)
    assert err.field == "move"
    with pytest.raises(ValueError):
        notation.translate(text, "san", "klingon")
