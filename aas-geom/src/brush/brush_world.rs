//! [`BrushWorld`]: the one input model shared by every map reader.

use std::collections::BTreeMap;

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::{Contents, Entity, Patch, SurfaceFlags};

/// A plane `normal · x = dist` in `f64`. The normal is unit length.
///
/// For a brush side the normal points out of the brush: the brush is the set of points with
/// `normal · x <= dist` for every side.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Plane {
    /// Unit normal.
    pub normal: DVec3,
    /// Distance from the origin along `normal`.
    pub dist: f64,
}

impl Plane {
    /// The plane through three points given in Quake `.map` order (clockwise seen from outside
    /// the brush), with its normal pointing out of the brush. `None` when the points are
    /// collinear or not finite.
    #[must_use]
    pub fn from_points(p0: DVec3, p1: DVec3, p2: DVec3) -> Option<Self> {
        let normal = (p0 - p1).cross(p2 - p1);
        let length = normal.length();
        if !length.is_finite() || length < 1e-12 {
            return None;
        }
        let normal = normal / length;
        Some(Self {
            normal,
            dist: normal.dot(p1),
        })
    }

    /// Signed distance of `point` from the plane (positive on the normal's side).
    #[must_use]
    pub fn distance_to(&self, point: DVec3) -> f64 {
        self.normal.dot(point) - self.dist
    }

    /// The six outward planes of the axis-aligned box `mins..maxs`, in the order +X, −X, +Y,
    /// −Y, +Z, −Z.
    #[must_use]
    pub fn axial_box(mins: DVec3, maxs: DVec3) -> [Self; 6] {
        let plane = |normal: DVec3, dist: f64| Self { normal, dist };
        [
            plane(DVec3::X, maxs.x),
            plane(DVec3::NEG_X, -mins.x),
            plane(DVec3::Y, maxs.y),
            plane(DVec3::NEG_Y, -mins.y),
            plane(DVec3::Z, maxs.z),
            plane(DVec3::NEG_Z, -mins.z),
        ]
    }

    /// The same plane facing the other way.
    #[must_use]
    pub fn flipped(&self) -> Self {
        Self {
            normal: -self.normal,
            dist: -self.dist,
        }
    }
}

/// Index into [`BrushWorld::textures`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TextureId(pub u32);

/// A texture (`.map`) or shader (`.bsp`) with the flags it carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextureInfo {
    /// Texture or shader name as written in the source (for example `common/caulk`).
    pub name: String,
    /// Contents implied by this texture.
    pub contents: Contents,
    /// Surface flags of this texture.
    pub surface_flags: SurfaceFlags,
}

/// One side of a convex brush.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BrushSide {
    /// The side's plane, normal pointing out of the brush.
    pub plane: Plane,
    /// The side's texture or shader.
    pub texture: TextureId,
    /// Whether the side is a bevel added by a compiler (never visible, never a split candidate
    /// for visibility). Sides read from a source are not bevels, except where a format marks
    /// them.
    pub bevel: bool,
}

/// Brush model number: 0 is the world, `N > 0` is the model an entity names with `"model" "*N"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ModelNum(pub u32);

impl ModelNum {
    /// The world model.
    pub const WORLD: Self = Self(0);
}

/// Where something was read from, for error messages and diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SourceLocation {
    /// A position in a text file (1-based line and column).
    Text {
        /// 1-based line.
        line: u32,
        /// 1-based column, in characters.
        column: u32,
    },
    /// A record of an IBSP lump.
    Record {
        /// The lump.
        lump: BspLump,
        /// 0-based record index within the lump.
        record: u32,
    },
}

impl std::fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Text { line, column } => write!(f, "{line}:{column}"),
            Self::Record { lump, record } => write!(f, "lump {} record {record}", lump.name()),
        }
    }
}

/// The 17 lumps of a Quake III IBSP version 46 file, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BspLump {
    /// Entity text.
    Entities,
    /// Shaders (textures) with surface and content flags.
    Shaders,
    /// Planes.
    Planes,
    /// BSP nodes.
    Nodes,
    /// BSP leaves.
    Leafs,
    /// Leaf-to-surface index list.
    LeafSurfaces,
    /// Leaf-to-brush index list.
    LeafBrushes,
    /// Brush models.
    Models,
    /// Brushes.
    Brushes,
    /// Brush sides.
    BrushSides,
    /// Draw vertices.
    DrawVerts,
    /// Draw indexes.
    DrawIndexes,
    /// Fog volumes.
    Fogs,
    /// Draw surfaces (planar, patch, triangle soup, flare).
    Surfaces,
    /// Lightmaps.
    Lightmaps,
    /// Light grid.
    LightGrid,
    /// Visibility data.
    Visibility,
}

impl BspLump {
    /// Every lump in file order.
    pub const ALL: [Self; 17] = [
        Self::Entities,
        Self::Shaders,
        Self::Planes,
        Self::Nodes,
        Self::Leafs,
        Self::LeafSurfaces,
        Self::LeafBrushes,
        Self::Models,
        Self::Brushes,
        Self::BrushSides,
        Self::DrawVerts,
        Self::DrawIndexes,
        Self::Fogs,
        Self::Surfaces,
        Self::Lightmaps,
        Self::LightGrid,
        Self::Visibility,
    ];

    /// The lump's upper-case name as used in error messages (for example `"BRUSHES"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Entities => "ENTITIES",
            Self::Shaders => "SHADERS",
            Self::Planes => "PLANES",
            Self::Nodes => "NODES",
            Self::Leafs => "LEAFS",
            Self::LeafSurfaces => "LEAFSURFACES",
            Self::LeafBrushes => "LEAFBRUSHES",
            Self::Models => "MODELS",
            Self::Brushes => "BRUSHES",
            Self::BrushSides => "BRUSHSIDES",
            Self::DrawVerts => "DRAWVERTS",
            Self::DrawIndexes => "DRAWINDEXES",
            Self::Fogs => "FOGS",
            Self::Surfaces => "SURFACES",
            Self::Lightmaps => "LIGHTMAPS",
            Self::LightGrid => "LIGHTGRID",
            Self::Visibility => "VISIBILITY",
        }
    }
}

/// A convex brush: the intersection of the half-spaces behind its sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Brush {
    /// The sides, in source order.
    pub sides: Vec<BrushSide>,
    /// What the brush is made of.
    pub contents: Contents,
    /// The owning entity's index in [`BrushWorld::entities`], when known (`.map` brushes and
    /// `.bsp` brushes of models that an entity refers to).
    pub entity: Option<usize>,
    /// The brush model the brush belongs to.
    pub model: ModelNum,
    /// Index of the brush within its entity (`.map`) or its lump (`.bsp`).
    pub index: usize,
    /// Where the brush was read from.
    pub location: SourceLocation,
}

/// Which reader produced a world, and in which dialect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SourceFormat {
    /// A Quake III IBSP version 46 file.
    Bsp,
    /// A `.map` text file.
    Map,
}

impl SourceFormat {
    /// Stable lower-case name (`"bsp"`, `"map"`), used by the CLI's JSON output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Bsp => "bsp",
            Self::Map => "map",
        }
    }
}

/// A brush model: model 0 is the world; others are moved by the entity that names them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BrushModel {
    /// Index in [`BrushWorld::entities`] of the owning entity (`worldspawn` for model 0), when
    /// one exists.
    pub entity: Option<usize>,
    /// Number of brushes of this model in [`BrushWorld::brushes`].
    pub brush_count: usize,
    /// Number of patches of this model in [`BrushWorld::patches`].
    pub patch_count: usize,
}

/// The one input model of the AAS compiler: convex brushes, entities and tessellated patches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BrushWorld {
    /// The reader that produced this world.
    pub format: SourceFormat,
    /// Entities in source order; index 0 is `worldspawn` in well-formed maps.
    pub entities: Vec<Entity>,
    /// Texture or shader table referred to by [`BrushSide::texture`] and [`Patch::texture`].
    pub textures: Vec<TextureInfo>,
    /// Source brushes (not including the thin brushes made from patches).
    pub brushes: Vec<Brush>,
    /// Curved patches, each tessellated and turned into thin convex brushes.
    pub patches: Vec<Patch>,
    /// Brush models; index 0 is the world.
    pub models: Vec<BrushModel>,
}

impl BrushWorld {
    /// The texture a side or patch refers to.
    ///
    /// # Panics
    /// Never for ids produced by this crate's readers; an id from another world may panic.
    #[must_use]
    pub fn texture(&self, id: TextureId) -> &TextureInfo {
        &self.textures[id.0 as usize]
    }

    /// Every convex brush the compiler should see: the source brushes, then the thin brushes of
    /// every patch.
    pub fn all_brushes(&self) -> impl Iterator<Item = &Brush> {
        self.brushes
            .iter()
            .chain(self.patches.iter().flat_map(|patch| patch.brushes.iter()))
    }

    /// Number of brush models other than the world.
    #[must_use]
    pub fn brush_model_count(&self) -> usize {
        self.models.len().saturating_sub(1)
    }

    /// How many entities have each `classname`, sorted by name.
    #[must_use]
    pub fn classname_counts(&self) -> BTreeMap<String, usize> {
        let mut counts = BTreeMap::new();
        for entity in &self.entities {
            *counts.entry(entity.classname().to_owned()).or_insert(0) += 1;
        }
        counts
    }
}
