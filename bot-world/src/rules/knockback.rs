//! [`knockback_velocity`] and [`knockback_time_ms`]: the push of a hit (q3-game-rules.md §3.1
//! steps 4 and 5).

use glam::Vec3;

use super::table::Rules;

/// Velocity a hit of `points` knockback points adds along `direction` (normalized here; a
/// zero direction gives no push): `knockback × points / mass` ups, 5 per point with the
/// defaults. Points are clamped to `0..=knockback_max_points` first, so at most 1000 ups.
#[must_use]
pub fn knockback_velocity(direction: Vec3, points: i32, rules: &Rules) -> Vec3 {
    let damage = &rules.damage;
    let points = points.clamp(0, damage.knockback_max_points);
    #[expect(
        clippy::cast_precision_loss,
        reason = "knockback points are at most a few hundred"
    )]
    let speed = damage.knockback * points as f32 / damage.knockback_mass;
    direction.normalize_or_zero() * speed
}

/// How long a hit of `points` knockback points takes ground control away, in ms, when no such
/// timer is already running: clamp(2 × points, 50, 200); 0 for no knockback (§3.1 step 5,
/// `pm_time` with `PMF_TIME_KNOCKBACK`).
#[must_use]
pub fn knockback_time_ms(points: i32, rules: &Rules) -> u32 {
    let damage = &rules.damage;
    let Ok(points) = u32::try_from(points) else {
        return 0;
    };
    if points == 0 {
        return 0;
    }
    points.saturating_mul(damage.knockback_ms_per_point).clamp(
        damage.knockback_min_ms,
        damage.knockback_max_ms.max(damage.knockback_min_ms),
    )
}
