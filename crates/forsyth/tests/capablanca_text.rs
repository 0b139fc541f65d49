//! 10x8 records and moves as text: FEN, X-FEN and Shredder-FEN read and
//! written, the grammar's errors, and SAN, LAN, figurine SAN and UCI,
//! checked against Fairy-Stockfish's own output (`tests/data/capablanca.fen`)
//! and against the definitions of `specs/fen.md` and `specs/notation.md`.

use forsyth::capablanca::{
    letters_for, FenErrorKind, LossyCastlingReason, Move, Position, Setup, Square, Unsupported,
    Variant,
};
use forsyth::fen::{CastlingNotation, FenField, ShredderOrder};
use forsyth::notation::{Language, Notation};
use forsyth::uci::CastlingMode;
use forsyth::{CastlingSide, Color, Role};

/// Each line of the recorded file: variant, record, Fairy-Stockfish's
/// `Fen:` line, its moves.
fn recorded() -> Vec<(Variant, String, String, Vec<String>)> {
    let text = include_str!("data/capablanca.fen");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let parts: Vec<&str> = l.split(" | ").collect();
            assert_eq!(parts.len(), 4, "{l}");
            (
                parts[0].parse().unwrap(),
                parts[1].to_owned(),
                parts[2].to_owned(),
                parts[3].split(' ').map(str::to_owned).collect(),
            )
        })
        .collect()
}

/// The encoding and UCI convention Fairy-Stockfish writes under a variant.
fn peer_conventions(variant: Variant) -> (CastlingNotation, CastlingMode) {
    match variant {
        Variant::Crc => (CastlingNotation::Shredder, CastlingMode::Chess960),
        _ => (CastlingNotation::XFen, CastlingMode::Standard),
    }
}

#[test]
fn records_and_moves_match_fairy_stockfish() {
    let records = recorded();
    assert_eq!(records.len(), 105);
    for (variant, record, peer_fen, peer_moves) in records {
        let setup = Setup::from_fen(&record, Some(variant)).unwrap();
        let pos = Position::from_setup(setup).unwrap();
        let (notation, mode) = peer_conventions(variant);
        assert_eq!(
            pos.to_fen(notation, ShredderOrder::Wings).unwrap(),
            peer_fen,
            "{record}"
        );
        let mut ours: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.uci(m, mode))
            .collect();
        ours.sort();
        assert_eq!(ours, peer_moves, "{record}");
    }
}

#[test]
fn every_move_reads_back_in_every_notation() {
    let notations = [
        Notation::San(Language::English),
        Notation::San(Language::German),
        Notation::Figurine,
        Notation::Lan,
        Notation::Uci,
    ];
    for (variant, record, _, _) in recorded() {
        let pos = Position::from_setup(Setup::from_fen(&record, Some(variant)).unwrap()).unwrap();
        for &m in pos.legal_moves().iter() {
            for n in notations {
                for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                    let text = pos.write_move(m, n, mode).unwrap();
                    assert_eq!(pos.read_move(&text, Some(n)), Ok(m), "{record}: {text}");
                    if !matches!(n, Notation::San(Language::German)) {
                        assert_eq!(pos.read_move(&text, None), Ok(m), "{record}: {text}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_encoding_round_trips_or_says_it_cannot() {
    for (variant, record, _, _) in recorded() {
        let setup = Setup::from_fen(&record, Some(variant)).unwrap();
        for notation in [
            CastlingNotation::XFen,
            CastlingNotation::Shredder,
            CastlingNotation::Standard,
        ] {
            for order in [ShredderOrder::Files, ShredderOrder::Wings] {
                match setup.to_fen(notation, order) {
                    Ok(text) => {
                        assert_eq!(
                            Setup::from_fen(&text, Some(variant)),
                            Ok(setup.clone()),
                            "{text}"
                        )
                    }
                    Err(e) => {
                        // Standard FEN alone may refuse, and only a right
                        // off the f-file king or the corner rooks.
                        assert_eq!(notation, CastlingNotation::Standard);
                        let back = e.king.rank();
                        let ok = e.king.file() != forsyth::capablanca::File::F
                            || e.rook.file()
                                != e.side.fold(
                                    forsyth::capablanca::File::J,
                                    forsyth::capablanca::File::A,
                                );
                        assert!(ok && e.rook.rank() == back, "{record}: {e}");
                    }
                }
            }
        }
    }
}

#[test]
fn starts_in_the_three_encodings() {
    let capa = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    assert_eq!(Setup::from_fen(capa, None).unwrap(), Setup::capablanca());
    let shredder = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w AJaj - 0 1";
    assert_eq!(
        Setup::from_fen(shredder, None).unwrap(),
        Setup::capablanca()
    );
    // Letters in any order.
    let mixed = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w qJkA - 0 1";
    assert_eq!(Setup::from_fen(mixed, None).unwrap(), Setup::capablanca());
    let s = Setup::capablanca();
    assert_eq!(
        s.castling_field(CastlingNotation::Shredder, ShredderOrder::Files),
        Ok("AJaj".to_owned())
    );
    assert_eq!(
        s.castling_field(CastlingNotation::Shredder, ShredderOrder::Wings),
        Ok("JAja".to_owned())
    );
    assert_eq!(
        s.castling_field(CastlingNotation::Standard, ShredderOrder::Files),
        Ok("KQkq".to_owned())
    );
}

/// X-FEN's rule (specs/fen.md): `K`/`Q` for the outermost rook of a wing,
/// the file letter for an inner one; read back under CRC as the same rook.
#[test]
fn x_fen_names_inner_rooks_by_file() {
    // White: king e1, rooks a1, c1 (queen side), h1, j1 (king side); the
    // rights are with c1 (inner) and j1 (outermost). Black: j8 holds a
    // knight, so i8 is the outermost king-side rook.
    let record = "4k3rn/10/10/10/10/10/10/R1R1K2R1R w CKk - 0 1";
    let setup = Setup::from_fen(record, Some(Variant::Crc)).unwrap();
    use forsyth::capablanca::File;
    assert_eq!(
        setup.castling.rook(Color::White, CastlingSide::QueenSide),
        Some(File::C)
    );
    assert_eq!(
        setup.castling.rook(Color::White, CastlingSide::KingSide),
        Some(File::J)
    );
    assert_eq!(
        setup.castling.rook(Color::Black, CastlingSide::KingSide),
        Some(File::I)
    );
    assert_eq!(
        setup.castling_field(CastlingNotation::XFen, ShredderOrder::Files),
        Ok("KCk".to_owned())
    );
    assert_eq!(
        setup.castling_field(CastlingNotation::Shredder, ShredderOrder::Files),
        Ok("CJi".to_owned())
    );
    let err = setup
        .castling_field(CastlingNotation::Standard, ShredderOrder::Files)
        .unwrap_err();
    assert_eq!(err.reason, LossyCastlingReason::KingNotOnFFile);
    // Without a variant, letters Capablanca's rule cannot read are CRC's.
    assert_eq!(Setup::from_fen(record, None).unwrap().variant, Variant::Crc);
}

/// The grammar's errors: column, field and kind (the table of
/// specs/fen.md, section 6.2).
#[test]
fn errors_name_column_field_and_kind() {
    use FenErrorKind as K;
    use FenField as F;
    let e = "10/10/10/10/10/10/10/10";
    let cases: Vec<(String, usize, FenField, FenErrorKind)> = vec![
        ("   ".into(), 1, F::Record, K::EmptyRecord),
        (e.into(), 24, F::Turn, K::MissingField),
        (
            "11/10/10/10/10/10/10/10 w - -".into(),
            2,
            F::Placement,
            K::RankTooLong { rank: 8 },
        ),
        (
            "9/10/10/10/10/10/10/10 w - -".into(),
            2,
            F::Placement,
            K::RankTooShort {
                rank: 8,
                squares: 9,
            },
        ),
        (
            "rnbqkbnr/10/10/10/10/10/10/10 w - -".into(),
            9,
            F::Placement,
            K::RankTooShort {
                rank: 8,
                squares: 8,
            },
        ),
        (
            "pppppppppp1/10/10/10/10/10/10/10 w - -".into(),
            11,
            F::Placement,
            K::RankTooLong { rank: 8 },
        ),
        (
            "10/10/10/10/10/10/10 w - -".into(),
            21,
            F::Placement,
            K::TooFewRanks { ranks: 7 },
        ),
        (
            "10/10/10/10/10/10/10/10/10 w - -".into(),
            24,
            F::Placement,
            K::TooManyRanks,
        ),
        (
            "x9/10/10/10/10/10/10/10 w - -".into(),
            1,
            F::Placement,
            K::BadPlacementByte(b'x'),
        ),
        (
            "010/10/10/10/10/10/10/10 w - -".into(),
            1,
            F::Placement,
            K::BadPlacementByte(b'0'),
        ),
        (format!("{e} x - -"), 25, F::Turn, K::BadTurn(b'x')),
        (format!("{e} white - -"), 26, F::Turn, K::ExpectedSeparator),
        (
            format!("{e} w KX -"),
            28,
            F::Castling,
            K::BadCastlingByte(b'X'),
        ),
        (
            format!("{e} w KK -"),
            28,
            F::Castling,
            K::DuplicateCastling(b'K'),
        ),
        (
            format!("{e} w K- -"),
            28,
            F::Castling,
            K::CastlingDashWithLetters,
        ),
        (
            format!("{e} w K -"),
            27,
            F::Castling,
            K::CastlingWithoutKing(b'K'),
        ),
        (format!("{e} w - k3"), 29, F::EnPassant, K::BadEnPassant),
        (format!("{e} w - e4"), 29, F::EnPassant, K::EnPassantRank),
        (format!("{e} w - x3"), 29, F::EnPassant, K::BadEnPassant),
        (
            format!("{e} w - - 1"),
            32,
            F::Fullmoves,
            K::MissingFullmoves,
        ),
        (format!("{e} w - - +1 1"), 31, F::Halfmoves, K::BadNumber),
        (
            format!("{e} w - - 0 4294967296"),
            33,
            F::Fullmoves,
            K::NumberTooLarge,
        ),
        (format!("{e} w - - 0 1 x"), 35, F::Record, K::TrailingText),
        // A file letter that names no rook: read under CRC (a tie between
        // the two rules goes to CRC for a file letter), where b1 is empty.
        (
            "r4k3r/10/10/10/10/10/10/R4K3R w B -".into(),
            33,
            F::Castling,
            K::CastlingRookMissing(b'B'),
        ),
        // `K` with the king on e1 and rooks on a1 and j1: Capablanca's rule
        // fails on the king's file, CRC's reads it.
    ];
    for (record, column, field, kind) in cases {
        let err = Setup::from_fen(&record, None).unwrap_err();
        assert_eq!(
            (err.column(), err.field, err.kind),
            (column, field, kind),
            "{record:?}: {err}"
        );
    }
    let off_f = "r4k3r/10/10/10/10/10/10/R3K4R w K -";
    let err = Setup::from_fen(off_f, Some(Variant::Capablanca)).unwrap_err();
    assert_eq!(
        (err.column(), err.kind),
        (33, K::CastlingKingNotOnFFile(b'K'))
    );
    assert!(Setup::from_fen(off_f, None).is_ok());
}

#[test]
fn capablanca_letters_need_the_classical_squares() {
    let inner = "r4k3r/10/10/10/10/10/10/RR3K3R w B - 0 1";
    let err = Setup::from_fen(inner, Some(Variant::Capablanca)).unwrap_err();
    assert_eq!(
        (err.column(), err.kind),
        (34, FenErrorKind::CastlingRookNotInCorner(b'B'))
    );
    // Under CRC, the rook on b1 castles.
    assert!(Setup::from_fen(inner, Some(Variant::Crc)).is_ok());
}

/// SAN on 10x8 (specs/notation.md, section 7): the compound pieces' letters,
/// disambiguation, promotion to them, mate.
#[test]
fn san_of_the_compound_pieces() {
    let pos = Position::capablanca();
    // The archbishop on c1 jumps as a knight to b3 and d3 (c2 and d2 are
    // pawns); the chancellor on h1 to g3 and i3.
    let sans: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
    for want in [
        "Ab3", "Ad3", "Cg3", "Ci3", "Na3", "Nc3", "Nh3", "Nj3", "e4", "j3",
    ] {
        assert!(sans.contains(&want.to_owned()), "{want} in {sans:?}");
    }
    assert_eq!(sans.len(), 28);
    // Two archbishops reach d5 from b4 and f4 (files differ): the file.
    let two = Position::from_setup(
        Setup::from_fen("8k1/10/10/10/1A3A4/10/10/K9 w - - 0 1", Some(Variant::Crc)).unwrap(),
    )
    .unwrap();
    let m = two.read_move("b4d5", None).unwrap();
    assert_eq!(two.san(m), "Abd5");
    // Two chancellors on the c file, both sliding to c5: the rank.
    let file = Position::from_setup(
        Setup::from_fen("2C7/10/9k/10/10/10/10/K1C7 w - - 0 1", Some(Variant::Crc)).unwrap(),
    )
    .unwrap();
    let m = file.read_move("c1c5", None).unwrap();
    assert_eq!(file.san(m), "C1c5");
    assert!(matches!(
        file.read_move("Cc5", None).unwrap_err().kind,
        forsyth::capablanca::ReadMoveErrorKind::Ambiguous(_)
    ));
    // Promotion to a chancellor that mates: the king on j8 is boxed by its
    // own pawns on i7 and j7, the chancellor on a8 checks along the rank.
    let promo = Position::from_setup(
        Setup::from_fen("9k/P7pp/10/10/10/10/10/K9 w - - 0 1", Some(Variant::Crc)).unwrap(),
    )
    .unwrap();
    let m = promo.read_move("a7a8c", None).unwrap();
    assert_eq!(m.promotion(), Some(Role::Chancellor));
    assert_eq!(promo.san(m), "a8=C#");
    assert_eq!(
        promo.write_move(m, Notation::Lan, CastlingMode::Standard),
        Ok("a7-a8=C#".to_owned())
    );
    assert_eq!(
        promo.write_move(m, Notation::Figurine, CastlingMode::Standard),
        Ok("a8=C#".to_owned())
    );
    // An archbishop on a8 reaches neither j8 nor i8.
    let m = promo.read_move("a8=A", None).unwrap();
    assert_eq!(promo.san(m), "a8=A");
}

#[test]
fn castling_in_both_uci_conventions() {
    let pos = Position::from_setup(
        Setup::from_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", None).unwrap(),
    )
    .unwrap();
    let king_side = Move::Castle {
        king: Square::F1,
        rook: Square::J1,
    };
    assert_eq!(pos.uci(king_side, CastlingMode::Standard), "f1i1");
    assert_eq!(pos.uci(king_side, CastlingMode::Chess960), "f1j1");
    for text in ["f1i1", "f1j1", "O-O", "0-0"] {
        assert_eq!(pos.read_move(text, None), Ok(king_side), "{text}");
    }
    let queen_side = pos.read_move("O-O-O", None).unwrap();
    assert_eq!(pos.uci(queen_side, CastlingMode::Standard), "f1c1");
    assert_eq!(pos.uci(queen_side, CastlingMode::Chess960), "f1a1");
}

/// Which languages can write 10x8 moves (specs/notation.md, section 7):
/// those whose letters leave `A` and `C` free and whose files are Latin.
#[test]
fn languages_that_name_the_compound_pieces() {
    for language in Language::ALL {
        let letters = language.letters();
        let latin = letters
            .files
            .iter()
            .zip('a'..='h')
            .all(|(l, c)| *l == c.to_string());
        let taken = |c: &str| {
            letters
                .white
                .iter()
                .chain(&letters.black)
                .any(|l| l.eq_ignore_ascii_case(c))
                || letters
                    .piece_aliases
                    .iter()
                    .any(|(l, _)| l.eq_ignore_ascii_case(c))
        };
        let result = letters_for(language);
        match (latin, taken("A"), taken("C")) {
            (false, _, _) => assert_eq!(result, Err(Unsupported::Files { language })),
            (true, true, _) => assert_eq!(
                result,
                Err(Unsupported::LetterTaken {
                    language,
                    letter: 'A'
                })
            ),
            (true, false, true) => assert_eq!(
                result,
                Err(Unsupported::LetterTaken {
                    language,
                    letter: 'C'
                })
            ),
            (true, false, false) => assert!(result.is_ok(), "{language:?}"),
        }
    }
    // Spanish: A is the bishop (alfil), C the knight (caballo).
    assert!(letters_for(Language::Spanish).is_err());
    assert!(letters_for(Language::English).is_ok());
}

/// A spelling of a move, as [`spellings`] writes it.
struct Spelling {
    text: String,
    /// SAN's grammar reads it (in every SAN notation); else only the
    /// reading of no named notation does (a move number, LAN, `e.p.`
    /// after a space).
    san: bool,
    /// Its lowercase piece letter is also a file (`a`, `b`, `c`): it names
    /// the pawn's move when one fits.
    pawn_first: bool,
}

/// The spellings of a move that `specs/notation.md` (§2, and §7 for the
/// 10x8 board) says are read besides the standard SAN `san` of a move
/// from `from` (written here from the spec's list, not by forsyth): each
/// names the same move.
fn spellings(san: &str, from: Square, en_passant: bool) -> Vec<Spelling> {
    let (body, mark) = match san.strip_suffix(['+', '#']) {
        Some(body) => (body, &san[body.len()..]),
        None => (san, ""),
    };
    let mut out: Vec<Spelling> = Vec::new();
    let mut add = |text: String, san: bool| {
        out.push(Spelling {
            text,
            san,
            pawn_first: false,
        })
    };
    // Check and mate marks are not checked; annotations follow in any
    // order with them.
    for marks in ["", "+", "#", "++", "!", "?", "!!", "??", "!?", "?!"] {
        add(format!("{body}{marks}"), true);
    }
    add(format!("{body}!{mark}"), true);
    add(format!("{body}{mark}?!"), true);
    // A move number before the move.
    for number in ["1.", "1. ", "12...", "12... "] {
        add(format!("{number}{san}"), false);
    }
    if body.starts_with('O') {
        add(format!("{}{mark}", body.replace('O', "0")), true);
        return out;
    }
    let (square, promotion) = match body.split_once('=') {
        Some((head, p)) => (head, Some(p)),
        None => (body, None),
    };
    let first = body.chars().next().unwrap();
    let piece = first.is_ascii_uppercase().then_some(first);
    let rest = &body[usize::from(piece.is_some())..];
    let capture = rest.contains('x');
    let to = &square[square.len() - 2..];
    let origin = from.to_string();
    let promo = |p: &str| promotion.map_or(String::new(), |q| format!("{p}{q}"));
    // A promotion with or without `=`, the letter in either case.
    if let Some(q) = promotion {
        for form in [
            q.to_owned(),
            q.to_lowercase(),
            format!("={}", q.to_lowercase()),
        ] {
            add(format!("{square}{form}{mark}"), true);
        }
    }
    // The other capture marks, and a capture without its mark.
    if capture {
        for x in [":", "×", "х", ""] {
            add(format!("{}{mark}", body.replacen('x', x, 1)), true);
        }
    }
    // LAN: the whole origin, `-` or `x` (`-` before a capture too).
    let letter = piece.map_or(String::new(), String::from);
    add(format!("{letter}{origin}-{to}{}{mark}", promo("=")), false);
    add(format!("{letter}{origin}-{to}{}{mark}", promo("")), false);
    if capture {
        add(format!("{letter}{origin}x{to}{}{mark}", promo("=")), false);
    }
    match piece {
        None => {
            // `P` for the pawn; a push naming its own file twice.
            add(format!("P{body}{mark}"), true);
            if !capture {
                add(format!("{}{body}{mark}", &to[..1]), true);
            }
            if en_passant {
                add(format!("{body}e.p.{mark}"), true);
                add(format!("{body}e.p.{mark}!"), true);
                add(format!("{body} e.p."), false);
            }
        }
        Some(p) => {
            // More of the origin than needed: its file, its rank or both
            // where SAN names none of it, both where it names one.
            let x = if capture { "x" } else { "" };
            let named = rest[..rest.len() - 2].trim_end_matches('x');
            for o in [&origin[..1], &origin[1..], origin.as_str()] {
                if named.is_empty() || (o.len() == 2 && o != named) {
                    add(format!("{p}{o}{x}{to}{mark}"), true);
                }
            }
            // The figurines of either colour (A and C have none).
            let figurines = match p {
                'K' => Some(['♔', '♚']),
                'Q' => Some(['♕', '♛']),
                'R' => Some(['♖', '♜']),
                'B' => Some(['♗', '♝']),
                'N' => Some(['♘', '♞']),
                _ => None,
            };
            for f in figurines.into_iter().flatten() {
                add(format!("{f}{rest}{mark}"), true);
            }
            // A lowercase piece letter; one that is also a file names the
            // pawn's move first.
            let lower = p.to_ascii_lowercase();
            out.push(Spelling {
                text: format!("{lower}{rest}{mark}"),
                san: true,
                pawn_first: ('a'..='j').contains(&lower),
            });
        }
    }
    out
}

/// Every spelling §2 and §7 of `specs/notation.md` list for SAN reads, on
/// the 10x8 board, as the move its standard SAN names: every legal move
/// (Fairy-Stockfish's, in UCI) of the recorded positions, each spelling
/// with and without the notation named (SAN, English).
#[test]
fn every_spelling_of_a_move_reads_as_the_move() {
    let mut read = 0;
    for (variant, record, _, peer_moves) in recorded() {
        let pos = Position::from_setup(Setup::from_fen(&record, Some(variant)).unwrap()).unwrap();
        for uci in &peer_moves {
            let m = pos.read_move(uci, Some(Notation::Uci)).unwrap();
            let san = pos.san(m);
            for spelling in spellings(&san, m.from(), m.is_en_passant()) {
                let text = &spelling.text;
                let notations = [None, Some(Notation::San(Language::English))];
                for n in notations.into_iter().take(1 + usize::from(spelling.san)) {
                    let got = pos.read_move(text, n);
                    let pawn_read = |g: &Move| {
                        g.role() == Role::Pawn
                            && g.to() == m.to()
                            && g.from().file().char() == text.chars().next().unwrap()
                    };
                    match got {
                        Ok(g) if g == m => {}
                        Ok(g) if spelling.pawn_first && pawn_read(&g) => {}
                        other => panic!("{record}: '{text}' ({n:?}) for {san}: {other:?}"),
                    }
                    read += 1;
                }
            }
            // The upper-case promotion letter in UCI, and marks after it.
            if let Some(p) = m.promotion() {
                let upper = format!("{}{}", &uci[..4], p.upper_char());
                assert_eq!(pos.read_move(&upper, None), Ok(m), "{record}: {upper}");
            }
            assert_eq!(
                pos.read_move(&format!("{uci}+"), None),
                Ok(m),
                "{record}: {uci}+"
            );
        }
    }
    assert!(read > 100_000, "only {read} spellings");
}

/// What SAN refuses on 10x8 as on 8x8 (`specs/notation.md` §2): a capture
/// mark on a move that captures nothing, `e.p.` after a move that is no
/// en-passant capture, and a promotion piece that is no piece (`K`, `P`).
#[test]
fn false_capture_and_en_passant_marks_are_refused() {
    let mut refused = 0;
    for (variant, record, _, peer_moves) in recorded() {
        let pos = Position::from_setup(Setup::from_fen(&record, Some(variant)).unwrap()).unwrap();
        for uci in &peer_moves {
            let m = pos.read_move(uci, Some(Notation::Uci)).unwrap();
            let san = pos.san(m);
            let body = san.trim_end_matches(['+', '#']);
            if m.is_castle() {
                continue;
            }
            if !m.is_capture() && m.role() != Role::Pawn {
                let with_x = format!("{}x{}", &body[..body.len() - 2], &body[body.len() - 2..]);
                // Another piece of the role may capture there: then the
                // text names that move, never this one.
                assert_ne!(pos.read_move(&with_x, None), Ok(m), "{record}: {with_x}");
                refused += 1;
            }
            if !m.is_en_passant() {
                let text = format!("{body}e.p.");
                assert!(pos.read_move(&text, None).is_err(), "{record}: {text}");
                refused += 1;
            }
            if m.promotion().is_some() {
                let square = body.split_once('=').unwrap().0;
                for bad in ["=K", "=P", "k"] {
                    let text = format!("{square}{bad}");
                    assert!(pos.read_move(&text, None).is_err(), "{record}: {text}");
                }
            }
        }
    }
    assert!(refused > 1000, "only {refused} refusals");
}

/// `e.p.` on an en-passant capture, and on a capture that is not one: the
/// refusal's kind and text.
#[test]
fn en_passant_mark_is_checked() {
    // White's pawn on e5 may take the d5 pawn that just passed d6; the
    // one on g5 takes the knight on h6.
    let pos = Position::from_setup(
        Setup::from_fen(
            "5k4/10/7n2/3pP1P3/10/10/10/5K4 w - d6 0 2",
            Some(Variant::Capablanca),
        )
        .unwrap(),
    )
    .unwrap();
    let ep = pos.read_move("e5d6", None).unwrap();
    assert!(ep.is_en_passant());
    for text in [
        "exd6e.p.",
        "exd6 e.p.",
        "exd6 E.P.",
        "e5xd6e.p.",
        "1. exd6e.p.+",
    ] {
        assert_eq!(pos.read_move(text, None), Ok(ep), "{text}");
    }
    let err = pos.read_move("gxh6e.p.", None).unwrap_err();
    assert_eq!(err.kind.name(), "not_en_passant");
    assert_eq!(
        err.to_string(),
        "'gxh6e.p.' is marked e.p., but it is not an en-passant capture"
    );
}
