//! Random starts, reproducible from a seed. The generator (SplitMix64, as
//! `specs/chess960.md` specifies it) is an implementation detail: the
//! contract is the sequence of starts for a seed.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::Chess960Start;

impl Chess960Start {
    /// The random starts for `seed`, in order, without end: the contract of
    /// `specs/chess960.md` (successive `below(960)` draws of SplitMix64
    /// seeded with `seed`). The same seed gives the same starts, in every
    /// version and on every machine; a longer run extends a shorter one.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// let starts: Vec<u16> = Chess960Start::random_sequence(1234567).take(5).map(|s| s.number()).collect();
    /// assert_eq!(starts, [837, 613, 183, 511, 461]);
    /// ```
    pub fn random_sequence(seed: u64) -> impl Iterator<Item = Chess960Start> + Clone {
        let mut rng = SplitMix64::new(seed);
        core::iter::from_fn(move || Some(Chess960Start::random_with(&mut rng)))
    }

    /// A fresh seed from the system clock (nanoseconds), the process id and
    /// a per-process counter, so two calls differ even within one clock
    /// tick. Print it to let a run be repeated with
    /// [`Chess960Start::random_sequence`].
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert_ne!(Chess960Start::random_seed(), Chess960Start::random_seed());
    /// ```
    pub fn random_seed() -> u64 {
        static CALLS: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let calls = CALLS.fetch_add(1, Ordering::Relaxed);
        let pid = u64::from(std::process::id());
        let mut mixer = SplitMix64::new(nanos ^ pid.rotate_left(32));
        mixer.next_u64() ^ calls.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// A start drawn from a fresh [seed](Chess960Start::random_seed): a
    /// different start on each run, not reproducible.
    ///
    /// ```
    /// use forsyth::Chess960Start;
    /// assert!(Chess960Start::random().number() < 960);
    /// ```
    pub fn random() -> Chess960Start {
        Chess960Start::random_with(&mut SplitMix64::new(Chess960Start::random_seed()))
    }

    /// The start drawn from `rng` by the contract: `rng.below(960)`.
    fn random_with(rng: &mut SplitMix64) -> Chess960Start {
        // `below` returns less than its bound, so the number is in range.
        Chess960Start(rng.below(u64::from(Chess960Start::COUNT)) as u16)
    }
}

/// SplitMix64, a small pseudo-random generator with 64 bits of state: fast,
/// well mixed, reproducible from a seed. Not for cryptography.
///
/// Each step adds `0x9E3779B97F4A7C15` to the state and returns the state
/// mixed by xor-shifts (30, 27, 31) and multiplications by
/// `0xBF58476D1CE4E5B9` and `0x94D049BB133111EB`; `specs/chess960.md` gives
/// the steps and published outputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first output follows from `seed`.
    pub(crate) const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub(crate) const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound`, `bound` above zero (a zero bound is
    /// treated as one and gives 0).
    ///
    /// Draws `x = next_u64()` until `x` is below the largest multiple of
    /// `bound` that fits in 64 bits, and returns `x % bound`: no bias, and
    /// for small bounds almost never a second draw.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        let bound = bound.max(1);
        // 2^64 mod bound, computed without 128-bit arithmetic.
        let rest = (u64::MAX % bound + 1) % bound;
        loop {
            let x = self.next_u64();
            // Accept x < 2^64 - rest, that is x <= u64::MAX - rest.
            if x <= u64::MAX - rest {
                return x % bound;
            }
        }
    }
}

/// The generator's tests (moved from `tests/chess960.rs` when the generator
/// became private; assertions unchanged).
#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = include_str!("../../../../../specs/chess960.md");

    /// The lines of the fenced block of `specs/chess960.md` tagged `tag`.
    /// Deliberately the same reader as `tests/chess960.rs`'s: a unit test
    /// cannot use an integration test's helpers.
    fn spec_block(tag: &str) -> Vec<&'static str> {
        let open = format!("```{tag}");
        let mut lines = SPEC.lines().skip_while(|l| l.trim() != open).skip(1);
        let mut out = Vec::new();
        for line in lines.by_ref() {
            if line.trim() == "```" {
                break;
            }
            out.push(line);
        }
        assert!(!out.is_empty(), "no block {tag}");
        out
    }

    // Read like `spec_random_starts` in `tests/chess960.rs` (same block
    // format, `seed => outputs`): alike on purpose, as a unit test cannot
    // share an integration test's code.
    #[test]
    fn spec_splitmix64_vectors() {
        for line in spec_block("chess960-splitmix64") {
            let (seed, outputs) = line.split_once(" => ").expect("=>");
            let mut rng = SplitMix64::new(seed.parse().expect("a seed"));
            for expected in outputs.split_whitespace() {
                assert_eq!(rng.next_u64(), expected.parse::<u64>().expect("a number"));
            }
        }
    }

    #[test]
    fn random_start_is_below_960_of_the_generator() {
        // The contract: one draw of next_u64, reduced mod 960 unless it lies in
        // the top 256 values (then another draw).
        let mut rng = SplitMix64::new(0xC0FFEE);
        for _ in 0..10_000 {
            let mut copy = rng.clone();
            let x = copy.next_u64();
            let s = Chess960Start::random_with(&mut rng);
            if x < u64::MAX - 255 {
                assert_eq!(u64::from(s.number()), x % 960);
                assert_eq!(rng, copy, "exactly one draw was used");
            }
        }
    }

    #[test]
    fn unseeded_generators_differ() {
        let a: Vec<u64> = {
            let mut r = SplitMix64::new(Chess960Start::random_seed());
            (0..4).map(|_| r.next_u64()).collect()
        };
        let b: Vec<u64> = {
            let mut r = SplitMix64::new(Chess960Start::random_seed());
            (0..4).map(|_| r.next_u64()).collect()
        };
        assert_ne!(a, b, "two clock seeds in one process differ (call counter)");
        assert!(Chess960Start::random().number() < 960);
    }

    #[test]
    fn below_edge_bounds() {
        let mut rng = SplitMix64::new(3);
        assert!((0..100).all(|_| rng.below(1) == 0));
        assert!((0..100).all(|_| rng.below(0) == 0));
        let big = (1u64 << 63) + 1;
        assert!((0..1000).all(|_| rng.below(big) < big));
        assert!((0..1000).all(|_| rng.below(u64::MAX) < u64::MAX));
    }

    /// `random_sequence` is the generator's draws, in order.
    #[test]
    fn sequence_is_successive_draws() {
        let mut rng = SplitMix64::new(99);
        let direct: Vec<Chess960Start> = (0..50)
            .map(|_| Chess960Start::random_with(&mut rng))
            .collect();
        let seq: Vec<Chess960Start> = Chess960Start::random_sequence(99).take(50).collect();
        assert_eq!(seq, direct);
    }
}
