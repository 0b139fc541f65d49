//! The Chess960 numbering against its sources of truth: the independent
//! listing of all 960 starts in `data/chess960_starts.txt`, the vectors of
//! `specs/chess960.md` (read out of the spec itself), and the rules of a start
//! checked here from scratch.

use std::collections::{BTreeSet, HashSet};

use forsyth::chess960::{BackRankError, ParseStartNumberErrorKind, StartPositionError};
use forsyth::fen::{CastlingNotation, EnPassantMode, Fen, ShredderOrder, WriteOptions};
use forsyth::{Chess960Start, Color, File, Piece, Rank, Role, Setup, Square, Variant};

const SPEC: &str = include_str!("../../../specs/chess960.md");
const LISTING: &str = include_str!("data/chess960_starts.txt");

/// The lines of the spec's code block tagged `tag`.
fn spec_block(tag: &str) -> Vec<&'static str> {
    let fence = format!("```{tag}\n");
    let start = SPEC
        .find(&fence)
        .unwrap_or_else(|| panic!("specs/chess960.md has no block {tag}"))
        + fence.len();
    let len = SPEC[start..].find("```").expect("block is closed");
    let lines: Vec<_> = SPEC[start..start + len]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert!(!lines.is_empty(), "block {tag} is empty");
    lines
}

fn roles(letters: &str) -> [Role; 8] {
    let v: Vec<Role> = letters
        .chars()
        .map(|c| Role::from_char(c).expect("a piece letter"))
        .collect();
    v.try_into().expect("eight letters")
}

fn letters(rank: &[Role; 8]) -> String {
    rank.iter().map(|r| r.upper_char()).collect()
}

fn start(n: u16) -> Chess960Start {
    Chess960Start::new(n).expect("a number below 960")
}

/// The rules of a start, written out independently of the library.
fn is_valid_start(rank: &[Role; 8]) -> bool {
    let mut sorted = rank.to_vec();
    sorted.sort();
    use Role::*;
    if sorted != [Knight, Knight, Bishop, Bishop, Rook, Rook, Queen, King] {
        return false;
    }
    let files = |role: Role| -> Vec<usize> { (0..8).filter(|&i| rank[i] == role).collect() };
    let b = files(Bishop);
    let r = files(Rook);
    let k = files(King)[0];
    b[0] % 2 != b[1] % 2 && r[0] < k && k < r[1]
}

struct Listed {
    number: u16,
    back_rank: &'static str,
    castling: &'static str,
}

fn listing() -> Vec<Listed> {
    LISTING
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<_> = l.split_whitespace().collect();
            assert_eq!(f.len(), 3, "line {l:?}");
            Listed {
                number: f[0].parse().expect("a number"),
                back_rank: f[1],
                castling: f[2],
            }
        })
        .collect()
}

const SHREDDER_WINGS: WriteOptions = WriteOptions {
    castling: CastlingNotation::Shredder,
    shredder_order: ShredderOrder::Wings,
    en_passant: EnPassantMode::Legal,
};

#[test]
fn listing_has_all_960_in_order() {
    let rows = listing();
    assert_eq!(rows.len(), 960);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(usize::from(row.number), i);
    }
}

#[test]
fn every_listed_start_matches_the_generator() {
    for row in listing() {
        let s = start(row.number);
        assert_eq!(
            s.back_rank_letters(),
            row.back_rank,
            "number {}",
            row.number
        );
        assert_eq!(
            Chess960Start::from_back_rank(&roles(row.back_rank)),
            Ok(s),
            "back rank {}",
            row.back_rank
        );
        // The record as the source table writes it.
        let expected = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {} - 0 1",
            row.back_rank.to_ascii_lowercase(),
            row.back_rank,
            row.castling
        );
        let setup = s.to_setup();
        assert_eq!(
            setup.to_fen(&SHREDDER_WINGS).as_deref(),
            Ok(expected.as_str())
        );
        let fen = Fen::from_ascii(expected.as_bytes()).expect("the listed record parses");
        assert_eq!(Chess960Start::from_board(&fen.board), Ok(s));
    }
}

#[test]
fn fixed_numbers() {
    assert_eq!(start(518).back_rank_letters(), "RNBQKBNR");
    assert_eq!(start(0).back_rank_letters(), "BBQNNRKR");
    assert_eq!(start(959).back_rank_letters(), "RKRNNQBB");
    assert_eq!(Chess960Start::STANDARD, start(518));
    assert_eq!(
        start(518).to_setup(),
        Setup::standard(),
        "518 is the classical start, as a setup too"
    );
}

#[test]
fn all_960_are_distinct_valid_and_round_trip() {
    let all: Vec<_> = Chess960Start::all().collect();
    assert_eq!(all.len(), 960);
    let mut seen = HashSet::new();
    for (i, s) in all.iter().enumerate() {
        assert_eq!(usize::from(s.number()), i, "iteration is in number order");
        let rank = s.back_rank();
        assert!(is_valid_start(&rank), "{} breaks a rule", letters(&rank));
        assert!(seen.insert(rank), "{} appears twice", letters(&rank));
        assert_eq!(Chess960Start::from_back_rank(&rank), Ok(*s));
        assert_eq!(Chess960Start::from_board(&s.to_setup().board), Ok(*s));
        assert_eq!(s.to_string().parse::<Chess960Start>(), Ok(*s));
    }
}

/// Every arrangement of K, Q, R, R, B, B, N, N: exactly the valid ones get a
/// number, and they get all 960 numbers.
#[test]
fn the_numbering_is_a_bijection_onto_valid_back_ranks() {
    fn arrangements(rest: &mut Vec<Role>, rank: &mut Vec<Role>, out: &mut BTreeSet<[Role; 8]>) {
        if rest.is_empty() {
            out.insert(rank.clone().try_into().expect("eight"));
            return;
        }
        for i in 0..rest.len() {
            let r = rest.remove(i);
            rank.push(r);
            arrangements(rest, rank, out);
            rank.pop();
            rest.insert(i, r);
        }
    }
    use Role::*;
    let mut all = BTreeSet::new();
    arrangements(
        &mut vec![King, Queen, Rook, Rook, Bishop, Bishop, Knight, Knight],
        &mut Vec::new(),
        &mut all,
    );
    assert_eq!(all.len(), 5040);
    let mut numbers = HashSet::new();
    for rank in &all {
        match Chess960Start::from_back_rank(rank) {
            Ok(s) => {
                assert!(is_valid_start(rank), "{} accepted", letters(rank));
                assert_eq!(&s.back_rank(), rank);
                numbers.insert(s.number());
            }
            Err(e) => {
                assert!(!is_valid_start(rank), "{} rejected: {e}", letters(rank));
                assert!(matches!(
                    e,
                    BackRankError::BishopsOnOneColor { .. }
                        | BackRankError::KingNotBetweenRooks { .. }
                ));
            }
        }
    }
    assert_eq!(numbers.len(), 960);
}

#[test]
fn spec_numbers() {
    let rows = listing();
    for line in spec_block("chess960-numbers") {
        let (n, rank) = line.split_once(' ').expect("number and back rank");
        let n: u16 = n.parse().expect("a number");
        assert_eq!(start(n).back_rank_letters(), rank, "spec line {line:?}");
        assert_eq!(
            rows[usize::from(n)].back_rank,
            rank,
            "spec agrees with the listing"
        );
    }
}

#[test]
fn spec_setups() {
    for line in spec_block("chess960-setups") {
        let f: Vec<_> = line.split(" | ").collect();
        let s = start(f[0].parse().expect("a number"));
        let setup = s.to_setup();
        let variant: Variant = f[1].parse().expect("a variant");
        assert_eq!(setup.variant, variant, "{line}");
        assert_eq!(setup.to_string(), f[2], "X-FEN of {}", f[0]);
        assert_eq!(
            setup.to_fen(&CastlingNotation::Shredder.into()).as_deref(),
            Ok(f[3]),
            "Shredder-FEN of {}",
            f[0]
        );
    }
}

#[test]
fn setups_have_the_spec_fields_and_read_back() {
    let mut fits_standard = 0;
    for s in Chess960Start::all() {
        let setup = s.to_setup();
        let rank = s.back_rank();
        assert_eq!(setup.turn, Color::White);
        assert_eq!(setup.ep_square, None);
        assert_eq!((setup.halfmoves, setup.fullmoves), (0, 1));
        assert_eq!(setup.castling.count(), 4);
        let rooks: Vec<File> = (0..8)
            .filter(|&i| rank[i] == Role::Rook)
            .map(|i| File::ALL[i])
            .collect();
        for color in Color::ALL {
            let mut files: Vec<File> = setup
                .castling
                .iter()
                .filter(|&(c, _, _)| c == color)
                .map(|(_, _, f)| f)
                .collect();
            files.sort();
            assert_eq!(files, rooks, "both rooks of {} castle", color.name());
        }
        for sq in Square::all() {
            let expected = match sq.rank() {
                Rank::First => Some(rank[sq.file().index()].of(Color::White)),
                Rank::Second => Some(Role::Pawn.of(Color::White)),
                Rank::Seventh => Some(Role::Pawn.of(Color::Black)),
                Rank::Eighth => Some(rank[sq.file().index()].of(Color::Black)),
                _ => None,
            };
            assert_eq!(setup.board.piece_at(sq), expected, "{sq} of {s}");
        }
        let expected_variant = if s.number() == 518 {
            Variant::Standard
        } else {
            Variant::Chess960
        };
        assert_eq!(setup.variant, expected_variant);
        // Read back under its own variant: the same setup.
        let fen = Fen::from_ascii(setup.to_string().as_bytes()).expect("X-FEN parses");
        assert_eq!(
            Setup::from_fen(&fen, Some(setup.variant)).as_ref(),
            Ok(&setup)
        );
        // Auto-detection calls standard exactly the starts with K on e, R on a and h.
        let classical_geometry =
            rank[4] == Role::King && rank[0] == Role::Rook && rank[7] == Role::Rook;
        let auto = Setup::from_fen(&fen, None).expect("resolves");
        assert_eq!(auto.variant == Variant::Standard, classical_geometry);
        fits_standard += usize::from(classical_geometry);
    }
    assert_eq!(fits_standard, 18, "the spec says 518 and 17 others");
}

/// Parses `X => kind: message` into (X, kind, message).
fn error_line(line: &str) -> (&str, &str, &str) {
    let (input, rest) = line.split_once(" => ").expect("=>");
    let (kind, message) = rest.split_once(": ").expect("kind: message");
    (input, kind, message)
}

#[test]
fn spec_back_rank_errors() {
    for line in spec_block("chess960-back-rank-errors") {
        let (rank, kind, message) = error_line(line);
        let err = Chess960Start::from_back_rank(&roles(rank)).expect_err(rank);
        assert_eq!(err.name(), kind, "{rank}");
        assert_eq!(err.to_string(), message, "{rank}");
    }
}

#[test]
fn spec_positions() {
    for line in spec_block("chess960-positions") {
        let (fen, n) = line.split_once(" => ").expect("=>");
        let fen = Fen::from_ascii(fen.as_bytes()).expect("parses");
        let n: u16 = n.parse().expect("a number");
        assert_eq!(
            Chess960Start::from_board(&fen.board),
            Ok(start(n)),
            "{line}"
        );
    }
}

#[test]
fn spec_position_errors() {
    for line in spec_block("chess960-position-errors") {
        let (fen, kind, message) = error_line(line);
        let parsed = Fen::from_ascii(fen.as_bytes()).expect("parses");
        let err = Chess960Start::from_board(&parsed.board).expect_err(fen);
        assert_eq!(err.name(), kind, "{fen}");
        assert_eq!(err.to_string(), message, "{fen}");
    }
}

#[test]
fn position_number_ignores_everything_but_the_pieces() {
    for s in Chess960Start::all().step_by(37) {
        let mut setup = s.to_setup();
        setup.turn = Color::Black;
        setup.castling = forsyth::CastlingRights::none();
        setup.halfmoves = 40;
        setup.fullmoves = 77;
        setup.variant = Variant::Chess960;
        assert_eq!(Chess960Start::from_board(&setup.board), Ok(s));
    }
}

#[test]
fn crafted_bad_boards_of_every_start() {
    for s in Chess960Start::all() {
        let good = s.to_setup().board;
        let rank = s.back_rank();

        // Each damage below is a case with the error it must give, alike as
        // data.

        // A knight put on each square of ranks 3 to 6 is named.
        for sq in [Square::A3, Square::H6, Square::D4] {
            let mut b = good.clone();
            let piece = Role::Knight.of(Color::Black);
            b.set_piece_at(sq, piece);
            assert_eq!(
                Chess960Start::from_board(&b),
                Err(StartPositionError::PieceOffStartRanks { square: sq, piece })
            );
        }

        // A pawn pushed one square: its square on rank 2 is empty.
        let mut b = good.clone();
        b.remove_piece_at(Square::F2);
        b.set_piece_at(Square::F3, Role::Pawn.of(Color::White));
        assert_eq!(
            Chess960Start::from_board(&b).map_err(|e| e.name()),
            Err("piece_off_start_ranks")
        );
        b.remove_piece_at(Square::F3);
        assert_eq!(
            Chess960Start::from_board(&b),
            Err(StartPositionError::PawnMissing {
                color: Color::White,
                square: Square::F2,
                found: None
            })
        );

        // A black piece missing from its back rank.
        let mut b = good.clone();
        let taken = b.remove_piece_at(Square::C8);
        assert_eq!(taken, Some(rank[2].of(Color::Black)));
        assert_eq!(
            Chess960Start::from_board(&b),
            Err(StartPositionError::BackRankSquare {
                color: Color::Black,
                square: Square::C8,
                found: None
            })
        );

        // Black's king and queen swapped: valid for Black alone, not a mirror.
        let mut b = good.clone();
        let king = (0..8).find(|&i| rank[i] == Role::King).expect("a king");
        let queen = (0..8).find(|&i| rank[i] == Role::Queen).expect("a queen");
        let ksq = Square::from_coords(File::ALL[king], Rank::Eighth);
        let qsq = Square::from_coords(File::ALL[queen], Rank::Eighth);
        b.set_piece_at(ksq, Role::Queen.of(Color::Black));
        b.set_piece_at(qsq, Role::King.of(Color::Black));
        let first = File::ALL[king.min(queen)];
        let err = Chess960Start::from_board(&b).expect_err("swapped");
        assert_eq!(
            err,
            StartPositionError::NotMirrored {
                file: first,
                white: rank[first.index()],
                black: if first.index() == king {
                    Role::Queen
                } else {
                    Role::King
                },
            }
        );

        // White's a and h pieces swapped: whatever the library says must
        // agree with the rules.
        let mut white = rank;
        white.swap(0, 7);
        let mut b = good.clone();
        for (i, &r) in white.iter().enumerate() {
            b.set_piece_at(
                Square::from_coords(File::ALL[i], Rank::First),
                r.of(Color::White),
            );
        }
        match Chess960Start::from_board(&b) {
            Ok(found) => {
                assert!(is_valid_start(&white));
                assert_eq!(found.back_rank(), white);
                assert_eq!(white, rank, "black still mirrors, so white is unchanged");
            }
            Err(StartPositionError::InvalidBackRank { .. }) => {
                assert!(!is_valid_start(&white));
            }
            Err(StartPositionError::NotMirrored { .. }) => {
                assert!(is_valid_start(&white) && white != rank);
            }
            Err(e) => panic!("unexpected {e} for {}", letters(&white)),
        }
    }
}

#[test]
fn error_messages_name_the_squares() {
    let fen = Fen::from_ascii(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .expect("parses");
    let mut b = fen.board.clone();
    b.set_piece_at(Square::G5, Piece::from_char('q').expect("q"));
    let err = Chess960Start::from_board(&b).expect_err("extra queen");
    assert!(err.to_string().contains("g5"), "{err}");
    let kind: &'static str = (&err).into();
    assert_eq!(kind, "piece_off_start_ranks");
}

#[test]
fn parse_numbers() {
    assert_eq!("0".parse::<Chess960Start>(), Ok(start(0)));
    assert_eq!("0959".parse::<Chess960Start>(), Ok(start(959)));
    for (text, kind) in [
        ("", ParseStartNumberErrorKind::NotANumber),
        ("+1", ParseStartNumberErrorKind::NotANumber),
        (" 1", ParseStartNumberErrorKind::NotANumber),
        ("5x", ParseStartNumberErrorKind::NotANumber),
        ("١", ParseStartNumberErrorKind::NotANumber),
        ("960", ParseStartNumberErrorKind::OutOfRange),
        ("65536", ParseStartNumberErrorKind::OutOfRange),
        (
            "99999999999999999999999999",
            ParseStartNumberErrorKind::OutOfRange,
        ),
    ] {
        let err = text.parse::<Chess960Start>().expect_err(text);
        assert_eq!(err.kind, kind, "{text:?}");
        assert_eq!(err.input, text);
        assert!(err.to_string().starts_with(&format!("'{text}'")));
    }
    assert_eq!(Chess960Start::new(960), None);
    assert_eq!(Chess960Start::new(u16::MAX), None);
}

// The generator's own vectors (`chess960-splitmix64`) and its draw rule are
// tested inside the crate (`src/chess960/random.rs`), the generator being
// private.

#[test]
fn spec_random_starts() {
    for line in spec_block("chess960-random") {
        let (seed, numbers) = line.split_once(" => ").expect("=>");
        let mut starts = Chess960Start::random_sequence(seed.parse().expect("a seed"));
        for expected in numbers.split_whitespace() {
            let n: u16 = expected.parse().expect("a number");
            assert_eq!(starts.next(), Some(start(n)), "seed {seed}");
        }
    }
}

#[test]
fn seeded_random_is_reproducible_and_spread() {
    let draw = |seed: u64, count: usize| -> Vec<Chess960Start> {
        Chess960Start::random_sequence(seed).take(count).collect()
    };
    assert_eq!(draw(42, 100), draw(42, 100));
    assert_eq!(
        draw(42, 10)[..],
        draw(42, 100)[..10],
        "a longer run extends a shorter one"
    );
    assert_ne!(draw(42, 20), draw(43, 20));
    // 96 000 draws: every number appears, none far from its expected 100.
    let mut counts = [0u32; 960];
    for s in draw(7, 96_000) {
        counts[usize::from(s.number())] += 1;
    }
    let (min, max) = (
        counts.iter().min().copied().unwrap_or(0),
        counts.iter().max().copied().unwrap_or(0),
    );
    assert!(min >= 50 && max <= 160, "counts range {min}..={max}");
}
