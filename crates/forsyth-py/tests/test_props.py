"""Property tests against python-chess, an independent implementation,
wherever it has the same feature: FEN read and written, legal moves as
UCI, SAN, perft, and the replay verdict of PGN games."""

import io

import chess
import chess.pgn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forsyth import Position, pgn
from conftest import pgn_of, random_board, variant_of

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
boards = st.builds(random_board, st.integers(0, 2**32), st.integers(0, 120), st.booleans())


@SETTINGS
@given(boards)
def test_fen_in_and_out(board):
    pos = Position(board.fen(), variant=variant_of(board))
    assert pos.fen() == board.fen()
    # Shredder-FEN: the same letters (python-chess orders them otherwise).
    ours, theirs = pos.fen(castling="shredder").split(), board.fen(shredder=True).split()
    assert set(ours[2]) == set(theirs[2]) and ours[:2] + ours[3:] == theirs[:2] + theirs[3:]
    assert pos.turn == ("white" if board.turn else "black")
    # Read back in every encoding, the same position.
    for castling in ("xfen", "shredder"):
        assert Position(pos.fen(castling=castling), variant=pos.variant) == pos


@SETTINGS
@given(boards)
def test_legal_moves_and_san(board):
    pos = Position(board.fen(), variant=variant_of(board))
    ours = {m.uci(): m.san() for m in pos.legal_moves()}
    theirs = {board.uci(m): board.san(m) for m in board.legal_moves}
    assert ours == theirs
    assert pos.is_check() == board.is_check()
    assert pos.is_checkmate() == board.is_checkmate()
    assert pos.is_stalemate() == board.is_stalemate()


def perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


@settings(max_examples=40, deadline=None)
@given(boards)
def test_perft(board):
    pos = Position(board.fen(), variant=variant_of(board))
    assert pos.perft(2) == perft(board, 2)


CANDIDATES = ["Ke4", "Qh5", "Nd4", "Bb5", "Rd3", "a6", "Kb8", "Nxe5"]


def corrupt(board, ply):
    """The PGN text of `board`'s game with the move of `ply` (0-based)
    replaced by a SAN move that python-chess finds illegal there, or
    `None` when the game is shorter."""
    if ply >= len(board.move_stack):
        return None
    replay = board.root()
    for m in board.move_stack[:ply]:
        replay.push(m)
    for san in CANDIDATES:
        try:
            replay.parse_san(san)
        except ValueError:
            break
    else:
        return None
    text = str(chess.pgn.Game.from_board(board))
    head, moves = text.split("\n\n", 1)
    tokens = moves.split()
    sans = [i for i, t in enumerate(tokens) if not t[0].isdigit() and t not in ("*", "1-0", "0-1", "1/2-1/2")]
    tokens[sans[ply]] = san
    return head + "\n\n" + " ".join(tokens) + "\n"


@SETTINGS
@given(boards, st.one_of(st.none(), st.integers(0, 60)))
def test_pgn_replay_verdict(board, broken_ply):
    text = pgn_of(board)
    if broken_ply is not None:
        text = corrupt(board, broken_ply) or text
    theirs = chess.pgn.read_game(io.StringIO(text))
    ours = next(pgn.read(io.StringIO(text)))
    their_moves = list(theirs.mainline_moves())
    assert ours.ok == (not theirs.errors)
    assert ours.ply_count == len(their_moves)
    assert ours.uci() == [m.uci() for m in their_moves]
    assert ours.end.fen() == theirs.end().board().fen()
    assert ours.verdict.variant == ("chess960" if theirs.board().chess960 else "standard")
