//! [`splash_points`], [`splash_direction`] and [`splash_sight_points`]: an explosion's damage
//! to one target (q3-game-rules.md §3.2).

use glam::Vec3;

use super::damage_rules::SplashSight;
use super::table::Rules;

/// The engine pads every linked entity's absolute box by this on each side (§3.2
/// "Distance"): a player's box becomes origin + (−16, −16, −25) … (16, 16, 33). This is the
/// server's linking, not a game rule, so it is not in the table.
pub const SPLASH_BOX_PADDING: f32 = 1.0;

/// Splash points an explosion at `explosion` of `damage` and `radius` deals to a target whose
/// absolute box (origin + mins, origin + maxs, *unpadded*) is `target_mins` … `target_maxs`
/// (§3.2), or `None` if it is out of reach:
///
/// - the distance is from the explosion to the nearest point of the box padded by
///   [`SPLASH_BOX_PADDING`], 0 inside;
/// - at a distance of `radius` or more there is no damage;
/// - otherwise points = damage × (1 − distance / radius), truncated. They may be 0; the hit
///   then still deals 1 ([`apply_damage`](super::apply_damage) step 6).
///
/// The caller also checks the line of sight ([`splash_sight_points`]), excludes the entity a
/// missile hit directly, and applies quad to `damage` first. Computed in `f32`, as the game.
#[must_use]
pub fn splash_points(
    explosion: Vec3,
    target_mins: Vec3,
    target_maxs: Vec3,
    damage: i32,
    radius: f32,
) -> Option<i32> {
    let mins = target_mins - Vec3::splat(SPLASH_BOX_PADDING);
    let maxs = target_maxs + Vec3::splat(SPLASH_BOX_PADDING);
    let nearest = explosion.clamp(mins, maxs.max(mins));
    let distance = (explosion - nearest).length();
    if distance >= radius {
        return None;
    }
    #[expect(
        clippy::cast_precision_loss,
        reason = "weapon damage is small; the game computes this in float"
    )]
    let points = damage as f32 * (1.0 - distance / radius);
    #[expect(
        clippy::cast_possible_truncation,
        reason = "truncation toward zero is the rule"
    )]
    Some(points as i32)
}

/// The direction a splash pushes a target whose origin is `target_origin` (§3.2 "Knockback
/// dir"): from the explosion to the origin, raised by `splash_knockback_lift` (24) units,
/// normalized. Straight up when the target is at the explosion.
#[must_use]
pub fn splash_direction(target_origin: Vec3, explosion: Vec3, rules: &Rules) -> Vec3 {
    let lift = Vec3::new(0.0, 0.0, rules.damage.splash_knockback_lift);
    (target_origin - explosion + lift)
        .try_normalize()
        .unwrap_or(Vec3::Z)
}

/// The points a splash line-of-sight test traces to from the explosion, in order (§3.2
/// "Line-of-sight", `CanDamage`): the centre of the target's absolute box, then the offsets of
/// [`SplashSight`] (±15 in x and y; ±15 in z too for the eight corners). The target is
/// reachable if any trace (solid world only) arrives.
#[must_use]
pub fn splash_sight_points(box_center: Vec3, rules: &Rules) -> Vec<Vec3> {
    let d = rules.damage.splash_sight_offset;
    let mut points = vec![box_center];
    let heights: &[f32] = match rules.damage.splash_sight {
        SplashSight::FourSides => &[0.0],
        SplashSight::EightCorners => &[d, -d],
    };
    for &z in heights {
        for (x, y) in [(d, d), (d, -d), (-d, d), (-d, -d)] {
            points.push(box_center + Vec3::new(x, y, z));
        }
    }
    points
}
