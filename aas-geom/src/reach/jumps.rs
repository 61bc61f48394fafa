//! Jump reachabilities (thesis §6.4): between the closest points of two floors with a gap
//! between them, validated by predicting the jump with the player physics. A gap that can be
//! crossed by running off the edge without jumping gives a walk-off-ledge reachability
//! instead.

use glam::{Vec2, Vec3};
use smallvec::SmallVec;

use super::floor::BoundaryEdge;
use super::{ReachContext, Reachability};
use crate::physics::{MoveInput, PlayerState, StopConditions, StopEvents, StopReason};
use crate::world::AreaId;
use crate::world::{AreaContents, PresenceType, TravelType};

/// How far back from the edge a predicted jump starts (units).
const START_BACK: f32 = 1.0;
/// Closest-point distances within this of the least are ties (units).
const TIE: f32 = 0.5;
/// How far (units) rounding may put a closest point outside its edge's box.
const ROUNDING_SLACK: f32 = 0.01;
/// Floors closer than this are neighbours, not a gap (units); a gap wider than this between
/// them (a slot as wide as the standing box or slightly wider) is checked by dropping a box
/// into it.
const MIN_DISTANCE: f32 = 0.5;
/// A jump shorter than this is not worth one (units).
const MIN_JUMP_DISTANCE: f32 = 10.0;
/// A gap at most this wide and [`LEVEL`] is run across (units).
const SHORT_GAP: f32 = 48.0;
/// Height differences below this count as level (units).
const LEVEL: f32 = 8.0;
/// Walking off uses this much more than the least horizontal speed.
const WALK_OFF_MARGIN: f32 = 1.2;
/// Jumping uses this much more than the least horizontal speed.
const JUMP_MARGIN: f32 = 1.05;
/// How far below the gap probes look for ground (units).
const GAP_PROBE: f32 = 100.0;
/// How far back from the landing point A2 may be crossed (units).
const LOOK_BACK: f32 = 64.0;
/// The longest a predicted jump may last (seconds).
const MAX_FLIGHT: f32 = 3.0;

/// Closest points of two edges seen from above: the pair of points (one on each edge) with the
/// least horizontal distance; for parallel overlapping edges, the middle of the overlap.
fn closest_points(e1: &BoundaryEdge, e2: &BoundaryEdge) -> (Vec3, Vec3) {
    let (a, b) = (e1.a.truncate(), e1.b.truncate());
    let (c, d) = (e2.a.truncate(), e2.b.truncate());
    let (u, v) = (b - a, d - c);
    let (uu, vv) = (u.length_squared(), v.length_squared());
    if uu <= f32::EPSILON || vv <= f32::EPSILON {
        return (e1.a, e2.a);
    }
    if u.perp_dot(v).abs() <= 1e-4 * (uu * vv).sqrt() {
        // Parallel: the middle of the overlap of the projections, if they overlap.
        let s_c = (c - a).dot(u) / uu;
        let s_d = (d - a).dot(u) / uu;
        let (lo, hi) = (s_c.min(s_d).max(0.0), s_c.max(s_d).min(1.0));
        if lo <= hi {
            let s = (lo + hi) * 0.5;
            let p = a + u * s;
            let t = ((p - c).dot(v) / vv).clamp(0.0, 1.0);
            return (e1.a.lerp(e1.b, s), e2.a.lerp(e2.b, t));
        }
    }
    // Otherwise the best of the four end-point projections.
    let project = |p: Vec2, origin: Vec2, dir: Vec2, len2: f32| {
        ((p - origin).dot(dir) / len2).clamp(0.0, 1.0)
    };
    let candidates = [
        (0.0, project(a, c, v, vv)),
        (1.0, project(b, c, v, vv)),
        (project(c, a, u, uu), 0.0),
        (project(d, a, u, uu), 1.0),
    ];
    let mut best = (f32::INFINITY, 0.0, 0.0);
    for (s, t) in candidates {
        let distance = (a + u * s).distance_squared(c + v * t);
        if distance < best.0 {
            best = (distance, s, t);
        }
    }
    (e1.a.lerp(e1.b, best.1), e2.a.lerp(e2.b, best.2))
}

impl ReachContext<'_> {
    /// The jump (or running walk-off-ledge) reachability from `a1` to `a2`, if there is one.
    ///
    /// The rules: the closest points P1, P2 of the two floors' edges must be more than
    /// [`MIN_DISTANCE`] and less than `max_jump_distance` apart horizontally, with A2's floor no
    /// higher than a jump's apex; a box dropped just past P1 (towards P2) and just before P2
    /// must both fall deeper than a barrier (there is a gap), and one dropped halfway must not
    /// find ground within a barrier (two slots with a floor between them are not one gap: the
    /// floor's area connects them). Then:
    ///
    /// - a short (≤ [`SHORT_GAP`]) nearly level (|dz| < [`LEVEL`]) gap is run across: walk off
    ///   ledge at running speed;
    /// - a lower far side that a fall without jumping can reach (at most running speed, with
    ///   [`WALK_OFF_MARGIN`] more than the least needed) is walked off;
    /// - otherwise the player jumps, with [`JUMP_MARGIN`] more horizontal speed than the least
    ///   that reaches P2 (at least [`MIN_JUMP_DISTANCE`] away; the least speed must not exceed
    ///   the running speed).
    ///
    /// The movement is predicted for at most [`MAX_FLIGHT`] seconds; it must land (or enter
    /// water) without entering lava or slime, in A2 or where the line back towards P1 over
    /// [`LOOK_BACK`] units crosses A2 (a fast jump may overshoot into a neighbour).
    ///
    /// Travel time: a walk off a ledge higher than it is long takes the ledge time; anything
    /// else takes the jump time over the straight distance; both add fall damage (none for a
    /// landing in a liquid or on a jump pad).
    pub(crate) fn jump_reachability(&self, a1: AreaId, a2: AreaId) -> Option<Reachability> {
        let (f1, f2) = (&self.floors[a1.index()], &self.floors[a2.index()]);
        let physics = &self.settings.physics;
        if !f1.grounded || !f2.grounded || !f1.standing || !f2.standing {
            return None;
        }
        if f2.mins.z > f1.maxs.z + physics.jump_apex_height() {
            return None;
        }
        // Floors whose boxes lie farther apart in plan view than the longest jump (with a unit
        // to spare for rounding) have no closer edge points either.
        let gap = (f1.mins.truncate() - f2.maxs.truncate())
            .max(f2.mins.truncate() - f1.maxs.truncate())
            .max(Vec2::ZERO);
        if gap.length() > self.settings.max_jump_distance + 1.0 {
            return None;
        }
        // The closest pairs of floor edge points; ties (a range of closest points, as along
        // two parallel edges, where end points of other edges tie too) are averaged.
        // A pair whose edges' boxes (in plan view) lie farther apart than the least distance so
        // far plus the tie margin can be neither the closest nor a tie: it is not measured.
        let mut pairs: SmallVec<[(f32, Vec3, Vec3); 16]> = SmallVec::new();
        let mut least_so_far = f32::INFINITY;
        for e1 in &f1.ground_edges {
            let (a1, b1) = (e1.a.truncate(), e1.b.truncate());
            let (lo1, hi1) = (a1.min(b1), a1.max(b1));
            for e2 in &f2.ground_edges {
                let (a2, b2) = (e2.a.truncate(), e2.b.truncate());
                let (lo2, hi2) = (a2.min(b2), a2.max(b2));
                let apart = (lo1 - hi2).max(lo2 - hi1).max(Vec2::ZERO).length();
                if apart > least_so_far + TIE + ROUNDING_SLACK {
                    continue;
                }
                let (p1, p2) = closest_points(e1, e2);
                let distance = (p2 - p1).truncate().length();
                least_so_far = least_so_far.min(distance);
                pairs.push((distance, p1, p2));
            }
        }
        let least = pairs
            .iter()
            .map(|(d, _, _)| *d)
            .fold(f32::INFINITY, f32::min);
        let ties = || pairs.iter().filter(|(d, _, _)| *d <= least + TIE);
        let count = ties().count();
        let best = (count > 0).then(|| {
            let count = count as f32;
            let p1 = ties().map(|(_, p, _)| *p).sum::<Vec3>() / count;
            let p2 = ties().map(|(_, _, p)| *p).sum::<Vec3>() / count;
            ((p2 - p1).truncate().length(), p1, p2)
        });
        let (distance, p1, p2) = best?;
        let dz = p2.z - p1.z;
        if distance <= MIN_DISTANCE
            || distance >= self.settings.max_jump_distance
            || dz > physics.jump_apex_height()
        {
            return None;
        }
        let direction = ((p2 - p1).truncate() / distance).extend(0.0);
        let (kind, speed) = if distance <= SHORT_GAP && dz.abs() < LEVEL {
            (TravelType::WalkOffLedge, physics.max_walk_velocity)
        } else if let Some(speed) = horizontal_speed_for_jump(0.0, physics.gravity, distance, dz)
            .filter(|_| dz < 0.0)
            .map(|speed| speed * WALK_OFF_MARGIN)
            .filter(|&speed| speed <= physics.max_walk_velocity)
        {
            (TravelType::WalkOffLedge, speed)
        } else {
            let speed =
                horizontal_speed_for_jump(physics.jump_velocity, physics.gravity, distance, dz)?;
            // Nobody runs faster than the running speed.
            if distance < MIN_JUMP_DISTANCE || speed > physics.max_walk_velocity {
                return None;
            }
            (TravelType::Jump, speed * JUMP_MARGIN)
        };
        if !self.falls_deeper_than_barrier(p1 + direction)
            || !self.falls_deeper_than_barrier(p2 - direction)
            || self.ground_midway(p1, p2)
        {
            return None;
        }
        // Start a unit back from the edge, on the floor, where the first frame finds the ground.
        let start = p1 - direction * START_BACK;
        let run_across = (kind == TravelType::WalkOffLedge && distance <= SHORT_GAP).then_some(a2);
        let landing = self.predicted_landing(
            start,
            direction,
            speed,
            kind == TravelType::Jump,
            run_across,
        )?;
        let look_back = landing + Vec3::Z - direction * LOOK_BACK;
        let lands_in_target = self.world.point_area(landing + Vec3::Z * 0.25) == Some(a2)
            || self
                .world
                .trace_areas(landing, look_back)
                .iter()
                .any(|c| c.area == a2);
        if !lands_in_target {
            return None;
        }
        let times = &self.settings.times;
        let fall = (-dz).max(0.0);
        let damage = self.landing_damage(fall, a2);
        let base = if kind == TravelType::WalkOffLedge && fall > distance {
            times.walk_off_ledge(fall, physics.gravity)
        } else {
            times.jump(p1.distance(p2), physics.max_walk_velocity)
        };
        Some(self.reach(a2, kind, p1, p2, base.saturating_add(damage)))
    }

    /// Whether a standing box dropped at `point` falls more than a barrier's height before it
    /// finds ground it could stand on (lava and slime do not count as ground).
    fn falls_deeper_than_barrier(&self, point: Vec3) -> bool {
        self.drop_below(point) == Some(true)
    }

    /// Whether a box dropped halfway between `p1` and `p2` lands on ground it could stand on
    /// within a barrier's height: the gap is then two narrow slits with floor between them,
    /// which the areas on that floor already connect, not one gap to jump.
    fn ground_midway(&self, p1: Vec3, p2: Vec3) -> bool {
        self.drop_below(p1.lerp(p2, 0.5).with_z(p1.z.max(p2.z))) == Some(false)
    }

    /// A standing box dropped at `point`: `Some(true)` when it falls more than a barrier's
    /// height before it finds ground it could stand on (lava and slime do not count as
    /// ground), `Some(false)` when it finds such ground, `None` when `point` is in solid.
    fn drop_below(&self, point: Vec3) -> Option<bool> {
        let physics = &self.settings.physics;
        let start = point + Vec3::Z * 0.125;
        let trace = self
            .world
            .trace(start, start - Vec3::Z * GAP_PROBE, PresenceType::NORMAL);
        if trace.start_solid {
            return None;
        }
        if trace.fraction >= 1.0 || trace.normal.z < physics.max_steepness {
            return Some(true);
        }
        let hazardous = trace
            .area
            .or_else(|| self.world.point_area(trace.end))
            .is_some_and(|a| {
                self.world.areas[a.index()]
                    .contents
                    .intersects(AreaContents::LAVA | AreaContents::SLIME)
            });
        Some(hazardous || start.z - trace.end.z > physics.reach_max_barrier)
    }

    /// Where a player starting on the ground at `start` with horizontal velocity `direction ×
    /// speed`, moving along `direction` (jumping in the first frame when `jump`), comes down:
    /// the end point of the prediction when it lands or enters water, `None` when it enters
    /// lava or slime, is hurt on landing, or is still flying after [`MAX_FLIGHT`] seconds.
    /// Running across a slot barely wider than the player may not leave the ground at all:
    /// with `run_across`, stepping into that area also ends the prediction there.
    fn predicted_landing(
        &self,
        start: Vec3,
        direction: Vec3,
        speed: f32,
        jump: bool,
        run_across: Option<AreaId>,
    ) -> Option<Vec3> {
        let mut state = PlayerState::standing_at(start + Vec3::Z * 0.125);
        state.velocity = direction * speed;
        // Standing in shallow water the player is already in it: only entering water later
        // (coming down in it) ends the prediction.
        self.physics.update_water_level(&mut state);
        let run = MoveInput {
            direction,
            speed,
            jump: false,
            crouch: false,
        };
        let mut stop = StopConditions::time_limit(MAX_FLIGHT).or(StopEvents::LANDING);
        if let Some(area) = run_across {
            stop = stop.or_enter(area);
        }
        let prediction = self.physics.predict(
            &state,
            |frame, _| {
                if jump && frame == 0 {
                    run.with_jump()
                } else {
                    run
                }
            },
            &stop,
        );
        match prediction.stop {
            StopReason::HitGround | StopReason::EnteredWater | StopReason::EnteredArea(_) => {
                Some(prediction.end()?.origin)
            }
            _ => None,
        }
    }
}

/// The horizontal speed that carries a jump starting with upward speed `vz` over `distance`
/// horizontal units to a point `dz` higher (negative: lower), landing on the way down; `None`
/// when the jump cannot reach that height.
#[must_use]
pub(crate) fn horizontal_speed_for_jump(
    vz: f32,
    gravity: f32,
    distance: f32,
    dz: f32,
) -> Option<f32> {
    let discriminant = vz * vz - 2.0 * gravity * dz;
    if discriminant < 0.0 || gravity <= 0.0 {
        return None;
    }
    let time = (vz + discriminant.sqrt()) / gravity;
    (time > 0.0).then(|| distance / time)
}

#[cfg(test)]
mod tests {
    use glam::{Vec2, Vec3};

    use super::{closest_points, horizontal_speed_for_jump};
    use crate::reach::floor::BoundaryEdge;
    use crate::world::FaceId;

    fn edge(a: Vec3, b: Vec3, outward: Vec2) -> BoundaryEdge {
        BoundaryEdge {
            a,
            b,
            outward,
            face: FaceId(0),
        }
    }

    #[test]
    fn a_level_jump_needs_the_distance_over_the_flight_time() {
        // Up and down again at 270 units per second: 0.675 s in the air.
        let speed = horizontal_speed_for_jump(270.0, 800.0, 135.0, 0.0).unwrap();
        assert!((speed - 200.0).abs() < 1e-3);
        // Walking off a 200-unit ledge: 0.707 s of falling.
        let speed = horizontal_speed_for_jump(0.0, 800.0, 70.71068, -200.0).unwrap();
        assert!((speed - 100.0).abs() < 1e-2);
        // Higher than the apex: impossible.
        assert!(horizontal_speed_for_jump(270.0, 800.0, 10.0, 50.0).is_none());
    }

    #[test]
    fn parallel_edges_meet_in_the_middle_of_their_overlap() {
        let near = edge(
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(100.0, 0.0, 0.0),
            Vec2::NEG_Y,
        );
        let far = edge(
            Vec3::new(40.0, -80.0, 0.0),
            Vec3::new(200.0, -80.0, 0.0),
            Vec2::Y,
        );
        let (p1, p2) = closest_points(&near, &far);
        assert_eq!(p1, Vec3::new(70.0, 0.0, 0.0));
        assert_eq!(p2, Vec3::new(70.0, -80.0, 0.0));
        // Crossing directions: the nearest end point.
        let across = edge(
            Vec3::new(150.0, -10.0, 8.0),
            Vec3::new(150.0, -60.0, 8.0),
            Vec2::X,
        );
        let (p1, p2) = closest_points(&near, &across);
        assert_eq!(p1, Vec3::new(100.0, 0.0, 0.0));
        assert_eq!(p2, Vec3::new(150.0, -10.0, 8.0));
    }
}
