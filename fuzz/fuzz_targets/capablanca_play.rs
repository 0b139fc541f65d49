//! A 10x8 record on the first line (FEN, X-FEN or Shredder-FEN; the first
//! byte of the line, when it is `c`, `g` or `r`, picks Capablanca, Gothic
//! or CRC rules, else the record's own), move text after it. Reading the
//! record never panics and its error points inside it; every encoding that
//! can say the setup reads back to it; validation and repair never panic.
//! Then, from a legal position (or one rejected only for `is_ignorable`
//! kinds): every legal move's SAN, LAN, figurine SAN and UCI (both castling
//! conventions) read back to it; perft(1) counts the legal moves; reading
//! any move text never panics, and a legal move from a legal position gives
//! a legal position.
#![no_main]

use forsyth::capablanca::{Report, Setup, Variant};
use forsyth::fen::{CastlingNotation, ShredderOrder};
use forsyth::notation::{Language, Notation};
use forsyth::uci::CastlingMode;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (head, tail) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let (variant, head) = match head.first() {
        Some(b'c') => (Some(Variant::Capablanca), &head[1..]),
        Some(b'g') => (Some(Variant::Gothic), &head[1..]),
        Some(b'r') => (Some(Variant::Crc), &head[1..]),
        _ => (None, head),
    };
    let Ok(record) = std::str::from_utf8(head) else {
        return;
    };
    let setup = match Setup::from_fen(record, variant) {
        Ok(setup) => setup,
        Err(e) => {
            assert!(e.offset <= record.len(), "{e}");
            let _ = e.to_string();
            return;
        }
    };
    for notation in [
        CastlingNotation::XFen,
        CastlingNotation::Shredder,
        CastlingNotation::Standard,
    ] {
        for order in [ShredderOrder::Files, ShredderOrder::Wings] {
            if let Ok(text) = setup.to_fen(notation, order) {
                let back = Setup::from_fen(&text, Some(setup.variant));
                assert_eq!(back.as_ref(), Ok(&setup), "{text}");
            }
        }
    }
    let report = Report::of_setup(setup.clone());
    let _ = report.repair();
    let mut pos = match report.into_position() {
        Ok(pos) => pos,
        Err(e) => {
            let kinds: Vec<_> = e.problems().iter().map(|p| p.kind()).collect();
            if !kinds.iter().all(|k| k.is_ignorable()) {
                return;
            }
            match e.ignore(&kinds) {
                Ok(pos) => pos,
                Err(_) => return,
            }
        }
    };
    let mut legal_so_far = Report::of_setup(pos.setup().clone()).is_legal();
    let text = String::from_utf8_lossy(tail);
    for token in text.split_ascii_whitespace().take(12) {
        let moves = pos.legal_moves();
        assert_eq!(pos.perft(1), moves.len() as u64);
        assert_eq!(pos.count_legal_moves(), moves.len());
        for &m in moves.as_slice() {
            assert!(pos.is_legal(m));
            for notation in [
                Notation::San(Language::English),
                Notation::Figurine,
                Notation::Lan,
                Notation::Uci,
            ] {
                for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                    let written = pos.write_move(m, notation, mode).expect("writable");
                    assert_eq!(
                        pos.read_move(&written, Some(notation)).ok(),
                        Some(m),
                        "{written}"
                    );
                }
            }
        }
        let _ = pos.outcome();
        match pos.read_move(token, None) {
            Ok(m) => {
                assert!(moves.as_slice().contains(&m));
                pos = pos.play(m).expect("a move read is legal");
                let report = Report::of_setup(pos.setup().clone());
                if legal_so_far {
                    assert!(
                        report.is_legal(),
                        "{:?}: {:?}",
                        pos.setup(),
                        report.problems()
                    );
                }
                legal_so_far = report.is_legal();
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
