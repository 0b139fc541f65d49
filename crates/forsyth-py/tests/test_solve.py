"""solve: published problems, and every line of the tree checked with the
rules (each leaf a mate, each defence legal)."""

import pytest

import forsyth
from forsyth import Position, ProblemError


def walk(pos, variations, white_to_move):
    """Checks a tree: every move legal, every line ending in mate."""
    for v in variations:
        assert v.move in pos.legal_moves()
        after = pos.play(v.move)
        if not v.replies:
            if white_to_move:
                assert after.is_checkmate()
        else:
            walk(after, v.replies, not white_to_move)


def test_greek_three_mover_of_1881():
    # The README's problem: 1.Nd4! threatening 2.Nb5.
    s = forsyth.solve("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) Ματ σε 3 κινήσεις")
    assert s.stipulation == "#3" and not s.is_cooked
    key = s.keys[0]
    assert key.move.san() == "Nd4" and [t.move.san() for t in key.threat] == ["Nb5"]
    start = Position("R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1")
    after = start.play(key.move)
    # Every black reply is answered.
    assert sorted(d.move.uci() for d in key.defences) == sorted(m.uci() for m in after.legal_moves())
    walk(after, key.defences, white_to_move=False)


def test_mate_in_one_and_two():
    s = forsyth.solve("k7/8/1K6/8/8/8/8/7R w - - 0 1", stipulation="#1")
    assert [k.move.san() for k in s.keys] == ["Rh8#"]
    s2 = forsyth.solve(Position("k7/8/1K6/8/8/8/1R6/7R w - - 0 1"), stipulation="#2")
    assert any(k.move.san() == "Rh8#" and k.short for k in s2.keys)
    assert s2.is_cooked


def test_problem_errors():
    with pytest.raises(ProblemError) as e:
        forsyth.solve("R7/4k3/4N3/K2B4/8/8/8/5R2")
    assert e.value.kind == "no_stipulation"
    with pytest.raises(ProblemError) as e:
        forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", stipulation="#x")
    assert e.value.field == "stipulation"
    with pytest.raises(ProblemError):
        forsyth.solve("(R9/4k3) #3")


def test_popeye_input():
    text = "beginproblem\npieces white ka5 ra8 rf1 bd5 se6 black ke7\nstipulation #3\nendproblem\n"
    s = forsyth.solve(text)
    assert [k.move.san() for k in s.keys] == ["Nd4"]
    assert str(s).startswith("1.Nd4! (2.Nb5)")


def test_tries_as_popeye_finds_them():
    # Popeye 4.104 on "pieces white ka5 rc7 black kb8, stipulation #2,
    # option try": "1.Ka5-b6 !" and "1.Ka5-a6 ? but 1...Kb8*c7 !".
    fen = "1k6/2R5/8/K7/8/8/8/8 w - - 0 1"
    s = forsyth.solve(fen, stipulation="#2", tries=1)
    assert [k.move.uci() for k in s.keys] == ["a5b6"]
    assert [(t.move.uci(), [r.uci() for r in t.refutations]) for t in s.tries] == [
        ("a5a6", ["b8c7"])
    ]
    assert s.keys[0].refutations == []
    # No tries unless asked; a maximum of none finds none.
    assert forsyth.solve(fen, stipulation="#2").tries == []
    assert forsyth.solve(fen, stipulation="#2", tries=0).tries == []
    # Every try has at least one and at most the refutations asked, each a
    # legal Black reply after it.
    start = Position(fen)
    for t in forsyth.solve(fen, stipulation="#2", tries=3).tries:
        after = start.play(t.move)
        assert 1 <= len(t.refutations) <= 3
        assert all(r in after.legal_moves() for r in t.refutations)


def test_help_self_play_lines():
    # A helpselfmate whose lines Popeye 4.104 writes (the library's test
    # data `popeye_helpselfmates.txt`): White helps until Black must mate,
    # one line per forced mate.
    s = forsyth.solve("(8/8/4R3/6q1/7K/4P3/1R6/2n1N1qk) hs#2")
    assert s.stipulation == "hs#2" and s.keys == []
    lines = [[m.san() for m in line.moves] for line in s.lines]
    assert len(lines) == 8
    assert ["Kh3", "Qf4", "Rh2+", "Qfxh2#"] in lines
    assert ["Kh3", "Qf4", "Rh2+", "Qgxh2#"] in lines
    assert all(not line.short for line in s.lines)
    assert isinstance(s.lines[0], forsyth.Line)
    # Each move belongs to its own position: the forced mate is Black's.
    last = s.lines[0].moves[-1]
    assert last.uci() == "g1h2"
    # Battle play has no lines, help play has no keys.
    assert forsyth.solve("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3").lines == []
