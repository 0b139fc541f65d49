//! Throughput of parse, resolve, write and convert, in FENs per second, on a
//! corpus the benchmark makes itself: random Chess960 starts with random
//! pieces removed and castling rights varied, written in all three encodings.
//!
//! Run with `cargo bench --bench fen`. Each figure is the best of several
//! passes; the baseline (copying each line into the output buffer, the least
//! any converter does) runs in the same process, and figures are also given
//! as ratios to it.

mod support;

use std::time::Duration;

use forsyth::{
    convert_line, CastlingNotation, CastlingRights, Check, Chess960Start, Color, ConvertOptions,
    Fen, File, Rank, Report, Role, Setup, ShredderOrder, Square, Variant, WriteOptions,
};

/// The corpus generator: SplitMix64 as `specs/chess960.md` gives it. A
/// deliberate copy of the library's private generator, so that the corpus
/// (and so the figures) stays what it was when the generator was public.
struct SplitMix64(u64);

impl SplitMix64 {
    fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: u64) -> u64 {
        let rest = (u64::MAX % bound + 1) % bound;
        loop {
            let x = self.next_u64();
            if x <= u64::MAX - rest {
                return x % bound;
            }
        }
    }
}

const RECORDS: usize = 200_000;
const PASSES: usize = 7;

fn random_setup(rng: &mut SplitMix64) -> Setup {
    let start = Chess960Start::new(rng.below(960) as u16).expect("below 960");
    let mut board = start.to_setup().board;
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
    let mut rng = SplitMix64::new(0x5eed_f0e5);
    let encodings = [
        WriteOptions::new(CastlingNotation::XFen),
        WriteOptions::new(CastlingNotation::Shredder),
        WriteOptions {
            castling: CastlingNotation::Shredder,
            shredder_order: ShredderOrder::Wings,
            ..WriteOptions::default()
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

/// Best time of `PASSES` runs of `f`.
fn best(f: impl FnMut() -> usize) -> Duration {
    support::best(PASSES, f)
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
    let validate = best(|| {
        fens.iter()
            .filter(|f| Report::of_fen(f, None).is_legal())
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
    let convert_opts = ConvertOptions {
        check: Check::Syntax,
        ..ConvertOptions::new(CastlingNotation::Shredder)
    };
    let validated_opts = ConvertOptions::new(CastlingNotation::Shredder);
    let mut accepted = 0;
    let validated = best(|| {
        out.clear();
        accepted = 0;
        for l in &lines {
            if convert_line(l.as_bytes(), &validated_opts, &mut out).is_ok() {
                accepted += 1;
            }
            out.push('\n');
        }
        accepted
    });
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
        ("validate (Report::of_fen)", validate),
        ("write Shredder-FEN", write),
        ("convert, syntax only", convert),
        ("convert, validated", validated),
    ] {
        let rate = n / d.as_secs_f64();
        println!(
            "{name:<28} {rate:>14.0} {:>14.2}",
            baseline.as_secs_f64() / d.as_secs_f64()
        );
    }
    println!(
        "validated conversion accepted {accepted} of {} records (the rest are illegal: checks, \
         castling rights the generator left)",
        lines.len()
    );
    println!(
        "validation costs {:.2} x parsing on this corpus (target: below 1)",
        validate.as_secs_f64() / parse.as_secs_f64()
    );
    for (name, d) in [("syntax only", convert), ("validated", validated)] {
        println!(
            "convert target 1000000 FENs/s; {name}: {:.2} x target",
            n / d.as_secs_f64() / 1e6
        );
    }
}
