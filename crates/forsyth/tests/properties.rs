//! Properties of move notation and move making, on positions reached by
//! random games from the published perft positions (Chess960 and classical).
//!
//! For every legal move of every position on the way:
//! - the SAN written for it reads back as the same move, and its suffix says
//!   check or mate exactly when the move checks or mates;
//! - its UCI reads back as the same move in both castling conventions, and
//!   no other legal move has the same text;
//! - playing it gives a position that validation accepts and that keeps the
//!   invariants of a legal position (the mover not in check, castling rights
//!   on real rooks with the king on its file, a legal en-passant square only
//!   with a legal en-passant capture, the passed square after every double
//!   push, the clocks moving by the rules).

use forsyth::fen::Fen;
use forsyth::san::{SanPlus, Suffix};
use forsyth::uci::{CastlingMode, UciMove};
use forsyth::{CastlingSide, Color, Move, Position, Rank, Role, Setup, Square, Variant};
use proptest::prelude::*;

fn starts() -> Vec<Position> {
    let mut out = Vec::new();
    for (text, variant) in [
        (include_str!("data/chess960.perft"), Some(Variant::Chess960)),
        (include_str!("data/tricky.perft"), None),
        (include_str!("data/classical.perft"), None),
    ] {
        for fen in text.lines().filter_map(|l| l.strip_prefix("epd ")) {
            let fen = Fen::from_ascii(fen.as_bytes()).expect("valid fen");
            Setup::from_fen(&fen, variant).expect("castling resolves");
            // Games start from legal positions only: the perft traps that
            // no game reaches (tests/perft.rs checks which) are left out,
            // since "every move keeps the position legal" needs a legal start.
            if let Ok(pos) = Position::from_fen(&fen, variant) {
                out.push(pos);
            }
        }
    }
    // All 960 and 22 classical positions, and the trap suite's 26 less the
    // 11 it declares impossible.
    assert_eq!(out.len(), 960 + 22 + 26 - 11);
    out
}

fn king(pos: &Position, color: Color) -> Square {
    pos.board().king_of(color).expect("one king")
}

fn check_san(pos: &Position, m: Move) {
    let written = SanPlus::from_move(pos, m);
    let text = written.to_string();
    let read: SanPlus = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(read, written, "{text}");
    assert_eq!(read.san.to_move(pos), Ok(m), "{text} in {}", pos.setup());
    assert_eq!(pos.parse_move(&text), Ok(m), "{text}");
    let after = pos.play(m).expect("legal");
    let expected = match (after.is_check(), after.legal_moves().is_empty()) {
        (false, _) => None,
        (true, false) => Some(Suffix::Check),
        (true, true) => Some(Suffix::Checkmate),
    };
    assert_eq!(written.suffix, expected, "{text}");
}

fn check_uci(pos: &Position, m: Move, legal: &[Move]) {
    let text = pos.uci(m, CastlingMode::Chess960);
    let uci: UciMove = text.parse().expect("uci syntax");
    assert_eq!(uci.to_move(pos), Ok(m), "{text} in {}", pos.setup());
    assert_eq!(pos.parse_move(&text), Ok(m), "{text}");

    let text = pos.uci(m, CastlingMode::Standard);
    let uci: UciMove = text.parse().expect("uci syntax");
    assert_eq!(uci.to_move(pos), Ok(m), "{text} in {}", pos.setup());
    assert!(
        !legal
            .iter()
            .any(|&o| o != m && pos.uci(o, CastlingMode::Standard) == text),
        "{text} names two moves in {}",
        pos.setup()
    );
}

fn check_play(pos: &Position, m: Move) {
    let us = pos.turn();
    let after = pos.play(m).expect("legal move plays");
    let revalidated = Position::from_setup(after.setup().clone()).map_err(|e| e.to_string());
    assert_eq!(
        revalidated.as_ref(),
        Ok(&after),
        "validation of {}",
        after.setup()
    );
    let board = after.board();

    assert_eq!(after.turn(), !us);
    assert!(
        board
            .attackers_to(king(&after, us), !us, board.occupied())
            .is_empty(),
        "the mover's king is attacked in {}",
        after.setup()
    );
    let captured = usize::from(m.is_capture());
    assert_eq!(
        board.occupied().count() + captured,
        pos.board().occupied().count()
    );

    // Castling rights: each on a rook of its colour on the back rank, the
    // king on the rights' king file, never more rights than before.
    for (color, side, file) in after.castling().iter() {
        let back = Rank::back_rank(color);
        let rook = Square::from_coords(file, back);
        assert_eq!(
            board.piece_at(rook),
            Some(Role::Rook.of(color)),
            "{}",
            after.setup()
        );
        let k = king(&after, color);
        assert_eq!(k.rank(), back);
        assert_eq!(after.castling().king_file(color), Some(k.file()));
        assert_eq!(CastlingSide::of_rook(k.file(), file), Some(side));
        assert!(pos.castling().has(color, side));
    }
    if m.role() == Role::King {
        assert!(!after.castling().has_color(us));
    }

    // En passant: a legal square only with a legal capture, and one after
    // every double push that allows a legal capture. (The square passed is
    // recorded after every double push, for the writers' 1994 mode; the
    // legal square is the one the rules count.)
    let ep_moves: Vec<Move> = after
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.is_en_passant())
        .collect();
    let double_push = m.role() == Role::Pawn && m.from().index().abs_diff(m.to().index()) == 16;
    assert_eq!(after.ep_square().is_some(), double_push);
    match after.legal_ep_square() {
        Some(ep) => {
            assert!(!ep_moves.is_empty(), "{}", after.setup());
            assert!(ep_moves.iter().all(|e| e.to() == ep));
            assert_eq!(m.role(), Role::Pawn);
            assert_eq!(m.from().index().abs_diff(m.to().index()), 16);
        }
        None => assert!(ep_moves.is_empty()),
    }

    // Clocks.
    let s0 = pos.setup();
    let s1 = after.setup();
    let zeroing = m.role() == Role::Pawn || m.is_capture();
    assert_eq!(s1.halfmoves, if zeroing { 0 } else { s0.halfmoves + 1 });
    assert_eq!(s1.fullmoves, s0.fullmoves + u32::from(us == Color::Black));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn notation_round_trips_and_play_keeps_invariants(
        start in any::<prop::sample::Index>(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
    ) {
        let starts = starts();
        let mut pos = starts[start.index(starts.len())].clone();
        for choice in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            assert_eq!(pos.count_legal_moves(), legal.len());
            for &m in legal.iter() {
                check_san(&pos, m);
                check_uci(&pos, m, &legal);
                check_play(&pos, m);
            }
            pos = pos.play(legal[choice.index(legal.len())]).expect("legal");
        }
    }
}
