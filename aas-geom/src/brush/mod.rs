//! The input model of the AAS compiler: convex brushes, entities and tessellated patches.
//!
//! Every map reader ([`crate::format::bsp_q3`], [`crate::format::map_text`]) produces a
//! [`BrushWorld`]; everything after reading works on it alone.
//!
//! Brush geometry for the compiler: [`BrushGeometry`] (faces, vertices, edges, bounds, and the
//! rejection of unbounded, empty and flat brushes), [`bevelled_planes`] (thesis §6.2 bevels)
//! and [`expand_planes`] (expansion by a player box), with [`collapse_thickness`] taking a
//! patch facet's thin brush back to the zero-thickness surface the game collides with.

pub mod bevel;
pub mod brush_geometry;
mod brush_world;
mod contents;
mod entity;
pub mod expand;
pub mod facet_slab;
pub mod patch;

pub use bevel::{BEVEL_EPSILON, BevelKinds, bevelled_planes};
pub use brush_geometry::{
    BrushFace, BrushGeometry, BrushGeometryError, DIST_EPSILON, MIN_FACE_AREA, MIN_THICKNESS,
    NORMAL_EPSILON, WORLD_LIMIT, outside_distance, same_plane,
};
pub use brush_world::{
    Brush, BrushModel, BrushSide, BrushWorld, BspLump, ModelNum, Plane, SourceFormat,
    SourceLocation, TextureId, TextureInfo,
};
pub use contents::{Contents, SurfaceFlags};
pub use entity::{Entity, parse_vector};
pub use expand::{expand_plane, expand_planes, expanded_bounds, expansion_offset};
pub use facet_slab::{FacetSlab, collapse_thickness};
pub use patch::{Facet, Patch, PatchError, PatchSettings, PatchSource};
