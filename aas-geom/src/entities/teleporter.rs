//! [`Teleporter`]: a `trigger_teleport` volume and where it sends players.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::diagnostic::{EntityProblem, Notes};
use super::keys;
use super::model::Placed;
use super::targets::TargetIndex;
use crate::brush::Entity;

/// The speed a teleported player leaves the destination with, along its facing (units/s).
pub const TELEPORT_EXIT_SPEED: f32 = 400.0;

/// How far above [`Teleporter::destination`] the game places an arriving player (units).
/// Physics applies it; the destination itself is the target's origin unchanged.
pub const TELEPORT_LIFT: f32 = 1.0;

/// A teleporter: touching the volume `mins..maxs` moves the player to
/// [`destination`](Self::destination) (plus [`TELEPORT_LIFT`] up), facing
/// [`yaw_degrees`](Self::yaw_degrees), with velocity [`exit_velocity`](Self::exit_velocity).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Teleporter {
    /// Index of the `trigger_teleport` entity.
    pub entity: usize,
    /// Its brush model number.
    pub model: u32,
    /// Lower corner of the trigger volume (world coordinates).
    pub mins: Vec3,
    /// Upper corner of the trigger volume.
    pub maxs: Vec3,
    /// Origin of the target entity (without the [`TELEPORT_LIFT`]).
    pub destination: Vec3,
    /// The facing on arrival: yaw in degrees, counter-clockwise from +X.
    pub yaw_degrees: f32,
    /// The velocity on arrival: [`TELEPORT_EXIT_SPEED`] along the target's facing.
    pub exit_velocity: Vec3,
}

impl Teleporter {
    /// Whether a player box `origin + mins ..= origin + maxs` overlaps the trigger volume
    /// (touching counts).
    #[must_use]
    pub fn touches_box(&self, origin: Vec3, mins: Vec3, maxs: Vec3) -> bool {
        super::box_touches(origin, mins, maxs, self.mins, self.maxs)
    }

    /// The centre of the trigger volume.
    #[must_use]
    pub fn centre(&self) -> Vec3 {
        (self.mins + self.maxs) * 0.5
    }
}

/// The unit vector of a facing `(pitch, yaw, roll)` in degrees (pitch positive looks down).
fn forward(angles: Vec3) -> Vec3 {
    let (pitch, yaw) = (angles.x.to_radians(), angles.y.to_radians());
    Vec3::new(
        pitch.cos() * yaw.cos(),
        pitch.cos() * yaw.sin(),
        -pitch.sin(),
    )
}

/// The teleporter of `trigger_teleport` entity `entity`, or `None` with the reason noted.
pub(super) fn extract(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    targets: &TargetIndex<'_>,
    notes: &mut Notes<'_>,
) -> Option<Teleporter> {
    if keys::spawnflags(entity, notes) & 1 != 0 {
        return notes.skip(EntityProblem::SpectatorOnly);
    }
    let target = targets.resolve(entity, notes);
    let target = notes.require(target)?;
    let Placed { model, mins, maxs } = notes.require(placed)?;
    let angles = keys::facing(target.entity);
    Some(Teleporter {
        entity: notes.entity(),
        model,
        mins,
        maxs,
        destination: target.origin.as_vec3(),
        yaw_degrees: angles.y,
        exit_velocity: forward(angles) * TELEPORT_EXIT_SPEED,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forward_follows_yaw_and_pitch() {
        let close = |a: Vec3, b: Vec3| (a - b).length() < 1e-6;
        assert!(close(forward(Vec3::ZERO), Vec3::X));
        assert!(close(forward(Vec3::new(0.0, 90.0, 0.0)), Vec3::Y));
        assert!(close(forward(Vec3::new(0.0, 180.0, 0.0)), Vec3::NEG_X));
        assert!(close(forward(Vec3::new(90.0, 0.0, 0.0)), Vec3::NEG_Z));
    }
}
