//! The end of a PGN game's main line by fivefold repetition
//! (`specs/pgn.md` 4.3, FIDE Laws 9.6.1): games built here whose
//! repetitions are counted by hand from the definition the spec states
//! (the same side to move, the same pieces on the same squares, the same
//! castling rights, an en-passant capture only when it is legal; the main
//! line only), each judged by both replays (every position kept, and the
//! last one only, as `pgn check` and `pgn export` replay); and games
//! generated with python-chess, with python-chess's verdict on their last
//! position (`tests/data/pgn/fivefold.pgn`).

use forsyth::pgn::{Export, ExportOptions, GameResult, Reader, Replay, ReplayWarning};
use forsyth::Outcome;

/// The result of the one game of `pgn` and the outcome its warnings name,
/// the same by both replays.
fn judged(pgn: &str) -> (GameResult, Vec<Outcome>) {
    let mut by_replay = Vec::new();
    for mut replay in [Replay::default(), Replay::final_only()] {
        let mut games = Vec::new();
        Reader::new(pgn.as_bytes())
            .read_all(&mut replay, |g| games.push(g))
            .unwrap();
        assert_eq!(games.len(), 1, "{pgn}");
        let game = games.remove(0);
        assert!(game.is_ok(), "{pgn}: {:?}", game.error);
        let outcomes: Vec<Outcome> = game
            .warnings
            .iter()
            .filter_map(|w| match w {
                ReplayWarning::ResultContradicted { outcome, .. } => Some(*outcome),
                _ => None,
            })
            .collect();
        by_replay.push((game.result, outcomes));
    }
    assert_eq!(by_replay[0], by_replay[1], "{pgn}");
    by_replay.remove(0)
}

/// The movetext `moves` repeated `times` times.
fn rounds(moves: &str, times: usize) -> String {
    vec![moves; times].join(" ")
}

const KNIGHTS: &str = "Nf3 Nf6 Ng1 Ng8";

/// Knights out and back: the start stands again every four plies, for the
/// fifth time after sixteen. A claimed win is contradicted; with three
/// rounds (four times) it stands.
#[test]
fn pgn_knights_shuffling_five_times_is_a_draw() {
    let five = format!("[Result \"1-0\"]\n\n{} 1-0", rounds(KNIGHTS, 4));
    let (result, outcomes) = judged(&five);
    assert_eq!(result, GameResult::Draw);
    // Contradicted once, at the tag (the marker says the same).
    assert_eq!(outcomes, [Outcome::FivefoldRepetition]);

    let four = format!("[Result \"1-0\"]\n\n{} 1-0", rounds(KNIGHTS, 3));
    assert_eq!(judged(&four), (GameResult::WhiteWins, vec![]));

    // A draw claimed is no contradiction; `*` claims nothing.
    let drawn = format!("{} 1/2-1/2", rounds(KNIGHTS, 4));
    assert_eq!(judged(&drawn), (GameResult::Draw, vec![]));
    let unknown = format!("{} *", rounds(KNIGHTS, 4));
    assert_eq!(judged(&unknown), (GameResult::Unknown, vec![]));
}

/// Every position of a long shuffle is a repetition once it has stood
/// five times: the game may end at any ply of the fifth round and later.
/// Ply by ply, the position after ply `p` (of a four-ply round) has stood
/// `p / 4 + 1` times.
#[test]
fn pgn_every_ply_of_a_long_shuffle_is_counted() {
    let text = rounds(KNIGHTS, 6);
    let words: Vec<&str> = text.split(' ').collect();
    for plies in 1..=words.len() {
        let pgn = format!("{} 0-1", words[..plies].join(" "));
        let times = plies / 4 + 1;
        let expected = if times >= 5 {
            (GameResult::Draw, vec![Outcome::FivefoldRepetition])
        } else {
            (GameResult::BlackWins, vec![])
        };
        assert_eq!(judged(&pgn), expected, "{plies} plies");
    }
}

/// After a double step whose en-passant capture is legal (the e5 pawn
/// takes on d6), the position is not the same as the same placement later
/// without that capture: four rounds of knights make the placement stand
/// five times but the position four times; a fifth round makes five.
#[test]
fn pgn_a_legal_en_passant_capture_makes_a_position_different() {
    let fen = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let game = |n| {
        format!(
            "[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"1-0\"]\n\n1... d5 {} 1-0",
            rounds(KNIGHTS, n)
        )
    };
    assert_eq!(judged(&game(4)), (GameResult::WhiteWins, vec![]));
    assert_eq!(
        judged(&game(5)),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
}

/// After `1. e4` no black pawn can take en passant: the position is the
/// same as the same placement later, so four rounds of knights (Black's
/// first) make it stand five times.
#[test]
fn pgn_an_en_passant_square_without_a_legal_capture_does_not_count() {
    let shuffle = "Nf6 Nf3 Ng8 Ng1";
    let pgn = format!("1. e4 {} 1-0", rounds(shuffle, 4));
    assert_eq!(
        judged(&pgn),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
    let pgn = format!("1. e4 {} 1-0", rounds(shuffle, 3));
    assert_eq!(judged(&pgn), (GameResult::WhiteWins, vec![]));
}

/// The rooks go to g1 and g8 and back: the placement is the one before,
/// but the king-side castling rights are gone, so the positions before
/// are different. Knights out: the placement stands twice with every
/// right, then four times without the king-side ones (six times in all):
/// not five of one position; a fifth round without them is.
#[test]
fn pgn_castling_rights_lost_in_between_make_positions_different() {
    let game = |n| {
        format!(
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Rg1 Rg8 5. Rh1 Rh8 {} 1-0",
            rounds("Ng1 Ng8 Nf3 Nf6", n)
        )
    };
    assert_eq!(judged(&game(3)), (GameResult::WhiteWins, vec![]));
    assert_eq!(
        judged(&game(4)),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
}

/// Repetitions inside a variation do not count, nor does a variation
/// interrupt the main line's count.
#[test]
fn pgn_only_the_main_line_counts() {
    // The start stands four times in the main line, six more times in the
    // variation after 2... Ng8.
    let var = format!("(2... Ng8 {})", rounds("Nf3 Nf6 Ng1 Ng8", 6));
    let pgn = format!("1. Nf3 Nf6 2. Ng1 Ng8 {var} {} 0-1", rounds(KNIGHTS, 2));
    assert_eq!(judged(&pgn), (GameResult::BlackWins, vec![]));
    // Five times in the main line, a variation (with a capture and pawn
    // moves) after its third move.
    let pgn = format!(
        "1. Nf3 Nf6 2. Ng1 (2. e4 Nxe4 3. d3) 2... Ng8 {} 0-1",
        rounds(KNIGHTS, 3)
    );
    assert_eq!(
        judged(&pgn),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
}

/// Only the last position is judged: moves after a fivefold repetition
/// are not refused, and a pawn move after it ends the repetitions.
#[test]
fn pgn_a_fivefold_repetition_before_the_end_does_not_decide() {
    let pgn = format!("{} 9. e4 1-0", rounds(KNIGHTS, 4));
    assert_eq!(judged(&pgn), (GameResult::WhiteWins, vec![]));
    // Shuffling on past the fifth time, to the sixth and seventh.
    let pgn = format!("{} 1-0", rounds(KNIGHTS, 6));
    assert_eq!(
        judged(&pgn),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
}

/// Null moves pass the turn: two give the position before them again, so
/// eight make the start stand five times; six make it four.
#[test]
fn pgn_null_moves_repeat_positions_too() {
    let pgn = format!("{} 1-0", rounds("-- --", 4));
    assert_eq!(
        judged(&pgn),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
    let pgn = format!("{} 1-0", rounds("-- --", 3));
    assert_eq!(judged(&pgn), (GameResult::WhiteWins, vec![]));
}

/// A FEN's halfmove clock tells nothing of the positions before it: they
/// are not counted.
#[test]
fn pgn_positions_before_the_start_are_unknown() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 40 21";
    let pgn = |n| {
        format!(
            "[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{} 1-0",
            rounds(KNIGHTS, n)
        )
    };
    assert_eq!(judged(&pgn(3)), (GameResult::WhiteWins, vec![]));
    assert_eq!(
        judged(&pgn(4)),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
}

/// Kings alone are a dead position from the start; shuffled five times,
/// the end is named fivefold repetition, which comes before insufficient
/// material in the spec's order. A draw either way.
#[test]
fn pgn_fivefold_comes_before_insufficient_material() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let pgn = |n| {
        format!(
            "[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{} 1-0",
            rounds("Kd1 Kd8 Ke1 Ke8", n)
        )
    };
    assert_eq!(
        judged(&pgn(3)),
        (GameResult::Draw, vec![Outcome::InsufficientMaterial])
    );
    assert_eq!(
        judged(&pgn(4)),
        (GameResult::Draw, vec![Outcome::FivefoldRepetition])
    );
}

/// The exported game says the result judged: the tag and the marker.
#[test]
fn pgn_export_writes_the_draw() {
    let pgn = format!("[Result \"1-0\"]\n\n{} 1-0", rounds(KNIGHTS, 4));
    let mut export = Export::new(ExportOptions::default());
    let mut written = Vec::new();
    Reader::new(pgn.as_bytes())
        .read_all(&mut export, |g| written.push(g))
        .unwrap();
    let text = written[0].pgn.as_deref().unwrap_or_default();
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert!(text.trim_end().ends_with("Ng8 1/2-1/2"), "{text}");
}

/// Random games shuffling pieces (null moves, Chess960 starts and
/// variations among them), each with python-chess's verdict on the last
/// position of its main line in its `PythonChess` tag (`tests/data/pgn/
/// README.md`): forsyth's result is python-chess's, or the claim when
/// python-chess finds no end.
#[test]
fn pgn_results_agree_with_python_chess() {
    let pgn = include_str!("data/pgn/fivefold.pgn");
    let mut games = Vec::new();
    Reader::new(pgn.as_bytes())
        .read_all(&mut Replay::final_only(), |g| games.push(g))
        .unwrap();
    let verdicts: Vec<(&str, &str)> = pgn
        .lines()
        .filter_map(|l| l.strip_prefix("[PythonChess \"")?.strip_suffix("\"]"))
        .map(|v| v.split_once(' ').unwrap())
        .collect();
    assert_eq!(games.len(), verdicts.len());
    let mut fivefold = 0;
    for (game, (termination, result)) in games.iter().zip(&verdicts) {
        assert!(game.is_ok(), "game {}: {:?}", game.start.number, game.error);
        assert_eq!(
            game.result.to_string(),
            *result,
            "game {} ({termination})",
            game.start.number
        );
        if *termination == "fivefold_repetition" {
            fivefold += 1;
            let named = game.warnings.iter().any(|w| {
                matches!(
                    w,
                    ReplayWarning::ResultContradicted {
                        outcome: Outcome::FivefoldRepetition,
                        ..
                    }
                )
            });
            let claimed_draw = pgn_claims_draw(game.start.line, pgn);
            assert!(named || claimed_draw, "game {}", game.start.number);
        }
    }
    assert!(fivefold >= 5, "{fivefold}");
}

/// Whether the game whose tags start at `line` (1-based) claims a draw.
fn pgn_claims_draw(line: u64, pgn: &str) -> bool {
    pgn.lines()
        .skip(line as usize - 1)
        .take_while(|l| l.starts_with('['))
        .any(|l| l == "[Result \"1/2-1/2\"]")
}
