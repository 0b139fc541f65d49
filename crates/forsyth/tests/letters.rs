//! Localized letters: tables written here, independently of the library's
//! English one, read and write placement and SAN on random positions.
//!
//! Oracle for the placement: the English placement translated letter by
//! letter with the test's own map. Oracle for SAN: reading back the written
//! text gives the same legal move.

use std::borrow::Cow;

use forsyth::fen::Fen;
use forsyth::notation::Letters;
use forsyth::san::SanPlus;
use forsyth::{Color, Position, Role, Setup};
use proptest::prelude::*;

use crate::common::chess960;

/// A table's piece letters, White's and Black's, pawn first.
type Pieces = ([&'static str; 6], [&'static str; 6]);

/// German: Bauer, Springer, Läufer, Turm, Dame, König.
const GERMAN: Pieces = (
    ["B", "S", "L", "T", "D", "K"],
    ["b", "s", "l", "t", "d", "k"],
);

/// Russian: the king is two letters (`Кр`), the knight one of them (`К`).
const RUSSIAN: Pieces = (
    ["П", "К", "С", "Л", "Ф", "Кр"],
    ["п", "к", "с", "л", "ф", "кр"],
);

/// Greek (Στρατιώτης, Ίππος, Αξιωματικός, Πύργος, Βασίλισσα, Ρήγας), with
/// Greek files α-θ: every letter is two bytes.
const GREEK: Pieces = (
    ["Σ", "Ι", "Α", "Π", "Β", "Ρ"],
    ["σ", "ι", "α", "π", "β", "ρ"],
);
const GREEK_FILES: [&str; 8] = ["α", "β", "γ", "δ", "ε", "ζ", "η", "θ"];

fn table((white, black): Pieces) -> Letters {
    Letters::ENGLISH.with_pieces(white.map(Cow::Borrowed), black.map(Cow::Borrowed))
}

fn german() -> Letters {
    table(GERMAN)
}

fn greek() -> Letters {
    let mut greek = table(GREEK);
    greek.files = GREEK_FILES.map(Cow::Borrowed);
    greek
}

/// The test's own translation of an English placement into `letters`.
fn translate(english: &str, (white, black): Pieces) -> String {
    const ORDER: &str = "PNBRQK";
    english
        .chars()
        .map(|c| match ORDER.find(c.to_ascii_uppercase()) {
            Some(i) if c.is_ascii_uppercase() => white[i].to_string(),
            Some(i) => black[i].to_string(),
            None => c.to_string(),
        })
        .collect()
}

/// The position after playing the moves picked by `picks` from `start`.
fn walk(start: Position, picks: &[usize]) -> Vec<Position> {
    let mut out = vec![start];
    for &pick in picks {
        let pos = out.last().expect("one position at least");
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let next = pos.play(moves[pick % moves.len()]).expect("legal");
        out.push(next);
    }
    out
}

fn check_position(pos: &Position, letters: &Letters, pieces: Pieces) {
    // Placement: written as the translation says, read back to the board.
    let mut placement = String::new();
    pos.board()
        .write_placement_with(letters, &mut placement)
        .unwrap();
    assert_eq!(placement, translate(&pos.board().to_string(), pieces));
    let record = format!("{placement} w - - 0 1");
    let fen = Fen::from_ascii_with(record.as_bytes(), letters).expect("own placement reads");
    assert_eq!(&fen.board, pos.board());
    // SAN: every legal move written in the table reads back to itself.
    for &m in pos.legal_moves().iter() {
        let mut text = String::new();
        SanPlus::from_move(pos, m)
            .write_with(letters, &mut text)
            .unwrap();
        let read = SanPlus::readings_with(&text, letters)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_move(pos);
        assert_eq!(read, Ok(m), "{text} in {}", pos.board());
    }
}

/// Every position of a random game from Chess960 start `n` round-trips.
fn round_trips(n: u16, picks: &[usize], letters: &Letters, pieces: Pieces) {
    for pos in walk(chess960(n % 960), picks) {
        check_position(&pos, letters, pieces);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn german_round_trips(n in 0u16..960, picks in prop::collection::vec(any::<usize>(), 0..40)) {
        round_trips(n, &picks, &german(), GERMAN);
    }

    #[test]
    fn russian_round_trips(n in 0u16..960, picks in prop::collection::vec(any::<usize>(), 0..40)) {
        round_trips(n, &picks, &table(RUSSIAN), RUSSIAN);
    }

    #[test]
    fn greek_round_trips(n in 0u16..960, picks in prop::collection::vec(any::<usize>(), 0..40)) {
        round_trips(n, &picks, &greek(), GREEK);
    }
}

/// The Greek problem (Oikonomopoulos, 1881), its placement in
/// Greek and German letters, is the same board as its English FEN.
#[test]
fn greek_and_german_problem_placement() {
    let english = Fen::from_ascii(b"R7/4k3/4N3/K2B4/8/8/8/5R2 w - - 0 1").unwrap();
    let in_greek =
        Fen::from_ascii_with("Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2 w - - 0 1".as_bytes(), &greek()).unwrap();
    let in_german =
        Fen::from_ascii_with(b"T7/4k3/4S3/K2L4/8/8/8/5T2 w - - 0 1", &german()).unwrap();
    assert_eq!(in_greek.board, english.board);
    assert_eq!(in_german.board, english.board);
    // Its solution's first move in Greek algebraic: 1.Ιδ4 (Nd4).
    let pos = Position::from_setup(Setup::from_fen(&english, None).unwrap()).unwrap();
    let m = SanPlus::from_str_with("Ιδ4!", &greek())
        .unwrap()
        .san
        .to_move(&pos)
        .unwrap();
    assert_eq!(
        (m.role(), m.to().to_string()),
        (Role::Knight, "d4".to_string())
    );
    assert_eq!(pos.turn(), Color::White);
}

/// A letter the table does not have is an error at its byte, in the
/// placement field.
#[test]
fn foreign_letter_is_a_placement_error() {
    let err = Fen::from_ascii_with(b"N7/4k3/8/8/8/8/8/K7 w - - 0 1", &german()).unwrap_err();
    assert_eq!((err.offset, err.kind().name()), (0, "bad_placement_byte"));
}
