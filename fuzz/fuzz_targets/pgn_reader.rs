//! Any bytes: the PGN reader never panics, always ends, numbers its games
//! from 1, and accounts for every byte: each one is white space (or the
//! byte order mark at the start), or inside exactly one event or error.
//! The first byte chooses the buffer size, so tokens longer than the
//! buffer are exercised too.
#![no_main]

use forsyth::pgn::{Collect, Event, Reader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (capacity, input) = match data.split_first() {
        Some((&b, rest)) if b < 64 => (usize::from(b) + 1, rest),
        _ => (1 << 16, data),
    };
    let mut collect = Collect::default();
    let mut reader = Reader::with_capacity(capacity, input);
    let mut spans = Vec::new();
    let mut games = 0;
    while let Some(game) = reader.read_game(&mut collect).expect("a slice never fails") {
        games += 1;
        assert_eq!(game.start.number, games);
        assert!(games as usize <= input.len());
        spans.extend(game.tag_spans.iter().copied());
        spans.extend(game.events.iter().map(Event::span));
        spans.extend(game.errors.iter().map(|e| {
            let _ = e.to_string();
            e.span
        }));
    }
    // Every byte accounted for: the same check as the property in
    // `crates/forsyth/tests/pgn_props.rs`, alike on purpose: the fuzz
    // workspace cannot use the test crate's code.
    spans.extend(collect.outside.iter().map(|e| e.span));
    spans.extend(collect.escape_spans.iter().copied());
    spans.retain(|s| s.len > 0);
    spans.sort_by_key(|s| s.offset);
    let mut covered = vec![false; input.len()];
    let mut end = 0;
    for s in &spans {
        assert!(s.offset >= end, "overlapping spans");
        assert!(s.end() <= input.len() as u64);
        end = s.end();
        covered[s.offset as usize..s.end() as usize].fill(true);
    }
    let bom = input.starts_with(b"\xef\xbb\xbf");
    for (i, (&b, &c)) in input.iter().zip(&covered).enumerate() {
        let space = matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
        assert!(c || space || (bom && i < 3), "byte {i} unaccounted");
    }
});
