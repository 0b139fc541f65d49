//! Any bytes: parsing never panics, errors point inside the input, and
//! every encoding that can express a parsed setup reads back to it
//! (parse, write, parse is stable). Validation and repair never panic.
#![no_main]

use forsyth::fen::{CastlingNotation, EnPassantMode, Fen, ShredderOrder, WriteOptions};
use forsyth::validate::Report;
use forsyth::Setup;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let fen = match Fen::from_ascii(data) {
        Ok(fen) => fen,
        Err(e) => {
            assert!(e.offset <= data.len());
            let _ = e.to_string();
            return;
        }
    };
    // Validation and repair never panic, and repair's output has no
    // problem that repair is meant to remove: when every error was
    // repairable, the result is legal.
    let report = Report::of_fen(&fen, None);
    let (repaired, _) = report.repair();
    assert!(repaired
        .problems()
        .iter()
        .all(|p| p.kind().field() == forsyth::fen::FenField::Placement));
    assert!(repaired.errors().all(|p| !p.is_repairable()));
    if report.errors().all(|p| p.is_repairable()) {
        assert!(repaired.is_legal(), "{:?}", repaired.problems());
    }
    let setup = match Setup::from_fen(&fen, None) {
        Ok(s) => s,
        Err(errors) => {
            assert!(!errors.problems().is_empty());
            for e in errors.problems() {
                assert!(e.offset().is_some_and(|o| o < data.len()));
                let _ = e.to_string();
            }
            return;
        }
    };
    for castling in [
        CastlingNotation::Standard,
        CastlingNotation::Shredder,
        CastlingNotation::XFen,
    ] {
        for shredder_order in [ShredderOrder::Files, ShredderOrder::Wings] {
            // The en-passant square as held, so the round trip keeps it.
            let opts = WriteOptions {
                castling,
                shredder_order,
                en_passant: EnPassantMode::Always,
            };
            let Ok(text) = setup.to_fen(&opts) else {
                assert_eq!(castling, CastlingNotation::Standard);
                continue;
            };
            let again = Fen::from_ascii(text.as_bytes()).expect("written FEN parses");
            let back = Setup::from_fen(&again, Some(setup.variant)).expect("written FEN resolves");
            assert_eq!(back, setup, "{text}");
            assert_eq!(back.to_fen(&opts).as_deref(), Ok(text.as_str()));
        }
    }
});
