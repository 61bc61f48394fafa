//! The IBSP header and lump directory, and panic-free little-endian field readers.

use crate::brush::BspLump;

use super::BspError;

/// The magic at the start of every IBSP file.
pub const IBSP_MAGIC: [u8; 4] = *b"IBSP";

/// The only IBSP version this reader accepts (Quake III Arena).
pub const IBSP_VERSION: i32 = 46;

/// Size in bytes of the header: magic, version and 17 `{fileofs, filelen}` entries.
pub const HEADER_SIZE: usize = 8 + 8 * BspLump::ALL.len();

/// Size in bytes of one record of `lump`; 1 for the byte-stream lumps (entities, visibility).
///
/// Lightmaps are 128 × 128 RGB texels (49 152 bytes); the light grid has 8 bytes per point.
#[must_use]
pub const fn record_size(lump: BspLump) -> usize {
    match lump {
        BspLump::Entities | BspLump::Visibility => 1,
        BspLump::Shaders | BspLump::Fogs => 72,
        BspLump::Planes => 16,
        BspLump::Nodes => 36,
        BspLump::Leafs => 48,
        BspLump::LeafSurfaces | BspLump::LeafBrushes | BspLump::DrawIndexes => 4,
        BspLump::Models => 40,
        BspLump::Brushes => 12,
        BspLump::BrushSides | BspLump::LightGrid => 8,
        BspLump::DrawVerts => 44,
        BspLump::Surfaces => 104,
        BspLump::Lightmaps => 128 * 128 * 3,
    }
}

/// Where one lump sits in the file, as validated from the directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LumpInfo {
    /// The lump.
    pub lump: BspLump,
    /// Absolute byte offset of the lump's first byte.
    pub offset: usize,
    /// Length of the lump in bytes.
    pub length: usize,
    /// Number of records (`length / record_size(lump)`; bytes for the byte-stream lumps).
    pub count: usize,
}

impl LumpInfo {
    /// Absolute byte offset of `field_offset` within record `record`.
    #[must_use]
    pub fn field_offset(&self, record: usize, field_offset: usize) -> usize {
        self.offset
            .saturating_add(record.saturating_mul(record_size(self.lump)))
            .saturating_add(field_offset)
    }
}

/// Reads and validates the header and the lump directory.
///
/// Every lump must lie inside the file and hold a whole number of records.
///
/// # Errors
/// [`BspError::TooShort`], [`BspError::BadMagic`], [`BspError::BadVersion`],
/// [`BspError::NegativeLump`], [`BspError::LumpOutOfBounds`] or [`BspError::MisalignedLump`].
pub(super) fn read_directory(bytes: &[u8]) -> Result<[LumpInfo; 17], BspError> {
    if bytes.len() < HEADER_SIZE {
        return Err(BspError::TooShort { len: bytes.len() });
    }
    let magic = [
        byte_at(bytes, 0),
        byte_at(bytes, 1),
        byte_at(bytes, 2),
        byte_at(bytes, 3),
    ];
    if magic != IBSP_MAGIC {
        return Err(BspError::BadMagic { found: magic });
    }
    let version = i32_at(bytes, 4);
    if version != IBSP_VERSION {
        return Err(BspError::BadVersion { found: version });
    }
    let mut infos = BspLump::ALL.map(|lump| LumpInfo {
        lump,
        offset: 0,
        length: 0,
        count: 0,
    });
    for (slot, info) in infos.iter_mut().enumerate() {
        let entry_offset = 8 + 8 * slot;
        let lump = info.lump;
        let offset = non_negative(lump, "fileofs", i32_at(bytes, entry_offset), entry_offset)?;
        let length = non_negative(
            lump,
            "filelen",
            i32_at(bytes, entry_offset + 4),
            entry_offset + 4,
        )?;
        let end = u64::from(offset) + u64::from(length);
        if end > bytes.len() as u64 {
            return Err(BspError::LumpOutOfBounds {
                lump,
                offset: u64::from(offset),
                end,
                file_len: bytes.len(),
            });
        }
        // Both fit in the file length, so they fit in usize.
        let (offset, length) = (offset as usize, length as usize);
        let size = record_size(lump);
        if length % size != 0 {
            return Err(BspError::MisalignedLump {
                lump,
                offset,
                length,
                record_size: size,
            });
        }
        *info = LumpInfo {
            lump,
            offset,
            length,
            count: length / size,
        };
    }
    Ok(infos)
}

/// A directory value as `u32`, or [`BspError::NegativeLump`].
fn non_negative(
    lump: BspLump,
    field: &'static str,
    value: i32,
    entry_offset: usize,
) -> Result<u32, BspError> {
    u32::try_from(value).map_err(|_| BspError::NegativeLump {
        lump,
        field,
        value,
        entry_offset,
    })
}

/// The bytes of a lump; empty if the directory entry were somehow out of range.
pub(super) fn lump_bytes<'a>(bytes: &'a [u8], info: &LumpInfo) -> &'a [u8] {
    info.offset
        .checked_add(info.length)
        .and_then(|end| bytes.get(info.offset..end))
        .unwrap_or_default()
}

/// The byte at `at`, or 0 past the end.
fn byte_at(bytes: &[u8], at: usize) -> u8 {
    bytes.get(at).copied().unwrap_or(0)
}

/// Four bytes at `at`, zero-filled past the end (callers only read inside checked records).
fn word_at(bytes: &[u8], at: usize) -> [u8; 4] {
    let mut word = [0; 4];
    if let Some(source) = at.checked_add(4).and_then(|end| bytes.get(at..end)) {
        word.copy_from_slice(source);
    }
    word
}

/// Little-endian `i32` at `at` (0 past the end).
pub(super) fn i32_at(bytes: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(word_at(bytes, at))
}

/// Little-endian `f32` at `at` (0.0 past the end).
pub(super) fn f32_at(bytes: &[u8], at: usize) -> f32 {
    f32::from_le_bytes(word_at(bytes, at))
}

/// Three little-endian `f32`s starting at `at`.
pub(super) fn vec3_at(bytes: &[u8], at: usize) -> [f32; 3] {
    [
        f32_at(bytes, at),
        f32_at(bytes, at + 4),
        f32_at(bytes, at + 8),
    ]
}
