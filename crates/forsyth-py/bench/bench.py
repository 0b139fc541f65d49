"""forsyth against python-chess, in one process, on the same data.

Not a test: a measurement, for the figures of the README. Run it with the
package and python-chess installed (``pip install ./crates/forsyth-py
chess``), from the repository's root:

    python crates/forsyth-py/bench/bench.py [--runs 3] [--corpus FILE]

What it times (each figure the best run and the range over the runs;
ratios of the best runs, and run by run):

- FEN: parse + full validation + write X-FEN, line by line, on the
  library's benchmark corpus (``crates/forsyth/benches``: 200,000 game
  positions; made with ``FORSYTH_CORPUS_OUT`` unless ``--corpus`` names the
  file), python-chess's ``Board(line, chess960=True)``, ``is_valid()``,
  ``fen()`` against ``forsyth.convert`` per line and ``convert_many`` on 1
  and 2 threads;
- PGN: replay and judge every game, keeping the verdict and the final
  position, python-chess's ``pgn.read_game`` (its ``errors`` and
  ``end().board()``; and, the peer of the ratios, its fastest way to the
  same answers: a ``BoardBuilder`` visitor, no game tree) against
  ``forsyth.pgn.read`` (and with every move as UCI) and ``pgn.check`` on 1
  and 2 threads, on the library's published games repeated and on
  generated games;
- the batch functions' scaling with threads, each with the process's CPU
  time per second of wall time (``time.process_time``: about 1 when one
  thread ran, about 2 when the second one ran too; on a loaded machine a
  ratio of speeds below 2 with a CPU ratio near 2 says the threads ran but
  waited for cores), and the games per second one Dask worker reaches
  (``forsyth.dataset.write_shard`` on one shard).

``--batch-only`` times the batch functions alone (no python-chess, no PGN).

Both libraries are checked to give the same answers before they are timed.
"""

import argparse
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import chess
import chess.pgn

import forsyth
from forsyth import dataset, pgn

REPO = Path(__file__).resolve().parents[3]


def corpus_lines(path):
    if path is None:
        path = Path(tempfile.gettempdir()) / "forsyth-corpus.fen"
        if not path.exists():
            print(f"writing the library's corpus to {path} (cargo bench -p forsyth --bench fen)",
                  file=sys.stderr)
            env = dict(os.environ, FORSYTH_CORPUS_OUT=str(path))
            subprocess.run(["cargo", "bench", "-p", "forsyth", "--bench", "fen"], cwd=REPO,
                           env=env, check=True, stdout=subprocess.DEVNULL)
    return Path(path).read_text().splitlines()


def published_pgn(copies):
    text = (REPO / "crates/forsyth/tests/data/pgn/published.pgn").read_text()
    return (text.rstrip() + "\n\n") * copies


def generated_pgn(games, seed=7):
    """Random legal games (one in ten Chess960) with clock comments, as a
    lichess export writes them; python-chess writes the PGN."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if i % 10 == 0 else chess.Board()
        for _ in range(rng.randrange(20, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Rated blitz game {i}"
        game.headers["White"], game.headers["Black"] = f"player{rng.randrange(999)}", f"player{rng.randrange(999)}"
        node = game
        while node.variations:
            node = node.variations[0]
            node.comment = f"[%clk 0:0{rng.randrange(10)}:{rng.randrange(60):02}]"
        out.append(str(game))
    return "\n\n".join(out) + "\n"


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def timed_cpu(fn):
    """Seconds of wall time and of the process's CPU time (every thread)."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


# --- FEN -------------------------------------------------------------------

def fen_python_chess(lines):
    out = []
    for line in lines:
        board = chess.Board(line, chess960=True)
        if board.is_valid():
            out.append(board.fen())
    return out


def fen_forsyth_calls(lines):
    convert = forsyth.convert
    return [convert(line) for line in lines]


# --- PGN -------------------------------------------------------------------

def pgn_python_chess(text):
    verdicts = []
    f = io.StringIO(text)
    while (game := chess.pgn.read_game(f)) is not None:
        verdicts.append((not game.errors, game.end().board().fen()))
    return verdicts


class FinalBoard(chess.pgn.BoardBuilder):
    """python-chess's fastest way to the same answers: no game tree, the
    main line's final board and whether any error was met."""

    def begin_game(self):
        super().begin_game()
        self.errors = 0

    def handle_error(self, error):
        self.errors += 1

    def result(self):
        return (not self.errors, self.board.fen())


def pgn_python_chess_visitor(text):
    verdicts = []
    f = io.StringIO(text)
    while (verdict := chess.pgn.read_game(f, Visitor=FinalBoard)) is not None:
        verdicts.append(verdict)
    return verdicts


def pgn_forsyth(path):
    return [(g.ok, g.verdict.final_fen) for g in pgn.read(path)]


def pgn_forsyth_moves(path):
    return [(g.ok, g.uci()) for g in pgn.read(path)]


def pgn_check(path, threads):
    return [(v.ok, v.final_fen) for v in pgn.check(path, threads=threads)]


def rng(values):
    """The best run's rate, then the range: on a shared machine the best
    run is the one least disturbed."""
    lo, hi = min(values), max(values)
    return f"{hi:,.0f} ({lo:,.0f} to {hi:,.0f})" if lo != hi else f"{lo:,.0f}"


def ratio(values):
    lo, hi = min(values), max(values)
    return f"{lo:.1f}x to {hi:.1f}x"


def best_ratio(values, peers):
    """The ratio of the best runs, then the range of the ratios run by
    run."""
    return f"{max(values) / max(peers):.1f}x ({ratio([a / b for a, b in zip(values, peers)])})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--corpus", type=Path, help="the corpus's X-FEN lines (default: made)")
    parser.add_argument("--fen-lines", type=int, default=50_000,
                        help="lines of the corpus both libraries convert (all for the batches)")
    parser.add_argument("--batch-only", action="store_true",
                        help="only the batch functions on 1 and 2 threads")
    args = parser.parse_args()

    load_at_start = f"{os.getloadavg()[0]:.1f}"
    lines = corpus_lines(args.corpus)
    if args.batch_only:
        batch_rows(lines, args.runs)
        print(f"forsyth {forsyth.__version__}, Python {sys.version.split()[0]}, "
              f"{os.cpu_count()} cores, {args.runs} runs, load average {load_at_start} at the "
              f"start, {os.getloadavg()[0]:.1f} at the end")
        return
    head = lines[: args.fen_lines]
    # The same answers first: every line valid, the same text.
    assert fen_python_chess(head[:5000]) == fen_forsyth_calls(head[:5000])

    tmp = Path(tempfile.mkdtemp())
    collections = {
        "published games x1000": published_pgn(1000),
        "generated games": generated_pgn(3000),
    }
    paths = {}
    for name, text in collections.items():
        path = tmp / (name.split()[0] + ".pgn")
        path.write_text(text)
        paths[name] = path
        answers = [(ok, fen) for ok, fen in pgn_forsyth(path)]
        assert pgn_python_chess(text) == answers == pgn_python_chess_visitor(text), name

    rows = []
    fen = {k: [] for k in ("pc", "calls", "many1", "many2", "all1", "all2", "val1", "val2")}
    for _ in range(args.runs):
        fen["pc"].append(len(head) / timed(lambda: fen_python_chess(head))[0])
        fen["calls"].append(len(head) / timed(lambda: fen_forsyth_calls(head))[0])
        fen["many1"].append(len(head) / timed(lambda: forsyth.convert_many(head, threads=1))[0])
        fen["many2"].append(len(head) / timed(lambda: forsyth.convert_many(head, threads=2))[0])
        fen["all1"].append(len(lines) / timed(lambda: forsyth.convert_many(lines, threads=1))[0])
        fen["all2"].append(len(lines) / timed(lambda: forsyth.convert_many(lines, threads=2))[0])
        fen["val1"].append(len(lines) / timed(lambda: forsyth.validate_many(lines, threads=1))[0])
        fen["val2"].append(len(lines) / timed(lambda: forsyth.validate_many(lines, threads=2))[0])
    pc = fen["pc"]
    rows.append(("FEN parse + validate + write, python-chess", rng(pc), ""))
    for key, what in [("calls", "forsyth.convert, a call per line"),
                      ("many1", "forsyth.convert_many, 1 thread"),
                      ("many2", "forsyth.convert_many, 2 threads")]:
        rows.append((what, rng(fen[key]), best_ratio(fen[key], pc)))
    rows.append((f"convert_many, all {len(lines):,} lines, 1 thread", rng(fen["all1"]), ""))
    rows.append((f"convert_many, all {len(lines):,} lines, 2 threads", rng(fen["all2"]),
                 best_ratio(fen["all2"], fen["all1"]) + " of 1 thread"))
    rows.append(("validate_many, 1 thread", rng(fen["val1"]), ""))
    rows.append(("validate_many, 2 threads", rng(fen["val2"]),
                 best_ratio(fen["val2"], fen["val1"]) + " of 1 thread"))

    for name, path in paths.items():
        text = collections[name]
        n = len(pgn_forsyth(path))
        t = {k: [] for k in ("tree", "pc", "read", "moves", "check1", "check2")}
        for _ in range(args.runs):
            t["tree"].append(n / timed(lambda: pgn_python_chess(text))[0])
            t["pc"].append(n / timed(lambda: pgn_python_chess_visitor(text))[0])
            t["read"].append(n / timed(lambda: pgn_forsyth(path))[0])
            t["moves"].append(n / timed(lambda: pgn_forsyth_moves(path))[0])
            t["check1"].append(n / timed(lambda: pgn_check(path, 1))[0])
            t["check2"].append(n / timed(lambda: pgn_check(path, 2))[0])
        rows.append((f"PGN replay ({name}, {n:,} games), python-chess read_game, games/s",
                     rng(t["tree"]), ""))
        rows.append(("python-chess read_game with a BoardBuilder (no game tree): the peer",
                     rng(t["pc"]), ""))
        for key, what in [("read", "forsyth.pgn.read: verdict and final position"),
                          ("moves", "forsyth.pgn.read and every move as UCI"),
                          ("check1", "forsyth.pgn.check, 1 thread"),
                          ("check2", "forsyth.pgn.check, 2 threads")]:
            rows.append((what, rng(t[key]), best_ratio(t[key], t["pc"])))

    # One Dask worker: the task it runs on one shard of generated games.
    shard = paths["generated games"]
    n = len(pgn_forsyth(shard))
    worker = [n / timed(lambda: dataset.write_shard(shard, tmp))[0] for _ in range(args.runs)]
    rows.append((f"one Dask worker's task (dataset.write_shard, {n:,} generated games), games/s",
                 rng(worker), ""))

    print(f"forsyth {forsyth.__version__}, python-chess {chess.__version__}, "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.runs} runs, "
          f"load average {load_at_start} at the start, {os.getloadavg()[0]:.1f} at the end")
    print("| work | per second: best run (range) | ratio: best runs (run by run) |")
    print("| --- | --- | --- |")
    for what, value, r in rows:
        print(f"| {what} | {value} | {r} |")


def batch_rows(lines, runs):
    """convert_many and validate_many on every line, 1 and 2 threads,
    interleaved run by run: lines per second and CPU seconds per wall
    second."""
    work = {
        "convert_many": lambda threads: forsyth.convert_many(lines, threads=threads),
        "validate_many": lambda threads: forsyth.validate_many(lines, threads=threads),
    }
    print(f"| work ({len(lines):,} lines) | threads | lines/s: best run (range) | "
          "CPU s per wall s (run by run) | speed of 2 threads / 1 thread, best runs |")
    print("| --- | --- | --- | --- | --- |")
    for name, fn in work.items():
        rates = {1: [], 2: []}
        cpu = {1: [], 2: []}
        for _ in range(runs):
            for threads in (1, 2):
                wall, used = timed_cpu(lambda: fn(threads))
                rates[threads].append(len(lines) / wall)
                cpu[threads].append(used / wall)
        for threads in (1, 2):
            gain = best_ratio(rates[2], rates[1]) if threads == 2 else ""
            print(f"| {name} | {threads} | {rng(rates[threads])} | "
                  f"{', '.join(f'{c:.2f}' for c in cpu[threads])} | {gain} |")


if __name__ == "__main__":
    main()
