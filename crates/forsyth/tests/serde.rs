//! Serde round trips of the text layer's public data types (run with
//! `--features serde`): JSON out and back gives the same value, and the
//! types that have a text form (square, placement, castling field) are
//! written as that text, so JSON a parser would refuse is refused.
#![cfg(feature = "serde")]

use std::borrow::Cow;
use std::fmt::Debug;

use forsyth::fen::Fen;
use forsyth::notation::Letters;
use forsyth::san::{San, SanPlus};
use forsyth::{Bitboard, Board, ByColor, Color, File, Piece, Rank, Role, Square};
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
