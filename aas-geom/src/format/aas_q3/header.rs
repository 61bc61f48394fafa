//! The 124-byte `.aas` header: ident, version, BSP checksum, lump table, and the version-5
//! obfuscation of everything after the version.

use super::error::AasError;
use super::lump::{LUMP_COUNT, Lump};

/// Size of the header in bytes: ident, version, checksum and 14 `{offset, length}` pairs.
pub const HEADER_SIZE: usize = 12 + LUMP_COUNT * 8;

/// The four bytes every `.aas` file starts with.
pub const AAS_IDENT: [u8; 4] = *b"EAAS";

/// The current version (`AASVERSION`): its header is obfuscated.
pub const AAS_VERSION: i32 = 5;

/// The previous version (`AASVERSION_OLD`): same lumps, plain header.
pub const AAS_VERSION_OLD: i32 = 4;

/// Byte offset at which the obfuscated part of a version-5 header starts.
const OBFUSCATION_START: usize = 8;

/// One entry of the lump table: where a lump lies in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LumpEntry {
    /// Byte offset of the lump from the start of the file, as stored.
    pub offset: i32,
    /// Length of the lump in bytes, as stored.
    pub length: i32,
}

/// A decoded header (after undoing the version-5 obfuscation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AasHeader {
    /// 4 or 5.
    pub version: i32,
    /// XOR of the four little-endian words of the MD4 of the `.bsp` file.
    pub bsp_checksum: i32,
    /// The lump table, in [`Lump::ALL`] order.
    pub lumps: [LumpEntry; LUMP_COUNT],
}

/// XORs bytes 8..124 of a header with `(i * 119) & 0xFF`, `i` counting from 0 at byte 8.
///
/// This is the version-5 obfuscation; it is its own inverse. Only the bytes present are
/// touched, so a short slice never panics.
pub fn xor_header(header: &mut [u8]) {
    let tail = header.iter_mut().take(HEADER_SIZE).skip(OBFUSCATION_START);
    for (i, byte) in tail.enumerate() {
        // `i < 116`, so `i * 119` cannot overflow; the mask keeps the low byte.
        *byte ^= ((i * 119) & 0xFF) as u8;
    }
}

/// The little-endian `i32` at `at` (a constant offset inside the header).
fn le_i32(bytes: &[u8; HEADER_SIZE], at: usize) -> i32 {
    let mut word = [0u8; 4];
    for (k, w) in word.iter_mut().enumerate() {
        *w = bytes.get(at + k).copied().unwrap_or(0);
    }
    i32::from_le_bytes(word)
}

impl AasHeader {
    /// Byte offset, in the header, of the lump table entry of `lump`.
    #[must_use]
    pub const fn table_offset(lump: Lump) -> u64 {
        12 + 8 * lump.index() as u64
    }

    /// Decodes the header at the start of `bytes`: checks the ident and version and undoes
    /// the obfuscation of version 5. Lump bounds are not checked here.
    ///
    /// # Errors
    ///
    /// [`AasError::TruncatedHeader`] if `bytes` is shorter than [`HEADER_SIZE`],
    /// [`AasError::BadIdent`] if it does not start with `EAAS`,
    /// [`AasError::UnsupportedVersion`] if the version is neither 4 nor 5.
    pub fn parse(bytes: &[u8]) -> Result<Self, AasError> {
        let Some(raw) = bytes.first_chunk::<HEADER_SIZE>() else {
            return Err(AasError::TruncatedHeader { len: bytes.len() });
        };
        let mut header = *raw;
        let ident = [header[0], header[1], header[2], header[3]];
        if ident != AAS_IDENT {
            return Err(AasError::BadIdent { found: ident });
        }
        let version = le_i32(&header, 4);
        match version {
            AAS_VERSION => xor_header(&mut header),
            AAS_VERSION_OLD => {}
            _ => return Err(AasError::UnsupportedVersion { version }),
        }
        let mut lumps = [LumpEntry::default(); LUMP_COUNT];
        for (i, entry) in lumps.iter_mut().enumerate() {
            entry.offset = le_i32(&header, 12 + 8 * i);
            entry.length = le_i32(&header, 16 + 8 * i);
        }
        Ok(Self {
            version,
            bsp_checksum: le_i32(&header, 8),
            lumps,
        })
    }

    /// Encodes the header: plain for version 4, obfuscated for version 5 (any other version
    /// is written plain; the reader rejects it anyway).
    #[must_use]
    pub fn encode(&self) -> [u8; HEADER_SIZE] {
        let mut out = [0u8; HEADER_SIZE];
        let words = [self.version, self.bsp_checksum]
            .into_iter()
            .chain(self.lumps.iter().flat_map(|e| [e.offset, e.length]));
        let (ident, rest) = out.split_at_mut(4);
        ident.copy_from_slice(&AAS_IDENT);
        for (chunk, word) in rest.chunks_exact_mut(4).zip(words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        if self.version == AAS_VERSION {
            xor_header(&mut out);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(version: i32) -> AasHeader {
        let mut lumps = [LumpEntry::default(); LUMP_COUNT];
        for (i, e) in (0i32..).zip(lumps.iter_mut()) {
            e.offset = 124 + 10 * i;
            e.length = i * 3;
        }
        AasHeader {
            version,
            bsp_checksum: -1_364_440_490,
            lumps,
        }
    }

    #[test]
    fn xor_is_an_involution_and_uses_i_times_119() {
        let mut bytes = [0u8; HEADER_SIZE];
        xor_header(&mut bytes);
        assert_eq!(&bytes[..8], &[0; 8]);
        assert_eq!(bytes[8], 0);
        assert_eq!(bytes[9], 119);
        assert_eq!(bytes[10], ((2 * 119) & 0xFF) as u8);
        assert_eq!(bytes[123], ((115 * 119) & 0xFF) as u8);
        xor_header(&mut bytes);
        assert_eq!(bytes, [0u8; HEADER_SIZE]);
    }

    #[test]
    fn xor_on_short_slice_does_not_panic() {
        let mut short = [1u8; 10];
        xor_header(&mut short);
        assert_eq!(short[9], 1 ^ 119);
    }

    #[test]
    fn v5_header_is_obfuscated_and_round_trips() {
        let header = sample(5);
        let bytes = header.encode();
        assert_eq!(&bytes[..4], b"EAAS");
        assert_eq!(&bytes[4..8], &5i32.to_le_bytes());
        // The checksum is stored XOR-ed with 0, 119, 238, 101.
        let plain = header.bsp_checksum.to_le_bytes();
        assert_eq!(bytes[8], plain[0]);
        assert_eq!(bytes[9], plain[1] ^ 119);
        assert_eq!(bytes[10], plain[2] ^ 238);
        assert_eq!(bytes[11], plain[3] ^ 101);
        assert_eq!(AasHeader::parse(&bytes), Ok(header));
    }

    #[test]
    fn v4_header_is_plain_and_round_trips() {
        let header = sample(4);
        let bytes = header.encode();
        assert_eq!(&bytes[8..12], &header.bsp_checksum.to_le_bytes());
        assert_eq!(&bytes[12..16], &124i32.to_le_bytes());
        assert_eq!(AasHeader::parse(&bytes), Ok(header));
    }

    #[test]
    fn header_errors() {
        assert_eq!(
            AasHeader::parse(&[0; 123]),
            Err(AasError::TruncatedHeader { len: 123 })
        );
        let mut bytes = sample(5).encode();
        bytes[0] = b'I';
        assert_eq!(
            AasHeader::parse(&bytes),
            Err(AasError::BadIdent { found: *b"IAAS" })
        );
        let mut bytes = sample(5).encode();
        bytes[4] = 6;
        assert_eq!(
            AasHeader::parse(&bytes),
            Err(AasError::UnsupportedVersion { version: 6 })
        );
        assert_eq!(AasHeader::table_offset(Lump::Clusters), 116);
    }
}
