//! Throughput of the streaming PGN reader, in tokens and megabytes per
//! second, on a collection the benchmark makes itself: games with the Seven
//! Tag Roster, SAN-like moves with move numbers, lichess-style clock
//! comments, NAGs and nested variations.
//!
//! Run with `cargo bench --bench pgn`. Each figure is the best of several
//! passes over the same bytes in memory. Three visitors: one that counts
//! every event, one that skips every game at its first tag (the cost of
//! finding game boundaries), and the owning `Collect` for reference.
//!
//! Then replaying and validating, against shakmaty's `pgn-reader` doing the
//! same work on the same bytes in the same run: a collection of random
//! legal games (fixed seed) shaped like a lichess export (tags, clock
//! comments, some comments, NAGs and variations, one game in ten Chess960
//! with its `FEN` tag), plus the PGN standard's example game. Both replay
//! every move of the main line and of the variations, one core each; both
//! must find every game legal. They take turns, pass by pass, and the
//! ratio is given for each pair (median and range) beside the one of the
//! best passes.
//!
//! `--replay-only` runs only the replay; `FORSYTH_BENCH_ONLY=TEXT` then
//! times only the replay rows whose name (`forsyth`, `reading`,
//! `pgn-reader`) holds `TEXT`, once each (for a profiler).
//! `FORSYTH_BENCH_PAIRS=N` takes N pairs of passes instead of 9; on Linux
//! the two replays' thread CPU time over all passes is given too, which a
//! busy machine disturbs less than the time on the clock.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use forsyth::fen::CastlingNotation;
use forsyth::pgn::Replay;
use forsyth::pgn::{
    Collect, Comment, GameStart, MoveNumber, MoveToken, Nag, Reader, Skip, Span, Tag, Visitor,
};
use forsyth::{Chess960Start, Color, Position, Setup};

const GAMES: usize = 20_000;
const PASSES: usize = 5;

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

fn collection() -> Vec<u8> {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
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
/// (and like the counting visitor of `tests/pgn_syntax.rs`): a bench does
/// not share a test's code.
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

/// Random legal games, written as lichess writes them.
fn legal_collection(games: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let standard = include_str!("../tests/data/pgn/standard-example.pgn");
    let mut out = String::new();
    for g in 0..games {
        if g % 100 == 50 {
            out.push_str(standard);
            out.push('\n');
            continue;
        }
        let chess960 = g % 10 == 3;
        let setup = if chess960 {
            Chess960Start::new(rng.below(960) as u16)
                .unwrap()
                .to_setup()
        } else {
            Setup::standard()
        };
        let mut pos = Position::from_setup(setup).unwrap();
        out.push_str(&format!(
            "[Event \"Rated Blitz game\"]\n[Site \"https://example.invalid/{g}\"]\n\
             [Date \"2024.01.01\"]\n[Round \"-\"]\n[White \"player{}\"]\n[Black \"player{}\"]\n\
             [Result \"*\"]\n[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n[TimeControl \"180+0\"]\n",
            rng.below(1000),
            rng.below(1000),
            1200 + rng.below(1200),
            1200 + rng.below(1200),
        ));
        if chess960 {
            let fen = pos.setup().to_fen(&CastlingNotation::XFen.into()).unwrap();
            out.push_str(&format!(
                "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n"
            ));
        }
        out.push('\n');
        let clocks = rng.below(2) == 0;
        let mut line = 0;
        for ply in 0..(20 + rng.below(100)) {
            let moves: Vec<_> = pos.legal_moves().into_iter().collect();
            if moves.is_empty() {
                break;
            }
            let start = out.len();
            let m = moves[rng.below(moves.len() as u64) as usize];
            if pos.turn() == Color::White {
                out.push_str(&format!("{}. ", pos.setup().fullmoves));
            } else if clocks || ply == 0 {
                out.push_str(&format!("{}... ", pos.setup().fullmoves));
            }
            out.push_str(&pos.san(m));
            out.push(' ');
            if clocks {
                out.push_str(&format!(
                    "{{ [%clk 0:0{}:{:02}] }} ",
                    rng.below(3),
                    rng.below(60)
                ));
            }
            match rng.below(40) {
                0 => out.push_str("$1 "),
                1 => out.push_str("{ a comment on the move } "),
                2 => {
                    // A variation of a few plies, sometimes with one inside.
                    let mut alt = pos.clone();
                    out.push('(');
                    for i in 0..(1 + rng.below(6)) {
                        let replies: Vec<_> = alt.legal_moves().into_iter().collect();
                        if replies.is_empty() {
                            break;
                        }
                        let r = replies[rng.below(replies.len() as u64) as usize];
                        if alt.turn() == Color::White || i == 0 {
                            let dots = if alt.turn() == Color::White {
                                "."
                            } else {
                                "..."
                            };
                            out.push_str(&format!("{}{dots} ", alt.setup().fullmoves));
                        }
                        out.push_str(&alt.san(r));
                        out.push(' ');
                        if i == 1 && rng.below(3) == 0 {
                            out.push_str(&format!("({} ) ", alt.san(replies[0])));
                        }
                        alt = alt.play(r).unwrap();
                    }
                    out.push_str(") ");
                }
                _ => {}
            }
            pos = pos.play(m).unwrap();
            line += out.len() - start;
            if line > 72 {
                out.push('\n');
                line = 0;
            }
        }
        out.push_str("*\n\n");
    }
    out.into_bytes()
}

/// shakmaty's `pgn-reader` replaying every move, main line and variations,
/// from the `FEN` tag when there is one (Chess960 castling for a Chess960
/// `Variant`): the work forsyth's `Replay` does. Output: whether the game
/// is legal.
struct ShakmatyReplay;

/// A line of play in the shakmaty replay: the position before its last
/// move and the position now.
type ShakLine = (shakmaty::Chess, shakmaty::Chess);

impl pgn_reader::Visitor for ShakmatyReplay {
    type Tags = (Option<shakmaty::fen::Fen>, bool);
    type Movetext = Vec<ShakLine>;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Self::Tags> {
        ControlFlow::Continue((None, false))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<bool> {
        match name {
            b"FEN" => match shakmaty::fen::Fen::from_ascii(value.as_bytes()) {
                Ok(fen) => tags.0 = Some(fen),
                Err(_) => return ControlFlow::Break(false),
            },
            b"Variant" => tags.1 = value.decode().eq_ignore_ascii_case(b"chess960"),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<bool, Self::Movetext> {
        let mode = match tags.1 {
            true => shakmaty::CastlingMode::Chess960,
            false => shakmaty::CastlingMode::Standard,
        };
        let pos: shakmaty::Chess = match tags.0 {
            Some(fen) => match fen.into_position(mode) {
                Ok(pos) => pos,
                Err(_) => return ControlFlow::Break(false),
            },
            None => shakmaty::Chess::default(),
        };
        ControlFlow::Continue(vec![(pos.clone(), pos)])
    }

    fn san(&mut self, lines: &mut Self::Movetext, san: pgn_reader::SanPlus) -> ControlFlow<bool> {
        use shakmaty::Position as _;
        let Some((before, now)) = lines.last_mut() else {
            return ControlFlow::Break(false);
        };
        match san.san.to_move(now) {
            Ok(m) => {
                *before = now.clone();
                now.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn begin_variation(
        &mut self,
        lines: &mut Self::Movetext,
    ) -> ControlFlow<bool, pgn_reader::Skip> {
        let Some((before, _)) = lines.last() else {
            return ControlFlow::Break(false);
        };
        let start = before.clone();
        lines.push((start.clone(), start));
        ControlFlow::Continue(pgn_reader::Skip(false))
    }

    fn end_variation(&mut self, lines: &mut Self::Movetext) -> ControlFlow<bool> {
        lines.pop();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: Self::Movetext) -> bool {
        true
    }
}

const REPLAY_GAMES: usize = 5_000;
/// Passes of each replay, taken in pairs (`FORSYTH_BENCH_PAIRS` sets
/// another number).
const REPLAY_PAIRS: usize = 9;

/// The CPU time this thread has had, where Linux says it
/// (`/proc/thread-self/schedstat`, counted at each scheduler tick, so a few
/// milliseconds off: only a sum over many passes is meaningful). A busy
/// machine takes the core away between passes and within them; CPU time
/// leaves those waits out.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Replaying and validating, forsyth against shakmaty's `pgn-reader`.
fn replay_against_pgn_reader() {
    let input = legal_collection(REPLAY_GAMES);
    let mb = input.len() as f64 / 1e6;
    println!("\nreplay: {REPLAY_GAMES} legal games (one in ten Chess960), {mb:.1} MB");
    let only = std::env::var("FORSYTH_BENCH_ONLY").ok();
    if let Some(only) = only {
        // One pass of each row asked for, nothing compared.
        if "forsyth".contains(only.as_str()) {
            let mut ok = 0;
            Reader::new(&input[..])
                .read_all(&mut Replay::final_only(), |g| ok += u64::from(g.is_ok()))
                .unwrap();
            assert_eq!(ok, REPLAY_GAMES as u64, "forsyth judges every game legal");
        }
        if "reading".contains(only.as_str()) {
            let mut v = Count::default();
            Reader::new(&input[..]).read_all(&mut v, |()| {}).unwrap();
            black_box(v.tokens);
        }
        if "pgn-reader".contains(only.as_str()) {
            let mut ok = 0;
            let mut reader = pgn_reader::Reader::new(&input[..]);
            while let Some(legal) = reader.read_game(&mut ShakmatyReplay).unwrap() {
                ok += u64::from(legal);
            }
            assert_eq!(
                ok, REPLAY_GAMES as u64,
                "pgn-reader judges every game legal"
            );
        }
        return;
    }
    let forsyth = || {
        let mut ok = 0;
        Reader::new(&input[..])
            .read_all(&mut Replay::final_only(), |g| ok += u64::from(g.is_ok()))
            .unwrap();
        ok
    };
    let shakmaty = || {
        let mut ok = 0;
        let mut reader = pgn_reader::Reader::new(&input[..]);
        while let Some(legal) = reader.read_game(&mut ShakmatyReplay).unwrap() {
            ok += u64::from(legal);
        }
        ok
    };
    // The two replays pass by pass, each pass of one next to one of the
    // other: on a busy machine a pair shares the load of its moment, so
    // the ratio of a pair holds better than rates timed apart.
    let pair_count = std::env::var("FORSYTH_BENCH_PAIRS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(REPLAY_PAIRS);
    let mut pairs = Vec::with_capacity(pair_count);
    // Each side's CPU time over all its passes, while it can be read.
    let mut cpu = Some((Duration::ZERO, Duration::ZERO));
    for _ in 0..pair_count {
        let c = thread_cpu();
        let t = Instant::now();
        let ok_forsyth = forsyth();
        let t_forsyth = t.elapsed();
        let c_mid = thread_cpu();
        let t = Instant::now();
        let ok_shakmaty = shakmaty();
        let t_shakmaty = t.elapsed();
        let c_end = thread_cpu();
        cpu = match (cpu, c, c_mid, c_end) {
            (Some((f, s)), Some(c), Some(c_mid), Some(c_end)) => {
                Some((f + (c_mid - c), s + (c_end - c_mid)))
            }
            _ => None,
        };
        assert_eq!(
            ok_forsyth, REPLAY_GAMES as u64,
            "forsyth judges every game legal"
        );
        assert_eq!(
            ok_shakmaty, REPLAY_GAMES as u64,
            "pgn-reader judges every game legal"
        );
        pairs.push((t_forsyth, t_shakmaty));
    }
    let (t_read, _) = best(|| {
        let mut v = Count::default();
        Reader::new(&input[..]).read_all(&mut v, |()| {}).unwrap();
        v.tokens
    });
    let t_forsyth = pairs.iter().map(|p| p.0).min().unwrap_or_default();
    let t_shakmaty = pairs.iter().map(|p| p.1).min().unwrap_or_default();
    let mut ratios: Vec<f64> = pairs
        .iter()
        .map(|(f, s)| s.as_secs_f64() / f.as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    let rate = |t: Duration| REPLAY_GAMES as f64 / t.as_secs_f64();
    println!(
        "forsyth Replay    : {:>7.1} ms  {:>7.0} games/s  {:>6.1} MB/s",
        t_forsyth.as_secs_f64() * 1e3,
        rate(t_forsyth),
        mb / t_forsyth.as_secs_f64()
    );
    println!(
        "  of which reading: {:>7.1} ms (forsyth's reader alone, counting events)",
        t_read.as_secs_f64() * 1e3
    );
    println!(
        "pgn-reader 0.29   : {:>7.1} ms  {:>7.0} games/s  {:>6.1} MB/s",
        t_shakmaty.as_secs_f64() * 1e3,
        rate(t_shakmaty),
        mb / t_shakmaty.as_secs_f64()
    );
    println!(
        "forsyth / pgn-reader: {:.2}x games per second (best passes); \
         pass by pass {:.2}x median, {:.2}x to {:.2}x",
        rate(t_forsyth) / rate(t_shakmaty),
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );
    if let Some((f, s)) = cpu {
        println!(
            "thread CPU time, all {pair_count} passes: forsyth {:.1} ms, pgn-reader {:.1} ms: \
             {:.2}x",
            f.as_secs_f64() * 1e3,
            s.as_secs_f64() * 1e3,
            s.as_secs_f64() / f.as_secs_f64()
        );
    }
}

fn main() {
    if std::env::args().any(|a| a == "--replay-only") {
        replay_against_pgn_reader();
        return;
    }
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
    replay_against_pgn_reader();
}
