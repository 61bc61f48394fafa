//! [`SplitMix64`]: the roamer's private seeded generator.
//!
//! `SplitMix64` (Steele, Lea and Flood, 2014): a 64-bit counter advanced by the odd constant
//! `0x9E37_79B9_7F4A_7C15` (2⁶⁴ divided by the golden ratio) and put through two
//! multiply-xorshift rounds. Eight bytes of state, the same numbers on every platform, and
//! good enough for picking goals and sidestep directions. A stand-in until the world's seeded
//! `GameRng` (`bot_world::rules`) replaces it.

/// The step added to the state per number.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// A seeded `SplitMix64` generator (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed` (any value, zero included).
    pub(super) fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub(super) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0), by multiply-shift: the bias is below
    /// `bound / 2⁶⁴`, nothing for the few hundred choices a roamer makes.
    pub(super) fn below(&mut self, bound: usize) -> usize {
        let wide = u128::from(self.next_u64()) * bound as u128;
        usize::try_from(wide >> 64).unwrap_or(0)
    }

    /// A number in `[0, 1)` with 24 random bits.
    pub(super) fn unit(&mut self) -> f32 {
        let bits = u32::try_from(self.next_u64() >> 40).unwrap_or(0);
        // 24 bits convert to `f32` exactly.
        f32::from(u16::try_from(bits >> 8).unwrap_or(0)) / 65_536.0
            + f32::from(u8::try_from(bits & 0xFF).unwrap_or(0)) / 16_777_216.0
    }

    /// A number in `[-1, 1)`.
    pub(super) fn signed(&mut self) -> f32 {
        self.unit() * 2.0 - 1.0
    }

    /// A fair coin.
    pub(super) fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }
}

/// Mixes two seeds into one (the constructor's and the match's), so that equal match seeds
/// still give different roamers different numbers.
pub(super) fn mix_seeds(a: u64, b: u64) -> u64 {
    SplitMix64::new(a ^ b.rotate_left(32)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_numbers_of_seed_zero_are_the_published_ones() {
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn ranges_are_kept() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..1000 {
            assert!(rng.below(5) < 5);
            let unit = rng.unit();
            assert!((0.0..1.0).contains(&unit), "{unit}");
            let signed = rng.signed();
            assert!((-1.0..1.0).contains(&signed), "{signed}");
        }
        assert_eq!(rng.below(0), 0);
        assert_ne!(mix_seeds(1, 2), mix_seeds(2, 1));
    }
}
