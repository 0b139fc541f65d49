"""Position, Move and Outcome: each entry point against published values
(perft counts, the Chess960 numbering) and the rules they promise."""

import copy
import pickle

import pytest

import forsyth
from forsyth import FenError, MoveError, Position

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# Published perft counts: the classical start (Chess Programming Wiki)
# and Chess960 start 0 and a middle game from Reinhard Scharnagl's table.
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_default_is_the_start():
    assert Position().fen() == START
    assert Position() == Position(START)
    assert forsyth.STARTING_FEN == START


@pytest.mark.parametrize("fen,depth,count", [
    (START, 1, 20), (START, 2, 400), (START, 3, 8902),
    (KIWIPETE, 1, 48), (KIWIPETE, 2, 2039), (KIWIPETE, 3, 97862),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12189),
])
def test_perft_published_counts(fen, depth, count):
    assert Position(fen).perft(depth) == count


def test_divide_sums_to_perft():
    pos = Position(KIWIPETE)
    counts = pos.divide(2)
    assert len(counts) == 48 and sum(counts.values()) == 2039
    for uci, n in counts.items():
        assert pos.play(uci).perft(1) == n


def test_variant_choice():
    fen = "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1"
    assert Position(fen).variant == "chess960"
    assert Position(START).variant == "standard"
    assert Position(START, variant="chess960").variant == "chess960"
    with pytest.raises(FenError):
        Position(fen, variant="standard")
    with pytest.raises(ValueError, match="variant"):
        Position(START, variant="shogi")


def test_fen_encodings():
    pos = Position()
    assert pos.fen(castling="shredder") == START.replace("KQkq", "AHah")
    assert pos.fen(castling="standard") == START
    c960 = Position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
    assert c960.fen() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    with pytest.raises(FenError) as e:
        c960.fen(castling="standard")
    assert e.value.field == "castling" and e.value.kind == "king_not_on_e_file"
    with pytest.raises(ValueError, match="castling"):
        pos.fen(castling="nope")


def test_en_passant_modes():
    after_e4 = Position().play("e4")
    assert after_e4.fen().split()[3] == "-"           # no capture possible
    assert after_e4.fen(ep="always").split()[3] == "e3"
    assert after_e4.fen(ep="pseudo").split()[3] == "-"  # no pawn beside e4
    pos = Position().play("e4").play("Nf6").play("e5").play("d5")
    assert pos.fen().split()[3] == "d6"


def test_syntax_error_attributes():
    record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1"
    with pytest.raises(FenError) as e:
        Position(record)
    err = e.value
    assert isinstance(err, ValueError) and isinstance(err, forsyth.Error)
    assert err.line == 1
    assert err.column == record.index("x") + 1
    assert err.field == "castling"
    assert err.kind == "bad_castling_byte"
    assert len(err.problems) == 1 and err.problems[0].column == err.column


def test_illegal_position_lists_every_problem():
    with pytest.raises(FenError) as e:
        Position("4k3/8/8/8/8/8/8/P3K2P w - - 0 1")
    kinds = [p.kind for p in e.value.problems]
    assert kinds == ["pawn_on_back_rank"]
    assert e.value.problems[0].squares == ["a1", "h1"]
    with pytest.raises(FenError) as e:
        Position("8/8/8/8/8/8/8/8 w - - 0 1")
    assert e.value.kind == "empty_board"


def test_play_notations_and_immutability():
    start = Position()
    after = start.play("e4")
    assert start == Position() and after != start
    assert start.play("e2e4") == after == start.play("e2-e4")
    assert start.play("P-K4", notation="descriptive-en") == after
    assert start.play(start.parse_move("e4")) == after
    moved = start.play("Nf3").play("Nf6")
    assert moved.play("Sg5", notation="san-de") == moved.play("Ng5")


def test_illegal_move_error():
    with pytest.raises(MoveError) as e:
        Position().play("Ke2")
    assert e.value.field == "move" and e.value.kind == "unreachable"
    with pytest.raises(MoveError) as e:
        Position().play("Nf9")
    assert e.value.kind == "invalid_move"
    with pytest.raises(MoveError):
        Position().play("e5", notation="uci")


def test_game_end():
    fools = Position().play("f3").play("e5").play("g4").play("Qh4")
    assert fools.is_check() and fools.is_checkmate()
    assert fools.outcome().kind == "checkmate" and fools.outcome().winner == "black"
    assert fools.legal_moves() == []
    stale = Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stale.is_stalemate() and stale.outcome().winner is None
    assert Position("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").is_insufficient_material()
    assert Position().outcome() is None


def test_chess960_numbering_round_trip():
    for n in range(960):
        pos = Position.chess960(n)
        assert pos.variant == "chess960"
        assert pos.chess960_number() == n
        assert pos.perft(1) == len(pos.legal_moves())
    # Scharnagl's numbering: 0 is BBQNNRKR, 959 RKRNNQBB.
    assert Position.chess960(0).board.endswith("BBQNNRKR")
    assert Position.chess960(959).board.endswith("RKRNNQBB")
    with pytest.raises(ValueError):
        Position.chess960(960)


def test_equality_and_hash_follow_fide_repetition():
    a = Position().play("Nf3").play("Nf6").play("Ng1").play("Ng8")
    assert a == Position() and hash(a) == hash(Position())
    assert a.fen() != Position().fen()  # the clocks differ
    # An en-passant square with no capture possible does not count.
    with_ep = Position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    assert with_ep == Position().play("e4")
    assert len({with_ep, Position().play("e4"), Position()}) == 2
    # The same placement under the other variant is another position.
    assert Position(START, variant="chess960") != Position(START)
    assert Position() != START and not (Position() == 1)


def test_str_repr_pickle_copy():
    pos = Position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
    assert str(pos) == pos.fen()
    assert eval(repr(pos), {"Position": Position}) == pos
    c = Position(START, variant="chess960")
    assert eval(repr(c), {"Position": Position}) == c
    after = Position().play("e4")
    for p in (pos, c, after):
        back = pickle.loads(pickle.dumps(p))
        assert back == p and back.fen(ep="always") == p.fen(ep="always")
    assert copy.copy(pos) is pos and copy.deepcopy(pos) is pos


def test_properties():
    pos = Position().play("e4").play("c5")
    assert pos.turn == "white" and pos.fullmove_number == 2 and pos.halfmove_clock == 0
    assert pos.ep_square == "c6"
    assert pos.piece_at("e4") == "P" and pos.piece_at("c5") == "p" and pos.piece_at("e2") is None
    with pytest.raises(ValueError):
        pos.piece_at("z9")


def test_move_objects():
    pos = Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    castle = pos.parse_move("O-O")
    assert castle.is_castling and castle.uci() == "e1g1" and castle.san() == "O-O"
    assert castle.uci(castling="chess960") == "e1h1"
    assert pos.parse_move("e1h1") == castle
    assert castle in pos.legal_moves()
    assert len(set(pos.legal_moves())) == len(pos.legal_moves())
    assert str(castle) == "e1g1"
    c960 = Position(pos.fen(), variant="chess960")
    assert c960.parse_move("O-O").uci() == "e1h1"
    promo = Position("8/P6k/8/8/8/8/8/K7 w - - 0 1").parse_move("a8=Q+")
    assert promo.promotion == "q" and promo.piece == "P" and promo.san() == "a8=Q"
    ep = Position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").parse_move("exd6")
    assert ep.is_en_passant and ep.is_capture
    with pytest.raises(ValueError):
        castle.uci(castling="both")


def test_outcome_objects():
    a = Position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").outcome()
    b = Position("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").outcome()
    assert a == b and hash(a) == hash(b)
    assert str(a) and repr(a) == "Outcome(kind='checkmate', winner='white')"


def pieces_in_svg(svg, coordinates, flip):
    """{square: piece letter} read back from a diagram by the geometry of
    specs/diagram.md: the squares' top left corner at (6 + c, 6), c = 18
    with coordinates; a1 at the bottom left, or the top right flipped."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    c = 18 if coordinates else 0
    found = {}
    for use in root.iter("{http://www.w3.org/2000/svg}use"):
        ref = use.get("href")[1:]
        if not (len(ref) == 10 and ref[8] in "wb" and "x" in use.attrib):
            continue
        col = (float(use.get("x")) - 6 - c) / 45
        row = (float(use.get("y")) - 6) / 45
        assert col == int(col) and row == int(row)
        file, rank = (7 - int(col), int(row)) if flip else (int(col), 7 - int(row))
        letter = ref[9]
        found["abcdefgh"[file] + str(rank + 1)] = letter if ref[8] == "w" else letter.lower()
    return found


def pieces_in_fen(fen):
    found = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                found["abcdefgh"[file] + str(8 - i)] = ch
                file += 1
    return found


@pytest.mark.parametrize("flip,coordinates", [(False, True), (True, False), (True, True)])
def test_svg_draws_every_piece_on_its_square(flip, coordinates):
    for n in range(0, 960, 97):
        pos = Position.chess960(n).play("e4").play("d5").play("exd5")
        svg = pos.svg(flip=flip, coordinates=coordinates, size=30)
        assert pieces_in_svg(svg, coordinates, flip) == pieces_in_fen(pos.fen())
        side = 8 + (18 if coordinates else 0) + 4 + 8 * 45
        assert f'width="{side * 30 / 45:g}"' in svg
    assert Position()._repr_svg_() == Position().svg()


def test_moves_copy_and_pickle():
    # Every legal move of positions of both boards (castling of both
    # conventions, promotions, en passant) reads back as itself.
    positions = [Position("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"),
                 Position.chess960(0).play("g4").play("g5"),
                 Position("r4k3r/1P8/10/10/10/10/10/R4K3R w KQkq - 0 1"),
                 Position.crc(0), Position.gothic()]
    for pos in positions:
        for m in pos.legal_moves():
            back = pickle.loads(pickle.dumps(m))
            assert back == m and hash(back) == hash(m)
            assert (back.uci(), back.san()) == (m.uci(), m.san())
            assert copy.copy(m) is m and copy.deepcopy(m) is m


def test_perft_depth_is_bounded_and_deep_counts_in_bound_finish():
    """specs/python.md: depth at most 255, ValueError beyond (a deeper
    walk would overflow the stack and kill the interpreter). After Fool's
    mate no move follows, so every count from one ply on is 0, by the
    definition of perft, down to the bound itself."""
    mated = Position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mated.perft(255) == 0
    assert mated.divide(255) == {}
    for pos in (mated, Position(), Position.capablanca()):
        for depth in (256, 100_000, 2**32 - 1):
            with pytest.raises(ValueError, match="at most 255"):
                pos.perft(depth)
            with pytest.raises(ValueError, match="at most 255"):
                pos.divide(depth)
