//! The one pseudo-random generator of the tests and benches: SplitMix64,
//! as `specs/chess960.md` gives it. Cases are reproducible from a seed, and
//! the generator is written here, apart from the library's, so a test never
//! draws its cases from the code it checks.

/// SplitMix64 over 64 bits of state.
#[derive(Clone, Debug)]
pub struct Rng(u64);

#[allow(dead_code)]
impl Rng {
    /// A generator whose first output follows from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` above zero). The slight modulo bias
    /// does not matter for making cases, and keeps the streams of existing
    /// seeds as they were.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True `num` times in `den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// One of `items`, which must not be empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}
