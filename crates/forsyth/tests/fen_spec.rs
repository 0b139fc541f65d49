//! The examples of `specs/fen.md`, checked against the parser and writers.
//! Section 2's error table is read from the spec itself, so the spec and
//! the code cannot drift apart.

use forsyth::fen::{CastlingNotation, EnPassantMode, Fen, ShredderOrder, WriteOptions};
use forsyth::{CastlingSide, Color, File, Setup, Square, Variant};

const SPEC: &str = include_str!("../../../specs/fen.md");

fn section<'a>(spec: &'a str, heading: &str) -> &'a str {
    let start = spec.find(heading).expect("heading in spec");
    let rest = &spec[start + heading.len()..];
    let end = rest.find("\n## ").unwrap_or(rest.len());
    &rest[..end]
}

fn table_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .skip(1) // header
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('`').trim().to_owned())
                .collect()
        })
        .collect()
}

fn fenc(n: CastlingNotation, order: ShredderOrder) -> WriteOptions {
    WriteOptions {
        castling: n,
        shredder_order: order,
        ..WriteOptions::default()
    }
}

#[test]
fn error_table_of_section_2() {
    let rows = table_rows(section(SPEC, "## 2. Errors"));
    assert!(rows.len() >= 18, "the spec lists the error kinds");
    for row in rows {
        let [input, column, field, kind] = &row[..] else {
            panic!("malformed row {row:?}");
        };
        let input = if input == "(empty line)" {
            ""
        } else {
            input.as_str()
        };
        let err = Fen::from_ascii(input.as_bytes()).expect_err(input);
        assert_eq!(err.column().to_string(), *column, "column for {input:?}");
        assert_eq!(err.field.label(), field, "field for {input:?}");
        assert_eq!(err.kind.name(), kind, "kind for {input:?}");
    }
}

/// PGN standard, section 16.1: the start and the positions after 1.e4,
/// 1...c5 and 2.Nf3.
const PGN_EXAMPLES: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
];

#[test]
fn pgn_standard_examples_are_in_the_spec() {
    let examples = section(SPEC, "### 5.1");
    for fen in PGN_EXAMPLES {
        assert!(
            examples.contains(fen),
            "{fen} is listed in specs/fen.md 5.1"
        );
    }
}

#[test]
fn pgn_standard_examples_round_trip() {
    for text in PGN_EXAMPLES {
        let fen: Fen = text.parse().unwrap();
        let setup = Setup::from_fen(&fen, None).unwrap();
        assert_eq!(setup.variant, Variant::Standard);
        assert_eq!(setup.castling.count(), 4);
        for n in [CastlingNotation::Standard, CastlingNotation::XFen] {
            let always = WriteOptions {
                en_passant: EnPassantMode::Always,
                ..WriteOptions::new(n)
            };
            assert_eq!(setup.to_fen(&always).unwrap(), text);
            // The 2020 rule: no pawn can capture on e3 or c6 here.
            let legal = setup.to_fen(&WriteOptions::new(n)).unwrap();
            let expected = text.replace(" e3 ", " - ").replace(" c6 ", " - ");
            assert_eq!(legal, expected);
        }
        let shredder = setup.to_fen(&CastlingNotation::Shredder.into()).unwrap();
        assert_eq!(castling_field(&shredder), "AHah");
    }
    // The pieces of the third example, square by square.
    let fen: Fen = PGN_EXAMPLES[2].parse().unwrap();
    assert_eq!(fen.board.piece_at(Square::C5).map(|p| p.char()), Some('p'));
    assert_eq!(fen.board.piece_at(Square::E4).map(|p| p.char()), Some('P'));
    assert_eq!(fen.board.piece_at(Square::C7), None);
    assert_eq!(fen.ep_square, Some(Square::C6));
    assert_eq!((fen.halfmoves, fen.fullmoves), (0, 2));
}

/// Section 5.2, one row per position: (record with castling as input,
/// Shredder files order, Shredder wing order, X-FEN, standard or None).
const ENCODINGS: [(&str, &str, &str, &str, Option<&str>); 5] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "AHah",
        "HAha",
        "KQkq",
        Some("KQkq"),
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "FHfh",
        "HFhf",
        "KQkq",
        None,
    ),
    ("4k3/8/8/8/8/8/8/RR2K1RR w BG - 0 1", "BG", "GB", "GB", None),
    ("4k3/8/8/8/8/8/8/RR2K1RR w GQ - 0 1", "AG", "GA", "GQ", None),
    ("4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1", "AG", "GA", "KQ", None),
];

fn castling_field(fen: &str) -> &str {
    fen.split(' ').nth(2).unwrap()
}

#[test]
fn one_position_in_three_encodings() {
    let table = section(SPEC, "### 5.2");
    for (input, files, wings, xfen, standard) in ENCODINGS {
        for field in [files, wings, xfen] {
            assert!(table.contains(&format!("`{field}`")), "{field} in spec 5.2");
        }
        let setup = Setup::from_fen(&input.parse().unwrap(), None).unwrap();
        let write = |o: WriteOptions| setup.to_fen(&o).map(|f| castling_field(&f).to_owned());
        use CastlingNotation::*;
        assert_eq!(write(fenc(Shredder, ShredderOrder::Files)).unwrap(), files);
        assert_eq!(write(fenc(Shredder, ShredderOrder::Wings)).unwrap(), wings);
        assert_eq!(write(fenc(XFen, ShredderOrder::Files)).unwrap(), xfen);
        assert_eq!(
            write(fenc(Standard, ShredderOrder::Files)).ok().as_deref(),
            standard
        );
        // Every written form reads back to the same setup.
        for field in [files, wings, xfen].into_iter().chain(standard) {
            let again = input.replacen(castling_field(input), field, 1);
            let back = Setup::from_fen(&again.parse().unwrap(), Some(setup.variant)).unwrap();
            assert_eq!(back, setup, "{again}");
        }
    }
}

#[test]
fn xfen_inner_rook_resolution() {
    // King b1, rooks a1 (outer, queen side), c1 and h1: K is h1, C is the inner c1
    // rook... c1 stands on the king side of b1, so `C` is an inner king-side rook.
    let s = Setup::from_fen(&"1k6/8/8/8/8/8/8/RKR4R w CQ - 0 1".parse().unwrap(), None).unwrap();
    assert_eq!(s.variant, Variant::Chess960);
    assert_eq!(
        s.castling.rook(Color::White, CastlingSide::KingSide),
        Some(File::C)
    );
    assert_eq!(
        s.castling.rook(Color::White, CastlingSide::QueenSide),
        Some(File::A)
    );
    assert_eq!(castling_field(&s.to_string()), "CQ");
    // `K` there means the outermost, h1.
    let s = Setup::from_fen(&"1k6/8/8/8/8/8/8/RKR4R w K - 0 1".parse().unwrap(), None).unwrap();
    assert_eq!(
        s.castling.rook(Color::White, CastlingSide::KingSide),
        Some(File::H)
    );
}

#[test]
fn standard_variant_readings() {
    // Standard: K means h1 even when another rook stands nearer (g1).
    let fen: Fen = "4k3/8/8/8/8/8/8/4K1RR w K - 0 1".parse().unwrap();
    let s = Setup::from_fen(&fen, Some(Variant::Standard)).unwrap();
    assert_eq!(
        s.castling.rook_square(Color::White, CastlingSide::KingSide),
        Some(Square::H1)
    );
    // Standard refuses a king off e1; auto then reads Chess960.
    let fen: Fen = "5k2/8/8/8/8/8/8/R4K1R w KQ - 0 1".parse().unwrap();
    let errs = Setup::from_fen(&fen, Some(Variant::Standard)).unwrap_err();
    assert_eq!(errs.problems().len(), 2);
    assert!(errs
        .problems()
        .iter()
        .all(|e| e.kind().name() == "castling_king_not_on_e_file"));
    assert_eq!(
        Setup::from_fen(&fen, None).unwrap().variant,
        Variant::Chess960
    );
}

/// The kind names are those of the one castling taxonomy (`ProblemKind`,
/// `specs/validation.md`); they were `CastlingErrorKind`'s own names
/// (`no_castling_rook`, `no_single_king`, ...) before the two taxonomies
/// became one.
#[test]
fn castling_errors_name_each_letter() {
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling_rook_missing"),
        ("8/8/8/8/8/8/8/R6R w KQ - 0 1", "castling_without_king"),
        (
            "4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1",
            "castling_king_not_on_back_rank",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w HK - 0 1",
            "castling_two_rights_on_one_wing",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K1RR w GH - 0 1",
            "castling_two_rights_on_one_wing",
        ),
        ("4k3/8/8/8/8/8/8/R3K2R w B - 0 1", "castling_rook_missing"),
        ("4k3/8/8/8/8/8/8/R3K2R w E - 0 1", "castling_rook_missing"),
        // Fits neither variant, one bad letter each: without a file letter
        // it is judged as standard chess (specs/fen.md, section 3).
        (
            "4k2r/8/8/8/8/8/8/R6K w K - 0 1",
            "castling_king_not_on_e_file",
        ),
    ];
    for (text, kind) in cases {
        let fen: Fen = text.parse().unwrap();
        let errs = Setup::from_fen(&fen, None).unwrap_err();
        let last = errs.problems().last().unwrap();
        assert_eq!(last.kind().name(), kind, "{text}");
        assert_eq!(
            text.as_bytes()[last.offset().unwrap()] as char,
            last.letter().unwrap().char(),
            "offset points at the letter in {text}"
        );
    }
}

#[test]
fn lossy_standard_write_is_an_error() {
    let s = Setup::from_fen(&"4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1".parse().unwrap(), None).unwrap();
    let err = s.to_fen(&CastlingNotation::Standard.into()).unwrap_err();
    assert_eq!(err.rook, Square::G1);
    assert!(err.to_string().contains("use X-FEN or Shredder-FEN"));
    // A Chess960 setup whose rights happen to be standard writes fine.
    let mut s = Setup::standard();
    s.variant = Variant::Chess960;
    assert!(s.to_fen(&CastlingNotation::Standard.into()).is_ok());
}

/// A king on h8 (or h1) with a `K`/`k` letter: there are no king-side
/// rooks to find (a shift past the board's edge), so the letter is an
/// error, not a panic.
#[test]
fn king_in_the_h_corner_with_king_side_letter() {
    for text in [
        "rnbqpnbk/rp1ppppp/8/2p5/4P3/8/PPPP1PPP/BRNQNKBP w KQkq c6 0 2",
        "4k2r/8/8/8/8/8/8/R6K w K - 0 1",
    ] {
        let fen: Fen = text.parse().unwrap();
        assert!(Setup::from_fen(&fen, None).is_err(), "{text}");
        let errors = Setup::from_fen(&fen, Some(Variant::Chess960)).unwrap_err();
        assert!(
            errors
                .problems()
                .iter()
                .any(|e| e.kind().name() == "castling_rook_missing"),
            "{text}"
        );
    }
}

/// The spec's `blank` rule, read from its EBNF, is what the parser trims
/// around a record; the ASCII control bytes it does not list are errors.
#[test]
fn blank_rule_of_section_1() {
    let line = SPEC
        .lines()
        .find(|l| l.starts_with("blank "))
        .expect("a blank rule in the spec");
    let blanks: Vec<u8> = line
        .split('"')
        .skip(1)
        .step_by(2)
        .map(|lit| match lit {
            " " => b' ',
            "\\t" => b'\t',
            "\\r" => b'\r',
            "\\n" => b'\n',
            "\\f" => 0x0c,
            "\\v" => 0x0b,
            other => panic!("unknown literal {other:?} in {line}"),
        })
        .collect();
    assert_eq!(blanks.len(), 6, "{line}");
    let record = "8/8/8/8/8/8/8/K6k w - -";
    for b in 0..0x80u8 {
        let text = [&[b][..], record.as_bytes(), &[b][..]].concat();
        let read = Fen::from_ascii(&text);
        if blanks.contains(&b) {
            let fen = read.unwrap_or_else(|e| panic!("byte {b:#04x}: {e}"));
            assert_eq!(fen.offsets.placement, 1, "byte {b:#04x}");
        } else if !b.is_ascii_graphic() {
            assert!(read.is_err(), "byte {b:#04x} is not blank");
        }
    }
}

/// Section 1.1: playing a move keeps the halfmove clock and the fullmove
/// number within 0 to 4294967295, each going up by one (the fullmove
/// number after Black's move, the clock after a move that is no capture
/// and no pawn move) but stays at 4294967295, and the record written after
/// the move reads back to the position played to; on the 8x8 board and
/// the 10x8 one alike.
#[test]
fn clocks_stay_in_range_when_played() {
    const MAX: u32 = u32::MAX;
    let next = |n: u32, up: bool| if up { n.saturating_add(1) } else { n };
    for turn in ["w", "b"] {
        for fullmoves in [1, 2, MAX - 1, MAX] {
            for halfmoves in [0, 7, MAX - 1, MAX] {
                let clocks = format!("{turn} - - {halfmoves} {fullmoves}");
                let black = turn == "b";
                // A rook, a king and a pawn each, so that some moves
                // reset the clock and some advance it.
                let text = format!("r3k3/4p3/8/8/8/8/4P3/4K2R {clocks}");
                // The numbers after a move, as section 1.1 defines them,
                // and the record written reading back to its board and
                // numbers.
                let check = |label: String, zeroing: bool, after: (u32, u32), back: bool| {
                    let half = if zeroing { 0 } else { next(halfmoves, true) };
                    assert_eq!(after, (half, next(fullmoves, black)), "{label}");
                    assert!(back, "{label}");
                };
                let setup = Setup::from_fen(&text.parse::<Fen>().unwrap(), None).unwrap();
                let pos = forsyth::Position::from_setup(setup).unwrap();
                for &m in pos.legal_moves().iter() {
                    let after = pos.play(m).unwrap().setup().clone();
                    let written = after.to_fen(&CastlingNotation::XFen.into()).unwrap();
                    let back = Setup::from_fen(&written.parse::<Fen>().unwrap(), None).unwrap();
                    let zeroing = m.is_capture() || m.role() == forsyth::Role::Pawn;
                    let numbers = (after.halfmoves, after.fullmoves);
                    let same =
                        back.board == after.board && (back.halfmoves, back.fullmoves) == numbers;
                    check(written, zeroing, numbers, same);
                }
                let ten = format!("r4k4/5p4/10/10/10/10/5P4/5K3R {clocks}");
                let setup = forsyth::capablanca::Setup::from_fen(&ten, None).unwrap();
                let pos = forsyth::capablanca::Position::from_setup(setup).unwrap();
                for &m in pos.legal_moves().iter() {
                    let after = pos.play(m).unwrap().setup().clone();
                    let written = after.to_fen(CastlingNotation::XFen, ShredderOrder::Files);
                    let written = written.unwrap();
                    let back = forsyth::capablanca::Setup::from_fen(&written, None).unwrap();
                    let zeroing = m.is_capture() || m.role() == forsyth::Role::Pawn;
                    let numbers = (after.halfmoves, after.fullmoves);
                    let same =
                        back.board == after.board && (back.halfmoves, back.fullmoves) == numbers;
                    check(written, zeroing, numbers, same);
                }
            }
        }
    }
}
