//! [`BspFile`]: a typed, validated view of the lumps of an IBSP v46 file.

use crate::brush::{BspLump, Entity};

use super::BspError;
use super::decode::Lumps;
use super::entities::parse_entities;
use super::lumps::{LumpInfo, read_directory};
use super::records::{
    BspBrush, BspBrushSide, BspDrawVert, BspModel, BspPlane, BspShader, BspSurface,
};

/// The lumps of a Quake III IBSP version 46 file that this crate uses, decoded and validated.
///
/// Every index in the records names an existing record and every `first`/`count` range lies
/// inside its target lump, so code working on a `BspFile` may index its vectors freely. The
/// other lumps (nodes, leafs, lightmaps, visibility, ...) are only located and counted
/// ([`BspFile::lump`], [`BspFile::record_count`]).
#[derive(Debug, Clone, PartialEq)]
pub struct BspFile {
    /// Entities of the ENTITIES lump, in file order.
    pub entities: Vec<Entity>,
    /// SHADERS lump.
    pub shaders: Vec<BspShader>,
    /// PLANES lump.
    pub planes: Vec<BspPlane>,
    /// BRUSHES lump.
    pub brushes: Vec<BspBrush>,
    /// BRUSHSIDES lump.
    pub brush_sides: Vec<BspBrushSide>,
    /// MODELS lump; model 0 is the world.
    pub models: Vec<BspModel>,
    /// DRAWVERTS lump.
    pub draw_verts: Vec<BspDrawVert>,
    /// SURFACES lump.
    pub surfaces: Vec<BspSurface>,
    /// The validated lump directory, in [`BspLump::ALL`] order.
    lumps: [LumpInfo; 17],
}

impl BspFile {
    /// Reads and validates an IBSP version 46 file.
    ///
    /// Checks, in order: the header and every lump's bounds and record alignment; shaders;
    /// planes; brushes (side range, shader); brush sides (plane, shader); models (surface and
    /// brush ranges); draw vertices; surfaces (shader, vertex and index ranges, patch sizes);
    /// then the entity text. The side ranges of all brushes together, and the vertex ranges of
    /// all patch surfaces together, may not exceed their target lumps (which only overlapping
    /// ranges could do), so the work of [`BspFile::to_brush_world`] is bounded by the file's
    /// size.
    ///
    /// # Errors
    /// A [`BspError`] naming the lump, record, field and byte offset of the first problem, or
    /// the line and column of an entity-text syntax error.
    ///
    /// # Complexity
    /// `O(n)` in the file size; allocation is bounded by the file size.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BspError> {
        let lumps = Lumps::new(bytes, read_directory(bytes)?);
        let shaders = lumps.shaders()?;
        let planes = lumps.planes()?;
        let brushes = lumps.brushes()?;
        let brush_sides = lumps.brush_sides()?;
        let models = lumps.models()?;
        let draw_verts = lumps.draw_verts()?;
        let surfaces = lumps.surfaces()?;
        let entities = parse_entities(lumps.bytes(BspLump::Entities))?;
        Ok(Self {
            entities,
            shaders,
            planes,
            brushes,
            brush_sides,
            models,
            draw_verts,
            surfaces,
            lumps: lumps.infos(),
        })
    }

    /// Where `lump` sits in the file and how many records it holds.
    #[must_use]
    pub fn lump(&self, lump: BspLump) -> LumpInfo {
        self.lumps[lump as usize]
    }

    /// Number of records in `lump` as stored in the file (bytes for ENTITIES and VISIBILITY),
    /// whether or not this crate decodes that lump.
    #[must_use]
    pub fn record_count(&self, lump: BspLump) -> usize {
        self.lump(lump).count
    }
}
