//! [`Teleporter`]: a trigger volume that teleports players, and where it sends them: a
//! `trigger_teleport`, or a `trigger_multiple` that uses a `target_teleporter`.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::diagnostic::{EntityProblem, Notes};
use super::keys;
use super::model::Placed;
use super::targets::{Target, TargetIndex};
use crate::brush::Entity;
use crate::physics::ConvexVolume;

/// The speed a teleported player leaves the destination with, along its facing (units/s).
pub const TELEPORT_EXIT_SPEED: f32 = 400.0;

/// How far above [`Teleporter::destination`] the game places an arriving player (units).
/// Physics applies it; the destination itself is the target's origin unchanged.
pub const TELEPORT_LIFT: f32 = 1.0;

/// How a teleporter's trigger names its destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeleporterKind {
    /// A `trigger_teleport`: the entity its `target` names is the destination.
    Trigger,
    /// A `trigger_multiple` whose `target` names a `target_teleporter` (entity `teleporter`):
    /// touching the trigger uses the `target_teleporter`, which teleports the toucher to the
    /// entity its own `target` names.
    Used {
        /// Index of the `target_teleporter` entity.
        teleporter: usize,
    },
}

impl TeleporterKind {
    /// The class of the trigger entity (lower case).
    #[must_use]
    pub fn classname(self) -> &'static str {
        match self {
            Self::Trigger => "trigger_teleport",
            Self::Used { .. } => "trigger_multiple",
        }
    }
}

/// A teleporter: touching the volume `mins..maxs` moves the player to
/// [`destination`](Self::destination) (plus [`TELEPORT_LIFT`] up), facing
/// [`yaw_degrees`](Self::yaw_degrees), with velocity [`exit_velocity`](Self::exit_velocity).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Teleporter {
    /// Index of the trigger entity (`trigger_teleport` or `trigger_multiple`).
    pub entity: usize,
    /// How the trigger names its destination.
    pub kind: TeleporterKind,
    /// Its brush model number.
    pub model: u32,
    /// Lower corner of the trigger volume (world coordinates).
    pub mins: Vec3,
    /// Upper corner of the trigger volume.
    pub maxs: Vec3,
    /// The trigger's brushes: the game teleports a player who touches one of them.
    pub shape: Vec<ConvexVolume>,
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
    let placed = notes.require(placed)?;
    Some(teleporter(TeleporterKind::Trigger, placed, target, notes))
}

/// The teleporter of `trigger_multiple` entity `entity` when one of the entities its `target`
/// names is a `target_teleporter`; `None` without a note for an ordinary `trigger_multiple`,
/// `None` with the reason noted when the `target_teleporter` leads nowhere.
///
/// The game fires every entity the target names, in entity order; each `target_teleporter`
/// among them teleports the toucher, so the last one decides where the toucher ends up (several
/// are noted). Its `target` is resolved like a `trigger_teleport`'s.
pub(super) fn extract_used(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    targets: &TargetIndex<'_>,
    notes: &mut Notes<'_>,
) -> Option<Teleporter> {
    let name = entity.get("target")?;
    let used: Vec<usize> = targets
        .named(name)
        .iter()
        .copied()
        .filter(|&index| is_target_teleporter(targets.entity(index)))
        .collect();
    let &teleporter = used.last()?;
    if used.len() > 1 {
        notes.note(EntityProblem::SeveralTargets {
            target: name.to_owned(),
            count: used.len(),
        });
    }
    let destination = targets
        .resolve(targets.entity(teleporter), notes)
        .map_err(|problem| match problem {
            EntityProblem::NoTarget => EntityProblem::TeleporterWithoutTarget { teleporter },
            other => other,
        });
    let destination = notes.require(destination)?;
    let placed = notes.require(placed)?;
    Some(self::teleporter(
        TeleporterKind::Used { teleporter },
        placed,
        destination,
        notes,
    ))
}

/// Whether `entity` is a `target_teleporter` (class compared ignoring ASCII case).
pub(crate) fn is_target_teleporter(entity: &Entity) -> bool {
    entity.classname().eq_ignore_ascii_case("target_teleporter")
}

/// The teleporter of a trigger placed at `placed` whose destination is `target`.
fn teleporter(
    kind: TeleporterKind,
    placed: Placed,
    target: Target<'_>,
    notes: &Notes<'_>,
) -> Teleporter {
    let Placed {
        model,
        mins,
        maxs,
        shape,
    } = placed;
    let angles = keys::facing(target.entity);
    Teleporter {
        entity: notes.entity(),
        kind,
        model,
        mins,
        maxs,
        shape,
        destination: target.origin.as_vec3(),
        yaw_degrees: angles.y,
        exit_velocity: forward(angles) * TELEPORT_EXIT_SPEED,
    }
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
