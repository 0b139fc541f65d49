//! The solver against independent truth: the Greek three-mover's printed
//! solution, 19th-century mates from the literature, and a brute-force
//! full-width search written here (no table, no ordering, no pruning).

mod common;

use forsyth::{
    read_popeye, Board, ChessProblem, Color, Key, Move, Piece, Position, Role, Setup, Solution,
    Solver, Square, Stipulation, Variant, Variation,
};
use proptest::prelude::*;

fn play(pos: &Position, m: Move) -> Position {
    pos.play(m).expect("a legal move")
}

fn solve(pos: &Position, n: u8) -> Solution {
    Solver::new(Stipulation::Mate(n))
        .solve(pos)
        .expect("not cancelled")
}

/// The variation among `list` whose move is written `san` in `pos`.
fn find<'a>(pos: &Position, list: &'a [Variation], san: &str) -> &'a Variation {
    list.iter()
        .find(|v| pos.san(v.mv) == san)
        .unwrap_or_else(|| {
            let all: Vec<String> = list.iter().map(|v| pos.san(v.mv)).collect();
            panic!("{san} is not among {all:?}")
        })
}

/// Follows the moves `line` (SAN, Black's first) through a key's tree and
/// returns the last node.
fn follow<'a>(pos: &Position, key: &'a Key, line: &[&str]) -> (&'a Variation, Position) {
    let mut pos = play(pos, key.mv);
    let mut list = &key.defences;
    let mut node = None;
    for san in line {
        let v = find(&pos, list, san);
        pos = play(&pos, v.mv);
        list = &v.replies;
        node = Some(v);
    }
    (node.expect("a line"), pos)
}

#[test]
fn the_greek_three_mover_has_one_key_and_every_printed_variation() {
    let problem =
        ChessProblem::from_statement("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) Ματ σε 3 κινήσεις", None)
            .expect("reads");
    assert_eq!(problem.stipulation, Some(Stipulation::Mate(3)));
    let pos = &problem.position;
    let solution = solve(pos, 3);
    assert_eq!(solution.keys.len(), 1, "exactly one key");
    assert!(!solution.is_cooked());
    let key = &solution.keys[0];
    assert_eq!(pos.san(key.mv), "Nd4");
    // Printed: 1...Kd7 2.Nb5 Ke7 3.Rf7#
    for line in [
        &["Kd7", "Nb5", "Ke7", "Rf7#"][..],
        &["Kd6", "Rd8+", "Kc7", "Ne6#"],
        &["Kd6", "Rd8+", "Ke7", "Nc6#"],
        &["Kd6", "Rd8+", "Ke5", "Nc6#"],
    ] {
        let (mate, after) = follow(pos, key, line);
        assert!(mate.replies.is_empty() && after.is_checkmate(), "{line:?}");
    }
    // Every White continuation that also mates in time is in the tree,
    // and marked a dual exactly when it has a rival: checked against the
    // brute force at each White node of the tree.
    check_tree(pos, &solution, 3);
    // Black has two defences, both kept.
    assert_eq!(key.defences.len(), 2);
    let after_key = play(pos, key.mv);
    assert_eq!(after_key.legal_moves().len(), 2);
}

/// The brute force: the side to move mates in at most `k` moves.
fn bf_mates(pos: &Position, k: u8) -> bool {
    pos.legal_moves()
        .iter()
        .any(|&m| bf_after(&play(pos, m), k))
}

/// The defender to move after the attacker's move that had `k` moves: it
/// is mated now, or every reply leaves a mate in `k - 1`.
fn bf_after(pos: &Position, k: u8) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return pos.is_check();
    }
    k > 1 && replies.iter().all(|&r| bf_mates(&play(pos, r), k - 1))
}

/// The fewest moves (up to `k`) in which the move that led to `pos` mates.
fn bf_length(pos: &Position, k: u8) -> Option<u8> {
    (1..=k).find(|&j| bf_after(pos, j))
}

/// White to move with `k` moves: the continuations are exactly the moves
/// that mate in time, each marked short and dual as the definitions say,
/// each followed by every Black defence.
fn check_white(pos: &Position, list: &[Variation], k: u8) {
    let expected: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| bf_after(&play(pos, m), k))
        .collect();
    let got: Vec<Move> = list.iter().map(|v| v.mv).collect();
    assert_eq!(got, expected, "continuations in {}", pos.setup());
    for v in list {
        let next = play(pos, v.mv);
        let len = bf_length(&next, k).expect("mates");
        assert_eq!(v.short, len < k, "short");
        assert_eq!(v.dual, list.len() > 1, "dual");
        check_black(&next, &v.replies, k);
    }
}

/// Black to move after a White move that had `k` moves: every defence.
fn check_black(pos: &Position, list: &[Variation], k: u8) {
    if pos.is_checkmate() {
        assert!(list.is_empty());
        return;
    }
    let all: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let got: Vec<Move> = list.iter().map(|v| v.mv).collect();
    assert_eq!(got, all, "every defence");
    for v in list {
        assert!(!v.dual && !v.short);
        check_white(&play(pos, v.mv), &v.replies, k - 1);
    }
}

/// The whole solution against the brute force: the keys, each key's tree
/// and its threat.
fn check_tree(pos: &Position, solution: &Solution, n: u8) {
    let expected: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| bf_after(&play(pos, m), n))
        .collect();
    let keys: Vec<Move> = solution.keys.iter().map(|k| k.mv).collect();
    assert_eq!(keys, expected, "keys of {}", pos.setup());
    for key in &solution.keys {
        let next = play(pos, key.mv);
        let len = bf_length(&next, n).expect("the key mates");
        assert_eq!(key.short, len < n);
        assert_eq!(key.check, next.is_check());
        check_black(&next, &key.defences, n);
        // The threat: were Black to pass, White's shortest mates.
        let threat = if next.is_check() || len == 1 {
            None
        } else {
            let mut setup = next.setup().clone();
            setup.turn = Color::White;
            setup.ep_square = None;
            let passed = Position::from_setup(setup).expect("legal after a pass");
            (1..n).find(|&j| bf_mates(&passed, j)).map(|j| (passed, j))
        };
        match (&key.threat, threat) {
            (None, None) => {}
            (Some(list), Some((passed, j))) => check_white(&passed, list, j),
            (got, want) => panic!("threat {got:?}, expected one: {}", want.is_some()),
        }
    }
}

#[test]
fn mates_from_nineteenth_century_games() {
    let text = include_str!("data/classic_mates.txt");
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [record, stipulation, key, source] = fields[..] else {
            panic!("bad line {line}");
        };
        let problem = ChessProblem::from_statement(&format!("{record} {stipulation}"), None)
            .unwrap_or_else(|e| panic!("{source}: {e}"));
        let Some(Stipulation::Mate(n)) = problem.stipulation else {
            panic!("{source}: no stipulation");
        };
        let pos = &problem.position;
        let solution = solve(pos, n);
        let keys: Vec<String> = solution.keys.iter().map(|k| pos.san(k.mv)).collect();
        assert!(
            keys.iter().any(|k| k == key),
            "{source}: {key} not among {keys:?}"
        );
        // Every key found mates against every defence (the brute force).
        for k in &solution.keys {
            assert!(bf_after(&play(pos, k.mv), n), "{source}: {}", pos.san(k.mv));
        }
        count += 1;
    }
    assert_eq!(count, 18);
}

#[test]
fn the_popeye_file_of_the_greek_problem_solves_alike() {
    let input = include_str!("../../../tests/data/greek-3.inp");
    let problems = read_popeye(input).expect("reads");
    let greek = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) (5+1)", None).unwrap();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].position, greek.position);
    assert_eq!(problems[0].options, ["variation"]);
    assert_eq!(
        solve(&problems[0].position, 3).keys,
        solve(&greek.position, 3).keys
    );
}

#[test]
fn mate_in_n_means_at_most_n() {
    // Rh8# mates at once: it is a key of #1, #2 and #3, marked short after #1.
    let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse().unwrap(), None).unwrap();
    for n in 1..=3 {
        let solution = solve(&pos, n);
        let mate = solution
            .keys
            .iter()
            .find(|k| pos.san(k.mv) == "Rh8#")
            .expect("a key");
        assert_eq!(mate.short, n > 1);
        assert!(mate.threat.is_none() && mate.defences.is_empty());
    }
    // A stalemate is no mate.
    let stale =
        Position::from_fen(&"k7/8/1K6/8/8/8/8/1R6 w - - 0 1".parse().unwrap(), None).unwrap();
    let solution = solve(&stale, 1);
    assert!(solution
        .keys
        .iter()
        .all(|k| play(&stale, k.mv).is_checkmate()));
}

#[test]
fn a_set_flag_cancels_the_search() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    let pos = Position::from_setup(Setup::standard()).unwrap();
    let result = Solver::new(Stipulation::Mate(4)).cancel(&stop).solve(&pos);
    assert!(result.is_err());
}

/// A position with few pieces, built where mates are: Black's king on the
/// edge (the 8th rank), White's king facing it two ranks below half the
/// time, and one to four more pieces anywhere.
fn arb_position() -> impl Strategy<Value = Option<Position>> {
    (
        0u32..64,
        0u32..8,
        any::<bool>(),
        prop::collection::vec((0u32..64, 0usize..10), 1..5),
    )
        .prop_map(|(wk, bk_file, facing, others)| {
            let bk = 56 + bk_file;
            let wk = if facing {
                40 + (bk_file + wk % 3).saturating_sub(1).min(7)
            } else {
                wk
            };
            let mut board = Board::empty();
            board.set_piece_at(Square::new(wk)?, Role::King.of(Color::White));
            if board.piece_at(Square::new(bk)?).is_some() {
                return None;
            }
            board.set_piece_at(Square::new(bk)?, Role::King.of(Color::Black));
            // Mostly White's pieces: White's queen, rooks, bishops,
            // knights, pawns; Black's knight, bishop, pawns.
            const PIECES: [(Role, Color); 10] = [
                (Role::Queen, Color::White),
                (Role::Rook, Color::White),
                (Role::Rook, Color::White),
                (Role::Bishop, Color::White),
                (Role::Knight, Color::White),
                (Role::Pawn, Color::White),
                (Role::Knight, Color::Black),
                (Role::Bishop, Color::Black),
                (Role::Pawn, Color::Black),
                (Role::Pawn, Color::Black),
            ];
            for (sq, pick) in others {
                let sq = Square::new(sq)?;
                if board.piece_at(sq).is_none() {
                    let (role, color) = PIECES[pick];
                    board.set_piece_at(sq, Piece { color, role });
                }
            }
            let setup = Setup {
                board,
                turn: Color::White,
                castling: Default::default(),
                ep_square: None,
                halfmoves: 0,
                fullmoves: 1,
                variant: Variant::Standard,
            };
            Position::from_setup(setup).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mate_in_one_and_two_equal_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for n in 1..=2 {
            check_tree(&pos, &solve(&pos, n), n);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn mate_in_three_equals_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        let solution = solve(&pos, 3);
        let keys: Vec<Move> = solution.keys.iter().map(|k| k.mv).collect();
        let expected: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| bf_after(&play(&pos, m), 3))
            .collect();
        prop_assert_eq!(keys, expected);
    }
}
