//! The solver against independent truth: the Greek three-mover's printed
//! solution, 19th-century mates from the literature, a selfmate checked by
//! hand, and a brute-force full-width search written here (no table, no
//! ordering, no pruning) for direct mates and selfmates.

use forsyth::notation::Language;
use forsyth::solve::{
    read_popeye, ChessProblem, Goal, Key, ParsePopeyeErrorKind, Play, Solution, Solver,
    Stipulation, Variation,
};
use forsyth::validate::ProblemKind;
use forsyth::{Board, Color, Move, Piece, Position, Role, Setup, Square, Variant};
use proptest::prelude::*;

fn play(pos: &Position, m: Move) -> Position {
    pos.play(m).expect("a legal move")
}

fn solve(pos: &Position, n: u8) -> Solution {
    Solver::new(Stipulation::mate(n))
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
    assert_eq!(problem.stipulation, Some(Stipulation::mate(3)));
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
    check_tree(DIRECT, pos, &solution, 3);
    // Black has two defences, both kept.
    assert_eq!(key.defences.len(), 2);
    let after_key = play(pos, key.mv);
    assert_eq!(after_key.legal_moves().len(), 2);
}

/// The brute force, under direct-mate or selfmate rules.
#[derive(Copy, Clone)]
struct Rules {
    selfmate: bool,
}

const DIRECT: Rules = Rules { selfmate: false };
const SELFMATE: Rules = Rules { selfmate: true };

impl Rules {
    /// The side to move reaches the goal in at most `k` moves: it mates
    /// (selfmate: forces the other side to mate it).
    fn mates(self, pos: &Position, k: u8) -> bool {
        pos.legal_moves()
            .iter()
            .any(|&m| self.after(&play(pos, m), k))
    }

    /// The defender to move after the attacker's move that had `k` moves:
    /// every reply loses in time. Direct: the defender is mated now, or
    /// every reply leaves a mate in `k - 1`. Selfmate: it has a reply, and
    /// each reply mates the attacker or leaves a selfmate in `k - 1`.
    fn after(self, pos: &Position, k: u8) -> bool {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return !self.selfmate && pos.is_check();
        }
        if self.selfmate {
            replies.iter().all(|&r| {
                let next = play(pos, r);
                next.is_checkmate() || (k > 1 && self.mates(&next, k - 1))
            })
        } else {
            k > 1 && replies.iter().all(|&r| self.mates(&play(pos, r), k - 1))
        }
    }

    /// The fewest moves (up to `k`) in which the move that led to `pos`
    /// reaches the goal.
    fn length(self, pos: &Position, k: u8) -> Option<u8> {
        (1..=k).find(|&j| self.after(pos, j))
    }
}

/// The direct-mate brute force.
fn bf_after(pos: &Position, k: u8) -> bool {
    DIRECT.after(pos, k)
}

/// White to move with `k` moves: the continuations are exactly the moves
/// that reach the goal in time, each marked short and dual as the
/// definitions say, each followed by every Black defence.
fn check_white(rules: Rules, pos: &Position, list: &[Variation], k: u8) {
    // Every move that reaches the goal in time, with its length; the
    // continuations are those of the fewest moves.
    let timely: Vec<(Move, u8)> = pos
        .legal_moves()
        .iter()
        .filter_map(|&m| rules.length(&play(pos, m), k).map(|len| (m, len)))
        .collect();
    let fewest = timely.iter().map(|&(_, len)| len).min().unwrap_or(0);
    let expected: Vec<Move> = timely
        .iter()
        .filter(|&&(_, len)| len == fewest)
        .map(|&(m, _)| m)
        .collect();
    let got: Vec<Move> = list.iter().map(|v| v.mv).collect();
    assert_eq!(got, expected, "continuations in {}", pos.setup());
    for v in list {
        let next = play(pos, v.mv);
        let len = fewest;
        assert_eq!(v.short, len < k, "short");
        assert_eq!(v.dual, list.len() > 1, "dual: a rival as fast");
        assert_eq!(v.moves(), len, "the tree's length");
        check_black(rules, &next, &v.replies, k);
    }
}

/// Black to move after a White move that had `k` moves: every defence,
/// each followed by White's continuations, or by nothing when it mates
/// White (a selfmate's end).
fn check_black(rules: Rules, pos: &Position, list: &[Variation], k: u8) {
    if pos.is_checkmate() {
        assert!(!rules.selfmate && list.is_empty());
        return;
    }
    let all: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let got: Vec<Move> = list.iter().map(|v| v.mv).collect();
    assert_eq!(got, all, "every defence");
    for v in list {
        assert!(!v.dual && !v.short);
        let next = play(pos, v.mv);
        if rules.selfmate && next.is_checkmate() {
            assert!(v.replies.is_empty());
        } else {
            check_white(rules, &next, &v.replies, k - 1);
        }
    }
}

/// The whole solution against the brute force: the keys, each key's tree
/// and its threat.
fn check_tree(rules: Rules, pos: &Position, solution: &Solution, n: u8) {
    let expected: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| rules.after(&play(pos, m), n))
        .collect();
    let keys: Vec<Move> = solution.keys.iter().map(|k| k.mv).collect();
    assert_eq!(keys, expected, "keys of {}", pos.setup());
    for key in &solution.keys {
        let next = play(pos, key.mv);
        let len = rules.length(&next, n).expect("the key works");
        assert_eq!(key.short, len < n);
        assert_eq!(key.check, next.is_check());
        check_black(rules, &next, &key.defences, n);
        // The threat: were Black to pass, White's shortest way there.
        let threat = if next.is_check() || len == 1 {
            None
        } else {
            let mut setup = next.setup().clone();
            setup.turn = Color::White;
            setup.ep_square = None;
            let passed = Position::from_setup(setup).expect("legal after a pass");
            (1..n)
                .find(|&j| rules.mates(&passed, j))
                .map(|j| (passed, j))
        };
        match (&key.threat, threat) {
            (None, None) => {}
            (Some(list), Some((passed, j))) => check_white(rules, &passed, list, j),
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
        let Some(n) = problem.stipulation.map(|s| s.moves) else {
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
fn a_selfmate_in_one_checked_by_hand() {
    // 1.Qf2+ Kxf2#: the king must take (e1, e2, g1, g2 are covered, the
    // rook cannot block a contact check, the pawn may not move), and the
    // rook on a1 then mates the king on h1 (g1, g2 covered by the king on
    // f2, h2 its own pawn).
    let pos =
        Position::from_fen(&"8/8/3p4/8/8/4Q3/7P/r4k1K w - - 0 1".parse().unwrap(), None).unwrap();
    let solution = Solver::new(Stipulation::selfmate(1)).solve(&pos).unwrap();
    let keys: Vec<String> = solution.keys.iter().map(|k| pos.san(k.mv)).collect();
    assert_eq!(keys, ["Qf2+"]);
    let after = play(&pos, solution.keys[0].mv);
    let defences: Vec<String> = solution.keys[0]
        .defences
        .iter()
        .map(|d| after.san(d.mv))
        .collect();
    assert_eq!(defences, ["Kxf2#"]);
    check_tree(SELFMATE, &pos, &solution, 1);
    // The same position is no selfmate with White's queen elsewhere.
    let no =
        Position::from_fen(&"8/8/3p4/8/8/8/Q6P/r4k1K w - - 0 1".parse().unwrap(), None).unwrap();
    let solution = Solver::new(Stipulation::selfmate(1)).solve(&no).unwrap();
    check_tree(SELFMATE, &no, &solution, 1);
}

#[test]
fn a_set_flag_cancels_the_search() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    let pos = Position::standard();
    let result = Solver::new(Stipulation::mate(4)).cancel(&stop).solve(&pos);
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
            crate::common::sparse_position(wk, bk, &others, &PIECES, Color::White)
        })
}

/// A position built where selfmates are: the selfmate in one checked by
/// hand (White Kh1, Ph2; Black Kf1, Ra1) with White's queen anywhere,
/// Black's rook on a1 or anywhere on the first rank, and maybe one more
/// piece.
fn arb_selfmate_position() -> impl Strategy<Value = Option<Position>> {
    (0u32..64, 0u32..5, prop::option::of((0u32..64, 0usize..4))).prop_map(|(queen, rook, extra)| {
        let mut board = Board::empty();
        let mut put = |sq: u32, piece: Piece| -> Option<()> {
            let sq = Square::new(sq)?;
            if board.piece_at(sq).is_some() {
                return None;
            }
            board.set_piece_at(sq, piece);
            Some(())
        };
        put(7, Role::King.of(Color::White))?;
        put(15, Role::Pawn.of(Color::White))?;
        put(5, Role::King.of(Color::Black))?;
        put(rook, Role::Rook.of(Color::Black))?;
        put(queen, Role::Queen.of(Color::White))?;
        if let Some((sq, pick)) = extra {
            let piece = [
                Role::Pawn.of(Color::Black),
                Role::Bishop.of(Color::Black),
                Role::Knight.of(Color::White),
                Role::Rook.of(Color::White),
            ][pick];
            put(sq, piece)?;
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
    fn selfmates_in_one_and_two_equal_the_brute_force(pos in arb_selfmate_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for n in 1..=2 {
            let solution = Solver::new(Stipulation::selfmate(n)).solve(&pos).expect("solves");
            check_tree(SELFMATE, &pos, &solution, n);
        }
    }

    #[test]
    fn selfmate_set_play_in_one_and_two_equals_the_brute_force(pos in arb_selfmate_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for n in 1..=2 {
            let solution = Solver::new(Stipulation::selfmate(n))
                .set_play(true)
                .solve(&pos)
                .expect("solves");
            check_set_play(&pos, &solution, n);
        }
    }
}

/// A selfmate's set play by the definition: were Black to move in `pos`
/// (White not in check), each Black move that mates White at once (no
/// replies), or after which White forces Black to mate in `n - 1`, with
/// those continuations; the other Black moves left out.
fn check_set_play(pos: &Position, solution: &Solution, n: u8) {
    if pos.is_check() {
        assert!(solution.set_play.is_none());
        return;
    }
    let black = crate::common::pass(pos);
    let want: Vec<Move> = black
        .legal_moves()
        .iter()
        .copied()
        .filter(|&b| {
            let next = play(&black, b);
            next.is_checkmate() || (n > 1 && SELFMATE.mates(&next, n - 1))
        })
        .collect();
    let set = solution.set_play.as_deref().unwrap_or_default();
    let got: Vec<Move> = set.iter().map(|v| v.mv).collect();
    assert_eq!(got, want, "set play of {}", pos.setup());
    for v in set {
        let next = play(&black, v.mv);
        if next.is_checkmate() {
            assert!(v.replies.is_empty());
        } else {
            check_white(SELFMATE, &next, &v.replies, n - 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mate_in_one_and_two_equal_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for n in 1..=2 {
            check_tree(DIRECT, &pos, &solve(&pos, n), n);
            let selfmate = Solver::new(Stipulation::selfmate(n)).solve(&pos).expect("solves");
            check_tree(SELFMATE, &pos, &selfmate, n);
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Keys alone (no tree): the brute force's keys with their short marks,
    /// tries refuted by exactly the brute force's one refutation, and the
    /// same first moves as the whole solution gives.
    #[test]
    fn keys_alone_equal_the_brute_force_and_the_whole_solution(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        for (rules, n) in [(DIRECT, 1), (DIRECT, 2), (DIRECT, 3), (SELFMATE, 2)] {
            let stipulation = if rules.selfmate {
                Stipulation::selfmate(n)
            } else {
                Stipulation::mate(n)
            };
            let alone = Solver::new(stipulation)
                .tries(true)
                .variations(false)
                .solve(&pos)
                .expect("solves");
            let whole = Solver::new(stipulation).tries(true).solve(&pos).expect("solves");
            let mut keys = Vec::new();
            let mut tries = Vec::new();
            for &m in pos.legal_moves().iter() {
                let next = play(&pos, m);
                if let Some(len) = rules.length(&next, n) {
                    keys.push((m, len < n));
                    continue;
                }
                let refutations: Vec<Move> = next
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&r| {
                        let after = play(&next, r);
                        let ends = rules.selfmate && after.is_checkmate();
                        !(ends || (n > 1 && rules.mates(&after, n - 1)))
                    })
                    .collect();
                if refutations.len() == 1 {
                    tries.push((m, refutations));
                }
            }
            let got: Vec<(Move, bool)> = alone.keys.iter().map(|k| (k.mv, k.short)).collect();
            prop_assert_eq!(&got, &keys);
            let got_tries: Vec<(Move, Vec<Move>)> =
                alone.tries.iter().map(|t| (t.mv, t.refutations.clone())).collect();
            prop_assert_eq!(&got_tries, &tries);
            let bare = alone
                .keys
                .iter()
                .chain(&alone.tries)
                .all(|k| k.threat.is_none() && k.defences.is_empty());
            prop_assert!(bare, "a key or try with a tree");
            let whole_keys: Vec<(Move, bool)> =
                whole.keys.iter().map(|k| (k.mv, k.short)).collect();
            prop_assert_eq!(&got, &whole_keys);
            let whole_tries: Vec<Move> = whole.tries.iter().map(|t| t.mv).collect();
            let alone_tries: Vec<Move> = alone.tries.iter().map(|t| t.mv).collect();
            prop_assert_eq!(alone_tries, whole_tries);
        }
    }
}

#[test]
fn a_slower_way_beside_a_short_mate_is_no_variation() {
    // Rook and king against the cornered king as #3: the whole tree
    // against the brute force (continuations: the fewest-move ways).
    let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse().unwrap(), None).unwrap();
    let solution = solve(&pos, 3);
    check_tree(DIRECT, &pos, &solution, 3);
    // 1.Kc7 Ka7: 2.Ra1# mates at once; the brute force finds slower ways
    // (a mate in two) too, and the tree leaves them out: no dual.
    let key = solution
        .keys
        .iter()
        .find(|k| pos.san(k.mv) == "Kc7")
        .expect("a key");
    let (ka7, after) = follow(&pos, key, &["Ka7"]);
    let conts: Vec<String> = ka7.replies.iter().map(|c| after.san(c.mv)).collect();
    assert_eq!(conts, ["Ra1#"]);
    assert!(ka7.replies[0].short && !ka7.replies[0].dual);
    let slower = after
        .legal_moves()
        .iter()
        .filter(|&&m| after.san(m) != "Ra1#" && bf_after(&play(&after, m), 2))
        .count();
    assert!(slower > 0, "a slower way exists");
}

#[test]
fn castling_as_the_codex_allows_and_en_passant_only_when_stated() {
    // Worked by hand. Black Kf8 is shut in by its rooks e8/g8 and pawns
    // e7/g7 (neither rook can reach the f-file): a rook on f1 mates, by
    // 1.Rf1# or by 1.O-O#. The codex allows castling (king and rook on
    // their squares): both are keys; a FEN without castling rights has
    // only 1.Rf1#.
    let sans = |p: &ChessProblem| -> Vec<String> {
        let solution = solve(&p.position, 1);
        solution.keys.iter().map(|k| p.position.san(k.mv)).collect()
    };
    let codex = ChessProblem::from_statement("(4rkr1/4p1p1/8/8/8/8/8/4K2R) #1", None).unwrap();
    assert_eq!(sans(&codex), ["O-O#", "Rf1#"]);
    let fen =
        ChessProblem::from_statement("4rkr1/4p1p1/8/8/8/8/8/4K2R w - - 0 1 #1", None).unwrap();
    assert_eq!(sans(&fen), ["Rf1#"]);
    // Black's d-pawn has just come to d5 (a FEN saying so: d6): exd6 e.p.
    // opens the e-file for Re1 against Ke8 (d7 held by Nb6, e7 by the new
    // pawn, d8/f8/f7 Black's own, no Black piece reaches the e-file). The
    // codex allows no en passant in a diagram: no mate in one then.
    let ep =
        ChessProblem::from_statement("3rkr2/5p2/1N6/3pP3/8/8/8/4R2K w - d6 0 1 #1", None).unwrap();
    assert_eq!(sans(&ep), ["exd6#"]);
    let diagram = ChessProblem::from_statement("(3rkr2/5p2/1N6/3pP3/8/8/8/4R2K) #1", None).unwrap();
    assert!(sans(&diagram).is_empty());
}

/// A position validation refuses but move generation handles is read with
/// what was refused set aside, and solved as given (Popeye solves it).
/// Worked by hand: White's king on f6 is in check from g7, a pawn that
/// never moved (no move could have given the check); 1.Qxg7# takes the
/// checker, guarded by the king, h7 and g8 being the queen's; every other
/// answer to the check is a king move, which mates nothing. A position move
/// generation cannot handle (no king, a pawn on its first rank) is refused.
#[test]
fn an_impossible_check_is_set_aside_and_solved() {
    let statement = ChessProblem::from_statement("(7k/6p1/5K2/8/8/8/8/6Q1) #1", None).unwrap();
    let fen = ChessProblem::from_statement("7k/6p1/5K2/8/8/8/8/6Q1 w - - 0 1 #1", None).unwrap();
    let popeye = read_popeye(
        "beginproblem\npieces white Kf6 Qg1 black Kh8 Pg7\nstipulation #1\nendproblem\n",
    )
    .unwrap();
    for problem in [&statement, &fen, &popeye[0]] {
        let kinds: Vec<ProblemKind> = problem.set_aside.iter().map(|p| p.kind()).collect();
        assert_eq!(kinds, [ProblemKind::ImpossibleCheck]);
        assert_eq!(problem.position, statement.position);
        let solution = solve(&problem.position, 1);
        let keys: Vec<String> = solution
            .keys
            .iter()
            .map(|k| problem.position.san(k.mv))
            .collect();
        assert_eq!(keys, ["Qxg7#"]);
    }
    // A legal problem sets nothing aside.
    let legal = ChessProblem::from_statement("(k7/8/1K6/8/8/8/8/7R) #1", None).unwrap();
    assert!(legal.set_aside.is_empty());
    let err = ChessProblem::from_statement("(7k/6p1/8/8/8/8/8/6Q1) #1", None).unwrap_err();
    assert_eq!(err.kind().name(), "illegal");
    let err = read_popeye("beginproblem pieces white Kf6 black Pa1 endproblem").unwrap_err();
    assert_eq!(err.kind, ParsePopeyeErrorKind::Illegal);
    // A pawn on a back rank is a problem's, as Popeye takes it: set aside,
    // and it neither moves nor attacks.
    let p = ChessProblem::from_statement("(7k/6p1/5K2/8/8/8/8/P5Q1) #1", None).unwrap();
    let kinds: Vec<ProblemKind> = p.set_aside.iter().map(|p| p.kind()).collect();
    assert!(kinds.contains(&ProblemKind::PawnOnBackRank), "{kinds:?}");
    let keys: Vec<String> = solve(&p.position, 1)
        .keys
        .iter()
        .map(|k| p.position.san(k.mv))
        .collect();
    assert_eq!(keys, ["Qxg7#"]);
    let p = read_popeye("beginproblem pieces white Pa1 Kf6 black Kh8 endproblem").unwrap();
    assert_eq!(p[0].set_aside[0].kind(), ProblemKind::PawnOnBackRank);
}

/// The piece count may follow a bare placement as it follows one in
/// parentheses: the same problem, the count checked against the
/// placement (26 is the byte offset of the count's '(').
#[test]
fn a_count_may_follow_a_bare_placement() {
    let bare = "T7/4k3/4S3/K2L4/8/8/8/5T2 (5+1) Matt in 3 Zügen";
    let parenthesised = "(T7/4k3/4S3/K2L4/8/8/8/5T2) (5+1) Matt in 3 Zügen";
    let a = ChessProblem::from_statement(bare, None).unwrap();
    let b = ChessProblem::from_statement(parenthesised, None).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.stipulation, Some(Stipulation::mate(3)));
    assert_eq!(a.language, Some(Language::German));
    let err = ChessProblem::from_statement("T7/4k3/4S3/K2L4/8/8/8/5T2 (4+1) #3", None).unwrap_err();
    assert_eq!((err.kind().name(), err.offset), ("statement", 26));
    assert_eq!(
        err.message(),
        "piece count: (4+1) stated, but the placement has 5 white and 1 black (5+1)"
    );
    let err = ChessProblem::from_statement("T7/4k3/4S3/K2L4/8/8/8/5T2 (5 1) #3", None).unwrap_err();
    assert_eq!((err.kind().name(), err.offset), ("statement", 28));
    // A full FEN record keeps its own fields and has no count.
    let err = ChessProblem::from_statement("R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1 (5+1) #3", None)
        .unwrap_err();
    assert_eq!(err.kind().name(), "stipulation");
}

/// Popeye's `option threat t` by its manual's words, written here in full
/// width: "the opposite party has defended when there is no threat in
/// less or equal this number of moves". The attacker to move reaches mate
/// in at most `k` moves, each of its quiet moves that leaves more than `t`
/// moves threatening mate in at most `t`.
fn threat_mates(pos: &Position, k: u8, t: u8) -> bool {
    (1..=k).any(|j| {
        pos.legal_moves()
            .iter()
            .any(|&m| threat_after(&play(pos, m), j, t))
    })
}

/// The defender to move after an attacker's move that had `j` moves.
fn threat_after(pos: &Position, j: u8, t: u8) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return pos.is_check();
    }
    if j > t && !pos.is_check() {
        let mut passed = pos.setup().clone();
        passed.turn = !passed.turn;
        passed.ep_square = None;
        let passed = Position::from_setup(passed).expect("the defender passes, not in check");
        if !threat_mates(&passed, t, t) {
            return false;
        }
    }
    j > 1
        && replies
            .iter()
            .all(|&r| threat_mates(&play(pos, r), j - 1, t))
}

/// The keys under `option threat t` against the full-width search above.
fn check_threat_keys(pos: &Position, n: u8, t: u8) {
    let solution = Solver::new(Stipulation::mate(n))
        .max_threat(t)
        .solve(pos)
        .expect("solves");
    let keys: Vec<Move> = solution.keys.iter().map(|k| k.mv).collect();
    let expected: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| (1..=n).any(|j| threat_after(&play(pos, m), j, t)))
        .collect();
    assert_eq!(keys, expected, "{} #{n} threat {t}", pos.setup());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mate_in_two_with_threat_one_equals_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        check_threat_keys(&pos, 2, 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn mate_in_three_with_threats_equals_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        check_threat_keys(&pos, 3, 1);
        check_threat_keys(&pos, 3, 2);
    }
}

/// `option threat t` in selfmates and reflexmates, full width, as Popeye
/// 4.104 counts a threat there (its guard before each defence with more
/// than `t` attacker's moves to come, the threat's play given `2t - 1`
/// half moves): in a reflexmate the threat is a reflexmate in `t`; in a
/// selfmate the defender's forced mate must come within those half moves,
/// a selfmate in `t - 1`, so that `threat 1` holds no quiet move. A
/// reflexmate's defender that can mate must, before any threat is asked.
/// The attacker to move reaches the goal in at most `k` moves.
fn other_threat_mates(kind: Play, pos: &Position, k: u8, t: u8) -> bool {
    let moves = pos.legal_moves();
    if kind == Play::Reflex && moves.iter().any(|&m| play_mates(pos, m)) {
        return false;
    }
    (1..=k).any(|j| {
        moves
            .iter()
            .any(|&m| other_threat_after(kind, &play(pos, m), j, t))
    })
}

fn play_mates(pos: &Position, m: Move) -> bool {
    play(pos, m).is_checkmate()
}

/// The defender to move after an attacker's move that had `j` moves.
fn other_threat_after(kind: Play, pos: &Position, j: u8, t: u8) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return false;
    }
    if kind == Play::Reflex && replies.iter().any(|&r| play_mates(pos, r)) {
        return true;
    }
    if j > t && !pos.is_check() {
        let mut passed = pos.setup().clone();
        passed.turn = !passed.turn;
        passed.ep_square = None;
        let passed = Position::from_setup(passed).expect("the defender passes, not in check");
        let threat = match kind {
            Play::SelfPlay => t > 1 && other_threat_mates(kind, &passed, t - 1, t),
            _ => other_threat_mates(kind, &passed, t, t),
        };
        if !threat {
            return false;
        }
    }
    replies.iter().all(|&r| {
        let next = play(pos, r);
        (kind == Play::SelfPlay && next.is_checkmate())
            || (j > 1 && other_threat_mates(kind, &next, j - 1, t))
    })
}

/// The keys of a selfmate or reflexmate in `n` under `option threat t`
/// against the full-width search above: each first move at the full
/// length, as Popeye tries the keys.
fn check_other_threat_keys(kind: Play, pos: &Position, n: u8, t: u8) {
    let solution = Solver::new(Stipulation::new(kind, Goal::Mate, n))
        .max_threat(t)
        .solve(pos)
        .expect("solves");
    let keys: Vec<Move> = solution.keys.iter().map(|k| k.mv).collect();
    let moves = pos.legal_moves();
    let forced = kind == Play::Reflex && moves.iter().any(|&m| play_mates(pos, m));
    let expected: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| !forced && other_threat_after(kind, &play(pos, m), n, t))
        .collect();
    assert_eq!(keys, expected, "{} {kind:?} {n} threat {t}", pos.setup());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn selfmates_with_threats_equal_the_brute_force(pos in arb_selfmate_position()) {
        let Some(pos) = pos else { return Ok(()) };
        check_other_threat_keys(Play::SelfPlay, &pos, 2, 1);
        check_other_threat_keys(Play::SelfPlay, &pos, 3, 1);
        check_other_threat_keys(Play::SelfPlay, &pos, 3, 2);
    }

    #[test]
    fn reflexmates_with_threats_equal_the_brute_force(pos in arb_position()) {
        let Some(pos) = pos else { return Ok(()) };
        check_other_threat_keys(Play::Reflex, &pos, 2, 1);
        check_other_threat_keys(Play::Reflex, &pos, 3, 1);
        check_other_threat_keys(Play::Reflex, &pos, 3, 2);
    }
}

/// The positions made for the threat in selfmates and reflexmates
/// (checked with Popeye 4.104 in the CLI tests), where the limit changes
/// the keys, against the full-width search.
#[test]
fn made_selfmates_and_reflexmates_with_threats_equal_the_brute_force() {
    let fen = |f: &str| Position::from_fen(&f.parse().expect("a FEN"), None).expect("legal");
    let selfmate = fen("8/8/8/5p2/6Q1/kp6/p7/K7 w - - 0 1");
    for (n, t) in [(2, 1), (3, 1), (3, 2)] {
        check_other_threat_keys(Play::SelfPlay, &selfmate, n, t);
    }
    let reflex = fen("7b/6n1/2Q3R1/8/8/kp4R1/p7/K7 w - - 0 1");
    for t in [1, 2] {
        check_other_threat_keys(Play::Reflex, &reflex, 3, t);
    }
}

/// The Greek three-mover's key threatens a mate in two: it stands with
/// threat 2 and falls with threat 1; a waiting key falls with threat 1.
#[test]
fn threat_length_keeps_or_drops_the_keys() {
    let greek = ChessProblem::from_statement("(R7/4k3/4N3/K2B4/8/8/8/5R2) #3", None)
        .expect("reads")
        .position;
    for (t, keys) in [(1, 0), (2, 1), (3, 1)] {
        let solution = Solver::new(Stipulation::mate(3))
            .max_threat(t)
            .solve(&greek)
            .expect("solves");
        assert_eq!(solution.keys.len(), keys, "threat {t}");
    }
    // 1.Ka6-b6 zugzwang; 1.Sd5-b6 mates at once.
    let waiting = ChessProblem::from_statement("(k3n3/P7/K7/3N4/8/8/8/8) #2", None)
        .expect("reads")
        .position;
    let keys = |solution: Solution| -> Vec<String> {
        let mut keys: Vec<String> = solution.keys.iter().map(|k| waiting.san(k.mv)).collect();
        keys.sort();
        keys
    };
    let plain = Solver::new(Stipulation::mate(2))
        .solve(&waiting)
        .expect("solves");
    assert_eq!(keys(plain), ["Kb6", "Nb6#"]);
    let one = Solver::new(Stipulation::mate(2))
        .max_threat(1)
        .solve(&waiting)
        .expect("solves");
    assert_eq!(keys(one), ["Nb6#"]);
}
