//! Quake III `.aas` files (versions 4 and 5): read, validate, write.
//!
//! [`AasFile`] mirrors the file exactly: one `Vec` per lump, index-0 dummies included, every
//! count as stored, even the two padding bytes of each reachability. So
//! `AasFile::from_bytes(b)?.to_bytes() == b` for every file laid out the way bspc writes it
//! (the tests check all nine shared reference files).
//!
//! - [`AasFile::from_bytes`] decodes the header (undoing the version-5 obfuscation), checks
//!   every lump's bounds and record size, decodes the records, and validates every
//!   cross-reference; errors ([`AasError`]) name the lump, record, field and byte offset.
//! - [`AasFile::validate`] runs the same checks on a file built in memory.
//! - [`AasFile::to_bytes`] / [`AasFile::write_to`] write bspc's canonical layout.
//! - [`AasFile::reachability_counts`] counts reachabilities by [`TravelType`](crate::world::TravelType).
//!
//! The index-0 dummies live only here: later layers use typed ids instead.
//!
//! # Example
//!
//! Loading a file and printing its counts:
//!
//! ```no_run
//! use aas_geom::format::aas_q3::AasFile;
//!
//! let bytes = std::fs::read("maps/q3dm6ish.aas")?;
//! let aas = AasFile::from_bytes(&bytes)?;
//! // Stored counts include the index-0 dummy.
//! println!(
//!     "version {}, checksum {}: {} areas, {} reachabilities, {} clusters, {} portals",
//!     aas.version,
//!     aas.bsp_checksum,
//!     aas.areas.len(),
//!     aas.reachabilities.len(),
//!     aas.clusters.len(),
//!     aas.portals.len(),
//! );
//! for (kind, count) in aas.reachability_counts().iter().filter(|&(_, n)| n > 0) {
//!     println!("{kind}: {count}");
//! }
//! assert_eq!(aas.to_bytes(), bytes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Building a file in memory, validating it, and round-tripping it:
//!
//! ```
//! use aas_geom::format::aas_q3::{AasArea, AasAreaSettings, AasError, AasFile, Lump};
//!
//! let mut aas = AasFile {
//!     areas: vec![AasArea::default(); 2],
//!     area_settings: vec![AasAreaSettings::default(); 2],
//!     ..AasFile::default()
//! };
//! aas.validate()?;
//! assert_eq!(AasFile::from_bytes(&aas.to_bytes())?, aas);
//!
//! aas.area_settings[1].num_reachable_areas = 3; // there are no reachabilities
//! let err = aas.validate().unwrap_err();
//! let at = err.location().expect("a record error");
//! assert_eq!((at.lump, at.record, at.field), (Lump::AreaSettings, 1, "firstreachablearea"));
//! assert!(matches!(err, AasError::BadRange { .. }));
//! # Ok::<(), AasError>(())
//! ```

mod error;
mod file;
mod header;
mod lump;
mod read;
mod records;
mod travel_counts;
mod validate;
#[cfg(test)]
mod validate_tests;
mod write;

pub use error::{AasError, FieldLocation};
pub use file::AasFile;
pub use header::{
    AAS_IDENT, AAS_VERSION, AAS_VERSION_OLD, AasHeader, HEADER_SIZE, LumpEntry, xor_header,
};
pub use lump::{LUMP_COUNT, Lump};
pub use records::{
    AasArea, AasAreaSettings, AasBBox, AasCluster, AasEdge, AasFace, AasNode, AasPlane, AasPortal,
    AasReachability,
};
pub use travel_counts::TravelTypeCounts;
