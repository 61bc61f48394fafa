//! Encoding a `.aas` file in bspc's canonical layout.

use std::io::{self, Write};

use super::file::AasFile;
use super::header::{AasHeader, HEADER_SIZE, LumpEntry};
use super::lump::{LUMP_COUNT, Lump};
use super::records::encode_all;

impl AasFile {
    /// The header [`AasFile::to_bytes`] writes: the lumps one after another in lump order,
    /// starting right after the 124-byte header (bspc's layout). `None` if the file would
    /// exceed what 32-bit offsets can address (2 GiB).
    #[must_use]
    pub fn canonical_header(&self) -> Option<AasHeader> {
        let mut lumps = [LumpEntry::default(); LUMP_COUNT];
        let mut offset = HEADER_SIZE;
        for (lump, entry) in Lump::ALL.into_iter().zip(lumps.iter_mut()) {
            let length = self.record_count(lump).checked_mul(lump.record_size())?;
            *entry = LumpEntry {
                offset: i32::try_from(offset).ok()?,
                length: i32::try_from(length).ok()?,
            };
            offset = offset.checked_add(length)?;
        }
        i32::try_from(offset).ok()?;
        Some(AasHeader {
            version: self.version,
            bsp_checksum: self.bsp_checksum,
            lumps,
        })
    }

    /// Encodes the file: the header (obfuscated for version 5, plain otherwise), then the
    /// 14 lumps one after another in lump order from byte 124.
    ///
    /// This is the layout bspc writes, so a file read from bspc output is rewritten byte for
    /// byte. A file whose lumps were laid out differently (another order, gaps, overlaps,
    /// trailing bytes) is rewritten in this canonical layout with the same records.
    /// O(file size).
    ///
    /// # Panics
    ///
    /// If the encoded file would exceed 2 GiB (32-bit offsets cannot address it). A file read
    /// by [`AasFile::from_bytes`] never does; [`AasFile::write_to`] returns an error instead.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode_into(&mut out)
            .expect("a .aas file cannot exceed 2 GiB");
        out
    }

    /// Writes [`AasFile::to_bytes`] to `writer`.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] if the file would exceed 2 GiB, or any error of
    /// `writer`.
    pub fn write_to<W: Write>(&self, mut writer: W) -> io::Result<()> {
        let mut out = Vec::new();
        self.encode_into(&mut out).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                "a .aas file cannot exceed 2 GiB",
            )
        })?;
        writer.write_all(&out)
    }

    /// Appends the encoded file to `out`; `None` (and nothing appended) if it is too large.
    fn encode_into(&self, out: &mut Vec<u8>) -> Option<()> {
        let header = self.canonical_header()?;
        let total = header
            .lumps
            .iter()
            .fold(HEADER_SIZE, |sum, e| sum + e.length.unsigned_abs() as usize);
        out.reserve(total);
        out.extend_from_slice(&header.encode());
        encode_all(&self.bboxes, out);
        encode_all(&self.vertexes, out);
        encode_all(&self.planes, out);
        encode_all(&self.edges, out);
        encode_all(&self.edge_index, out);
        encode_all(&self.faces, out);
        encode_all(&self.face_index, out);
        encode_all(&self.areas, out);
        encode_all(&self.area_settings, out);
        encode_all(&self.reachabilities, out);
        encode_all(&self.nodes, out);
        encode_all(&self.portals, out);
        encode_all(&self.portal_index, out);
        encode_all(&self.clusters, out);
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::aas_q3::{AasArea, AasAreaSettings, AasError};

    fn small(version: i32) -> AasFile {
        AasFile {
            version,
            bsp_checksum: 42,
            areas: vec![AasArea::default(); 2],
            area_settings: vec![AasAreaSettings::default(); 2],
            ..AasFile::default()
        }
    }

    #[test]
    fn canonical_layout() {
        let file = small(5);
        let header = file.canonical_header().expect("small file");
        assert_eq!(
            header.lumps[0],
            LumpEntry {
                offset: 124,
                length: 0
            }
        );
        assert_eq!(
            header.lumps[Lump::Areas.index()],
            LumpEntry {
                offset: 124,
                length: 96
            }
        );
        assert_eq!(
            header.lumps[Lump::AreaSettings.index()],
            LumpEntry {
                offset: 220,
                length: 56
            }
        );
        assert_eq!(
            header.lumps[Lump::Clusters.index()],
            LumpEntry {
                offset: 276,
                length: 0
            }
        );
        let bytes = file.to_bytes();
        assert_eq!(bytes.len(), 276);
        let mut written = Vec::new();
        file.write_to(&mut written).expect("in-memory write");
        assert_eq!(written, bytes);
    }

    #[test]
    fn v4_and_v5_round_trip_and_differ_only_in_header() {
        let v4 = small(4).to_bytes();
        let v5 = small(5).to_bytes();
        assert_eq!(v4[124..], v5[124..]);
        assert_ne!(v4[8..124], v5[8..124]);
        assert_eq!(AasFile::from_bytes(&v4), Ok(small(4)));
        assert_eq!(AasFile::from_bytes(&v5), Ok(small(5)));
    }

    #[test]
    fn other_layouts_are_read_and_rewritten_canonically() {
        // Move the AREAS lump after the AREASETTINGS lump and add trailing bytes.
        let file = small(4);
        let canonical = file.to_bytes();
        let areas = &canonical[124..220];
        let settings = &canonical[220..276];
        let mut moved = canonical[..124].to_vec();
        moved.extend_from_slice(settings);
        moved.extend_from_slice(areas);
        moved.extend_from_slice(b"trailing");
        let mut header = AasHeader::parse(&canonical).expect("valid header");
        header.lumps[Lump::AreaSettings.index()].offset = 124;
        header.lumps[Lump::Areas.index()].offset = 180;
        moved[..124].copy_from_slice(&header.encode());
        let read = AasFile::from_bytes(&moved).expect("moved lumps are fine");
        assert_eq!(read, file);
        assert_eq!(read.to_bytes(), canonical);
    }

    #[test]
    fn unsupported_version_is_written_but_not_read() {
        let bytes = small(7).to_bytes();
        assert_eq!(
            AasFile::from_bytes(&bytes),
            Err(AasError::UnsupportedVersion { version: 7 })
        );
    }
}
