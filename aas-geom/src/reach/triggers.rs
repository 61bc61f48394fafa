//! Jump-pad reachabilities (thesis §6.4), and what they share with the teleporter ones
//! (`teleports.rs`): from every area of a trigger volume (the areas with the trigger's contents
//! whose region a standing box overlapping the trigger can be in) to where the trigger sends
//! the player.
//!
//! - **Jump pad**: a standing player on the floor under the pad's centre is launched by the
//!   physics (the pad is a trigger) and followed until it lands; the pad's areas lead to the
//!   landing area, unless it lands on a jump pad again (a pad that throws the player straight
//!   up gives no reachability, as observed in bspc's output). `face_num` holds the launch's
//!   vertical speed and `edge_num` its horizontal speed, as bspc stores them.

use glam::Vec3;

use super::travel_time::centiseconds;
use super::{ReachContext, Reachability};
use crate::entities::MapEntities;
use crate::format::aas_q3::{AreaContents, PresenceType, TravelType};
use crate::physics::{
    MoveInput, PlayerState, STANDING_MAXS, STANDING_MINS, StopConditions, StopEvents, StopReason,
};
use crate::world::AreaId;

/// How far a destination or start point is dropped to find the floor.
const MAX_DROP: f32 = 4096.0;
/// How long a jump-pad flight is followed (seconds).
const MAX_PAD_FLIGHT: f32 = 6.0;

impl ReachContext<'_> {
    /// The areas with `contents` that a standing box touching the box `mins..maxs` can be in,
    /// sorted by id.
    pub(crate) fn trigger_areas(
        &self,
        mins: Vec3,
        maxs: Vec3,
        contents: AreaContents,
    ) -> Vec<AreaId> {
        self.world
            .bbox_areas(mins - STANDING_MAXS, maxs - STANDING_MINS)
            .into_iter()
            .filter(|area| self.world.areas[area.index()].contents.intersects(contents))
            .collect()
    }

    /// Where a standing box dropped from `point` comes to rest, if it does.
    pub(crate) fn drop_to_floor(&self, point: Vec3) -> Option<Vec3> {
        let trace = self
            .world
            .trace(point, point - Vec3::Z * MAX_DROP, PresenceType::NORMAL);
        (!trace.start_solid && trace.fraction < 1.0).then_some(trace.end)
    }

    /// The area containing a point resting on a floor.
    pub(crate) fn floor_area(&self, rest: Vec3) -> Option<AreaId> {
        self.world
            .point_area(rest + Vec3::Z * 0.25)
            .or_else(|| self.world.point_area(rest))
    }

    /// Jump-pad reachabilities, with their source areas, in entity order.
    pub(crate) fn jump_pad_reachabilities(
        &self,
        entities: &MapEntities,
    ) -> Vec<(AreaId, Reachability)> {
        let mut found = Vec::new();
        for pad in &entities.jump_pads {
            let centre = pad.centre();
            let top = Vec3::new(centre.x, centre.y, pad.maxs.z - STANDING_MINS.z);
            let Some(start) = self.drop_to_floor(top) else {
                continue;
            };
            let Some(landing) = self.pad_landing(start) else {
                continue;
            };
            let Some(target) = self.floor_area(landing) else {
                continue;
            };
            if self.world.areas[target.index()]
                .contents
                .contains(AreaContents::JUMPPAD)
            {
                continue;
            }
            let horizontal = pad.velocity.truncate().length();
            for area in self.trigger_areas(pad.mins, pad.maxs, AreaContents::JUMPPAD) {
                if area == target {
                    continue;
                }
                let mut reach = self.reach(
                    target,
                    TravelType::JumpPad,
                    start,
                    landing,
                    self.settings.times.jump_pad,
                );
                reach.face_num = i32::from(centiseconds(pad.velocity.z));
                reach.edge_num = i32::from(centiseconds(horizontal));
                found.push((area, reach));
            }
        }
        found
    }

    /// Where a player standing at `start` on a jump pad lands after the launch.
    fn pad_landing(&self, start: Vec3) -> Option<Vec3> {
        let state = PlayerState::standing_at(start + Vec3::Z * 0.125);
        let stop = StopConditions::time_limit(MAX_PAD_FLIGHT).or(StopEvents::LANDING);
        let prediction = self
            .physics
            .predict(&state, |_, _| MoveInput::idle(), &stop);
        match prediction.stop {
            StopReason::HitGround | StopReason::EnteredWater => prediction.end().map(|s| s.origin),
            _ => None,
        }
    }
}
