//! What a trace returns: [`TraceHit`] for the map's brushes, [`BoxHit`] for loose boxes, and
//! [`BrushIndex`], the name of a brush.

use aas_geom::brush::{Contents, SurfaceFlags};
use glam::Vec3;

/// A brush of the [`CollisionWorld`](super::CollisionWorld): its position in
/// [`BrushWorld::all_brushes`](aas_geom::brush::BrushWorld::all_brushes) (the source brushes,
/// then the thin brushes of every patch, in that order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BrushIndex(pub u32);

impl BrushIndex {
    /// The position in `BrushWorld::all_brushes()`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The result of a box (or ray) swept from `start` to `end` against brushes, as Quake III's
/// trace reports it.
///
/// When nothing is hit: `fraction` 1, `end_pos` the trace's end, `brush` `None`, `normal` zero,
/// `contents` and `surface_flags` empty (`start_solid` may still be set by a brush the trace
/// leaves).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TraceHit {
    /// How far the box got, in `[0, 1]`: 1 when nothing was hit. A hit stops the box
    /// [`SURFACE_CLIP_EPSILON`](super::SURFACE_CLIP_EPSILON) units (along the hit plane's normal)
    /// before the surface, so `end_pos` is never inside the brush hit.
    pub fraction: f32,
    /// Where the box stopped: `start + fraction · (end − start)` (exactly `end` when nothing
    /// was hit).
    pub end_pos: Vec3,
    /// The outward unit normal of the brush plane hit (bevel planes included); zero when
    /// nothing was hit or the box was [`all_solid`](Self::all_solid).
    pub normal: Vec3,
    /// The start position overlaps a brush of the mask (touching its surface counts).
    pub start_solid: bool,
    /// The whole trace is inside one brush of the mask: the box cannot move (`fraction` 0).
    pub all_solid: bool,
    /// The contents of the brush hit (all its bits, not only those of the mask); empty when
    /// nothing was hit.
    pub contents: Contents,
    /// The surface flags of the brush side hit ([`SurfaceFlags::NOIMPACT`] on sky: a missile
    /// hitting it vanishes); a bevel plane takes the flags of the side whose normal is nearest
    /// to its own. Empty when nothing was hit or the box was all solid.
    pub surface_flags: SurfaceFlags,
    /// The brush hit, or the brush that holds an [`all_solid`](Self::all_solid) trace.
    pub brush: Option<BrushIndex>,
}

impl TraceHit {
    /// Nothing hit: the box went from `start` to `end`.
    #[must_use]
    pub(crate) const fn clear(end: Vec3, start_solid: bool) -> Self {
        Self {
            fraction: 1.0,
            end_pos: end,
            normal: Vec3::ZERO,
            start_solid,
            all_solid: false,
            contents: Contents::empty(),
            surface_flags: SurfaceFlags::empty(),
            brush: None,
        }
    }

    /// The answer to a trace with a non-finite input: stuck where it started.
    #[must_use]
    pub(crate) const fn stuck(start: Vec3) -> Self {
        Self {
            fraction: 0.0,
            end_pos: start,
            normal: Vec3::ZERO,
            start_solid: true,
            all_solid: true,
            contents: Contents::empty(),
            surface_flags: SurfaceFlags::empty(),
            brush: None,
        }
    }

    /// Whether the trace stopped before its end (a brush was hit, or it was all solid).
    #[must_use]
    pub fn hit(&self) -> bool {
        self.fraction < 1.0
    }
}

/// The first of a list of axis-aligned boxes that a swept box hits
/// ([`trace_boxes`](super::trace_boxes)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxHit {
    /// How far the swept box got, in `[0, 1]`, with the same
    /// [`SURFACE_CLIP_EPSILON`](super::SURFACE_CLIP_EPSILON) back-off as a brush hit.
    pub fraction: f32,
    /// The position of the box hit in the caller's slice.
    pub index: usize,
    /// The outward normal of the face hit (an axis); zero when the trace was entirely inside
    /// the box.
    pub normal: Vec3,
}
