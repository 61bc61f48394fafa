//! A small, fast hasher for short keys.

use std::hash::Hasher;

/// FNV-1a, for small keys (macro names, float bits): `SipHash` dominated the look-ups. Hash flooding is
/// not a concern: a file can only define as many macros as it has lines.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
