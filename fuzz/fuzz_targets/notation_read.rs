//! The first byte picks a notation (any of `Notation::all()`, the
//! descriptive ones included), the rest is text. Reading a move in any
//! notation never panics, and a move it reads is legal and written back to
//! text that reads to the same move; translating the text as movetext never
//! panics either; nor does reading it as a problem statement.
#![no_main]

use forsyth::notation::{Notation, Translator};
use forsyth::{Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, tail)) = data.split_first() else {
        return;
    };
    let notations: Vec<Notation> = Notation::all().collect();
    let notation = notations[usize::from(pick) % notations.len()];
    let text = String::from_utf8_lossy(tail);
    let pos = Position::standard();
    if let Ok(m) = notation.read(&pos, &text) {
        assert!(pos.is_legal(m));
        let written = notation.write(&pos, m);
        assert_eq!(notation.read(&pos, &written), Ok(m), "{written}");
    }
    let mut out = String::new();
    let _ = Translator::new(pos, notation, Notation::Lan).translate(&text, &mut out);
    let _ = Setup::from_statement(&text, notation.letters());
});
