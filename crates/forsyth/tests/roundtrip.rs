//! Properties: every encoding that can express a setup reads back to it;
//! no input makes the parser panic.

use crate::common;

use forsyth::convert::{convert_line, ConvertOptions, Validation};
use forsyth::fen::{CastlingNotation, Fen, ShredderOrder, WriteOptions};
use forsyth::{Setup, Variant};
use proptest::prelude::*;

fn all_options() -> Vec<WriteOptions> {
    let mut v = Vec::new();
    for castling in [
        CastlingNotation::Standard,
        CastlingNotation::Shredder,
        CastlingNotation::XFen,
    ] {
        for shredder_order in [ShredderOrder::Files, ShredderOrder::Wings] {
            v.push(WriteOptions {
                castling,
                shredder_order,
                ..WriteOptions::default()
            });
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn written_setups_read_back(setup in common::arb_setup()) {
        let mut expressed = 0;
        for opts in all_options() {
            match setup.to_fen(&opts) {
                Ok(text) => {
                    expressed += 1;
                    let fen = Fen::from_ascii(text.as_bytes()).unwrap();
                    let back = Setup::from_fen(&fen, Some(setup.variant)).unwrap();
                    prop_assert_eq!(&back, &setup, "{:?}", opts);
                    // Auto picks the variant the setup fits best.
                    let auto = Setup::from_fen(&fen, None).unwrap();
                    prop_assert_eq!(auto.castling, setup.castling);
                }
                Err(e) => {
                    // Only standard FEN may refuse, and only when the setup is
                    // not a standard one.
                    prop_assert_eq!(opts.castling, CastlingNotation::Standard);
                    prop_assert_eq!(setup.natural_variant(), Variant::Chess960, "{}", e);
                }
            }
        }
        prop_assert!(expressed >= 4, "X-FEN and Shredder always succeed");
    }

    #[test]
    fn conversion_is_stable(setup in common::arb_setup()) {
        // Converting any written form to any encoding gives the same text as
        // writing the setup in that encoding directly.
        for from in all_options() {
            let Ok(text) = setup.to_fen(&from) else { continue };
            for to in all_options() {
                let mut out = String::new();
                // Syntax only: this property is about encodings, not legality.
                let opts = ConvertOptions { variant: Some(setup.variant), write: to, validation: Validation::Syntax };
                let direct = setup.to_fen(&to);
                let converted = convert_line(text.as_bytes(), &opts, &mut out);
                prop_assert_eq!(direct.is_ok(), converted.is_ok());
                if let Ok(direct) = direct {
                    prop_assert_eq!(out, direct);
                }
            }
        }
    }

    #[test]
    fn converted_placement_is_the_written_one(
        setup in common::arb_setup(),
        cuts in proptest::collection::vec(any::<u8>(), 64),
    ) {
        // The same board with runs of empty squares split over several
        // digits (`8` as `35`, `4` as `121`) converts to the record the
        // writer writes: the placement in its canonical form.
        let to = WriteOptions::new(CastlingNotation::XFen);
        let direct = setup.to_fen(&to).unwrap();
        let (placement, tail) = direct.split_once(' ').unwrap();
        let mut split = String::new();
        let mut cuts = cuts.iter();
        for c in placement.chars() {
            let Some(mut n) = c.to_digit(10) else {
                split.push(c);
                continue;
            };
            while n > 1 {
                let part = 1 + u32::from(*cuts.next().unwrap_or(&0)) % n;
                split.push(char::from_digit(part, 10).unwrap());
                n -= part;
            }
            if n == 1 {
                split.push('1');
            }
        }
        let opts = ConvertOptions {
            variant: Some(setup.variant),
            write: to,
            validation: Validation::Syntax,
        };
        let mut out = String::new();
        convert_line(format!("{split} {tail}").as_bytes(), &opts, &mut out).unwrap();
        prop_assert_eq!(out, direct);
    }

    #[test]
    fn parser_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        let _ = convert_line(&bytes, &ConvertOptions::default(), &mut String::new());
    }

    #[test]
    fn parser_never_panics_on_fen_like_text(
        text in "[1-9pnbrqkPNBRQK/]{0,40}[ \t]{1,2}[wbx-]{0,2}[ \t][KQkqA-Ha-h-]{0,6}[ \t][a-h1-8-]{0,3}( [0-9]{0,11}){0,3}"
    ) {
        let _ = convert_line(text.as_bytes(), &ConvertOptions::default(), &mut String::new());
    }

    #[test]
    fn errors_point_inside_the_line(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        if let Err(e) = Fen::from_ascii(&bytes) {
            prop_assert!(e.offset <= bytes.len());
        }
    }
}
