//! The arithmetic of one query against one convex brush, shared by the BVH and the brute-force
//! reference so that both give bit-identical answers: [`Sweep`] (a box moving along a segment),
//! [`clip_brush`] (where it enters a brush) and [`contains`] (whether a point is inside one).
//!
//! # The clip
//! A box at origin `p` overlaps a brush when `p` lies in the brush grown by the box (the
//! Minkowski sum of the brush and the mirrored box). With the brush's bevel planes present,
//! that grown brush is bounded by the brush's own planes, each pushed out by the box's extent
//! along its normal. Walking the segment through those planes gives, per plane, the signed
//! distances `d1` of the start and `d2` of the end; the segment enters the grown brush after
//! the last plane it crosses inwards and leaves it at the first plane it crosses outwards.
//! A hit backs off [`SURFACE_CLIP_EPSILON`] units along the entered plane's normal, and a
//! segment ending less than that in front of a plane counts as reaching it, so a box that
//! stopped is never closer than the epsilon to the surface it stopped at (unless it started
//! closer).

use glam::{Vec3, Vec3A};

use super::SURFACE_CLIP_EPSILON;
use super::bvh::Bounds;

/// How far beyond its brushes' bounds (units, on every axis) a bounding box is taken to reach
/// when a query decides whether to look inside it. A brush hit stops at most
/// [`SURFACE_CLIP_EPSILON`] before the brush's grown bounds, and the rest of the margin
/// covers the rounding of the bounds test (far below 1/8 unit for coordinates of real maps),
/// so no box that holds an answer is ever skipped.
pub(crate) const BOUNDS_MARGIN: f32 = 1.0;

/// Stands for the inverse of a zero direction component: large, finite, so that products stay
/// free of NaN.
const HUGE: f32 = 1.0e30;

/// A plane `normal · x = dist` in `f32`, normal pointing out of its brush.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ClipPlane {
    /// Outward unit normal.
    pub(crate) normal: Vec3,
    /// Distance from the origin along `normal`.
    pub(crate) dist: f32,
}

/// What one brush does to a sweep.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Clip {
    /// The sweep does not touch the brush.
    Miss,
    /// The box starts overlapping the brush and leaves it: not stopped, but `start_solid`.
    StartSolid,
    /// The whole sweep is inside the brush.
    AllSolid,
    /// The box enters the brush: stopped at `fraction` by plane `plane` (index in the brush's
    /// planes).
    Hit {
        /// In `[0, 1)`.
        fraction: f32,
        /// The plane entered last.
        plane: usize,
    },
}

/// An axis-aligned box `mins..maxs` (relative to its origin) moving from `start` to `end`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sweep {
    /// Where the box's origin starts.
    pub(crate) start: Vec3,
    /// Where it would end.
    pub(crate) end: Vec3,
    mins: Vec3,
    maxs: Vec3,
    /// `mins` and `maxs` are both zero: a ray, no plane is pushed out.
    ray: bool,
    /// `1 / (end − start)` per axis, `±HUGE` where the component is zero.
    inv_delta: Vec3A,
    /// Added to a bounding box's `mins` before the slab test: the box's reach (`−maxs`), the
    /// margin, and `−start`.
    lo_shift: Vec3A,
    /// Added to a bounding box's `maxs`: `−mins`, the margin, `−start`.
    hi_shift: Vec3A,
}

impl Sweep {
    /// The box `mins..maxs` (corners taken in either order) moving from `start` to `end`;
    /// `None` when an input is not finite.
    pub(crate) fn new(start: Vec3, end: Vec3, mins: Vec3, maxs: Vec3) -> Option<Self> {
        if !(start.is_finite() && end.is_finite() && mins.is_finite() && maxs.is_finite()) {
            return None;
        }
        let (mins, maxs) = (mins.min(maxs), mins.max(maxs));
        let delta = Vec3A::from(end - start);
        // Per lane: ±HUGE (the sign of the zero) where the component is zero, else the
        // inverse kept within ±HUGE.
        let inv_delta = Vec3A::select(
            delta.cmpeq(Vec3A::ZERO),
            Vec3A::splat(HUGE).copysign(delta),
            (Vec3A::ONE / delta).clamp(Vec3A::splat(-HUGE), Vec3A::splat(HUGE)),
        );
        Some(Self {
            start,
            end,
            mins,
            maxs,
            ray: mins == Vec3::ZERO && maxs == Vec3::ZERO,
            inv_delta,
            lo_shift: Vec3A::from(-maxs - Vec3::splat(BOUNDS_MARGIN) - start),
            hi_shift: Vec3A::from(-mins + Vec3::splat(BOUNDS_MARGIN) - start),
        })
    }

    /// The same box moving along the same segment shifted by `-offset` (into the frame of a
    /// brush model placed at `offset`).
    pub(crate) fn shifted(&self, offset: Vec3) -> Option<Self> {
        Self::new(self.start - offset, self.end - offset, self.mins, self.maxs)
    }

    /// The position at `fraction` of the way: exactly `end` at 1.
    pub(crate) fn point_at(&self, fraction: f32) -> Vec3 {
        if fraction >= 1.0 {
            self.end
        } else {
            self.start + (self.end - self.start) * fraction
        }
    }

    /// Where the sweep enters the bounding box `lo..hi` grown by the box and
    /// [`BOUNDS_MARGIN`], as a fraction of the segment (negative when it starts inside), when
    /// it meets the box at a fraction no later than `limit`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[inline]
    pub(crate) fn enters_bounds(&self, (lo, hi): Bounds, limit: f32) -> Option<f32> {
        let t1 = (lo + self.lo_shift) * self.inv_delta;
        let t2 = (hi + self.hi_shift) * self.inv_delta;
        let near = t1.min(t2).max_element();
        let far = t1.max(t2).min_element();
        (near <= far && far >= 0.0 && near <= limit).then_some(near)
    }

    /// The plane's distance pushed out by the box: how far the box's origin can be in front
    /// of the plane while the box still touches it.
    #[inline]
    fn grown_dist(&self, plane: &ClipPlane) -> f32 {
        if self.ray {
            return plane.dist;
        }
        let n = plane.normal;
        let reach = |n: f32, min: f32, max: f32| n * if n < 0.0 { max } else { min };
        plane.dist
            - (reach(n.x, self.mins.x, self.maxs.x)
                + reach(n.y, self.mins.y, self.maxs.y)
                + reach(n.z, self.mins.z, self.maxs.z))
    }
}

/// What the brush bounded by `planes` (with its bevels) does to `sweep`.
///
/// A start closer than [`SURFACE_CLIP_EPSILON`] to a plane it moves towards gives a hit at
/// fraction 0 (the box does not move closer); a start touching or inside the grown brush is
/// inside.
///
/// # Complexity
/// `O(planes)`, stopping at the first plane the whole segment is in front of.
pub(crate) fn clip_brush(planes: &[ClipPlane], sweep: &Sweep) -> Clip {
    let mut enter = f32::NEG_INFINITY;
    let mut enter_plane = None;
    let mut leave = 1.0_f32;
    let (mut start_out, mut end_out) = (false, false);
    for (index, plane) in planes.iter().enumerate() {
        let dist = sweep.grown_dist(plane);
        let d1 = plane.normal.dot(sweep.start) - dist;
        let d2 = plane.normal.dot(sweep.end) - dist;
        start_out |= d1 > 0.0;
        end_out |= d2 > 0.0;
        // In front all the way (not reaching within the epsilon), or moving away: no contact.
        if d1 > 0.0 && (d2 >= SURFACE_CLIP_EPSILON || d2 >= d1) {
            return Clip::Miss;
        }
        if d1 <= 0.0 && d2 <= 0.0 {
            continue;
        }
        // Here d1 != d2: either d1 > d2, or d1 <= 0 < d2.
        if d1 > d2 {
            let fraction = (d1 - SURFACE_CLIP_EPSILON) / (d1 - d2);
            if fraction > enter {
                enter = fraction;
                enter_plane = Some(index);
            }
        } else {
            let fraction = (d1 + SURFACE_CLIP_EPSILON) / (d1 - d2);
            leave = leave.min(fraction);
        }
    }
    if !start_out {
        return if end_out {
            Clip::StartSolid
        } else {
            Clip::AllSolid
        };
    }
    match enter_plane {
        Some(plane) if enter < leave => Clip::Hit {
            fraction: enter.max(0.0),
            plane,
        },
        _ => Clip::Miss,
    }
}

/// Whether `point` is inside (or on) the brush bounded by `planes`.
///
/// # Complexity
/// `O(planes)`.
#[inline]
pub(crate) fn contains(planes: &[ClipPlane], point: Vec3) -> bool {
    planes
        .iter()
        .all(|plane| plane.normal.dot(point) - plane.dist <= 0.0)
}

/// Whether `point` is inside the bounding box `lo..hi` grown by [`BOUNDS_MARGIN`].
#[inline]
pub(crate) fn in_bounds((lo, hi): Bounds, point: Vec3A) -> bool {
    let margin = Vec3A::splat(BOUNDS_MARGIN);
    (lo - margin).cmple(point).all() && point.cmple(hi + margin).all()
}
