//! Throughput of parse, resolve, write and convert, in FENs per second, on a
//! corpus the benchmark makes itself: random Chess960 starts with random
//! pieces removed and castling rights varied, written in all three encodings.
//!
//! Run with `cargo bench --bench fen`. Each figure is the best of several
//! passes; the baseline (copying each line into the output buffer, the least
//! any converter does) runs in the same process, and figures are also given
//! as ratios to it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use forsyth::{
    convert_line, Board, CastlingNotation, CastlingRights, Color, ConvertOptions, Fen, File, Rank,
    Role, Setup, ShredderOrder, Square, Variant, WriteOptions,
};

const RECORDS: usize = 200_000;
const PASSES: usize = 7;

/// splitmix64: a small seeded generator, so the corpus is the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random Chess960 back rank: bishops on opposite colours, queen and
/// knights on free squares, then rook, king, rook in the three left.
fn back_rank(rng: &mut Rng) -> [Role; 8] {
    let mut rank: [Option<Role>; 8] = [None; 8];
    rank[2 * rng.below(4) as usize + 1] = Some(Role::Bishop);
    rank[2 * rng.below(4) as usize] = Some(Role::Bishop);
    for (role, choices) in [(Role::Queen, 6), (Role::Knight, 5), (Role::Knight, 4)] {
        let free: Vec<usize> = (0..8).filter(|&i| rank[i].is_none()).collect();
        rank[free[rng.below(choices) as usize]] = Some(role);
    }
    let free: Vec<usize> = (0..8).filter(|&i| rank[i].is_none()).collect();
    rank[free[0]] = Some(Role::Rook);
    rank[free[1]] = Some(Role::King);
    rank[free[2]] = Some(Role::Rook);
    rank.map(|r| r.unwrap_or(Role::Pawn))
}

fn random_setup(rng: &mut Rng) -> Setup {
    let mut board = Board::from_back_rank(&back_rank(rng));
    for sq in board.occupied() {
        if board.role_at(sq) != Some(Role::King) && rng.below(3) == 0 {
            board.discard_piece_at(sq);
        }
    }
    let mut castling = CastlingRights::none();
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            continue;
        };
        for file in File::ALL {
            let sq = Square::from_coords(file, Rank::back_rank(color));
            if board.piece_at(sq) == Some(Role::Rook.of(color)) && rng.below(4) != 0 {
                let _ = castling.add(color, king.file(), file);
            }
        }
    }
    let mut setup = Setup {
        board,
        turn: if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        },
        castling,
        ep_square: None,
        halfmoves: rng.below(60) as u32,
        fullmoves: 1 + rng.below(120) as u32,
        variant: Variant::Chess960,
    };
    setup.variant = setup.natural_variant();
    setup
}

fn corpus() -> Vec<String> {
    let mut rng = Rng(0x5eed_f0e5);
    let encodings = [
        WriteOptions::new(CastlingNotation::XFen),
        WriteOptions::new(CastlingNotation::Shredder),
        WriteOptions {
            castling: CastlingNotation::Shredder,
            shredder_order: ShredderOrder::Wings,
        },
    ];
    (0..RECORDS)
        .map(|i| {
            let setup = random_setup(&mut rng);
            setup
                .to_fen(&encodings[i % encodings.len()])
                .expect("X-FEN and Shredder-FEN say every setup")
        })
        .collect()
}

/// Best time of `PASSES` runs of `f` over the corpus.
fn best(mut f: impl FnMut() -> usize) -> Duration {
    (0..PASSES)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let lines = corpus();
    let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    let fens: Vec<Fen> = lines.iter().map(|l| l.parse().unwrap()).collect();
    let setups: Vec<Setup> = fens
        .iter()
        .map(|f| Setup::from_fen(f, None).unwrap())
        .collect();
    let mut out = String::with_capacity(bytes * 2);

    let baseline = best(|| {
        out.clear();
        for l in &lines {
            out.push_str(l);
            out.push('\n');
        }
        out.len()
    });
    let parse = best(|| {
        lines
            .iter()
            .filter(|l| Fen::from_ascii(l.as_bytes()).is_ok())
            .count()
    });
    let resolve = best(|| {
        fens.iter()
            .filter(|f| Setup::from_fen(f, None).is_ok())
            .count()
    });
    let write_opts = WriteOptions::new(CastlingNotation::Shredder);
    let write = best(|| {
        out.clear();
        for s in &setups {
            let _ = forsyth::write_fen(s, &write_opts, &mut out);
            out.push('\n');
        }
        out.len()
    });
    let convert_opts = ConvertOptions::new(CastlingNotation::Shredder);
    let convert = best(|| {
        out.clear();
        let mut ok = 0;
        for l in &lines {
            if convert_line(l.as_bytes(), &convert_opts, &mut out).is_ok() {
                ok += 1;
            }
            out.push('\n');
        }
        assert_eq!(ok, lines.len());
        ok
    });

    let n = lines.len() as f64;
    println!(
        "corpus: {} records, {:.1} bytes each, generated (seed 0x5eedf0e5)",
        lines.len(),
        bytes as f64 / n
    );
    println!(
        "{:<28} {:>14} {:>14}",
        "one core, best of 7", "FENs/s", "x baseline"
    );
    for (name, d) in [
        ("baseline: copy line", baseline),
        ("parse (grammar)", parse),
        ("resolve castling", resolve),
        ("write Shredder-FEN", write),
        ("convert (parse+resolve+write)", convert),
    ] {
        let rate = n / d.as_secs_f64();
        println!(
            "{name:<28} {rate:>14.0} {:>14.2}",
            baseline.as_secs_f64() / d.as_secs_f64()
        );
    }
    let rate = n / convert.as_secs_f64();
    println!(
        "convert target: 1000000 FENs/s; measured {:.2} x target",
        rate / 1e6
    );
}
