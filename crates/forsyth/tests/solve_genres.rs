//! Help play, help self play, series play, reflex play, stalemate goals,
//! tries and set play against brute-force searches written here from the
//! definitions of `specs/solve.md` §1 (no table, no pruning, every legal
//! move), on small random positions; and the search limits.

use std::time::Duration;

use forsyth::solve::{Goal, Play, Solver, Stipulation, StopReason};
use forsyth::{Color, Move, Position, Role};
use proptest::prelude::*;

use crate::common::pass;

fn play(pos: &Position, m: Move) -> Position {
    pos.play(m).expect("a legal move")
}

fn reached(pos: &Position, goal: Goal) -> bool {
    let none = pos.legal_moves().is_empty();
    match goal {
        Goal::Mate => none && pos.is_check(),
        Goal::Stalemate => none && !pos.is_check(),
        _ => unimplemented!("the goals of the test"),
    }
}

/// Every help line from `pos` with `left` half-moves, the attacker making
/// the odd ones counted from the end; a line ends at the attacker's move
/// that reaches the goal.
fn bf_help(pos: &Position, left: u16, goal: Goal, path: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
    for &m in pos.legal_moves().iter() {
        let next = play(pos, m);
        path.push(m);
        if left % 2 == 1 && reached(&next, goal) {
            out.push(path.clone());
        } else if left > 1 {
            bf_help(&next, left - 1, goal, path, out);
        }
        path.pop();
    }
}

/// Every help self line from `pos` with `left` half-moves before the
/// defender's forced move, the attacker making the odd ones counted from
/// the end: a line ends at the attacker's move after which every move of
/// the defender reaches the goal (it has one), with each of those moves.
fn bf_help_self(
    pos: &Position,
    left: u16,
    goal: Goal,
    path: &mut Vec<Move>,
    out: &mut Vec<Vec<Move>>,
) {
    for &m in pos.legal_moves().iter() {
        let next = play(pos, m);
        path.push(m);
        let replies = next.legal_moves();
        let forced = left % 2 == 1
            && !replies.is_empty()
            && replies.iter().all(|&r| reached(&play(&next, r), goal));
        if forced {
            for &r in replies.iter() {
                path.push(r);
                out.push(path.clone());
                path.pop();
            }
        } else if left > 1 {
            bf_help_self(&next, left - 1, goal, path, out);
        }
        path.pop();
    }
}

#[derive(Copy, Clone, PartialEq)]
enum SeriesEnd {
    /// ser-#: the series' move reaches the goal.
    Own,
    /// ser-h#: the other side reaches it in one move.
    Helped,
    /// ser-s#: every move of the other side reaches it (one at least).
    Forced,
}

/// Every series line from `pos`, `left` moves of the series side left.
fn bf_series(
    pos: &Position,
    left: u8,
    goal: Goal,
    end: SeriesEnd,
    path: &mut Vec<Move>,
    out: &mut Vec<Vec<Move>>,
) {
    for &m in pos.legal_moves().iter() {
        let next = play(pos, m);
        path.push(m);
        match end {
            SeriesEnd::Own => {
                if reached(&next, goal) {
                    out.push(path.clone());
                }
            }
            SeriesEnd::Helped => {
                for &r in next.legal_moves().iter() {
                    if reached(&play(&next, r), goal) {
                        path.push(r);
                        out.push(path.clone());
                        path.pop();
                    }
                }
            }
            SeriesEnd::Forced => {
                let replies = next.legal_moves();
                if !replies.is_empty() && replies.iter().all(|&r| reached(&play(&next, r), goal)) {
                    for &r in replies.iter() {
                        path.push(r);
                        out.push(path.clone());
                        path.pop();
                    }
                }
            }
        }
        // A check before the series' end would have to be answered; a
        // stalemate is passed like any other position.
        if left > 1 && !next.is_check() {
            bf_series(&pass(&next), left - 1, goal, end, path, out);
        }
        path.pop();
    }
}

/// Battle play by the definitions: the attacker to move reaches the goal
/// in at most `k` moves against every defence.
#[derive(Copy, Clone, PartialEq, Debug)]
enum Battle {
    Direct,
    SelfPlay,
    Reflex,
}

fn attacker_has_goal_move(pos: &Position, goal: Goal) -> bool {
    pos.legal_moves()
        .iter()
        .any(|&m| reached(&play(pos, m), goal))
}

fn bf_forces(pos: &Position, k: u8, battle: Battle, goal: Goal) -> bool {
    if battle == Battle::Reflex && attacker_has_goal_move(pos, goal) {
        // It would have to reach the goal itself.
        return false;
    }
    pos.legal_moves()
        .iter()
        .any(|&m| bf_fails(&play(pos, m), k, battle, goal))
}

/// The defender to move after the attacker's move of `k` moves left.
fn bf_fails(pos: &Position, k: u8, battle: Battle, goal: Goal) -> bool {
    let moves = pos.legal_moves();
    match battle {
        Battle::Direct => {
            if moves.is_empty() {
                return reached(pos, goal);
            }
            k > 1
                && moves
                    .iter()
                    .all(|&r| bf_forces(&play(pos, r), k - 1, battle, goal))
        }
        Battle::SelfPlay => {
            // Every defence mates, or leaves a selfmate in k - 1; a
            // defender without a move mates no one.
            !moves.is_empty()
                && moves.iter().all(|&r| {
                    let next = play(pos, r);
                    reached(&next, goal) || (k > 1 && bf_forces(&next, k - 1, battle, goal))
                })
        }
        Battle::Reflex => {
            if moves.is_empty() {
                return false;
            }
            // The defender must mate when it can.
            if attacker_has_goal_move(pos, goal) {
                return true;
            }
            k > 1
                && moves
                    .iter()
                    .all(|&r| bf_forces(&play(pos, r), k - 1, battle, goal))
        }
    }
}

fn sorted(lines: Vec<Vec<Move>>) -> Vec<String> {
    let mut out: Vec<String> = lines.iter().map(|l| format!("{l:?}")).collect();
    out.sort();
    out
}

fn solve(pos: &Position, stipulation: Stipulation) -> forsyth::solve::Solution {
    Solver::new(stipulation).solve(pos).expect("no limit")
}

/// The pieces of the random positions: few, Black's king on its back
/// rank, either side to move.
const PIECES: [(Role, Color); 10] = [
    (Role::Queen, Color::White),
    (Role::Rook, Color::White),
    (Role::Bishop, Color::White),
    (Role::Knight, Color::White),
    (Role::Pawn, Color::White),
    (Role::Rook, Color::Black),
    (Role::Knight, Color::Black),
    (Role::Bishop, Color::Black),
    (Role::Pawn, Color::Black),
    (Role::Queen, Color::Black),
];

fn arb_position() -> impl Strategy<Value = Option<Position>> {
    crate::common::arb_sparse_position(&PIECES, 56..64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn help_play_lists_every_line_of_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for goal in [Goal::Mate, Goal::Stalemate] {
            // h#1, h#1.5, h#2 (whole moves: the side to move is the
            // defender; with the half move, the attacker).
            for (moves, half) in [(1, false), (1, true), (2, false)] {
                let mut s = Stipulation::new(Play::Help, goal, moves);
                if half {
                    s = s.with_half();
                }
                let left = 2 * u16::from(moves) + u16::from(half);
                let mut want = Vec::new();
                bf_help(&pos, left, goal, &mut Vec::new(), &mut want);
                let got: Vec<Vec<Move>> = solve(&pos, s).lines.into_iter().map(|l| l.moves).collect();
                prop_assert_eq!(sorted(got), sorted(want), "{}", s);
            }
        }
    }

    #[test]
    fn help_self_play_lists_every_line_of_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        check_help_self(&pos)?;
    }

    #[test]
    fn series_play_lists_every_line_of_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        if pos.is_check() {
            return Ok(());
        }
        for (play_kind, end) in [
            (Play::Series, SeriesEnd::Own),
            (Play::SeriesHelp, SeriesEnd::Helped),
            (Play::SeriesSelf, SeriesEnd::Forced),
        ] {
            for goal in [Goal::Mate, Goal::Stalemate] {
                for n in 1..=2 {
                    let s = Stipulation::new(play_kind, goal, n);
                    let mut want = Vec::new();
                    bf_series(&pos, n, goal, end, &mut Vec::new(), &mut want);
                    let got: Vec<Vec<Move>> =
                        solve(&pos, s).lines.into_iter().map(|l| l.moves).collect();
                    prop_assert_eq!(sorted(got), sorted(want), "{}", s);
                }
            }
        }
    }

    #[test]
    fn direct_stalemates_and_reflexmates_have_the_brute_force_keys(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for (play_kind, battle, goal) in [
            (Play::Direct, Battle::Direct, Goal::Stalemate),
            (Play::Reflex, Battle::Reflex, Goal::Mate),
        ] {
            for n in 1..=2 {
                let s = Stipulation::new(play_kind, goal, n);
                let solution = solve(&pos, s);
                let keys: Vec<Move> = solution.keys.iter().map(|k| k.mv).collect();
                let reflex_forced = battle == Battle::Reflex && attacker_has_goal_move(&pos, goal);
                let want: Vec<Move> = if reflex_forced {
                    Vec::new()
                } else {
                    pos.legal_moves()
                        .iter()
                        .copied()
                        .filter(|&m| bf_fails(&play(&pos, m), n, battle, goal))
                        .collect()
                };
                prop_assert_eq!(keys, want, "{}", s);
                // Reflex play with a mate at hand: those mates, marked.
                if reflex_forced {
                    prop_assert!(!solution.forced.is_empty());
                }
            }
        }
    }

    #[test]
    fn tries_fail_to_one_defence_and_set_play_answers_in_time(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        if pos.turn() != Color::White {
            return Ok(());
        }
        let goal = Goal::Mate;
        for n in 1..=2u8 {
            let solution = Solver::new(Stipulation::mate(n))
                .tries(true)
                .set_play(true)
                .solve(&pos)
                .expect("no limit");
            // A try: no key, and exactly one defence after which no mate
            // in n - 1 follows.
            let mut want = Vec::new();
            for &m in pos.legal_moves().iter() {
                let next = play(&pos, m);
                if bf_fails(&next, n, Battle::Direct, goal) {
                    continue;
                }
                let refutations: Vec<Move> = next
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&r| n == 1 || !bf_forces(&play(&next, r), n - 1, Battle::Direct, goal))
                    .collect();
                if refutations.len() == 1 {
                    want.push((m, refutations));
                }
            }
            let got: Vec<(Move, Vec<Move>)> =
                solution.tries.iter().map(|t| (t.mv, t.refutations.clone())).collect();
            prop_assert_eq!(got, want, "#{}", n);
            // Set play: were Black to move, its moves White answers with
            // a mate in n - 1 at most.
            if n >= 2 && !pos.is_check() {
                let black = pass(&pos);
                let want: Vec<Move> = black
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&b| bf_forces(&play(&black, b), n - 1, Battle::Direct, goal))
                    .collect();
                let got: Vec<Move> = solution
                    .set_play
                    .as_ref()
                    .map(|set| set.iter().map(|v| v.mv).collect())
                    .unwrap_or_default();
                prop_assert_eq!(got, want);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A try with at most `most` refutations (Popeye's `option defence`),
    /// by the definition: a first move that is no key, after which at
    /// least one and at most `most` defences stop the goal in time; the
    /// trivial ones (checking, one refutation) left out when asked.
    #[test]
    fn tries_fail_to_at_most_the_refutations_asked(
        pos in arb_position(),
        most in 0u32..4,
        avoid in any::<bool>(),
    ) {
        let Some(pos) = pos else { return Ok(()) };
        if pos.turn() != Color::White {
            return Ok(());
        }
        let goal = Goal::Mate;
        for (play_kind, battle) in [(Play::Direct, Battle::Direct), (Play::SelfPlay, Battle::SelfPlay)] {
            for n in 1..=2u8 {
                let s = Stipulation::new(play_kind, goal, n);
                let solution = Solver::new(s)
                    .max_refutations(most)
                    .avoid_trivial_tries(avoid)
                    .variations(false)
                    .solve(&pos)
                    .expect("no limit");
                let mut want = Vec::new();
                for &m in pos.legal_moves().iter() {
                    let next = play(&pos, m);
                    if bf_fails(&next, n, battle, goal) {
                        continue;
                    }
                    let holds = |r: Move| {
                        let then = play(&next, r);
                        (battle == Battle::SelfPlay && reached(&then, goal))
                            || (n > 1 && bf_forces(&then, n - 1, battle, goal))
                    };
                    let refutations: Vec<Move> =
                        next.legal_moves().iter().copied().filter(|&r| !holds(r)).collect();
                    let trivial = avoid && next.is_check() && refutations.len() == 1;
                    if !refutations.is_empty() && refutations.len() <= most as usize && !trivial {
                        want.push((m, refutations));
                    }
                }
                let got: Vec<(Move, Vec<Move>)> =
                    solution.tries.iter().map(|t| (t.mv, t.refutations.clone())).collect();
                prop_assert_eq!(got, want, "{} defence {} avoid {}", s, most, avoid);
            }
        }
    }
}

/// hs#1, hs#1.5 and hs#2 (the side to move is the attacker in whole
/// moves, the defender with the half move), mate and stalemate: every
/// line of the brute force, and no other.
fn check_help_self(pos: &Position) -> Result<(), TestCaseError> {
    for goal in [Goal::Mate, Goal::Stalemate] {
        for (moves, half) in [(1, false), (1, true), (2, false)] {
            let mut s = Stipulation::new(Play::HelpSelf, goal, moves);
            if half {
                s = s.with_half();
            }
            let left = 2 * u16::from(moves) + u16::from(half) - 1;
            let mut want = Vec::new();
            bf_help_self(pos, left, goal, &mut Vec::new(), &mut want);
            let got: Vec<Vec<Move>> = solve(pos, s).lines.into_iter().map(|l| l.moves).collect();
            prop_assert_eq!(sorted(got), sorted(want), "{}", s);
        }
    }
    Ok(())
}

/// Random positions seldom force the defender to mate; in these (the
/// helpselfmates of `data/popeye_helpselfmates.txt`, the first also with
/// Black to move) it can be forced, at once or after help.
#[test]
fn help_self_play_where_the_defender_can_be_forced() {
    for fen in [
        "6KQ/6P1/1PB1n1k1/8/5Q2/8/4q2q/8 w - - 0 1",
        "6KQ/6P1/1PB1n1k1/8/5Q2/8/4q2q/8 b - - 0 1",
        "8/8/4R3/6q1/7K/4P3/1R6/2n1N1qk w - - 0 1",
        "1k6/1r6/8/8/8/1R6/2q5/K3Q3 w - - 0 1",
        "8/6P1/8/8/7K/R2q4/4q2k/4Q3 w - - 0 1",
    ] {
        let pos = Position::from_fen(&fen.parse().expect(fen), None).expect(fen);
        let lines = |s: &str| solve(&pos, s.parse().expect(s)).lines.len();
        if fen.starts_with("6KQ") && fen.contains(" w ") {
            assert!(lines("hs#1") > 0 && lines("hs#2") > lines("hs#1"), "{fen}");
        }
        check_help_self(&pos)
            .map_err(|e| format!("{fen}: {e}"))
            .unwrap();
    }
}

/// Helpselfmates (`data/popeye_helpselfmates.txt`): every line in
/// Popeye's order, with set play and duplex as their options ask, written
/// as Popeye 4.104 writes them.
#[test]
fn helpselfmates_have_popeyes_lines_in_popeyes_order() {
    use forsyth::solve::{read_popeye, write_popeye_with, PopeyeStyle};
    let text = include_str!("data/popeye_helpselfmates.txt");
    let mut count = 0;
    for block in text.split("====\n") {
        let (input, want) = block.split_once("----\n").expect("input and output");
        let input: String = input
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let problems = read_popeye(&input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let p = &problems[0];
        let stipulation = p.stipulation.expect("a stipulation");
        assert_eq!(stipulation.play, Play::HelpSelf);
        let start = p.start(&stipulation).expect("legal");
        let solution = Solver::new(stipulation)
            .set_play(p.asks_set_play())
            .popeye_table(true)
            .solve(&start)
            .expect("no limit");
        let mut got = String::new();
        write_popeye_with(&mut got, &start, &solution, &PopeyeStyle::default()).unwrap();
        let got: Vec<&str> = got.lines().filter(|l| !l.trim().is_empty()).collect();
        let want: Vec<&str> = want.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(!want.is_empty());
        assert_eq!(got, want, "{input}");
        count += 1;
    }
    assert_eq!(count, 4);
}

/// A reflexmate's set play in one and two by the definitions: were Black
/// to move in `pos` (White to move, not in check), its mates when it has
/// one (it must play one), else each Black move after which White forces
/// the reflexmate in `n - 1`.
fn check_reflex_set_play(pos: &Position) -> Result<(), TestCaseError> {
    if pos.turn() != Color::White || pos.is_check() {
        return Ok(());
    }
    let goal = Goal::Mate;
    let black = pass(pos);
    let forced = attacker_has_goal_move(&black, goal);
    for n in 1..=2u8 {
        let solution = Solver::new(Stipulation::new(Play::Reflex, goal, n))
            .set_play(true)
            .solve(pos)
            .expect("no limit");
        let want: Vec<Move> = black
            .legal_moves()
            .iter()
            .copied()
            .filter(|&b| {
                let next = play(&black, b);
                if forced {
                    reached(&next, goal)
                } else {
                    n > 1 && bf_forces(&next, n - 1, Battle::Reflex, goal)
                }
            })
            .collect();
        let got: Vec<Move> = solution
            .set_play
            .as_ref()
            .map(|set| set.iter().map(|v| v.mv).collect())
            .unwrap_or_default();
        prop_assert_eq!(got, want, "r#{} {}", n, pos.setup());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn reflexmate_set_play_in_one_and_two_equals_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        check_reflex_set_play(&pos)?;
    }
}

/// Random positions seldom let Black mate at once; these do (Popeye's
/// test file `TESTS/battle_play.inp`: "r#1 with set play", "r#2 with short
/// set play and short solution"), and the first with a rook and a black
/// knight added (Black may play the knight, but must mate).
#[test]
fn reflexmate_set_play_where_black_mates_at_once() {
    for fen in [
        "8/8/8/8/8/k6P/p7/K3n3 w - - 0 1",
        "8/8/5p2/8/pp6/kp5P/p7/K7 w - - 0 1",
        "7n/8/8/8/8/kp5P/p7/K1R5 w - - 0 1",
    ] {
        let pos = Position::from_fen(&fen.parse().unwrap(), None).unwrap();
        check_reflex_set_play(&pos).unwrap();
    }
}

/// The limits stop the search and say which stopped it.
#[test]
fn limits_stop_every_kind_of_play() {
    // A helpmate in 6 from the initial position takes millions of nodes.
    let pos = Position::standard();
    for s in [
        Stipulation::mate(6),
        Stipulation::new(Play::Series, Goal::Mate, 8),
        Stipulation::helpmate(6).with_half(),
    ] {
        let err = Solver::new(s).max_nodes(5_000).solve(&pos).unwrap_err();
        assert_eq!(err.reason, StopReason::Nodes, "{s}");
        assert!(
            err.nodes >= 5_000 && err.nodes < 50_000,
            "{s}: {}",
            err.nodes
        );
        let err = Solver::new(s)
            .max_time(Duration::ZERO)
            .solve(&pos)
            .unwrap_err();
        assert_eq!(err.reason, StopReason::Time, "{s}");
    }
    // The memory cap: the twelve lines of four moves of this h=2 (the
    // king steps out and back while the queen takes its last squares) do
    // not fit in 64 bytes; they fit in the default cap.
    let many = Position::from_fen(&"k7/8/8/8/8/8/8/K6Q b - - 0 1".parse().unwrap(), None).unwrap();
    let err = Solver::new(Stipulation::new(Play::Help, Goal::Stalemate, 2))
        .max_memory(64)
        .solve(&many)
        .unwrap_err();
    assert_eq!(err.reason, StopReason::Memory);
    let all = solve(&many, Stipulation::new(Play::Help, Goal::Stalemate, 2));
    assert_eq!(all.lines.len(), 12);
}

/// The problem of `data/popeye_h3_table.txt`: its diagram (Black to move)
/// and stipulation, and Popeye 4.104's output.
fn popeye_table_problem() -> (Position, Stipulation, &'static str) {
    use forsyth::solve::read_popeye;
    let text = include_str!("data/popeye_h3_table.txt");
    let (input, want) = text.split_once("----\n").expect("input and output");
    let input: String = input
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let problems = read_popeye(&input).expect("a Popeye input");
    let p = &problems[0];
    let stipulation = p.stipulation.expect("a stipulation");
    let start = p.start(&stipulation).expect("legal");
    (start, stipulation, want)
}

/// A helpmate in which Popeye's table of positions passes over lines that
/// solve: the rook on b8 with White to move is fruitless with three
/// half-moves left (the h#2 search after 1.Rd8-b8) and fruitful with five
/// (the h#3 search after 1.Rd8-b8), so the later h#3 lines reaching it again
/// with one half-move left, White's two moves cancelling out (1.Rd8-c8
/// Kh1-g1 2.Rc8-h8 Kg1-h1 3.Rh8-b8 Se6-c7#), are left out with
/// `Solver::popeye_table`, as Popeye 4.104 leaves them out (its whole
/// output in `data/popeye_h3_table.txt`).
#[test]
fn helpmate_lines_popeyes_table_passes_over_are_left_out() {
    use forsyth::solve::{write_popeye_with, PopeyeStyle};
    let (start, stipulation, want) = popeye_table_problem();
    let solution = Solver::new(stipulation)
        .popeye_table(true)
        .solve(&start)
        .expect("no limit");
    let mut got = String::new();
    write_popeye_with(&mut got, &start, &solution, &PopeyeStyle::default()).unwrap();
    let left_out = "  1.Rd8-c8 Kh1-g1   2.Rc8-h8 Kg1-h1   3.Rh8-b8 Se6-c7 #\n";
    assert!(!want.contains(left_out));
    assert!(want.contains("  1.Rd8-c8 Kh1-g1   2.Rc8-h8 Kg1-f1   3.Rh8-b8 Se6-c7 #\n"));
    assert_eq!(got.lines().count(), want.lines().count());
    assert_eq!(got, want);
}

/// Without `Solver::popeye_table` a helpmate lists every line: on the
/// problem whose lines Popeye's table leaves out, the lines are python-chess's
/// (`data/helpmates_h3_all.txt`), among them those Popeye 4.104 omits.
#[test]
fn helpmate_lists_every_line_popeyes_table_would_leave_out() {
    use forsyth::uci::CastlingMode;
    let (start, stipulation, popeye) = popeye_table_problem();
    let want: Vec<&str> = include_str!("data/helpmates_h3_all.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    let solution = solve(&start, stipulation);
    let mut got: Vec<String> = solution
        .lines
        .iter()
        .map(|line| {
            let mut pos = start.clone();
            let mut uci = Vec::new();
            for &m in &line.moves {
                uci.push(pos.uci(m, CastlingMode::Standard));
                pos = play(&pos, m);
            }
            uci.join(" ")
        })
        .collect();
    got.sort();
    assert_eq!(got, want);
    // 1.Rd8-c8 Kh1-g1 2.Rc8-h8 Kg1-h1 3.Rh8-b8 Se6-c7#: a line Popeye omits.
    let omitted = "d8c8 h1g1 c8h8 g1h1 h8b8 e6c7";
    assert!(got.iter().any(|l| l == omitted));
    assert!(!popeye.contains("2.Rc8-h8 Kg1-h1   3.Rh8-b8 Se6-c7 #"));
    assert!(popeye.lines().count() < want.len());
}

/// Published helpmates, helpstalemates and series movers (authors and
/// sources in `data/published_help.txt`, from Popeye's example files):
/// every solution, and the set play and duplex their options ask for,
/// written in Popeye's German as Popeye 4.104 writes them.
#[test]
fn published_help_and_series_problems_have_popeyes_solutions() {
    use forsyth::notation::Language;
    use forsyth::solve::{read_popeye, write_popeye_with, PopeyeStyle};
    let text = include_str!("data/published_help.txt");
    let mut count = 0;
    for block in text.split("====\n") {
        let Some((input, want)) = block.split_once("----\n") else {
            continue;
        };
        let input = input
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let problems = read_popeye(&input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let p = &problems[0];
        let stipulation = p.stipulation.expect("a stipulation");
        let start = p.start(&stipulation).expect("legal");
        let solution = Solver::new(stipulation)
            .set_play(p.asks_set_play())
            .solve(&start)
            .expect("no limit");
        let mut style = PopeyeStyle::default();
        style.language = Language::German;
        let mut got = String::new();
        write_popeye_with(&mut got, &start, &solution, &style).unwrap();
        let mut got: Vec<&str> = got.lines().filter(|l| !l.trim().is_empty()).collect();
        let mut want: Vec<&str> = want.lines().filter(|l| !l.trim().is_empty()).collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "{}", p.origin.as_deref().unwrap_or("?"));
        count += 1;
    }
    assert_eq!(count, 10);
}
