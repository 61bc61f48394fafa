//! Collision queries of the physics: the AAS trace combined with the movers' boxes, and the
//! liquid at a point.

use glam::Vec3;

use super::Physics;
use super::movers::sweep_box;
use crate::sample::{TRACE_EPSILON, Trace};
use crate::world::{AreaContents, AreaId, PresenceType};

/// A mover hit at most this much farther along a move than the world's hit (units) is taken
/// as the hit.
const MOVER_TIE: f32 = 1.0 / 32.0;

/// The result of [`Physics::trace_box`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct MoveTrace {
    /// The start is inside solid: nothing moved.
    pub(crate) start_solid: bool,
    /// Fraction of the move made.
    pub(crate) fraction: f32,
    /// Where the origin stopped.
    pub(crate) end: Vec3,
    /// Normal of the surface hit, facing back towards the start (zero when nothing was hit).
    pub(crate) normal: Vec3,
    /// The mover hit, when the closest obstacle was one.
    pub(crate) mover: Option<usize>,
}

impl Physics<'_> {
    /// Moves the player box of `presence` from `start` towards `end` at simulated `time`: the
    /// AAS world's trace, shortened by the first mover box in the way. A mover as close as the
    /// world's hit (within [`MOVER_TIE`]) is reported as the hit, at the world's stop.
    pub(crate) fn trace_box(
        &self,
        start: Vec3,
        end: Vec3,
        presence: PresenceType,
        pmins: Vec3,
        pmaxs: Vec3,
        time: f32,
    ) -> MoveTrace {
        let world = self.world.trace_without_stop_area(start, end, presence);
        self.shortened_by_movers(world, start, end, (pmins, pmaxs), time)
    }

    /// The AAS world's trace `world` of the move from `start` to `end` (as
    /// [`trace_box`](Self::trace_box) makes it), shortened by the first mover box in the way.
    pub(crate) fn shortened_by_movers(
        &self,
        world: Trace,
        start: Vec3,
        end: Vec3,
        (pmins, pmaxs): (Vec3, Vec3),
        time: f32,
    ) -> MoveTrace {
        let mut result = MoveTrace {
            start_solid: world.start_solid,
            fraction: world.fraction,
            end: world.end,
            normal: world.normal,
            mover: None,
        };
        if world.start_solid {
            return result;
        }
        let total = end - start;
        let length = total.length();
        // The box the move sweeps: a mover wholly outside it cannot be touched.
        let (swept_mins, swept_maxs) = (start.min(end) + pmins, start.max(end) + pmaxs);
        for (index, mover) in self.movers.iter().enumerate() {
            let (mins, maxs) = mover.bounds_at(time);
            if maxs.cmplt(swept_mins).any() || mins.cmpgt(swept_maxs).any() {
                continue;
            }
            let Some((fraction, normal)) = sweep_box(start, end, pmins, pmaxs, mins, maxs) else {
                continue;
            };
            let along = total.dot(normal);
            let back_off = if along < 0.0 {
                TRACE_EPSILON / -along
            } else {
                0.0
            };
            let fraction = (fraction - back_off).max(0.0);
            // A mover as close as the world's hit is the one hit: a platform at rest flush with
            // the floor is what the player stands on, and carries the player when it moves.
            let ties_world = result.mover.is_none()
                && result.fraction < 1.0
                && (fraction - result.fraction) * length <= MOVER_TIE;
            if fraction < result.fraction || ties_world {
                // A tie keeps the world's stop: the mover's may lie a hair beyond it, inside
                // the world's solid.
                let fraction = fraction.min(result.fraction);
                result = MoveTrace {
                    start_solid: false,
                    fraction,
                    end: if fraction == result.fraction {
                        result.end
                    } else {
                        start + total * fraction
                    },
                    normal,
                    mover: Some(index),
                };
            }
        }
        result
    }

    /// The liquid of the area of the box at `origin` lifted by `lift` (a lift that would go
    /// into a ceiling stops there). A liquid area is where a box overlaps the liquid, so for
    /// liquid below (pools) this tells whether the point `lift` above the box's bottom is
    /// under the surface.
    pub(crate) fn liquid_lifted(
        &self,
        origin: Vec3,
        lift: f32,
        presence: PresenceType,
        mins: Vec3,
        maxs: Vec3,
        time: f32,
    ) -> AreaContents {
        let point = origin + Vec3::Z * lift;
        // Every point looked at lies between the origin and `point`: away from all liquid
        // areas, none of them is in one.
        if !self
            .liquid_bounds
            .meets(origin.min(point), origin.max(point))
        {
            return AreaContents::empty();
        }
        if let Some(area) = self.world.point_area(point) {
            return self.area_liquid(area);
        }
        let trace = self.trace_box(origin, point, presence, mins, maxs, time);
        if trace.start_solid {
            return self.liquid_at(origin);
        }
        self.liquid_at(trace.end)
    }

    /// The liquid contents at `point` (empty outside liquids and in solid).
    pub(crate) fn liquid_at(&self, point: Vec3) -> AreaContents {
        self.world
            .point_area(point)
            .map_or(AreaContents::empty(), |area| self.area_liquid(area))
    }

    /// The liquid contents of `area` (empty for an id out of range).
    fn area_liquid(&self, area: AreaId) -> AreaContents {
        self.world
            .areas
            .get(area.index())
            .map_or(AreaContents::empty(), |area| {
                area.contents & AreaContents::LIQUIDS
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{Mover, MoverMotion, PhysicsSettings};
    use crate::world::AasWorld;

    #[test]
    fn a_mover_tied_with_the_world_is_hit_at_the_worlds_stop() {
        let world = AasWorld::default();
        // A box whose face (grown by the player's) lies 0.15 units beyond where the world
        // trace stopped (on the wall): backed off by the trace epsilon, its stop is 0.025
        // beyond the world's, a tie.
        let (pmins, pmaxs) = (Vec3::new(-15.0, -15.0, -24.0), Vec3::new(15.0, 15.0, 32.0));
        let physics = Physics::new(&world, PhysicsSettings::default()).with_movers(vec![Mover {
            mins: Vec3::new(100.0 + 15.0 + 0.15, -50.0, -50.0),
            maxs: Vec3::new(200.0, 50.0, 50.0),
            motion: MoverMotion::Fixed { offset: Vec3::ZERO },
        }]);
        let (start, end) = (Vec3::new(90.0, 0.0, 0.0), Vec3::new(110.0, 0.0, 0.0));
        let wall = Trace {
            start_solid: false,
            fraction: 0.5,
            end: Vec3::new(100.0, 0.0, 0.0),
            area: None,
            plane: None,
            normal: Vec3::NEG_X,
        };
        let hit = physics.shortened_by_movers(wall, start, end, (pmins, pmaxs), 0.0);
        assert_eq!(hit.mover, Some(0));
        assert_eq!(hit.fraction, 0.5);
        assert_eq!(hit.end, wall.end);
        // A mover nearer than the wall is hit where it is.
        let near = physics.shortened_by_movers(
            Trace {
                fraction: 1.0,
                end,
                normal: Vec3::ZERO,
                ..wall
            },
            start,
            end,
            (pmins, pmaxs),
            0.0,
        );
        assert_eq!(near.mover, Some(0));
        assert!(near.fraction > 0.5 && near.fraction < 0.502, "{near:?}");
    }
}
