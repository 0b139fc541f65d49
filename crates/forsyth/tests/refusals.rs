//! Every refusal says why, and move text close to a legal move
//! reads. Each case is worked out on the board by hand: the reason and the
//! squares follow from the rules (a pin, a check, a square castling passes)
//! and from the definitions in `Position::parse_move`'s documentation.

use forsyth::notation::ParseMoveError;
use forsyth::san::San;
use forsyth::{
    CastlingSide, Color, IllegalMoveKind, IllegalMoveReason, Move, Outcome, Position, Role, Square,
};

use crate::common::pos;

/// The reason `text` is refused in `p`.
fn reason(p: &Position, text: &str) -> IllegalMoveReason {
    match p.parse_move(text) {
        Err(ParseMoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn castling_reasons_name_the_squares() {
    use IllegalMoveReason as R;
    // The rook on f8 attacks f1, which the king passes.
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let through = R::CastlingThroughCheck {
        side: CastlingSide::KingSide,
        square: Square::F1,
        attacker: Square::F8,
    };
    assert_eq!(reason(&p, "O-O"), through);
    assert_eq!(reason(&p, "e1g1"), through, "the king's move in uci");
    assert_eq!(reason(&p, "e1h1"), through, "king takes rook in uci");
    // The rook on g8 attacks g1, where the king lands.
    let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let lands = reason(&p, "O-O");
    assert_eq!(
        lands,
        R::CastlingThroughCheck {
            side: CastlingSide::KingSide,
            square: Square::G1,
            attacker: Square::G8,
        }
    );
    assert!(lands.to_string().contains("land on g1"), "{lands}");
    // In check from e8.
    let p = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        reason(&p, "O-O-O"),
        R::CastlingOutOfCheck {
            king: Square::E1,
            attacker: Square::E8
        }
    );
    // In the start position the nearest piece in the way: f1, d1.
    let s = Position::standard();
    assert_eq!(
        reason(&s, "O-O"),
        R::CastlingBlocked {
            side: CastlingSide::KingSide,
            square: Square::F1
        }
    );
    assert_eq!(
        reason(&s, "O-O-O"),
        R::CastlingBlocked {
            side: CastlingSide::QueenSide,
            square: Square::D1
        }
    );
    // No right on the queen side.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
    assert_eq!(
        reason(&p, "O-O-O"),
        R::CastlingWithoutRight {
            side: CastlingSide::QueenSide
        }
    );
}

#[test]
fn king_safety_reasons_name_the_attacker() {
    use IllegalMoveReason as R;
    // One hand-worked position per reason, alike as data; each keeps its
    // own comment.
    // The knight on d2 shields its king on e1 from the bishop on b4.
    let p = pos("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    assert_eq!(
        reason(&p, "Nf3"),
        R::Pinned {
            square: Square::D2,
            pinner: Square::B4
        }
    );
    // The king would step onto e1, attacked by the rook on e2.
    let p = pos("4k3/8/8/8/8/8/4r3/3K4 w - - 0 1");
    assert_eq!(
        reason(&p, "Ke1"),
        R::IntoCheck {
            to: Square::E1,
            attacker: Square::E2
        }
    );
    // In check from e8, a knight move elsewhere does not answer.
    let p = pos("4r1k1/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(
        reason(&p, "Nc3"),
        R::InCheck {
            checker: Square::E8
        }
    );
    // En passant that empties the king's rank: both pawns leave rank 5,
    // and the rook on h5 sees the king on a5.
    let p = pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert_eq!(
        reason(&p, "exd6"),
        R::Pinned {
            square: Square::E5,
            pinner: Square::H5
        }
    );
}

#[test]
fn piece_reasons() {
    use IllegalMoveReason as R;
    let s = Position::standard();
    // Only Black's pawn on e7 could go to e5.
    assert_eq!(
        reason(&s, "e5"),
        R::OtherSide {
            square: Square::E7,
            role: Role::Pawn,
            color: Color::Black
        }
    );
    assert_eq!(
        reason(&s, "e7e5"),
        R::OtherSide {
            square: Square::E7,
            role: Role::Pawn,
            color: Color::Black
        }
    );
    assert_eq!(
        reason(&s, "Bb5"),
        R::Unreachable {
            role: Role::Bishop,
            from: None,
            to: Square::B5
        }
    );
    assert_eq!(
        reason(&s, "e2e5"),
        R::Unreachable {
            role: Role::Pawn,
            from: Some(Square::E2),
            to: Square::E5
        }
    );
    assert_eq!(
        reason(&s, "e3e4"),
        R::NoPiece {
            square: Square::E3,
            role: None
        }
    );
    assert_eq!(
        reason(&s, "Bb1-c3"),
        R::NoPiece {
            square: Square::B1,
            role: Some(Role::Bishop)
        }
    );
    assert_eq!(reason(&s, "Nxf3"), R::NothingToCapture { to: Square::F3 });
    assert_eq!(reason(&s, "e2e4q"), R::BadPromotion { to: Square::E4 });
    assert_eq!(reason(&s, "0000"), R::NullMove);
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(reason(&p, "a8"), R::MissingPromotion { to: Square::A8 });
    assert_eq!(reason(&p, "a7a8"), R::MissingPromotion { to: Square::A8 });
}

#[test]
fn moves_after_the_end_are_refused_as_such() {
    // Stalemate: Black to move has none.
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let r = reason(&p, "Kh7");
    assert_eq!(
        r,
        IllegalMoveReason::GameOver {
            outcome: Outcome::Stalemate
        }
    );
    assert_eq!(r.kind(), IllegalMoveKind::GameOver);
    // Checkmate, through Position::play with a move.
    let mate = Position::standard()
        .play_moves(["f3", "e5", "g4", "Qh4#"])
        .unwrap();
    let m = Move::Normal {
        role: Role::Knight,
        from: Square::G1,
        capture: None,
        to: Square::H3,
        promotion: None,
    };
    assert_eq!(
        mate.play(m).unwrap_err().reason,
        IllegalMoveReason::GameOver {
            outcome: Outcome::Checkmate {
                winner: Color::Black
            }
        }
    );
    let err = Position::standard()
        .play_moves(["f3", "e5", "g4", "Qh4#", "Nh3"])
        .unwrap_err();
    assert_eq!((err.index, err.kind().name()), (4, "game_over"));
}

#[test]
fn close_text_reads() {
    let s = Position::standard();
    let e4 = s.parse_move("e4").unwrap();
    let nf3 = s.parse_move("Nf3").unwrap();
    for text in [
        "e2-e4", "Pe2-e4", "e2e4", "1.e4", "1. e4", "37.e4", "1.e2-e4",
    ] {
        assert_eq!(s.parse_move(text), Ok(e4), "{text}");
    }
    for text in ["Ng1-f3", "1.Ng1-f3+", "g1-f3"] {
        assert_eq!(s.parse_move(text), Ok(nf3), "{text}");
    }
    let after = s.play_moves(["e4"]).unwrap();
    let e5 = after.parse_move("e5").unwrap();
    for text in ["1...e5", "1... e5", "1...e7-e5"] {
        assert_eq!(after.parse_move(text), Ok(e5), "{text}");
    }
    // Promotions in long algebraic, with and without `=`, any case.
    let p = pos("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let queen = Move::Normal {
        role: Role::Pawn,
        from: Square::E7,
        capture: None,
        to: Square::E8,
        promotion: Some(Role::Queen),
    };
    for text in ["e7-e8=Q", "e7-e8q", "e7-e8Q", "e7e8q"] {
        assert_eq!(p.parse_move(text), Ok(queen), "{text}");
    }
    let knight = Move::Normal {
        role: Role::Pawn,
        from: Square::E7,
        capture: Some(Role::Rook),
        to: Square::D8,
        promotion: Some(Role::Knight),
    };
    assert_eq!(p.parse_move("e7xd8=N"), Ok(knight));
    // Castling with zeros.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        p.parse_move("0-0"),
        Ok(Move::Castle {
            king: Square::E1,
            rook: Square::H1
        })
    );
    // `e.p.` attached or as a second word, only on en passant.
    let p = s.play_moves(["e4", "Nf6", "e5", "d5"]).unwrap();
    let ep = Move::EnPassant {
        from: Square::E5,
        to: Square::D6,
    };
    for text in ["exd6 e.p.", "exd6e.p.", "e5xd6 e.p.", "3.exd6 e.p.+"] {
        assert_eq!(p.parse_move(text), Ok(ep), "{text}");
    }
    assert!(matches!(
        p.parse_move("d3 e.p."),
        Err(ParseMoveError::NotEnPassant { .. })
    ));
}

#[test]
fn bxc3_is_a_pawn_capture_unless_only_a_bishop_can_make_it() {
    // Both the pawn on b2 and the bishop on e1 can take on c3: the pawn.
    let p = pos("4k3/8/8/8/8/2n5/1P6/4B1K1 w - - 0 1");
    let m = p.parse_move("bxc3").unwrap();
    assert_eq!((m.role(), m.from()), (Role::Pawn, Square::B2));
    // No pawn can: the bishop.
    let p = pos("4k3/8/8/8/8/2n5/8/4B1K1 w - - 0 1");
    let m = p.parse_move("bxc3").unwrap();
    assert_eq!((m.role(), m.from()), (Role::Bishop, Square::E1));
    // Neither: refused as the pawn move it reads as.
    let p = pos("4k3/8/8/8/8/2n5/8/6K1 w - - 0 1");
    assert_eq!(
        p.parse_move("bxc3").unwrap_err().kind().name(),
        "unreachable"
    );
}

#[test]
fn unreadable_text_suggests_the_nearest_legal_moves() {
    let s = Position::standard();
    let suggestions = |text: &str| match s.parse_move(text) {
        Err(ParseMoveError::InvalidMove { suggestions, .. }) => {
            suggestions.iter().map(San::to_string).collect::<Vec<_>>()
        }
        other => panic!("{text}: {other:?}"),
    };
    // One deletion from Nf3; every other move is further.
    assert_eq!(suggestions("Nf33"), ["Nf3"]);
    // One deletion from e4 (e3 needs two edits).
    assert_eq!(suggestions("e44"), ["e4"]);
    // Nothing within two edits, but f3 is named: the moves to f3.
    assert_eq!(suggestions("Zzzzzf3"), ["Nf3", "f3"]);
    // Nothing near, no square.
    assert!(suggestions("hello").is_empty());
}

mod properties {
    //! For every UCI text (every origin, destination and promotion) in
    //! positions of random games, a refusal's reason holds on the board by
    //! its definition: the squares it names carry the pieces it says, and
    //! the attacks it claims exist.

    use forsyth::uci::UciMove;
    use forsyth::{attacks, Chess960Start, IllegalMoveReason, Position, Role, Setup, Square};
    use proptest::prelude::*;

    fn arb_position() -> impl Strategy<Value = Position> {
        (
            prop_oneof![Just(518usize), 0usize..960],
            prop::collection::vec(any::<prop::sample::Index>(), 0..60),
        )
            .prop_map(|(n, choices)| {
                let setup = if n == 518 {
                    Setup::standard()
                } else {
                    Chess960Start::all().nth(n).expect("960").to_setup()
                };
                let mut pos = Position::from_setup(setup).expect("legal");
                for choice in choices {
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    pos = pos.play(legal[choice.index(legal.len())]).expect("legal");
                }
                pos
            })
    }

    /// Checks what `reason` claims about `pos` for the move `from`-`to`.
    fn holds(pos: &Position, from: Square, to: Square, reason: IllegalMoveReason) {
        use IllegalMoveReason as R;
        let board = pos.board();
        let us = pos.turn();
        let enemy = |sq: Square| board.color_at(sq) == Some(!us);
        let king = board.king_of(us).expect("a king");
        match reason {
            R::GameOver { .. } => assert_eq!(pos.count_legal_moves(), 0),
            R::NoPiece { square, role } => {
                assert_eq!(square, from);
                match role {
                    None => assert!(board.piece_at(square).is_none()),
                    Some(r) => assert_ne!(board.piece_at(square), Some(r.of(us))),
                }
            }
            R::OtherSide {
                square,
                role,
                color,
            } => {
                assert_eq!(color, !us);
                assert_eq!(board.piece_at(square), Some(role.of(color)));
            }
            R::Unreachable { from: f, to: t, .. } => {
                assert_eq!((f, t), (Some(from), to));
                assert!(!pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.from() == from && m.to() == to));
            }
            R::MissingPromotion { to: t } | R::BadPromotion { to: t } => assert_eq!(t, to),
            R::NothingToCapture { .. } | R::NullMove => panic!("not from uci text"),
            R::Pinned { square, pinner } => {
                assert_eq!(square, from);
                assert!(enemy(pinner));
                let slider = board.role_at(pinner).expect("a piece");
                assert!(matches!(slider, Role::Bishop | Role::Rook | Role::Queen));
                assert!(
                    attacks::aligned(king, square, pinner) || pos.setup().ep_square == Some(to)
                );
            }
            R::IntoCheck { to: t, attacker } => {
                assert_eq!((board.role_at(from), t), (Some(Role::King), to));
                assert!(enemy(attacker));
                let occupied = board.occupied().without(from);
                assert!(board.attackers_to(to, !us, occupied).contains(attacker));
            }
            R::InCheck { checker } => assert!(pos.checkers().contains(checker)),
            R::CastlingWithoutRight { side } => {
                assert!(!pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.castling_side() == Some(side)));
            }
            R::CastlingBlocked { square, .. } => {
                assert!(board.occupied().contains(square));
                assert_ne!(square, king);
            }
            R::CastlingOutOfCheck { king: k, attacker } => {
                assert_eq!(k, king);
                assert!(pos.checkers().contains(attacker));
            }
            R::CastlingThroughCheck {
                side,
                square,
                attacker,
            } => {
                assert_eq!(square.rank(), king.rank());
                let (lo, hi) = {
                    let (a, b) = (king.file().index(), side.king_to_file().index());
                    (a.min(b), a.max(b))
                };
                assert!((lo..=hi).contains(&square.file().index()));
                assert!(enemy(attacker));
            }
            other => panic!("unexpected reason {other:?}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn every_uci_refusal_holds_on_the_board(pos in arb_position()) {
            for from in Square::all() {
                for to in Square::all() {
                    if from == to {
                        continue;
                    }
                    let uci = UciMove::Normal { from, to, promotion: None };
                    if let Err(e) = uci.to_move(&pos) {
                        holds(&pos, from, to, e.reason);
                    }
                }
            }
        }
    }
}

/// `forsyth::Error` carries any refusal as it is: `?` converts each error
/// of the crate into it, and its message and source are the inner error's
/// (so a report prints the reason once, not twice).
#[test]
fn any_refusal_converts_into_the_crate_error() {
    use std::error::Error as _;
    fn play(text: &str) -> Result<Position, forsyth::Error> {
        let pos = Position::standard().play_moves(text.split(' '))?;
        let m = pos.parse_move("Qh5")?;
        Ok(pos.play(m)?)
    }
    let err = play("e4 e5 Ke3").unwrap_err();
    let inner = Position::standard()
        .play_moves(["e4", "e5", "Ke3"])
        .unwrap_err();
    assert!(matches!(err, forsyth::Error::PlayMoves(_)));
    assert_eq!(err.to_string(), inner.to_string());
    assert!(err.source().is_none() && inner.source().is_none());
    let err = play("d4 d5").map(|_| ()).unwrap_err();
    assert!(matches!(err, forsyth::Error::ParseMove(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        "illegal move Qh5 for white: no queen can move to h5"
    );
    let io = std::io::Error::other("disk gone");
    assert_eq!(forsyth::Error::from(io).to_string(), "disk gone");
}
