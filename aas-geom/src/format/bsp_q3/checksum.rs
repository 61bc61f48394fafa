//! [`bsp_checksum`]: the checksum a Quake III `.aas` file stores for the `.bsp` it was compiled
//! from.

use md4::{Digest, Md4};

/// The BSP checksum of a `.bsp` file: the XOR of the four little-endian 32-bit words of the MD4
/// digest of the whole file. Engines compare it with the `bspchecksum` of a `.aas` header to
/// reject navigation files built for another version of the map.
///
/// # Complexity
/// `O(file size)`.
#[must_use]
pub fn bsp_checksum(bsp_bytes: &[u8]) -> i32 {
    let digest = Md4::digest(bsp_bytes);
    digest
        .chunks_exact(4)
        .map(|word| i32::from_le_bytes([word[0], word[1], word[2], word[3]]))
        .fold(0, |acc, word| acc ^ word)
}

#[cfg(test)]
mod tests {
    use super::bsp_checksum;

    #[test]
    fn known_md4_vectors_fold_as_documented() {
        // MD4("") = 31d6cfe0 d16ae931 b73c59d7 e0c089c0 (RFC 1320).
        let words = [0xe0cf_d631_u32, 0x31e9_6ad1, 0xd759_3cb7, 0xc089_c0e0];
        let expected = words.iter().fold(0_u32, |acc, w| acc ^ w).cast_signed();
        assert_eq!(bsp_checksum(b""), expected);
        assert_ne!(bsp_checksum(b"a"), bsp_checksum(b"b"));
    }
}
