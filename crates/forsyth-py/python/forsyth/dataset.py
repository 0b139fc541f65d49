"""A PGN collection as one Parquet dataset, a row per game, on as many
machines as a distributed engine gives: the collection is split into
shards of whole games (:func:`forsyth.pgn.split`), each shard is replayed
where it lands (:func:`rows`, a plain function of a path), and each shard's
rows become one file of the dataset (:func:`write_shard`). :func:`run_dask`
does it on a ``dask.distributed`` cluster; the same :func:`rows` runs in a
Spark ``mapPartitions`` (``specs/python.md``).

Every game read is a row, faulty or not: ``shard`` (the shard's file name),
``game`` (its number in the shard, from 1), ``line``, ``tags`` (a map),
``variant``, ``verdict`` (``"ok"``, ``"warnings"`` or ``"fault"``),
``result``, ``fault_kind``, ``fault_line``, ``fault_column``, ``fault_move``,
``fault_move_number``, ``fault_side``, ``fault_fen`` (the position of the
fault), ``warnings`` (their kinds), ``ply_count`` and ``final_fen``.

pyarrow (for Parquet) and dask are imported only by the functions that use
them; forsyth depends on neither.

>>> import io, os, tempfile
>>> from forsyth import dataset
>>> d = tempfile.mkdtemp()
>>> with open(os.path.join(d, "a.pgn"), "w") as f:
...     _ = f.write('[White "Anna"]\\n1. e4 e5 *\\n\\n1. d4 Nf6 2. Ng5 *\\n')
>>> [(r["game"], r["verdict"], r["fault_kind"], r["ply_count"]) for r in dataset.rows(os.path.join(d, "a.pgn"))]
[(1, 'ok', None, 2), (2, 'fault', 'unreachable', 2)]
"""

import os
from typing import Any, Iterable, Union

from forsyth import pgn

Path = Union[str, "os.PathLike[str]"]

__all__ = ["rows", "schema", "table", "write_shard", "run_dask"]


def rows(shard: Path) -> "list[dict[str, Any]]":
    """The rows of every game of one PGN shard (a path), in order: a list
    of dicts with the dataset's columns. Runs anywhere forsyth is
    installed: a Dask task, a Spark partition, a plain loop.

    >>> import os, tempfile
    >>> from forsyth import dataset
    >>> path = os.path.join(tempfile.mkdtemp(), "s.pgn")
    >>> with open(path, "w") as f:
    ...     _ = f.write("1. e4 e5 2. Ke3 *\\n")
    >>> r = dataset.rows(path)[0]
    >>> r["shard"], r["verdict"], r["fault_move"], r["fault_line"], r["fault_column"]
    ('s.pgn', 'fault', 'Ke3', 1, 13)
    """
    name = os.path.basename(os.fspath(shard))
    out = []
    for game in pgn.read(shard):
        v = game.verdict
        fault = v.fault
        warnings = [w.kind for w in v.warnings]
        out.append({
            "shard": name,
            "game": v.number,
            "line": v.line,
            "tags": list(v.tags.items()),
            "variant": v.variant,
            "verdict": "fault" if fault else ("warnings" if warnings else "ok"),
            "result": v.result,
            "fault_kind": fault.kind if fault else None,
            "fault_line": fault.line if fault else None,
            "fault_column": fault.column if fault else None,
            "fault_move": fault.move if fault else None,
            "fault_move_number": fault.move_number if fault else None,
            "fault_side": fault.side if fault else None,
            "fault_fen": fault.fen if fault else None,
            "warnings": warnings,
            "ply_count": v.ply_count,
            "final_fen": v.final_fen,
        })
    return out


def schema() -> Any:
    """The dataset's Arrow schema (needs pyarrow).

    >>> from forsyth import dataset
    >>> dataset.schema().field("tags").type
    MapType(map<string, string>)
    """
    import pyarrow as pa  # type: ignore[import-untyped]

    text, number = pa.string(), pa.int64()
    return pa.schema([
        ("shard", text), ("game", number), ("line", number),
        ("tags", pa.map_(text, text)), ("variant", text), ("verdict", text),
        ("result", text), ("fault_kind", text), ("fault_line", number),
        ("fault_column", number), ("fault_move", text), ("fault_move_number", number),
        ("fault_side", text), ("fault_fen", text), ("warnings", pa.list_(text)),
        ("ply_count", number), ("final_fen", text),
    ])


def table(shard_rows: "list[dict[str, Any]]") -> Any:
    """Rows as an Arrow table of :func:`schema` (needs pyarrow).

    >>> from forsyth import dataset
    >>> dataset.table([]).num_rows
    0
    """
    import pyarrow as pa

    return pa.Table.from_pylist(shard_rows, schema=schema())


def write_shard(shard: Path, directory: Path) -> "dict[str, Any]":
    """Replays one shard and writes its rows as ``directory/SHARD.parquet``
    (needs pyarrow); returns the counts of its games by verdict, and the
    file written. The task a worker runs.

    >>> import os, tempfile
    >>> from forsyth import dataset
    >>> d = tempfile.mkdtemp()
    >>> path = os.path.join(d, "s.pgn")
    >>> with open(path, "w") as f:
    ...     _ = f.write("1. e4 e5 *\\n\\n1. e4 e5 2. Ke3 *\\n")
    >>> counts = dataset.write_shard(path, d)
    >>> counts["games"], counts["ok"], counts["fault"]
    (2, 1, 1)
    """
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    shard_rows = rows(shard)
    name = os.path.splitext(os.path.basename(os.fspath(shard)))[0]
    out = os.path.join(os.fspath(directory), name + ".parquet")
    pq.write_table(table(shard_rows), out)
    counts: "dict[str, Any]" = {"games": len(shard_rows), "ok": 0, "warnings": 0, "fault": 0, "file": out}
    for r in shard_rows:
        counts[r["verdict"]] += 1
    return counts


def run_dask(client: Any, shards: Iterable[Path], directory: Path) -> "dict[str, Any]":
    """Every shard replayed on the workers of a ``dask.distributed``
    ``client``, a task per shard, each writing its part of the one Parquet
    dataset in ``directory`` (a folder every worker can write to: local on
    a ``LocalCluster``, shared storage on a real cluster). Returns the
    summed counts (``games``, ``ok``, ``warnings``, ``fault``) and
    ``files``, one per shard.

    >>> from forsyth import dataset
    >>> callable(dataset.run_dask)
    True
    """
    os.makedirs(directory, exist_ok=True)
    futures = client.map(write_shard, [os.fspath(s) for s in shards],
                         directory=os.fspath(directory), pure=False)
    done = client.gather(futures)
    total: "dict[str, Any]" = {"games": 0, "ok": 0, "warnings": 0, "fault": 0, "files": []}
    for counts in done:
        for key in ("games", "ok", "warnings", "fault"):
            total[key] += counts[key]
        total["files"].append(counts["file"])
    return total
