//! En-passant modes of the writers.
//!
//! - `always`: the square as the setup holds it (1994 PGN standard).
//! - `pseudo`: only when a pawn of the side to move stands beside the pawn
//!   that just made a double step (X-FEN).
//! - `legal`: only when such a capture is legal, pins and checks included
//!   (2020 revision of the PGN standard).
//!
//! Hand-made positions, each with the reason in a comment, and a property
//! comparing the modes with a reference that plays the capture on a copy of
//! the board and looks for attacks on the king square by square.

use forsyth::fen::{EnPassantMode, Fen, WriteOptions};
use forsyth::{Board, CastlingRights, Color, File, Rank, Role, Setup, Square, Variant};
use proptest::prelude::*;
use strum::IntoEnumIterator;

use crate::common::slow_attacked;

fn setup(record: &str) -> Setup {
    let fen: Fen = record.parse().unwrap();
    Setup::from_fen(&fen, None).unwrap()
}

fn modes(record: &str) -> [Option<Square>; 3] {
    let s = setup(record);
    [
        s.ep_square_for(EnPassantMode::Legal),
        s.ep_square_for(EnPassantMode::Pseudo),
        s.ep_square_for(EnPassantMode::Always),
    ]
}

fn written(record: &str, mode: EnPassantMode) -> String {
    let opts = WriteOptions {
        en_passant: mode,
        ..WriteOptions::default()
    };
    setup(record).to_fen(&opts).unwrap()
}

#[test]
fn no_pawn_beside_the_pushed_one() {
    // 1. e4: no black pawn on d4 or f4.
    let r = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(modes(r), [None, None, Some(Square::E3)]);
    assert_eq!(
        written(r, EnPassantMode::Legal),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(written(r, EnPassantMode::Always), r);
}

#[test]
fn plain_capture() {
    // Black's d4 pawn may take e4 en passant.
    let r = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
    assert_eq!(modes(r), [Some(Square::E3); 3]);
    for mode in EnPassantMode::iter() {
        assert_eq!(written(r, mode), r);
    }
}

// The tests below are cases, one position each with its reason, alike as
// data; a test per case names the rule.

#[test]
fn rank_pin_with_both_pawns_leaving() {
    // Black king a4, pawns d4 (white, just pushed) and e4, white queen h4:
    // dxe3 empties both squares of the fourth rank and exposes the king.
    let r = "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1";
    assert_eq!(modes(r), [None, Some(Square::D3), Some(Square::D3)]);
}

#[test]
fn rank_with_another_blocker_is_no_pin() {
    // As above with a white knight on b4 between king and pawns.
    let r = "8/8/8/8/kN1Pp2Q/8/8/4K3 b - d3 0 1";
    assert_eq!(modes(r), [Some(Square::D3); 3]);
}

#[test]
fn diagonal_pin_of_the_capturer() {
    // White king b2, pawn e5, black bishop h8: exd6 leaves the long
    // diagonal and exposes the king.
    let r = "4k2b/8/8/3pP3/8/8/1K6/8 w - d6 0 1";
    assert_eq!(modes(r), [None, Some(Square::D6), Some(Square::D6)]);
}

#[test]
fn pin_along_the_capture_diagonal() {
    // White king h2, pawn e5, black bishop b8: exd6 stays on the diagonal
    // b8-h2 and still shields the king.
    let r = "1b2k3/8/8/3pP3/8/8/7K/8 w - d6 0 1";
    assert_eq!(modes(r), [Some(Square::D6); 3]);
}

#[test]
fn capturing_the_checking_pawn() {
    // d7-d5 gave check to the king on e4; exd6 removes the checker.
    let r = "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1";
    assert_eq!(modes(r), [Some(Square::D6); 3]);
}

#[test]
fn check_the_capture_does_not_answer() {
    // d7-d5 uncovered the bishop c8 on the king h3; exd6 neither takes the
    // bishop nor blocks it.
    let r = "2b1k3/8/8/3pP3/8/7K/8/8 w - d6 0 1";
    assert_eq!(modes(r), [None, Some(Square::D6), Some(Square::D6)]);
}

#[test]
fn one_of_two_capturers_pinned() {
    // White pawns c5 and e5 beside d5; the e5 pawn is pinned by the bishop
    // h8 against the king b2, the c5 pawn is free.
    let r = "4k2b/8/8/2PpP3/8/8/1K6/8 w - d6 0 1";
    assert_eq!(modes(r), [Some(Square::D6); 3]);
}

// ---------------------------------------------------------------------------
// Property: the modes against a reference.

/// Reference for `pseudo`: the square on rank 6 (White to move) or 3, empty,
/// an enemy pawn in front of it, a pawn of the side to move beside that one.
fn reference_capturers(s: &Setup) -> Vec<Square> {
    let Some(ep) = s.ep_square else {
        return Vec::new();
    };
    let us = s.turn;
    let (rank, pushed_rank) = match us {
        Color::White => (Rank::Sixth, Rank::Fifth),
        Color::Black => (Rank::Third, Rank::Fourth),
    };
    if ep.rank() != rank || s.board.piece_at(ep).is_some() {
        return Vec::new();
    }
    let pushed = Square::from_coords(ep.file(), pushed_rank);
    if s.board.piece_at(pushed) != Some(Role::Pawn.of(!us)) {
        return Vec::new();
    }
    [-1, 1]
        .into_iter()
        .filter_map(|d| pushed.offset(d, 0))
        .filter(|&sq| s.board.piece_at(sq) == Some(Role::Pawn.of(us)))
        .collect()
}

/// Reference for `legal`: plays each capture on a copy of the board.
fn reference_legal(s: &Setup) -> bool {
    let us = s.turn;
    let ep = match s.ep_square {
        Some(ep) => ep,
        None => return false,
    };
    reference_capturers(s).into_iter().any(|from| {
        let mut b = s.board.clone();
        let pushed = Square::from_coords(ep.file(), from.rank());
        b.discard_piece_at(from);
        b.discard_piece_at(pushed);
        b.set_piece_at(ep, Role::Pawn.of(us));
        let kings: Vec<Square> = b.by_piece(Role::King.of(us)).into_iter().collect();
        match kings.as_slice() {
            [king] => !slow_attacked(&b, *king, !us),
            _ => true,
        }
    })
}

prop_compose! {
    /// A pawn of the side not to move that may just have made a double step,
    /// often with pawns beside it, and line pieces around for pins and
    /// checks.
    fn arb_ep_setup()(
        white in any::<bool>(),
        file in 0..8usize,
        beside in (any::<bool>(), any::<bool>()),
        pieces in prop::collection::vec((0..64u32, 0..5usize, any::<bool>()), 0..8),
        kings in (0..64u32, 0..64u32),
        wrong in 0..20u8,
    ) -> Setup {
        let turn = if white { Color::White } else { Color::Black };
        let them = !turn;
        let (ep_rank, pushed_rank) = match turn {
            Color::White => (Rank::Sixth, Rank::Fifth),
            Color::Black => (Rank::Third, Rank::Fourth),
        };
        let f = File::ALL[file];
        let ep = Square::from_coords(f, ep_rank);
        let pushed = Square::from_coords(f, pushed_rank);
        let mut board = Board::empty();
        let roles = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Pawn];
        for (sq, role, w) in pieces {
            let sq = Square::new(sq).unwrap();
            let role = roles[role];
            if role != Role::Pawn || (1..7).contains(&sq.rank().index()) {
                board.set_piece_at(sq, role.of(if w { Color::White } else { Color::Black }));
            }
        }
        board.set_piece_at(Square::new(kings.0).unwrap(), Role::King.of(turn));
        board.set_piece_at(Square::new(kings.1).unwrap(), Role::King.of(them));
        if wrong != 0 {
            board.set_piece_at(pushed, Role::Pawn.of(them));
            board.discard_piece_at(ep);
        }
        for (d, on) in [(-1, beside.0), (1, beside.1)] {
            if let (true, Some(sq)) = (on, pushed.offset(d, 0)) {
                board.set_piece_at(sq, Role::Pawn.of(turn));
            }
        }
        Setup {
            board,
            turn,
            castling: CastlingRights::none(),
            ep_square: Some(ep),
            halfmoves: 0,
            fullmoves: 1,
            variant: Variant::Standard,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn modes_match_the_reference(s in arb_ep_setup()) {
        let always = s.ep_square_for(EnPassantMode::Always);
        let pseudo = s.ep_square_for(EnPassantMode::Pseudo);
        let legal = s.ep_square_for(EnPassantMode::Legal);
        prop_assert_eq!(always, s.ep_square);
        prop_assert_eq!(pseudo.is_some(), !reference_capturers(&s).is_empty(), "{}", s);
        prop_assert_eq!(legal.is_some(), reference_legal(&s), "{}", s);
        // Each mode writes at most what the looser one writes.
        prop_assert!(legal.is_none() || pseudo.is_some());
        for mode in EnPassantMode::iter() {
            let opts = WriteOptions { en_passant: mode, ..WriteOptions::default() };
            let text = s.to_fen(&opts).unwrap();
            let field = text.split(' ').nth(3).unwrap().to_owned();
            let expected = s.ep_square_for(mode).map_or("-".to_owned(), |sq| sq.to_string());
            prop_assert_eq!(field, expected);
        }
    }
}
