//! Typed, validated records of the lumps this crate uses.
//!
//! Index fields are stored as `u32` once validated: every index in a [`super::BspFile`] names
//! an existing record, and every `first`/`count` range lies inside its target lump.

use glam::{Vec2, Vec3};

use crate::brush::{Contents, SurfaceFlags};

/// A shader (texture) record: name and flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BspShader {
    /// Shader name, up to the first NUL of its 64-byte field (bytes ≥ 0x80 decoded as
    /// Latin-1).
    pub name: String,
    /// `surfaceFlags`.
    pub surface_flags: SurfaceFlags,
    /// `contentFlags`.
    pub contents: Contents,
}

/// A plane record, as stored (`f32`, normal not necessarily exactly unit length).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BspPlane {
    /// Normal.
    pub normal: Vec3,
    /// Distance from the origin along the normal.
    pub dist: f32,
}

/// A brush record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BspBrush {
    /// First brush side (index into [`super::BspFile::brush_sides`]).
    pub first_side: u32,
    /// Number of sides.
    pub side_count: u32,
    /// Shader giving the brush's contents (index into [`super::BspFile::shaders`]).
    pub shader: u32,
}

/// A brush side record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BspBrushSide {
    /// Plane, pointing out of the brush (index into [`super::BspFile::planes`]).
    pub plane: u32,
    /// Shader of the side (index into [`super::BspFile::shaders`]).
    pub shader: u32,
}

/// A brush model record: model 0 is the world, model `N` is named `"*N"` by an entity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BspModel {
    /// Bounding box minimum.
    pub mins: Vec3,
    /// Bounding box maximum.
    pub maxs: Vec3,
    /// First draw surface.
    pub first_surface: u32,
    /// Number of draw surfaces.
    pub surface_count: u32,
    /// First brush.
    pub first_brush: u32,
    /// Number of brushes.
    pub brush_count: u32,
}

/// A draw vertex record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BspDrawVert {
    /// Position.
    pub position: Vec3,
    /// Texture coordinates.
    pub st: Vec2,
    /// Lightmap coordinates.
    pub lightmap: Vec2,
    /// Vertex normal.
    pub normal: Vec3,
    /// Vertex colour, RGBA.
    pub color: [u8; 4],
}

/// The kind of a draw surface (`surfaceType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SurfaceType {
    /// 1: a planar polygon (`MST_PLANAR`).
    Planar,
    /// 2: a curved Bézier patch (`MST_PATCH`).
    Patch,
    /// 3: a triangle soup, for example a model baked into the map (`MST_TRIANGLE_SOUP`).
    TriangleSoup,
    /// 4: a flare (`MST_FLARE`).
    Flare,
    /// Any other value, kept as read (0 is `MST_BAD`).
    Other(i32),
}

impl SurfaceType {
    /// The type for a `surfaceType` value.
    #[must_use]
    pub const fn from_raw(value: i32) -> Self {
        match value {
            1 => Self::Planar,
            2 => Self::Patch,
            3 => Self::TriangleSoup,
            4 => Self::Flare,
            other => Self::Other(other),
        }
    }
}

/// A draw surface record (the fields this crate uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BspSurface {
    /// Shader (index into [`super::BspFile::shaders`]).
    pub shader: u32,
    /// Fog volume (`fogNum`), `-1` for none; kept as read.
    pub fog: i32,
    /// Kind of surface.
    pub kind: SurfaceType,
    /// First draw vertex.
    pub first_vert: u32,
    /// Number of draw vertices.
    pub vert_count: u32,
    /// First draw index.
    pub first_index: u32,
    /// Number of draw indexes.
    pub index_count: u32,
    /// Patch control points per row (`patchWidth`); only meaningful for patches.
    pub patch_width: i32,
    /// Patch rows (`patchHeight`); only meaningful for patches.
    pub patch_height: i32,
}
