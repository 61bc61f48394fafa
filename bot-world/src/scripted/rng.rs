//! The roamer's randomness: the world's [`GameRng`] (`SplitMix64`, the same on every machine),
//! and how a roamer's own seed and the match's are mixed.

use crate::rules::GameRng;

/// Mixes two seeds into one (the constructor's and the match's), so that equal match seeds
/// still give different roamers different numbers.
pub(super) fn mix_seeds(a: u64, b: u64) -> u64 {
    GameRng::new(a ^ b.rotate_left(32)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixing_depends_on_both_seeds() {
        assert_ne!(mix_seeds(1, 2), mix_seeds(2, 1));
        assert_ne!(mix_seeds(1, 2), mix_seeds(1, 3));
    }
}
