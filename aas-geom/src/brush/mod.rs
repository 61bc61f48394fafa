//! The input model of the AAS compiler: convex brushes, entities and tessellated patches.
//!
//! Every map reader ([`crate::format::bsp_q3`], [`crate::format::map_text`]) produces a
//! [`BrushWorld`]; everything after reading works on it alone.

mod brush_world;
mod contents;
mod entity;
pub mod patch;

pub use brush_world::{
    Brush, BrushModel, BrushSide, BrushWorld, BspLump, ModelNum, Plane, SourceFormat,
    SourceLocation, TextureId, TextureInfo,
};
pub use contents::{Contents, SurfaceFlags};
pub use entity::{Entity, parse_vector};
pub use patch::{Patch, PatchError, PatchSettings, PatchSource};
