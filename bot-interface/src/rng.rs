//! [`GameRng`]: seeded random numbers for worlds and players, the same on every machine.

use serde::{Deserialize, Serialize};

/// The increment of `SplitMix64` (the golden ratio in 64-bit fixed point).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
/// 2⁻²⁴: turns a 24-bit integer into a fraction exactly representable as an `f32`.
const INV_2_POW_24: f32 = 1.0 / 16_777_216.0;

/// A small seeded generator with a fixed algorithm (`SplitMix64`, written out here), so that a
/// match is bit-identical on every machine, operating system and Rust version.
///
/// Why not another generator:
/// - `rand`'s `SmallRng` and `StdRng` do not promise a stable algorithm across versions or
///   platforms; a replay recorded today must replay tomorrow.
/// - Quake III's own `rand()` is the linear congruential generator `seed = 69069·seed + 1`
///   (mod 2³²) returning `seed & 0x7fff` (q3-game-rules.md §8). Returning the *low* 15 bits of
///   a power-of-two LCG is poor: bit k of the state repeats with period 2^(k+1), so the lowest
///   bit simply alternates and the whole 15-bit output repeats every 32768 draws. Matching its
///   exact sequence would also need the engine's seed and the exact order of every consumer.
///
/// `SplitMix64` passes the usual statistical batteries, has period 2⁶⁴, is one add and three
/// xor-shift-multiplies per draw, and a whole generator is one `u64` (cheap to copy, store in a
/// replay, or [`fork`](Self::fork) per player and per weapon).
///
/// Every draw consumes exactly one 64-bit step, so the number of draws a rule makes is part of
/// its documented behaviour.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameRng {
    /// The generator's whole state.
    state: u64,
}

impl GameRng {
    /// A generator seeded with `seed`. Different seeds give unrelated sequences.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The generator's whole state (what a state hash feeds on).
    #[must_use]
    pub fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix(self.state)
    }

    /// The next 32 random bits (the high half of one 64-bit step).
    pub fn next_u32(&mut self) -> u32 {
        // The high half of a u64 always fits a u32.
        u32::try_from(self.next_u64() >> 32).unwrap_or(u32::MAX)
    }

    /// Uniform in `[0, 1)`, in steps of 2⁻²⁴ (Quake III's `random()`, except that it never
    /// returns 1.0, which Quake III's can).
    pub fn random(&mut self) -> f32 {
        to_f32(self.next_u64() >> 40) * INV_2_POW_24
    }

    /// Uniform in `(-1, 1)` and symmetric about 0 (Quake III's `crandom()`): the odd multiples
    /// of 2⁻²⁴ in that interval.
    pub fn crandom(&mut self) -> f32 {
        let k = self.next_u64() >> 41; // 0 .. 2²³
        (to_f32(2 * k + 1) - 8_388_608.0) * INV_2_POW_24 * 2.0
    }

    /// Uniform in `0..n` without bias (Lemire's multiply-and-reject); 0 when `n` is 0.
    ///
    /// Usually one draw; a rejected draw (probability below n/2⁶⁴) takes another.
    pub fn below(&mut self, n: usize) -> usize {
        let Ok(n64) = u64::try_from(n) else {
            return 0;
        };
        if n64 == 0 {
            return 0;
        }
        let threshold = n64.wrapping_neg() % n64;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n64);
            // The low half of a u128 product, always < 2⁶⁴.
            let low = u64::try_from(product & u128::from(u64::MAX)).unwrap_or(0);
            if low >= threshold {
                // The high half is below n, which fits a usize.
                return usize::try_from(product >> 64).unwrap_or(0);
            }
        }
    }

    /// An independent generator for `stream` (a player index, a weapon number, a purpose tag),
    /// derived from this generator's current state without advancing it: forking the same
    /// stream twice gives the same child, whatever else has been forked.
    #[must_use]
    pub fn fork(&self, stream: u64) -> Self {
        Self {
            state: mix(self.state ^ mix(stream.wrapping_add(GOLDEN_GAMMA))),
        }
    }
}

/// [`GameRng`] as a `rand` generator, so that code written against `rand`'s traits (fuzzy
/// weights' undecided evaluation, goal choice) draws from the same seeded stream: each
/// `next_u32` / `next_u64` is one step of the generator, and bytes are filled from whole
/// steps, eight at a time.
impl rand::TryRng for GameRng {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// `SplitMix64`'s output function (Stafford's "Mix13" variant).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A value below 2²⁵ as an `f32` (exact).
#[expect(
    clippy::cast_precision_loss,
    reason = "callers pass values below 2^25, exactly representable in f32"
)]
fn to_f32(value: u64) -> f32 {
    value as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_sequence_is_fixed() {
        // SplitMix64's published first outputs for seed 0 (the reference implementation's).
        let mut rng = GameRng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn ranges_hold() {
        let mut rng = GameRng::new(7);
        for _ in 0..10_000 {
            let r = rng.random();
            assert!((0.0..1.0).contains(&r));
            let c = rng.crandom();
            assert!(c > -1.0 && c < 1.0);
            assert!(rng.below(5) < 5);
        }
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn crandom_is_symmetric_at_the_extremes() {
        // k = 0 and k = 2^23 - 1 give -1 + 2^-23 and 1 - 2^-23.
        let low = (1.0_f32 - 8_388_608.0) * INV_2_POW_24 * 2.0;
        let high = (to_f32(2 * ((1 << 23) - 1) + 1) - 8_388_608.0) * INV_2_POW_24 * 2.0;
        assert_eq!(low, -high);
        assert!(low > -1.0);
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = GameRng::new(42);
        let mut counts = [0_u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6)] += 1;
        }
        for count in counts {
            assert!((9_000..11_000).contains(&count), "{counts:?}");
        }
    }

    #[test]
    fn forks_are_stable_and_distinct() {
        let rng = GameRng::new(1);
        assert_eq!(rng.fork(3), rng.fork(3));
        assert_ne!(rng.fork(3), rng.fork(4));
        let mut a = rng.fork(3);
        let mut parent = rng.clone();
        assert_ne!(a.next_u64(), parent.next_u64());
    }
}
