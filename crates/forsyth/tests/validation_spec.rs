//! The examples of `specs/validation.md`: for every problem kind, its failing
//! records report it and its passing records report nothing at all.

use std::collections::BTreeMap;

use forsyth::fen::Fen;
use forsyth::validate::{ProblemKind, Report, Severity};
use forsyth::Variant;
use strum::IntoEnumIterator;

const SPEC: &str = include_str!("../../../specs/validation.md");

#[derive(Debug)]
struct Example {
    fails: bool,
    variant: Option<Variant>,
    record: String,
    line: usize,
}

#[derive(Debug, Default)]
struct Section {
    severity: String,
    examples: Vec<Example>,
}

/// Sections `### `kind` (severity)` with their table rows
/// `| fails/passes | variant | `record` |`.
fn sections() -> BTreeMap<String, Section> {
    let mut out: BTreeMap<String, Section> = BTreeMap::new();
    let mut current: Option<String> = None;
    for (i, line) in SPEC.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("### `") {
            let (kind, rest) = rest.split_once('`').expect("heading closes the kind");
            let severity = rest.trim().trim_start_matches('(').trim_end_matches(')');
            let old = out.insert(
                kind.to_owned(),
                Section {
                    severity: severity.to_owned(),
                    examples: Vec::new(),
                },
            );
            assert!(old.is_none(), "kind {kind} documented twice");
            current = Some(kind.to_owned());
        } else if line.starts_with("## ") {
            current = None;
        } else if let Some(kind) = &current {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.len() == 5 && (cells[1] == "fails" || cells[1] == "passes") {
                let variant = match cells[2] {
                    "auto" => None,
                    v => Some(v.parse().expect("variant name")),
                };
                let record = cells[3].trim_matches('`').to_owned();
                out.get_mut(kind).unwrap().examples.push(Example {
                    fails: cells[1] == "fails",
                    variant,
                    record,
                    line: i + 1,
                });
            }
        }
    }
    out
}

fn report(e: &Example) -> Report {
    let fen = Fen::from_ascii(e.record.as_bytes())
        .unwrap_or_else(|err| panic!("line {}: {} does not parse: {err}", e.line, e.record));
    Report::of_fen(&fen, e.variant)
}

#[test]
fn every_kind_is_documented_with_both_examples() {
    let sections = sections();
    for kind in ProblemKind::iter() {
        let section = sections
            .get(kind.name())
            .unwrap_or_else(|| panic!("{} has no section in specs/validation.md", kind.name()));
        let severity: Severity = section.severity.parse().expect("severity word");
        assert_eq!(severity, kind.severity(), "{}", kind.name());
        assert!(
            section.examples.iter().any(|e| e.fails),
            "{}: no failing record",
            kind.name()
        );
        assert!(
            section.examples.iter().any(|e| !e.fails),
            "{}: no passing record",
            kind.name()
        );
    }
    for name in sections.keys() {
        assert!(
            name.parse::<ProblemKind>().is_ok(),
            "specs/validation.md documents unknown kind {name}"
        );
    }
}

/// The report's problems as text, for a failing assertion's message.
fn rendered(r: &Report) -> Vec<String> {
    r.problems().iter().map(|p| p.to_string()).collect()
}

#[test]
fn failing_records_report_their_kind() {
    for (name, section) in sections() {
        let kind: ProblemKind = name.parse().unwrap();
        for e in section.examples.iter().filter(|e| e.fails) {
            let r = report(e);
            assert!(
                r.has(kind),
                "line {}: {} should report {name}, got {:?}",
                e.line,
                e.record,
                rendered(&r)
            );
            let p = r.problems().iter().find(|p| p.kind() == kind).unwrap();
            assert_eq!(p.severity(), kind.severity());
            assert!(!p.message().is_empty());
            assert!(!p.message().ends_with('.'), "{}", p.message());
            assert_eq!(
                r.is_legal(),
                r.problems()
                    .iter()
                    .all(|p| p.severity() == Severity::Warning)
            );
        }
    }
}

#[test]
fn passing_records_report_nothing() {
    for (name, section) in sections() {
        for e in section.examples.iter().filter(|e| !e.fails) {
            let r = report(e);
            assert!(
                r.is_clean(),
                "line {} ({name}): {} should be clean, got {:?}",
                e.line,
                e.record,
                rendered(&r)
            );
            assert!(r.into_position().is_ok());
        }
    }
}

/// The spec's repair rules: castling, en-passant and clock problems go away;
/// board and check problems stay; the board never changes.
#[test]
fn repair_of_failing_records() {
    let repairable = |k: ProblemKind| {
        let n = k.name();
        n.starts_with("castling_") || n.starts_with("en_passant_") || n.contains("move")
    };
    for (name, section) in sections() {
        let kind: ProblemKind = name.parse().unwrap();
        for e in section.examples.iter().filter(|e| e.fails) {
            let r = report(e);
            let (repaired, repairs) = r.repair();
            assert_eq!(repaired.setup().board, r.setup().board);
            assert_eq!(repaired.setup().turn, r.setup().turn);
            if kind.severity() == Severity::Error && repairable(kind) {
                assert!(!repairs.is_empty(), "line {}: nothing repaired", e.line);
                assert!(
                    !repaired.has(kind),
                    "line {}: {name} survives repair",
                    e.line
                );
            }
            if r.errors().all(|p| repairable(p.kind())) {
                assert!(
                    repaired.is_legal(),
                    "line {}: {:?}",
                    e.line,
                    repaired.problems()
                );
            } else {
                assert!(
                    !repaired.is_legal(),
                    "line {}: repair removed a board problem",
                    e.line
                );
            }
        }
    }
}

/// Which facts a problem of `kind` carries (specs/validation.md: each
/// problem is data): colour, king, square at fault, pieces at fault, count,
/// limit. Written from the spec's descriptions, not from the code.
fn facts(kind: ProblemKind) -> [bool; 6] {
    use ProblemKind::*;
    //                                   color  king   square pieces count  limit
    match kind {
        EmptyBoard => [false, false, false, false, false, false],
        MissingKing | CastlingWithoutKing | CastlingAsymmetric => {
            [true, false, false, false, false, false]
        }
        TooManyKings => [true, false, false, true, true, false],
        PawnOnBackRank => [false, false, false, true, false, false],
        TooManyPawns | TooManyPieces | TooManyPromoted | ImpossiblePawnStructure => {
            [true, false, false, true, true, true]
        }
        OppositeCheck | TooManyCheckers | ImpossibleCheck => {
            [true, true, false, true, false, false]
        }
        CastlingKingNotOnBackRank | CastlingKingNotOnEFile | CastlingKingOnEdge => {
            [true, true, false, false, false, false]
        }
        CastlingRookMissing => [true, true, false, false, false, false],
        CastlingTwoRightsOnOneWing | CastlingRookNotInCorner => {
            [true, true, true, false, false, false]
        }
        EnPassantWrongRank
        | EnPassantSquareOccupied
        | EnPassantOriginOccupied
        | EnPassantNoPushedPawn => [true, false, true, false, false, false],
        EnPassantHalfmoveClock => [true, false, true, false, true, false],
        EnPassantImpossibleCheck => [true, true, true, true, false, false],
        FullmoveZero => [false, false, false, false, true, false],
        HalfmoveClockTooLarge => [true, false, false, false, true, true],
        other => panic!("{other} has no facts row: add one"),
    }
}

/// Problems are data: for every failing example of the spec, the problem
/// of its kind exposes the facts its sentence needs, and the rendering is
/// made from them (the numbers, king and square the facts hold are the
/// ones the sentence names; a letter's offset points at the letter the
/// sentence quotes; `Display` is `kind: message`).
#[test]
fn failing_examples_expose_their_facts() {
    for (name, section) in sections() {
        let kind: ProblemKind = name.parse().unwrap();
        let [color, king, square, pieces, count, limit] = facts(kind);
        for e in section.examples.iter().filter(|e| e.fails) {
            let r = report(e);
            let p = r.problems().iter().find(|p| p.kind() == kind).unwrap();
            let at = format!("line {}: {}: {p}", e.line, e.record);
            let message = p.message();
            assert_eq!(p.to_string(), format!("{}: {message}", kind.name()), "{at}");
            assert_eq!(p.field(), kind.field(), "{at}");
            assert_eq!(p.severity(), kind.severity(), "{at}");
            assert!(!color || p.color().is_some(), "{at}: colour");
            if let Some(c) = p.color() {
                let named = message.contains(c.name()) || message.contains((!c).name());
                let colourless = matches!(
                    kind,
                    ProblemKind::CastlingAsymmetric
                        | ProblemKind::EnPassantSquareOccupied
                        | ProblemKind::CastlingRookNotInCorner
                        | ProblemKind::EnPassantImpossibleCheck
                        | ProblemKind::EnPassantHalfmoveClock
                );
                assert!(named || colourless, "{at}: colour not named");
            }
            assert!(!king || p.king().is_some(), "{at}: king");
            assert!(!square || p.square().is_some(), "{at}: square");
            assert!(!pieces || !p.pieces().is_empty(), "{at}: pieces");
            assert!(!count || p.count().is_some(), "{at}: count");
            assert!(!limit || p.limit().is_some(), "{at}: limit");
            if let Some(n) = p.count() {
                assert!(message.contains(&n.to_string()), "{at}: count {n}");
            }
            if let Some(n) = p.limit() {
                // A bound of 0 is said in words ("no pawn missing").
                let said = message.contains(&n.to_string()) || (n == 0 && message.contains(" no "));
                assert!(said, "{at}: limit {n}");
            }
            if p.letter().is_none() {
                if let Some(k) = p.king() {
                    assert!(message.contains(&k.to_string()), "{at}: king {k}");
                }
                if let Some(sq) = p.square() {
                    assert!(message.contains(&sq.to_string()), "{at}: square {sq}");
                }
                for sq in p.pieces() {
                    let listed = message.contains(&sq.to_string());
                    let counted = count && p.count().is_some();
                    assert!(listed || counted, "{at}: piece on {sq}");
                }
            }
            match (p.offset(), p.letter()) {
                (Some(offset), Some(letter)) => {
                    assert_eq!(e.record.as_bytes()[offset] as char, letter.char(), "{at}");
                    assert!(
                        message.starts_with(&format!("'{}': ", letter.char())),
                        "{at}"
                    );
                }
                (None, None) => {}
                other => panic!("{at}: offset and letter go together, got {other:?}"),
            }
            for sq in p.squares() {
                let known = p.king() == Some(sq)
                    || p.square() == Some(sq)
                    || p.pieces().contains(sq)
                    || message.contains(&sq.to_string());
                assert!(known, "{at}: square {sq} is no fact");
            }
        }
    }
}
