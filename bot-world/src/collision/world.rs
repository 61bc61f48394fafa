//! [`CollisionWorld`]: the map's brushes prepared for traces, one BVH per brush model.

use aas_geom::brush::{BrushGeometryError, BrushWorld, Contents, ModelNum, SurfaceFlags};
use glam::Vec3;

use super::BrushIndex;
use super::brush::prepare_brush;
use super::bvh::{Bvh, BvhItem};
use super::clip::ClipPlane;

/// One brush: where its planes are, what it is made of, its bounds and its model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BrushEntry {
    /// The first of its planes in [`CollisionWorld::planes`].
    pub(crate) first_plane: u32,
    /// How many planes; 0 for a brush whose geometry was rejected (it takes part in nothing).
    pub(crate) plane_count: u32,
    /// What it is made of.
    pub(crate) contents: Contents,
    /// Smallest corner of its bounds.
    pub(crate) mins: Vec3,
    /// Largest corner.
    pub(crate) maxs: Vec3,
    /// The brush model it belongs to.
    pub(crate) model: ModelNum,
}

/// The brushes of one brush model and their BVH.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ModelTree {
    /// The model.
    pub(crate) model: ModelNum,
    /// The tree over its usable brushes.
    pub(crate) bvh: Bvh,
}

/// The collision geometry of a map: every brush of every brush model (the thin brushes of
/// patches included) with its bevels, in `f32`, and a bounding volume hierarchy per model.
///
/// See the [module docs](super) for what a trace is. Built once per map; queries take `&self`
/// and allocate nothing, so one world serves any number of threads.
#[derive(Debug, Clone, PartialEq)]
pub struct CollisionWorld {
    /// Every brush, by [`BrushIndex`].
    pub(crate) brushes: Vec<BrushEntry>,
    /// The planes of every brush, brush after brush.
    pub(crate) planes: Vec<ClipPlane>,
    /// The surface flags of each plane.
    pub(crate) surfaces: Vec<SurfaceFlags>,
    /// One tree per model that has usable brushes, sorted by model.
    pub(crate) models: Vec<ModelTree>,
    /// Brushes left out, with the reason.
    rejected: Vec<(BrushIndex, BrushGeometryError)>,
}

impl CollisionWorld {
    /// Prepares every brush of `world` ([`BrushWorld::all_brushes`]: the source brushes, then
    /// the thin brushes of every patch) and builds one BVH per brush model.
    ///
    /// Each brush keeps its face planes plus the axial and edge bevels it lacks
    /// ([`aas_geom::brush::bevelled_planes`]), in `f32`; a patch's thin brush is made
    /// [`PATCH_THICKNESS`](super::PATCH_THICKNESS) deep. A brush whose sides bound no convex
    /// volume (open, empty, flat) is left out and listed by
    /// [`rejected_brushes`](Self::rejected_brushes).
    ///
    /// # Complexity
    /// `O(Σ p² · k)` to prepare brushes of `p` sides of at most `k` corners, plus
    /// `O(n log n)` for the trees over `n` brushes.
    #[must_use]
    pub fn new(world: &BrushWorld) -> Self {
        let mut collision = Self {
            brushes: Vec::new(),
            planes: Vec::new(),
            surfaces: Vec::new(),
            models: Vec::new(),
            rejected: Vec::new(),
        };
        let patch_start = world.brushes.len();
        for (index, brush) in world.all_brushes().enumerate() {
            let id = BrushIndex(u32::try_from(index).unwrap_or(u32::MAX));
            let first_plane = u32::try_from(collision.planes.len()).unwrap_or(u32::MAX);
            let mut entry = BrushEntry {
                first_plane,
                plane_count: 0,
                contents: brush.contents,
                mins: Vec3::ZERO,
                maxs: Vec3::ZERO,
                model: brush.model,
            };
            match prepare_brush(world, brush, index >= patch_start) {
                Ok(prepared) => {
                    entry.plane_count = u32::try_from(prepared.planes.len()).unwrap_or(0);
                    entry.mins = prepared.mins;
                    entry.maxs = prepared.maxs;
                    collision.planes.extend(prepared.planes);
                    collision.surfaces.extend(prepared.surfaces);
                }
                Err(error) => collision.rejected.push((id, error)),
            }
            collision.brushes.push(entry);
        }
        let mut by_model: Vec<(ModelNum, u32)> = collision
            .brushes
            .iter()
            .enumerate()
            .filter(|(_, entry)| entry.plane_count > 0)
            .map(|(index, entry)| (entry.model, u32::try_from(index).unwrap_or(u32::MAX)))
            .collect();
        by_model.sort_unstable();
        for run in by_model.chunk_by(|a, b| a.0 == b.0) {
            let Some(&(model, _)) = run.first() else {
                continue;
            };
            let items = run
                .iter()
                .map(|&(_, brush)| {
                    let entry = &collision.brushes[brush as usize];
                    BvhItem {
                        brush,
                        mins: entry.mins,
                        maxs: entry.maxs,
                        contents: entry.contents,
                    }
                })
                .collect();
            collision.models.push(ModelTree {
                model,
                bvh: Bvh::build(items),
            });
        }
        collision
    }

    /// How many brushes there are (usable or not): brush indices are `0..brush_count()`.
    #[must_use]
    pub fn brush_count(&self) -> usize {
        self.brushes.len()
    }

    /// The brushes left out because their sides bound no convex volume, with the reason, in
    /// index order.
    #[must_use]
    pub fn rejected_brushes(&self) -> &[(BrushIndex, BrushGeometryError)] {
        &self.rejected
    }

    /// The contents of `brush` (`None` past the last brush).
    #[must_use]
    pub fn brush_contents(&self, brush: BrushIndex) -> Option<Contents> {
        self.brushes.get(brush.index()).map(|entry| entry.contents)
    }

    /// The brush model `brush` belongs to (`None` past the last brush).
    #[must_use]
    pub fn brush_model(&self, brush: BrushIndex) -> Option<ModelNum> {
        self.brushes.get(brush.index()).map(|entry| entry.model)
    }

    /// The brush models that have usable brushes, in increasing order (the world, model 0,
    /// first when it has any).
    pub fn models(&self) -> impl Iterator<Item = ModelNum> + '_ {
        self.models.iter().map(|tree| tree.model)
    }

    /// The bounds `(mins, maxs)` of the usable brushes of `model` at its resting place (add
    /// the offset a mover has moved it by); `None` for a model without usable brushes.
    ///
    /// # Complexity
    /// `O(log models)`.
    #[must_use]
    pub fn model_bounds(&self, model: ModelNum) -> Option<(Vec3, Vec3)> {
        let (_, (mins, maxs), _) = self.tree(model)?.bvh.root?;
        Some((mins.into(), maxs.into()))
    }

    /// The tree of `model`, when it has usable brushes.
    pub(crate) fn tree(&self, model: ModelNum) -> Option<&ModelTree> {
        let position = self
            .models
            .binary_search_by_key(&model, |tree| tree.model)
            .ok()?;
        self.models.get(position)
    }

    /// The planes of a brush entry.
    pub(crate) fn brush_planes(&self, entry: &BrushEntry) -> &[ClipPlane] {
        let first = entry.first_plane as usize;
        self.planes
            .get(first..first + entry.plane_count as usize)
            .unwrap_or(&[])
    }
}
