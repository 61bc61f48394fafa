//! Where the map's moving brush models are this frame, for shots and sight: doors, buttons
//! and lifts at their current offsets, bobbing platforms where their swing has them.

use aas_geom::brush::ModelNum;
use aas_geom::physics::segment_meets_box;
use glam::Vec3;

use super::World;
use crate::collision::mask;

/// A brush model placed for this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Placement {
    /// The model.
    pub model: ModelNum,
    /// Its offset from where the map built it.
    pub offset: Vec3,
    /// The two-position mover it is (index into the world's binary movers), if it is one.
    pub binary: Option<usize>,
    /// Its bounds where it is now (for a cheap test before tracing its brushes).
    pub mins: Vec3,
    /// Upper corner of those bounds.
    pub maxs: Vec3,
}

/// A ray's hit on a moving model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ModelHit {
    /// Fraction of the ray.
    pub fraction: f32,
    /// Where it stopped.
    pub end: Vec3,
    /// The surface's normal.
    pub normal: Vec3,
    /// The model hit.
    pub placement: Placement,
}

impl World<'_> {
    /// Recomputes [`Placement`]s for the current time (after the movers moved).
    pub(super) fn place_models(&mut self) {
        let time = self.time_ms as f32 / 1000.0;
        let doors = &self.level.doors;
        let models = doors
            .doors
            .iter()
            .chain(&doors.buttons)
            .map(|m| m.model)
            .chain(self.level.movement.plats.iter().map(|p| p.model));
        let collision = &self.level.collision;
        let place = |model: u32, offset: Vec3, binary: Option<usize>| {
            let model = ModelNum(model);
            let (mins, maxs) = collision
                .model_bounds(model)
                .unwrap_or((Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)));
            // A unit of margin: the trace stops short of surfaces, never past the bounds.
            Placement {
                model,
                offset,
                binary,
                mins: mins + offset - Vec3::ONE,
                maxs: maxs + offset + Vec3::ONE,
            }
        };
        let mut placements: Vec<Placement> = models
            .enumerate()
            .map(|(index, model)| place(model, self.binary_movers[index].offset, Some(index)))
            .collect();
        placements.extend(
            self.level
                .movement
                .bobbers
                .iter()
                .map(|bobbing| place(bobbing.model, bobbing.offset_at(time), None)),
        );
        self.placements = placements;
    }

    /// The first moving model a ray from `start` to `end` hits before `fraction`.
    pub(super) fn ray_hits_model(&self, start: Vec3, end: Vec3, fraction: f32) -> Option<ModelHit> {
        let mut best: Option<ModelHit> = None;
        for placement in &self.placements {
            if !segment_meets_box(start, end, placement.mins, placement.maxs) {
                continue;
            }
            let hit = self.level.collision.trace_model(
                placement.model,
                placement.offset,
                start,
                end,
                Vec3::ZERO,
                Vec3::ZERO,
                mask::SHOT,
            );
            let limit = best.map_or(fraction, |b| b.fraction);
            if hit.hit() && hit.fraction < limit {
                best = Some(ModelHit {
                    fraction: hit.fraction,
                    end: hit.end_pos,
                    normal: hit.normal,
                    placement: *placement,
                });
            }
        }
        best
    }

    /// Whether the line from `a` to `b` is clear of the map's solid brushes and of its moving
    /// models where they are now (a closed door hides what is behind it), testing first the
    /// world brush that blocked this line last time and keeping the one that blocks it now
    /// (see
    /// [`CollisionWorld::line_of_sight_hinted`](crate::collision::CollisionWorld::line_of_sight_hinted)).
    /// Callers ask the map's potentially visible set first (with clusters they keep): a pair
    /// it culls cannot see each other, so no trace is run.
    pub(super) fn traced_clear_hinted(
        &self,
        a: Vec3,
        b: Vec3,
        hint: &mut Option<crate::collision::BrushIndex>,
    ) -> bool {
        self.level.collision.line_of_sight_hinted(a, b, hint)
            && self.ray_hits_model(a, b, 1.0).is_none()
    }

    /// [`cluster_of`](Self::cluster_of) through `known`, the last answer for a nearby point
    /// (the point, how far it could move and stay in its leaf, its cluster): reused while
    /// `point` is within that distance, else looked up again and kept.
    pub(super) fn cluster_near(
        &self,
        point: Vec3,
        known: &mut Option<KnownCluster>,
    ) -> Option<u32> {
        if let Some(known) = known
            && point.distance(known.point) < known.room - ROOM_MARGIN
        {
            return known.cluster;
        }
        let (cluster, room) = self
            .level
            .visibility
            .as_ref()
            .map_or((None, 0.0), |v| v.cluster_and_room(point));
        *known = Some(KnownCluster {
            point,
            room,
            cluster,
        });
        cluster
    }

    /// The cluster of `point` in the map's potentially visible set (`None`: no set, or no
    /// cluster there, and then nothing is culled).
    pub(super) fn cluster_of(&self, point: Vec3) -> Option<u32> {
        self.level
            .visibility
            .as_ref()
            .filter(|v| v.has_data())
            .and_then(|v| v.cluster_at(point))
    }

    /// Whether the set lets cluster `to` be seen from cluster `from` (`true` when either is
    /// unknown).
    pub(super) fn clusters_see(&self, from: Option<u32>, to: Option<u32>) -> bool {
        match (&self.level.visibility, from, to) {
            (Some(visibility), Some(from), Some(to)) => visibility.cluster_visible(from, to),
            _ => true,
        }
    }
}

/// Units kept from a known cluster's room, against rounding in the plane distances.
const ROOM_MARGIN: f32 = 0.01;

/// A cluster looked up for `point`, which stays the same while the point moves less than
/// `room` ([`World::cluster_near`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct KnownCluster {
    point: Vec3,
    room: f32,
    cluster: Option<u32>,
}
