//! Quake III IBSP version 46 `.bsp` files: a validated typed view ([`BspFile`]) and its
//! conversion into a [`BrushWorld`] ([`read_bsp`]).
//!
//! The file is a 144-byte header (magic `IBSP`, version 46, 17 `{fileofs, filelen}` lump
//! entries, little-endian) followed by the lumps. This reader decodes the lumps the AAS
//! compiler needs (entities, shaders, planes, brushes, brush sides, models, draw vertices,
//! surfaces), validates every cross-reference, and locates and counts the others.
//!
//! ```no_run
//! use aas_geom::PatchSettings;
//! use aas_geom::format::bsp_q3::read_bsp;
//!
//! let bytes = std::fs::read("maps/q3dm6ish.bsp")?;
//! let world = read_bsp(&bytes, &PatchSettings::default())?;
//! println!("{} brushes, {} patches", world.brushes.len(), world.patches.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Ownership of brushes and patches
//!
//! A brush (or patch surface) belongs to the model whose brush (or surface) range contains it;
//! model ranges never overlap ([`BspFile::from_bytes`] rejects files whose ranges cover more
//! records than the lump holds, and the first model wins should two ranges still share a
//! record). The model's entity is the first entity whose `"model"` key is `"*N"`; for model 0,
//! the first entity whose classname is `worldspawn` (entity 0 in a well-formed file).
//!
//! Brushes and patches that no model range contains (q3map2 never writes any) are given to
//! [`ModelNum::WORLD`](crate::brush::ModelNum::WORLD) with `entity: None`, and counted in model 0 when the file has one: the
//! engine's world collision reaches brushes through the BSP leaves, not the model ranges, so
//! such brushes may still be solid.
//!
//! # Which patches are solid
//!
//! Every patch surface (`surfaceType` 2) becomes a [`Patch`](crate::brush::Patch), whatever its shader; none is
//! dropped. [`Patch::contents`](crate::brush::Patch::contents) are its shader's `contentFlags` exactly. A caller should treat
//! a patch as blocking movement when those contents intersect the movement's content mask
//! (for a walking player, [`Contents::blocks_player`](crate::brush::Contents::blocks_player): `SOLID` or `PLAYERCLIP`); patches whose
//! shaders carry no such contents (decorative curves, `TRANSLUCENT`-only) are not obstacles.
//!
//! # Robustness
//!
//! No input panics: every lump is bounds-checked against the file, every count against the
//! bytes present before allocating, every index against its target lump.

mod checksum;
mod decode;
mod entities;
mod error;
mod file;
mod lumps;
mod records;
mod text;
mod visibility;
mod world;

#[cfg(test)]
mod test_builder;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod visibility_tests;

pub use checksum::bsp_checksum;
pub use entities::parse_entities;
pub use error::BspError;
pub use file::BspFile;
pub use lumps::{HEADER_SIZE, IBSP_MAGIC, IBSP_VERSION, LumpInfo, record_size};
pub use records::{
    BspBrush, BspBrushSide, BspDrawVert, BspModel, BspPlane, BspShader, BspSurface, SurfaceType,
};
pub use visibility::BspVisibility;

use crate::brush::{BrushWorld, PatchSettings};

/// Reads an IBSP v46 file and builds its [`BrushWorld`]: shorthand for
/// [`BspFile::from_bytes`] followed by [`BspFile::to_brush_world`].
///
/// # Errors
/// Any [`BspError`] of either step.
///
/// # Complexity
/// `O(n)` in the file size plus patch tessellation (see [`BspFile::to_brush_world`]).
pub fn read_bsp(bytes: &[u8], settings: &PatchSettings) -> Result<BrushWorld, BspError> {
    BspFile::from_bytes(bytes)?.to_brush_world(settings)
}
