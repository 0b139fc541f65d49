//! Series play with every goal (`ser-`, `ser-h`, `ser-s` with `#`, `=`,
//! `#=`, `==`, `x`, `z`), against a brute force written here from
//! `specs/solve.md` §1 (every legal move, no table, no pruning) and
//! against Popeye 4.104's output on the same positions: a stalemate on the
//! way does not end a series, which goes on from it.

use forsyth::solve::{read_popeye, write_popeye, Goal, Solver, Stipulation};
use forsyth::{Color, Move, Position, Role};
use proptest::prelude::*;

use crate::common::reached;

use crate::common::pass;

fn play(pos: &Position, m: Move) -> Position {
    pos.play(m).expect("a legal move")
}

#[derive(Copy, Clone, PartialEq, Debug)]
enum End {
    /// `ser-`: a move of the series reaches the goal.
    Own,
    /// `ser-h`: after the series, the other side reaches it in one move.
    Helped,
    /// `ser-s`: after the series, every move of the other side reaches it
    /// (it has one).
    Forced,
}

/// Every series line from `pos`, `left` moves of the series side left.
///
/// The rule: the other side passes after each move of the series but the
/// last, so no move before the last may check; anything else is passed,
/// a stalemate too (the stalemated side only passes). A goal reached by the
/// series' own move is a line (a short one before the last move); a
/// capture or target square ends the play there, a stalemate does not.
fn series(
    pos: &Position,
    left: u8,
    goal: Goal,
    end: End,
    path: &mut Vec<Move>,
    out: &mut Vec<Vec<Move>>,
) {
    for &m in pos.legal_moves().iter() {
        let next = play(pos, m);
        path.push(m);
        let mut over = false;
        match end {
            End::Own => {
                if reached(goal, m, &next) {
                    out.push(path.clone());
                    over = matches!(goal, Goal::Capture | Goal::Target(_));
                }
            }
            End::Helped => {
                for &r in next.legal_moves().iter() {
                    if reached(goal, r, &play(&next, r)) {
                        path.push(r);
                        out.push(path.clone());
                        path.pop();
                    }
                }
            }
            End::Forced => {
                let replies = next.legal_moves();
                if !replies.is_empty() && replies.iter().all(|&r| reached(goal, r, &play(&next, r)))
                {
                    for &r in replies.iter() {
                        path.push(r);
                        out.push(path.clone());
                        path.pop();
                    }
                }
            }
        }
        if !over && left > 1 && !next.is_check() {
            series(&pass(&next), left - 1, goal, end, path, out);
        }
        path.pop();
    }
}

fn key(line: &[Move]) -> Vec<String> {
    line.iter().map(|m| format!("{m:?}")).collect()
}

fn lines(pos: &Position, stipulation: Stipulation) -> Vec<Vec<Move>> {
    let solution = Solver::new(stipulation).solve(pos).expect("no limit");
    let mut found: Vec<Vec<Move>> = solution.lines.into_iter().map(|l| l.moves).collect();
    found.sort_by_key(|l| key(l));
    found
}

fn expected(pos: &Position, stipulation: Stipulation, end: End) -> Vec<Vec<Move>> {
    let mut want = Vec::new();
    series(
        pos,
        stipulation.moves,
        stipulation.goal,
        end,
        &mut Vec::new(),
        &mut want,
    );
    want.sort_by_key(|l| key(l));
    want
}

/// The pieces of the random positions: few, Black's king on its back
/// rank (stalemates come often), either side to move.
const PIECES: [(Role, Color); 8] = [
    (Role::Queen, Color::White),
    (Role::Rook, Color::White),
    (Role::Bishop, Color::White),
    (Role::Knight, Color::White),
    (Role::Pawn, Color::White),
    (Role::Pawn, Color::White),
    (Role::Knight, Color::Black),
    (Role::Pawn, Color::Black),
];

fn arb_position() -> impl Strategy<Value = Option<Position>> {
    crate::common::arb_sparse_position(&PIECES, 56..64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `ser-` with each goal in up to three moves (the stalemate goals) or
    /// two: the brute force's lines, no other.
    #[test]
    fn series_goals_match_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        if pos.is_check() {
            return Ok(());
        }
        for (goal, most) in [("=", 3), ("#=", 3), ("==", 2), ("#", 2), ("x", 2), ("zc7", 2)] {
            for n in 1..=most {
                let s: Stipulation = format!("ser-{goal}{n}").parse().expect("a stipulation");
                prop_assert_eq!(lines(&pos, s), expected(&pos, s, End::Own), "{} {}", s, pos.setup());
            }
        }
    }

    /// `ser-h` and `ser-s` with the stalemate goals in one and two moves.
    #[test]
    fn series_help_and_self_goals_match_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        if pos.is_check() {
            return Ok(());
        }
        for (prefix, end) in [("ser-h", End::Helped), ("ser-s", End::Forced)] {
            for goal in ["=", "#=", "==", "#"] {
                for n in 1..=2 {
                    let s: Stipulation = format!("{prefix}{goal}{n}").parse().expect("a stipulation");
                    prop_assert_eq!(lines(&pos, s), expected(&pos, s, end), "{} {}", s, pos.setup());
                }
            }
        }
    }
}

/// Solves a Popeye input and writes it in Popeye's style.
fn popeye(input: &str) -> String {
    let problems = read_popeye(input).expect("reads");
    let p = &problems[0];
    let stipulation = p.stipulation.expect("a stipulation");
    let start = p.start(&stipulation).expect("legal");
    let solution = Solver::new(stipulation).solve(&start).expect("no limit");
    let mut text = String::new();
    write_popeye(&mut text, &start, &solution).expect("writes");
    text
}

/// Popeye 4.104's output (`py`, its solutions word for word, in its
/// order): after 2.Sc5-a6, Black is stalemated, a solution in two moves;
/// the series goes on from there, and 3.Kc7-c6 stalemates again. The
/// stalemate on the way is not marked. The brute force agrees.
#[test]
fn a_series_goes_on_after_a_stalemate_as_in_popeye() {
    let input =
        "beginproblem\npieces white kb6 sc5 black ka8 pa7\nstipulation ser-=3\nendproblem\n";
    let want = "  1.Kb6-c7   2.Sc5-a6 =
  1.Kb6-a6   2.Sc5-d7 =
  1.Kb6-c6   2.Sc5-a6 =
  1.Kb6-a5   2.Ka5-a6   3.Sc5-d7 =
  1.Kb6-a5   2.Sc5-d7   3.Ka5-a6 =
  1.Kb6-c7   2.Sc5-a6   3.Kc7-c6 =
  1.Kb6-c7   2.Sc5-a6   3.Kc7-c8 =
  1.Kb6-c7   2.Kc7-c6   3.Sc5-a6 =
  1.Kb6-c7   2.Kc7-c8   3.Sc5-a6 =
  1.Kb6-b5   2.Kb5-c6   3.Sc5-a6 =
  1.Kb6-b5   2.Kb5-a6   3.Sc5-d7 =
  1.Kb6-b5   2.Sc5-d7   3.Kb5-a6 =
  1.Kb6-b5   2.Sc5-a6   3.Kb5-c6 =
  1.Kb6-c6   2.Sc5-a6   3.Kc6-c7 =
  1.Kb6-c6   2.Kc6-c7   3.Sc5-a6 =

";
    assert_eq!(popeye(input), want);
    // The same lines with `#=` (Popeye 4.104: the same fifteen, `#=` for
    // `=`).
    let either = popeye(&input.replace("ser-=3", "ser-#=3"));
    assert_eq!(either, want.replace(" =\n", " #=\n"));
    let problems = read_popeye(input).expect("reads");
    let s = problems[0].stipulation.expect("a stipulation");
    let start = problems[0].start(&s).expect("legal");
    assert_eq!(lines(&start, s), expected(&start, s, End::Own));
}

/// Popeye 4.104 on a queen's ser-=2 (`kb6 qd1` against `ka8`): 1.Qd1-d6
/// stalemates at once and each of six second moves stalemates again;
/// Popeye lists the seven lines among its 42.
#[test]
fn every_stalemate_on_the_way_is_a_solution_of_its_own() {
    let input = "beginproblem\npieces white kb6 qd1 black ka8\nstipulation ser-=2\nendproblem\n";
    let text = popeye(input);
    let from_d6: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  1.Qd1-d6"))
        .collect();
    assert_eq!(
        from_d6,
        [
            "  1.Qd1-d6 =",
            "  1.Qd1-d6   2.Kb6-a6 =",
            "  1.Qd1-d6   2.Qd6-h2 =",
            "  1.Qd1-d6   2.Qd6-g3 =",
            "  1.Qd1-d6   2.Qd6-f4 =",
            "  1.Qd1-d6   2.Qd6-e5 =",
            "  1.Qd1-d6   2.Qd6-c7 =",
        ]
    );
    assert_eq!(text.lines().filter(|l| !l.is_empty()).count(), 42);
}

/// A capture ends a series (Popeye 4.104's `ser-x2` here: 1.Ra1*a5 and no
/// second capture after it, 2.Ra5*b5).
#[test]
fn a_capture_ends_a_series_as_in_popeye() {
    let input =
        "beginproblem\npieces white ra1 kh1 black kh8 pa5 pb5\nstipulation ser-x2\nendproblem\n";
    let mut got: Vec<String> = popeye(input)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            "  1.Kh1-g1   2.Ra1*a5 x",
            "  1.Kh1-g2   2.Ra1*a5 x",
            "  1.Kh1-h2   2.Ra1*a5 x",
            "  1.Ra1*a5 x",
            "  1.Ra1-a2   2.Ra2*a5 x",
            "  1.Ra1-a3   2.Ra3*a5 x",
            "  1.Ra1-a4   2.Ra4*a5 x",
            "  1.Ra1-b1   2.Rb1*b5 x",
        ]
    );
}
