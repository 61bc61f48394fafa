//! The brute-force reference: the same queries answered by testing every brush, with no tree
//! and no bounds tests. It shares the per-brush arithmetic ([`clip_brush`], [`contains`]) and
//! the merge rule with the BVH, so the two must agree bit for bit; the property tests and the
//! bench check that they do, and the bench measures what the tree saves.

use aas_geom::brush::{Contents, ModelNum};
use glam::Vec3;

use super::TraceHit;
use super::clip::{Sweep, clip_brush, contains};
use super::merge::Merged;
use super::world::CollisionWorld;

impl CollisionWorld {
    /// [`trace`](Self::trace) computed by clipping the sweep against every brush of the world
    /// model: the reference the BVH is tested and measured against. Same answers, bit for
    /// bit; use it only for tests and measurements.
    ///
    /// # Complexity
    /// `O(Σ planes)` over every brush of the map.
    #[must_use]
    pub fn brute_force_trace(
        &self,
        start: Vec3,
        end: Vec3,
        mins: Vec3,
        maxs: Vec3,
        mask: Contents,
    ) -> TraceHit {
        let Some(sweep) = Sweep::new(start, end, mins, maxs) else {
            return TraceHit::stuck(start);
        };
        self.brute_sweep(ModelNum::WORLD, &sweep, mask)
            .finish(self, &sweep)
    }

    /// [`trace_model`](Self::trace_model) computed by clipping against every brush of the
    /// model (the reference).
    ///
    /// # Complexity
    /// `O(Σ planes)` over every brush of the map.
    #[must_use]
    #[expect(
        clippy::too_many_arguments,
        reason = "the model and its offset, then trace()'s own arguments"
    )]
    pub fn brute_force_trace_model(
        &self,
        model: ModelNum,
        offset: Vec3,
        start: Vec3,
        end: Vec3,
        mins: Vec3,
        maxs: Vec3,
        mask: Contents,
    ) -> TraceHit {
        let (Some(sweep), true) = (Sweep::new(start, end, mins, maxs), offset.is_finite()) else {
            return TraceHit::stuck(start);
        };
        let Some(local) = sweep.shifted(offset) else {
            return TraceHit::stuck(start);
        };
        self.brute_sweep(model, &local, mask).finish(self, &sweep)
    }

    /// [`contents`](Self::contents) computed by testing every brush of the world model (the
    /// reference).
    ///
    /// # Complexity
    /// `O(Σ planes)` over every brush of the map.
    #[must_use]
    pub fn brute_force_contents(&self, point: Vec3, mask: Contents) -> Contents {
        if !point.is_finite() {
            return Contents::empty();
        }
        self.brute_point(ModelNum::WORLD, point, mask)
    }

    /// Every brush of `model` clipped and merged, in index order.
    pub(crate) fn brute_sweep(&self, model: ModelNum, sweep: &Sweep, mask: Contents) -> Merged {
        let mut merged = Merged::default();
        for (index, entry) in self.brushes.iter().enumerate() {
            if entry.model == model && entry.plane_count > 0 && entry.contents.intersects(mask) {
                let brush = u32::try_from(index).unwrap_or(u32::MAX);
                merged.add(brush, clip_brush(self.brush_planes(entry), sweep));
            }
        }
        merged
    }

    /// The union of the contents of every brush of `model` that holds `point`.
    pub(crate) fn brute_point(&self, model: ModelNum, point: Vec3, mask: Contents) -> Contents {
        self.brushes
            .iter()
            .filter(|entry| {
                entry.model == model
                    && entry.plane_count > 0
                    && entry.contents.intersects(mask)
                    && contains(self.brush_planes(entry), point)
            })
            .fold(Contents::empty(), |found, entry| found | entry.contents)
    }
}
