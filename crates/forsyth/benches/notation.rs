//! Throughput of the movetext translator, in plies per second: a long
//! movetext (random legal games from the standard start, written in SAN
//! with move numbers, 100,000 plies in all) translated from SAN to each of
//! German SAN, Russian SAN, figurine, LAN, UCI and English, Spanish and
//! French descriptive, and from German SAN and from each descriptive back
//! to SAN.
//!
//! Run with `cargo bench -p forsyth --bench notation`. Each figure is the
//! best of several passes. With `FORSYTH_BENCH_ONLY=TEXT` only the rows
//! whose name (`san -> descriptive-en`) contains `TEXT` are timed, and
//! `FORSYTH_BENCH_PASSES=N` sets the passes (1 for an instruction count).

#[path = "../tests/common/rng.rs"]
mod rng;
mod support;
use rng::Rng;

use forsyth::notation::{Descriptive, Language, Notation, Translator};
use forsyth::Position;

const PASSES: usize = 3;
const PLIES: usize = 100_000;

/// Random legal games (a fixed SplitMix64 stream picks each move), each
/// ended by `*` on its own line, until `PLIES` plies are written.
fn movetext(start: &Position) -> String {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let san = Notation::San(Language::English);
    let mut text = String::new();
    let mut plies = 0;
    while plies < PLIES {
        let mut pos = start.clone();
        for _ in 0..120 {
            let legal = pos.legal_moves();
            if legal.is_empty() || plies == PLIES {
                break;
            }
            let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
            if pos.turn() == forsyth::Color::White {
                text.push_str(&format!("{}. ", pos.setup().fullmoves));
            }
            text.push_str(&san.write(&pos, m));
            text.push(' ');
            pos = pos.play(m).expect("legal");
            plies += 1;
        }
        text.push_str("*\n");
    }
    text
}

fn main() {
    let start = Position::standard();
    let text = movetext(&start);
    let san = Notation::San(Language::English);
    let de = Notation::San(Language::German);
    let mut german = String::new();
    Translator::new(start.clone(), san, de)
        .translate(&text, &mut german)
        .expect("translates");
    let en = Notation::Descriptive(Descriptive::English);
    let es = Notation::Descriptive(Descriptive::Spanish);
    let fr = Notation::Descriptive(Descriptive::French);
    let written = |to| {
        let mut out = String::new();
        Translator::new(start.clone(), san, to)
            .translate(&text, &mut out)
            .expect("translates");
        out
    };
    let (descriptive, spanish, french) = (written(en), written(es), written(fr));
    let runs = [
        (san, de, &text),
        (san, Notation::San(Language::Russian), &text),
        (san, Notation::Figurine, &text),
        (san, Notation::Lan, &text),
        (san, Notation::Uci, &text),
        (de, san, &german),
        (san, en, &text),
        (en, san, &descriptive),
        (san, es, &text),
        (es, san, &spanish),
        (san, fr, &text),
        (fr, san, &french),
    ];
    println!("{PLIES} plies, {} bytes of SAN movetext", text.len());
    let only = std::env::var("FORSYTH_BENCH_ONLY").unwrap_or_default();
    let passes = std::env::var("FORSYTH_BENCH_PASSES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(PASSES);
    for (from, to, input) in runs {
        if !format!("{from} -> {to}").contains(only.as_str()) {
            continue;
        }
        let mut plies = 0;
        let time = support::best(passes, || {
            let mut t = Translator::new(start.clone(), from, to);
            let mut out = String::with_capacity(input.len() * 2);
            t.translate(input, &mut out).expect("translates");
            plies = t.plies();
            out.len()
        });
        println!(
            "{:>14} -> {:<14} {:>10.0} plies/s ({:.3} s)",
            from.to_string(),
            to.to_string(),
            plies as f64 / time.as_secs_f64(),
            time.as_secs_f64()
        );
    }
}
