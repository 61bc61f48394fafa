//! [`Trigger`]: a box that launches (jump pad) or moves (teleporter) a player who touches it.

use glam::Vec3;
use serde::{Deserialize, Serialize};

/// What a trigger does to a player who touches it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum TriggerAction {
    /// A jump pad (`trigger_push`): the player's velocity becomes `velocity`.
    Push {
        /// Launch velocity.
        velocity: Vec3,
    },
    /// A teleporter (`trigger_teleport`): the player moves to `destination` (lifted by
    /// [`teleport_lift`](super::PhysicsSettings::teleport_lift)) with velocity `velocity`.
    Teleport {
        /// Destination origin.
        destination: Vec3,
        /// Velocity on arrival.
        velocity: Vec3,
    },
}

/// A trigger volume: an axis-aligned box and its action.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Trigger {
    /// Lower corner.
    pub mins: Vec3,
    /// Upper corner.
    pub maxs: Vec3,
    /// What it does.
    pub action: TriggerAction,
}

impl Trigger {
    /// Whether a player box at `origin` with extents `pmins..pmaxs` touches the trigger
    /// (boxes that share only a face touch, as in Quake III).
    #[must_use]
    pub fn touches(&self, origin: Vec3, pmins: Vec3, pmaxs: Vec3) -> bool {
        (origin + pmins).cmple(self.maxs).all() && self.mins.cmple(origin + pmaxs).all()
    }
}
