"""validate, convert and their batch forms: the kinds of
specs/validation.md, results in input order, one per line, errors as
values, the interpreter free while the threads work."""

import re
import threading
import time

import pytest

import forsyth
from forsyth import FenError, Position
from conftest import random_board, variant_of


def spec_examples(repo):
    """(kind, fails/passes, variant, record) from the tables of
    specs/validation.md."""
    kind = None
    for line in (repo / "specs" / "validation.md").read_text().splitlines():
        heading = re.match(r"### `(\w+)` \((error|warning)\)", line)
        if heading:
            kind = heading.group(1)
            continue
        row = re.match(r"\| (fails|passes) \| (\w+) \| `([^`]*)` \|", line)
        if row and kind:
            yield kind, row.group(1), row.group(2), row.group(3)


def test_validation_spec_examples(repo):
    examples = list(spec_examples(repo))
    assert len(examples) > 60
    for kind, verdict, variant, record in examples:
        report = forsyth.validate(record, variant=variant)
        kinds = [p.kind for p in report.problems]
        if verdict == "fails":
            assert kind in kinds, (record, kinds)
        else:
            assert kinds == [] and report.valid, (record, kinds)


def test_report_fields():
    record = "4k3/8/8/8/8/8/8/4K2R w KQ e3 5 0"
    report = forsyth.validate(record)
    assert not report and report.valid is False and report.variant == "standard"
    columns = [p.column for p in report.problems]
    assert columns == sorted(columns)
    ep = [p for p in report.problems if p.kind == "en_passant_wrong_rank"][0]
    assert ep.column == record.index("e3") + 1 and ep.field == "en_passant"
    assert {p.severity for p in report.problems} == {"error", "warning"}
    assert Position(report.repaired).fen() == report.repaired
    assert len(report.repairs) == 4
    # Syntax errors are problems too.
    bad = forsyth.validate("8/8/8/8/8/8/8/9 w - - 0 1")
    assert bad.valid is False and bad.variant is None
    assert bad.problems[0].field == "placement"
    # A blank line has no verdict.
    assert forsyth.validate("  ").valid is None


def test_strict_counts_warnings():
    record = "4k3/8/8/8/8/8/8/4K3 w - - 200 1"
    assert forsyth.validate(record).valid
    strict = forsyth.validate(record, strict=True)
    assert strict.valid is False and strict.problems[0].severity == "error"


def test_convert_matches_position_writer():
    for seed in range(60):
        board = random_board(seed, seed)
        fen = board.fen()
        for castling in ("xfen", "shredder"):
            expected = Position(fen, variant_of(board)).fen(castling=castling)
            assert forsyth.convert(fen, castling=castling, variant=variant_of(board)) == expected


def test_convert_errors():
    with pytest.raises(FenError) as e:
        forsyth.convert("4k3/8/8/8/8/8/8/4K3 w - e6")
    assert e.value.field == "en_passant" and e.value.line == 1
    # Without validation, an illegal position still converts.
    assert forsyth.convert("8/8/8/8/8/8/8/8 w - -", validate=False) == "8/8/8/8/8/8/8/8 w - - 0 1"
    # EPD: operations kept, moves written as SAN.
    epd = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e2e4; id "x";'
    assert forsyth.convert(epd, castling="shredder") == \
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - bm e4; id "x";'
    with pytest.raises(FenError) as e:
        forsyth.convert('4k3/8/8/8/8/8/8/4K3 w - - bm Qh5;')
    assert e.value.field == "operation"


def mixed_lines(n):
    """Generated records, one in seven broken in a different way."""
    lines = []
    for i in range(n):
        fen = random_board(i, i % 40).fen()
        if i % 7 == 3:
            fen = fen.replace("/", "/9", 1)
        elif i % 7 == 5:
            fen = ""
        elif i % 7 == 6:
            fen = "8/8/8/8/8/8/8/8 w - -"
        lines.append(fen)
    return lines


def test_convert_many_order_and_errors():
    lines = mixed_lines(3000)
    one = forsyth.convert_many(lines, castling="shredder", threads=1)
    many = forsyth.convert_many(lines, castling="shredder", threads=4)
    assert len(one) == len(many) == len(lines)
    for i, (line, a, b) in enumerate(zip(lines, one, many)):
        try:
            expected = forsyth.convert(line, castling="shredder")
        except FenError as e:
            expected = e
        if isinstance(expected, FenError):
            for got in (a, b):
                assert isinstance(got, FenError) and got.line == i + 1
                assert (got.kind, got.column, got.field) == \
                    (expected.kind, expected.column, expected.field)
        else:
            assert a == b == expected


def test_batch_inputs():
    start = Position().fen()
    gen = (line for line in [start, start])
    assert forsyth.convert_many(gen) == [start, start]
    assert forsyth.convert_many([start.encode(), start + "\n"]) == [start, start]
    reports = forsyth.validate_many([start, "", "8/8/8/8/8/8/8/8 w - -"], threads=2)
    assert [r.valid for r in reports] == [True, None, False]


def test_validate_many_matches_validate():
    lines = mixed_lines(2000)
    for line, report in zip(lines, forsyth.validate_many(lines, threads=3)):
        single = forsyth.validate(line)
        assert (report.valid, report.variant, report.problems) == \
            (single.valid, single.variant, single.problems)


def long_calls(tmp_path):
    """Calls that last a while, each of a function that frees the
    interpreter."""
    lines = [Position.chess960(i % 960).play("e4").fen() for i in range(200_000)]
    games = tmp_path / "games.pgn"
    games.write_text("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n" * 60_000)
    return {
        "convert_many": lambda: forsyth.convert_many(lines, threads=2),
        "validate_many": lambda: forsyth.validate_many(lines, threads=2),
        "pgn.check": lambda: forsyth.pgn.check(games, threads=2),
        "perft": lambda: Position().perft(perft_depth()),
    }


def perft_depth():
    """A depth whose count lasts a good part of a second on this machine
    and build: the first that takes a tenth of a second."""
    for depth in range(4, 7):
        start = time.monotonic()
        Position().perft(depth)
        if time.monotonic() - start > 0.1:
            return depth
    return 7


@pytest.mark.parametrize("name", ["convert_many", "validate_many", "pgn.check", "perft"])
def test_batches_free_the_interpreter(name, tmp_path):
    call = long_calls(tmp_path)[name]
    span = []

    def work():
        start = time.monotonic()
        call()
        span.extend([start, time.monotonic()])

    ticks = []
    worker = threading.Thread(target=work)
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
    worker.join()
    start, end = span
    assert end - start > 0.05
    # Held for the whole call, the interpreter could not run this loop
    # until the call returned (it switches threads between bytecodes,
    # never inside the call): one gap as long as the call. Freed, the loop
    # runs while the threads work; it waits only while the input is copied
    # and the results are made, each a part of the call.
    inside = [t for t in ticks if start < t < end]
    assert len(inside) > 100
    points = [start, *inside, end]
    longest = max(b - a for a, b in zip(points, points[1:]))
    assert longest < 0.8 * (end - start)


def test_batch_items_of_every_shape():
    # str and bytes items, a newline kept from a file, a NUL, a newline
    # inside an item, an empty item: one result per item, each what the
    # one-record call gives.
    good = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    items = [good, good.encode(), good + "\n", "4k3\0/8", good + "\n" + good, "", good]
    for batch in (items, [i for i in items if isinstance(i, str)], iter(items)):
        batch = list(batch)
        out = forsyth.convert_many(iter(batch), castling="shredder")
        assert len(out) == len(batch)
        for i, (item, got) in enumerate(zip(batch, out)):
            try:
                expected = forsyth.convert(item, castling="shredder")
            except FenError as e:
                assert isinstance(got, FenError) and got.line == i + 1
                assert (got.kind, got.column, str(got)) == (e.kind, e.column, str(e))
            else:
                assert got == expected
        reports = forsyth.validate_many(batch)
        assert [r.valid for r in reports] == [forsyth.validate(i).valid for i in batch]
    with pytest.raises(TypeError):
        forsyth.convert_many([good, 1])


def test_validate_many_reports_are_the_one_record_reports():
    # Clean reports may be one shared object: each must still say what
    # validate() says of its own line.
    lines = ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
             "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1",
             "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"] * 300
    for strict in (False, True):
        for got, line in zip(forsyth.validate_many(lines, strict=strict, threads=2), lines):
            want = forsyth.validate(line, strict=strict)
            assert (got.valid, got.variant, got.problems, got.repaired, got.repairs) == (
                want.valid, want.variant, want.problems, want.repaired, want.repairs), line
