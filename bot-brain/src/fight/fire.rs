//! [`should_fire`]: whether the bot pulls the trigger this frame (botlib's `BotCheckAttack` as
//! the thesis describes the fight node, §13 and §15.2).
//!
//! Rules, in order (the first that fails says no):
//! - the bot is alive, holds `weapon` and has ammunition for it (the trigger is held while
//!   the weapon reloads, [`SelfView::weapon_time_ms`] above 0, as a player holds it: the
//!   world fires the moment the weapon is ready, not a frame later);
//! - the aim is a shot ([`AimKind::Watch`] is not), and a target in sight has been in sight for
//!   the character's reaction time;
//! - the gauntlet only when the target's box is within [`GAUNTLET_REACH`] of the eye;
//! - the view points at the aimed spot (before the accuracy error: the error is where the
//!   view itself goes astray) within a tolerance: the angle under which a sphere of
//!   [`HIT_RADIUS`] (plus [`SPLASH_SLACK`] for splash weapons) around the spot is seen from the
//!   eye, at least [`MIN_TOLERANCE`], and at least the aim's own spread (a bot fires once its
//!   view is as near the target as its accuracy ever gets it; botlib's check is looser still,
//!   firing within 25° of the enemy); so wider for splash weapons, close targets and poor
//!   aims. A rapid-fire weapon ([`rapid_fire`]: machinegun, lightning gun, plasma gun, BFG)
//!   fires as botlib's check lets every weapon fire: while the spot is
//!   within [`SWEEP_CONE`] of the view ([`CLOSE_SWEEP_CONE`] within [`CLOSE_RANGE`]), so its
//!   stream sweeps onto the target while the view turns; a shot costs it only a bullet, where
//!   a railgun's or rocket launcher's miss costs a second of fire;
//! - a target in sight is in the line of fire (the world put it in the view because its eye
//!   or origin is in sight of the bot's eye through the map's brushes); for a shot at a target
//!   out of sight (a prediction shot) the map must not block the way to where it is expected
//!   ([`line_of_fire`], a box moved through the AAS world: narrow openings count as blocked);
//! - no teammate stands within [`TEAMMATE_RADIUS`] of the line from the eye to the aimed point
//!   (nearer than it), and for splash weapons none within [`SPLASH_RADIUS`] of the point;
//! - the fire throttle ([`Burst`]): firing comes in bursts of [`BURST_TIME`]; at the end of each,
//!   with probability 1 − `FIRETHROTTLE` the bot pauses for a random time between
//!   [`PAUSE_MIN`] and [`PAUSE_MAX`]. A throttle of 1 fires continuously.

use aas_geom::physics::{CROUCHING_MAXS, STANDING_MAXS, STANDING_MINS};
use aas_geom::world::AasWorld;
use bot_interface::{SelfView, Weapon, view_forward};
use glam::Vec3;
use rand::Rng;

use super::aim::{Aim, AimKind, AimSkill, AimTarget, line_of_fire, unit_random};

/// How far the gauntlet reaches from the eye, units (a 32-unit trace from a muzzle 14 units
/// ahead of the eye).
pub const GAUNTLET_REACH: f32 = 46.0;
/// The radius around the aimed point a shot is expected to hit, units (a player box's half
/// width and a little).
pub const HIT_RADIUS: f32 = 20.0;
/// Extra radius for splash weapons, units: a near miss still hurts.
pub const SPLASH_SLACK: f32 = 48.0;
/// The smallest view tolerance, degrees.
pub const MIN_TOLERANCE: f32 = 2.0;
/// The half angle (degrees) of the cone around the view a rapid-fire weapon fires in
/// (botlib's 50° field of vision for its attack check).
pub const SWEEP_CONE: f32 = 25.0;
/// The cone of [`SWEEP_CONE`] for targets within [`CLOSE_RANGE`] (botlib's 120°).
pub const CLOSE_SWEEP_CONE: f32 = 60.0;
/// The range (units, eye to spot) under which [`CLOSE_SWEEP_CONE`] applies.
pub const CLOSE_RANGE: f32 = 100.0;
/// How close to the line of fire a teammate blocks it, units.
pub const TEAMMATE_RADIUS: f32 = 24.0;
/// How close to a splash weapon's aimed point a teammate forbids the shot, units.
pub const SPLASH_RADIUS: f32 = 120.0;
/// A burst of fire, milliseconds, before the throttle decides again.
pub const BURST_TIME: u32 = 500;
/// The shortest pause between bursts, milliseconds.
pub const PAUSE_MIN: u32 = 500;
/// The longest pause between bursts, milliseconds.
pub const PAUSE_MAX: u32 = 1500;

/// The fire throttle's state: when the current pause ends and when it decides again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Burst {
    /// No firing before this match time, milliseconds.
    pub pause_until_ms: u32,
    /// The next decision at or after this match time, milliseconds.
    pub next_decision_ms: u32,
}

impl Burst {
    /// Whether the throttle lets the bot fire at `now_ms` (module docs); draws one number from
    /// `rng` at each decision, and one more when it pauses.
    pub fn allows(&mut self, now_ms: u32, throttle: f32, rng: &mut (impl Rng + ?Sized)) -> bool {
        if now_ms < self.pause_until_ms {
            return false;
        }
        if now_ms >= self.next_decision_ms {
            if unit_random(rng) >= throttle {
                let spread = f32::from(u16::try_from(PAUSE_MAX - PAUSE_MIN).unwrap_or(u16::MAX));
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a non-negative pause below PAUSE_MAX milliseconds"
                )]
                let extra = (unit_random(rng) * spread) as u32;
                self.pause_until_ms = now_ms.saturating_add(PAUSE_MIN + extra);
                self.next_decision_ms = self.pause_until_ms.saturating_add(BURST_TIME);
                return false;
            }
            self.next_decision_ms = now_ms.saturating_add(BURST_TIME);
        }
        true
    }
}

/// What the fire check looks at this frame.
#[derive(Debug, Clone, Copy)]
pub struct FireContext<'a> {
    /// The bot.
    pub me: &'a SelfView,
    /// The target.
    pub target: &'a AimTarget,
    /// This frame's aim at it.
    pub aim: &'a Aim,
    /// The weapon to fire.
    pub weapon: Weapon,
    /// Whether the weapon's projectiles explode with splash damage.
    pub splash: bool,
    /// The origins of the bot's teammates (in team games; empty otherwise).
    pub teammates: &'a [Vec3],
    /// Match time, milliseconds.
    pub now_ms: u32,
}

/// The distance from `point` to the box of a player at `origin`.
fn distance_to_box(point: Vec3, origin: Vec3, crouched: bool) -> f32 {
    let maxs = if crouched {
        CROUCHING_MAXS
    } else {
        STANDING_MAXS
    };
    let closest = point.clamp(origin + STANDING_MINS, origin + maxs);
    point.distance(closest)
}

/// Whether the view `angles` from `eye` point at `point` within the tolerance for a hit
/// radius of `radius` (module docs).
#[must_use]
pub fn within_view(eye: Vec3, angles: Vec3, point: Vec3, radius: f32) -> bool {
    let to_point = point - eye;
    let distance = to_point.length();
    if distance <= radius {
        return true;
    }
    let tolerance = (radius / distance).asin().to_degrees().max(MIN_TOLERANCE);
    let cosine = view_forward(angles)
        .dot(to_point / distance)
        .clamp(-1.0, 1.0);
    cosine.acos().to_degrees() <= tolerance
}

/// Whether `weapon` fires every 200 ms or faster in Quake III (machinegun, lightning gun,
/// plasma gun, BFG): a missed shot costs a round, not a second of fire. (`weapons.c` does not
/// say: the stock files leave the reload out.)
#[must_use]
pub fn rapid_fire(weapon: Weapon) -> bool {
    matches!(
        weapon,
        Weapon::Machinegun | Weapon::LightningGun | Weapon::PlasmaGun | Weapon::Bfg
    )
}

/// Whether the view `angles` from `eye` point within `degrees` of `point`.
#[must_use]
pub fn within_angle(eye: Vec3, angles: Vec3, point: Vec3, degrees: f32) -> bool {
    let to_point = (point - eye).normalize_or_zero();
    if to_point == Vec3::ZERO {
        return true;
    }
    let cosine = view_forward(angles).dot(to_point).clamp(-1.0, 1.0);
    cosine.acos().to_degrees() <= degrees
}

/// Whether a teammate (by origin) stands in the way of a shot from `eye` at `point`, or for a
/// splash weapon near the point (module docs).
#[must_use]
pub fn teammate_in_the_way(eye: Vec3, point: Vec3, splash: bool, teammates: &[Vec3]) -> bool {
    let line = point - eye;
    let length = line.length();
    let direction = line.normalize_or_zero();
    teammates.iter().any(|&origin| {
        // The centre of a standing player's box.
        let centre = origin + Vec3::Z * 4.0;
        let along = (centre - eye).dot(direction);
        let across = (centre - eye - direction * along).length();
        let on_line = along > 0.0 && along < length && across < TEAMMATE_RADIUS;
        on_line || (splash && centre.distance(point) < SPLASH_RADIUS)
    })
}

/// Whether the bot fires this frame (module docs). `burst` is the bot's fire-throttle state,
/// kept between frames; `rng` is drawn from only when every other rule allows the shot.
#[must_use]
pub fn should_fire(
    ctx: &FireContext<'_>,
    skill: &AimSkill,
    world: &AasWorld,
    burst: &mut Burst,
    rng: &mut (impl Rng + ?Sized),
) -> bool {
    let FireContext {
        me, target, aim, ..
    } = *ctx;
    let ready = me.alive && me.weapon == Some(ctx.weapon) && me.can_fire(ctx.weapon);
    if !ready || aim.kind == AimKind::Watch {
        return false;
    }
    if target.visible && target.seen_for < skill.reaction_time {
        return false;
    }
    let eye = me.eye();
    if ctx.weapon == Weapon::Gauntlet
        && distance_to_box(eye, aim.target_origin, target.crouched) > GAUNTLET_REACH
    {
        return false;
    }
    let radius = HIT_RADIUS + if ctx.splash { SPLASH_SLACK } else { 0.0 };
    let on_target = if rapid_fire(ctx.weapon) {
        let cone = if eye.distance(aim.spot) < CLOSE_RANGE {
            CLOSE_SWEEP_CONE
        } else {
            SWEEP_CONE
        };
        within_angle(eye, me.view_angles, aim.spot, cone)
    } else {
        within_view(eye, me.view_angles, aim.spot, radius)
            || within_angle(eye, me.view_angles, aim.spot, aim.spread)
    };
    if !on_target {
        return false;
    }
    if !target.visible && !line_of_fire(world, me.origin, aim.target_origin) {
        return false;
    }
    if teammate_in_the_way(eye, aim.point, ctx.splash, ctx.teammates) {
        return false;
    }
    burst.allows(ctx.now_ms, skill.fire_throttle, rng)
}

#[cfg(test)]
mod tests {
    use bot_interface::{GameRng, view_angles_towards};

    use super::*;

    #[test]
    fn the_view_tolerance_is_wider_close_up_and_for_splash() {
        let eye = Vec3::ZERO;
        let far = Vec3::new(1000.0, 0.0, 0.0);
        let near = Vec3::new(100.0, 0.0, 0.0);
        // 3 degrees off: beyond a hitscan's 2 degrees at 1000 units, within a splash
        // weapon's 3.9, and within the 11.5 of a hitscan at 100 units.
        let off = Vec3::new(0.0, 3.0, 0.0);
        assert!(!within_view(eye, off, far, HIT_RADIUS));
        assert!(within_view(eye, off, far, HIT_RADIUS + SPLASH_SLACK));
        assert!(within_view(eye, off, near, HIT_RADIUS));
        assert!(within_view(eye, view_angles_towards(far), far, HIT_RADIUS));
        assert!(!within_view(
            eye,
            Vec3::new(0.0, 30.0, 0.0),
            near,
            HIT_RADIUS
        ));
    }

    #[test]
    fn teammates_on_the_line_or_near_a_splash_block_the_shot() {
        let eye = Vec3::new(0.0, 0.0, 26.0);
        let point = Vec3::new(800.0, 0.0, 26.0);
        let on_line = [Vec3::new(400.0, 10.0, 22.0)];
        let beside = [Vec3::new(400.0, 200.0, 22.0)];
        let behind_me = [Vec3::new(-100.0, 0.0, 22.0)];
        let near_point = [Vec3::new(850.0, 60.0, 22.0)];
        assert!(teammate_in_the_way(eye, point, false, &on_line));
        assert!(!teammate_in_the_way(eye, point, false, &beside));
        assert!(!teammate_in_the_way(eye, point, false, &behind_me));
        assert!(!teammate_in_the_way(eye, point, false, &near_point));
        assert!(teammate_in_the_way(eye, point, true, &near_point));
    }

    #[test]
    fn the_throttle_fires_in_bursts_by_its_value() {
        let share = |throttle: f32| {
            let mut rng = GameRng::new(0xf17e);
            let mut burst = Burst::default();
            let frames = 20_000_u32;
            let fired = (0..frames)
                .filter(|frame| burst.allows(frame * 50, throttle, &mut rng))
                .count();
            f64::from(u32::try_from(fired).unwrap_or(0)) / f64::from(frames)
        };
        let (full, some, low) = (share(1.0), share(0.7), share(0.0));
        assert!((full - 1.0).abs() < 1e-9, "{full}");
        assert!(some < 0.95 && some > low, "{some} vs {low}");
        // Throttle 0: 500 ms bursts between pauses of 1000 ms on average.
        assert!((low - 1.0 / 3.0).abs() < 0.05, "{low}");
    }

    #[test]
    fn the_gauntlet_box_distance_counts_from_the_box() {
        let origin = Vec3::new(100.0, 0.0, 0.0);
        assert!((distance_to_box(Vec3::new(50.0, 0.0, 26.0), origin, false) - 35.0).abs() < 1e-4);
        assert!(distance_to_box(origin, origin, true).abs() < 1e-6);
    }
}
