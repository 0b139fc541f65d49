//! Game end against the FIDE Laws of Chess: checkmate (5.1.1), stalemate
//! (5.2.1), dead positions by material (5.2.2, 6.9, with the material the
//! Laws' guidelines name), the fifty-move claim (9.3) and the
//! seventy-five-move rule (9.6.2, a mate on the last move standing).

use forsyth::{Color, Outcome, Position};

use crate::common::pos;

#[test]
fn checkmate_and_stalemate() {
    // Back-rank mate.
    let p = pos("3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(p.is_checkmate() && p.is_check());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(p.outcome().unwrap().to_string(), "checkmate, white wins");
    // In check but the king escapes.
    let p = pos("3R2k1/5pp1/8/8/8/8/8/6K1 b - - 0 1");
    assert!(p.is_check() && !p.is_checkmate());
    assert_eq!(p.outcome(), None);
    // Stalemate: king in the corner, queen a knight's jump away.
    let p = pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate() && !p.is_check());
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
    assert_eq!(p.outcome().unwrap().name(), "stalemate");
}

#[test]
fn insufficient_material() {
    for (fen, dead) in [
        ("8/8/4k3/8/8/8/8/4K3 w - - 0 1", true),      // K v K
        ("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1", true),    // KN v K
        ("8/8/4k3/8/8/2B5/8/4K3 b - - 0 1", true),    // KB v K
        ("8/8/2b1k3/8/8/3B4/8/4K3 w - - 0 1", true),  // KB v KB, both on light squares
        ("8/8/4k3/8/2b5/2B5/8/4K3 w - - 0 1", false), // KB v KB, opposite colours
        ("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1", false),  // KNN v K: a helpmate exists
        ("8/8/4k3/8/8/2N5/8/4K2n w - - 0 1", false),  // KN v KN
        ("8/8/4k3/8/8/2N5/6p1/4K3 w - - 0 1", false), // KN v KP
        ("8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", false),   // KP v K
        ("8/8/4k3/8/8/8/8/R3K3 w - - 0 1", false),    // KR v K
    ] {
        let p = pos(fen);
        assert_eq!(p.is_insufficient_material(), dead, "{fen}");
        assert_eq!(
            p.outcome() == Some(Outcome::InsufficientMaterial),
            dead,
            "{fen}"
        );
    }
    // One side alone: a knight cannot mate a bare king, but it can mate a
    // king whose own pawn blocks its flight; the pawn can promote.
    let p = pos("8/8/4k3/8/8/2N5/6p1/4K3 w - - 0 1");
    assert!(!p.has_insufficient_material(Color::White));
    assert!(!p.has_insufficient_material(Color::Black));
    let p = pos("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1");
    assert!(p.has_insufficient_material(Color::White));
}

#[test]
fn fifty_and_seventy_five_moves() {
    let fen = |clock: u32| format!("8/8/4k3/8/8/8/4P3/R3K3 w - - {clock} 80");
    assert!(!pos(&fen(99)).can_claim_fifty_moves());
    assert!(pos(&fen(100)).can_claim_fifty_moves());
    assert_eq!(
        pos(&fen(100)).outcome(),
        None,
        "fifty moves is only a claim"
    );
    assert_eq!(pos(&fen(149)).outcome(), None);
    assert_eq!(pos(&fen(150)).outcome(), Some(Outcome::SeventyFiveMoves));
    // A mate on the 75th move stands.
    let p = pos("3R2k1/5ppp/8/8/8/8/8/6K1 b - - 150 90");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn clocks_after_moves() {
    let start = Position::standard();
    let after = start.play_moves(["Nf3", "Nf6", "Ng1", "Ng8"]).unwrap();
    assert_eq!((after.setup().halfmoves, after.setup().fullmoves), (4, 3));
    let after = after.play_moves(["e4"]).unwrap();
    assert_eq!((after.setup().halfmoves, after.setup().fullmoves), (0, 3));
}
