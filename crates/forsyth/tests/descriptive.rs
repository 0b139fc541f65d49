//! Descriptive notation (English, Spanish, French; `specs/notation.md` §6)
//! against independent truths: the Evergreen game as printed in four
//! notations (`tests/data/evergreen/`) ending in its published mate,
//! positions built here where the writing rule is worked out by hand in
//! the comments, and every lenient form `specs/notation.md` lists,
//! each read to the move its SAN (written separately here) names.

use forsyth::notation::{
    CheckMarkers, Descriptive, Language, Notation, ReadMoveErrorKind, Translator,
};
use forsyth::Position;

use crate::common::pos as at;

const EN: Notation = Notation::Descriptive(Descriptive::English);
const ES: Notation = Notation::Descriptive(Descriptive::Spanish);
const FR: Notation = Notation::Descriptive(Descriptive::French);
const SAN: Notation = Notation::San(Language::English);

/// The move `san` of `pos` (SAN, the independent name).
fn mv(pos: &Position, san: &str) -> forsyth::Move {
    pos.parse_move(san).unwrap_or_else(|e| panic!("{san}: {e}"))
}

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/evergreen/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const EVERGREEN_END: &str = "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24";

/// The printed plies of a score: move numbers dropped, check and mate
/// words (`ch`, `dbl ch`, `mate`) joined to their move.
fn printed_plies(text: &str) -> Vec<String> {
    let mut plies: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
        let word = match digits.trim_start_matches('.') {
            rest if rest.len() < digits.len() => rest,
            _ => word,
        };
        if word.is_empty() {
            continue;
        }
        let joins =
            matches!(word, "ch" | "mate") || plies.last().is_some_and(|p| p.ends_with(" dbl"));
        match plies.last_mut() {
            Some(last) if joins || word == "dbl" => {
                last.push(' ');
                last.push_str(word);
            }
            _ => plies.push(word.to_owned()),
        }
    }
    plies
}

/// Reads the plies of a score one by one in `notation`; the positions
/// before each ply and after the last.
fn replay(notation: Notation, plies: &[String], markers: CheckMarkers) -> Vec<Position> {
    let mut positions = vec![Position::standard()];
    for (i, ply) in plies.iter().enumerate() {
        let pos = positions.last().expect("one");
        let m = notation
            .read_with(pos, ply, markers)
            .unwrap_or_else(|e| panic!("{notation} ply {} {ply}: {e}", i + 1));
        positions.push(pos.play(m).expect("legal"));
    }
    positions
}

#[test]
fn evergreen_in_four_printed_forms_reads_to_the_published_mate() {
    let forms = [
        (SAN, "algebraic.txt", CheckMarkers::Optional),
        (EN, "descriptive-en.txt", CheckMarkers::Optional),
        // The Spanish text marks every check (17, 20 to 23), and its
        // 4...AxP leans on that (see `differences_from_the_printed_text`).
        (ES, "descriptive-es.txt", CheckMarkers::Always),
        (
            Notation::San(Language::Russian),
            "russian.txt",
            CheckMarkers::Optional,
        ),
    ];
    let mut games = Vec::new();
    for (notation, file, markers) in forms {
        let plies = printed_plies(&data(file));
        assert_eq!(plies.len(), 47, "{file}");
        let positions = replay(notation, &plies, markers);
        let last = positions.last().expect("one");
        let fen = last
            .setup()
            .to_fen(&forsyth::fen::CastlingNotation::Standard.into())
            .expect("writes");
        assert_eq!(fen, EVERGREEN_END, "{file}");
        assert!(last.is_checkmate(), "{file}");
        // The translator reads the same text as a whole to the same end.
        let mut san = String::new();
        let mut t =
            Translator::new(Position::standard(), notation, SAN).with_check_markers(markers);
        t.translate(&data(file), &mut san)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(t.position(), last, "{file}");
        assert_eq!(t.plies(), 47);
        games.push(positions);
    }
    for g in &games[1..] {
        assert_eq!(g, &games[0]);
    }
}

/// Why forsyth writes a move otherwise than the printed text.
#[derive(Debug)]
enum Why {
    /// The printed text also names `also` (SAN) and leans on its check
    /// marker to rule it out; forsyth names the move without the marker.
    LeansOnCheckMarker { also: &'static str },
    /// The printed text also names `also`, a check, and leans on the
    /// missing check marker; forsyth names the move without it.
    LeansOnMissingCheck { also: &'static str },
}

/// Each ply (1-based) where forsyth's written form differs from the
/// printed one, and why. Every other ply is written as printed.
const DIFFERENCES: [(&str, usize, &str, Why); 5] = [
    // 21.Qxd7+: the queen on a4 can also take the a7 pawn.
    (
        "descriptive-en.txt",
        41,
        "QxP ch",
        Why::LeansOnCheckMarker { also: "Qxa7" },
    ),
    // 22.Bf5+: the other bishop (a3) can also go to QB5 (c5).
    (
        "descriptive-en.txt",
        43,
        "B-B5 dbl ch",
        Why::LeansOnCheckMarker { also: "Bc5" },
    ),
    // 4...Bxb4: the bishop can also take the f2 pawn, with check.
    (
        "descriptive-es.txt",
        8,
        "AxP",
        Why::LeansOnMissingCheck { also: "Bxf2+" },
    ),
    (
        "descriptive-es.txt",
        41,
        "DxP+",
        Why::LeansOnCheckMarker { also: "Qxa7" },
    ),
    (
        "descriptive-es.txt",
        43,
        "A5A+",
        Why::LeansOnCheckMarker { also: "Bc5" },
    ),
];

#[test]
fn differences_from_the_printed_text() {
    let san_plies = printed_plies(&data("algebraic.txt"));
    let positions = replay(SAN, &san_plies, CheckMarkers::Optional);
    for (notation, file) in [(EN, "descriptive-en.txt"), (ES, "descriptive-es.txt")] {
        let printed = printed_plies(&data(file));
        let mut differing = Vec::new();
        for (i, text) in printed.iter().enumerate() {
            let pos = &positions[i];
            let m = mv(pos, &san_plies[i]);
            let written = notation.write(pos, m);
            // forsyth's own form reads back to the move.
            assert_eq!(notation.read(pos, &written), Ok(m), "{written}");
            if written == *text {
                continue;
            }
            differing.push(i + 1);
            let (_, _, _, why) = DIFFERENCES
                .iter()
                .find(|(f, ply, p, _)| *f == file && *ply == i + 1 && p == text)
                .unwrap_or_else(|| panic!("{file} ply {}: {text} written {written}", i + 1));
            // The printed text without its markers fits both moves.
            let bare = text.trim_end_matches(" dbl ch").trim_end_matches(" ch");
            let bare = bare.trim_end_matches('+');
            let err = notation.read(pos, bare).unwrap_err();
            assert_eq!(err.kind(), ReadMoveErrorKind::Ambiguous, "{bare}");
            let also = match why {
                Why::LeansOnCheckMarker { also } | Why::LeansOnMissingCheck { also } => also,
            };
            let mut expected = vec![written.clone(), notation.write(pos, mv(pos, also))];
            let mut candidates = err.candidates.clone();
            expected.sort();
            candidates.sort();
            assert_eq!(candidates, expected, "{file} ply {}", i + 1);
            match why {
                Why::LeansOnCheckMarker { .. } => {
                    assert_ne!(bare, text.as_str());
                    assert_eq!(notation.read(pos, text), Ok(m));
                }
                Why::LeansOnMissingCheck { .. } => {
                    assert_eq!(bare, text.as_str());
                    assert_eq!(notation.read_with(pos, text, CheckMarkers::Always), Ok(m));
                }
            }
        }
        let listed: Vec<usize> = DIFFERENCES
            .iter()
            .filter(|(f, ..)| *f == file)
            .map(|(_, ply, ..)| *ply)
            .collect();
        assert_eq!(differing, listed, "{file}");
    }
}

/// Files are named by the piece that starts on them, ranks from the
/// mover's side: White's K4 is e4, Black's K4 is e5.
#[test]
fn squares_from_the_movers_side() {
    let pos = Position::standard();
    assert_eq!(EN.read(&pos, "P-K4"), Ok(mv(&pos, "e4")));
    assert_eq!(ES.read(&pos, "P4R"), Ok(mv(&pos, "e4")));
    assert_eq!(FR.read(&pos, "P4R"), Ok(mv(&pos, "e4")));
    let after = pos.play(mv(&pos, "e4")).unwrap();
    assert_eq!(EN.read(&after, "P-K4"), Ok(mv(&after, "e5")));
    assert_eq!(EN.read(&after, "N-QB3"), Ok(mv(&after, "Nc6")));
    assert_eq!(ES.read(&after, "C3AD"), Ok(mv(&after, "Nc6")));
    assert_eq!(FR.read(&after, "C3FD"), Ok(mv(&after, "Nc6")));
    assert_eq!(EN.read(&after, "P-QN4"), Ok(mv(&after, "b5")));
    assert_eq!(FR.read(&after, "P4CD"), Ok(mv(&after, "b5")));
    // The French bishop is F, its files FD and FR.
    let p = Position::standard().play_moves(["e4", "e5"]).unwrap();
    assert_eq!(FR.read(&p, "F4F"), Ok(mv(&p, "Bc4")));
    assert_eq!(FR.write(&p, mv(&p, "Bc4")), "F4F");
    assert_eq!(FR.write(&p, mv(&p, "Nf3")), "C3FR");
}

/// The qualifiers of `specs/notation.md`, where each is the writing rule's pick
/// (worked out in the comments) and reads back.
#[test]
fn qualifiers_as_the_writing_rule_picks_them() {
    // Rooks a6 and a1 both take the knight on a4; both stand on the
    // queen's side, so `QRxN` does not separate them: the rank does.
    let p = at("7k/8/R7/8/n7/8/8/R6K w - - 0 1");
    let m = mv(&p, "R6xa4");
    assert_eq!(EN.write(&p, m), "R(6)xN");
    assert_eq!(ES.write(&p, m), "T(6)xC");
    assert_eq!(EN.read(&p, "R(6)xN"), Ok(m));
    assert_eq!(ES.read(&p, "T(6)xC"), Ok(m));
    assert_eq!(EN.read(&p, "R(1)xN"), Ok(mv(&p, "R1xa4")));
    // The bishop on b5 takes a knight on c6 or a4, both on the queen's
    // side: only the captured piece's square separates them.
    let p = at("7k/8/2n5/1B6/n7/8/8/7K w - - 0 1");
    let m = mv(&p, "Bxc6");
    assert_eq!(EN.write(&p, m), "BxN/QB6");
    assert_eq!(ES.write(&p, m), "AxC/6AD");
    assert_eq!(EN.read(&p, "BxN/QR4"), Ok(mv(&p, "Bxa4")));
    assert_eq!(ES.read(&p, "AxC/6AD"), Ok(m));
    // Rooks a3, f3 and d1 all reach d3: a3 and d1 are both on the queen's
    // side, a3 and f3 both on the third rank: the square it is.
    let p = at("7k/8/8/8/8/R4R2/8/3R3K w - - 0 1");
    let m = mv(&p, "Rad3");
    assert_eq!(EN.write(&p, m), "R(QR3)-Q3");
    assert_eq!(ES.write(&p, m), "T(3TD)3D");
    // The f3 rook is the only one on the king's side.
    assert_eq!(EN.write(&p, mv(&p, "Rfd3")), "KR-Q3");
    assert_eq!(ES.write(&p, mv(&p, "Rfd3")), "TR3D");
    assert_eq!(EN.write(&p, mv(&p, "Rd2")), "R-Q2");
    assert_eq!(EN.read(&p, "R(QR3)-Q3"), Ok(m));
    assert_eq!(ES.read(&p, "T(3TD)3D"), Ok(m));
    // The d1 rook shares its side with a3, but not its rank.
    assert_eq!(EN.write(&p, mv(&p, "Rdd3")), "R(1)-Q3");
    assert_eq!(
        EN.read(&p, "QR-Q3").unwrap_err().kind(),
        ReadMoveErrorKind::Ambiguous
    );
    assert_eq!(EN.read(&p, "KR-Q3"), Ok(mv(&p, "Rfd3")));
    // Pawns c4 and e4 both take d5: the capturer's file names it.
    let p = at("7k/8/8/3p4/2P1P3/8/8/7K w - - 0 1");
    let (c, e) = (mv(&p, "cxd5"), mv(&p, "exd5"));
    assert_eq!(
        (EN.write(&p, c), EN.write(&p, e)),
        ("BPxP".into(), "KPxP".into())
    );
    assert_eq!(
        (ES.write(&p, c), ES.write(&p, e)),
        ("PAxP".into(), "PRxP".into())
    );
    for text in ["BPxP", "QBPxP", "QBP x P", "QBPxQP"] {
        assert_eq!(EN.read(&p, text), Ok(c), "{text}");
    }
    for text in ["PAxP", "PADxP"] {
        assert_eq!(ES.read(&p, text), Ok(c), "{text}");
    }
    assert_eq!(
        EN.read(&p, "QPxP").unwrap_err().kind(),
        ReadMoveErrorKind::Illegal
    );
    // Pawns d4 and g4 take c5 and f5: `PxBP` fits both; the captured
    // pawn's whole file separates them.
    let p = at("7k/8/8/2p2p2/3P2P1/8/8/7K w - - 0 1");
    let m = mv(&p, "dxc5");
    assert_eq!(EN.write(&p, m), "PxQBP");
    assert_eq!(ES.write(&p, m), "PxPAD");
    assert_eq!(EN.read(&p, "PxQBP"), Ok(m));
    assert_eq!(EN.read(&p, "PxKBP"), Ok(mv(&p, "gxf5")));
    assert_eq!(
        EN.read(&p, "PxBP").unwrap_err().kind(),
        ReadMoveErrorKind::Ambiguous
    );
    // One knight move to a B3: the short target; a promotion `(Q)`.
    let p = at("8/P7/8/8/8/7k/8/7K w - - 0 1");
    let m = mv(&p, "a8=Q");
    assert_eq!(EN.write(&p, m), "P-R8(Q)");
    assert_eq!(ES.write(&p, m), "P8T(D)");
    for text in [
        "P-R8(Q)",
        "P-R8=Q",
        "P-R8/Q",
        "P-QR8(Q)",
        "P—R8(Q)",
        "P - R8 = Q",
    ] {
        assert_eq!(EN.read(&p, text), Ok(m), "{text}");
    }
    assert_eq!(EN.read(&p, "P-R8(N)"), Ok(mv(&p, "a8=N")));
    // Without the promoted piece: four candidates, named.
    let err = EN.read(&p, "P-R8").unwrap_err();
    assert_eq!(err.kind(), ReadMoveErrorKind::Ambiguous);
    assert_eq!(err.candidates.len(), 4);
}

#[test]
fn lenient_reading() {
    let pos = Position::standard();
    let nf3 = mv(&pos, "Nf3");
    for text in [
        "N-KB3", "Kt-KB3", "KKt-B3", "KN-B3", "N - KB3", "N—KB3", "N–KB3", "N-KB3!", "N-KB3?!",
    ] {
        assert_eq!(EN.read(&pos, text), Ok(nf3), "{text}");
    }
    // Castling.
    let p = Position::standard()
        .play_moves(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"])
        .unwrap();
    let oo = mv(&p, "O-O");
    for text in [
        "O-O",
        "0-0",
        "Castles",
        "castles",
        "castles KR",
        "Castles(KR)",
        "castles K",
    ] {
        assert_eq!(EN.read(&p, text), Ok(oo), "{text}");
    }
    for text in ["O-O", "0-0", "enroque", "Enroque R"] {
        assert_eq!(ES.read(&p, text), Ok(oo), "{text}");
    }
    for text in ["O-O", "0-0", "roque", "Roque(TR)"] {
        assert_eq!(FR.read(&p, text), Ok(oo), "{text}");
    }
    let p = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let ooo = mv(&p, "O-O-O");
    for text in ["O-O-O", "0-0-0", "Castles QR", "castles Q", "Castles(QR)"] {
        assert_eq!(EN.read(&p, text), Ok(ooo), "{text}");
    }
    // Castling phrases of Spanish and French books, by the side: `corto`
    // and `petit` the king's side, `largo` and `grand` the queen's.
    for (n, text, san) in [
        (ES, "enroque corto", "O-O"),
        (ES, "Enroque largo", "O-O-O"),
        (FR, "petit roque", "O-O"),
        (FR, "Grand roque", "O-O-O"),
    ] {
        assert_eq!(n.read(&p, text), Ok(mv(&p, san)), "{text}");
        let mut out = String::new();
        Translator::new(p.clone(), n, SAN)
            .translate(&format!("1.{text}"), &mut out)
            .unwrap();
        assert_eq!(out, format!("1.{san}"));
    }
    // Both castlings legal: a bare `Castles` names both.
    assert_eq!(
        EN.read(&p, "Castles").unwrap_err().kind(),
        ReadMoveErrorKind::Ambiguous
    );
    // Check markers, spaced or attached, with glyphs.
    let p = at("6rk/6pp/8/1N2N3/8/8/8/7K w - - 0 1");
    let nc7 = mv(&p, "Nc7");
    let nf7 = mv(&p, "Nf7#");
    for text in [
        "N-B7 mate",
        "N-B7mate",
        "N-B7++",
        "N-B7#",
        "N-B7 mate!",
        "N-KB7",
    ] {
        assert_eq!(EN.read(&p, text), Ok(nf7), "{text}");
    }
    // A printed check marker keeps the moves that check (only Nf7 does).
    for text in ["N-B7 ch", "N-B7ch!", "N-B7+", "N-B7 ch.", "N-B7 check"] {
        assert_eq!(EN.read(&p, text), Ok(nf7), "{text}");
    }
    // A missing mate marker rules out the move that mates.
    assert_eq!(EN.read(&p, "N-B7"), Ok(nc7));
    assert_eq!(EN.read(&p, "N-B7!"), Ok(nc7));
    assert_eq!(ES.read(&p, "C7A"), Ok(nc7));
    assert_eq!(ES.read(&p, "C7A++"), Ok(nf7));
    assert_eq!(ES.read(&p, "C7A jaque"), Ok(nf7));
    assert_eq!(FR.read(&p, "C7F mat"), Ok(nf7));
    assert_eq!(FR.read(&p, "C7F échec"), Ok(nf7));
    assert_eq!(FR.read(&p, "C7F echec"), Ok(nf7));
    assert_eq!(FR.read(&p, "C7F"), Ok(nc7));
    assert_eq!(EN.write(&p, nc7), "N-QB7");
    assert_eq!(EN.write(&p, nf7), "N-KB7 mate");
    assert_eq!(ES.write(&p, nf7), "C7AR++");
    // Double and discovered check, attached or spaced. Rook e1 behind
    // the bishop on e4, black king e8: any move of that bishop uncovers
    // the rook (discovered check); to c6 it also checks itself (double).
    // The bishop on h4 reaches f6, another B6, without check.
    let p = at("4k3/8/8/8/4B2B/8/8/4R1K1 w - - 0 1");
    let bc6 = mv(&p, "Bc6+");
    let bf6 = mv(&p, "Bf6");
    assert_eq!(EN.write(&p, bc6), "B-QB6 dbl ch");
    assert_eq!(EN.write(&p, bf6), "B-KB6");
    assert_eq!(EN.write(&p, mv(&p, "Bb7+")), "B-N7 dis ch");
    for text in [
        "B-B6 dbl ch",
        "B-B6dblch",
        "B-B6 dbl.ch.",
        "B-B6 ch",
        "B-B6+",
        "B-B6 dis ch",
    ] {
        assert_eq!(EN.read(&p, text), Ok(bc6), "{text}");
    }
    // Unmarked: a missing check marker rules out nothing.
    let err = EN.read(&p, "B-B6").unwrap_err();
    assert_eq!(err.kind(), ReadMoveErrorKind::Ambiguous);
    let mut c = err.candidates.clone();
    c.sort();
    let mut want = vec![EN.write(&p, bc6), EN.write(&p, bf6)];
    want.sort();
    assert_eq!(c, want);
    let text = err.to_string();
    assert!(
        text.starts_with("ambiguous move 'B-B6' for white (descriptive-en): "),
        "{text}"
    );
    assert!(want.iter().all(|w| text.contains(w.as_str())), "{text}");
    assert_eq!(EN.read_with(&p, "B-B6", CheckMarkers::Always), Ok(bf6));
    assert_eq!(EN.read(&p, "B-R7 dis ch"), Ok(mv(&p, "Bh7+")));
    assert_eq!(EN.read(&p, "B-R7 dis.ch"), Ok(mv(&p, "Bh7+")));
    assert_eq!(EN.read(&p, "B-Q5dis.ch"), Ok(mv(&p, "Bd5+")));
    // En passant markers.
    let p = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let ep = mv(&p, "exd6");
    for text in ["PxP", "PxP e.p.", "PxPe.p.", "PxP ep", "PxQP e.p."] {
        assert_eq!(EN.read(&p, text), Ok(ep), "{text}");
    }
    assert_eq!(ES.read(&p, "PxP a.p."), Ok(ep));
    assert_eq!(EN.write(&p, ep), "PxP");
}

#[test]
fn unreadable_and_illegal_are_typed_errors() {
    let pos = Position::standard();
    for text in ["", "Z-K4", "P-K9", "P-KZ4", "PxK4", "N-", "(", "R(QR", "x"] {
        assert_eq!(
            EN.read(&pos, text).unwrap_err().kind(),
            ReadMoveErrorKind::Unreadable,
            "{text:?}"
        );
    }
    let err = EN.read(&pos, "N-Q4").unwrap_err();
    assert_eq!(err.kind(), ReadMoveErrorKind::Illegal);
    assert_eq!(err.notation.to_string(), "descriptive-en");
    // Illegal: the candidates are the moves that fit all but the mover's
    // qualifier.
    let err = EN.read(&pos, "QN-KB3").unwrap_err();
    assert_eq!(err.kind(), ReadMoveErrorKind::Illegal);
    assert_eq!(err.candidates, ["N-KB3"]);
}

/// Descriptive names keep their classical files in Chess960, and castling
/// is by the side the king goes to.
#[test]
fn chess960_keeps_classical_files() {
    // Chess960 start 0: BBQNNRKR.
    let setup = forsyth::Chess960Start::new(0).unwrap().to_setup();
    let pos = Position::from_setup(setup).expect("legal");
    let m = mv(&pos, "Nd3");
    assert_eq!(EN.write(&pos, m), "N-Q3");
    assert_eq!(ES.write(&pos, m), "C3D");
    // King b1, rooks a1 and g1: the king goes to g1 (king side) and c1.
    let p = at("1k6/8/8/8/8/8/8/RK4R1 w AG - 0 1");
    for m in p.legal_moves().iter().copied().filter(|m| m.is_castle()) {
        let expected = match m.castling_side().unwrap() {
            forsyth::CastlingSide::KingSide => ("O-O", "castles KR"),
            forsyth::CastlingSide::QueenSide => ("O-O-O", "castles QR"),
        };
        for n in [EN, ES, FR] {
            assert_eq!(n.write(&p, m), expected.0);
            assert_eq!(n.read(&p, expected.0), Ok(m));
        }
        assert_eq!(EN.read(&p, expected.1), Ok(m));
    }
}

#[test]
fn names_and_translation() {
    for (name, n) in [
        ("descriptive-en", EN),
        ("descriptive-es", ES),
        ("descriptive-fr", FR),
    ] {
        assert_eq!(name.parse::<Notation>(), Ok(n));
        assert_eq!(n.to_string(), name);
    }
    assert_eq!("descriptive".parse::<Notation>(), Ok(EN));
    // Movetext: numbers, comments, glyphs and variations are kept; a move
    // may span words.
    let mut out = String::new();
    Translator::new(Position::standard(), EN, SAN)
        .translate(
            "1. P - K4 P-K4 2.N-KB3 {best} N-QB3 (2...P-Q3 3.P-Q4) 3.B-N5 P-QR3!? 4.BxN QPxB 5.Castles 1-0",
            &mut out,
        )
        .unwrap();
    assert_eq!(
        out,
        "1. e4 e5 2.Nf3 {best} Nc6 (2...d6 3.d4) 3.Bb5 a6!? 4.Bxc6 dxc6 5.O-O 1-0"
    );
    // Glyphs before the markers of a move that spans words are kept.
    let mut glyphs = String::new();
    Translator::new(Position::standard(), EN, SAN)
        .translate("1.P-K4 P-KB3 2.P-Q4 P-KN4? 3.Q-R5! ch", &mut glyphs)
        .unwrap();
    assert_eq!(glyphs, "1.e4 f6 2.d4 g5? 3.Qh5#!");
    let mut back = String::new();
    Translator::new(Position::standard(), SAN, EN)
        .translate(&out, &mut back)
        .unwrap();
    assert_eq!(
        back,
        "1. P-K4 P-K4 2.N-KB3 {best} N-QB3 (2...P-Q3 3.P-Q4) 3.B-N5 P-QR3!? 4.BxN QPxB 5.O-O 1-0"
    );
}

/// The round-trip properties of `tests/notations.rs` run over
/// `Notation::all()`, which holds the three descriptive notations.
#[test]
fn every_notation_lists_the_descriptive_ones() {
    let all: Vec<Notation> = Notation::all().collect();
    for n in [EN, ES, FR] {
        assert!(all.contains(&n), "{n}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// Text made of descriptive notation's own characters never panics a
    /// reader, and what is read is legal and written back to itself.
    #[test]
    fn descriptive_reading_never_panics(
        text in "[PNBRQKtTDACFRx/=()0-9 .ch+#!?epdisblmat—-]{0,14}",
        fen in proptest::sample::select(vec![
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "7k/8/8/8/8/R4R2/8/3R3K w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "8/P7/8/8/8/7k/8/7K w - - 0 1",
        ]),
    ) {
        let pos = at(fen);
        for n in [EN, ES, FR] {
            if let Ok(m) = n.read(&pos, &text) {
                proptest::prop_assert!(pos.is_legal(m));
                let written = n.write(&pos, m);
                proptest::prop_assert_eq!(n.read(&pos, &written), Ok(m));
            }
            let _ = Translator::new(pos.clone(), n, SAN).translate(&text, &mut String::new());
        }
    }
}
