//! Famous games as chess books print them in descriptive notation
//! (`tests/data/games/`, transcribed by hand for this test from the
//! games' published algebraic scores; see its README): each descriptive
//! text reads to the algebraic score's moves and ends in the published
//! mate, and forsyth writes each game back as the text prints it, except
//! the moves listed here, where the text leans on a marker.

use forsyth::notation::{Descriptive, Language, Notation, Translator};
use forsyth::Position;

const EN: Notation = Notation::Descriptive(Descriptive::English);
const ES: Notation = Notation::Descriptive(Descriptive::Spanish);
const FR: Notation = Notation::Descriptive(Descriptive::French);
const SAN: Notation = Notation::San(Language::English);

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/games/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The words of a text, move numbers (`12.`, `12`) dropped.
fn moves_of(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// `text` translated from `from` to `to` from the start position, and the
/// position reached.
fn translate(text: &str, from: Notation, to: Notation) -> (String, Position) {
    let mut t = Translator::new(Position::standard(), from, to);
    let mut out = String::new();
    t.translate(text, &mut out)
        .unwrap_or_else(|e| panic!("{from} to {to}: {e}"));
    (out, t.position().clone())
}

/// Every descriptive text of a game, its notation, and its algebraic score.
const TEXTS: [(&str, Notation, &str); 6] = [
    ("opera.descriptive-en.txt", EN, "opera.san.txt"),
    ("opera.descriptive-en-kt.txt", EN, "opera.san.txt"),
    ("opera.descriptive-es.txt", ES, "opera.san.txt"),
    ("opera.descriptive-fr.txt", FR, "opera.san.txt"),
    ("immortal.descriptive-en.txt", EN, "immortal.san.txt"),
    ("century.descriptive-en.txt", EN, "century.san.txt"),
];

/// The plies and the mate each game ends in (the published scores).
const GAMES: [(&str, usize, &str); 3] = [
    ("opera.san.txt", 33, "Rd8#"),
    ("immortal.san.txt", 45, "Be7#"),
    ("century.san.txt", 82, "Rc2#"),
];

#[test]
fn each_descriptive_text_reads_to_the_algebraic_score() {
    for (file, notation, score) in TEXTS {
        let (san, end) = translate(&data(file), notation, SAN);
        let expected = moves_of(&data(score));
        assert_eq!(moves_of(&san), expected, "{file}");
        let (_, plies, mate) = GAMES.iter().find(|(g, ..)| *g == score).expect("listed");
        assert_eq!(expected.len(), *plies, "{score}");
        assert_eq!(expected.last().map(String::as_str), Some(*mate));
        assert!(end.is_checkmate(), "{file}");
        // The algebraic score, read by itself, reaches the same position.
        let (_, by_san) = translate(&data(score), SAN, SAN);
        assert_eq!(end, by_san, "{file}");
    }
}

/// Why forsyth writes a move otherwise than the printed text.
#[derive(Debug)]
enum Why {
    /// Without its mate marker the printed text names another move (SAN),
    /// which does not mate, so a reader takes the marker into account;
    /// forsyth names the move without leaning on the marker.
    LeansOnMateMarker { unmarked: &'static str },
}

/// Where forsyth's own text differs from the printed one: the game file,
/// the printed move (with its move number, unique in the text), forsyth's,
/// the move (SAN) and why.
const DIFFERENCES: [(&str, &str, &str, &str, Why); 1] = [
    // 41...Rc2#: the rook on a2 also reaches f2 (another B7), without
    // mate.
    (
        "century.descriptive-en.txt",
        "41.K-B1 R-B7 mate",
        "41.K-B1 R-QB7 mate",
        "Rc2#",
        Why::LeansOnMateMarker { unmarked: "Rf2" },
    ),
];

#[test]
fn forsyth_writes_each_game_as_printed_but_for_the_listed_moves() {
    for (file, notation) in [
        ("opera.descriptive-en.txt", EN),
        ("opera.descriptive-es.txt", ES),
        ("opera.descriptive-fr.txt", FR),
        ("immortal.descriptive-en.txt", EN),
        ("century.descriptive-en.txt", EN),
    ] {
        let score = file.split('.').next().expect("a name").to_owned() + ".san.txt";
        let (written, _) = translate(&data(&score), SAN, notation);
        let mut printed = data(file).split_whitespace().collect::<Vec<_>>().join(" ");
        for (f, text, ours, _, _) in DIFFERENCES.iter().filter(|d| d.0 == file) {
            assert_eq!(printed.matches(text).count(), 1, "{f}: {text}");
            printed = printed.replace(text, ours);
        }
        let written = written.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(written, printed, "{file}");
    }
}

#[test]
fn the_listed_differences_lean_on_their_markers() {
    for (file, printed, ours, san, why) in DIFFERENCES {
        let score = file.split('.').next().expect("a name").to_owned() + ".san.txt";
        // The position before the move: the score up to it.
        let number: String = printed.chars().take_while(char::is_ascii_digit).collect();
        let upto = data(&score);
        let cut = upto
            .match_indices(&format!("{number}."))
            .map(|(i, _)| i)
            .find(|&i| i == 0 || upto[..i].ends_with(char::is_whitespace))
            .expect("the move number in the score");
        let (_, mut pos) = translate(&upto[..cut], SAN, SAN);
        // The printed white move before it (both texts share it).
        let white = moves_of(printed)[0].clone();
        pos = pos
            .play(EN.read(&pos, &white).expect("white"))
            .expect("legal");
        let m = pos.parse_move(san).expect("the move");
        let text = moves_of(printed)[1..].join(" ");
        assert_eq!(EN.read(&pos, &text), Ok(m), "{text}");
        assert_eq!(EN.write(&pos, m), moves_of(ours)[1..].join(" "));
        match why {
            Why::LeansOnMateMarker { unmarked } => {
                let bare = text.trim_end_matches(" mate");
                assert_ne!(bare, text);
                // Unmarked, the text names the move that does not mate.
                assert_eq!(EN.read(&pos, bare), Ok(pos.parse_move(unmarked).unwrap()));
            }
        }
    }
}

/// The conventions these texts lean on, each read as printed: a check
/// marker attached (`BxKtPch`), `dis ch` for a discovered check, castling
/// by its word with the side (both castlings legal), and the `Kt` knight.
#[test]
fn printed_conventions() {
    let opera = moves_of(&data("opera.san.txt"));
    let mut pos = Position::standard();
    for san in &opera[..22] {
        pos = pos.play(pos.parse_move(san).unwrap()).unwrap();
    }
    // 12.O-O-O: both castlings are legal, so `Castles` alone is not
    // enough.
    assert!(EN.read(&pos, "Castles").is_err());
    assert_eq!(
        EN.read(&pos, "Castles QR"),
        Ok(pos.parse_move("O-O-O").unwrap())
    );
    // 20...Nxd4+ of the Game of the Century is a discovered check (the
    // bishop on c4 checks the king on f1).
    let century = moves_of(&data("century.san.txt"));
    let mut pos = Position::standard();
    for san in &century[..39] {
        pos = pos.play(pos.parse_move(san).unwrap()).unwrap();
    }
    let m = pos.parse_move("Nxd4+").unwrap();
    assert_eq!(EN.write(&pos, m), "NxP dis ch");
    for text in ["NxP dis ch", "NxPch", "NxP", "Kt x P dis. ch."] {
        assert_eq!(EN.read(&pos, text), Ok(m), "{text}");
    }
}

/// The Translator keeps the layouts of printed scores and checks the side
/// a move number names: Black's `P-K4` is e5, so `1...P-K4` from the start
/// is an error, not White's e4.
#[test]
fn printed_layouts_and_numbered_sides() {
    let (san, _) = translate("1 P-K4 P-K4\n2 Kt-KB3 P-Q3\n3 P-Q4 B-Kt5\n", EN, SAN);
    assert_eq!(san, "1 e4 e5\n2 Nf3 d6\n3 d4 Bg4\n");
    let (san, _) = translate("1.P-K4, P-K4; 2.N-KB3, P-Q3; 3.P-Q4, B-N5.", EN, SAN);
    assert_eq!(san, "1.e4, e5; 2.Nf3, d6; 3.d4, Bg4");
    let (san, _) = translate("1.P4R P4R 2.C3AR 2…P3D 3.P4D 3. ... A5C", ES, SAN);
    assert_eq!(san, "1.e4 e5 2.Nf3 2…d6 3.d4 3. ... Bg4");
    // Games end as books print it: `Resigns`, `Black resigns.`, `Drawn`,
    // Spanish `Las negras abandonan`, French `Partie nulle`; the next
    // game starts from the start position.
    let (san, _) = translate(
        "1 P-K4 P-K4 2 P-Q4 Resigns\n1 P-Q4 P-Q4 Black resigns.\n1 P-QB4 Drawn 1 P-KN3",
        EN,
        SAN,
    );
    assert_eq!(
        san,
        "1 e4 e5 2 d4 Resigns\n1 d4 d5 Black resigns.\n1 c4 Drawn 1 g3"
    );
    let (san, _) = translate("1.P4R P4R Las negras abandonan 1.P4D", ES, SAN);
    assert_eq!(san, "1.e4 e5 Las negras abandonan 1.d4");
    let (san, _) = translate("1.P4R P4R Partie nulle 1.P4D", FR, SAN);
    assert_eq!(san, "1.e4 e5 Partie nulle 1.d4");
    // Older English books: `sq` for the first rank, `†` for check.
    let (san, _) = translate("1 P-K4 P-K4 2 B-B4 B-B4 3 Q-R5 N-KB3 4 QxBP†", EN, SAN);
    assert_eq!(san, "1 e4 e5 2 Bc4 Bc5 3 Qh5 Nf6 4 Qxf7#");
    let (san, _) = translate("1 P-KB4 P-K4 2 K-B2 P-Q4 3 K-K sq", EN, SAN);
    assert_eq!(san, "1 f4 e5 2 Kf2 d5 3 Ke1");
    // Markers in parentheses (older books), apart or attached; a real
    // variation after a move stays a variation.
    let (san, _) = translate(
        "1 P-K4 P-KB3 2 P-Q4 P-KN4 3 Q-R5 (ch.) (3 Q-R5(ch) {the same}) 1-0",
        EN,
        SAN,
    );
    assert_eq!(san, "1 e4 f6 2 d4 g5 3 Qh5# (3 Qh5# {the same}) 1-0");
    let (san, _) = translate(
        "1 P-K4 P-K4 2 B-B4 B-B4 3 Q-R5 N-KB3 4 QxBP (mate) (4 P-Q3)",
        EN,
        SAN,
    );
    assert_eq!(san, "1 e4 e5 2 Bc4 Bc5 3 Qh5 Nf6 4 Qxf7# (4 d3)");
    // A rank set apart from its file; a bare move number after it.
    let (san, _) = translate("1 P-K 4 P-K 4 2 Kt-KB 3 Kt-QB 3 3 P-Q4", EN, SAN);
    assert_eq!(san, "1 e4 e5 2 Nf3 Nc6 3 d4");
    let err = Translator::new(Position::standard(), EN, SAN)
        .translate("1...P-K4", &mut String::new())
        .unwrap_err();
    assert_eq!(
        err.error.kind(),
        forsyth::notation::ReadMoveErrorKind::OutOfTurn
    );
    assert_eq!(
        err.to_string(),
        "col 5: move 1.: 'P-K4' is numbered as black's move, but white is to move"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

    /// Movetext made of the characters printed scores use (numbers, dots,
    /// ellipses, commas, semicolons, tags, endings) never panics a
    /// translator, in any notation it reads.
    #[test]
    fn movetext_never_panics(
        text in "[PNKtQBRx0-9 .…,;\\[\\]\"FENsqchmate†ResignsDrawn{}()$!?\\n-]{0,40}",
    ) {
        for from in [EN, ES, FR, SAN, Notation::Lan, Notation::Uci, Notation::Figurine] {
            let mut t = Translator::new(Position::standard(), from, SAN);
            let _ = t.translate(&text, &mut String::new());
        }
    }
}
