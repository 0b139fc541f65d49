//! Throughput of the streaming PGN reader, in tokens and megabytes per
//! second, on a collection the benchmark makes itself: games with the Seven
//! Tag Roster, SAN-like moves with move numbers, lichess-style clock
//! comments, NAGs and nested variations.
//!
//! Run with `cargo bench --bench pgn`. Each figure is the best of several
//! passes over the same bytes in memory. Three visitors: one that counts
//! every event, one that skips every game at its first tag (the cost of
//! finding game boundaries), and the owning `Collect` for reference.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use forsyth::pgn::{
    Collect, Comment, GameStart, MoveNumber, MoveToken, Nag, Reader, Skip, Span, Tag, Visitor,
};

const GAMES: usize = 20_000;
const PASSES: usize = 5;

/// A small generator of its own (the library's is not public API).
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

fn collection() -> Vec<u8> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let pieces = ["", "N", "B", "R", "Q", "K"];
    let mut out = String::new();
    for g in 0..GAMES {
        out.push_str(&format!(
            "[Event \"Bench {g}\"]\n[Site \"https://example.invalid/{g}\"]\n[Date \"2024.01.01\"]\n\
             [Round \"-\"]\n[White \"player{}\"]\n[Black \"player{}\"]\n[Result \"*\"]\n\n",
            rng.below(1000),
            rng.below(1000)
        ));
        let plies = 40 + rng.below(80) as usize;
        let mut line = 0;
        let mut depth = 0;
        for ply in 0..plies {
            let start = out.len();
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            let piece = pieces[rng.below(6) as usize];
            let file = (b'a' + rng.below(8) as u8) as char;
            let rank = 1 + rng.below(8);
            let capture = if rng.below(5) == 0 { "x" } else { "" };
            out.push_str(&format!("{piece}{capture}{file}{rank} "));
            match rng.below(20) {
                0 => out.push_str("$1 "),
                1 => out.push_str("!? "),
                2 | 3 => out.push_str(&format!(
                    "{{ [%clk 0:0{}:{:02}] }} ",
                    rng.below(10),
                    rng.below(60)
                )),
                4 if depth < 3 => {
                    out.push_str("( ");
                    depth += 1;
                }
                5 if depth > 0 => {
                    out.push_str(") ");
                    depth -= 1;
                }
                _ => {}
            }
            line += out.len() - start;
            if line > 72 {
                out.push('\n');
                line = 0;
            }
        }
        out.push_str(&")".repeat(depth));
        out.push_str(" *\n\n");
    }
    out.into_bytes()
}

/// Counts events; keeps nothing. One callback per event, alike on purpose
/// (the duplicates tool pairs them, and with the counting visitor of
/// `tests/pgn_syntax.rs`): a bench does not share a test's code.
#[derive(Default)]
struct Count {
    tokens: u64,
}

impl Visitor for Count {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_game(&mut self, _: GameStart) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), tag: Tag<'_>) -> ControlFlow<()> {
        self.tokens += 1;
        black_box(tag.value.raw());
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn move_number(&mut self, _: &mut (), _: MoveNumber) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn move_token(&mut self, _: &mut (), t: MoveToken<'_>) -> ControlFlow<()> {
        self.tokens += 1;
        black_box(t.text);
        ControlFlow::Continue(())
    }
    fn nag(&mut self, _: &mut (), _: Nag) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &mut (), c: Comment<'_>) -> ControlFlow<()> {
        self.tokens += 1;
        black_box(c.text);
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut (), _: Span) -> ControlFlow<(), Skip> {
        self.tokens += 1;
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self, _: &mut (), _: Span) -> ControlFlow<()> {
        self.tokens += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {
        self.tokens += 1;
    }
}

/// Skips every game at its first tag.
struct SkipAll;

impl Visitor for SkipAll {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_game(&mut self, _: GameStart) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), _: Tag<'_>) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

fn best(mut pass: impl FnMut() -> u64) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut n = 0;
    for _ in 0..PASSES {
        let t = Instant::now();
        n = pass();
        best = best.min(t.elapsed());
    }
    (best, n)
}

fn main() {
    let input = collection();
    let mb = input.len() as f64 / 1e6;
    println!("collection: {GAMES} games, {:.1} MB", mb);

    let (t, tokens) = best(|| {
        let mut v = Count::default();
        Reader::new(&input[..]).read_all(&mut v, |()| {}).unwrap();
        v.tokens
    });
    let s = t.as_secs_f64();
    println!(
        "count events : {:>7.1} ms  {:>6.1} M tokens/s  {:>6.1} MB/s  ({} tokens)",
        s * 1e3,
        tokens as f64 / s / 1e6,
        mb / s,
        tokens
    );

    let (t, games) = best(|| {
        let mut n = 0;
        Reader::new(&input[..])
            .read_all(&mut SkipAll, |()| n += 1)
            .unwrap();
        n
    });
    let s = t.as_secs_f64();
    println!(
        "skip games   : {:>7.1} ms  {:>6.1} k games/s  {:>6.1} MB/s",
        s * 1e3,
        games as f64 / s / 1e3,
        mb / s
    );

    let (t, games) = best(|| {
        let mut n = 0;
        Reader::new(&input[..])
            .read_all(&mut Collect::default(), |g| {
                black_box(&g);
                n += 1
            })
            .unwrap();
        n
    });
    let s = t.as_secs_f64();
    println!(
        "collect      : {:>7.1} ms  {:>6.1} k games/s  {:>6.1} MB/s",
        s * 1e3,
        games as f64 / s / 1e3,
        mb / s
    );
}
