//! The native AAS file: an [`AasWorld`] serialised with serde (postcard), behind a versioned,
//! checksummed header. It can carry everything the world holds, with no Quake III limits.
//!
//! Layout (all integers little-endian):
//!
//! | Offset | Size | Field |
//! |---|---|---|
//! | 0 | 8 | magic `b"Q3BOTAAS"` |
//! | 8 | 4 | format version ([`NATIVE_VERSION`]) |
//! | 12 | 8 | payload length in bytes |
//! | 20 | 4 | CRC-32 (IEEE) of the payload |
//! | 24 | … | payload: the world in postcard encoding |

use thiserror::Error;

use super::model::AasWorld;
use super::validate::WorldError;

/// The first bytes of every native AAS file.
pub const NATIVE_MAGIC: [u8; 8] = *b"Q3BOTAAS";

/// The format version this crate writes and reads.
///
/// Version 2 stores the typed reachability travel ([`Travel`](crate::world::Travel)), its
/// [`ReachDetail`](crate::world::ReachDetail) and the
/// unsigned cluster numbers of the world model; version 1 files (signed integers there) are
/// refused with [`NativeError::UnsupportedVersion`] — convert the `.aas` they were made from
/// again.
pub const NATIVE_VERSION: u32 = 2;

const HEADER_SIZE: usize = 24;

/// Why bytes are not a native AAS file.
#[derive(Debug, Error)]
pub enum NativeError {
    /// Fewer bytes than the header or than the payload length says.
    #[error("native AAS file truncated: {found} bytes, expected {expected}")]
    Truncated {
        /// Bytes needed.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// The file does not start with [`NATIVE_MAGIC`].
    #[error("not a native AAS file (bad magic at byte offset 0)")]
    BadMagic,
    /// A version this crate does not read.
    #[error("native AAS version {0} is not supported (this crate reads version {NATIVE_VERSION})")]
    UnsupportedVersion(u32),
    /// The payload's checksum does not match the header.
    #[error(
        "native AAS checksum mismatch at byte offset 20: header says {stored:#010x}, payload has {computed:#010x}"
    )]
    Checksum {
        /// Checksum in the header.
        stored: u32,
        /// Checksum of the payload.
        computed: u32,
    },
    /// Bytes after the payload.
    #[error("native AAS file has {0} bytes after the payload")]
    TrailingBytes(u64),
    /// The payload does not decode as a world.
    #[error("native AAS payload (from byte offset 24) does not decode: {0}")]
    Decode(#[from] postcard::Error),
    /// The decoded world refers to records that do not exist.
    #[error("native AAS world is inconsistent: {0}")]
    Invalid(#[from] WorldError),
}

fn word<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0; N];
    if let Some(slice) = bytes.get(at..at + N) {
        out.copy_from_slice(slice);
    }
    out
}

impl AasWorld {
    /// The world as a native AAS file.
    ///
    /// # Errors
    /// Only if serialisation fails, which postcard does not do for this type in practice.
    ///
    /// # Complexity
    /// `O(size)`.
    pub fn to_native(&self) -> Result<Vec<u8>, NativeError> {
        let payload = postcard::to_stdvec(self)?;
        let mut out = Vec::with_capacity(HEADER_SIZE + payload.len());
        out.extend_from_slice(&NATIVE_MAGIC);
        out.extend_from_slice(&NATIVE_VERSION.to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        Ok(out)
    }

    /// Reads a native AAS file: checks magic, version, length and checksum, decodes the world
    /// and [validates](AasWorld::validate) it.
    ///
    /// # Errors
    /// [`NativeError`] naming what is wrong.
    ///
    /// # Complexity
    /// `O(size)`; allocation is bounded by the input (postcard never pre-allocates more than
    /// the bytes can hold).
    pub fn from_native(bytes: &[u8]) -> Result<Self, NativeError> {
        let found = bytes.len() as u64;
        if bytes.len() < HEADER_SIZE {
            return Err(NativeError::Truncated {
                expected: HEADER_SIZE as u64,
                found,
            });
        }
        if word::<8>(bytes, 0) != NATIVE_MAGIC {
            return Err(NativeError::BadMagic);
        }
        let version = u32::from_le_bytes(word(bytes, 8));
        if version != NATIVE_VERSION {
            return Err(NativeError::UnsupportedVersion(version));
        }
        let length = u64::from_le_bytes(word(bytes, 12));
        let expected = (HEADER_SIZE as u64).saturating_add(length);
        if found < expected {
            return Err(NativeError::Truncated { expected, found });
        }
        if found > expected {
            return Err(NativeError::TrailingBytes(found - expected));
        }
        let payload = &bytes[HEADER_SIZE..];
        let stored = u32::from_le_bytes(word(bytes, 20));
        let computed = crc32fast::hash(payload);
        if stored != computed {
            return Err(NativeError::Checksum { stored, computed });
        }
        let world: Self = postcard::from_bytes(payload)?;
        world.validate()?;
        Ok(world)
    }
}
