//! The goals beside mate and stalemate (`#=`, `==`, `+`, `x`, `z` and a
//! square), pawns on a back rank and the play after the key, against
//! brute-force searches written here from the definitions of
//! `specs/solve.md` §1 (every legal move, no table, no pruning) and
//! against Popeye 4.104's answers on the same positions.

use forsyth::solve::{ChessProblem, Goal, Solver, Stipulation};
use forsyth::{Color, Move, Position, Role, Square};
use proptest::prelude::*;

use crate::common::reached;

fn play(pos: &Position, m: Move) -> Position {
    pos.play(m).expect("a legal move")
}

/// Direct play: the attacker, to move in `pos`, reaches `goal` in at most
/// `n` moves against every defence. A play that ends without the goal
/// (the defender without a move) fails.
fn wins(pos: &Position, goal: Goal, n: u8) -> bool {
    pos.legal_moves().iter().any(|&m| key_wins(pos, m, goal, n))
}

fn key_wins(pos: &Position, m: Move, goal: Goal, n: u8) -> bool {
    let next = play(pos, m);
    if reached(goal, m, &next) {
        return true;
    }
    let defences = next.legal_moves();
    n > 1 && !defences.is_empty() && defences.iter().all(|&d| wins(&play(&next, d), goal, n - 1))
}

/// Help play: every line of `left` half-moves, the attacker making the odd
/// ones counted from the end, ending at the attacker's move that reaches
/// the goal (a shorter line too).
fn bf_help(pos: &Position, left: u16, goal: Goal, path: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
    for &m in pos.legal_moves().iter() {
        let next = play(pos, m);
        path.push(m);
        if left % 2 == 1 && reached(goal, m, &next) {
            out.push(path.clone());
        } else if left > 1 {
            bf_help(&next, left - 1, goal, path, out);
        }
        path.pop();
    }
}

fn keys(pos: &Position, stipulation: Stipulation) -> Vec<Move> {
    let solution = Solver::new(stipulation).solve(pos).expect("no limit");
    solution.keys.iter().map(|k| k.mv).collect()
}

fn stipulation(text: &str) -> Stipulation {
    text.parse().expect("a stipulation")
}

/// The pieces of the random positions.
const PIECES: [(Role, Color); 9] = [
    (Role::Queen, Color::White),
    (Role::Rook, Color::White),
    (Role::Bishop, Color::White),
    (Role::Knight, Color::White),
    (Role::Pawn, Color::White),
    (Role::Rook, Color::Black),
    (Role::Knight, Color::Black),
    (Role::Bishop, Color::Black),
    (Role::Pawn, Color::Black),
];

/// Few pieces, both kings anywhere, either side to move.
fn arb_position() -> impl Strategy<Value = Option<Position>> {
    crate::common::arb_sparse_position(&PIECES, 0..64)
}

const GOALS: [&str; 6] = ["#=", "==", "+", "x", "zd4", "ze6"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The keys of each goal in one and two moves are the brute force's.
    #[test]
    fn direct_goals_match_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for goal in GOALS {
            for n in 1..=2u8 {
                let s = stipulation(&format!("{goal}{n}"));
                let mut expected: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&m| key_wins(&pos, m, s.goal, n))
                    .collect();
                let mut found = keys(&pos, s);
                expected.sort_by_key(|m| format!("{m:?}"));
                found.sort_by_key(|m| format!("{m:?}"));
                prop_assert_eq!(found, expected, "{} {}", s, pos.setup());
                prop_assert_eq!(wins(&pos, s.goal, n), !keys(&pos, s).is_empty());
            }
        }
    }

    /// Help play with each goal, in one move and in one and a half: every
    /// line the brute force finds, and no other.
    #[test]
    fn help_goals_match_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for goal in GOALS {
            for (text, half_moves) in [("1", 2u16), ("0.5", 1), ("1.5", 3)] {
                // The side to move makes the first move.
                let s = stipulation(&format!("h{goal}{text}"));
                let mut expected = Vec::new();
                bf_help(&pos, half_moves, s.goal, &mut Vec::new(), &mut expected);
                let solution = Solver::new(s).solve(&pos).expect("no limit");
                let mut found: Vec<Vec<Move>> =
                    solution.lines.iter().map(|l| l.moves.clone()).collect();
                let key = |l: &Vec<Move>| l.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>();
                expected.sort_by_key(key);
                found.sort_by_key(key);
                prop_assert_eq!(found, expected, "{} {}", s, pos.setup());
            }
        }
    }
}

/// Self and reflex play by the definitions: the attacker to move forces
/// the defender to reach the goal in at most `k` of its moves; in reflex
/// play an attacker that can reach the goal must (and fails), a defender
/// that can must (and the play ends there).
fn self_forces(pos: &Position, goal: Goal, k: u8, reflex: bool) -> bool {
    let moves = pos.legal_moves();
    if reflex && moves.iter().any(|&m| reached(goal, m, &play(pos, m))) {
        return false;
    }
    moves
        .iter()
        .any(|&m| self_fails(&play(pos, m), goal, k, reflex))
}

/// The defender to move after the attacker's move of `k` moves left.
fn self_fails(pos: &Position, goal: Goal, k: u8, reflex: bool) -> bool {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return false;
    }
    let ends = |r: Move| reached(goal, r, &play(pos, r));
    if reflex && moves.iter().any(|&r| ends(r)) {
        return true;
    }
    moves
        .iter()
        .all(|&r| ends(r) || (k > 1 && self_forces(&play(pos, r), goal, k - 1, reflex)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The goals of the move in self and reflex play (Popeye's `s+2`,
    /// `rx2`, `rzc62`): the keys in one and two moves are the brute
    /// force's, and in reflex play the attacker's moves that reach the
    /// goal are the forced ones.
    #[test]
    fn self_and_reflex_goals_match_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for goal in ["+", "x", "zd4", "#"] {
            for (kind, reflex) in [("s", false), ("r", true)] {
                for n in 1..=2u8 {
                    let s = stipulation(&format!("{kind}{goal}{n}"));
                    let moves = pos.legal_moves();
                    let reaching: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|&m| reached(s.goal, m, &play(&pos, m)))
                        .collect();
                    let mut expected: Vec<Move> = if reflex && !reaching.is_empty() {
                        Vec::new()
                    } else {
                        moves
                            .iter()
                            .copied()
                            .filter(|&m| self_fails(&play(&pos, m), s.goal, n, reflex))
                            .collect()
                    };
                    let solution = Solver::new(s).solve(&pos).expect("no limit");
                    let mut found: Vec<Move> = solution.keys.iter().map(|k| k.mv).collect();
                    expected.sort_by_key(|m| format!("{m:?}"));
                    found.sort_by_key(|m| format!("{m:?}"));
                    prop_assert_eq!(found, expected, "{} {}", s, pos.setup());
                    let want_forced = if reflex { reaching } else { Vec::new() };
                    prop_assert_eq!(&solution.forced, &want_forced, "{} {}", s, pos.setup());
                }
            }
        }
    }
}

/// Stipulations with the goals read and written back as Popeye writes
/// them; the goals Popeye has beside them are refused, named.
#[test]
fn goals_read_and_refused() {
    for text in [
        "#=2", "==3", "+1", "x2", "zc61", "h#=2", "ser-x3", "hzd43.5", "ser-h+2",
    ] {
        let s = stipulation(text);
        assert_eq!(s.to_string(), text);
    }
    assert_eq!(stipulation("zc61").goal, Goal::Target(Square::C6));
    assert_eq!(stipulation("s#=2").goal, Goal::MateOrStalemate);
    for (text, named) in [
        ("##!2", "##!"),
        ("##2", "##"),
        ("s##!1", "##!"),
        ("%3", "%"),
        ("sep1", "ep"),
        ("~1", "~"),
        ("h003", "00"),
        ("ser-!=7", "!="),
        ("ser-s+2", "+"),
        ("ser-sx3", "x"),
    ] {
        let err = text.parse::<Stipulation>().unwrap_err();
        assert_eq!(err.kind().name(), "goal", "{text}");
        assert!(
            err.message().contains(&format!("the goal {named}")),
            "{text}: {}",
            err.message()
        );
    }
}

fn record(fen: &str, s: &str) -> (Position, Stipulation) {
    let p = ChessProblem::from_statement(&format!("{fen} {s}"), None).expect("reads");
    (p.position, p.stipulation.expect("stated"))
}

fn san_keys(fen: &str, s: &str) -> Vec<String> {
    let (pos, s) = record(fen, s);
    let mut keys: Vec<String> = keys(&pos, s).into_iter().map(|m| pos.san(m)).collect();
    keys.sort();
    keys
}

/// Popeye 4.104's keys on the same positions: `#=2` (its test file
/// TESTS/battle_play.inp, "#=2 with short solution": 1.Rc3-c1 #= and
/// 1.Rc3-b3 #=, both short), `+1` (1.Qc1-a3, a1, c8, c6, h1, the mate
/// 1.Qc8 among them), `zc61` (1.Kb6-c6 z, White in check from the knight)
/// and `x2` (1.Kc6-b5, b6 and c7, the king in check from the pawn).
#[test]
fn goals_as_popeye_solves_them() {
    assert_eq!(
        san_keys("8/8/8/8/8/K1R5/8/k7 w - - 0 1", "#=2"),
        ["Rb3", "Rc1#"]
    );
    assert_eq!(
        san_keys("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "+1"),
        ["Qa1+", "Qa3+", "Qc6+", "Qc8#", "Qh1+"]
    );
    assert_eq!(
        san_keys("k1n5/p7/1K6/8/8/8/8/5B1R w - - 0 1", "zc61"),
        ["Kc6"]
    );
    assert_eq!(
        san_keys("k6n/1p6/2K5/8/8/3n4/8/5B1R w - - 0 1", "x2"),
        ["Kb5", "Kb6", "Kc7"]
    );
}

/// A pawn on a back rank, as Popeye takes it (checked with Popeye 4.104,
/// every move of one side listed with the goal `~1`): it neither moves nor
/// attacks, and it can be taken.
#[test]
fn a_pawn_on_a_back_rank_neither_moves_nor_attacks() {
    // White's pawns on e1 and f8: White has its king's three moves only.
    let (pos, _) = record("k4P2/8/8/8/8/8/8/K3P3 w - - 0 1", "#1");
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
    moves.sort();
    assert_eq!(moves, ["Ka2", "Kb1", "Kb2"]);
    // Black's king beside White's pawn on e1 is not in check and may go
    // to d2 (Popeye: Kc2-d1, d3, b3, c1, c3, d2).
    let (pos, _) = record("8/8/8/8/8/8/2k5/K3P3 b - - 0 1", "#1");
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
    moves.sort();
    assert_eq!(moves, ["Kb3", "Kc1", "Kc3", "Kd1", "Kd2", "Kd3"]);
    let (pos, _) = record("8/8/8/8/8/8/3k4/K3P3 b - - 0 1", "#1");
    assert!(!pos.is_check());
    // Black's pawn on c8 does not move; a Black pawn on d2 takes e1.
    let (pos, _) = record("2p4k/8/8/8/8/8/3p4/K3P3 b - - 0 1", "#1");
    let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
    assert!(!moves.iter().any(|m| m.starts_with("c7")), "{moves:?}");
    assert!(moves.iter().any(|m| m.starts_with("dxe1")), "{moves:?}");
}

/// The play after the key (`option postkey`) against the brute force: the
/// refutations are the defences after which White does not reach the
/// goal in the moves left (battle_play.inp's "#1.5 incomplete": 1...h4).
#[test]
fn the_play_after_the_key_finds_the_refutations() {
    let pos =
        Position::from_fen(&"k3n3/P7/1K6/3N3p/8/8/8/8 b - - 0 1".parse().unwrap(), None).unwrap();
    let solution = Solver::new(Stipulation::mate(2))
        .postkey(true)
        .solve(&pos)
        .unwrap();
    let after = solution.after_key.expect("battle play");
    let expected: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&d| !wins(&play(&pos, d), Goal::Mate, 1))
        .collect();
    assert_eq!(after.refutations, expected);
    assert_eq!(
        after
            .refutations
            .iter()
            .map(|&m| pos.san(m))
            .collect::<Vec<_>>(),
        ["h4"]
    );
    assert_eq!(after.defences.len(), pos.legal_moves().len());
    assert!(solution.keys.is_empty());
}
