//! Replaying PGN games (`forsyth::pgn::Replay`, `specs/pgn.md` section 4):
//! the PGN standard's example game, hand-made games whose legality and
//! positions are worked out by the rules in each test, a Chess960
//! collection with its tags in every alias and order, and a property: a
//! random legal game written as SAN movetext (with comments, NAGs and
//! variations) replays to the positions it was played through.

use forsyth::fen::CastlingNotation;
use forsyth::pgn::{GameResult, Reader};
use forsyth::pgn::{Replay, ReplayWarning, ReplayedGame, ResultSource};
use forsyth::{Chess960Start, Color, Position, Setup, Variant};
use proptest::prelude::*;

fn replay_all(pgn: &str) -> Vec<ReplayedGame> {
    let mut games = Vec::new();
    Reader::new(pgn.as_bytes())
        .read_all(&mut Replay::default(), |g| games.push(g))
        .unwrap();
    games
}

fn one(pgn: &str) -> ReplayedGame {
    let mut games = replay_all(pgn);
    assert_eq!(games.len(), 1, "{pgn}");
    games.remove(0)
}

fn xfen(pos: &Position) -> String {
    pos.setup().to_fen(&CastlingNotation::XFen.into()).unwrap()
}

fn error_kind(game: &ReplayedGame) -> &'static str {
    game.error.as_ref().map_or("ok", |e| e.kind().name())
}

fn warning_kinds(game: &ReplayedGame) -> Vec<&'static str> {
    game.warnings.iter().map(|w| w.kind().name()).collect()
}

/// Section 2.3 of the standard: Fischer v Spassky 1992, 85 plies, drawn
/// after 43. Re6 with Black to move.
#[test]
fn the_standards_example_game_replays() {
    let game = one(include_str!("data/pgn/standard-example.pgn"));
    assert_eq!(error_kind(&game), "ok");
    assert!(game.warnings.is_empty());
    assert_eq!(game.variant, Variant::Standard);
    assert_eq!(game.positions.len(), 86);
    let last = game.positions.last().unwrap();
    assert_eq!(last.turn(), Color::Black);
    assert_eq!(last.setup().fullmoves, 43);
    // 5. O-O puts White's king on g1 and rook on f1 (ply 9).
    assert!(xfen(&game.positions[9]).contains("/RNBQ1RK1 "));
}

#[test]
fn the_first_illegal_move_is_reported_with_its_facts() {
    let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Bxf7 *\n";
    let game = one(pgn);
    let error = game.error.as_ref().unwrap();
    let at = error.at().unwrap();
    // A bishop on b5 does not reach f7 (not on a diagonal through b5).
    assert_eq!(at.text, "Bxf7");
    assert_eq!((at.span.line, at.span.column), (4, 14));
    assert_eq!((at.move_number, at.side), (4, Color::White));
    assert_eq!(
        xfen(&at.position),
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    );
    assert_eq!(game.start.line, 1);
    // The positions of the main line up to the bad move: start and 6 plies.
    assert_eq!(game.positions.len(), 7);
    assert_eq!(xfen(game.positions.last().unwrap()), xfen(&at.position));
}

#[test]
fn an_unreadable_move_and_an_ambiguous_one() {
    let game = one("1. e4 e5 2. Nf9 *");
    assert_eq!(error_kind(&game), "invalid_move");
    let game = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/R6R/8/4K3 w - - 0 1\"]\n1. Rd3 *");
    assert_eq!(error_kind(&game), "ambiguous_san");
    let mut candidates: Vec<String> = game
        .error
        .unwrap()
        .candidates()
        .iter()
        .map(|s| s.to_string())
        .collect();
    candidates.sort();
    assert_eq!(candidates, ["Rad3", "Rhd3"]);
}

/// A variation replays from the position before the move it replaces, at
/// any depth; after it the line goes on from where it was.
#[test]
fn variations_branch_from_the_position_before_their_move() {
    let pgn = "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 2. Nf3 (2. Bc4 Nc6 (2... Nf6)) Nc6 *";
    let game = one(pgn);
    assert_eq!(error_kind(&game), "ok");
    assert_eq!(game.positions.len(), 5);
    assert_eq!(
        xfen(&game.positions[4]),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    // 1... e5 in a variation of 1. e4 is White's move again: illegal there.
    let game = one("1. e4 (1... e5) *");
    let at = game.error.as_ref().unwrap().at().unwrap();
    assert_eq!(at.side, Color::White);
    assert_eq!(xfen(&at.position), xfen(&Position::standard()));
    // A variation before any move has nothing to replace.
    assert_eq!(
        error_kind(&one("(1. d4) 1. e4 *")),
        "variation_without_move"
    );
}

/// A variation starts from the position before the move it replaces,
/// exactly, whatever that move did: a null move, castling (king and rook
/// back home), en passant (the taken pawn back), a capture. Each variation
/// below opens with a move legal only there, then plays on; an `e.p.` mark
/// refused is reported with the position before the move it follows.
#[test]
fn a_variation_starts_before_the_move_it_replaces() {
    for pgn in [
        // After the null move Black is to move: White's c-pawn cannot
        // reach c5.
        "1. e4 -- (1... c5 2. Nf3) 2. d4 *",
        // The king back on e1 (Ke2), the rook on h1 (Rg1 after it).
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O (4. Ke2 Nf6 5. Rg1) 4... Nf6 *",
        // The pawn taken en passant back on d5 (dxc4).
        "1. e4 Nf6 2. e5 d5 3. exd6 (3. c4 dxc4) 3... exd6 *",
        // The knight taken back on f6 (Ne4 needs it there).
        "1. e4 Nf6 2. e5 d5 3. exf6 (3. d4 Ne4) 3... gxf6 *",
        // Nested: the inner variation replaces the outer one's move.
        "1. e4 e5 2. Nf3 (2. Bc4 Nc6 (2... Nf6 3. d3)) 2... Nc6 *",
    ] {
        let game = one(pgn);
        assert_eq!(error_kind(&game), "ok", "{pgn}");
    }
    // Castling rights come back too: White castles in the variation that
    // replaces the king's move.
    let game = one("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kf1 (4. O-O Nf6) *");
    assert_eq!(error_kind(&game), "ok");
    let bad = one("1. e4 Nf6 2. e5 d6 3. exd6 e.p. *");
    let at = bad.error.as_ref().unwrap().at().unwrap();
    assert_eq!(
        xfen(&at.position),
        "rnbqkb1r/ppp1pppp/3p1n2/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
    );
}

/// Null moves pass the turn: halfmove clock +1, fullmove +1 after Black's,
/// no en-passant square; never while in check.
#[test]
fn null_moves_pass_the_turn() {
    let game = one("1. e4 -- 2. Nf3 Z0 3. Nc3 *");
    assert_eq!(error_kind(&game), "ok");
    assert_eq!(
        xfen(&game.positions[2]),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
    assert_eq!(
        xfen(&game.positions[4]),
        "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 3 3"
    );
    let game = one("1. -- e5 *");
    assert_eq!(
        xfen(&game.positions[2]),
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"
    );
    let game = one("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *");
    assert_eq!(error_kind(&game), "illegal_null_move");
    let at = game.error.as_ref().unwrap().at().unwrap();
    assert_eq!((at.move_number, at.side), (3, Color::Black));
}

#[test]
fn en_passant_marks_are_judged() {
    let ok = one("1. e4 Nf6 2. e5 d5 3. exd6 e.p. *");
    assert_eq!(error_kind(&ok), "ok");
    let bad = one("1. e4 Nf6 2. e5 d6 3. exd6 e.p. *");
    assert_eq!(error_kind(&bad), "not_en_passant");
}

#[test]
fn syntax_errors_are_the_games_fault_too() {
    let game = one("1. e4 e5 $999 2. Nf3 *");
    assert_eq!(error_kind(&game), "bad_nag");
    // The earliest fault in the text wins.
    let game = one("1. e4 Ke7 $999 *");
    assert_eq!(error_kind(&game), "unreachable");
    // Nothing after a syntax error is judged: the positions stop there
    // (the start, then 1. e4), as they stop at a bad move.
    let game = one("1. e4 $999 e5 2. Nf3 *");
    assert_eq!((error_kind(&game), game.positions.len()), ("bad_nag", 2));
    let game = one("1. e4 e5 ) 2. Nf3 *");
    assert_eq!(
        (error_kind(&game), game.positions.len()),
        ("unbalanced_parenthesis", 3)
    );
}

/// A movetext without its result replays: the warning `missing_result`,
/// and the result is the one the last position decides, else the `Result`
/// tag's, else `*`.
#[test]
fn a_movetext_without_its_result_replays() {
    // The scholar's mate: 4. Qxf7# (the queen guarded by the bishop on c4;
    // d8 and f8 hold Black's own pieces, e7 is the queen's).
    let game = one("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
    assert_eq!(
        (error_kind(&game), game.result),
        ("ok", GameResult::WhiteWins)
    );
    assert_eq!(warning_kinds(&game), ["missing_result"]);
    let span = game.warnings[0].span();
    // The input is 39 bytes: the movetext ends at byte 40.
    assert_eq!((span.line, span.column), (1, 40));
    assert_eq!(
        game.warnings[0].to_string(),
        "movetext ends without a result (taken as 1-0)"
    );
    let game = one("[Result \"1/2-1/2\"]\n1. e4 e5");
    assert_eq!(
        (game.result, warning_kinds(&game)),
        (GameResult::Draw, vec!["missing_result"])
    );
    // The next game's tags end it (line 3): nothing claimed, `*`.
    let games = replay_all("1. e4 e5\n\n[Event \"next\"]\n*");
    assert_eq!(games[0].result, GameResult::Unknown);
    assert_eq!(games[0].warnings[0].span().line, 3);
    assert_eq!(
        (games[1].result, games[1].warnings.len()),
        (GameResult::Unknown, 0)
    );
}

/// The result a game is taken to have (`specs/pgn.md` 4.3), and the
/// warnings of what it claims: the `Result` tag against the termination
/// marker, and both against how the main line ends.
#[test]
fn results_are_judged_from_the_claims_and_the_last_position() {
    let judged = |pgn: &str| {
        let game = one(pgn);
        assert_eq!(error_kind(&game), "ok", "{pgn}");
        (game.result, warning_kinds(&game))
    };
    use GameResult::{BlackWins, Draw, Unknown, WhiteWins};
    // The tag and the marker disagree and the board says nothing: `*`.
    assert_eq!(
        judged("[Result \"1-0\"]\n1. e4 e5 0-1"),
        (Unknown, vec!["result_mismatch"])
    );
    // A tag that is no result, or `*`, claims nothing: the marker's.
    assert_eq!(
        judged("[Result \"?\"]\n1. e4 e5 1-0"),
        (WhiteWins, vec!["result_mismatch"])
    );
    assert_eq!(
        judged("[Result \"*\"]\n1. e4 e5 0-1"),
        (BlackWins, vec!["result_mismatch"])
    );
    assert_eq!(
        judged("[Result \"1-0\"]\n1. e4 e5 1-0"),
        (WhiteWins, vec![])
    );
    // Fool's mate: Black mates; a marker that says otherwise is
    // contradicted (there is no tag); the result is Black's win.
    let fools = "1. f3 e5 2. g4 Qh4#";
    assert_eq!(
        judged(&format!("{fools} 1-0")),
        (BlackWins, vec!["result_contradicted"])
    );
    let game = one(&format!("{fools} 1-0"));
    assert!(matches!(
        game.warnings[0],
        ReplayWarning::ResultContradicted {
            source: ResultSource::Movetext,
            result: WhiteWins,
            ..
        }
    ));
    assert_eq!(
        game.warnings[0].to_string(),
        "the movetext ends in 1-0 but black mates"
    );
    // `*` claims nothing, so nothing contradicts it, and it stays.
    assert_eq!(
        judged(&format!("[Result \"*\"]\n{fools} *")),
        (Unknown, vec![])
    );
    // Sam Loyd's stalemate in ten moves: 10. Qe6 leaves Black's king on g6
    // no move, nor any other black piece. Both claims of 1-0 are one
    // claim, contradicted once, on the tag.
    let loyd = "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 \
                7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6";
    let game = one(&format!("[Result \"1-0\"]\n{loyd} 1-0"));
    assert_eq!(
        (game.result, warning_kinds(&game)),
        (Draw, vec!["result_contradicted"])
    );
    assert_eq!(
        game.warnings[0].to_string(),
        "Result is 1-0 but the game ends in a draw by stalemate"
    );
    assert_eq!(judged(&format!("{loyd} 1/2-1/2")), (Draw, vec![]));
    // A knight and a king cannot mate a lone king: a draw, whatever the
    // game says.
    let knight = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2N w - - 0 1\"]\n";
    assert_eq!(
        judged(&format!("{knight}[Result \"1-0\"]\n1. Ng3 1-0")),
        (Draw, vec!["result_contradicted"])
    );
    // A game with a fault is `*`: what replays of it is unfinished.
    assert_eq!(one("[Result \"1-0\"]\n1. e4 e5 2. Ke3 1-0").result, Unknown);
}

#[test]
fn result_tags_a_mate_contradicts_are_warnings() {
    let mate = "1. f3 e5 2. g4 Qh4# ";
    for (result, warned) in [
        ("0-1", false),
        ("1-0", true),
        ("1/2-1/2", true),
        ("*", false),
    ] {
        let game = one(&format!("[Result \"{result}\"]\n{mate}{result}"));
        assert_eq!(error_kind(&game), "ok");
        let expected: &[&str] = if warned {
            &["result_contradicted"]
        } else {
            &[]
        };
        assert_eq!(warning_kinds(&game), expected, "{result}");
    }
}

#[test]
fn setup_tags_are_read_and_validated() {
    let game = one("[SetUp \"1\"]\n1. e4 *");
    assert_eq!(error_kind(&game), "setup_without_fen");
    let game = one("[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n*");
    assert_eq!(error_kind(&game), "bad_fen");
    // No black king, and White's king in check with Black... not to move.
    let game = one("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/4K3 w - - 0 1\"]\n*");
    assert_eq!(error_kind(&game), "illegal_fen");
    assert!(game.error.unwrap().to_string().contains("missing_king"));
    // Standard FEN with SetUp: replays from it, Black to move.
    let pgn = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n[SetUp \"1\"]\n30... Kd7 31. e4 *";
    let game = one(pgn);
    assert_eq!(error_kind(&game), "ok");
    assert_eq!(xfen(&game.positions[2]), "8/3k4/8/8/4P3/8/8/4K3 b - - 0 31");
    assert!(game.setup_tags);
    // FEN without SetUp: a warning.
    let game = one("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n*");
    assert_eq!(warning_kinds(&game), ["fen_without_setup"]);
    let game = one("[Variant \"Crazyhouse\"]\n*");
    assert_eq!(error_kind(&game), "unsupported_variant");
}

/// A Chess960 position: kings on e, rooks on b and g. `KQkq` (X-FEN) names
/// the b and g rooks; standard chess would need rooks on a and h.
const C960: &str = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1";
/// After 1. O-O (king e1 to g1, rook g1 to f1) O-O-O (king e8 to c8, rook
/// b8 to d8): no rights left, halfmove clock 2.
const C960_AFTER: &str = "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2";

#[test]
fn a_chess960_collection_with_every_alias_and_tag_order() {
    let aliases = [
        "Chess960",
        "chess 960",
        "Fischerandom",
        "FischerRandom",
        "Fischer Random",
        "960",
        "fischer-random",
        "CHESS960",
    ];
    let mut pgn = String::new();
    for (i, alias) in aliases.iter().enumerate() {
        let variant = format!("[Variant \"{alias}\"]\n");
        let fen = format!("[FEN \"{C960}\"]\n");
        let setup = "[SetUp \"1\"]\n".to_string();
        let tags = match i % 3 {
            0 => [variant, setup, fen],
            1 => [fen, setup, variant],
            _ => [setup, fen, variant],
        };
        pgn.push_str(&format!(
            "[Event \"{i}\"]\n{}\n1. O-O O-O-O *\n\n",
            tags.concat()
        ));
    }
    let games = replay_all(&pgn);
    assert_eq!(games.len(), aliases.len());
    for (game, alias) in games.iter().zip(aliases) {
        assert_eq!(error_kind(game), "ok", "{alias}");
        assert!(game.warnings.is_empty(), "{alias}");
        assert_eq!(game.variant, Variant::Chess960);
        assert_eq!(xfen(game.positions.last().unwrap()), C960_AFTER);
    }
}

#[test]
fn chess960_castling_without_a_chess960_variant() {
    // No Variant, X-FEN letters: replayed as Chess960, with a warning.
    let game = one(&format!("[SetUp \"1\"]\n[FEN \"{C960}\"]\n1. O-O O-O-O *"));
    assert_eq!(error_kind(&game), "ok");
    assert_eq!(warning_kinds(&game), ["chess960_without_variant"]);
    assert_eq!(xfen(game.positions.last().unwrap()), C960_AFTER);
    // A standard Variant: an error.
    let game = one(&format!(
        "[Variant \"Standard\"]\n[SetUp \"1\"]\n[FEN \"{C960}\"]\n1. O-O *"
    ));
    assert_eq!(error_kind(&game), "castling_needs_chess960");
    // Shredder-FEN file letters standard FEN cannot write, no Variant: read
    // the same as the X-FEN letters, with the same warning.
    let shredder = C960.replace("KQkq", "GBgb");
    let game = one(&format!(
        "[SetUp \"1\"]\n[FEN \"{shredder}\"]\n1. O-O O-O-O *"
    ));
    assert_eq!(error_kind(&game), "ok");
    assert_eq!(warning_kinds(&game), ["chess960_without_variant"]);
    assert_eq!(xfen(game.positions.last().unwrap()), C960_AFTER);
    // ... and refused alike under a standard Variant.
    let game = one(&format!(
        "[Variant \"Standard\"]\n[SetUp \"1\"]\n[FEN \"{shredder}\"]\n1. O-O *"
    ));
    assert_eq!(error_kind(&game), "castling_needs_chess960");
    // A Chess960 start array is Chess960 whatever its castling field, even
    // `-`, which tells nothing: every start but 518 (the standard one).
    for start in [0, 517, 519, 959] {
        let setup = Chess960Start::new(start).unwrap().to_setup();
        let placement = xfen(&Position::from_setup(setup).unwrap());
        let placement = placement.split(' ').next().unwrap();
        let game = one(&format!(
            "[SetUp \"1\"]\n[FEN \"{placement} w - - 0 1\"]\n1. a3 *"
        ));
        assert_eq!(error_kind(&game), "ok", "{start}");
        assert_eq!(
            warning_kinds(&game),
            ["chess960_without_variant"],
            "{start}"
        );
        assert_eq!(game.variant, Variant::Chess960);
    }
    let game =
        one("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n*");
    assert_eq!(
        (game.variant, warning_kinds(&game)),
        (Variant::Standard, vec![])
    );
    // The same letters under Chess960 are the same position.
    let game = one(&format!(
        "[SetUp \"1\"]\n[FEN \"{shredder}\"]\n[Variant \"Chess960\"]\n1. O-O O-O-O *"
    ));
    assert_eq!(xfen(game.positions.last().unwrap()), C960_AFTER);
    // Standard chess's own start in Shredder-FEN needs no Chess960.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    let game = one(&format!("[SetUp \"1\"]\n[FEN \"{start}\"]\n1. e4 *"));
    assert_eq!((error_kind(&game), game.variant), ("ok", Variant::Standard));
}

/// A ply as generated: the index of the move played among the legal
/// moves, the index of an alternative for a variation, whether to annotate.
type Ply = (usize, Option<usize>, bool);

/// A random legal game: the start (a Chess960 number, or the standard
/// start), then plies chosen by index among the legal moves.
fn arb_game() -> impl Strategy<Value = (Option<u16>, Vec<Ply>)> {
    (
        prop_oneof![Just(None), (0u16..960).prop_map(Some)],
        prop::collection::vec(
            (
                any::<usize>(),
                prop::option::of(any::<usize>()),
                any::<bool>(),
            ),
            0..80,
        ),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_legal_games_replay_to_their_positions((start, plies) in arb_game()) {
        let setup = match start {
            // A game tagged Chess960 is played under Chess960 rules, start
            // 518 included (`to_setup` gives 518 the standard variant).
            Some(n) => Setup { variant: Variant::Chess960, ..Chess960Start::new(n).unwrap().to_setup() },
            None => Setup::standard(),
        };
        let mut pos = Position::from_setup(setup).unwrap();
        let mut played = vec![pos.clone()];
        let mut pgn = String::new();
        if start.is_some() {
            pgn.push_str(&format!("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n", xfen(&pos)));
        }
        for (pick, alt, annotate) in plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let list: Vec<_> = moves.into_iter().collect();
            let m = list[pick % list.len()];
            if pos.turn() == Color::White {
                pgn.push_str(&format!("{}. ", pos.setup().fullmoves));
            } else if annotate {
                pgn.push_str(&format!("{}... ", pos.setup().fullmoves));
            }
            pgn.push_str(&pos.san(m));
            if annotate {
                pgn.push_str(" $1 {a comment} ");
            }
            pgn.push(' ');
            if let Some(alt) = alt {
                let other = list[alt % list.len()];
                pgn.push_str(&format!("( {} ) ", pos.san(other)));
            }
            pos = pos.play(m).unwrap();
            played.push(pos.clone());
        }
        pgn.push('*');
        let game = one(&pgn);
        prop_assert!(game.error.is_none(), "{:?}\n{}", game.error, pgn);
        let got: Vec<&Setup> = game.positions.iter().map(Position::setup).collect();
        let want: Vec<&Setup> = played.iter().map(Position::setup).collect();
        prop_assert_eq!(got, want);
    }
}

/// Words of PGN and near-PGN: tags (good and bad), moves (legal at the
/// start or not), null moves, variations, comments, results.
fn arb_word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[SetUp \"1\"]\n".to_string()),
        Just(format!("[FEN \"{C960}\"]\n")),
        Just("[FEN \"8/8/8/8 w - -\"]\n".to_string()),
        Just("[Variant \"Fischer Random\"]\n".to_string()),
        Just("[Variant \"Atomic\"]\n".to_string()),
        Just("[Result \"1-0\"]\n".to_string()),
        "[a-hNBRQKO1-8x=+#-]{1,6}",
        Just("--".to_string()),
        Just("Z0".to_string()),
        Just("e.p.".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("{c}".to_string()),
        Just("1.".to_string()),
        Just("*".to_string()),
        Just("1-0".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// On any such text the replay never panics, every game gives a
    /// verdict (a fault with a kind and a message, or at least its start
    /// position), and games are numbered in order.
    #[test]
    fn any_text_gives_a_verdict_per_game(words in prop::collection::vec(arb_word(), 0..40)) {
        let pgn = words.join(" ");
        let mut reader = Reader::new(pgn.as_bytes());
        let mut replay = Replay::default();
        let mut games = 0;
        while let Some(game) = reader.read_game(&mut replay).unwrap() {
            games += 1;
            prop_assert_eq!(game.start.number, games);
            if let Some(error) = &game.error {
                prop_assert!(!error.kind().name().is_empty());
                prop_assert!(!error.to_string().is_empty());
            } else {
                prop_assert!(!game.positions.is_empty());
            }
        }
        prop_assert_eq!(reader.games(), games);
    }

    /// Resuming at any game boundary (`Reader::position`, then
    /// `Reader::resume` on the rest of the bytes) gives the same verdicts,
    /// numbers, spans and errors between games as reading on: what
    /// `pgn --threads` relies on. Words are joined with line feeds and `%`
    /// lines now and then, so lines and columns count too.
    #[test]
    fn resuming_at_a_game_boundary_reads_the_same_games(
        words in prop::collection::vec(arb_word(), 0..40),
        seps in prop::collection::vec(prop::sample::select(vec![" ", "\n", "\n% x\n", " } "]), 40),
    ) {
        let mut pgn = String::new();
        for (w, sep) in words.iter().zip(&seps) {
            pgn.push_str(w);
            pgn.push_str(sep);
        }
        let bytes = pgn.as_bytes();
        let read = |mut reader: Reader<&[u8]>| {
            let mut replay = Replay::default();
            let mut out = Vec::new();
            let mut positions = Vec::new();
            while let Some(game) = reader.read_game(&mut replay).unwrap() {
                out.push((Some(game), replay.take_stray()));
                positions.push(reader.position());
            }
            out.push((None, replay.take_stray()));
            (out, positions)
        };
        let (whole, boundaries) = read(Reader::new(bytes));
        for (k, at) in boundaries.iter().enumerate() {
            let (rest, _) = read(Reader::resume(&bytes[at.offset as usize..], *at));
            prop_assert_eq!(&rest[..], &whole[k + 1..]);
        }
    }
}

/// Moves in another language's letters replay when every language that
/// reads them as a legal move agrees (`specs/pgn.md` 4.2): the German and
/// Greek games of `foreign.pgn` reach the positions of the same moves in
/// English.
#[test]
fn localized_moves_replay_when_their_readings_agree() {
    let games = replay_all(include_str!("data/pgn/foreign.pgn"));
    let english = one("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
    assert_eq!(
        (error_kind(&games[0]), &games[0].positions),
        ("ok", &english.positions)
    );
    let english = one("1. e4 e5 2. Nf3 Nc6 *");
    assert_eq!(
        (error_kind(&games[1]), &games[1].positions),
        ("ok", &english.positions)
    );
}

/// `Sf3` is a knight move in German and a bishop move in Czech (S for
/// střelec): with a knight on g1 and a bishop on e2 both are legal, so the
/// token names no one move and stays an error.
#[test]
fn localized_readings_that_disagree_are_an_error() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4B3/4K1N1 w - - 0 1\"]\n\n1. Sf3 *";
    assert_eq!(error_kind(&one(pgn)), "invalid_move");
    let knight_only = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1\"]\n\n1. Sf3 *";
    let game = one(knight_only);
    assert_eq!(error_kind(&game), "ok");
    assert_eq!(xfen(&game.positions[1]), "4k3/8/8/8/8/5N2/8/4K3 b - - 1 1");
}

/// A move English reads but finds illegal is never read in another
/// language: `Ng5` after 1. d4 Nf6 is a knight no knight reaches, though
/// Romanian (N for nebun, the bishop) would read it as the legal Bg5.
#[test]
fn an_illegal_english_move_is_not_read_in_another_language() {
    let game = one("1. d4 Nf6 2. Ng5 *");
    assert_eq!(error_kind(&game), "unreachable");
    let before = &game.positions[2];
    let romanian =
        forsyth::notation::Notation::San(forsyth::notation::Language::Romanian).read(before, "Ng5");
    assert_eq!(romanian.map(|m| m.role()), Ok(forsyth::Role::Bishop));
}
