//! Reading numbers, flags and facing angles from entity keys.

use glam::Vec3;

use super::diagnostic::{EntityProblem, Notes};
use crate::brush::{Entity, parse_vector};

/// The value of `key` as a number, `None` when the key is absent; a value that does not parse
/// is noted and treated as absent.
pub(super) fn optional_number(entity: &Entity, key: &str, notes: &mut Notes<'_>) -> Option<f32> {
    let value = entity.get(key)?;
    match value.trim().parse::<f32>() {
        Ok(number) if number.is_finite() => Some(number),
        _ => {
            notes.note(EntityProblem::BadNumber {
                key: key.to_owned(),
                value: value.to_owned(),
            });
            None
        }
    }
}

/// The value of `key` as a number, else `default`.
pub(super) fn number(entity: &Entity, key: &str, default: f32, notes: &mut Notes<'_>) -> f32 {
    optional_number(entity, key, notes).unwrap_or(default)
}

/// `spawnflags` as bits (0 when absent or not an integer, the latter noted).
pub(super) fn spawnflags(entity: &Entity, notes: &mut Notes<'_>) -> u32 {
    let Some(value) = entity.get("spawnflags") else {
        return 0;
    };
    value.trim().parse::<u32>().unwrap_or_else(|_| {
        notes.note(EntityProblem::BadNumber {
            key: "spawnflags".to_owned(),
            value: value.to_owned(),
        });
        0
    })
}

/// The facing `(pitch, yaw, roll)` in degrees from `angles` or `angle` (yaw only), the later
/// of the two keys winning; zero when neither is present. Malformed values are ignored.
pub(super) fn facing(entity: &Entity) -> Vec3 {
    let mut angles = Vec3::ZERO;
    for (key, value) in &entity.pairs {
        if key == "angles" {
            if let Some(parsed) = parse_vector(value) {
                angles = parsed.as_vec3();
            }
        } else if key == "angle"
            && let Ok(yaw) = value.trim().parse::<f32>()
        {
            angles = Vec3::new(0.0, yaw, 0.0);
        }
    }
    angles
}

/// Requires `value` to be finite and positive, else an [`EntityProblem::OutOfRange`] for
/// `key`.
pub(super) fn positive(key: &str, value: f32) -> Result<f32, EntityProblem> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(EntityProblem::OutOfRange {
            key: key.to_owned(),
            value,
        })
    }
}
