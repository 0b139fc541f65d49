//! EPD records converted (`forsyth::convert::convert_epd_line`, `specs/pgn.md`
//! section 3.1): the pgn-extract line FEN conversion refused, test-suite
//! lines, moves read as legal and written as SAN (Chess960 castling as
//! `O-O`), the first bad move rejecting the line with its column counted by
//! hand, the clocks from `hmvc`/`fmvn`; and a property: a random position's
//! random moves given in UCI come back as SAN naming the same moves.

use forsyth::convert::{convert_epd_line, ConvertEpdError, ConvertOptions, Validation};
use forsyth::epd::EpdField;
use forsyth::fen::{CastlingNotation, FenField};
use forsyth::uci::CastlingMode;
use forsyth::{Chess960Start, Move, Position};
use proptest::prelude::*;

fn convert(line: &str, notation: CastlingNotation) -> Result<String, ConvertEpdError> {
    let mut out = String::new();
    convert_epd_line(line.as_bytes(), &ConvertOptions::new(notation), &mut out)?;
    Ok(out)
}

/// pgn-extract's `-Wepd` shape: before EPD conversion, `convert` refused it
/// with a halfmove-clock error. The four fields are converted, the
/// comments kept.
#[test]
fn the_pgn_extract_line_converts() {
    let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"Fischer, Robert J. v Spassky, Boris V.\"; c1 \"*\";";
    assert_eq!(
        convert(line, CastlingNotation::Shredder).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - c0 \"Fischer, Robert J. v Spassky, Boris V.\"; c1 \"*\";"
    );
    assert_eq!(convert(line, CastlingNotation::XFen).unwrap(), line);
}

/// Win At Chess No. 1, as published: its best move is legal SAN already
/// and comes back unchanged.
#[test]
fn a_test_suite_line_comes_back_unchanged() {
    let line = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";";
    assert_eq!(convert(line, CastlingNotation::XFen).unwrap(), line);
}

/// Moves in any form `parse_move` reads come back as SAN: UCI, a lenient
/// `0-0`, a capture without its `x` or check mark. `pv` is played move
/// after move: after 1. Rxa8+ Kd7 both rooks reach h8, so `a8h8` is
/// `Raxh8`.
#[test]
fn moves_are_written_as_san() {
    let line =
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm e1g1 0-0-0; am Ra8; pv Rxa8 Kd7 a8h8 Ke6; acd 5;";
    assert_eq!(
        convert(line, CastlingNotation::XFen).unwrap(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O O-O-O; am Rxa8+; pv Rxa8+ Kd7 Raxh8 Ke6; acd 5;"
    );
}

/// A Chess960 start (king e1, rooks b1 and g1): castling is written `O-O`
/// whether given as `O-O` or as UCI king-takes-rook (`e1g1` here, the
/// king's destination and the rook's square alike), and the castling field
/// in the chosen encoding.
#[test]
fn chess960_castling_stays_o_o() {
    let line = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - bm e1g1; pv O-O-O O-O-O;";
    assert_eq!(
        convert(line, CastlingNotation::Shredder).unwrap(),
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w BGbg - bm O-O; pv O-O-O O-O-O;"
    );
}

/// The first bad move rejects the record, at its column: here the second
/// move of `pv`, `Kf6`, Black's answer to `Rh8+`: the king on e8 cannot
/// reach f6, two ranks away. Columns counted by hand.
#[test]
fn a_bad_move_rejects_the_record_at_its_column() {
    // The placement is 20 bytes (4k3, six /8, /4K2R), " w K - " 7 more:
    // "pv" at offset 27, "Rh8+" at 30, "Kf6" at 35, column 36.
    let line = "4k3/8/8/8/8/8/8/4K2R w K - pv Rh8+ Kf6;";
    let err = convert(line, CastlingNotation::XFen).unwrap_err();
    assert_eq!(err.column(), 36);
    assert_eq!(err.kind().name(), "unreachable");
    assert_eq!(err.field(), EpdField::Operation("pv".into()));
    assert!(matches!(&err, ConvertEpdError::Move { text, .. } if text == "Kf6"));
    // Both rooks reach d1: ambiguous. Placement 21 bytes, " w - - bm " 10
    // more: "Rd1" at offset 31.
    let line = "4k3/8/8/8/8/8/4K3/R6R w - - bm Rd1;";
    let err = convert(line, CastlingNotation::XFen).unwrap_err();
    assert_eq!((err.column(), err.kind().name()), (32, "ambiguous_san"));
    // Nothing is written for a rejected record.
    let mut out = String::from("kept");
    let _ = convert_epd_line(line.as_bytes(), &ConvertOptions::default(), &mut out);
    assert_eq!(out, "kept");
}

/// `hmvc` and `fmvn` are the record's clocks: in the returned setup, and
/// judged as clocks (fullmove 0 is no clock).
#[test]
fn hmvc_and_fmvn_are_the_clocks() {
    let mut out = String::new();
    let setup = convert_epd_line(
        b"4k3/8/8/8/8/8/8/4K3 b - - fmvn 41; hmvc 17;",
        &ConvertOptions::default(),
        &mut out,
    )
    .unwrap();
    assert_eq!((setup.halfmoves, setup.fullmoves), (17, 41));
    assert_eq!(out, "4k3/8/8/8/8/8/8/4K3 b - - fmvn 41; hmvc 17;");
    let err = convert("4k3/8/8/8/8/8/8/4K3 w - - fmvn 0;", CastlingNotation::XFen).unwrap_err();
    assert_eq!((err.column(), err.kind().name()), (32, "bad_clock"));
    let err = convert(
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 4294967296;",
        CastlingNotation::XFen,
    )
    .unwrap_err();
    assert_eq!(err.kind().name(), "bad_clock");
}

/// Opcodes forsyth does not type are kept as text, strings re-quoted.
#[test]
fn other_opcodes_are_kept() {
    let line = r#"4k3/8/8/8/8/8/8/4K3 w - - noop; tcgs "a \"b\"" 3 x;"#;
    assert_eq!(convert(line, CastlingNotation::XFen).unwrap(), line);
}

/// Faults of the position fields are the FEN conversion's, with columns in
/// the line: a castling letter with no rook, standard FEN for Chess960
/// rights, a syntax error.
#[test]
fn position_faults_have_their_columns() {
    let err = convert(
        "4k3/8/8/8/8/8/8/4K3 w K - id \"x\";",
        CastlingNotation::XFen,
    )
    .unwrap_err();
    assert_eq!(
        (err.column(), err.field()),
        (23, EpdField::Position(FenField::Castling))
    );
    let err = convert(
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - id \"x\";",
        CastlingNotation::Standard,
    )
    .unwrap_err();
    assert_eq!(err.column(), 45);
    assert!(matches!(err, ConvertEpdError::Position(_)));
    // 32 bytes, the `;` missing at the end: column 33.
    let err = convert("4k3/8/8/8/8/8/8/4K3 w - - id \"x\"", CastlingNotation::XFen).unwrap_err();
    assert_eq!((err.column(), err.kind().name()), (33, "missing_semicolon"));
    // Syntax-only conversion still needs a legal position to read moves in.
    let syntax = ConvertOptions {
        validation: Validation::Syntax,
        ..ConvertOptions::default()
    };
    let mut out = String::new();
    assert!(convert_epd_line(b"4k3/8/8/8/8/8/8/4K3 w - - id \"x\";", &syntax, &mut out).is_ok());
    let err = convert_epd_line(b"8/8/8/8/8/8/8/4K3 w - - bm Kd1;", &syntax, &mut out).unwrap_err();
    assert_eq!(err.kind().name(), "missing_king");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// A position reached by random moves from a random start: its legal
    /// moves given in UCI in `bm`, and a `pv`, come back as SAN that reads
    /// back to the same moves; converting the result again changes nothing.
    #[test]
    fn moves_in_uci_come_back_as_the_same_moves_in_san(
        start in 0u16..960,
        walk in prop::collection::vec(any::<usize>(), 0..30),
        picks in prop::collection::vec(any::<usize>(), 1..6),
    ) {
        let mut pos = Position::from_setup(Chess960Start::new(start).unwrap().to_setup()).unwrap();
        for pick in walk {
            let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
            if moves.is_empty() { break; }
            pos = pos.play(moves[pick % moves.len()]).unwrap();
        }
        let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        prop_assume!(!moves.is_empty());
        let mode = CastlingMode::from_variant(pos.variant());
        let bm: Vec<Move> = picks.iter().map(|p| moves[p % moves.len()]).collect();
        let mut pv = Vec::new();
        let mut now = pos.clone();
        for p in &picks {
            let legal: Vec<Move> = now.legal_moves().into_iter().collect();
            if legal.is_empty() { break; }
            let m = legal[p % legal.len()];
            pv.push((now.clone(), m));
            now = now.play(m).unwrap();
        }
        let fen = pos.setup().to_fen(&CastlingNotation::Shredder.into()).unwrap();
        let four: Vec<&str> = fen.split(' ').take(4).collect();
        let uci = |p: &Position, m: Move| p.uci(m, mode);
        let line = format!(
            "{} bm {}; pv {};",
            four.join(" "),
            bm.iter().map(|&m| uci(&pos, m)).collect::<Vec<_>>().join(" "),
            pv.iter().map(|(p, m)| uci(p, *m)).collect::<Vec<_>>().join(" "),
        );
        let out = convert(&line, CastlingNotation::XFen);
        prop_assert!(out.is_ok(), "{}: {:?}", line, out);
        let out = out.unwrap();
        let (_, ops) = out.split_once(" bm ").unwrap();
        let (bm_text, pv_text) = ops.split_once("; pv ").unwrap();
        let got: Vec<Move> = bm_text.split(' ').map(|s| pos.parse_move(s).unwrap()).collect();
        prop_assert_eq!(got, bm);
        for ((p, m), text) in pv.iter().zip(pv_text.trim_end_matches(';').split(' ')) {
            prop_assert_eq!(p.parse_move(text).unwrap(), *m);
            prop_assert_eq!(text, p.san(*m));
        }
        prop_assert_eq!(convert(&out, CastlingNotation::XFen).unwrap(), out.clone());
    }
}
