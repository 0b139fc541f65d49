//! SAN and UCI against independent truths: a published game's movetext, and
//! hand cases for the rules of the PGN standard (section 8.2.3, "Movetext
//! SAN") and of the UCI protocol (castling as king move, or as king takes
//! rook under UCI_Chess960).

use forsyth::fen::CastlingNotation;
use forsyth::notation::{ParseMoveError, ParseMoveErrorKind};
use forsyth::san::{San, SanErrorKind, SanPlus};
use forsyth::uci::{CastlingMode, UciMove};
use forsyth::{CastlingSide, Color, IllegalMoveKind, Move, Outcome, Position, Role, Square};

use crate::common::pos;

fn sans(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
    v.sort();
    v
}

/// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858 (the
/// "Opera game"), as published: every move reads, and writing it again gives
/// the published text, checks, mate and disambiguation included.
#[test]
fn opera_game_reads_and_writes_back() {
    let movetext = "1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7 \
        8.Nc3 c6 9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 \
        15.Bxd7+ Nxd7 16.Qb8+ Nxb8 17.Rd8#";
    let mut p = Position::standard();
    for token in movetext.split_whitespace() {
        let san = token.split_once('.').map_or(token, |(_, s)| s);
        let m = p.parse_move(san).unwrap_or_else(|e| panic!("{san}: {e}"));
        assert_eq!(p.san(m), san);
        p = p.play(m).expect("legal");
    }
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn disambiguation_by_file_rank_or_square() {
    // Knights on b1 and f3 both reach d2: the file tells them apart.
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Nbd2".to_owned()) && s.contains(&"Nfd2".to_owned()));
    // Rooks on a1 and a5 both reach a3: same file, so the rank.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"R1a3".to_owned()) && s.contains(&"R5a3".to_owned()));
    assert!(s.contains(&"Rb1".to_owned()), "only one rook reaches b1");
    // Queens on h4, e4 and h1 all reach e1: h4 shares its file with h1 and
    // its rank with e4, so it needs the whole square; e4 is alone on its
    // file; h1 shares its file but not its rank.
    let p = pos("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Qh4e1".to_owned()), "{s:?}");
    assert!(s.contains(&"Qee1".to_owned()) && s.contains(&"Q1e1".to_owned()));
}

#[test]
fn pinned_piece_needs_no_disambiguation() {
    // The knight on c3 is pinned by the bishop on a5: only the g1 knight can
    // go to e2, and SAN names it without its file.
    let p = pos("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Ne2".to_owned()), "{s:?}");
    assert!(!p.legal_moves().iter().any(|m| m.from() == Square::C3));
}

#[test]
fn pawn_moves_captures_promotions_en_passant() {
    // White pawn on e5 with the black d-pawn just past it (ep d6), a pawn on
    // b7 that can promote straight or by taking on a8 or c8.
    let p = pos("r1n1k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let s = sans(&p);
    for expected in [
        "exd6", "e6", "b8=Q", "b8=N", "bxa8=Q", "bxc8=Q+", "bxc8=R+", "bxc8=B",
    ] {
        assert!(
            s.contains(&expected.to_owned()),
            "{expected} missing from {s:?}"
        );
    }
    let ep = p.parse_move("exd6").expect("legal");
    assert_eq!(
        ep,
        Move::EnPassant {
            from: Square::E5,
            to: Square::D6
        }
    );
    // Older texts: a pawn letter, `e.p.` after an en-passant capture.
    assert_eq!(p.parse_move("Pexd6e.p.").unwrap(), ep);
    assert_eq!(p.parse_move("exd6e.p.").unwrap(), ep);
    assert_eq!(p.parse_move("Pe6").unwrap(), p.parse_move("e6").unwrap());
    for bad in ["e6e.p.", "Pb8e.p.", "bxa8=Qe.p.", "O-Oe.p.", "Ke2e.p."] {
        assert!(p.parse_move(bad).is_err(), "{bad} read");
    }
    // Other capture marks (specs/notation.md §2): `:`, `×`, Cyrillic `х`.
    for mark in [":", "×", "х"] {
        assert_eq!(p.parse_move(&format!("e{mark}d6")).unwrap(), ep, "{mark}");
        assert_eq!(
            p.parse_move(&format!("b{mark}a8=Q")).unwrap(),
            p.parse_move("bxa8=Q").unwrap(),
            "{mark}"
        );
        assert!(p.parse_move(&format!("b{mark}b8=Q")).is_err(), "{mark}");
    }
    // Promotion without `=`, lowercase after `=`.
    assert_eq!(p.parse_move("b8Q").unwrap(), p.parse_move("b8=Q").unwrap());
    assert_eq!(p.parse_move("b8=q").unwrap(), p.parse_move("b8=Q").unwrap());
    // A pawn reaching the last rank must say what it becomes.
    let err = p.parse_move("b8").unwrap_err();
    assert_eq!(err.kind().name(), "missing_promotion");
    assert_eq!(
        err.to_string(),
        "illegal move b8 for white: a pawn reaching b8 must promote, as b8=Q (or q in uci)"
    );
}

#[test]
fn check_and_mate_suffixes_are_written_and_optional_when_read() {
    // Fool's mate: 1.f3 e5 2.g4 Qh4#.
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let mate = p.parse_move("Qh4#").unwrap();
    assert_eq!(p.san(mate), "Qh4#");
    assert_eq!(p.parse_move("Qh4").unwrap(), mate, "missing #");
    assert_eq!(p.parse_move("Qh4+").unwrap(), mate, "+ for #");
    assert_eq!(p.parse_move("Qh4#!!").unwrap(), mate, "annotation");
    // An extra + on a quiet move, and annotations.
    let start = Position::standard();
    let nf3 = start.parse_move("Nf3").unwrap();
    for text in ["Nf3+", "Nf3!?", "Nf3?!", "Nf3!", "Nf3??", "Ng1f3", "Ngf3"] {
        assert_eq!(start.parse_move(text).unwrap(), nf3, "{text}");
    }
    // `x` on a move that captures nothing is not that move.
    assert_eq!(
        start.parse_move("Nxf3").unwrap_err().kind().name(),
        "nothing_to_capture"
    );
}

#[test]
fn castling_in_standard_chess_and_chess960() {
    // Standard chess: 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6, White castles.
    let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let castle = Move::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    for text in ["O-O", "0-0", "O-O+", "e1g1", "e1h1"] {
        assert_eq!(p.parse_move(text).unwrap(), castle, "{text}");
    }
    assert_eq!(p.san(castle), "O-O");
    assert_eq!(p.uci(castle, CastlingMode::Standard), "e1g1");
    assert_eq!(p.uci(castle, CastlingMode::Chess960), "e1h1");
    let after = p.play(castle).unwrap();
    assert_eq!(
        after
            .setup()
            .to_fen(&CastlingNotation::Standard.into())
            .unwrap(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    );

    // Chess960: king on f1, rooks on b1 and h1.
    let p = pos("4k3/8/8/8/8/8/8/1R3K1R w HB - 0 1");
    let long = Move::Castle {
        king: Square::F1,
        rook: Square::B1,
    };
    let short = Move::Castle {
        king: Square::F1,
        rook: Square::H1,
    };
    assert_eq!(p.san(long), "O-O-O");
    assert_eq!(p.san(short), "O-O");
    assert_eq!(p.parse_move("O-O-O").unwrap(), long);
    assert_eq!(p.parse_move("f1b1").unwrap(), long);
    assert_eq!(p.parse_move("f1c1").unwrap(), long);
    assert_eq!(p.parse_move("f1h1").unwrap(), short);
    // f1g1 is the king's step, which is legal: it is not castling.
    assert!(!p.parse_move("f1g1").unwrap().is_castle());
    let after = p.play(long).unwrap();
    assert_eq!(
        after
            .setup()
            .to_fen(&CastlingNotation::Shredder.into())
            .unwrap(),
        "4k3/8/8/8/8/8/8/2KR3R b - - 1 1"
    );
}

#[test]
fn chess960_castling_where_king_or_rook_stays() {
    // The king is already on g1: only the rook moves.
    let p = pos("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    let castle = Move::Castle {
        king: Square::G1,
        rook: Square::H1,
    };
    assert_eq!(p.parse_move("O-O").unwrap(), castle);
    assert_eq!(p.uci(castle, CastlingMode::Chess960), "g1h1");
    assert_eq!(
        p.play(castle).unwrap().board().to_string(),
        "4k3/8/8/8/8/8/8/5RK1"
    );
    // The rook is already on d1: only the king moves.
    let p = pos("4k3/8/8/8/8/8/8/3RK3 w D - 0 1");
    let castle = Move::Castle {
        king: Square::E1,
        rook: Square::D1,
    };
    assert_eq!(p.parse_move("O-O-O").unwrap(), castle);
    assert_eq!(p.parse_move("e1d1").unwrap(), castle);
    assert_eq!(p.parse_move("e1c1").unwrap(), castle);
    assert_eq!(
        p.play(castle).unwrap().board().to_string(),
        "4k3/8/8/8/8/8/8/2KR4"
    );
}

/// In the standard UCI convention each legal move has its own text, and
/// that text reads back as the move: in every Chess960 start with the back
/// ranks cleared but for kings and rooks (so that every castling is legal),
/// for either side to move. The expected text of a castling is worked out
/// from the legal moves, not from the writer's rule: the king's destination,
/// unless the king already stands there or a legal king step goes there;
/// then the rook's square.
#[test]
fn standard_uci_castling_names_each_move_once_in_every_chess960_start() {
    let mut rook_written = 0;
    for n in 0..960 {
        for turn in [Color::White, Color::Black] {
            let mut setup = forsyth::Chess960Start::new(n).expect("0..960").to_setup();
            for file in forsyth::File::ALL {
                for rank in [forsyth::Rank::First, forsyth::Rank::Eighth] {
                    let sq = Square::from_coords(file, rank);
                    if setup
                        .board
                        .role_at(sq)
                        .is_some_and(|r| r != Role::King && r != Role::Rook)
                    {
                        setup.board.remove_piece_at(sq);
                    }
                }
            }
            setup.turn = turn;
            let p = Position::from_setup(setup).expect("legal");
            let legal = p.legal_moves();
            let mut texts: Vec<String> = Vec::new();
            for &m in legal.iter() {
                let text = p.uci(m, CastlingMode::Standard);
                let read = text.parse::<UciMove>().unwrap().to_move(&p);
                assert_eq!(read, Ok(m), "{text} in {}", p.setup());
                if let Move::Castle { king, rook } = m {
                    let target = m.to();
                    let step = legal
                        .iter()
                        .any(|o| !o.is_castle() && o.from() == king && o.to() == target);
                    let expected = if target == king || step {
                        rook_written += 1;
                        format!("{king}{rook}")
                    } else {
                        format!("{king}{target}")
                    };
                    assert_eq!(text, expected, "in {}", p.setup());
                }
                texts.push(text);
            }
            let count = texts.len();
            texts.sort();
            texts.dedup();
            assert_eq!(
                texts.len(),
                count,
                "a text names two moves in {}",
                p.setup()
            );
        }
    }
    // Kings on b, c, d, f or g castle to or next to their destination.
    assert!(rook_written > 500, "{rook_written}");
}

#[test]
fn chess960_castling_judged_with_the_rook_gone() {
    // King d1, castling rook b1, a black rook on a1 behind it. After O-O-O
    // the king would stand on c1 in check from a1: illegal, although the
    // b1 rook shields c1 now.
    let p = pos("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1");
    assert!(!p.legal_moves().iter().any(|m| m.is_castle()));
    // The king would land on c1, attacked from a1.
    assert_eq!(
        p.parse_move("O-O-O").unwrap_err().to_string(),
        "illegal move O-O-O for white: castling, the king would land on c1, attacked from a1"
    );
    // Without the black rook it is legal.
    let p = pos("4k3/8/8/8/8/8/8/1R1K4 w B - 0 1");
    assert!(p.legal_moves().contains(&Move::Castle {
        king: Square::D1,
        rook: Square::B1
    }));
}

#[test]
fn castling_through_or_into_attack_or_out_of_check_is_illegal() {
    // A black rook on f8 attacks f1, which the king passes.
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"O-O-O".to_owned()) && !s.contains(&"O-O".to_owned()));
    // In check: no castling.
    let p = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!p.legal_moves().iter().any(|m| m.is_castle()));
    // b1 attacked does not matter for O-O-O (the king does not pass it).
    let p = pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(sans(&p).contains(&"O-O-O".to_owned()));
}

#[test]
fn ambiguous_and_illegal_san_errors_name_the_moves() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let err = "Nd2".parse::<San>().unwrap().to_move(&p).unwrap_err();
    assert_eq!(err.kind, SanErrorKind::AmbiguousSan);
    assert_eq!(err.candidates.len(), 2);
    assert_eq!(
        err.to_string(),
        "ambiguous move Nd2 for white: Nbd2 or Nfd2"
    );
    let err = p.parse_move("Nd2").unwrap_err();
    assert_eq!(err.kind().name(), "ambiguous_san");
    // Three candidates.
    let p = pos("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    let message = p.parse_move("Qe1").unwrap_err().to_string();
    assert!(
        message.starts_with("ambiguous move Qe1 for white: "),
        "{message}"
    );
    for candidate in ["Qee1", "Qh4e1", "Q1e1"] {
        assert!(message.contains(candidate), "{message}");
    }
    // Illegal: no bishop can reach the square.
    let start = Position::standard();
    assert_eq!(
        start.parse_move("Bb5").unwrap_err().to_string(),
        "illegal move Bb5 for white: no bishop can move to b5"
    );
}

#[test]
fn syntax_errors() {
    for text in [
        "", "Nz4", "e9", "Kx", "O-O-O-O", "Pe4x", "xd5", "e4=Q=Q", "Nf3=Q", "e7e8k",
    ] {
        let p = Position::standard();
        let err = p.parse_move(text).unwrap_err();
        assert!(
            matches!(err, ParseMoveError::InvalidMove { .. }),
            "{text}: {err:?}"
        );
        assert_eq!(err.kind().name(), "invalid_move");
    }
}

/// A pawn capture written with its origin file but no `x` (`ed5`) is read
/// as the capture; in the start position it is then an illegal move, not
/// unreadable text.
#[test]
fn pawn_capture_without_x_is_read() {
    assert_eq!(San::from_ascii(b"ed5"), San::from_ascii(b"exd5"));
    let p = Position::standard();
    assert!(matches!(
        p.parse_move("ed5").unwrap_err().kind(),
        ParseMoveErrorKind::Illegal(_)
    ));
}

#[test]
fn uci_reading_and_errors() {
    let start = Position::standard();
    let read = |t: &str| t.parse::<UciMove>().unwrap().to_move(&start);
    assert_eq!(read("e3e4").unwrap_err().kind(), IllegalMoveKind::NoPiece);
    assert_eq!(
        read("e2e5").unwrap_err().kind(),
        IllegalMoveKind::Unreachable
    );
    assert_eq!(
        read("e2e5").unwrap_err().to_string(),
        "illegal move e2e5 for white: the pawn on e2 cannot move to e5"
    );
    assert_eq!(read("0000").unwrap_err().kind(), IllegalMoveKind::NullMove);
    assert_eq!(
        read("e7e5").unwrap_err().to_string(),
        "illegal move e7e5 for white: the pawn on e7 is black's, and white is to move"
    );
    // A promotion needs its letter; uppercase is accepted.
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let m = "a7a8".parse::<UciMove>().unwrap().to_move(&p).unwrap_err();
    assert_eq!(m.kind(), IllegalMoveKind::MissingPromotion);
    assert_eq!(m.kind().name(), "missing_promotion");
    let q = "a7a8Q".parse::<UciMove>().unwrap().to_move(&p).unwrap();
    assert_eq!(q.promotion(), Some(Role::Queen));
    assert_eq!(p.uci(q, CastlingMode::Standard), "a7a8q");
}

#[test]
fn play_moves_names_the_first_illegal_move() {
    let start = Position::standard();
    let err = start
        .play_moves(["e4", "e5", "Nf3", "Nf3", "Bc4"])
        .unwrap_err();
    assert_eq!(err.index, 3);
    assert_eq!(
        err.to_string(),
        "move 4 (Nf3): illegal move Nf3 for black: no knight can move to f3"
    );
    let after = start
        .play_moves([
            "e2e4", "c7c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6",
        ])
        .unwrap();
    // The Najdorf, as published everywhere.
    assert_eq!(
        after
            .setup()
            .to_fen(&CastlingNotation::Standard.into())
            .unwrap(),
        "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"
    );
}

#[test]
fn en_passant_square_only_when_capture_is_legal() {
    let start = Position::standard();
    // No black pawn can take on e3. (The passed square is always recorded,
    // for the 1994 rule; the legal square is the one that counts.)
    let after = start.play_moves(["e4"]).unwrap();
    assert_eq!(after.legal_ep_square(), None);
    assert_eq!(after.ep_square(), Some(Square::E3));
    // After 1.e4 Nf6 2.e5 d5, exd6 is possible: d6 is recorded.
    let after = start.play_moves(["e4", "Nf6", "e5", "d5"]).unwrap();
    assert_eq!(after.legal_ep_square(), Some(Square::D6));
    assert_eq!(after.ep_square(), Some(Square::D6));
    // Pinned along the rank: the black pawn could take but would expose its
    // king to the rook, so no legal square.
    let p = pos("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
    let after = p.play_moves(["e4"]).unwrap();
    assert_eq!(after.legal_ep_square(), None);
    assert!(!after.legal_moves().iter().any(|m| m.is_en_passant()));
}

#[test]
fn san_plus_suffix_reads() {
    let s: SanPlus = "Rd8#".parse().unwrap();
    assert_eq!(s.to_string(), "Rd8#");
    let s: SanPlus = "O-O-O+".parse().unwrap();
    assert_eq!(s.san, San::Castle(CastlingSide::QueenSide));
}

/// The leniencies of the SAN reader, each against the move the PGN
/// standard's SAN names (section 8.2.3): the lenient text must find the
/// same legal move as the standard text.
#[test]
fn lenient_san_reads_the_standard_move() {
    let same = |fen: &str, lenient: &str, standard: &str| {
        let p = pos(fen);
        let want = SanPlus::from_ascii(standard.as_bytes())
            .unwrap()
            .san
            .to_move(&p)
            .unwrap();
        let got = SanPlus::readings(lenient.as_bytes())
            .unwrap_or_else(|e| panic!("{lenient}: {e}"))
            .to_move(&p);
        assert_eq!(got, Ok(want), "{lenient} should read as {standard}");
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // Promotion without `=`, the letter in either case.
    same("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8q", "e8=Q");
    same("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8N", "e8=N");
    // Castling with zeros.
    same("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "O-O");
    same("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "O-O-O");
    // A lowercase piece letter that cannot be a file.
    same(start, "nf3", "Nf3");
    same(start, "nc3", "Nc3");
    same("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "qd4", "Qd4");
    same("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "ra5", "Ra5");
    same("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "kd2", "Kd2");
    // A pawn capture without `x`, en passant too.
    same("4k3/8/8/8/5p2/4P3/8/4K3 w - - 0 1", "ef4", "exf4");
    same("4k3/8/8/8/5pP1/8/8/4K3 b - g3 0 1", "fg3", "fxg3");
    // `e.p.` attached to an en-passant capture.
    same("4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 1", "fxe6e.p.", "fxe6");
    same("4k3/8/8/5pP1/8/8/8/4K3 w - f6 0 1", "gxf6e.p.+", "gxf6");
}

/// `bxc3`: a pawn capture, unless only a bishop can make it.
#[test]
fn lowercase_b_is_a_pawn_unless_only_a_bishop_fits() {
    let pawn_and_bishop = pos("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1");
    let r = SanPlus::readings(b"bxc3").unwrap();
    assert_eq!(r.to_move(&pawn_and_bishop).unwrap().role(), Role::Pawn);
    let bishop_only = pos("4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1");
    let m = r.to_move(&bishop_only).unwrap();
    assert_eq!(
        (m.role(), m.from(), m.to()),
        (Role::Bishop, Square::D2, Square::C3)
    );
    // Neither: the pawn reading's error.
    let neither = pos("4k3/8/8/8/8/2p5/8/4K3 w - - 0 1");
    assert_eq!(
        r.to_move(&neither).unwrap_err().kind,
        SanErrorKind::IllegalSan
    );
    // The uppercase letter is never a pawn.
    assert_eq!(SanPlus::readings(b"Bxc3").unwrap().alternative, None);
}

/// `bb7`: no pawn captures on its own file, so the pawn reading is the b
/// pawn's push, and a bishop written in lower case when no pawn can go
/// there, in `Position::parse_move` as in `SanReadings` (python-chess
/// reads `bb7` as the push too). Moves worked out on the board.
#[test]
fn lowercase_b_on_its_own_file_is_a_push_or_a_bishop() {
    let r = SanPlus::readings(b"bb7").unwrap();
    assert_eq!(r.first.to_string(), "b7");
    assert_eq!(r.alternative.map(|a| a.to_string()).as_deref(), Some("Bb7"));
    assert_eq!(
        San::from_ascii(b"ee4").unwrap(),
        San::from_ascii(b"e4").unwrap()
    );
    // 1.e4 b6 2.d4: no black pawn can reach b7; the c8 bishop can.
    let fianchetto = pos("rnbqkbnr/p1pppppp/1p6/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");
    for text in ["bb7", "Bb7", "bb7!"] {
        let m = fianchetto
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            (m.role(), m.from(), m.to()),
            (Role::Bishop, Square::C8, Square::B7)
        );
    }
    // 1.b3 e5: bb2 is the c1 bishop's move.
    let white = pos("rnbqkbnr/pppp1ppp/8/4p3/8/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 2");
    let m = white.parse_move("bb2").unwrap();
    assert_eq!(
        (m.role(), m.from(), m.to()),
        (Role::Bishop, Square::C1, Square::B2)
    );
    // A pawn that can go there keeps priority: the b6 pawn pushes to b7,
    // though the d5 bishop could go to b7 too.
    let both = pos("4k3/8/1P6/3B4/8/8/8/4K3 w - - 0 1");
    let m = both.parse_move("bb7").unwrap();
    assert_eq!(
        (m.role(), m.from(), m.to()),
        (Role::Pawn, Square::B6, Square::B7)
    );
    // Neither: the pawn reading's reason.
    let err = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .parse_move("bb7")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move bb7 for white: no pawn can move to b7"
    );
}
