//! [`BspError`]: why an IBSP file cannot be read, with the lump, record, field and byte offset.

use thiserror::Error;

use crate::brush::{BspLump, PatchError};

/// Why an IBSP file cannot be read.
///
/// Binary errors name the lump, the 0-based record, the field (as spelled in the format's C
/// structures, for example `planeNum`) and the absolute byte offset of that field in the file.
/// Entity-text errors give the 1-based line and column within the entity lump's text.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum BspError {
    /// The file is shorter than the 144-byte header.
    #[error("file is {len} bytes long, shorter than the 144-byte IBSP header")]
    TooShort {
        /// Length of the input in bytes.
        len: usize,
    },
    /// The file does not start with `IBSP`.
    #[error("bad magic {found:02x?} at byte offset 0: expected \"IBSP\"")]
    BadMagic {
        /// The first four bytes.
        found: [u8; 4],
    },
    /// The version is not 46.
    #[error("unsupported IBSP version {found} at byte offset 4: expected 46")]
    BadVersion {
        /// The version read.
        found: i32,
    },
    /// A lump directory entry has a negative offset or length.
    #[error(
        "lump {} directory entry (byte offset {entry_offset}): negative {field} {value}",
        .lump.name()
    )]
    NegativeLump {
        /// The lump.
        lump: BspLump,
        /// `"fileofs"` or `"filelen"`.
        field: &'static str,
        /// The negative value.
        value: i32,
        /// Byte offset of the directory field.
        entry_offset: usize,
    },
    /// A lump extends past the end of the file.
    #[error(
        "lump {} (bytes {offset}..{end}) extends past the end of the file ({file_len} bytes)",
        .lump.name()
    )]
    LumpOutOfBounds {
        /// The lump.
        lump: BspLump,
        /// Start offset of the lump.
        offset: u64,
        /// End offset (exclusive) of the lump.
        end: u64,
        /// Length of the file.
        file_len: usize,
    },
    /// A lump's length is not a whole number of records.
    #[error(
        "lump {} at byte offset {offset}: length {length} is not a multiple of its {record_size}-byte record",
        .lump.name()
    )]
    MisalignedLump {
        /// The lump.
        lump: BspLump,
        /// Start offset of the lump.
        offset: usize,
        /// Length of the lump in bytes.
        length: usize,
        /// Size of one record.
        record_size: usize,
    },
    /// An index field refers to a record that does not exist.
    #[error(
        "lump {} record {record} field {field} (byte offset {offset}): {} {index} out of range ({}: {available})",
        .lump.name(), record_noun(.target), .target.name().to_lowercase()
    )]
    IndexOutOfRange {
        /// The lump holding the bad record.
        lump: BspLump,
        /// 0-based record index.
        record: usize,
        /// Field name.
        field: &'static str,
        /// Absolute byte offset of the field.
        offset: usize,
        /// The lump the index refers to.
        target: BspLump,
        /// The index read.
        index: i32,
        /// Number of records in `target`.
        available: usize,
    },
    /// A `first`/`count` pair names records that do not all exist (or has a negative count).
    #[error(
        "lump {} record {record} field {field} (byte offset {offset}): range {first}+{count} out of range ({}: {available})",
        .lump.name(), .target.name()
    )]
    RangeOutOfBounds {
        /// The lump holding the bad record.
        lump: BspLump,
        /// 0-based record index.
        record: usize,
        /// Field names, for example `"firstSide/numSides"`.
        field: &'static str,
        /// Absolute byte offset of the first field.
        offset: usize,
        /// The lump the range refers to.
        target: BspLump,
        /// First index read.
        first: i32,
        /// Count read.
        count: i32,
        /// Number of records in `target`.
        available: usize,
    },
    /// The ranges of one kind together refer to more records than the target lump holds, which
    /// only overlapping ranges can do; refusing it bounds the memory a small file can demand.
    #[error(
        "lump {} record {record} field {field} (byte offset {offset}): ranges so far cover {total} records, more than {} holds ({available}); overlapping ranges are not supported",
        .lump.name(), .target.name()
    )]
    RangesExceedLump {
        /// The lump holding the record whose range crosses the budget.
        lump: BspLump,
        /// 0-based record index.
        record: usize,
        /// Field names.
        field: &'static str,
        /// Absolute byte offset of the first field.
        offset: usize,
        /// The lump the ranges refer to.
        target: BspLump,
        /// Records covered so far, including this record's range.
        total: u64,
        /// Number of records in `target`.
        available: usize,
    },
    /// A leaf's cluster is below −1, or not below the VISIBILITY lump's cluster count.
    #[error(
        "lump LEAFS record {record} field cluster (byte offset {offset}): cluster {cluster} out of range (-1, or below the {clusters} clusters of VISIBILITY)"
    )]
    ClusterOutOfRange {
        /// 0-based leaf record.
        record: usize,
        /// Absolute byte offset of the field.
        offset: usize,
        /// The cluster read.
        cluster: i32,
        /// Number of clusters in the VISIBILITY lump (0 without visibility data).
        clusters: usize,
    },
    /// A node's child is one of its own ancestors under the root, so a descent would not end.
    #[error(
        "lump NODES record {record} field {field} (byte offset {offset}): child node {child} is an ancestor of this node (cyclic tree)"
    )]
    NodeCycle {
        /// 0-based node record.
        record: usize,
        /// `"children[0]"` or `"children[1]"`.
        field: &'static str,
        /// Absolute byte offset of the field.
        offset: usize,
        /// The child node read.
        child: usize,
    },
    /// The VISIBILITY lump's header is negative, too short, or names more rows than it holds.
    #[error("lump VISIBILITY field {field} (byte offset {offset}): {message}")]
    BadVisibility {
        /// `"numClusters"` or `"clusterBytes"`.
        field: &'static str,
        /// Absolute byte offset of the field.
        offset: usize,
        /// What is wrong.
        message: String,
    },
    /// A plane's normal is zero, NaN or infinite, or its distance is not finite.
    #[error(
        "lump PLANES record {record} (byte offset {offset}): plane ({}, {}, {}) {} is not a finite plane with a nonzero normal",
        .normal[0], .normal[1], .normal[2], .dist
    )]
    BadPlane {
        /// 0-based plane record.
        record: usize,
        /// Absolute byte offset of the record.
        offset: usize,
        /// Normal as read.
        normal: [f32; 3],
        /// Distance as read.
        dist: f32,
    },
    /// A patch surface has a negative width or height.
    #[error(
        "lump SURFACES record {record} field {field} (byte offset {offset}): negative patch size {value}"
    )]
    NegativePatchSize {
        /// 0-based surface record.
        record: usize,
        /// `"patchWidth"` or `"patchHeight"`.
        field: &'static str,
        /// Absolute byte offset of the field.
        offset: usize,
        /// The value read.
        value: i32,
    },
    /// A patch surface cannot be tessellated.
    #[error("lump SURFACES record {record} (byte offset {offset}): {source}")]
    Patch {
        /// 0-based surface record.
        record: usize,
        /// Absolute byte offset of the record.
        offset: usize,
        /// Why tessellation failed.
        source: PatchError,
    },
    /// The entity text is not a sequence of `{ "key" "value" ... }` blocks.
    #[error("lump ENTITIES text {line}:{column}: {message}")]
    EntitySyntax {
        /// 1-based line within the entity text.
        line: u32,
        /// 1-based column (in characters) within the entity text.
        column: u32,
        /// What was expected.
        message: String,
    },
}

/// Singular noun for a record of `lump`, used in index error messages.
fn record_noun(lump: &BspLump) -> &'static str {
    match lump {
        BspLump::Shaders => "shader",
        BspLump::Planes => "plane",
        BspLump::Brushes => "brush",
        BspLump::BrushSides => "brush side",
        BspLump::DrawVerts => "draw vertex",
        BspLump::Surfaces => "surface",
        BspLump::Fogs => "fog",
        BspLump::Nodes => "node",
        BspLump::Leafs => "leaf",
        _ => "record",
    }
}
