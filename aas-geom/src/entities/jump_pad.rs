//! [`JumpPad`]: a `trigger_push` volume and the velocity it gives.

use glam::{DVec3, Vec3};
use serde::{Deserialize, Serialize};

use super::diagnostic::{EntityProblem, Notes};
use super::model::Placed;
use super::targets::TargetIndex;
use crate::brush::Entity;
use crate::physics::ConvexVolume;

/// A jump pad: touching the volume `mins..maxs` replaces the player's velocity by
/// [`velocity`](Self::velocity), which carries a ballistic flight from the volume's centre to
/// a peak at [`target`](Self::target).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JumpPad {
    /// Index of the `trigger_push` entity.
    pub entity: usize,
    /// Its brush model number.
    pub model: u32,
    /// Lower corner of the trigger volume (world coordinates).
    pub mins: Vec3,
    /// Upper corner of the trigger volume.
    pub maxs: Vec3,
    /// The trigger's brushes: the game pushes a player who touches one of them.
    pub shape: Vec<ConvexVolume>,
    /// Origin of the target entity: the peak of the flight.
    pub target: Vec3,
    /// The launch velocity (units/s).
    pub velocity: Vec3,
}

impl JumpPad {
    /// The centre of the trigger volume, where the flight is computed from.
    #[must_use]
    pub fn centre(&self) -> Vec3 {
        (self.mins + self.maxs) * 0.5
    }

    /// Whether a player box `origin + mins ..= origin + maxs` overlaps the trigger volume
    /// (touching counts).
    #[must_use]
    pub fn touches_box(&self, origin: Vec3, mins: Vec3, maxs: Vec3) -> bool {
        super::box_touches(origin, mins, maxs, self.mins, self.maxs)
    }

    /// Seconds from launch to the peak under `gravity` (units/s²).
    #[must_use]
    pub fn flight_time(&self, gravity: f32) -> f32 {
        self.velocity.z / gravity
    }

    /// Where a point launched from [`centre`](Self::centre) is `time` seconds later, ignoring
    /// collisions and air control.
    #[must_use]
    pub fn position_at(&self, time: f32, gravity: f32) -> Vec3 {
        self.centre() + self.velocity * time - Vec3::Z * (0.5 * gravity * time * time)
    }

    /// The peak of the flight from [`centre`](Self::centre): equal to
    /// [`target`](Self::target) up to rounding.
    #[must_use]
    pub fn apex(&self, gravity: f32) -> Vec3 {
        self.position_at(self.flight_time(gravity), gravity)
    }
}

/// The launch velocity of a jump pad centred at `centre` aimed at `target` under `gravity`
/// (units/s²): a flight that climbs `h = target.z − centre.z` in `t = sqrt(h / (g / 2))`
/// seconds, moving horizontally by `target − centre` (with `z` zeroed) in the same time, so
/// its vertical speed is `t · g`.
///
/// # Errors
/// [`EntityProblem::TargetNotAbove`] when `h ≤ 0` (or not finite);
/// [`EntityProblem::BadFlightTime`] when `t` is not finite and positive (gravity not
/// positive).
pub fn jump_pad_velocity(centre: Vec3, target: Vec3, gravity: f32) -> Result<Vec3, EntityProblem> {
    let (centre, target) = (centre.as_dvec3(), target.as_dvec3());
    let height = target.z - centre.z;
    if !(height > 0.0 && height.is_finite()) {
        return Err(EntityProblem::TargetNotAbove {
            height: height as f32,
        });
    }
    let g = f64::from(gravity);
    let time = (height / (0.5 * g)).sqrt();
    if !(time.is_finite() && time > 0.0) {
        return Err(EntityProblem::BadFlightTime { gravity });
    }
    let horizontal = DVec3::new(target.x - centre.x, target.y - centre.y, 0.0) / time;
    Ok(DVec3::new(horizontal.x, horizontal.y, time * g).as_vec3())
}

/// The jump pad of `trigger_push` entity `entity`, or `None` with the reason noted.
pub(super) fn extract(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    targets: &TargetIndex<'_>,
    gravity: f32,
    notes: &mut Notes<'_>,
) -> Option<JumpPad> {
    let index = notes.entity();
    let target = targets.resolve(entity, notes);
    let target = notes.require(target)?.origin.as_vec3();
    let Placed {
        model,
        mins,
        maxs,
        shape,
    } = notes.require(placed)?;
    let velocity = notes.require(jump_pad_velocity((mins + maxs) * 0.5, target, gravity))?;
    Some(JumpPad {
        entity: index,
        model,
        mins,
        maxs,
        shape,
        target,
        velocity,
    })
}
