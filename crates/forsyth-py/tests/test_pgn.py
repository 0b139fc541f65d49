"""pgn.read and pgn.check: every game accounted for, streamed in bounded
memory, the same verdicts from a path, a binary or a text file and on
any number of threads."""

import io

import chess
import chess.pgn
import pytest

from forsyth import Position, pgn
from conftest import pgn_of, random_board


def collection(n, broken_every=5):
    """`n` generated games (standard and Chess960), every
    `broken_every`-th with an illegal move in its middle; and the number
    of plies each replays."""
    texts, plies = [], []
    for i in range(n):
        board = random_board(i, 10 + i % 50)
        text = pgn_of(board, {"Event": f"game {i}"})
        good = len(board.move_stack)
        if i % broken_every == 2 and good > 4:
            # The fifth ply's move becomes a king move to h9: no move.
            moves = text.split("\n\n", 1)[1].split()
            san = [t for t in moves if not t[0].isdigit() and t not in ("*", "1-0", "0-1", "1/2-1/2")]
            text = text.replace(f" {san[4]} ", " Kh9 ", 1) if f" {san[4]} " in text else text
            good = 4 if " Kh9 " in text else good
        texts.append(text)
        plies.append(good)
    return "\n\n".join(texts) + "\n", plies


@pytest.fixture(scope="module")
def games_file(tmp_path_factory):
    text, plies = collection(300)
    path = tmp_path_factory.mktemp("pgn") / "games.pgn"
    path.write_text(text)
    return path, plies


def test_read_every_game(games_file):
    path, plies = games_file
    games = list(pgn.read(path))
    assert [g.number for g in games] == list(range(1, 301))
    assert 40 < sum(not g.ok for g in games) < 80
    assert [g.ply_count for g in games] == plies
    for g, n in zip(games, plies):
        assert g.tags["Event"] == f"game {g.number - 1}"
        assert g.ok == (g.fault is None)
        if not g.ok:
            assert g.fault.move == "Kh9" and g.fault.kind == "invalid_move"


def test_sources_agree(games_file):
    path, _ = games_file
    by_path = [(g.number, g.ok, g.uci()) for g in pgn.read(str(path))]
    with open(path, "rb") as f:
        by_binary = [(g.number, g.ok, g.uci()) for g in pgn.read(f)]
    with open(path, encoding="utf-8") as f:
        by_text = [(g.number, g.ok, g.uci()) for g in pgn.read(f)]
    assert by_path == by_binary == by_text


def test_check_matches_read(games_file):
    path, _ = games_file
    read = [g.verdict for g in pgn.read(path)]
    for threads in (1, 2, 3):
        checked = pgn.check(path, threads=threads)
        assert len(checked) == len(read)
        for a, b in zip(checked, read):
            assert (a.number, a.line, a.ok, a.ply_count, a.final_fen, a.result, a.tags) == \
                (b.number, b.line, b.ok, b.ply_count, b.final_fen, b.result, b.tags)
            assert (a.fault and a.fault.kind) == (b.fault and b.fault.kind)
        assert checked.ok + checked.warned + checked.faulty == len(read)


class CountingFile(io.RawIOBase):
    """A file that makes its text as it is read, and counts the bytes."""

    def __init__(self, games):
        self.games, self.made, self.read_bytes = games, 0, 0
        self.buffer = b""

    def readable(self):
        return True

    def read(self, n=-1):
        while len(self.buffer) < n and self.made < self.games:
            self.buffer += f'[Event "{self.made}"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n'.encode()
            self.made += 1
        chunk, self.buffer = self.buffer[:n], self.buffer[n:]
        self.read_bytes += len(chunk)
        return chunk


def test_read_streams():
    source = CountingFile(200_000)  # about 11 MB of text
    reader = pgn.read(source)
    first = next(reader)
    assert first.tags["Event"] == "0"
    # One game out: no more than a buffer's worth was read.
    assert source.read_bytes <= 1 << 17
    count = 1 + sum(1 for _ in reader)
    assert count == 200_000 and source.made == 200_000


def test_errors_between_games_kept(tmp_path):
    text = "1. e4 *\n)\n\n1. d4 *\n}\n"
    reader = pgn.read(io.StringIO(text))
    assert [g.number for g in reader] == [1, 2]
    assert [(e.kind, e.line) for e in reader.errors] == [("unbalanced_parenthesis", 2), ("stray_brace", 5)]
    path = tmp_path / "strays.pgn"
    path.write_text(text)
    assert [(e.kind, e.line) for e in pgn.check(path, threads=2).errors] == \
        [("unbalanced_parenthesis", 2), ("stray_brace", 5)]


def test_moves_and_positions_agree():
    for seed in range(20):
        board = random_board(seed, 60)
        game = next(pgn.read(io.StringIO(pgn_of(board))))
        assert game.ok
        assert game.uci() == [board.uci(m) for m in board.move_stack]
        positions = game.positions()
        assert len(positions) == len(game.moves) + 1
        for before, move, after in zip(positions, game.moves, positions[1:]):
            assert before.play(move) == after
        assert game.end.fen() == board.fen()
        assert game.start == Position.from_python_chess(board.root())


def test_null_move_and_variations():
    game = next(pgn.read(io.StringIO("1. e4 -- 2. d4 (2. Nf3 Nc6) e5 *")))
    assert game.ok, game.fault
    assert game.moves[1] is None
    assert game.san() == ["e4", "--", "d4", "e5"]
    assert game.uci() == ["e2e4", "0000", "d2d4", "e7e5"]


def test_faulty_game_fields():
    game = next(pgn.read(io.StringIO("[White \"A\"]\n\n1. e4 e5\n2. Ke3 *")))
    f = game.fault
    assert (f.kind, f.move, f.move_number, f.side, f.line, f.column) == \
        ("unreachable", "Ke3", 2, "white", 4, 4)
    assert f.fen == Position().play("e4").play("e5").fen()
    assert game.result == "*" and game.ply_count == 2 and not game.verdict


def test_missing_file():
    with pytest.raises(FileNotFoundError):
        pgn.read("/nonexistent/games.pgn")
    with pytest.raises(FileNotFoundError):
        pgn.check("/nonexistent/games.pgn")


def test_input_errors():
    class Broken:
        def read(self, n):
            raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        next(pgn.read(Broken()))

    class Wrong:
        def read(self, n):
            return 7

    with pytest.raises(TypeError):
        next(pgn.read(Wrong()))
    with pytest.raises(IsADirectoryError):
        next(pgn.read("/"))


@pytest.mark.parametrize("fen,chess960,moves", [
    # En passant, promotions with and without capture, both castlings.
    ("r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1", False,
     ["e5d6", "g2h1n", "b7a8b", "e8g8", "e1c1", "f8f1"]),
    ("8/1P4P1/8/k7/7K/8/1p4p1/8 w - - 0 1", False,
     ["g7g8q", "b2b1r", "b7b8n", "g2g1b"]),
    # Chess960 (castling as the king taking its rook): the king stays on
    # c1 and c8, only the rooks move; the king lands on its rook's square.
    ("r1k5/8/8/8/8/8/8/R1K5 w Aa - 0 1", True, ["c1a1", "c8a8", "d1d2"]),
    ("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", True, ["e1g1", "e8d8"]),
    # The king castles in place; the king and rook swap squares.
    ("4k3/8/8/8/8/8/8/6KR w H - 0 1", True, ["g1h1", "e8d8"]),
    ("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", True, ["f1g1", "e8d8"]),
])
def test_moves_of_special_games(fen, chess960, moves):
    # python-chess plays the moves (parse_uci refuses an illegal one) and
    # writes the PGN; the moves read back are python-chess's.
    board = chess.Board(fen, chess960=chess960)
    sans = []
    for uci in moves:
        move = board.parse_uci(uci)
        sans.append(board.san(move))
        board.push(move)
    game = next(pgn.read(io.StringIO(pgn_of(board))))
    assert game.ok, game.fault and game.fault.kind
    assert game.uci() == [board.uci(m) for m in board.move_stack]
    assert game.san() == sans
    assert game.end.fen() == board.fen()


def test_comments_read_by_many_live_readers():
    """Games with brace comments, each read by its own reader while many
    readers are alive: every one gives python-chess's main line, wherever
    the interpreter placed the reader object."""
    text = '[Event "c"]\n\n1. e4 {a comment\nover two lines} e5 2. Nf3 {x} Nc6 *\n'
    game = chess.pgn.read_game(io.StringIO(text))
    board = game.board()
    expected = [board.fen()]
    for move in game.mainline_moves():
        board.push(move)
        expected.append(board.fen())
    readers = [pgn.read(io.StringIO(text)) for _ in range(64)]
    for reader in readers:
        (read,) = list(reader)
        assert read.ok
        assert [str(p) for p in read.positions()] == expected


def test_file_errors_are_python_s_and_name_the_file(tmp_path):
    # OSError of the error's kind (specs/python.md), its message naming the
    # file at fault, as Python's own open() does.
    missing = tmp_path / "missing.pgn"
    for call in (pgn.read, pgn.check, lambda p: pgn.split(p, tmp_path)):
        with pytest.raises(FileNotFoundError) as e:
            call(missing)
        assert str(missing) in str(e.value)
    games = tmp_path / "games.pgn"
    games.write_text("1. e4 *\n")
    nowhere = tmp_path / "no" / "such" / "directory"
    with pytest.raises(FileNotFoundError) as e:
        pgn.split(games, nowhere)
    assert str(nowhere / "games-00000.pgn") in str(e.value)


def test_check_indexes_and_slices_as_a_list(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text("".join(f'[Round "{i}"]\n\n1. e4 *\n\n' for i in range(7)))
    check = pgn.check(path)
    games = list(check)  # the verdicts as a list: the reference
    assert [v.tags["Round"] for v in games] == [str(i) for i in range(7)]
    numbers = [v.number for v in games]
    for s in (slice(None), slice(2, 5), slice(None, None, -1), slice(-3, None),
              slice(1, None, 3), slice(10, 20), slice(5, 1, -2)):
        assert [v.number for v in check[s]] == numbers[s], s
    for i in range(-7, 7):
        assert check[i].number == numbers[i]
    for i in (7, -8):
        with pytest.raises(IndexError):
            check[i]
    with pytest.raises(TypeError):
        check["1"]


@pytest.mark.parametrize("rounds", [3, 4, 5])
def test_fivefold_repetition_is_judged_as_python_chess_judges_it(rounds, tmp_path):
    """Knights out and back: the start stands again every four plies.
    A claimed win is the result while it has stood fewer than five times
    and a draw from the fifth (specs/pgn.md 4.3), as python-chess's
    outcome of the last position says; the verdict warns of the claim
    then, from a file and through pgn.check alike."""
    moves = " ".join(["Nf3 Nf6 Ng1 Ng8"] * rounds)
    text = f'[Result "1-0"]\n\n{moves} 1-0\n'
    board = chess.pgn.read_game(io.StringIO(text)).end().board()
    outcome = board.outcome()
    expected = outcome.result() if outcome else "1-0"
    assert (outcome is not None) == (rounds >= 4)
    verdict = next(pgn.read(io.StringIO(text))).verdict
    assert verdict.result == expected
    kinds = [w.kind for w in verdict.warnings]
    assert kinds == (["result_contradicted"] if outcome else [])
    if outcome:
        assert "fivefold repetition" in verdict.warnings[0].message
    path = tmp_path / "games.pgn"
    path.write_text(text)
    for threads in (1, 2):
        assert [v.result for v in pgn.check(path, threads=threads)] == [expected]
