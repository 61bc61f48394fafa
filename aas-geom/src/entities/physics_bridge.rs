//! The entities as the physics sees them: triggers and movers.

use super::MapEntities;
use crate::physics::{Mover, MoverMotion, Trigger, TriggerAction};

impl MapEntities {
    /// The physics triggers: jump pads (pushing with their launch velocity), then teleporters
    /// (moving to their destination with their exit velocity), in entity order, each with its
    /// brushes: a player touches a trigger as the game decides, against the brushes, not
    /// their bounding box (a slanted or rotated trigger brush fills a small part of its box).
    #[must_use]
    pub fn triggers(&self) -> Vec<Trigger> {
        let pads = self.jump_pads.iter().map(|pad| Trigger {
            mins: pad.mins,
            maxs: pad.maxs,
            shape: pad.shape.clone(),
            action: TriggerAction::Push {
                velocity: pad.velocity,
            },
        });
        let teleporters = self.teleporters.iter().map(|teleporter| Trigger {
            mins: teleporter.mins,
            maxs: teleporter.maxs,
            shape: teleporter.shape.clone(),
            action: TriggerAction::Teleport {
                destination: teleporter.destination,
                velocity: teleporter.exit_velocity,
            },
        });
        pads.chain(teleporters).collect()
    }

    /// The physics movers: platforms resting at the bottom (not started), then bobbing
    /// platforms, in entity order.
    #[must_use]
    pub fn movers(&self) -> Vec<Mover> {
        let plats = self.plats.iter().map(|plat| Mover {
            mins: plat.mins,
            maxs: plat.maxs,
            motion: MoverMotion::Plat {
                low: plat.bottom_offset_z,
                speed: plat.speed,
                wait: plat.wait,
                started: None,
            },
        });
        let bobbers = self.bobbers.iter().map(|bobbing| Mover {
            mins: bobbing.mins,
            maxs: bobbing.maxs,
            motion: MoverMotion::Sine {
                delta: bobbing.axis * bobbing.height,
                period: bobbing.period,
                phase: bobbing.phase,
            },
        });
        plats.chain(bobbers).collect()
    }
}
