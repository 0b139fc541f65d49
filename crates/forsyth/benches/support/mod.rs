//! What the benchmarks share.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Best time of `passes` runs of `f` (its result is kept from the
/// optimiser).
pub fn best(passes: usize, mut f: impl FnMut() -> usize) -> Duration {
    (0..passes)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}
