//! Positions known to be legal validate clean; positions known to be
//! illegal report what their sources say is wrong.
//!
//! - The 960 Chess960 starts, enumerated from the rules of the variant
//!   (bishops on squares of both colours, king between the rooks).
//! - `data/chess960.perft`: 960 positions from Chess960 games (sources in
//!   the file's header).
//! - `data/tricky.perft`: classical perft positions, some of which the file
//!   itself files under "Impossible checker alignment", "Impossible castling
//!   rights" or "too much material".
//!
//! A corpus from random legal play belongs here too once a move generator
//! exists.

use std::collections::BTreeSet;

use forsyth::fen::Fen;
use forsyth::validate::{ProblemKind, Report};
use forsyth::{Board, Role, Variant};

/// `(id, record)` of every entry of a perft file.
fn entries(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut id = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.trim().to_owned();
        } else if let Some(rest) = line.strip_prefix("epd ") {
            out.push((id.clone(), rest.trim().to_owned()));
        }
    }
    out
}

fn report(record: &str, variant: Option<Variant>) -> Report {
    let fen = Fen::from_ascii(record.as_bytes()).unwrap_or_else(|e| panic!("{record}: {e}"));
    Report::of_fen(&fen, variant)
}

fn describe(r: &Report) -> Vec<String> {
    r.problems().iter().map(|p| p.to_string()).collect()
}

/// Every back rank of the Chess960 rules, by brute force over the
/// arrangements of `RNBQKBNR`.
fn chess960_back_ranks() -> BTreeSet<[Role; 8]> {
    use Role::*;
    let pieces = [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook];
    let mut out = BTreeSet::new();
    // Heap's algorithm over the 8! orders; duplicates collapse in the set.
    let mut a = pieces;
    let mut c = [0usize; 8];
    let mut keep = |a: &[Role; 8]| {
        let files = |role| (0..8).filter(move |&i| a[i] == role);
        let bishops: Vec<usize> = files(Bishop).collect();
        let rooks: Vec<usize> = files(Rook).collect();
        let king = files(King).next().unwrap();
        if bishops[0] % 2 != bishops[1] % 2 && rooks[0] < king && king < rooks[1] {
            out.insert(*a);
        }
    };
    keep(&a);
    let mut i = 0;
    while i < 8 {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            keep(&a);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

#[test]
fn all_960_starts_validate_clean() {
    let ranks = chess960_back_ranks();
    assert_eq!(ranks.len(), 960);
    for rank in &ranks {
        let placement = Board::from_back_rank(rank).to_string();
        for castling in ["KQkq", "-"] {
            let record = format!("{placement} w {castling} - 0 1");
            for variant in [None, Some(Variant::Chess960)] {
                let r = report(&record, variant);
                assert!(r.is_clean(), "{record}: {:?}", describe(&r));
                assert_eq!(
                    r.setup().castling.count(),
                    if castling == "-" { 0 } else { 4 }
                );
            }
        }
        // Shredder-FEN letters name the same rooks.
        let files: Vec<char> = (0..8)
            .filter(|&i| rank[i] == Role::Rook)
            .map(|i| (b'a' + i as u8) as char)
            .collect();
        let letters = format!(
            "{}{}{}{}",
            files[0].to_ascii_uppercase(),
            files[1].to_ascii_uppercase(),
            files[0],
            files[1]
        );
        let record = format!("{placement} w {letters} - 0 1");
        let r = report(&record, Some(Variant::Chess960));
        assert!(r.is_clean(), "{record}: {:?}", describe(&r));
    }
}

#[test]
fn chess960_game_positions_validate_clean() {
    let entries = entries(include_str!("data/chess960.perft"));
    assert_eq!(entries.len(), 960);
    for (id, record) in entries {
        let r = report(&record, None);
        assert!(r.is_clean(), "id {id}: {record}: {:?}", describe(&r));
        // Forcing Chess960 changes nothing.
        let forced = report(&record, Some(Variant::Chess960));
        assert!(forced.is_clean(), "id {id}: {:?}", describe(&forced));
        assert!(r.into_position().is_ok());
    }
}

/// What `data/tricky.perft` says about each of its positions: the ids
/// under its headings "Impossible checker alignment", "Impossible castling
/// rights" and the id `max-legals-too-much-material` are illegal; the rest
/// are perft positions of legal play.
fn tricky_expectation(id: &str) -> Option<ProblemKind> {
    Some(match id {
        "align-diag-1" | "align-diag-2" | "align-horizontal" => ProblemKind::ImpossibleCheck,
        // Checks the double step of the en-passant square cannot explain.
        "align-ep" | "align-ep-pinned" | "ep-unrelated-check" => {
            ProblemKind::EnPassantImpossibleCheck
        }
        "two-pawn-checkers" | "two-stepper-checkers" | "two-knight-checkers" => {
            ProblemKind::ImpossibleCheck
        }
        "asymmetrical-and-king-on-h" => ProblemKind::CastlingAsymmetric,
        "max-legals-too-much-material" => ProblemKind::TooManyPieces,
        _ => return None,
    })
}

#[test]
fn tricky_positions() {
    let entries = entries(include_str!("data/tricky.perft"));
    assert!(entries.len() >= 25);
    for (id, record) in entries {
        let r = report(&record, None);
        match tricky_expectation(&id) {
            Some(kind) => {
                assert!(
                    r.has(kind),
                    "id {id}: expected {kind}, got {:?}",
                    describe(&r)
                );
                assert!(!r.is_legal(), "id {id}");
            }
            None => assert!(r.is_legal(), "id {id}: {record}: {:?}", describe(&r)),
        }
    }
}

/// Position 4 (mirrored) of the chess programming wiki is composed, not
/// played: Black's pawns stand on the files a, a, b, c, d, e, g and h, which
/// takes at least five captures, while White has lost one piece. It is
/// legal to play from but reported with a warning.
#[test]
fn composed_perft_position_warns() {
    let r = report(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ -",
        None,
    );
    assert!(r.is_legal());
    assert!(r
        .warnings()
        .any(|p| p.kind() == ProblemKind::ImpossiblePawnStructure
            && p.message()
                .starts_with("black's pawns need at least 5 captures")));
}

/// Under standard rules, the black king on h8 cannot hold the `q` right.
#[test]
fn asymmetric_castling_under_standard_rules() {
    let r = report(
        "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -",
        Some(Variant::Standard),
    );
    assert!(r.has(ProblemKind::CastlingKingNotOnEFile));
}

/// Repair drops the en-passant squares and castling rights that the
/// sources call impossible, and cannot fix the checks.
#[test]
fn tricky_repairs() {
    let entries = entries(include_str!("data/tricky.perft"));
    for (id, record) in entries {
        let r = report(&record, None);
        let (repaired, _) = r.repair();
        let fixable = matches!(
            tricky_expectation(&id),
            None | Some(ProblemKind::EnPassantImpossibleCheck | ProblemKind::CastlingAsymmetric)
        );
        assert_eq!(
            repaired.is_legal(),
            fixable,
            "id {id}: {:?}",
            describe(&repaired)
        );
        assert_eq!(repaired.setup().board, r.setup().board);
    }
}
