"""notation.translate: round trips through every notation on generated
games (the 10x8 board: Fairy-Stockfish's games), and errors placed in the
text."""

import re
from pathlib import Path

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


# The 10x8 board: games of Fairy-Stockfish (tests/data), their moves as it
# writes them in UCI, and the piece letters of specs/notation.md section 7.

TEN = Path(__file__).with_name("data") / "fairy_stockfish_10x8_games.txt"
TEN_NOTATIONS = ["san", "lan", "figurine", "san-de", "san-nl", "san-ru", "uci"]


def ten_games():
    """[(variant, [(record, uci)])] of the file, in its order."""
    games = []
    for line in TEN.read_text().splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("game "):
            games.append((line.split()[1], []))
        else:
            record, uci = line.split("\t")
            games[-1][1].append((record, uci))
    return games


def squares(record):
    """{square: piece letter} of a 10x8 record's placement."""
    out = {}
    for r, rank in enumerate(record.split()[0].split("/")):
        f = 0
        for token in re.findall(r"\d+|\D", rank):
            if token.isdigit():
                f += int(token)
            else:
                out["abcdefghij"[f] + str(8 - r)] = token
                f += 1
    return out


def uci_movetext(moves):
    words = []
    for i, uci in enumerate(moves):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(uci)
    return " ".join(words)


def test_10x8_games_recorded():
    games = ten_games()
    assert [v for v, _ in games] == ["capablanca", "capablanca", "gothic", "crc"]
    assert sum(len(moves) for _, moves in games) > 300


@pytest.mark.parametrize("target", TEN_NOTATIONS)
def test_10x8_round_trip(target):
    for variant, moves in ten_games():
        start = Position(moves[0][0], variant=variant)
        text = uci_movetext([uci for _, uci in moves])
        there = notation.translate(text, "uci", target, fen=start)
        assert notation.translate(there, target, "uci", fen=start) == text
        # A record is read as Position(record) reads it: by its castling
        # (Gothic chess's start reads as Capablanca chess, the same moves).
        assert notation.translate(text, "uci", target, fen=start.fen()) == there


def test_10x8_lan_names_the_moves_of_fairy_stockfish():
    for variant, moves in ten_games():
        start = Position(moves[0][0], variant=variant)
        lan = notation.translate(uci_movetext([u for _, u in moves]), "uci", "lan", fen=start)
        words = [w for w in lan.split() if not w.endswith(".")]
        assert len(words) == len(moves)
        for (record, uci), word in zip(moves, words):
            piece = squares(record)[uci[:2]].upper()
            if word.startswith("O-O"):
                # The king castles: to c or i (O-O-O, O-O), or onto its rook.
                assert piece == "K"
                continue
            letter, body = ("P", word) if word[0].islower() else (word[0], word[1:])
            assert letter == piece, (record, uci, word)
            origin, dest = re.match(r"([a-j][1-8])[-x]([a-j][1-8])", body).groups()
            assert (origin, dest) == (uci[:2], uci[2:4]), (record, uci, word)
            if len(uci) == 5:
                assert word.rstrip("+#").endswith("=" + uci[4].upper())


def test_10x8_castling_as_fairy_stockfish_writes_it():
    variant, moves = ten_games()[0]
    start = Position(moves[0][0], variant=variant)
    text = uci_movetext([u for _, u in moves[:2]])
    assert text == "1. f1c1 f8i8"  # the king to its square in Capablanca chess
    assert notation.translate(text, "uci", "san", fen=start) == "1. O-O-O O-O"


def test_10x8_notations_that_cannot_name_its_moves():
    capa = Position.capablanca()
    # specs/notation.md section 7: descriptive notation, and French (C is
    # its knight) or Spanish (A is its bishop).
    for source, target, named in [("san", "descriptive-en", "descriptive-en"),
                                  ("san-fr", "san", "san-fr"), ("san", "san-es", "san-es")]:
        with pytest.raises(ValueError) as e:
            notation.translate("1.e4", source, target, fen=capa)
        assert not isinstance(e.value, MoveError)
        assert str(e.value).startswith(named + ": ") and "10x8" in str(e.value)


def test_10x8_error_is_placed():
    text = "1.e4 e5\n2.Ad3 Ad6\n3.Ad3 a6"  # White's archbishop stands on d3
    with pytest.raises(MoveError) as e:
        notation.translate(text, "san", "uci", fen=Position.capablanca())
    err = e.value
    assert (err.line, err.column, err.field) == (3, 3, "move")
    assert err.kind == "illegal"
