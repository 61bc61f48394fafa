//! Decoding a `.aas` file from bytes: header, lump bounds, records, then validation.

use super::error::AasError;
use super::file::AasFile;
use super::header::AasHeader;
use super::lump::{LUMP_COUNT, Lump};
use super::records::decode_all;

impl AasFile {
    /// Reads a `.aas` file (version 4 or 5) and validates every cross-reference.
    ///
    /// Lumps may lie anywhere in the input (in any order, even overlapping the header or each
    /// other); bytes outside every lump are ignored. Allocation is bounded by the input: each
    /// lump's record count is its bounds-checked length divided by its record size. Runs in
    /// O(input length); no per-record allocation.
    ///
    /// # Errors
    ///
    /// - [`AasError::TruncatedHeader`], [`AasError::BadIdent`],
    ///   [`AasError::UnsupportedVersion`] for a bad header;
    /// - [`AasError::LumpOutOfBounds`] if a lump's offset or length is negative or its end lies
    ///   past the input; [`AasError::LumpLength`] if its length is not a whole number of
    ///   records (lumps are checked in lump order);
    /// - any error of [`AasFile::validate`], with the byte offset of the offending field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, AasError> {
        let header = AasHeader::parse(bytes)?;
        let mut spans: [&[u8]; LUMP_COUNT] = [&[]; LUMP_COUNT];
        let mut offsets = [0u64; LUMP_COUNT];
        for (lump, entry) in Lump::ALL.into_iter().zip(header.lumps) {
            let out_of_bounds = || AasError::LumpOutOfBounds {
                lump,
                table_offset: AasHeader::table_offset(lump),
                offset: entry.offset,
                length: entry.length,
                file_len: bytes.len(),
            };
            let start = usize::try_from(entry.offset).map_err(|_| out_of_bounds())?;
            let length = usize::try_from(entry.length).map_err(|_| out_of_bounds())?;
            let span = start
                .checked_add(length)
                .and_then(|end| bytes.get(start..end))
                .ok_or_else(out_of_bounds)?;
            if length % lump.record_size() != 0 {
                return Err(AasError::LumpLength {
                    lump,
                    offset: start as u64,
                    length,
                    record_size: lump.record_size(),
                });
            }
            spans[lump.index()] = span;
            offsets[lump.index()] = start as u64;
        }
        let lump = |l: Lump| spans[l.index()];
        let file = AasFile {
            version: header.version,
            bsp_checksum: header.bsp_checksum,
            bboxes: decode_all(lump(Lump::BBoxes)),
            vertexes: decode_all(lump(Lump::Vertexes)),
            planes: decode_all(lump(Lump::Planes)),
            edges: decode_all(lump(Lump::Edges)),
            edge_index: decode_all(lump(Lump::EdgeIndex)),
            faces: decode_all(lump(Lump::Faces)),
            face_index: decode_all(lump(Lump::FaceIndex)),
            areas: decode_all(lump(Lump::Areas)),
            area_settings: decode_all(lump(Lump::AreaSettings)),
            reachabilities: decode_all(lump(Lump::Reachability)),
            nodes: decode_all(lump(Lump::Nodes)),
            portals: decode_all(lump(Lump::Portals)),
            portal_index: decode_all(lump(Lump::PortalIndex)),
            clusters: decode_all(lump(Lump::Clusters)),
        };
        file.validate_with_offsets(Some(&offsets))?;
        Ok(file)
    }
}
