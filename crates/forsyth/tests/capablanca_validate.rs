//! Validation of 10x8 setups: every problem of the one taxonomy that a
//! 10x8 setup can have, judged by the 10x8 rules (`specs/architecture.md`,
//! section 10x8; the kinds' meaning is `specs/validation.md`'s), all of
//! them at once, and repair.

use crate::common::capablanca as record;

use forsyth::capablanca::{CastlingRights, File, Position, Report, Setup, Square, Variant};
use forsyth::validate::{ProblemKind, RepairKind, Severity};
use forsyth::{CastlingSide, Color, Role};

use ProblemKind::*;

fn report(fen: &str, variant: Variant) -> Report {
    Report::of_setup(record::setup(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn kinds(report: &Report) -> Vec<ProblemKind> {
    report.problems().iter().map(|p| p.kind()).collect()
}

/// Each record and the kinds it must report, in report order.
#[test]
fn each_problem_is_reported() {
    use Variant::{Capablanca, Crc, Gothic};
    let cases: &[(&str, Variant, &[ProblemKind])] = &[
        ("10/10/10/10/10/10/10/10 w - - 0 1", Crc, &[EmptyBoard]),
        ("5k4/10/10/10/10/10/10/10 w - - 0 1", Crc, &[MissingKing]),
        (
            "5k4/10/10/10/10/10/10/3K1K4 w - - 0 1",
            Crc,
            &[TooManyKings],
        ),
        (
            "5k4/10/10/10/10/10/10/P4K4 w - - 0 1",
            Crc,
            &[PawnOnBackRank],
        ),
        // Eleven pawns on ten files.
        (
            "5k4/10/10/10/10/P9/PPPPPPPPPP/5K4 w - - 0 1",
            Crc,
            &[TooManyPawns],
        ),
        // Twenty-one pieces: a third knight, which no pawn can have become.
        (
            "5k4/10/10/10/10/4N5/PPPPPPPPPP/RNABQKBCNR w - - 0 1",
            Capablanca,
            &[TooManyPieces, TooManyPromoted],
        ),
        // The chancellor on g6 gives check by a knight's jump.
        (
            "5k4/10/6C3/10/10/10/10/5K4 w - - 0 1",
            Crc,
            &[OppositeCheck],
        ),
        // A knight, a rook and a bishop.
        (
            "5k4/10/10/1b3r4/10/4n5/10/5K4 w - - 0 1",
            Crc,
            &[TooManyCheckers],
        ),
        // A knight and an archbishop, both jumping: no move gives both.
        (
            "5k4/10/10/10/10/4n5/7a2/5K4 w - - 0 1",
            Crc,
            &[ImpossibleCheck],
        ),
        // A pawn on its starting square checks.
        (
            "5k4/3p6/4K5/10/10/10/10/10 w - - 0 1",
            Crc,
            &[ImpossibleCheck],
        ),
        // Capablanca and Gothic castle from the king on f.
        (
            "r4k3r/10/10/10/10/10/10/R3K4R w KQ - 0 1",
            Capablanca,
            &[CastlingKingNotOnEFile],
        ),
        ("r4k3r/10/10/10/10/10/10/R3K4R w KQ - 0 1", Crc, &[]),
        // ... and with the rooks on a and j.
        (
            "r4k3r/10/10/10/10/10/10/1R3K2R1 w BI - 0 1",
            Gothic,
            &[CastlingRookNotInCorner, CastlingRookNotInCorner],
        ),
        ("r4k3r/10/10/10/10/10/10/1R3K2R1 w BI - 0 1", Crc, &[]),
        // CRC: both colours start from one back rank.
        (
            "r4k3r/10/10/10/10/10/10/R3K4R w AJaj - 0 1",
            Crc,
            &[CastlingAsymmetric],
        ),
        (
            "r3k4r/10/10/10/10/10/10/R2K5R w AJaj - 0 1",
            Crc,
            &[CastlingAsymmetric],
        ),
        (
            "r3k3r1/10/10/10/10/10/10/R3K4R w AJai - 0 1",
            Crc,
            &[CastlingAsymmetric],
        ),
        // A CRC king starts between its rooks, on files b to i.
        (
            "5k4/10/10/10/10/10/10/KR8 w B - 0 1",
            Crc,
            &[CastlingKingOnEdge],
        ),
        (
            "5k4/10/10/10/10/10/10/5K4 w - i4 0 1",
            Crc,
            &[EnPassantWrongRank],
        ),
        (
            "5k4/10/10/10/10/10/10/5K4 w - e6 3 10",
            Crc,
            &[EnPassantNoPushedPawn, EnPassantHalfmoveClock],
        ),
        (
            "5k4/4p5/4n5/4p5/10/10/10/5K4 w - e6 0 1",
            Crc,
            &[EnPassantSquareOccupied, EnPassantOriginOccupied],
        ),
        // The double step e7-e5 cannot have given the rook's check.
        (
            "k9/10/10/4p5/6K2r/10/10/10 w - e6 0 1",
            Crc,
            &[EnPassantImpossibleCheck],
        ),
        ("5k4/10/10/10/10/10/10/5K4 w - - 0 0", Crc, &[FullmoveZero]),
        (
            "5k4/10/10/10/10/10/10/5K4 b - - 30 2",
            Crc,
            &[HalfmoveClockTooLarge],
        ),
        // Two archbishops and two chancellors, all pawns on the board.
        (
            "5k4/10/10/10/10/10/PPPPPPPPPP/ACAC1K4 w - - 0 1",
            Crc,
            &[TooManyPromoted],
        ),
        // Doubled a-pawns: one capture, and Black has lost nothing.
        (
            "rnabqkbcnr/pppppppppp/10/10/10/P9/P1PPPPPPPP/RNABQKBCNR w - - 0 1",
            Capablanca,
            &[ImpossiblePawnStructure],
        ),
    ];
    for &(fen, variant, expected) in cases {
        let r = report(fen, variant);
        assert_eq!(kinds(&r), expected, "{fen} ({variant})");
        let errors = expected.iter().any(|k| k.severity() == Severity::Error);
        assert_eq!(r.is_legal(), !errors, "{fen}");
    }
}

/// Rights of a setup built in code: without a king, with the king off the
/// square its rights record, with a rook gone.
#[test]
fn rights_built_in_code() {
    let mut setup = Setup::capablanca();
    setup.board.discard_piece_at(Square::F1);
    assert_eq!(
        kinds(&Report::of_setup(setup)),
        [MissingKing, CastlingWithoutKing]
    );

    let mut setup = Setup::gothic();
    setup.board.discard_piece_at(Square::F8);
    setup.board.discard_piece_at(Square::F7);
    setup
        .board
        .set_piece_at(Square::F7, Role::King.of(Color::Black));
    let r = Report::of_setup(setup);
    assert_eq!(kinds(&r), [CastlingKingNotOnBackRank]);
    let p = &r.problems()[0];
    assert_eq!(
        (p.color(), p.king(), p.square()),
        (Some(Color::Black), Some(Square::F7), Some(Square::F8))
    );

    let mut setup = Setup::capablanca();
    setup.board.discard_piece_at(Square::A8);
    let r = Report::of_setup(setup);
    assert_eq!(kinds(&r), [CastlingRookMissing]);
    let p = &r.problems()[0];
    assert_eq!(
        (p.side(), p.square()),
        (Some(CastlingSide::QueenSide), Some(Square::A8))
    );
    assert_eq!(
        p.to_string(),
        "castling_rook_missing: black keeps the queen side castling right but has no rook on a8"
    );
}

/// The archbishop and the chancellor count as promoted pawns beyond one
/// each: two of either need a missing pawn.
#[test]
fn promoted_archbishops_and_chancellors() {
    for (fen, promoted, missing) in [
        ("5k4/10/10/10/10/10/PPPPPPPPPP/AA3K4 w - - 0 1", Some(1), 0),
        ("5k4/10/10/10/10/10/PPPPPPPPP1/AA3K4 w - - 0 1", None, 1),
        ("5k4/10/10/10/10/10/PPPPPPPPP1/CCC2K4 w - - 0 1", Some(2), 1),
        ("5k4/10/10/10/10/10/PPPPPPPPPP/AC2QK4 w - - 0 1", None, 0),
    ] {
        let r = report(fen, Variant::Crc);
        let warning = r.problems().iter().find(|p| p.kind() == TooManyPromoted);
        assert_eq!(warning.and_then(|p| p.count()), promoted, "{fen}");
        if let Some(p) = warning {
            assert_eq!(p.limit(), Some(missing), "{fen}");
            assert_eq!(p.severity(), Severity::Warning);
        }
        assert!(r.is_legal(), "{fen}");
    }
}

/// Ten pawns and twenty pieces are the bounds, not eight and sixteen.
#[test]
fn the_bounds_are_the_10x8_board_s() {
    let r = report(
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        Variant::Capablanca,
    );
    assert!(r.is_clean(), "{:?}", kinds(&r));
    let r = report("5k4/10/10/10/10/P9/PPPPPPPPPP/5K4 w - - 0 1", Variant::Crc);
    let p = &r.problems()[0];
    assert_eq!((p.count(), p.limit()), (Some(11), Some(10)));
    assert_eq!(p.message(), "white has 11 pawns, at most 10");
}

/// Every problem at once, and repair drops what cannot hold (the rights,
/// the en-passant square, the clocks) and keeps the board's problems.
#[test]
fn every_problem_at_once_and_repair() {
    let mut setup = record::setup(
        "r4k3r/10/10/10/10/10/10/R3K4R w KQkq i4 5 0",
        Variant::Capablanca,
    )
    .unwrap();
    let r = Report::of_setup(setup.clone());
    assert_eq!(
        kinds(&r),
        [
            CastlingKingNotOnEFile,
            EnPassantWrongRank,
            EnPassantHalfmoveClock,
            FullmoveZero,
            HalfmoveClockTooLarge
        ]
    );
    let (repaired, repairs) = r.repair();
    assert!(repaired.is_clean(), "{:?}", kinds(&repaired));
    let changes: Vec<RepairKind> = repairs.iter().map(|r| r.kind()).collect();
    assert_eq!(
        changes,
        [
            RepairKind::DropCastlingRight,
            RepairKind::DropCastlingRight,
            RepairKind::DropEnPassantSquare,
            RepairKind::SetFullmoveNumber,
            RepairKind::SetHalfmoveClock
        ]
    );
    let fixed = repaired.setup();
    assert_eq!(fixed.castling.count(), 2, "Black keeps its rights");
    assert!(!fixed.castling.has_color(Color::White));
    assert_eq!(
        (fixed.ep_square, fixed.halfmoves, fixed.fullmoves),
        (None, 0, 1)
    );
    assert_eq!(
        repairs[0].to_string(),
        "drop_castling_right: dropped white's king side castling right with the rook on j1 (in capablanca and gothic chess the white king must stand on f1 to castle, not on e1 (allowed in crc))"
    );

    // A king gone: repair cannot bring it back.
    setup.board.discard_piece_at(Square::E1);
    let err = Position::from_setup(setup).unwrap_err();
    assert!(err.has(MissingKing));
    assert!(err.repair().is_err());
}

/// CRC, as Chess960: White's king on j1 costs White its rights; Black's one
/// right then meets no White right and holds, so repair keeps it
/// (specs/validation.md, Repair: only what cannot hold is dropped).
#[test]
fn repair_keeps_the_right_of_the_king_off_the_edge() {
    let r = report("2k6r/10/10/10/10/10/10/4R4K w Ej - 0 1", Variant::Crc);
    assert_eq!(kinds(&r), [CastlingKingOnEdge, CastlingAsymmetric]);
    let (repaired, _) = r.repair();
    assert!(repaired.is_clean(), "{:?}", kinds(&repaired));
    let kept: Vec<_> = repaired.setup().castling.iter().collect();
    assert_eq!(kept, [(Color::Black, CastlingSide::KingSide, File::J)]);
    assert!(report("2k6r/10/10/10/10/10/10/4R4K w j - 0 1", Variant::Crc).is_clean());
}

/// Rights that resolve under one variant and not another: the same board
/// is a legal CRC position and an illegal Capablanca one; the variant
/// judged is the setup's.
#[test]
fn the_variant_judges_castling() {
    let mut rights = CastlingRights::none();
    rights.add(Color::White, File::B, File::A).unwrap();
    rights.add(Color::Black, File::B, File::A).unwrap();
    let mut setup = record::setup("rk8/10/10/10/10/10/10/RK8 w - - 0 1", Variant::Crc).unwrap();
    setup.castling = rights;
    assert!(Report::of_setup(setup.clone()).is_clean());
    setup.variant = Variant::Gothic;
    let r = Report::of_setup(setup);
    assert_eq!(r.variant(), Variant::Gothic);
    assert_eq!(kinds(&r), [CastlingKingNotOnEFile, CastlingKingNotOnEFile]);
}

/// The sentences of the kinds whose words depend on the board: the 8x8
/// sentences with the 10x8 games (Capablanca and Gothic chess, CRC), their
/// castling squares (king on f, rooks on a and j) and files b to i for a
/// CRC king.
#[test]
fn sentences_name_the_ten_file_games() {
    use Variant::{Capablanca, Crc};
    let cases: &[(&str, Variant, &str)] = &[
        (
            "5k4/10/10/10/10/10/10/KR8 w B - 0 1",
            Crc,
            "castling_king_on_edge: white keeps castling rights but its king stands on a1; a crc king starts between its rooks, on files b to i",
        ),
        (
            "r3k4r/10/10/10/10/10/10/R2K5R w AJaj - 0 1",
            Crc,
            "castling_asymmetric: both colours keep castling rights but the white king is on d1 and the black king on e8; in crc both start on the same file",
        ),
        (
            "r4k3r/10/10/10/10/10/10/1R3K3R w BJaj - 0 1",
            Crc,
            "castling_asymmetric: the queen side castling rooks stand on b1 and a8; in crc both colours start with their rooks on the same files",
        ),
        (
            "5k4/10/10/10/10/10/10/1R3K3R w BJ - 0 1",
            Capablanca,
            "castling_rook_not_in_corner: in capablanca and gothic chess only the rook on a1 castles on the queen side, not the one on b1 (allowed in crc)",
        ),
        (
            "5k4/10/10/10/10/10/3n3n2/5K4 w - - 0 1",
            Crc,
            "impossible_check: the white king on f1 is in check from d2 and h2, neither checking along a line; no single move gives both checks",
        ),
    ];
    for &(fen, variant, sentence) in cases {
        let report = report(fen, variant);
        let shown: Vec<String> = report.problems().iter().map(|p| p.to_string()).collect();
        assert!(shown.iter().any(|s| s == sentence), "{fen}: {shown:#?}");
    }
}
