//! Equal positions compare equal, against the FIDE definition of
//! "the same position" (Laws of Chess, article 9.2.3): the same player to
//! move, the same pieces on the same squares, the same castling rights, the
//! same en-passant captures possible; the clocks do not count. And a game's
//! repetition count, against a brute-force count over its positions.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use forsyth::fen::{CastlingNotation, EnPassantMode, Fen, WriteOptions};
use forsyth::game::{DrawClaim, Game};
use forsyth::{Chess960Start, Outcome, Position, Square, Variant};
use proptest::prelude::*;

const MODES: [EnPassantMode; 3] = [
    EnPassantMode::Legal,
    EnPassantMode::Pseudo,
    EnPassantMode::Always,
];

fn hash(pos: &Position) -> u64 {
    let mut h = DefaultHasher::new();
    pos.hash(&mut h);
    h.finish()
}

fn parse(fen: &str, variant: Option<Variant>) -> Position {
    let fen = Fen::from_ascii(fen.as_bytes()).expect("valid fen");
    Position::from_fen(&fen, variant).expect("legal")
}

fn write(pos: &Position, mode: EnPassantMode) -> String {
    let opts = WriteOptions {
        en_passant: mode,
        ..WriteOptions::new(CastlingNotation::XFen)
    };
    pos.setup().to_fen(&opts).expect("x-fen says every right")
}

#[test]
fn after_e4_parsed_and_played_are_equal() {
    let parsed = parse(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        None,
    );
    let played = Position::standard().play_moves(["e4"]).unwrap();
    assert_eq!(parsed, played);
    assert_eq!(hash(&parsed), hash(&played));
    // Without the square, too: no black pawn can take on e3.
    let bare = parse(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        None,
    );
    assert_eq!(bare, played);
    assert_eq!(hash(&bare), hash(&played));
}

#[test]
fn play_keeps_the_passed_square_for_the_1994_rule() {
    let played = Position::standard().play_moves(["e4"]).unwrap();
    assert_eq!(played.ep_square(), Some(Square::E3));
    assert_eq!(played.legal_ep_square(), None);
    assert_eq!(
        write(&played, EnPassantMode::Always),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(
        write(&played, EnPassantMode::Legal),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn clocks_do_not_count_but_a_legal_en_passant_capture_does() {
    let a = parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1", None);
    let b = parse("4k3/8/8/8/8/8/8/4K2R w K - 12 40", None);
    assert_eq!(a, b);
    assert_eq!(hash(&a), hash(&b));
    // Castling rights differ: not the same position.
    let c = parse("4k3/8/8/8/8/8/8/4K2R w - - 0 1", None);
    assert_ne!(a, c);
    // Side to move differs.
    let d = parse("4k3/8/8/8/8/8/8/4K2R b K - 0 1", None);
    assert_ne!(a, d);
    // After 1.e4 Nf6 2.e5 d5, exd6 is legal: the square counts.
    let with = Position::standard()
        .play_moves(["e4", "Nf6", "e5", "d5"])
        .unwrap();
    let without = parse(
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
        None,
    );
    assert_ne!(with, without);
    let written = parse(
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        None,
    );
    assert_eq!(with, written);
    // A capture that exists only by the pawn rules (the black pawn on d4 is
    // pinned along the rank to its king) does not count.
    let pinned = parse("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", None)
        .play_moves(["e4"])
        .unwrap();
    let bare = parse("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", None);
    assert_eq!(pinned, bare);
    assert_eq!(hash(&pinned), hash(&bare));
}

/// Start positions: the standard one and Chess960 starts.
fn arb_start() -> impl Strategy<Value = Position> {
    prop_oneof![
        Just(Position::standard()),
        (0usize..960).prop_map(|n| {
            let setup = Chess960Start::all().nth(n).expect("960 starts").to_setup();
            Position::from_setup(setup).expect("legal")
        }),
    ]
}

/// Positions reached by random games.
fn arb_game() -> impl Strategy<Value = Game> {
    (
        arb_start(),
        prop::collection::vec(any::<prop::sample::Index>(), 0..80),
    )
        .prop_map(|(start, choices)| {
            let mut game = Game::new(start);
            for choice in choices {
                if game.outcome().is_some() {
                    break;
                }
                let legal = game.position().legal_moves();
                game.play(legal[choice.index(legal.len())]).expect("legal");
            }
            game
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A position reached by play equals the one parsed from its
    /// own FEN, in every en-passant mode, hashes equal, and writes the same
    /// text again.
    #[test]
    fn played_positions_equal_their_own_fen(game in arb_game()) {
        for pos in game.positions() {
            for mode in MODES {
                let fen = write(pos, mode);
                let parsed = parse(&fen, Some(pos.variant()));
                prop_assert_eq!(&parsed, pos, "{} ({:?})", fen, mode);
                prop_assert_eq!(hash(&parsed), hash(pos));
                prop_assert_eq!(write(&parsed, mode), fen);
            }
        }
    }

    /// The game's repetition count is the number of earlier positions equal
    /// to the last one (brute force over every position reached), and the
    /// claims and the end follow from it.
    #[test]
    fn repetitions_count_equal_positions(game in arb_game()) {
        let now = game.position();
        let count = game.positions().iter().filter(|p| *p == now).count() as u32;
        prop_assert_eq!(game.repetitions(), count);
        let ended = game.outcome().is_some();
        prop_assert_eq!(
            game.draw_claims().contains(&DrawClaim::ThreefoldRepetition),
            count >= 3 && !ended
        );
        if count >= 5 && !matches!(
            now.outcome(),
            Some(Outcome::Checkmate { .. } | Outcome::Stalemate)
        ) {
            prop_assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));
        }
    }
}

/// Knights out and back: the start position stands again after every four
/// plies, so it is the third time after eight plies, the fifth after
/// sixteen; a move after that is refused.
#[test]
fn knight_shuffle_repeats_and_ends_the_game() {
    let shuffle = ["Nf3", "Nc6", "Ng1", "Nb8"];
    let mut game = Game::new(Position::standard());
    for round in 1..=4 {
        game.play_moves(shuffle).unwrap();
        assert_eq!(game.repetitions(), round + 1);
        let claims = game.draw_claims();
        match round + 1 {
            2 => assert!(claims.is_empty()),
            3 | 4 => assert_eq!(claims, [DrawClaim::ThreefoldRepetition]),
            _ => assert!(claims.is_empty(), "the game is over"),
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));
    let err = game.play_text("e4").unwrap_err();
    assert_eq!(err.kind().name(), "game_over");
    assert_eq!(
        err.to_string(),
        "illegal move e4 for white: the game has ended (draw by fivefold repetition)"
    );
    // A pawn move in between starts the count again.
    let mut game = Game::new(Position::standard());
    game.play_moves(shuffle).unwrap();
    game.play_moves(["e4", "e5"]).unwrap();
    game.play_moves(shuffle).unwrap();
    assert_eq!(game.repetitions(), 2);
}
