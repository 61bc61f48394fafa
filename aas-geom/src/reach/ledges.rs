//! Walk-off-ledge reachabilities found by dropping a box past the floor's edges (the final
//! pass of botlib's ledge search): from every boundary edge of an area's floor with a drop
//! deeper than a step behind it, towards the area a player walking off lands in (sliding off
//! surfaces too steep to stand on, such as the bevelled lip of a pool, on the way down).

use glam::Vec3;

use super::{ReachContext, Reachability};
use crate::sample::Trace;
use crate::world::AreaId;
use crate::world::{PresenceType, TravelType};

/// Edges longer than this are sampled every this many units (and at their middle).
const SAMPLE_SPACING: f32 = 64.0;
/// How far past the edge the box is dropped.
const STEP_PAST: f32 = 1.0;
/// The deepest fall looked for when falls are unlimited.
const MAX_DROP: f32 = 4096.0;
/// How far out along a steep surface a falling box slides before falling on (units).
const SLIDE_STEP: f32 = 2.0;
/// The most steep surfaces a falling box slides off.
const MAX_SLIDES: usize = 64;

impl ReachContext<'_> {
    /// The areas a player walking off the edges of `a1`'s floor lands in, with the
    /// reachabilities, at most one per target area (the first sample found).
    pub(crate) fn ledge_reachabilities(
        &self,
        a1: AreaId,
        reached: &mut Vec<AreaId>,
    ) -> Vec<Reachability> {
        let floor = &self.floors[a1.index()];
        let physics = &self.settings.physics;
        let mut found = Vec::new();
        if !floor.standing {
            return found;
        }
        let max_drop = if physics.reach_max_fall_height > 0.0 {
            physics.reach_max_fall_height
        } else {
            MAX_DROP
        };
        for edge in &floor.ground_edges {
            let length = (edge.b - edge.a).truncate().length();
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a small positive count"
            )]
            let samples = ((length / SAMPLE_SPACING).floor() as usize).max(1);
            for i in 0..samples {
                #[expect(clippy::cast_precision_loss, reason = "small counts")]
                let s = length * (i as f32 + 0.5) / samples as f32;
                let on_edge = edge.point_at(s);
                let past = on_edge + (edge.outward * STEP_PAST).extend(0.0) + Vec3::Z * 0.25;
                if self.world.point_area(past).is_none() {
                    continue;
                }
                let Some(trace) = self.fall(past, max_drop) else {
                    continue;
                };
                let drop = on_edge.z - trace.end.z;
                if drop <= physics.reach_max_step || trace.normal.z < physics.max_steepness {
                    continue;
                }
                let Some(a2) = self
                    .world
                    .point_area(trace.end + Vec3::Z * 0.25)
                    .or(trace.area)
                else {
                    continue;
                };
                if a2 == a1 || reached.contains(&a2) || !self.floors[a2.index()].standing {
                    continue;
                }
                let time = self.ledge_time(drop, a2);
                reached.push(a2);
                found.push(self.reach(a2, TravelType::WalkOffLedge, on_edge, trace.end, time));
            }
        }
        found
    }

    /// Where a box dropped at `from` comes to rest: straight down, sliding off surfaces too
    /// steep to stand on ([`SLIDE_STEP`] out along their slope, then down again, at most
    /// [`MAX_SLIDES`] times). `None` when it starts in solid, or finds no ground within
    /// `max_drop` below `from`.
    fn fall(&self, from: Vec3, max_drop: f32) -> Option<Trace> {
        let steep = self.settings.physics.max_steepness;
        let bottom = from.z - max_drop;
        let mut start = from;
        for _ in 0..=MAX_SLIDES {
            if start.z <= bottom {
                return None;
            }
            let trace = self
                .world
                .trace(start, start.with_z(bottom), PresenceType::NORMAL);
            if trace.start_solid || trace.fraction >= 1.0 {
                return None;
            }
            let downhill = trace.normal.truncate().normalize_or_zero();
            if trace.normal.z >= steep || downhill == glam::Vec2::ZERO {
                return Some(trace);
            }
            start = trace.end + (downhill * SLIDE_STEP).extend(0.25);
        }
        None
    }
}
