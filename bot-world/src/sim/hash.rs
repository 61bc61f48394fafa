//! [`StateHasher`]: the per-frame state hash, the same on every machine.

/// FNV-1a, 64 bits, over the little-endian bytes of what is fed to it: a fixed, documented
/// function (unlike `std`'s `DefaultHasher`, whose algorithm may change between Rust
/// versions), so a logged hash can be checked by any later build.
#[derive(Debug, Clone, Copy)]
pub struct StateHasher(u64);

impl Default for StateHasher {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl StateHasher {
    /// Feeds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// Feeds a `u32`.
    pub fn u32(&mut self, value: u32) {
        self.bytes(&value.to_le_bytes());
    }

    /// Feeds an `i32`.
    pub fn i32(&mut self, value: i32) {
        self.bytes(&value.to_le_bytes());
    }

    /// Feeds a `u64`.
    pub fn u64(&mut self, value: u64) {
        self.bytes(&value.to_le_bytes());
    }

    /// Feeds an `f32` by its bits (so `-0.0` and `0.0` differ, as they may behave apart).
    pub fn f32(&mut self, value: f32) {
        self.u32(value.to_bits());
    }

    /// Feeds a vector.
    pub fn vec3(&mut self, value: glam::Vec3) {
        self.f32(value.x);
        self.f32(value.y);
        self.f32(value.z);
    }

    /// Feeds a flag.
    pub fn bool(&mut self, value: bool) {
        self.bytes(&[u8::from(value)]);
    }

    /// The hash so far.
    #[must_use]
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::StateHasher;

    #[test]
    fn known_vectors() {
        // FNV-1a 64 of "" and "a" (the published test vectors).
        assert_eq!(StateHasher::default().finish(), 0xcbf2_9ce4_8422_2325);
        let mut hasher = StateHasher::default();
        hasher.bytes(b"a");
        assert_eq!(hasher.finish(), 0xaf63_dc4c_8601_ec8c);
    }
}
