"""The 10x8 board (Capablanca chess, Gothic chess, Capablanca Random Chess)
through the one Position class: perft against Fairy-Stockfish's counts
(crates/forsyth/tests/data/capablanca.perft) and the published start
counts, moves that read back as themselves, the starts of specs/crc.md, and
validate/convert/convert_many on 10x8 lines."""

import pickle

import pytest

import forsyth
from forsyth import FenError, MoveError, Position

CAPABLANCA = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
GOTHIC = "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1"


def recorded(repo):
    """{id, variant, record, counts: [(depth, count)]} of Fairy-Stockfish's
    file, in its order."""
    entries = []
    for line in (repo / "crates/forsyth/tests/data/capablanca.perft").read_text().splitlines():
        word, _, rest = line.partition(" ")
        if word == "id":
            entries.append({"id": rest, "counts": []})
        elif word == "variant":
            entries[-1]["variant"] = rest
        elif word == "epd":
            entries[-1]["record"] = rest
        elif word == "perft":
            depth, count = rest.split()
            entries[-1]["counts"].append((int(depth), int(count)))
    return entries


@pytest.fixture
def positions(repo):
    entries = recorded(repo)
    assert len(entries) == 105
    return entries


def test_published_start_counts():
    # Capablanca chess and Gothic chess, depths 1 to 4 (the published
    # figures; depth 4 of both is also in the Fairy-Stockfish file).
    assert [Position.capablanca().perft(d) for d in (1, 2, 3)] == [28, 784, 25_228]
    assert [Position.gothic().perft(d) for d in (1, 2, 3)] == [28, 784, 25_283]
    assert Position(CAPABLANCA).perft(4) == 805_128
    assert Position(GOTHIC, variant="gothic").perft(4) == 808_984


def test_fairy_stockfish_counts(positions):
    checked = 0
    for entry in positions:
        pos = Position(entry["record"], variant=entry["variant"])
        assert pos.variant == entry["variant"]
        for depth, count in entry["counts"]:
            assert pos.perft(depth) == count, (entry["id"], depth)
            checked += 1
    assert checked == sum(len(e["counts"]) for e in positions) > 300


def test_auto_reads_ten_files(positions):
    # Auto: ten squares a rank is the 10x8 board; castling letters decide
    # Capablanca's rule (Gothic castles the same way) or CRC's.
    for entry in positions:
        pos = Position(entry["record"])
        expected = "capablanca" if entry["variant"] == "gothic" else entry["variant"]
        if entry["variant"] == "crc" and pos.variant == "capablanca":
            # A CRC position whose castling fits Capablanca's rule too.
            expected = "capablanca"
        assert pos.variant == expected, entry["id"]
        assert pos.perft(1) == entry["counts"][0][1]


def test_moves_read_back_as_themselves(positions):
    for entry in positions[::3]:
        pos = Position(entry["record"], variant=entry["variant"])
        moves = pos.legal_moves()
        assert len(moves) == entry["counts"][0][1]
        assert sum(pos.divide(1).values()) == len(moves)
        for m in moves:
            assert pos.parse_move(m.san()) == m, (entry["id"], m)
            assert pos.parse_move(m.uci()) == m
            assert pos.parse_move(m.uci(), notation="uci") == m
            after = pos.play(m)
            san = m.san()
            assert san.endswith("#") == after.is_checkmate()
            assert san.endswith(("+", "#")) == after.is_check()
            if m.piece in "AC" and not m.is_castling:
                assert san[0] == m.piece
            if m.promotion:
                assert san.split("=")[1][0] == m.promotion.upper()
            assert after == Position(after.fen(ep="always"), variant=after.variant)


def test_compound_pieces_in_san_and_uci():
    pos = Position.capablanca()
    assert sorted(m.san() for m in pos.legal_moves() if m.piece in "AC") == [
        "Ab3", "Ad3", "Cg3", "Ci3"]
    after = pos.play("Ci3")
    assert after.piece_at("i3") == "C" and after.piece_at("h1") is None
    assert pos.parse_move("Ci3").uci() == "h1i3"
    # A pawn becomes an archbishop: written with A in SAN, a in UCI.
    promo = Position("4k5/A9/10/10/10/10/p9/4K5 b - - 0 1")
    moves = {m.san().rstrip("+#"): m for m in promo.legal_moves() if m.promotion}
    assert set(moves) == {"a1=Q", "a1=R", "a1=B", "a1=N", "a1=A", "a1=C"}
    # The rook, queen and chancellor on a1 give check along the first rank.
    assert sorted(m.san() for m in moves.values() if m.san().endswith("+")) == [
        "a1=C+", "a1=Q+", "a1=R+"]
    assert moves["a1=A"].uci() == "a2a1a" and moves["a1=C"].promotion == "c"


def test_castling_conventions():
    # Capablanca chess: the king goes from f to i, the rook from j to h;
    # UCI writes the king's step (f1i1) or king takes rook (f1j1), CRC the
    # latter by default, as Chess960 does.
    record = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"
    capa = Position(record)
    castle = capa.parse_move("O-O")
    assert castle.is_castling
    assert (castle.uci(), castle.uci(castling="chess960")) == ("f1i1", "f1j1")
    after = capa.play(castle)
    assert (after.piece_at("i1"), after.piece_at("h1")) == ("K", "R")
    crc = Position(record, variant="crc")
    assert crc.variant == "crc" and crc.parse_move("O-O").uci() == "f1j1"
    assert crc.play("f1j1") == Position("r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1",
                                        variant="crc")
    assert capa.fen(castling="shredder") == "r4k3r/10/10/10/10/10/10/R4K3R w AJaj - 0 1"


def test_crc_starts_of_the_spec(repo):
    text = (repo / "specs/crc.md").read_text()
    block = text.split("```crc-numbers\n")[1].split("```")[0]
    rows = [line.split() for line in block.strip().splitlines()]
    assert len(rows) >= 9
    for number, back in rows:
        pos = Position.crc(int(number))
        assert pos.variant == "crc"
        assert pos.board == f"{back.lower()}/{'p' * 10}/10/10/10/10/{'P' * 10}/{back}"
        assert pos.crc_number() == int(number)
    assert Position.capablanca().play("e4").crc_number() is None
    assert Position().crc_number() is None and Position.capablanca().chess960_number() is None
    with pytest.raises(ValueError):
        Position.crc(12_118)


def test_values_across_boards():
    capa, gothic = Position.capablanca(), Position.gothic()
    assert capa != Position() and capa != gothic
    assert capa == Position(CAPABLANCA) and hash(capa) == hash(Position(CAPABLANCA))
    # Clocks do not count, as on the 8x8 board.
    assert capa == Position(CAPABLANCA.replace("0 1", "7 30"))
    assert len({capa, Position(CAPABLANCA), gothic}) == 2
    for pos in (capa, gothic, Position.crc(77).play("e4")):
        assert pickle.loads(pickle.dumps(pos)) == pos
        assert eval(repr(pos), {"Position": Position}) == pos
        assert str(pos) == pos.fen()
    assert gothic.variant == "gothic" and repr(gothic).endswith("variant='gothic')")
    with pytest.raises(ValueError, match="other board"):
        capa.play(Position().legal_moves()[0])
    with pytest.raises(ValueError, match="8x8"):
        capa.to_python_chess()


def test_en_passant_modes():
    pos = Position.gothic()
    for m in ["e4", "a6", "e5", "d5"]:
        pos = pos.play(m)
    # A white pawn on e5 beside d5: a legal capture, written in every mode.
    assert pos.ep_square == "d6"
    assert all(" d6 " in pos.fen(ep=ep) for ep in ("legal", "pseudo", "always"))
    quiet = Position.gothic().play("e4")
    assert " e3 " in quiet.fen(ep="always")
    assert " - " in quiet.fen(ep="legal") and " - " in quiet.fen(ep="pseudo")
    # A pawn beside it whose capture would leave its king in check (the
    # rook on j5 behind both pawns): "pseudo" and "always" write the
    # square, "legal" does not.
    pinned = Position("4k5/4p5/10/1K1P5r/10/10/10/10 b - - 0 1").play("e5")
    assert pinned.ep_square == "e6"
    assert [pinned.fen(ep=ep).split()[3] for ep in ("legal", "pseudo", "always")] == [
        "-", "e6", "e6"]


def test_errors_name_their_place():
    with pytest.raises(FenError) as e:
        Position(CAPABLANCA.replace("RNABQKBCNR", "RNABQKBCN"))
    assert (e.value.line, e.value.column, e.value.field, e.value.kind) == (
        # The column where the short rank ends.
        1, CAPABLANCA.index("RNABQKBCNR") + len("RNABQKBCN") + 1, "placement", "rank_too_short")
    with pytest.raises(FenError) as e:
        Position(CAPABLANCA.replace("KQkq", "KQkX"))
    assert e.value.kind == "bad_castling_byte" and e.value.column == CAPABLANCA.index("KQkq") + 4
    with pytest.raises(FenError) as e:
        Position("10/10/10/10/10/10/10/10 w - - 0 1")
    assert e.value.kind == "empty_board" and [p.kind for p in e.value.problems] == ["empty_board"]
    with pytest.raises(FenError) as e:
        Position.crc(0).fen(castling="standard")
    assert e.value.field == "castling"
    with pytest.raises(MoveError) as e:
        Position.capablanca().play("Ae4")
    assert e.value.field == "move" and e.value.kind
    with pytest.raises(ValueError, match="variant"):
        Position(CAPABLANCA, variant="janus")


def test_variant_names_and_aliases():
    for name in ("crc", "caparandom", "capablanca-random"):
        assert Position(CAPABLANCA, variant=name).variant == "crc"
    assert Position(CAPABLANCA, variant="gothic").variant == "gothic"
    # The 8x8 names read 8x8 records only.
    with pytest.raises(FenError):
        Position(CAPABLANCA, variant="standard")


def test_svg_draws_ten_files():
    svg = Position.capablanca().svg()
    assert svg.count('<use href="#forsyth-wA"') == 1 and svg.count('<use href="#forsyth-bC"') == 1
    assert svg.count('<use href="#forsyth-wP"') == 10
    assert Position.gothic()._repr_svg_() == Position.gothic().svg()


def test_validate_and_convert_ten_files():
    report = forsyth.validate(CAPABLANCA)
    assert report.valid and report.variant == "capablanca" and report.problems == []
    crc = "rbqnkcnbar/pppppppppp/10/10/10/10/PPPPPPPPPP/RBQNKCNBAR w JAja - 0 1"
    assert forsyth.validate(crc).variant == "crc"
    bad = "4k5/10/10/10/10/10/10/P3K5 w - - 0 1"
    report = forsyth.validate(bad)
    assert not report.valid
    pawn = [p for p in report.problems if p.kind == "pawn_on_back_rank"]
    assert pawn and pawn[0].squares == ["a1"] and pawn[0].field == "placement"
    assert forsyth.validate("", variant="gothic").valid is None
    # An en-passant square on the wrong rank: repaired by dropping it.
    report = forsyth.validate("4k5/10/10/10/10/10/10/4K5 w - e3 0 1")
    assert [p.kind for p in report.problems] == ["en_passant_wrong_rank"]
    assert report.problems[0].column == len("4k5/10/10/10/10/10/10/4K5 w - ") + 1
    assert report.valid is False and report.repaired == "4k5/10/10/10/10/10/10/4K5 w - - 0 1"
    assert len(report.repairs) == 1 and "e3" in report.repairs[0]
    # Castling letters with no rook do not read on the 10x8 board.
    report = forsyth.validate("4k5/10/10/10/10/10/10/5K4 w K - 0 1")
    assert [p.kind for p in report.problems] == ["castling_rook_missing"]
    assert report.variant is None
    assert forsyth.convert(CAPABLANCA[:-4], castling="shredder") == CAPABLANCA.replace(
        "KQkq", "AJaj")
    with pytest.raises(FenError) as e:
        forsyth.convert(bad)
    assert e.value.kind == "pawn_on_back_rank" and e.value.line == 1
    # Without validation the record is written as it is.
    assert forsyth.convert(bad, validate=False) == bad



def test_board_is_told_by_the_placement_alone():
    # specs/fen.md section 6: a record is 10x8 by its rank width, so a byte
    # that is not UTF-8 after the placement is the 10x8 reader's fault to
    # name, at its column, as it is when the variant is given.
    for line, at in ((CAPABLANCA.encode() + b" \xff", len(CAPABLANCA) + 1),
                     (CAPABLANCA.encode().replace(b" - 0 1", b" \xff 0 1"),
                      CAPABLANCA.index(" - 0 1") + 1)):
        auto = forsyth.validate(line)
        given = forsyth.validate(line, variant="capablanca")
        assert auto.valid is False
        assert [(p.kind, p.column) for p in auto.problems] == [
            (p.kind, p.column) for p in given.problems]
        assert auto.problems[0].column == at + 1
        with pytest.raises(FenError) as e:
            forsyth.convert(line)
        assert e.value.column == at + 1

def test_convert_many_mixes_boards():
    lines = [CAPABLANCA, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
             "4k5/10/10/10/10/10/10/P3K5 w - - 0 1", GOTHIC.replace("RNBQCKABNR", "RNBQCKAB")]
    out = forsyth.convert_many(lines * 200, castling="shredder", threads=2)
    assert len(out) == 800
    for i, item in enumerate(out):
        line = lines[i % 4]
        if i % 4 < 2:
            assert item == forsyth.convert(line, castling="shredder")
        else:
            assert isinstance(item, FenError) and item.line == i + 1
            with pytest.raises(FenError) as e:
                forsyth.convert(line)
            assert (item.kind, item.column, str(item)) == (e.value.kind, e.value.column,
                                                           str(e.value))
    reports = forsyth.validate_many(lines * 200, threads=2)
    assert [r.variant for r in reports[:4]] == ["capablanca", "standard", "capablanca", None]
    assert [r.valid for r in reports[:4]] == [True, True, False, False]


def test_an_illegal_10x8_move_says_why_as_on_8x8():
    # The same refusal on both boards, the 8x8 one the reference: no king
    # steps from e1 to d3, and the knight on d2 is pinned by the bishop on b4.
    cases = [
        (Position.capablanca().play("e4").play("e5"), Position().play("e4").play("e5"), "Kd3"),
        (Position("5k4/10/10/10/1b8/10/3N6/4K5 w - - 0 1"),
         Position("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"), "Nf3"),
    ]
    reasons = []
    for ten, eight, text in cases:
        with pytest.raises(MoveError) as e10:
            ten.play(text)
        with pytest.raises(MoveError) as e8:
            eight.play(text)
        assert e10.value.kind == e8.value.kind
        reason = str(e8.value).split(": ")[-1]
        assert str(e10.value).endswith(": " + reason), (str(e10.value), reason)
        reasons.append(reason)
    assert reasons == ["no king can move to d3",
                       "the piece on d2 is pinned to its king by the piece on b4"]
    with pytest.raises(MoveError) as e:
        Position.capablanca().play("Kd3")
    assert e.value.kind == "unreachable" and "no king can move to d3" in str(e.value)
