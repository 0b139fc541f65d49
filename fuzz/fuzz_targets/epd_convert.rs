//! Any bytes as an EPD record: reading never panics and an error points
//! inside the input; a record read is written, and the text read back
//! gives the same operations and the same text. Converting the bytes as
//! a line of `forsyth convert` never panics either: an error points inside
//! the line and leaves the output as it was, and a converted line converts
//! again to itself, in X-FEN and in Shredder-FEN.
#![no_main]

use forsyth::convert::{convert_epd_line, ConvertOptions};
use forsyth::epd::{Epd, Op};
use forsyth::fen::CastlingNotation;
use libfuzzer_sys::fuzz_target;

fn ops(epd: &Epd) -> Vec<&Op> {
    epd.operations.iter().map(|o| &o.op).collect()
}

fuzz_target!(|data: &[u8]| {
    match Epd::from_ascii(data) {
        Ok(epd) => {
            let text = epd.to_string();
            let again = Epd::from_ascii(text.as_bytes()).expect("written EPD parses");
            assert_eq!(ops(&again), ops(&epd));
            assert_eq!(again.to_string(), text);
        }
        Err(e) => {
            assert!(e.offset <= data.len());
            let _ = e.to_string();
        }
    }
    for castling in [CastlingNotation::XFen, CastlingNotation::Shredder] {
        let opts = ConvertOptions::new(castling);
        let mut out = String::new();
        match convert_epd_line(data, &opts, &mut out) {
            Ok(_) => {
                let mut twice = String::new();
                convert_epd_line(out.as_bytes(), &opts, &mut twice)
                    .expect("a converted line converts");
                assert_eq!(twice, out);
            }
            Err(e) => {
                assert!(out.is_empty());
                assert!(e.offset() <= data.len());
                let _ = e.to_string();
            }
        }
    }
});
