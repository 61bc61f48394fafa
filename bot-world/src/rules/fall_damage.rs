//! [`fall_delta`] and [`fall_damage`]: hard landings (q3-game-rules.md §3.3 "Falling").

use super::table::Rules;

/// The game's measure of a landing's violence: impact speed² × 0.0001, doubled when crouched,
/// halved at water level 1, quartered at water level 2, and 0 when fully under water (level 3)
/// (§3.3). `impact_speed` is the downward speed at the moment of impact (ups, positive).
#[must_use]
pub fn fall_delta(impact_speed: f32, crouched: bool, water_level: u8, rules: &Rules) -> f32 {
    let mut delta = impact_speed * impact_speed * rules.damage.fall_delta_scale;
    if crouched {
        delta *= 2.0;
    }
    match water_level {
        0 => delta,
        1 => delta * 0.5,
        2 => delta * 0.25,
        _ => 0.0,
    }
}

/// Damage of a landing with `delta` ([`fall_delta`]): above 60, 10 (`EV_FALL_FAR`); above 40,
/// 5 (`EV_FALL_MEDIUM`); otherwise 0 (§3.3). With g = 800 a fall from rest hurts from about
/// 250 units (5) and 375 units (10).
///
/// The hit is then an ordinary [`apply_damage`](super::apply_damage) with
/// [`DamageCause::Falling`](super::DamageCause::Falling) and no attacker (armor absorbs it,
/// the battlesuit blocks it); surfaces flagged "no damage" and `dmflags` 8 never call this.
#[must_use]
pub fn fall_damage(delta: f32, rules: &Rules) -> i32 {
    let damage = &rules.damage;
    if delta > damage.fall_far_delta {
        damage.fall_far_damage
    } else if delta > damage.fall_medium_delta {
        damage.fall_medium_damage
    } else {
        0
    }
}
