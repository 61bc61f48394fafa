//! Rocket-jump reachabilities (thesis §6.4): only towards areas holding items worth it
//! ([`rocket_jump_items`](super::ReachSettings::rocket_jump_items)), and only from
//! the centres of areas a player stands in, to keep their number (and the routing cost) low.
//!
//! From the floor under an area's centre (a box dropped from it), towards the centre of each
//! ground face of an item area that lies at least [`MIN_RISE`] higher: the player leaves the
//! ground with [`rocket_jump_velocity`](super::ReachSettings::rocket_jump_velocity) upwards and
//! the least horizontal speed that comes down on that point (below [`MAX_SPEED`]), moving
//! towards it. The movement is predicted; the reachability is kept (once per target area) when
//! the player lands in the target area without being hurt or entering a liquid, or touches a
//! jump pad on the way.
//!
//! An item's area is found by dropping its origin to the floor (see [`ITEM_LIFTS`] for items
//! under low ceilings). Of the rocket jumps towards one area, those starting within
//! [`rocket_jump_spacing`](super::ReachSettings::rocket_jump_spacing) of a shorter one are
//! dropped ([`spread_out`]): a player that close to a start walks there first, and the thesis
//! keeps rocket jumps few so that routing stays fast.

use glam::Vec3;

use super::jumps::horizontal_speed_for_jump;
use super::{ReachContext, Reachability};
use crate::entities::MapEntities;
use crate::physics::{MoveInput, PlayerState, StopConditions, StopEvents, StopReason};
use crate::world::AreaId;
use crate::world::TravelType;

/// A rocket jump must rise at least this much (units).
const MIN_RISE: f32 = 64.0;
/// The horizontal speed of a rocket jump stays below this (units per second).
const MAX_SPEED: f32 = 300.0;
/// Where an item's area is looked for: the item's origin raised by each of these in turn
/// (units) is dropped to the floor, the first not inside solid counting. Item origins may sit
/// up to 16 units inside a floor; under a low ceiling the player touching the item stands
/// lower, its box reaching 32 units above its origin.
const ITEM_LIFTS: [f32; 4] = [16.0, 0.0, -16.0, -32.0];
/// How long a rocket jump is followed (seconds).
const MAX_FLIGHT: f32 = 4.0;

impl ReachContext<'_> {
    /// The areas holding items worth a rocket jump, in item order, without duplicates.
    pub(crate) fn item_areas(&self, entities: &MapEntities) -> Vec<AreaId> {
        let mut found: Vec<AreaId> = Vec::new();
        let worth = |class: &str| {
            self.settings
                .rocket_jump_items
                .iter()
                .any(|wanted| wanted.eq_ignore_ascii_case(class))
        };
        for item in entities.items.iter().filter(|item| worth(&item.classname)) {
            let Some(rest) = ITEM_LIFTS
                .iter()
                .find_map(|&lift| self.drop_to_floor(item.origin + Vec3::Z * lift))
            else {
                continue;
            };
            let Some(area) = self.floor_area(rest) else {
                continue;
            };
            if !found.contains(&area) {
                found.push(area);
            }
        }
        found
    }

    /// The rocket jumps leaving `a1` towards the item areas: at most one per target, aimed at
    /// the first of its ground faces' centres that the jump lands on.
    pub(crate) fn rocket_jump_reachabilities(
        &self,
        a1: AreaId,
        items: &[AreaId],
    ) -> Vec<Reachability> {
        let floor = &self.floors[a1.index()];
        let physics = &self.settings.physics;
        let vz = self.settings.rocket_jump_velocity;
        if !self.plain_ground(a1) || items.is_empty() {
            return Vec::new();
        }
        let Some(start) = self.drop_to_floor(self.world.areas[a1.index()].center) else {
            return Vec::new();
        };
        if self.floor_area(start) != Some(a1) {
            return Vec::new();
        }
        let mut found = Vec::new();
        for &a2 in items {
            if a2 == a1 || self.floors[a2.index()].maxs.z < floor.mins.z {
                continue;
            }
            for &target in &self.floors[a2.index()].ground_centres {
                let dz = target.z - start.z;
                if dz < MIN_RISE {
                    continue;
                }
                let horizontal = (target - start).truncate();
                let distance = horizontal.length();
                let Some(speed) = horizontal_speed_for_jump(vz, physics.gravity, distance, dz)
                else {
                    continue;
                };
                if speed >= MAX_SPEED {
                    continue;
                }
                let direction = horizontal.normalize_or_zero().extend(0.0);
                if self.rocket_jump_lands_in(start, direction, speed, a2) {
                    found.push(self.reach(
                        a2,
                        TravelType::RocketJump,
                        start,
                        target,
                        self.settings.times.rocket_jump,
                    ));
                    break;
                }
            }
        }
        found
    }

    fn rocket_jump_lands_in(
        &self,
        start: Vec3,
        direction: Vec3,
        speed: f32,
        target: AreaId,
    ) -> bool {
        let mut state = PlayerState::standing_at(start + Vec3::Z * 0.125);
        state.velocity = direction * speed + Vec3::Z * self.settings.rocket_jump_velocity;
        let input = MoveInput {
            direction,
            speed,
            jump: false,
            crouch: false,
        };
        let stop = StopConditions::time_limit(MAX_FLIGHT).or(StopEvents::LANDING
            .union(StopEvents::HIT_GROUND_DAMAGE)
            .union(StopEvents::TOUCH_JUMP_PAD));
        let prediction = self.physics.predict(&state, |_, _| input, &stop);
        match prediction.stop {
            // A jump pad on the way carries the player on.
            StopReason::TouchedJumpPad(_) => true,
            StopReason::HitGround => prediction
                .end()
                .is_some_and(|end| self.floor_area(end.origin) == Some(target)),
            _ => false,
        }
    }
}

/// Thins `candidates` (source area, rocket jump) so that the rocket jumps towards each target
/// start at least `spacing` apart: per target, the shortest jumps (horizontally; then by source
/// area) are kept first. The result is in source-area order, then candidate order.
pub(crate) fn spread_out(
    candidates: Vec<(AreaId, Reachability)>,
    spacing: f32,
) -> Vec<(AreaId, Reachability)> {
    let length = |r: &Reachability| (r.end - r.start).truncate().length();
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (&candidates[a].1, &candidates[b].1);
        ra.target
            .cmp(&rb.target)
            .then(length(ra).total_cmp(&length(rb)))
            .then(candidates[a].0.cmp(&candidates[b].0))
    });
    let mut kept = vec![false; candidates.len()];
    // The order groups the jumps by target: only the earlier jumps of the same group count.
    let mut group_start = 0;
    for (position, &index) in order.iter().enumerate() {
        let jump = &candidates[index].1;
        if order
            .get(group_start)
            .is_some_and(|&first| candidates[first].1.target != jump.target)
        {
            group_start = position;
        }
        let crowded = order[group_start..position]
            .iter()
            .any(|&other| kept[other] && candidates[other].1.start.distance(jump.start) < spacing);
        kept[index] = !crowded;
    }
    candidates
        .into_iter()
        .zip(kept)
        .filter_map(|(candidate, keep)| keep.then_some(candidate))
        .collect()
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::spread_out;
    use crate::world::{AreaId, ReachDetail, Reachability, Travel, TravelType};

    fn jump(from: Vec3, target: u32, to: Vec3) -> Reachability {
        Reachability {
            target: AreaId(target),
            detail: ReachDetail::NONE,
            start: from,
            end: to,
            travel: Travel::new(TravelType::RocketJump),
            travel_time: 500,
        }
    }

    #[test]
    fn jumps_starting_close_together_keep_the_shortest() {
        let ledge = Vec3::new(0.0, 0.0, 160.0);
        let other = Vec3::new(1000.0, 0.0, 160.0);
        let candidates = vec![
            // Three starts within 128 units of each other towards area 7: the one nearest the
            // ledge stays.
            (AreaId(1), jump(Vec3::new(300.0, 0.0, 0.0), 7, ledge)),
            (AreaId(2), jump(Vec3::new(250.0, 50.0, 0.0), 7, ledge)),
            (AreaId(3), jump(Vec3::new(300.0, -40.0, 0.0), 7, ledge)),
            // Far from them: stays.
            (AreaId(4), jump(Vec3::new(-300.0, 0.0, 0.0), 7, ledge)),
            // Another target: spaced on its own.
            (AreaId(1), jump(Vec3::new(300.0, 0.0, 0.0), 9, other)),
            (AreaId(2), jump(Vec3::new(250.0, 50.0, 0.0), 9, other)),
        ];
        let kept: Vec<(u32, u32)> = spread_out(candidates.clone(), 128.0)
            .iter()
            .map(|(area, r)| (area.0, r.target.0))
            .collect();
        assert_eq!(kept, vec![(2, 7), (4, 7), (1, 9)]);
        // Spacing 0 keeps every candidate, in order.
        assert_eq!(spread_out(candidates.clone(), 0.0), candidates);
    }
}
