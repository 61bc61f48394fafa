//! Teleporter reachabilities (thesis §6.4), and what they share with the jump pads
//! (`jump_pads.rs`): the areas of a trigger volume and the floor under a point.
//!
//! - **Teleport**: the trigger's areas (areas with teleporter contents whose region a standing
//!   box overlapping the trigger can be in) lead to the area where a player dropped from the
//!   destination (lifted by a unit) lands. Start: the trigger's centre; end: that landing point.

use glam::Vec3;

use super::{ReachContext, Reachability};
use crate::entities::MapEntities;
use crate::format::aas_q3::{AreaContents, PresenceType, TravelType};
use crate::physics::{STANDING_MAXS, STANDING_MINS};
use crate::world::AreaId;

/// How far a destination or start point is dropped to find the floor.
const MAX_DROP: f32 = 4096.0;

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

    /// Teleporter reachabilities, with their source areas, in entity order.
    pub(crate) fn teleport_reachabilities(
        &self,
        entities: &MapEntities,
    ) -> Vec<(AreaId, Reachability)> {
        let mut found = Vec::new();
        for teleporter in &entities.teleporters {
            let lifted = teleporter.destination + Vec3::Z * self.settings.physics.teleport_lift;
            let Some(end) = self.drop_to_floor(lifted) else {
                continue;
            };
            let Some(target) = self.floor_area(end) else {
                continue;
            };
            let start = teleporter.centre();
            for area in
                self.trigger_areas(teleporter.mins, teleporter.maxs, AreaContents::TELEPORTER)
            {
                if area == target {
                    continue;
                }
                let reach = self.reach(
                    target,
                    TravelType::Teleport,
                    start,
                    end,
                    self.settings.times.teleport,
                );
                found.push((area, reach));
            }
        }
        found
    }
}
