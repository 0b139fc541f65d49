//! EPD records: the operations of the PGN standard's EPD section (16.2),
//! a pgn-extract `-Wepd` line, errors with their columns counted by hand,
//! and the write-read round trip as a property.

use forsyth::epd::{Epd, EpdField, Op, Operand, ParseEpdErrorKind};
use forsyth::fen::{FenField, ParseFenErrorKind};
use proptest::prelude::*;

/// The shape pgn-extract writes with `-Wepd`: the four fields, then the
/// game's summary in `c0` and its result in `c1`. Before EPD was read,
/// forsyth refused it with a "halfmove clock" error.
#[test]
fn pgn_extract_line() {
    let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"Fischer, Robert J. v Spassky, Boris V.\"; c1 \"*\";\n";
    let epd = Epd::from_ascii(line.as_bytes()).unwrap();
    assert_eq!(
        epd.fen.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(!epd.fen.has_clocks);
    assert_eq!(
        epd.operations.iter().map(|o| &o.op).collect::<Vec<_>>(),
        [
            &Op::Comment {
                index: 0,
                text: "Fischer, Robert J. v Spassky, Boris V.".into()
            },
            &Op::Comment {
                index: 1,
                text: "*".into()
            },
        ]
    );
    // Offsets of the opcodes, counted by hand: 43 bytes of placement, then
    // " w KQkq - " (10 bytes).
    assert_eq!(epd.operations[0].offset, 53);
    assert_eq!(epd.to_string(), line.trim_end());
}

/// A line in the shape of the classic test suites (Win At Chess, No. 1).
#[test]
fn test_suite_line() {
    let epd: Epd =
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";"
            .parse()
            .unwrap();
    assert_eq!(epd.get("bm"), Some(&Op::BestMoves(vec!["Qg6".into()])));
    assert_eq!(epd.get("id"), Some(&Op::Id("WAC.001".into())));
    assert_eq!(epd.fen.castling.to_string(), "-");
}

/// The opcodes forsyth types (`specs/pgn.md`), typed as section 16.2.5 of the standard
/// describes it.
#[test]
fn typed_opcodes() {
    let line = "8/8/8/8/8/8/8/K6k b - - id \"x\"; bm Kh2 Kg2; am Kh1; pv Kh2 Kb2 Kh3; \
                c0 \"a\"; c9 b; acd 12; acn 123456789012; ce -35; dm 4; hmvc 7; fmvn 40; \
                noop; tcgs \"s\" t 3;";
    let epd = Epd::from_ascii(line.as_bytes()).unwrap();
    let ops: Vec<_> = epd.operations.into_iter().map(|o| o.op).collect();
    assert_eq!(
        ops,
        [
            Op::Id("x".into()),
            Op::BestMoves(vec!["Kh2".into(), "Kg2".into()]),
            Op::AvoidMoves(vec!["Kh1".into()]),
            Op::Pv(vec!["Kh2".into(), "Kb2".into(), "Kh3".into()]),
            Op::Comment {
                index: 0,
                text: "a".into()
            },
            Op::Comment {
                index: 9,
                text: "b".into()
            },
            Op::Acd(12),
            Op::Acn(123_456_789_012),
            Op::Ce(-35),
            Op::Dm(4),
            Op::Hmvc(7),
            Op::Fmvn(40),
            Op::Other {
                opcode: "noop".into(),
                operands: vec![]
            },
            Op::Other {
                opcode: "tcgs".into(),
                operands: vec![
                    Operand::String("s".into()),
                    Operand::Token("t".into()),
                    Operand::Token("3".into())
                ]
            },
        ]
    );
}

#[test]
fn string_escapes_and_spacing() {
    let epd = Epd::from_ascii(
        b"  8/8/8/8/8/8/8/K6k\tw  -  -   c0  \"say \\\"hi\\\" \\\\ bye\"  ;c1 \"\";",
    )
    .unwrap();
    assert_eq!(
        epd.get("c0"),
        Some(&Op::Comment {
            index: 0,
            text: "say \"hi\" \\ bye".into()
        })
    );
    assert_eq!(
        epd.get("c1"),
        Some(&Op::Comment {
            index: 1,
            text: String::new()
        })
    );
    assert_eq!(
        epd.to_string(),
        "8/8/8/8/8/8/8/K6k w - - c0 \"say \\\"hi\\\" \\\\ bye\"; c1 \"\";"
    );
}

/// Chess960 castling in EPD as in FEN: all three encodings.
#[test]
fn chess960_castling_fields() {
    for castling in ["HFhf", "KQkq", "-"] {
        let line = format!(
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w {castling} - id \"960\";"
        );
        let epd = Epd::from_ascii(line.as_bytes()).unwrap();
        assert_eq!(epd.fen.castling.to_string(), castling);
        assert_eq!(epd.to_string(), line);
    }
}

#[test]
fn errors_name_field_column_and_kind() {
    use ParseEpdErrorKind::*;
    let op = |s: &str| EpdField::Operation(s.into());
    // Cases of a table, alike as data.
    let cases: Vec<(&str, EpdField, usize, ParseEpdErrorKind)> = vec![
        (
            "",
            EpdField::Position(FenField::Record),
            1,
            Fen(ParseFenErrorKind::EmptyRecord),
        ),
        (
            "8/8/8/8/8/8/8/K6k w",
            EpdField::Position(FenField::Castling),
            20,
            Fen(ParseFenErrorKind::MissingField),
        ),
        (
            "8/8/8/8/8/8/8/K6k w KX - id \"x\";",
            EpdField::Position(FenField::Castling),
            22,
            Fen(ParseFenErrorKind::BadCastlingByte(b'X')),
        ),
        // Six fields: the clocks are not an opcode.
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            EpdField::Operations,
            25,
            BadOpcode,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - bm e4",
            op("bm"),
            30,
            MissingSemicolon,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - id \"x;",
            op("id"),
            28,
            UnterminatedString,
        ),
        ("8/8/8/8/8/8/8/K6k w - - id;", op("id"), 27, MissingOperand),
        (
            "8/8/8/8/8/8/8/K6k w - - id \"a\" \"b\";",
            op("id"),
            32,
            TooManyOperands,
        ),
        ("8/8/8/8/8/8/8/K6k w - - bm;", op("bm"), 27, MissingOperand),
        (
            "8/8/8/8/8/8/8/K6k w - - bm \"e4\";",
            op("bm"),
            28,
            MoveExpected,
        ),
        ("8/8/8/8/8/8/8/K6k w - - acd -1;", op("acd"), 29, BadNumber),
        (
            "8/8/8/8/8/8/8/K6k w - - acn 99999999999999999999;",
            op("acn"),
            29,
            BadNumber,
        ),
        ("8/8/8/8/8/8/8/K6k w - - ce +;", op("ce"), 28, BadNumber),
        (
            "8/8/8/8/8/8/8/K6k w - - dm 3; dm 4;",
            op("dm"),
            31,
            DuplicateOpcode,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - c0 \"caf\u{e9}\"; 1x;",
            EpdField::Operations,
            37,
            BadOpcode,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - b-m e4;",
            EpdField::Operations,
            26,
            BadOpcode,
        ),
    ];
    for (line, field, column, kind) in cases {
        let err = Epd::from_ascii(line.as_bytes()).unwrap_err();
        assert_eq!(
            (&err.field, err.column(), err.kind),
            (&field, column, kind),
            "{line}"
        );
        assert!(
            err.to_string().starts_with(&format!("col {column}: ")),
            "{err}"
        );
    }
    let err = Epd::from_ascii(b"8/8/8/8/8/8/8/K6k w - - c0 \"\xff\";").unwrap_err();
    assert_eq!((err.kind.name(), err.column()), ("invalid_utf8", 29));
}

fn arb_op() -> impl Strategy<Value = Vec<Op>> {
    let text = "[ -~é΄-ω]{0,12}";
    let moves = prop::collection::vec("[a-hKQRBN][a-h1-8x=+#]{1,4}", 1..4);
    (
        (
            prop::option::of(text),
            prop::option::of(moves.clone()),
            prop::option::of(moves),
        ),
        (
            prop::option::of(any::<u64>()),
            prop::option::of(any::<i64>()),
        ),
        prop::collection::vec((0u8..10, text), 0..3),
        prop::option::of(prop::collection::vec(
            prop_oneof![
                text.prop_map(Operand::String),
                "[A-Za-z0-9+#=.-]{1,6}".prop_map(Operand::Token)
            ],
            0..3,
        )),
    )
        .prop_map(|((id, bm, pv), (acd, ce), comments, other)| {
            let mut ops = Vec::new();
            if let Some(pv) = pv {
                ops.push(Op::Pv(pv));
            }
            ops.extend(id.map(Op::Id));
            ops.extend(bm.map(Op::BestMoves));
            ops.extend(acd.map(Op::Acd));
            ops.extend(ce.map(Op::Ce));
            let mut seen = [false; 10];
            for (index, text) in comments {
                if !std::mem::replace(&mut seen[usize::from(index)], true) {
                    ops.push(Op::Comment { index, text });
                }
            }
            if let Some(operands) = other {
                ops.push(Op::Other {
                    opcode: "tcri".into(),
                    operands,
                });
            }
            ops
        })
}

proptest! {
    /// Writing then reading gives the same operations, and writing again
    /// the same text.
    #[test]
    fn write_read_round_trip(
        ops in arb_op(),
        fen in prop::sample::select(vec![
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -",
            "8/8/8/8/8/8/8/K6k w - -",
        ]),
    ) {
        let mut line = fen.to_string();
        let mut epd = Epd::from_ascii(line.as_bytes()).unwrap();
        prop_assert!(epd.operations.is_empty());
        for op in &ops {
            line.push(' ');
            line.push_str(&op.to_string());
        }
        epd.operations = Vec::new();
        let parsed = Epd::from_ascii(line.as_bytes()).unwrap();
        prop_assert_eq!(parsed.operations.iter().map(|o| o.op.clone()).collect::<Vec<_>>(), ops);
        for o in &parsed.operations {
            prop_assert!(line[o.offset..].starts_with(o.op.opcode()));
        }
        prop_assert_eq!(parsed.to_string(), line);
        prop_assert_eq!(epd.fen, parsed.fen.clone());
    }

    /// Any bytes: an error, never a panic, and its offset inside the line.
    #[test]
    fn arbitrary_lines_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        let mut line = b"8/8/8/8/8/8/8/K6k w - - ".to_vec();
        line.extend_from_slice(&bytes);
        match Epd::from_ascii(&line) {
            Ok(epd) => {
                let again = Epd::from_ascii(epd.to_string().as_bytes()).unwrap();
                prop_assert_eq!(again.to_string(), epd.to_string());
            }
            Err(e) => prop_assert!(e.offset <= line.len()),
        }
        let _ = Epd::from_ascii(&bytes);
    }
}
