//! A refused 10x8 move says why, in the 8x8 board's words: the refusal
//! table of `specs/moves.md` replayed on a 10x8 board that only adds two
//! empty files (the same reason, word for word), castling worked out by
//! hand on ten files, and for random positions every reason checked on
//! the board by its definition, written here apart from the library.

use forsyth::capablanca::{
    attacks, CrcStart, Position, ReadMoveError, ReadMoveErrorKind, Setup, Square, Variant,
};
use forsyth::notation::{Notation, ParseMoveError};
use forsyth::{CastlingSide, Color, IllegalMoveKind, IllegalMoveReason, Rank, Role};

use crate::moves_spec::rows;

/// The 10x8 position of an X-FEN record.
fn ten(record: &str, variant: Variant) -> Position {
    let setup = Setup::from_fen(record, Some(variant)).expect(record);
    Position::from_setup(setup).expect(record)
}

/// The reason `text` is refused in `pos`.
fn refusal(pos: &Position, text: &str) -> IllegalMoveReason<Square> {
    match pos.read_move(text, None) {
        Err(ReadMoveError {
            kind: ReadMoveErrorKind::Illegal(reason),
            ..
        }) => reason,
        other => panic!("{text}: {other:?}"),
    }
}

/// An 8x8 record's placement with two empty files added on the right, no
/// castling right: every square of the 8x8 board keeps its name, and
/// pieces on the `a` to `h` files attack the same squares there.
fn widened(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .map(|rank| match rank.chars().last() {
            Some(d) if d.is_ascii_digit() => {
                let n = d.to_digit(10).expect("a digit") + 2;
                format!("{}{n}", &rank[..rank.len() - 1])
            }
            _ => format!("{rank}2"),
        })
        .collect();
    format!(
        "{} {} - {} {} {}",
        ranks.join("/"),
        fields[1],
        fields[3],
        fields[4],
        fields[5]
    )
}

/// The rows of the 8x8 refusal table whose reason lives on the files
/// `a` to `h` alone: a piece's move, not castling (which lands elsewhere
/// on ten files), nor a game's end, nor a text's fault.
#[test]
fn the_spec_rows_are_refused_in_the_same_words_on_ten_files() {
    let kinds = [
        "no_piece",
        "other_side",
        "unreachable",
        "nothing_to_capture",
        "missing_promotion",
        "bad_promotion",
        "pinned",
        "into_check",
        "in_check",
    ];
    let mut seen = 0;
    for row in rows().iter().filter(|r| kinds.contains(&r.kind.as_str())) {
        let at = format!("specs/moves.md:{}", row.line);
        let (last, before) = row.moves.split_last().expect(&at);
        let mut eight = forsyth::Position::from_fen(&row.fen.parse().expect(&at), None).expect(&at);
        let mut wide = ten(&widened(&row.fen), Variant::Capablanca);
        for text in before {
            eight = eight.play(eight.parse_move(text).expect(&at)).expect(&at);
            wide = wide
                .play(wide.read_move(text, None).expect(&at))
                .expect(&at);
        }
        let Err(ParseMoveError::Illegal { reason, .. }) = eight.parse_move(last) else {
            panic!("{at}: {last} is refused on 8x8");
        };
        let wide_reason = refusal(&wide, last);
        assert_eq!(wide_reason.kind().name(), row.kind, "{at}");
        assert_eq!(wide_reason.to_string(), reason.to_string(), "{at}");
        seen += 1;
    }
    assert!(seen >= 12, "{seen} rows");
}

/// Castling on ten files, worked out on the board: the king goes from f1
/// to i1 (king side, rook j1 to h1) or to c1 (queen side, rook a1 to d1).
#[test]
fn castling_reasons_on_ten_files() {
    use IllegalMoveReason as R;
    let start = Position::capablanca();
    // The bishop on g1 is the nearest piece in the king's way; on the
    // queen side the queen on e1.
    assert_eq!(
        refusal(&start, "O-O"),
        R::CastlingBlocked {
            side: CastlingSide::KingSide,
            square: Square::G1
        }
    );
    assert_eq!(
        refusal(&start, "O-O-O"),
        R::CastlingBlocked {
            side: CastlingSide::QueenSide,
            square: Square::E1
        }
    );
    // The rook on d8 attacks d1, which the king passes going to c1: the
    // 8x8 words of the same pass (king e1, rook d8).
    let eight =
        forsyth::Position::from_fen(&"3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap(), None)
            .unwrap();
    let Err(ParseMoveError::Illegal { reason, .. }) = eight.parse_move("O-O-O") else {
        panic!("O-O-O is refused on 8x8");
    };
    let p = ten(
        "3r1k4/10/10/10/10/10/10/R4K3R w KQ - 0 1",
        Variant::Capablanca,
    );
    let passes = refusal(&p, "O-O-O");
    assert_eq!(
        passes,
        R::CastlingThroughCheck {
            side: CastlingSide::QueenSide,
            square: Square::D1,
            attacker: Square::D8
        }
    );
    assert_eq!(passes.to_string(), reason.to_string());
    assert_eq!(
        passes.to_string(),
        "castling, the king would pass over d1, attacked from d8"
    );
    // The rook on i8 attacks i1, where the king lands; in uci the king's
    // step and the king taking its rook say the same.
    let p = ten(
        "5k2r1/10/10/10/10/10/10/R4K3R w KQ - 0 1",
        Variant::Capablanca,
    );
    let lands = R::CastlingThroughCheck {
        side: CastlingSide::KingSide,
        square: Square::I1,
        attacker: Square::I8,
    };
    for text in ["O-O", "f1i1", "f1j1", "Kf1-i1"] {
        assert_eq!(refusal(&p, text), lands, "{text}");
    }
    assert_eq!(
        lands.to_string(),
        "castling, the king would land on i1, attacked from i8"
    );
    // In check from the chancellor on f8.
    let p = ten(
        "4kc4/10/10/10/10/10/10/R4K3R w KQ - 0 1",
        Variant::Capablanca,
    );
    assert_eq!(
        refusal(&p, "O-O"),
        R::CastlingOutOfCheck {
            king: Square::F1,
            attacker: Square::F8
        }
    );
    // No right on the queen side.
    let p = ten("5k4/10/10/10/10/10/10/R4K3R w K - 0 1", Variant::Capablanca);
    assert_eq!(
        refusal(&p, "O-O-O"),
        R::CastlingWithoutRight {
            side: CastlingSide::QueenSide
        }
    );
}

/// The compound pieces pin and are pinned as their slider part, and
/// check as a knight too.
#[test]
fn compound_pieces_in_the_reasons() {
    use IllegalMoveReason as R;
    // The archbishop on e2 stands between its king on e1 and the rook on
    // e8: its knight's jump to g3 leaves the file.
    let p = ten(
        "4r1k3/10/10/10/10/10/4A5/4K5 w - - 0 1",
        Variant::Capablanca,
    );
    assert_eq!(
        refusal(&p, "Ag3"),
        R::Pinned {
            square: Square::E2,
            pinner: Square::E8
        }
    );
    // The chancellor on g3 attacks f1 by a knight's jump: the king may not
    // step there.
    let p = ten("6k3/10/10/10/10/6c3/10/4K5 w - - 0 1", Variant::Capablanca);
    assert_eq!(
        refusal(&p, "Kf1"),
        R::IntoCheck {
            to: Square::F1,
            attacker: Square::G3
        }
    );
    // The archbishop on d3 checks the king on e1 by its knight's jump; a
    // knight's move elsewhere leaves the check.
    let p = ten("6k3/10/10/10/10/3a6/10/N3K5 w - - 0 1", Variant::Capablanca);
    assert_eq!(
        refusal(&p, "Nb3"),
        R::InCheck {
            checker: Square::D3
        }
    );
    assert_eq!(
        refusal(&Position::capablanca(), "Ad4"),
        R::Unreachable {
            role: Role::Archbishop,
            from: None,
            to: Square::D4
        }
    );
    assert_eq!(
        refusal(&Position::capablanca(), "e7e5"),
        R::OtherSide {
            square: Square::E7,
            role: Role::Pawn,
            color: Color::Black
        }
    );
}

mod properties {
    //! For random 10x8 positions reached by random play from the three
    //! kinds of start, every UCI text of a move that is not legal (every
    //! origin and destination) and every SAN text of a piece to a square
    //! is refused with a reason that holds on the board by its
    //! definition; every legal move reads.

    use super::*;
    use forsyth::capablanca::Bitboard;
    use proptest::prelude::*;

    fn arb_position() -> impl Strategy<Value = Position> {
        (
            0usize..3,
            0u16..CrcStart::COUNT,
            prop::collection::vec(any::<prop::sample::Index>(), 0..50),
        )
            .prop_map(|(kind, n, choices)| {
                let mut pos = match kind {
                    0 => Position::capablanca(),
                    1 => Position::gothic(),
                    _ => Position::from_setup(CrcStart::new(n).expect("a start").to_setup())
                        .expect("a start is legal"),
                };
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

    /// The squares a `role` of `color` on `from` reaches by the way it
    /// moves, its king's safety aside: the steps and slides of the
    /// attack tables, a pawn's pushes by the rules.
    fn pseudo(pos: &Position, color: Color, role: Role, from: Square) -> Bitboard {
        let board = pos.board();
        let occupied = board.occupied();
        let reach = if role == Role::Pawn {
            let step = if color == Color::White { 1 } else { -1 };
            let mut reach = Bitboard::EMPTY;
            if let Some(one) = from.offset(0, step).filter(|s| !occupied.contains(*s)) {
                reach = reach.with(one);
                let home = if color == Color::White {
                    Rank::Second
                } else {
                    Rank::Seventh
                };
                if from.rank() == home {
                    if let Some(two) = one.offset(0, step).filter(|s| !occupied.contains(*s)) {
                        reach = reach.with(two);
                    }
                }
            }
            let mut prey = board.by_color(!color);
            if let Some(ep) = pos.ep_square() {
                prey = prey.with(ep);
            }
            reach | (attacks::pawn(color, from) & prey)
        } else {
            attacks::attacks(from, role.of(color), occupied)
        };
        reach - board.by_color(color)
    }

    /// The board after the piece on `from` goes to `to`: whatever stood
    /// on `to` is taken, and a pawn moving aside onto an empty square
    /// takes the pawn beside it.
    fn after(pos: &Position, from: Square, to: Square) -> forsyth::capablanca::Board {
        let mut board = pos.board().clone();
        let piece = board.remove_piece_at(from).expect("a piece");
        if piece.role == Role::Pawn && from.file() != to.file() && board.piece_at(to).is_none() {
            board.remove_piece_at(Square::from_coords(to.file(), from.rank()));
        }
        board.remove_piece_at(to);
        board.set_piece_at(to, piece);
        board
    }

    /// Checks what `reason` claims of `pos` for the move from `from` (when
    /// the text names it) to `to`, by a role `named` (when it names one).
    fn holds(
        pos: &Position,
        from: Option<Square>,
        named: Option<Role>,
        to: Square,
        reason: IllegalMoveReason<Square>,
    ) {
        use IllegalMoveReason as R;
        let board = pos.board();
        let us = pos.turn();
        let king = board.king_of(us).expect("a king");
        let enemy = |sq: Square| board.color_at(sq) == Some(!us);
        match reason {
            R::GameOver { .. } => assert_eq!(pos.legal_moves().len(), 0),
            R::NoPiece { square, role } => {
                assert_eq!(Some(square), from);
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
                assert!(from.is_none_or(|f| f == square));
            }
            R::Unreachable {
                role,
                from: f,
                to: t,
            } => {
                assert_eq!((f, t), (from, to));
                let origins = match f {
                    Some(f) => {
                        assert_eq!(board.piece_at(f), Some(role.of(us)));
                        Bitboard::from_square(f)
                    }
                    None => board.by_piece(role.of(us)),
                };
                for o in origins {
                    assert!(!pseudo(pos, us, role, o).contains(to), "{o} reaches {to}");
                }
            }
            R::NothingToCapture { to: t } => {
                assert_eq!(t, to);
                assert!(!enemy(to) && pos.ep_square() != Some(to));
            }
            R::MissingPromotion { to: t } | R::BadPromotion { to: t } => assert_eq!(t, to),
            R::NullMove => panic!("not from these texts"),
            R::Pinned { square, pinner } => {
                assert!(from.is_none_or(|f| f == square));
                assert!(enemy(pinner));
                assert!(!pos.checkers().contains(pinner), "a pin, not a check");
                let moved = after(pos, square, to);
                assert!(
                    moved
                        .attackers_to(king, !us, moved.occupied())
                        .contains(pinner),
                    "{square} to {to} exposes {king} to {pinner}"
                );
            }
            R::IntoCheck { to: t, attacker } => {
                assert_eq!(t, to);
                assert!(named.is_none_or(|r| r == Role::King));
                assert!(from.is_none_or(|f| f == king));
                assert!(enemy(attacker));
                let moved = after(pos, king, to);
                assert!(moved
                    .attackers_to(to, !us, moved.occupied())
                    .contains(attacker));
            }
            R::InCheck { checker } => {
                assert!(pos.checkers().contains(checker));
            }
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
                let target = forsyth::capablanca::king_to_file(side).index();
                let (a, b) = (king.file().index(), target);
                assert!((a.min(b)..=a.max(b)).contains(&square.file().index()));
                assert!(enemy(attacker));
                let rook = pos.castling().rook_square(us, side).expect("a right");
                let occupied = board.occupied().without(king).without(rook);
                assert!(board.attackers_to(square, !us, occupied).contains(attacker));
            }
            other => panic!("unexpected reason {other:?}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn every_refusal_holds_on_the_board(pos in arb_position()) {
            let legal = pos.legal_moves();
            for &m in legal.iter() {
                for text in [pos.san(m), pos.uci(m, forsyth::uci::CastlingMode::Chess960)] {
                    prop_assert_eq!(pos.read_move(&text, None), Ok(m), "{}", text);
                }
            }
            for from in Square::all() {
                for to in Square::all() {
                    if from == to {
                        continue;
                    }
                    let text = format!("{from}{to}");
                    let fits = legal.iter().any(|m| !m.is_castle() && m.from() == from && m.to() == to);
                    match pos.read_move(&text, Some(Notation::Uci)) {
                        Ok(m) => prop_assert!(fits || m.is_castle(), "{}", text),
                        Err(e) => {
                            let ReadMoveErrorKind::Illegal(reason) = e.kind else {
                                panic!("{text}: {e}");
                            };
                            prop_assert!(!fits || reason.kind() == IllegalMoveKind::MissingPromotion);
                            holds(&pos, Some(from), None, to, reason);
                        }
                    }
                }
            }
            for role in [Role::King, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Archbishop, Role::Chancellor] {
                for to in Square::all() {
                    let text = format!("{}{to}", role.upper_char());
                    if let Err(e) = pos.read_move(&text, None) {
                        match e.kind {
                            ReadMoveErrorKind::Illegal(reason) => {
                                holds(&pos, None, Some(role), to, reason);
                            }
                            ReadMoveErrorKind::Ambiguous(_) => {}
                            _ => panic!("{text}: {e}"),
                        }
                    }
                }
            }
        }
    }
}
