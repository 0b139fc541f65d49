//! Serde round trips of the public data types (run with `--features
//! serde`): JSON out and back gives the same value, and the types that have
//! a text form (square, placement, castling field, UCI move, stipulation,
//! a position's record) are written as that text, so JSON a parser (or
//! validation) would refuse is refused.
#![cfg(feature = "serde")]

use std::borrow::Cow;
use std::fmt::Debug;

use forsyth::fen::Fen;
use forsyth::notation::Letters;
use forsyth::san::{San, SanPlus};
use forsyth::solve::{ChessProblem, Solver, Stipulation};
use forsyth::uci::UciMove;
use forsyth::{
    Bitboard, Board, ByColor, Color, File, Move, Outcome, Piece, Position, Rank, Role, Square,
    Variant,
};
use serde::{de::DeserializeOwned, Serialize};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&back, value, "{json}");
    json
}

#[test]
fn squares_pieces_and_boards() {
    assert_eq!(round_trip(&Square::E4), "\"e4\"");
    round_trip(&File::H);
    round_trip(&Rank::Eighth);
    round_trip(&Color::Black);
    round_trip(&ByColor::new(3, 4));
    round_trip(&Role::Knight.of(Color::White));
    round_trip::<Piece>(&Role::King.of(Color::Black));
    round_trip(&Bitboard::from_bits(0x8100_0000_0000_0081));
    assert_eq!(
        round_trip(&Board::standard()),
        "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\""
    );
    assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
    assert!(serde_json::from_str::<Board>("\"8/8\"").is_err());
}

#[test]
fn fen_records() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/8/8/8/8/8/8/4K3 w - -",
    ] {
        let fen: Fen = text.parse().unwrap();
        let json = round_trip(&fen);
        assert!(json.contains(&format!("\"{}\"", fen.castling)), "{json}");
    }
}

#[test]
fn san_and_letters() {
    for text in ["Nbd2", "exd6", "e8=Q", "O-O-O", "Qxf7#", "R1a3+"] {
        round_trip(&text.parse::<SanPlus>().unwrap());
        round_trip(&text.parse::<San>().unwrap());
    }
    round_trip(&SanPlus::readings(b"bxc3").unwrap());
    round_trip(&Letters::ENGLISH);
    let russian = Letters::ENGLISH.with_pieces(
        ["П", "К", "С", "Л", "Ф", "Кр"].map(Cow::Borrowed),
        ["п", "к", "с", "л", "ф", "кр"].map(Cow::Borrowed),
    );
    round_trip(&russian);
}

#[test]
fn syntax_errors() {
    let err = Fen::from_ascii(b"8/8/8/8/8/8/8/8 x - -").unwrap_err();
    round_trip(&err);
}

/// Moves and outcomes, the rules' data; UCI moves as their text.
#[test]
fn moves_and_outcomes() {
    for m in Position::standard().legal_moves() {
        round_trip(&m);
    }
    assert_eq!(
        round_trip(&Move::Castle {
            king: Square::E1,
            rook: Square::H1
        }),
        r#"{"castle":{"king":"e1","rook":"h1"}}"#
    );
    round_trip(&Move::EnPassant {
        from: Square::E5,
        to: Square::D6,
    });
    round_trip(&Move::Normal {
        role: Role::Pawn,
        from: Square::B7,
        capture: Some(Role::Rook),
        to: Square::A8,
        promotion: Some(Role::Queen),
    });
    for text in ["e2e4", "e7e8q", "0000", "h1e1"] {
        let uci: UciMove = text.parse().unwrap();
        assert_eq!(round_trip(&uci), format!("\"{text}\""));
    }
    assert!(serde_json::from_str::<UciMove>("\"e7e8k\"").is_err());
    assert_eq!(
        round_trip(&Outcome::Checkmate {
            winner: Color::Black
        }),
        r#"{"checkmate":{"winner":"Black"}}"#
    );
    for outcome in [
        Outcome::Stalemate,
        Outcome::InsufficientMaterial,
        Outcome::SeventyFiveMoves,
        Outcome::FivefoldRepetition,
    ] {
        assert_eq!(round_trip(&outcome), format!("\"{}\"", outcome.name()));
    }
}

/// A position is its record and its variant; reading it back validates
/// it, and keeps the whole setup (clocks, the en-passant square as held,
/// the variant of Chess960 rights that look classical).
#[test]
fn positions() {
    assert_eq!(
        round_trip(&Position::standard()),
        r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","variant":"standard"}"#
    );
    let after_e4 = Position::standard().play_moves(["e4"]).unwrap();
    for (pos, variant) in [
        (after_e4, Variant::Standard),
        (
            Position::from_fen(
                &"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
                    .parse()
                    .unwrap(),
                None,
            )
            .unwrap(),
            Variant::Chess960,
        ),
        (
            Position::from_fen(
                &"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 40".parse().unwrap(),
                Some(Variant::Chess960),
            )
            .unwrap(),
            Variant::Chess960,
        ),
    ] {
        round_trip(&pos);
        let back: Position = serde_json::from_str(&serde_json::to_string(&pos).unwrap()).unwrap();
        assert_eq!(back.setup(), pos.setup());
        assert_eq!(back.variant(), variant);
    }
    for json in [
        r#"{"fen":"8/8/8/8/8/8/8/8 w - - 0 1","variant":"standard"}"#,
        r#"{"fen":"not a record","variant":"standard"}"#,
        r#"{"fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1"}"#,
    ] {
        assert!(serde_json::from_str::<Position>(json).is_err(), "{json}");
    }
}

/// What the solver reads and writes: the problem (its position, its
/// stipulation as text) and the solution tree.
#[test]
fn problems_and_solutions() {
    let problem =
        ChessProblem::from_statement("(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1) Ματ σε 3 κινήσεις", None)
            .unwrap();
    round_trip(&problem);
    assert_eq!(round_trip(&Stipulation::mate(3)), "\"#3\"");
    assert_eq!(round_trip(&Stipulation::selfmate(2)), "\"s#2\"");
    assert!(serde_json::from_str::<Stipulation>("\"#0\"").is_err());
    let solution = Solver::new(Stipulation::mate(3))
        .solve(&problem.position)
        .unwrap();
    assert!(solution.keys.iter().any(|k| !k.defences.is_empty()));
    round_trip(&solution);
}
