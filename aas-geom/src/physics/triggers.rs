//! [`Trigger`]: a volume that launches (jump pad) or moves (teleporter) a player who touches it.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::convex::{ConvexVolume, volume_touches_box};

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

/// A trigger volume: its bounding box, optionally the exact brushes inside it, and its action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trigger {
    /// Lower corner of the bounds.
    pub mins: Vec3,
    /// Upper corner of the bounds.
    pub maxs: Vec3,
    /// The trigger's brushes. Empty: the trigger is its bounding box.
    pub shape: Vec<ConvexVolume>,
    /// What it does.
    pub action: TriggerAction,
}

impl Trigger {
    /// Whether a player box at `origin` with extents `pmins..pmaxs` touches the trigger: its
    /// bounds and, when it has a [`shape`](Self::shape), one of its brushes (boxes that share
    /// only a face touch, as in Quake III).
    #[must_use]
    pub fn touches(&self, origin: Vec3, pmins: Vec3, pmaxs: Vec3) -> bool {
        volume_touches_box(
            self.mins,
            self.maxs,
            &self.shape,
            origin + pmins,
            origin + pmaxs,
        )
    }

    /// The same trigger as its bounding box alone (the shape the reachability computation
    /// uses, as the reference compiler does).
    #[must_use]
    pub fn boxed(mut self) -> Self {
        self.shape.clear();
        self
    }
}
