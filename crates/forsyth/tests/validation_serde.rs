//! Serde round trips of the public data types (run with `--features
//! serde`): every value serialized to JSON reads back equal, and the kind
//! names in the JSON are the stable names of `specs/validation.md`.
#![cfg(feature = "serde")]

use forsyth::convert::{ConvertOptions, Validation};
use forsyth::fen::{
    CastlingNotation, EnPassantMode, Fen, LossyCastlingError, ShredderOrder, WriteOptions,
};
use forsyth::validate::{
    PositionError, Problem, ProblemKind, Repair, RepairKind, Report, Severity,
};
use forsyth::{CastlingRights, Chess960Start, Setup, Variant};
use serde::{de::DeserializeOwned, Serialize};
use strum::IntoEnumIterator;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(&back, value, "{json}");
    json
}

fn report(fen: &str, variant: Option<Variant>) -> Report {
    Report::of_fen(&fen.parse::<Fen>().expect("parses"), variant)
}

#[test]
fn enums_serialize_as_their_stable_names() {
    for kind in ProblemKind::iter() {
        assert_eq!(round_trip(&kind), format!("\"{}\"", kind.name()));
    }
    for kind in RepairKind::iter() {
        assert_eq!(round_trip(&kind), format!("\"{}\"", kind.name()));
    }
    for severity in Severity::iter() {
        assert_eq!(round_trip(&severity), format!("\"{severity}\""));
    }
    for variant in Variant::iter() {
        assert_eq!(round_trip(&variant), format!("\"{variant}\""));
    }
    for notation in CastlingNotation::iter() {
        round_trip(&notation);
    }
    for order in ShredderOrder::iter() {
        assert_eq!(round_trip(&order), format!("\"{order}\""));
    }
    for mode in EnPassantMode::iter() {
        assert_eq!(round_trip(&mode), format!("\"{mode}\""));
    }
    round_trip(&Validation::Syntax);
}

#[test]
fn options_round_trip() {
    let opts = WriteOptions {
        castling: CastlingNotation::Shredder,
        shredder_order: ShredderOrder::Wings,
        en_passant: EnPassantMode::Always,
    };
    round_trip(&opts);
    round_trip(&ConvertOptions {
        variant: Some(Variant::Chess960),
        write: opts,
        validation: Validation::Syntax,
    });
}

#[test]
fn setups_and_rights_round_trip() {
    round_trip(&Setup::standard());
    round_trip(&CastlingRights::standard());
    for start in Chess960Start::all().step_by(37) {
        assert_eq!(round_trip(&start), start.number().to_string());
        round_trip(&start.to_setup());
    }
    // A number out of range does not read back as a start.
    assert!(serde_json::from_str::<Chess960Start>("960").is_err());
    let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        .parse()
        .unwrap();
    round_trip(&Setup::from_fen(&fen, None).unwrap());
}

#[test]
fn problems_reports_and_repairs_round_trip() {
    // One record per kind: the failing examples of the spec, read here from
    // a few representative records.
    for (fen, variant) in [
        ("4k3/8/8/8/8/8/8/4K2R w KQ e3 5 0", None),
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", None),
        ("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", None),
        ("kr6/8/8/8/8/8/8/KR6 w Kk - 0 1", Some(Variant::Chess960)),
        ("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 120 1", None),
    ] {
        let r = report(fen, variant);
        assert!(!r.problems().is_empty(), "{fen}");
        for p in r.problems() {
            let json = round_trip::<Problem>(p);
            assert!(json.contains(&format!("\"{}\"", p.kind().name())), "{json}");
        }
        round_trip(&r);
        let (repaired, repairs) = r.repair();
        round_trip(&repaired);
        for repair in &repairs {
            round_trip::<Repair>(repair);
        }
        if let Err(e) = r.into_position() {
            round_trip::<PositionError>(&e);
        }
    }
}

#[test]
fn errors_round_trip() {
    let setup = Setup::from_fen(
        &"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1"
            .parse::<Fen>()
            .unwrap(),
        None,
    )
    .unwrap();
    let lossy = setup
        .to_fen(&CastlingNotation::Standard.into())
        .unwrap_err();
    round_trip::<LossyCastlingError>(&lossy);
    let err = Setup::from_fen(
        &"4k3/8/8/8/8/8/8/4K3 w Kq - 0 1".parse::<Fen>().unwrap(),
        None,
    )
    .unwrap_err();
    round_trip(&err);
}
