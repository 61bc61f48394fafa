//! [`DoorOpener`]: a door that a button elsewhere opens, and where a player stands to press
//! that button.

use aas_geom::world::AasWorld;
use glam::Vec3;

use super::locate::{flat, standing_spot};
use super::navigator::NavGoal;
use super::shootable::Shootable;

/// A door that opens only when a button fires it (a `func_door` with a `targetname` that a
/// `func_button`'s `target` names), by the boxes both fill where the map builds them. The
/// AAS leaves doors open, so routes run through it; a player held up by it goes to press the
/// button first ([`Navigator::with_door_openers`](super::Navigator::with_door_openers)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DoorOpener {
    /// The door's closed box.
    pub door: Shootable,
    /// The button's box (out, unpressed).
    pub button: Shootable,
    /// Whether the button is pressed by shooting it (`health` set) rather than by touch.
    pub shot: bool,
}

/// How far (units, horizontally) from the button's box the spots to press it from are tried.
const SPOT_OFFSET: f32 = 24.0;
/// A spot to press a button from must lie within this distance (units) of its box.
const SPOT_REACH: f32 = 40.0;

impl DoorOpener {
    /// Where a player stands to press the button: the first of the points in front of each
    /// side of its box (−x, +x, −y, +y, at the box's middle height) under which a player
    /// stands within reach of the box. `None` when there is none (a button out of reach).
    #[must_use]
    pub fn press_spot(&self, world: &AasWorld) -> Option<NavGoal> {
        let (mins, maxs) = (self.button.mins, self.button.maxs);
        let middle = (mins + maxs) * 0.5;
        let half = (maxs - mins) * 0.5;
        let sides = [
            Vec3::new(-(half.x + SPOT_OFFSET), 0.0, 0.0),
            Vec3::new(half.x + SPOT_OFFSET, 0.0, 0.0),
            Vec3::new(0.0, -(half.y + SPOT_OFFSET), 0.0),
            Vec3::new(0.0, half.y + SPOT_OFFSET, 0.0),
        ];
        sides.into_iter().find_map(|side| {
            let (point, area) = standing_spot(world, middle + side)?;
            let near = flat(point - point.clamp(mins, maxs)).length() <= SPOT_REACH
                && point.z - 24.0 <= maxs.z
                && point.z + 32.0 >= mins.z;
            near.then_some(NavGoal {
                point,
                area,
                tag: None,
            })
        })
    }
}
