//! [`turn_view`]: the view moves towards the ideal angles at the character's pace (botlib's
//! `BotChangeViewAngles`, thesis §8.2 "view factor" and "view max change").
//!
//! Rules, per axis (pitch and yaw; roll is set to the ideal roll):
//! - the difference ideal − current is wrapped to (−180, 180], so the view turns the short way;
//! - the view covers the fraction `1 − (1 − VIEW_FACTOR)^(seconds / 0.05)` of the difference:
//!   exactly `VIEW_FACTOR` per 50 ms server frame (botlib turns the view in every server
//!   frame, not only at thinks; Quake III's server runs 20 frames a second), the same total
//!   over any split of the time into frames;
//! - the change is capped at `VIEW_MAXCHANGE` × `seconds` degrees, the cap never below
//!   [`MIN_VIEW_MAX_CHANGE`] degrees per second (botlib raises slower characters to it);
//! - the result is wrapped to (−180, 180] and the pitch clamped to ±[`PITCH_LIMIT`].
//!
//! So the view never passes the ideal angle, never turns faster than the cap, and converges.

use glam::Vec3;

use super::aim::AimSkill;

/// The largest pitch either way, degrees (Quake III's ±16000 of 65536 units of a turn).
pub const PITCH_LIMIT: f32 = 16000.0 / 65536.0 * 360.0;

/// The frame `VIEW_FACTOR` is defined for, seconds (a 20 Hz server frame).
pub const FACTOR_FRAME: f32 = 0.05;

/// The slowest turning cap, degrees per second: a `VIEW_MAXCHANGE` below it counts as it.
pub const MIN_VIEW_MAX_CHANGE: f32 = 240.0;

/// `angle` wrapped to (−180, 180].
#[must_use]
pub fn wrap_degrees(angle: f32) -> f32 {
    let wrapped = angle.rem_euclid(360.0);
    if wrapped > 180.0 {
        wrapped - 360.0
    } else {
        wrapped
    }
}

/// The view angles (pitch, yaw, roll; degrees) after turning from `current` towards `ideal`
/// for `seconds` at the pace `skill` allows (module docs). A non-positive or non-finite time
/// leaves the view where it is (pitch clamped).
#[must_use]
pub fn turn_view(current: Vec3, ideal: Vec3, skill: &AimSkill, seconds: f32) -> Vec3 {
    let seconds = if seconds.is_finite() {
        seconds.max(0.0)
    } else {
        0.0
    };
    let factor = skill.view_factor.clamp(0.0, 1.0);
    let fraction = 1.0 - (1.0 - factor).powf(seconds / FACTOR_FRAME);
    let cap = skill.view_max_change.max(MIN_VIEW_MAX_CHANGE) * seconds;
    let step = |from: f32, to: f32| {
        let difference = wrap_degrees(to - from);
        let change = (difference * fraction).clamp(-cap, cap);
        wrap_degrees(from + change)
    };
    let pitch = step(current.x, ideal.x).clamp(-PITCH_LIMIT, PITCH_LIMIT);
    Vec3::new(pitch, step(current.y, ideal.y), ideal.z)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill(view_factor: f32, view_max_change: f32) -> AimSkill {
        AimSkill {
            view_factor,
            view_max_change,
            ..AimSkill::flat(1.0, 1.0)
        }
    }

    #[test]
    fn wraps_to_the_half_open_range() {
        assert!((wrap_degrees(190.0) + 170.0).abs() < 1e-4);
        assert!((wrap_degrees(-190.0) - 170.0).abs() < 1e-4);
        assert!((wrap_degrees(180.0) - 180.0).abs() < 1e-4);
        assert!((wrap_degrees(-180.0) - 180.0).abs() < 1e-4);
        assert!((wrap_degrees(720.0 + 30.0) - 30.0).abs() < 1e-3);
    }

    #[test]
    fn turns_the_short_way_across_the_seam() {
        let view = turn_view(
            Vec3::new(0.0, 170.0, 0.0),
            Vec3::new(0.0, -170.0, 0.0),
            &skill(0.5, 360.0),
            FACTOR_FRAME,
        );
        // 20 degrees the short way, half of it: 180.
        assert!((wrap_degrees(view.y - 180.0)).abs() < 1e-3, "{view}");
    }

    #[test]
    fn one_frame_covers_the_view_factor() {
        let view = turn_view(
            Vec3::ZERO,
            Vec3::new(10.0, 40.0, 0.0),
            &skill(0.25, 360.0),
            FACTOR_FRAME,
        );
        assert!(
            (view.x - 2.5).abs() < 1e-3 && (view.y - 10.0).abs() < 1e-3,
            "{view}"
        );
    }

    #[test]
    fn the_cap_limits_each_axis() {
        let view = turn_view(
            Vec3::ZERO,
            Vec3::new(80.0, -170.0, 0.0),
            &skill(1.0, 300.0),
            0.1,
        );
        assert!(
            (view.x - 30.0).abs() < 1e-3 && (view.y + 30.0).abs() < 1e-3,
            "{view}"
        );
        // A cap below 240°/s turns at 240°/s.
        let slow = turn_view(
            Vec3::ZERO,
            Vec3::new(80.0, -170.0, 0.0),
            &skill(1.0, 90.0),
            0.1,
        );
        assert!(
            (slow.x - 24.0).abs() < 1e-3 && (slow.y + 24.0).abs() < 1e-3,
            "{slow}"
        );
    }

    #[test]
    fn never_overshoots_never_exceeds_the_cap_and_converges() {
        let mut seed = 0x5eed_u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            f32::from(u16::try_from(seed >> 16).unwrap_or(0)) / 65536.0
        };
        for _ in 0..300 {
            let s = skill(0.05 + next() * 0.95, 30.0 + next() * 330.0);
            let ideal = Vec3::new(next() * 170.0 - 85.0, next() * 360.0 - 180.0, 0.0);
            let mut view = Vec3::new(next() * 170.0 - 85.0, next() * 360.0 - 180.0, 0.0);
            let dt = 0.02 + next() * 0.1;
            for _ in 0..2000 {
                let next_view = turn_view(view, ideal, &s, dt);
                for axis in [0, 1] {
                    let before = wrap_degrees(ideal[axis] - view[axis]);
                    let after = wrap_degrees(ideal[axis] - next_view[axis]);
                    let moved = wrap_degrees(next_view[axis] - view[axis]).abs();
                    let cap = s.view_max_change.max(MIN_VIEW_MAX_CHANGE) * dt;
                    assert!(moved <= cap + 1e-3, "cap: {moved}");
                    // Same side of the ideal (or on it), and no farther.
                    assert!(before * after >= -1e-3, "overshoot: {before} -> {after}");
                    assert!(after.abs() <= before.abs() + 1e-3);
                }
                view = next_view;
            }
            assert!(
                wrap_degrees(ideal.x - view.x).abs() < 0.01
                    && wrap_degrees(ideal.y - view.y).abs() < 0.01,
                "converges: {view} vs {ideal}"
            );
        }
    }

    #[test]
    fn the_pitch_is_clamped_and_a_zero_time_stands_still() {
        let view = turn_view(
            Vec3::new(89.0, 5.0, 0.0),
            Vec3::new(89.0, 5.0, 0.0),
            &skill(1.0, 360.0),
            0.0,
        );
        assert!((view.x - PITCH_LIMIT).abs() < 1e-4 && (view.y - 5.0).abs() < 1e-4);
        let still = turn_view(
            Vec3::new(10.0, 20.0, 0.0),
            Vec3::ZERO,
            &skill(1.0, 360.0),
            f32::NAN,
        );
        assert_eq!(still, Vec3::new(10.0, 20.0, 0.0));
    }
}
