//! What the teleporter (`teleports.rs`) and jump-pad (`jump_pads.rs`) reachabilities share:
//! the areas of a trigger volume (the areas with the trigger's contents whose region a
//! standing box overlapping the trigger can be in) and the floor under a point.

use glam::Vec3;

use super::ReachContext;
use crate::physics::{STANDING_MAXS, STANDING_MINS};
use crate::world::AreaId;
use crate::world::{AreaContents, PresenceType};

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
}
