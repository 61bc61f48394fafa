//! The queries of [`CollisionWorld`] through its BVHs: [`trace`](CollisionWorld::trace),
//! [`trace_model`](CollisionWorld::trace_model), [`contents`](CollisionWorld::contents),
//! [`model_contents`](CollisionWorld::model_contents) and
//! [`line_of_sight`](CollisionWorld::line_of_sight).
//!
//! A trace walks its model's tree depth first, nearer child first, skipping every subtree
//! whose bounds (grown by the box) the segment enters later than the best hit so far or
//! whose brushes' contents all miss the mask.

use aas_geom::brush::{Contents, ModelNum};
use glam::{Vec3, Vec3A};

use super::{BrushIndex, TraceHit};
use super::bvh::{ChildRef, MAX_DEPTH};
use super::clip::{Clip, Sweep, clip_brush, contains, in_bounds};
use super::mask;
use super::merge::Merged;
use super::world::{CollisionWorld, ModelTree};

impl CollisionWorld {
    /// Sweeps the box `mins..maxs` (relative to its origin; both zero for a ray) from `start`
    /// to `end` through the world model's brushes whose contents intersect `mask`, and returns
    /// where it stops (see [`TraceHit`] and the [module docs](super)).
    ///
    /// Brush models (doors, platforms) are not included: trace them at their current place
    /// with [`trace_model`](Self::trace_model), and players with
    /// [`trace_boxes`](super::trace_boxes), then keep the nearest hit. Deterministic: the same
    /// inputs give bit-identical results, equal to
    /// [`brute_force_trace`](Self::brute_force_trace)'s. A non-finite input gives an
    /// all-solid trace that does not move.
    ///
    /// # Complexity
    /// `O(log n)` tree nodes for a short trace in a BVH of `n` brushes, up to `O(n)` for a
    /// segment that crosses the whole map without hitting anything; each brush tested costs
    /// `O(planes)`. Measured on real maps: see the crate's `ARCHITECTURE.md`.
    #[must_use]
    pub fn trace(
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
        self.tree(ModelNum::WORLD)
            .map_or_else(Merged::default, |tree| self.sweep_tree(tree, &sweep, mask))
            .finish(self, &sweep)
    }

    /// [`trace`](Self::trace) against brush model `model` moved by `offset` from where the map
    /// placed it (a door at its current position). A model without usable brushes is never
    /// hit. The end position and normal are in world coordinates.
    ///
    /// # Complexity
    /// As [`trace`](Self::trace), over the model's brushes, plus `O(log models)`.
    #[must_use]
    #[expect(
        clippy::too_many_arguments,
        reason = "the model and its offset, then trace()'s own arguments"
    )]
    pub fn trace_model(
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
        self.tree(model)
            .map_or_else(Merged::default, |tree| self.sweep_tree(tree, &local, mask))
            .finish(self, &sweep)
    }

    /// Whether the segment from `a` to `b` is clear of solid brushes of the world model: a
    /// ray with mask [`mask::SIGHT`] (water, slime, lava, fog and clip brushes are seen
    /// through) that hits nothing and does not start in solid.
    ///
    /// As for every trace, a point closer than
    /// [`SURFACE_CLIP_EPSILON`](super::SURFACE_CLIP_EPSILON) to a solid surface facing the ray
    /// counts as hidden. Brush models (a closed door) are not included.
    ///
    /// # Complexity
    /// As [`trace`](Self::trace), stopping at the first brush that blocks.
    #[must_use]
    pub fn line_of_sight(&self, a: Vec3, b: Vec3) -> bool {
        self.sight_blocker(a, b).is_none()
    }

    /// [`line_of_sight`](Self::line_of_sight) that tests `hint` first: a brush that blocked
    /// this line before, which a caller keeps per line it checks again and again (a wall
    /// between two players usually stays between them from one frame to the next). On a
    /// block, `hint` becomes the brush that blocked; on a clear line it is left alone.
    ///
    /// Exactly [`line_of_sight`](Self::line_of_sight)'s answer whatever the hint (a line is
    /// blocked as soon as one brush blocks it; a hint that does not, or that names no world
    /// brush, only costs its test).
    ///
    /// # Complexity
    /// `O(planes of the hinted brush)` when it still blocks, else as
    /// [`line_of_sight`](Self::line_of_sight).
    #[must_use]
    pub fn line_of_sight_hinted(&self, a: Vec3, b: Vec3, hint: &mut Option<BrushIndex>) -> bool {
        let Some(sweep) = Sweep::new(a, b, Vec3::ZERO, Vec3::ZERO) else {
            return false;
        };
        if let Some(BrushIndex(brush)) = *hint
            && self.brush_blocks(brush, &sweep, mask::SIGHT)
        {
            return false;
        }
        match self.tree(ModelNum::WORLD).and_then(|tree| self.any_clip(tree, &sweep, mask::SIGHT)) {
            Some(brush) => {
                *hint = Some(BrushIndex(brush));
                false
            }
            None => true,
        }
    }

    /// The world brush that blocks the segment from `a` to `b` for
    /// [`line_of_sight`](Self::line_of_sight) (the first one found), or `None` when it is
    /// clear; a non-finite point is blocked by no particular brush and gives `Some` of an
    /// index past the last brush.
    fn sight_blocker(&self, a: Vec3, b: Vec3) -> Option<u32> {
        let Some(sweep) = Sweep::new(a, b, Vec3::ZERO, Vec3::ZERO) else {
            return Some(u32::MAX);
        };
        self.tree(ModelNum::WORLD)
            .and_then(|tree| self.any_clip(tree, &sweep, mask::SIGHT))
    }

    /// Whether world brush `brush` (an index that may be out of range) meets `mask` and stops
    /// `sweep` or holds its start.
    fn brush_blocks(&self, brush: u32, sweep: &Sweep, mask: Contents) -> bool {
        self.brushes.get(brush as usize).is_some_and(|entry| {
            entry.model == ModelNum::WORLD
                && entry.plane_count > 0
                && entry.contents.intersects(mask)
                && !matches!(clip_brush(self.brush_planes(entry), sweep), Clip::Miss)
        })
    }

    /// A brush of `tree` whose contents meet `mask` and that stops `sweep` or holds its
    /// start: [`sweep_tree`](Self::sweep_tree)'s `start_solid || hit()` without looking for
    /// the nearest hit, so it stops at the first (a line of sight needs no more). Subtrees
    /// the sweep enters sooner are visited first, where a blocker is likelier.
    fn any_clip(&self, tree: &ModelTree, sweep: &Sweep, mask: Contents) -> Option<u32> {
        let bvh = &tree.bvh;
        let (root, bounds, contents) = bvh.root?;
        if bvh.depth >= MAX_DEPTH {
            // Never built (see `MAX_DEPTH`): every brush of the model.
            return (0..self.brushes.len())
                .filter_map(|index| u32::try_from(index).ok())
                .find(|&brush| {
                    let entry = &self.brushes[brush as usize];
                    entry.model == tree.model
                        && entry.plane_count > 0
                        && entry.contents.intersects(mask)
                        && !matches!(clip_brush(self.brush_planes(entry), sweep), Clip::Miss)
                });
        }
        if !contents.intersects(mask) || sweep.enters_bounds(bounds, 1.0).is_none() {
            return None;
        }
        let mut stack = [ChildRef { index: 0, count: 0 }; MAX_DEPTH];
        stack[0] = root;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let child = stack[len];
            if child.count > 0 {
                let run = child.index as usize..(child.index + child.count) as usize;
                for (&brush, &bounds) in bvh.items[run.clone()].iter().zip(&bvh.item_bounds[run]) {
                    if sweep.enters_bounds(bounds, 1.0).is_none() {
                        continue;
                    }
                    let entry = &self.brushes[brush as usize];
                    if entry.contents.intersects(mask)
                        && !matches!(clip_brush(self.brush_planes(entry), sweep), Clip::Miss)
                    {
                        return Some(brush);
                    }
                }
                continue;
            }
            let node = &bvh.nodes[child.index as usize];
            let enter = |side: usize| {
                node.contents[side]
                    .intersects(mask)
                    .then(|| sweep.enters_bounds(node.bounds[side], 1.0))
                    .flatten()
                    .map(|near| (node.children[side], near))
            };
            // Push the farther child first so that the nearer one is visited first.
            match (enter(0), enter(1)) {
                (Some(a), Some(b)) => {
                    let (later, sooner) = if b.1 < a.1 { (a, b) } else { (b, a) };
                    stack[len] = later.0;
                    stack[len + 1] = sooner.0;
                    len += 2;
                }
                (Some((child, _)), None) | (None, Some((child, _))) => {
                    stack[len] = child;
                    len += 1;
                }
                (None, None) => {}
            }
        }
        None
    }

    /// The union of the contents of the world model's brushes that contain `point` (on their
    /// surface counts) and whose contents intersect `mask`; each brush adds all its bits, not
    /// only the mask's. Empty for a non-finite point.
    ///
    /// Use [`mask::LIQUID`] to learn whether a point is in water, slime or lava.
    ///
    /// # Complexity
    /// `O(log n)` tree nodes in a BVH of `n` brushes for points that few brushes' bounds hold.
    #[must_use]
    pub fn contents(&self, point: Vec3, mask: Contents) -> Contents {
        if !point.is_finite() {
            return Contents::empty();
        }
        self.tree(ModelNum::WORLD)
            .map_or_else(Contents::empty, |tree| self.point_tree(tree, point, mask))
    }

    /// [`contents`](Self::contents) of brush model `model` moved by `offset`.
    ///
    /// # Complexity
    /// As [`contents`](Self::contents), plus `O(log models)`.
    #[must_use]
    pub fn model_contents(
        &self,
        model: ModelNum,
        offset: Vec3,
        point: Vec3,
        mask: Contents,
    ) -> Contents {
        let local = point - offset;
        if !local.is_finite() {
            return Contents::empty();
        }
        self.tree(model)
            .map_or_else(Contents::empty, |tree| self.point_tree(tree, local, mask))
    }

    /// The clips of the brushes of `tree` that can matter, merged.
    pub(crate) fn sweep_tree(&self, tree: &ModelTree, sweep: &Sweep, mask: Contents) -> Merged {
        let bvh = &tree.bvh;
        let mut merged = Merged::default();
        let Some((root, bounds, contents)) = bvh.root else {
            return merged;
        };
        if bvh.depth >= MAX_DEPTH {
            // Never built (see `MAX_DEPTH`); the reference gives the same answer.
            return self.brute_sweep(tree.model, sweep, mask);
        }
        let Some(near) = contents
            .intersects(mask)
            .then(|| sweep.enters_bounds(bounds, 1.0))
            .flatten()
        else {
            return merged;
        };
        // (subtree, fraction at which the sweep enters its grown bounds); at most one entry
        // per level of the tree is pending.
        let mut stack = [(ChildRef { index: 0, count: 0 }, 0.0_f32); MAX_DEPTH];
        stack[0] = (root, near);
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let (child, near) = stack[len];
            if near > merged.limit() {
                continue;
            }
            if child.count > 0 {
                let run = child.index as usize..(child.index + child.count) as usize;
                for (&brush, &bounds) in bvh.items[run.clone()].iter().zip(&bvh.item_bounds[run]) {
                    if sweep.enters_bounds(bounds, merged.limit()).is_none() {
                        continue;
                    }
                    let entry = &self.brushes[brush as usize];
                    if entry.contents.intersects(mask) {
                        merged.add(brush, clip_brush(self.brush_planes(entry), sweep));
                    }
                }
                continue;
            }
            let node = &bvh.nodes[child.index as usize];
            let limit = merged.limit();
            let enter = |side: usize| {
                node.contents[side]
                    .intersects(mask)
                    .then(|| sweep.enters_bounds(node.bounds[side], limit))
                    .flatten()
                    .map(|near| (node.children[side], near))
            };
            // Push the farther child first so that the nearer one is visited first.
            let (later, sooner) = match (enter(0), enter(1)) {
                (Some(a), Some(b)) if b.1 < a.1 => (Some(a), Some(b)),
                (a, b) => (b, a),
            };
            for entry in [later, sooner].into_iter().flatten() {
                stack[len] = entry;
                len += 1;
            }
        }
        merged
    }

    /// The union of the contents of the brushes of `tree` that hold `point`.
    fn point_tree(&self, tree: &ModelTree, point: Vec3, mask: Contents) -> Contents {
        let bvh = &tree.bvh;
        let mut found = Contents::empty();
        let Some((root, bounds, contents)) = bvh.root else {
            return found;
        };
        if bvh.depth >= MAX_DEPTH {
            // Never built (see `MAX_DEPTH`); the reference gives the same answer.
            return self.brute_point(tree.model, point, mask);
        }
        let at = Vec3A::from(point);
        if !(contents.intersects(mask) && in_bounds(bounds, at)) {
            return found;
        }
        let mut stack = [root; MAX_DEPTH];
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let child = stack[len];
            if child.count > 0 {
                let run = child.index as usize..(child.index + child.count) as usize;
                for (&brush, &bounds) in bvh.items[run.clone()].iter().zip(&bvh.item_bounds[run]) {
                    if !in_bounds(bounds, at) {
                        continue;
                    }
                    let entry = &self.brushes[brush as usize];
                    if entry.contents.intersects(mask) && contains(self.brush_planes(entry), point)
                    {
                        found |= entry.contents;
                    }
                }
                continue;
            }
            let node = &bvh.nodes[child.index as usize];
            for side in 0..2 {
                if node.contents[side].intersects(mask) && in_bounds(node.bounds[side], at) {
                    stack[len] = node.children[side];
                    len += 1;
                }
            }
        }
        found
    }
}
