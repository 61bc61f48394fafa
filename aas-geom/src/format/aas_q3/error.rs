//! Errors of the `.aas` reader and validator, each with its location in the file.

use std::fmt;

use thiserror::Error;

use super::lump::Lump;

/// Where a problem sits in a `.aas` file: lump, record, field and, when the file was read
/// from bytes, the byte offset of the field.
///
/// Displays as `lump REACHABILITY record 17 field areanum (byte offset 30912)`. Field names are
/// the C field names of the format (`areanum`, `firstreachablearea`, ...); entries of the plain
/// index lumps (EDGEINDEX, FACEINDEX, PORTALINDEX) use the field name `value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldLocation {
    /// The lump that holds the record.
    pub lump: Lump,
    /// Record number inside the lump (0 is the index-0 dummy where the lump has one).
    pub record: usize,
    /// The field's name as in the file format (`aasfile.h` naming).
    pub field: &'static str,
    /// Absolute byte offset of the field in the file; `None` for a file built in memory
    /// (see [`super::AasFile::validate`]).
    pub byte_offset: Option<u64>,
}

impl fmt::Display for FieldLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "lump {} record {} field {}",
            self.lump, self.record, self.field
        )?;
        if let Some(offset) = self.byte_offset {
            write!(f, " (byte offset {offset})")?;
        }
        Ok(())
    }
}

/// Everything that can be wrong with a `.aas` file.
///
/// Structural errors (header, lump table) are found while reading; reference errors are found
/// by validation, which [`super::AasFile::from_bytes`] always runs and
/// [`super::AasFile::validate`] runs on a file built in memory.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AasError {
    /// The input is shorter than the 124-byte header.
    #[error("truncated header: the input has {len} bytes, a .aas header needs 124")]
    TruncatedHeader {
        /// Length of the input in bytes.
        len: usize,
    },
    /// The first four bytes are not `EAAS`.
    #[error("bad ident {found:?} at byte offset 0: expected \"EAAS\"")]
    BadIdent {
        /// The four bytes found.
        found: [u8; 4],
    },
    /// The version is neither 4 nor 5.
    #[error("unsupported version {version} at byte offset 4: supported versions are 4 and 5")]
    UnsupportedVersion {
        /// The version found.
        version: i32,
    },
    /// A lump's offset or length is negative or points past the end of the input.
    #[error(
        "lump {lump} (lump table entry at byte offset {table_offset}): offset {offset} length \
         {length} lies outside the file ({file_len} bytes)"
    )]
    LumpOutOfBounds {
        /// The lump.
        lump: Lump,
        /// Byte offset of the lump's `{fileofs, filelen}` pair in the header.
        table_offset: u64,
        /// The stored offset.
        offset: i32,
        /// The stored length.
        length: i32,
        /// Length of the input in bytes.
        file_len: usize,
    },
    /// A lump's length is not a whole number of records.
    #[error(
        "lump {lump} (byte offset {offset}): length {length} is not a multiple of the record \
         size {record_size}"
    )]
    LumpLength {
        /// The lump.
        lump: Lump,
        /// Byte offset of the lump in the file.
        offset: u64,
        /// The stored length.
        length: usize,
        /// Record size of this lump.
        record_size: usize,
    },
    /// A field refers to a record that does not exist.
    #[error("{at}: {} {value} out of range ({}: {count})", target.noun(), target.plural())]
    BadReference {
        /// The referring field.
        at: FieldLocation,
        /// The lump referred to.
        target: Lump,
        /// The number referred to: the stored value for signed index lumps and
        /// reachability face/edge numbers (sign included), `-child` for a node's area child,
        /// `-cluster` for a portal area's portal.
        value: i64,
        /// Number of records in the target lump.
        count: usize,
    },
    /// A count field is negative.
    #[error("{at}: negative count {value}")]
    NegativeCount {
        /// The count field.
        at: FieldLocation,
        /// The stored value.
        value: i32,
    },
    /// A `first`/`num` pair does not lie inside the lump it indexes.
    #[error(
        "{at}: records {first}..{first}+{num} out of range ({}: {count})",
        target.plural()
    )]
    BadRange {
        /// The `first...` field of the pair.
        at: FieldLocation,
        /// The lump indexed.
        target: Lump,
        /// The stored first index.
        first: i64,
        /// The stored count.
        num: i64,
        /// Number of records in the target lump.
        count: usize,
    },
    /// Two lumps that must hold the same number of records do not.
    #[error(
        "lump {lump} holds {count} records but lump {other} holds {other_count}; they must match"
    )]
    CountMismatch {
        /// The lump whose count is wrong.
        lump: Lump,
        /// Its record count.
        count: usize,
        /// The lump it must match.
        other: Lump,
        /// That lump's record count.
        other_count: usize,
    },
    /// A count exceeds the count it is a part of (a cluster's `numreachabilityareas`
    /// greater than its `numareas`).
    #[error("{at}: {value} exceeds {limit_field} {limit}")]
    CountExceeds {
        /// The offending field.
        at: FieldLocation,
        /// Its value.
        value: i32,
        /// The name of the bounding field.
        limit_field: &'static str,
        /// The bound.
        limit: i32,
    },
    /// An area's or portal's cluster-local area number is outside its cluster.
    #[error(
        "{at}: cluster area number {value} out of range (cluster {cluster} has {num_areas} areas)"
    )]
    ClusterAreaNum {
        /// The `clusterareanum` field.
        at: FieldLocation,
        /// The stored value.
        value: i32,
        /// The cluster.
        cluster: i32,
        /// The cluster's `numareas`.
        num_areas: i32,
    },
    /// An area marked as portal `p` (`cluster = -p`) is not the area of portal `p`.
    #[error(
        "{at}: area {area} is marked as portal {portal}, but that portal's areanum is {portal_area}"
    )]
    PortalAreaMismatch {
        /// The area settings' `cluster` field.
        at: FieldLocation,
        /// The area.
        area: usize,
        /// The portal named.
        portal: usize,
        /// The portal's `areanum`.
        portal_area: i32,
    },
    /// The node children form a cycle, so a point query could descend forever.
    #[error("{at}: node {child} closes a cycle in the node tree")]
    NodeCycle {
        /// The `children` field that points back up.
        at: FieldLocation,
        /// The node pointed to.
        child: usize,
    },
}

impl AasError {
    /// The field location of a record-level error, `None` for header and lump-table errors.
    #[must_use]
    pub fn location(&self) -> Option<&FieldLocation> {
        match self {
            AasError::BadReference { at, .. }
            | AasError::NegativeCount { at, .. }
            | AasError::BadRange { at, .. }
            | AasError::CountExceeds { at, .. }
            | AasError::ClusterAreaNum { at, .. }
            | AasError::PortalAreaMismatch { at, .. }
            | AasError::NodeCycle { at, .. } => Some(at),
            AasError::TruncatedHeader { .. }
            | AasError::BadIdent { .. }
            | AasError::UnsupportedVersion { .. }
            | AasError::LumpOutOfBounds { .. }
            | AasError::LumpLength { .. }
            | AasError::CountMismatch { .. } => None,
        }
    }
}
