//! The benchmark corpus: game positions made by forsyth itself from a fixed
//! seed, so every run and every bench measures the same lines.
//!
//! Each position comes from random legal play (0 to 120 plies, uniformly)
//! from the standard start (one game in four) or a random Chess960 start;
//! then some castling rights are dropped (each right with chance 1/8), which
//! keeps the position legal. En-passant squares are those the play left
//! (written when a pawn of the side to move stands beside the pawn that
//! just made a double step, as X-FEN asks). Every position is legal, so
//! every line is converted and written: nothing is skipped.
//!
//! The lines are kept in two encodings: X-FEN (`KQkq` where it is
//! unambiguous) and Shredder-FEN (rook files).

#![allow(dead_code)]

pub mod rival;

use forsyth::fen::{CastlingNotation, EnPassantMode, WriteOptions};
use forsyth::{Bitboard, CastlingSide, Chess960Start, Color, File, Position, Role, Setup};

/// Positions in the full corpus.
pub const POSITIONS: usize = 200_000;

/// The seed of the full corpus.
pub const SEED: u64 = 0x0f0e_5e7e_c0de_2026;

// The tests' generator, so a bench and a test seeded alike see the same
// stream.
#[path = "../../tests/common/rng.rs"]
mod rng;
use rng::Rng;

/// The corpus: the setups and their lines in both encodings.
pub struct Corpus {
    pub setups: Vec<Setup>,
    pub xfen: Vec<String>,
    pub shredder: Vec<String>,
}

/// One game position: random legal play from a start, then dropped rights.
fn game_position(rng: &mut Rng) -> Setup {
    let start = if rng.below(4) == 0 {
        Setup::standard()
    } else {
        Chess960Start::new(rng.below(960) as u16)
            .expect("below 960")
            .to_setup()
    };
    let mut pos = Position::from_setup(start).expect("a start is legal");
    let plies = rng.below(121);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos = pos.play(m).expect("a listed move is legal");
    }
    let mut setup = pos.into_setup();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if rng.below(8) == 0 {
                setup.castling.discard(color, side);
            }
        }
    }
    setup
}

/// `n` positions from `seed`, with their lines.
pub fn make(n: usize, seed: u64) -> Corpus {
    let mut rng = Rng::new(seed);
    let setups: Vec<Setup> = (0..n).map(|_| game_position(&mut rng)).collect();
    let write = |notation| {
        let opts = WriteOptions {
            en_passant: EnPassantMode::Pseudo,
            ..WriteOptions::new(notation)
        };
        setups
            .iter()
            .map(|s| s.to_fen(&opts).expect("both encodings say every right"))
            .collect::<Vec<String>>()
    };
    Corpus {
        xfen: write(CastlingNotation::XFen),
        shredder: write(CastlingNotation::Shredder),
        setups,
    }
}

/// The full corpus (`POSITIONS` positions from `SEED`), or a small one of
/// 2,000 positions when `quick` (a smoke run under `cargo test --benches`).
pub fn standard(quick: bool) -> Corpus {
    make(if quick { 2_000 } else { POSITIONS }, SEED)
}

/// Whether this run measures (`cargo bench` passes `--bench`; `cargo test
/// --benches` does not, and then a bench only checks that it runs).
pub fn benchmarking() -> bool {
    std::env::args().any(|a| a == "--bench")
}

impl Corpus {
    /// The corpus's statistics, one line each.
    pub fn stats(&self) -> String {
        let n = self.setups.len() as f64;
        let bytes = |lines: &[String]| lines.iter().map(|l| l.len() + 1).sum::<usize>() as f64 / n;
        let pieces: usize = self.setups.iter().map(|s| s.board.occupied().count()).sum();
        let castling = self
            .setups
            .iter()
            .filter(|s| s.castling.count() > 0)
            .count();
        let ep = self
            .xfen
            .iter()
            .filter(|l| l.split(' ').nth(3) != Some("-"))
            .count();
        let doubled = self.setups.iter().filter(|s| has_doubled_pawns(s)).count();
        let pct = |k: usize| 100.0 * k as f64 / n;
        format!(
            "corpus: {} game positions (seed {SEED:#x}), all legal\n  \
             bytes per line {:.1} (X-FEN) / {:.1} (Shredder-FEN), pieces per line {:.1}\n  \
             with castling rights {:.1}%, with an en-passant square {:.1}%, with doubled pawns {:.1}%",
            self.setups.len(),
            bytes(&self.xfen),
            bytes(&self.shredder),
            pieces as f64 / n,
            pct(castling),
            pct(ep),
            pct(doubled),
        )
    }
}

/// Whether a side has two pawns on one file.
fn has_doubled_pawns(setup: &Setup) -> bool {
    Color::ALL.into_iter().any(|color| {
        let pawns = setup.board.by_piece(Role::Pawn.of(color));
        File::ALL
            .into_iter()
            .any(|file| (pawns & Bitboard::from_file(file)).more_than_one())
    })
}
