//! The notation layer (`specs/notation.md`) against independent truths: the
//! Evergreen game's published final position, a published problem and its
//! printed Greek solution, the PGN standard's section 17 letter table
//! transcribed here, and round-trip properties on random games.

use forsyth::fen::{CastlingNotation, Fen};
use forsyth::notation::{
    Language, Letters, Notation, ParseStatementErrorKind, ReadMoveErrorKind, Translator,
};
use forsyth::{Board, Chess960Start, Color, Position, Role, Setup};
use proptest::prelude::*;

fn fen(pos: &Position) -> String {
    pos.setup()
        .to_fen(&CastlingNotation::Standard.into())
        .expect("writes")
}

/// Plays a movetext in `notation`: words that are move numbers are
/// skipped (`1.`, attached `1.e4`, `1...`); returns the positions after
/// each move.
fn play(start: &Position, notation: Notation, movetext: &str) -> Vec<Position> {
    let mut positions = vec![start.clone()];
    for word in movetext.split_whitespace() {
        let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
        let body = match digits.trim_start_matches('.') {
            rest if rest.len() < digits.len() => rest,
            _ => word,
        };
        if body.is_empty() {
            continue;
        }
        let pos = positions.last().expect("one");
        let m = notation
            .read(pos, body)
            .unwrap_or_else(|e| panic!("{notation} {word}: {e}"));
        positions.push(pos.play(m).expect("read moves are legal"));
    }
    positions
}

/// Anderssen–Dufresne, Berlin 1852, as published.
const EVERGREEN: &str = "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4 Bxb4 5.c3 Ba5 6.d4 exd4 7.O-O d3 \
    8.Qb3 Qf6 9.e5 Qg6 10.Re1 Nge7 11.Ba3 b5 12.Qxb5 Rb8 13.Qa4 Bb6 14.Nbd2 Bb7 15.Ne4 Qf5 \
    16.Bxd3 Qh5 17.Nf6+ gxf6 18.exf6 Rg8 19.Rad1 Qxf3 20.Rxe7+ Nxe7 21.Qxd7+ Kxd7 22.Bf5+ Ke8 \
    23.Bd7+ Kf8 24.Bxe7#";

/// The same game in Russian algebraic, transcribed by hand: Кр Ф Л С К,
/// Latin files, with Cyrillic `с` and `е` typed for the files c and e in
/// places, as Russian texts do (`Сс4`, `Кре8`, `Лае1`-style mixes).
const EVERGREEN_RU: &str = "1.e4 e5 2.Кf3 Кc6 3.Сс4 Сc5 4.b4 Сxb4 5.c3 Сa5 6.d4 exd4 7.0-0 d3 \
    8.Фb3 Фf6 9.е5 Фg6 10.Лe1 Кgе7 11.Сa3 b5 12.Фxb5 Лb8 13.Фa4 Сb6 14.Кbd2 Сb7 15.Кe4 Фf5 \
    16.Сxd3 Фh5 17.Кf6+ gxf6 18.exf6 Лg8 19.Лad1 Фxf3 20.Лxe7+ Кxe7 21.Фxd7+ Крxd7 22.Сf5+ Кре8 \
    23.Сd7+ Крf8 24.Сxе7#";

const EVERGREEN_END: &str = "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24";

#[test]
fn evergreen_in_algebraic_and_russian_reads_to_the_published_mate() {
    for (notation, text) in [
        (Notation::San(Language::English), EVERGREEN),
        (Notation::San(Language::Russian), EVERGREEN_RU),
    ] {
        let positions = play(&Position::standard(), notation, text);
        assert_eq!(positions.len(), 48, "{notation}: 47 plies");
        let last = positions.last().expect("one");
        assert_eq!(fen(last), EVERGREEN_END, "{notation}");
        assert!(last.is_checkmate(), "{notation}");
    }
    // Both texts name the same moves, ply by ply.
    let en = play(
        &Position::standard(),
        Notation::San(Language::English),
        EVERGREEN,
    );
    let ru = play(
        &Position::standard(),
        Notation::San(Language::Russian),
        EVERGREEN_RU,
    );
    assert_eq!(en, ru);
    // Written in Russian, the game differs from the printed text only where
    // the spec says: Latin files always (the Cyrillic а с е are read, never
    // written; uppercase С is the bishop), castling O-O (0-0 is read).
    let printed_normalised: String = EVERGREEN_RU
        .replace("0-0", "O-O")
        .chars()
        .map(|c| match c {
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            c => c,
        })
        .collect();
    let mut written = String::new();
    Translator::new(
        Position::standard(),
        Notation::San(Language::English),
        Notation::San(Language::Russian),
    )
    .translate(EVERGREEN, &mut written)
    .unwrap();
    let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(squeeze(&written), squeeze(&printed_normalised));
}

#[test]
fn evergreen_translates_through_every_notation_and_back() {
    let san = Notation::San(Language::English);
    for n in Notation::all() {
        let mut there = String::new();
        Translator::new(Position::standard(), san, n)
            .translate(EVERGREEN, &mut there)
            .unwrap_or_else(|e| panic!("to {n}: {e}"));
        let mut back = String::new();
        Translator::new(Position::standard(), n, san)
            .translate(&there, &mut back)
            .unwrap_or_else(|e| panic!("from {n}: {e}: {there}"));
        assert_eq!(back, EVERGREEN, "via {n}");
    }
}

#[test]
fn lan_and_figurine_written_forms() {
    let pos = Position::standard();
    let nf3 = pos.parse_move("Nf3").expect("legal");
    assert_eq!(Notation::Lan.write(&pos, nf3), "Ng1-f3");
    assert_eq!(Notation::Figurine.write(&pos, nf3), "♘f3");
    // Figurines: white ones for both sides.
    let after = pos
        .play(pos.parse_move("e4").expect("legal"))
        .expect("legal");
    let nc6 = after.parse_move("Nc6").expect("legal");
    assert_eq!(Notation::Figurine.write(&after, nc6), "♘c6");
    assert_eq!(Notation::Figurine.read(&after, "♞c6"), Ok(nc6));
    // A promotion: `=♕`; LAN `e7-e8=Q`; a capture with check in LAN.
    let p = Position::from_fen(
        &Fen::from_ascii(b"k7/4P3/8/8/8/8/8/4K3 w - - 0 1").unwrap(),
        None,
    )
    .unwrap();
    let q = p.parse_move("e8=Q").expect("legal");
    assert_eq!(Notation::Figurine.write(&p, q), "e8=♕+");
    assert_eq!(Notation::Lan.write(&p, q), "e7-e8=Q+");
    let p = Position::standard()
        .play_moves(["e4", "d6", "d4", "a6", "Nf3", "h6"])
        .unwrap();
    let bb5 = p.parse_move("Bb5+").expect("legal");
    assert_eq!(Notation::Lan.write(&p, bb5), "Bf1-b5+");
    let p = p.play_moves(["Bb5+", "axb5"]).unwrap();
    assert_eq!(
        Notation::Lan.read(&p, "e2-e3").unwrap_err().kind(),
        ReadMoveErrorKind::Illegal
    );
    // `x` must capture; the piece letter must be the piece on the origin.
    assert_eq!(
        Notation::Lan.read(&p, "Nf3xd2").unwrap_err().kind(),
        ReadMoveErrorKind::Illegal
    );
    assert_eq!(
        Notation::Lan.read(&p, "Bf3-d2").unwrap_err().kind(),
        ReadMoveErrorKind::Illegal
    );
    assert_eq!(
        Notation::Lan.read(&p, "Nf3-d2"),
        Ok(p.parse_move("Nfd2").unwrap())
    );
    // Castling `O-O` in every language, `0-0` read.
    let p = Position::standard()
        .play_moves(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"])
        .unwrap();
    let castle = p.parse_move("O-O").expect("legal");
    for n in Notation::all().filter(|n| *n != Notation::Uci) {
        assert_eq!(n.write(&p, castle), "O-O", "{n}");
        assert_eq!(n.read(&p, "0-0"), Ok(castle), "{n}");
    }
    // LAN castling written as the king's move, as UCI writes it (the UCI
    // protocol: castling is the king's two-square move): `Ke1-g1` reads
    // as `O-O`; a capture mark or another piece does not.
    assert_eq!(Notation::Lan.read(&p, "Ke1-g1"), Ok(castle));
    assert_eq!(Notation::Lan.read(&p, "Ke1-g1+"), Ok(castle));
    assert!(Notation::Lan.read(&p, "Ke1xg1").is_err());
    assert!(Notation::Lan.read(&p, "Ke1-c1").is_err());
    // Chess960, king f1 and rook h1: the king onto its rook castles, its
    // one-square step stays a step.
    let fen = Fen::from_ascii(b"3k4/8/8/8/8/8/8/4RK1R w H - 0 1").unwrap();
    let p960 = Position::from_fen(&fen, None).expect("legal");
    let o_o = p960.parse_move("O-O").expect("legal");
    assert_eq!(Notation::Lan.read(&p960, "Kf1-h1"), Ok(o_o));
    assert_eq!(
        Notation::Lan.read(&p960, "Kf1-g1"),
        Ok(p960.parse_move("Kg1").unwrap())
    );
    // Russian scores mark captures with `:` or a Cyrillic `х`.
    let p = Position::standard().play_moves(["e4", "d5"]).unwrap();
    let ru = Notation::San(Language::Russian);
    for text in ["e:d5", "eхd5", "exd5"] {
        assert_eq!(
            ru.read(&p, text),
            Ok(p.parse_move("exd5").unwrap()),
            "{text}"
        );
    }
    // Greek SAN captures with `x`.
    let p = Position::standard().play_moves(["e4", "d5"]).unwrap();
    let exd5 = p.parse_move("exd5").unwrap();
    assert_eq!(Notation::San(Language::Greek).write(&p, exd5), "εxδ5");
}

/// Chess960 castling, king b1 with rooks a1 and g1: king-side the king
/// lands on its rook's square, queen-side the rook passes the king. Every
/// legal move in every notation reads back, and castling is `O-O` /
/// `O-O-O` (UCI: king takes rook).
#[test]
fn chess960_castling_in_every_notation() {
    let fen = Fen::from_ascii(b"1k6/8/8/8/8/8/8/RK4R1 w AG - 0 1").unwrap();
    let p = Position::from_fen(&fen, None).expect("legal");
    let mut castles = 0;
    for &m in p.legal_moves().iter() {
        for n in Notation::all() {
            let text = n.write(&p, m);
            assert_eq!(n.read(&p, &text), Ok(m), "{n} {text}");
        }
        if let Some(side) = m.castling_side() {
            castles += 1;
            let expected = side.fold("O-O", "O-O-O");
            assert_eq!(Notation::Lan.write(&p, m), expected);
            assert_eq!(Notation::San(Language::Greek).write(&p, m), expected);
            assert_eq!(
                Notation::Uci.write(&p, m),
                format!(
                    "{}{}",
                    m.from(),
                    match side {
                        forsyth::CastlingSide::KingSide => "g1",
                        forsyth::CastlingSide::QueenSide => "a1",
                    }
                )
            );
        }
    }
    assert_eq!(castles, 2);
}

#[test]
fn errors_name_text_and_candidates() {
    let p = Position::from_fen(
        &Fen::from_ascii(b"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap(),
        None,
    )
    .unwrap();
    let de = Notation::San(Language::German);
    let err = de.read(&p, "Sd2").unwrap_err();
    assert_eq!(err.kind(), ReadMoveErrorKind::Ambiguous);
    assert_eq!(err.candidates, ["Sbd2", "Sfd2"]);
    // No bishop: illegal; the candidates are the legal moves to d2.
    let err = de.read(&p, "Ld2").unwrap_err();
    assert_eq!(err.kind(), ReadMoveErrorKind::Illegal);
    let mut candidates = err.candidates.clone();
    candidates.sort();
    assert_eq!(candidates, ["Kd2", "Sbd2", "Sfd2"]);
    assert_eq!(
        de.read(&p, "Zz9").unwrap_err().kind(),
        ReadMoveErrorKind::Unreadable
    );
    // The translator says where: move number and column.
    let mut t = Translator::new(
        Position::standard(),
        Notation::San(Language::English),
        Notation::Lan,
    );
    let err = t
        .translate("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 Qxc6", &mut String::new())
        .unwrap_err();
    assert_eq!(
        (err.move_number, err.black, err.error.text.as_str()),
        (4, true, "Qxc6")
    );
}

/// The PGN standard, section 17 ("Alternative chesspiece identifier
/// letters"), transcribed: pawn knight bishop rook queen king.
const PGN_SECTION_17: &str = "\
Czech        P J S V D K
Danish       B S L T D K
Dutch        O P L T D K
English      P N B R Q K
Estonian     P R O V L K
Finnish      P R L T D K
French       P C F T D R
German       B S L T D K
Hungarian    G H F B V K
Icelandic    P R B H D K
Italian      P C A T D R
Norwegian    B S L T D K
Polish       P S G W H K
Portuguese   P C B T D R
Romanian     P C N T D R
Spanish      P C A T D R
Swedish      B S L T D K";

#[test]
fn languages_follow_pgn_section_17_and_the_spec() {
    for line in PGN_SECTION_17.lines() {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap();
        let letters: Vec<&str> = words.collect();
        let language = Language::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .unwrap_or_else(|| panic!("{name} missing"));
        let table = language.letters();
        for (i, role) in Role::ALL.into_iter().enumerate() {
            // German writes the pawn `P` (as the Greek problem's document
            // gives it) and reads the standard's `B` too.
            let written = table.role(role);
            if language == Language::German && role == Role::Pawn {
                assert_eq!(written, "P");
                assert_eq!(
                    table.piece_prefix("B"),
                    Some((Role::Pawn.of(Color::White), 1))
                );
            } else {
                assert_eq!(written, letters[i], "{name} {role:?}");
            }
        }
        assert_eq!(
            table.piece(Role::King.of(Color::Black)),
            letters[5].to_lowercase()
        );
    }
    // The rows of `specs/notation.md` beyond the standard.
    let rows: [(Language, &str, [&str; 5]); 3] = [
        (Language::Russian, "ru", ["Кр", "Ф", "Л", "С", "К"]),
        (Language::Greek, "el", ["Ρ", "Β", "Π", "Α", "Ι"]),
        (Language::Dutch, "nl", ["K", "D", "T", "L", "P"]),
    ];
    for (language, code, kqrbn) in rows {
        assert_eq!(Language::from_code(code), Some(language));
        let roles = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ];
        for (role, letter) in roles.into_iter().zip(kqrbn) {
            assert_eq!(language.letters().role(role), letter);
        }
    }
    for l in Language::ALL {
        let n = Notation::San(l);
        assert_eq!(n.to_string().parse::<Notation>(), Ok(n));
    }
    assert_eq!(
        "san-de".parse::<Notation>(),
        Ok(Notation::San(Language::German))
    );
    assert_eq!(
        "san".parse::<Notation>(),
        Ok(Notation::San(Language::English))
    );
}

/// E. Oikonomopoulos, Nuova Rivista 1881: mate in three.
const GREEK_PROBLEM: &str = "(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (5+1)";
const GERMAN_PLACEMENT: &str = "T7/4k3/4S3/K2L4/8/8/8/5T2";
const FEN_PLACEMENT: &str = "R7/4k3/4N3/K2B4/8/8/8/5R2";

fn placement(board: &Board, letters: &Letters) -> String {
    let mut s = String::new();
    board.write_placement_with(letters, &mut s).unwrap();
    s
}

#[test]
fn greek_problem_converts_between_greek_german_and_fen() {
    let greek = Setup::from_statement(GREEK_PROBLEM, Language::Greek.letters()).expect("reads");
    assert_eq!(greek.to_string(), format!("{FEN_PLACEMENT} w - - 0 1"));
    let record = format!("{GERMAN_PLACEMENT} w - - 0 1");
    let german = Fen::from_ascii_with(record.as_bytes(), Language::German.letters()).unwrap();
    let english = Fen::from_ascii(format!("{FEN_PLACEMENT} w - - 0 1").as_bytes()).unwrap();
    assert_eq!(german.board, greek.board);
    assert_eq!(english.board, greek.board);
    assert_eq!(
        placement(&greek.board, Language::German.letters()),
        GERMAN_PLACEMENT
    );
    assert_eq!(
        placement(&greek.board, Language::English.letters()),
        FEN_PLACEMENT
    );
    assert_eq!(
        format!("({})", placement(&english.board, Language::Greek.letters())),
        GREEK_PROBLEM.split(' ').next().unwrap()
    );
    // A final sigma is read as sigma; German `B` (Bauer) as the pawn.
    let a =
        Setup::from_statement("(4ρ3/8/8/8/8/8/ς7/4Ρ3) (1+2)", Language::Greek.letters()).unwrap();
    let b = Setup::from_statement("(4k3/8/8/8/8/8/p7/4K3)", &Letters::ENGLISH).unwrap();
    assert_eq!(a, b);
    let c = Fen::from_ascii_with(
        "4k3/8/8/8/8/8/B7/4K3 w - -".as_bytes(),
        Language::German.letters(),
    )
    .unwrap();
    assert_eq!(c.board.role_at(forsyth::Square::A2), Some(Role::Pawn));
}

#[test]
fn problem_count_must_match() {
    let err = Setup::from_statement(
        "(Π7/4ρ3/4Ι3/Ρ2Α4/8/8/8/5Π2) (4+2)",
        Language::Greek.letters(),
    )
    .unwrap_err();
    assert_eq!(
        err.kind(),
        ParseStatementErrorKind::CountMismatch {
            stated: (4, 2),
            actual: (5, 1)
        }
    );
    let text = err.to_string();
    assert!(text.contains("(4+2)") && text.contains("(5+1)"), "{text}");
    let err = Setup::from_statement("(Π7/4ρ3) (5+1)", Language::Greek.letters()).unwrap_err();
    assert_eq!(err.kind().name(), "placement");
    let err = Setup::from_statement("(8/8/8/8/8/8/8/8) (0 1)", &Letters::ENGLISH).unwrap_err();
    assert_eq!((err.kind().name(), err.offset), ("expected", 20));
}

#[test]
fn greek_solution_reads_to_mate() {
    let start = Position::from_setup(
        Setup::from_statement(GREEK_PROBLEM, Language::Greek.letters()).unwrap(),
    )
    .expect("legal");
    let el = Notation::San(Language::Greek);
    let line = |from: &Position, text: &str| {
        let positions = play(from, el, text);
        positions.last().unwrap().clone()
    };
    let main = line(&start, "1.Ιδ4! Ρδ7 2.Ιβ5 Ρε7 3.Πζ7#");
    assert!(main.is_checkmate());
    let after_key = line(&start, "1.Ιδ4!");
    assert!(line(&after_key, "1...Ρδ6 2.Πδ8+ Ργ7 3.Ιε6#").is_checkmate());
    assert!(line(&after_key, "1...Ρδ6 2.Πδ8+ Ρε7 3.Ιγ6#").is_checkmate());
    let after_check = line(&after_key, "1...Ρδ6 2.Πδ8+");
    assert!(line(&after_check, "2...Ρε5 3.Ιγ6#").is_checkmate());
}

/// A random game: a standard or Chess960 start, then at each ply the
/// legal move the next choice picks.
fn arb_game() -> impl Strategy<Value = (Position, Vec<forsyth::Move>)> {
    (
        prop::option::of(0u16..960),
        prop::collection::vec(any::<u16>(), 0..60),
    )
        .prop_map(|(start, choices)| {
            let setup = start.map_or_else(Setup::standard, |n| {
                Chess960Start::new(n).unwrap().to_setup()
            });
            let start = Position::from_setup(setup).expect("legal");
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for c in choices {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[usize::from(c) % legal.len()];
                moves.push(m);
                pos = pos.play(m).expect("legal");
            }
            (start, moves)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_notation_reads_back_what_it_writes((start, moves) in arb_game()) {
        let mut pos = start;
        for m in moves {
            for n in Notation::all() {
                let text = n.write(&pos, m);
                prop_assert_eq!(n.read(&pos, &text), Ok(m), "{} {}", n, text);
            }
            pos = pos.play(m).unwrap();
        }
    }

    #[test]
    fn san_to_any_notation_and_back_is_the_identity((start, moves) in arb_game()) {
        let san = Notation::San(Language::English);
        let mut pos = start.clone();
        let mut text = String::new();
        for m in moves {
            if pos.turn() == Color::White {
                text.push_str(&format!("{}. ", pos.setup().fullmoves));
            }
            text.push_str(&san.write(&pos, m));
            text.push(' ');
            pos = pos.play(m).unwrap();
        }
        for n in Notation::all() {
            let mut there = String::new();
            Translator::new(start.clone(), san, n).translate(&text, &mut there).unwrap();
            let mut back = String::new();
            Translator::new(start.clone(), n, san).translate(&there, &mut back).unwrap();
            prop_assert_eq!(&back, &text, "via {}", n);
        }
    }

    #[test]
    fn reading_any_text_never_panics(text in "\\PC{0,12}", n in 0usize..64) {
        let notation = Notation::all().nth(n % Notation::all().count()).unwrap();
        let _ = notation.read(&Position::standard(), &text);
        let _ = Setup::from_statement(&text, notation.letters());
        let _ = Translator::new(Position::standard(), notation, Notation::Lan).translate(&text, &mut String::new());
    }
}

/// An illegal move gives the reason `Position::parse_move` gives, in every
/// notation: castling blocked by the bishop on f1 in the start position
/// (the `castling_blocked` row of specs/moves.md), and a knight pinned by
/// the bishop on b4 (its `pinned` row).
#[test]
fn an_illegal_move_has_its_reason_in_every_notation() {
    use forsyth::notation::{Descriptive, ParseMoveError};
    use forsyth::{CastlingSide, IllegalMoveReason, Square};
    let blocked = IllegalMoveReason::CastlingBlocked {
        side: CastlingSide::KingSide,
        square: Square::F1,
    };
    let start = Position::standard();
    let en = Notation::Descriptive(Descriptive::English);
    let es = Notation::Descriptive(Descriptive::Spanish);
    let fr = Notation::Descriptive(Descriptive::French);
    for (notation, text) in [
        (Notation::San(Language::English), "O-O"),
        (Notation::San(Language::German), "0-0"),
        (Notation::Figurine, "O-O"),
        (Notation::Lan, "O-O"),
        (Notation::Lan, "Ke1-g1"),
        (Notation::Uci, "e1g1"),
        (Notation::Uci, "e1h1"),
        (en, "O-O"),
        (en, "Castles"),
        (en, "castles KR"),
        (es, "enroque corto"),
        (fr, "petit roque"),
    ] {
        let err = notation.read(&start, text).unwrap_err();
        assert_eq!(err.kind(), ReadMoveErrorKind::Illegal, "{notation} {text}");
        assert_eq!(err.reason, Some(blocked), "{notation} {text}");
        assert_eq!(
            err.to_string(),
            format!("illegal move '{text}' for white ({notation}): king side castling is blocked by the piece on f1"),
        );
    }
    // No queen-side right: the candidates of an illegal castling are the
    // legal castlings (O-O alone), not the moves to c1 (Rc1).
    let pos = Position::from_fen(
        &Fen::from_ascii(b"r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").unwrap(),
        None,
    )
    .unwrap();
    for (notation, text, candidate) in [
        (Notation::San(Language::English), "O-O-O", "O-O"),
        (Notation::Lan, "Ke1-c1", "O-O"),
        (Notation::Uci, "e1c1", "e1g1"),
        (en, "castles QR", "O-O"),
    ] {
        let err = notation.read(&pos, text).unwrap_err();
        assert_eq!(
            err.reason,
            Some(IllegalMoveReason::CastlingWithoutRight {
                side: CastlingSide::QueenSide
            }),
            "{notation} {text}"
        );
        assert_eq!(err.candidates, [candidate], "{notation} {text}");
        assert!(err
            .to_string()
            .ends_with(&format!("; legal castling: {candidate}")));
    }
    // After 1.e4 d5 2.e5 d4 3.d3, Black's P-Q6 names a pawn's step to d3,
    // where a white pawn stands: no step's reason fits a capture square.
    let pos = start.play_moves(["e4", "d5", "e5", "d4", "d3"]).unwrap();
    let err = en.read(&pos, "P-Q6").unwrap_err();
    assert_eq!((err.kind(), err.reason), (ReadMoveErrorKind::Illegal, None));
    let pos = Position::from_fen(
        &Fen::from_ascii(b"4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1").unwrap(),
        None,
    )
    .unwrap();
    let pinned = IllegalMoveReason::Pinned {
        square: Square::D2,
        pinner: Square::B4,
    };
    let Err(ParseMoveError::Illegal { reason, .. }) = pos.parse_move("Nf3") else {
        panic!("Nf3 is refused");
    };
    assert_eq!(reason, pinned);
    for (notation, text) in [
        (Notation::San(Language::English), "Nf3"),
        (Notation::San(Language::German), "Sf3"),
        (Notation::Lan, "Nd2-f3"),
        (Notation::Uci, "d2f3"),
        (en, "N-KB3"),
        (en, "N(Q2)-KB3"),
        (es, "C3AR"),
    ] {
        let err = notation.read(&pos, text).unwrap_err();
        assert_eq!(err.reason, Some(pinned), "{notation} {text}: {err}");
    }
}

/// An ambiguous descriptive move that reads as one move when the text
/// marks every check says so, with that move; one that stays ambiguous
/// does not. After 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4, Black's `BxP` takes
/// b4, or f2 with check (the Evergreen game, 4...Bxb4).
#[test]
fn an_ambiguous_descriptive_move_names_what_check_markers_settle() {
    use forsyth::notation::{CheckMarkers, Descriptive};
    let pos = Position::standard()
        .play_moves(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4"])
        .unwrap();
    let bxb4 = pos.parse_move("Bxb4").unwrap();
    for d in Descriptive::ALL {
        let notation = Notation::Descriptive(d);
        let text = match d {
            Descriptive::English => "BxP",
            Descriptive::Spanish => "AxP",
            _ => "FxP",
        };
        let err = notation.read(&pos, text).unwrap_err();
        assert_eq!(err.kind(), ReadMoveErrorKind::Ambiguous, "{notation}");
        let written = notation.write(&pos, bxb4);
        assert_eq!(err.if_checks_marked.as_deref(), Some(written.as_str()));
        assert!(err
            .to_string()
            .ends_with(&format!("; {written} if the text marks every check")));
        assert_eq!(
            notation.read_with(&pos, text, CheckMarkers::Always),
            Ok(bxb4)
        );
    }
    // 1.e4 d5 2.c4 Nf6: `PxP` is exd5 or cxd5, neither a check.
    let pos = Position::standard()
        .play_moves(["e4", "d5", "c4", "Nf6"])
        .unwrap();
    let en = Notation::Descriptive(Descriptive::English);
    let err = en.read(&pos, "PxP").unwrap_err();
    assert_eq!(err.kind(), ReadMoveErrorKind::Ambiguous);
    assert_eq!(err.if_checks_marked, None);
    assert!(!err.to_string().contains("marks every check"), "{err}");
}

/// A printed check or mate marker that the move does not earn is a
/// warning: the move is read (the marker settles nothing here), and the
/// warning names what the marker claims and what the move gives. Checks
/// and mates worked out on the board.
#[test]
fn a_false_check_or_mate_marker_warns() {
    use forsyth::notation::{CheckMarkers, Descriptive};
    use forsyth::san::Suffix;
    let en = Notation::Descriptive(Descriptive::English);
    let es = Notation::Descriptive(Descriptive::Spanish);
    let read = |pos: &Position, n: Notation, text: &str| {
        n.read_noting(pos, text, CheckMarkers::Optional)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    let warned = |pos: &Position, n: Notation, text: &str| {
        read(pos, n, text).1.map(|w| (w.marked, w.earned))
    };
    let start = Position::standard();
    // 1.Nf3 gives no check.
    assert_eq!(warned(&start, en, "N-KB3 ch"), Some((Suffix::Check, None)));
    assert_eq!(
        warned(&start, en, "N-KB3 dis ch"),
        Some((Suffix::Check, None))
    );
    assert_eq!(warned(&start, es, "C3AR+"), Some((Suffix::Check, None)));
    assert_eq!(warned(&start, en, "N-KB3"), None);
    // 1.e4 f5: 2.Qh5 checks, and g6 answers it.
    let pos = start.play_moves(["e4", "f5"]).unwrap();
    assert_eq!(warned(&pos, en, "Q-R5 ch"), None);
    assert_eq!(
        warned(&pos, en, "Q-R5 mate"),
        Some((Suffix::Checkmate, Some(Suffix::Check)))
    );
    assert_eq!(
        warned(&pos, es, "D5T++"),
        Some((Suffix::Checkmate, Some(Suffix::Check)))
    );
    // 1.f3 e5 2.g4: 2...Qh4 mates; a check marker on a mate is true.
    let pos = start.play_moves(["f3", "e5", "g4"]).unwrap();
    for text in ["Q-R5 mate", "Q-R5 ch", "Q-R5"] {
        assert_eq!(warned(&pos, en, text), None, "{text}");
    }
    // Algebraic notations read their marks without judging them.
    assert_eq!(
        read(&start, Notation::San(Language::English), "Nf3+").1,
        None
    );
    // In movetext the warning keeps its place.
    let mut t = Translator::new(start.clone(), en, Notation::San(Language::English));
    let mut out = String::new();
    t.translate("1.P-K4 P-KB4 2.Q-R5 mate P-KN3", &mut out)
        .unwrap();
    assert_eq!(out, "1.e4 f5 2.Qh5+ g6");
    let warnings = t.take_warnings();
    assert_eq!(warnings.len(), 1);
    assert_eq!((warnings[0].offset, warnings[0].move_number), (15, 2));
    assert_eq!(
        warnings[0].warning.to_string(),
        "'Q-R5 mate' is marked mate, but the move only gives check"
    );
}
