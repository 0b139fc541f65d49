"""The Dask recipe on a real LocalCluster with two worker processes:
generated shards replayed on the workers into one Parquet dataset, a row
per game, the same rows as a single process finds, every game there."""

import os

import pyarrow.dataset as ds
import pytest

from forsyth import dataset, pgn
from conftest import pgn_of, random_board

distributed = pytest.importorskip("distributed")

SHARDS, GAMES = 4, 120


def make_shards(directory):
    """SHARDS files of GAMES generated games each (standard and Chess960),
    one in six with an illegal move at its sixth ply; returns the paths and
    how many games are broken."""
    paths, broken = [], 0
    for s in range(SHARDS):
        texts = []
        for g in range(GAMES):
            board = random_board(s * 1000 + g, 8 + g % 70)
            text = pgn_of(board, {"Event": f"shard {s} game {g + 1}"})
            if g % 6 == 5 and len(board.move_stack) > 6:
                head, moves = text.split("\n\n", 1)
                words = moves.split()
                # Word 8 is the sixth ply's move ("1. a b 2. c d 3. e f").
                words[8] = "Kh9"
                text = head + "\n\n" + " ".join(words)
                broken += 1
            texts.append(text)
        path = os.path.join(directory, f"shard{s}.pgn")
        with open(path, "w") as f:
            f.write("\n\n".join(texts) + "\n")
        paths.append(path)
    return paths, broken


def key(row):
    tags = row["tags"]
    return (row["shard"], row["game"], row["line"], tuple(sorted(dict(tags).items())),
            row["verdict"], row["fault_kind"], row["fault_line"], row["fault_move"],
            row["ply_count"], row["final_fen"])


def test_local_cluster_two_workers(tmp_path):
    shards, broken = make_shards(tmp_path)
    single = [r for s in shards for r in dataset.rows(s)]
    assert len(single) == SHARDS * GAMES
    assert sum(r["verdict"] == "fault" for r in single) == broken > 0

    out = tmp_path / "dataset"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        counts = dataset.run_dask(client, shards, out)
        # Both worker processes did some of the work.
        ran = client.run(os.getpid)
        assert len(set(ran.values())) == 2

    assert counts["games"] == SHARDS * GAMES
    assert counts["fault"] == broken
    assert counts["ok"] + counts["warnings"] + counts["fault"] == counts["games"]
    assert len(counts["files"]) == SHARDS

    table = ds.dataset(str(out), format="parquet").to_table()
    assert table.schema.equals(dataset.schema())
    assert table.num_rows == SHARDS * GAMES
    got = sorted(key(r) for r in table.to_pylist())
    assert got == sorted(key(r) for r in single)
    # Every game of every shard is there once, numbered from 1.
    numbers = {(r["shard"], r["game"]) for r in table.to_pylist()}
    assert numbers == {(f"shard{s}.pgn", g) for s in range(SHARDS) for g in range(1, GAMES + 1)}


def test_split_accounts_for_every_game(tmp_path):
    shards, _ = make_shards(tmp_path)
    whole = tmp_path / "whole.pgn"
    whole.write_bytes(b"".join(open(s, "rb").read() for s in shards) + b"\n)\n")
    parts_dir = tmp_path / "parts"
    parts_dir.mkdir()
    parts = pgn.split(whole, parts_dir, games=50)
    assert len(parts) == (SHARDS * GAMES + 49) // 50
    # Byte for byte, nothing lost: the stray ')' after the last game too.
    assert b"".join(p.read_bytes() for p in parts) == whole.read_bytes()
    assert [len(pgn.check(p)) for p in parts[:-1]] == [50] * (len(parts) - 1)
    assert sum(len(pgn.check(p)) for p in parts) == SHARDS * GAMES
    assert [e.kind for e in pgn.check(parts[-1]).errors] == ["unbalanced_parenthesis"]
