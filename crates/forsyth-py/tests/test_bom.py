"""A UTF-8 byte order mark, as specs/fen.md (section 2.1) and specs/pgn.md
say the command line treats it: skipped at the start of an input (a file,
a stream), columns counted from the byte after it; anywhere else a byte
like another, the placement's `bad_placement_byte` at the start of a
record. A single record is no file: one that starts with a byte order mark
is refused at column 1, and the message says what the bytes are."""

import io

import pytest

import forsyth
from forsyth import FenError, Position, pgn

BOM = "\ufeff"
START = forsyth.STARTING_FEN
# An EPD record with an operation, read by convert as the command line reads
# it (its move written as SAN).
EPD = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;"
BAD = "8/8/8/8/8/8/8/8 w X -"  # 'X' is byte 19 of the record


def says_bom(message):
    return "byte order mark" in message


def test_single_record_refused_at_column_one():
    for text in (BOM + START, (BOM + START).encode()):
        report = forsyth.validate(text)
        assert report.valid is False
        [problem] = report.problems
        assert (problem.kind, problem.column, problem.field) == ("bad_placement_byte", 1, "placement")
        assert says_bom(problem.message)
        with pytest.raises(FenError) as e:
            forsyth.convert(text)
        assert (e.value.kind, e.value.column, e.value.line) == ("bad_placement_byte", 1, 1)
        assert says_bom(str(e.value))
    with pytest.raises(FenError) as e:
        Position(BOM + START)
    assert (e.value.kind, e.value.column, e.value.field) == ("bad_placement_byte", 1, "placement")
    assert says_bom(str(e.value))
    # The 10x8 board too.
    with pytest.raises(FenError) as e:
        Position(BOM + Position.capablanca().fen())
    assert (e.value.kind, e.value.column) == ("bad_placement_byte", 1)
    assert says_bom(str(e.value))


@pytest.mark.parametrize("mode", ["r", "rb"])
def test_batches_of_a_file_skip_it_at_the_start(tmp_path, mode):
    lines = [START, EPD, Position.gothic().fen()]
    plain, marked = tmp_path / "plain.fen", tmp_path / "marked.fen"
    plain.write_text("\n".join(lines) + "\n", encoding="utf-8")
    marked.write_text(BOM + "\n".join(lines) + "\n", encoding="utf-8")
    with open(plain, mode) as a, open(marked, mode) as b:
        assert forsyth.convert_many(b) == forsyth.convert_many(a)
    with open(marked, mode) as f:
        assert [r.valid for r in forsyth.validate_many(f)] == [True, True, True]


def test_first_line_columns_count_after_it():
    [err] = forsyth.convert_many([BOM + BAD])
    assert (err.kind, err.line, err.column) == ("bad_castling_byte", 1, BAD.index("X") + 1)
    [report] = forsyth.validate_many([(BOM + BAD).encode()])
    assert [(p.kind, p.column) for p in report.problems] == [("bad_castling_byte", BAD.index("X") + 1)]


def test_elsewhere_it_is_a_placement_byte():
    out = forsyth.convert_many([START, BOM + START])
    assert out[0] == START
    err = out[1]
    assert isinstance(err, FenError)
    assert (err.kind, err.line, err.column) == ("bad_placement_byte", 2, 1)
    assert says_bom(str(err))
    reports = forsyth.validate_many([START, BOM + START])
    assert [p.kind for p in reports[1].problems] == ["bad_placement_byte"]


PGN = '[White "Anna"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n'


def test_pgn_readers_skip_it(tmp_path):
    plain, marked = tmp_path / "plain.pgn", tmp_path / "marked.pgn"
    plain.write_text(PGN, encoding="utf-8")
    marked.write_text(BOM + PGN, encoding="utf-8")

    def seen(games):
        return [(g.tags, g.ok, g.fault and (g.fault.kind, g.fault.line, g.fault.column), g.san())
                for g in games]

    want = seen(pgn.read(plain))
    # The tag is read as the first game's; the fault's column (13 on line
    # 3) does not count the mark.
    assert want[0][0] == {"White": "Anna"} and want[0][2] == ("unreachable", 3, 13)
    sources = [marked, str(marked), io.BytesIO(marked.read_bytes()),
               io.StringIO(marked.read_text(encoding="utf-8")), open(marked, "rb"),
               open(marked, encoding="utf-8")]
    for source in sources:
        reader = pgn.read(source)
        assert seen(reader) == want, source
        assert reader.errors == []
    for threads in (1, 2, 3):
        check = pgn.check(marked, threads=threads)
        assert [(v.tags, v.ok) for v in check] == [(w[0], w[1]) for w in want]
        assert check.errors == []


def test_solve_reads_a_problem_file_with_it(tmp_path):
    # specs/solve.md, Files: `forsyth solve FILE` skips a byte order mark at
    # the start of the text. The text of such a file, as Python reads it,
    # solves as the text without it: a Popeye input and a statement.
    popeye = "beginproblem\npieces white ke6 ra1 black ke8\nstipulation #1\nendproblem\n"
    statement = "4k3/8/4K3/8/8/8/8/R7 w - - 0 1 #1\n"
    for text in (popeye, statement):
        path = tmp_path / "problem.txt"
        path.write_text(BOM + text, encoding="utf-8")
        solution = forsyth.solve(path.read_text(encoding="utf-8"))
        assert [k.move.san() for k in solution.keys] == ["Ra8#"]
        assert str(solution) == str(forsyth.solve(text))
