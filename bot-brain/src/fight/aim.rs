//! Aiming (botlib's `BotAimAtEnemy` as thesis §13.2 describes it): [`AimSkill`] reads the
//! aiming characteristics of a character, and [`aim`] picks the spot to aim at and the view
//! angles that point there.
//!
//! Rules, by the weapon's aim skill (thesis §8.2 bands):
//! - hitscan weapons (no projectile speed) aim at the chest where the target is: no leading;
//! - projectiles: skill ≤ 0.4 aims where the target is; (0.4, 0.8] leads linearly (the target's
//!   position plus its velocity times the projectile's travel time, solved exactly for the
//!   meeting point); (0.8, 1.0] leads along the target's path predicted by the player physics
//!   (it keeps running the way it runs; walls, steps and falls are taken into account);
//! - splash projectiles with skill > 0.6 aim at the floor under the (led) target's feet when a
//!   floor is there and the line of fire reaches it;
//! - a target out of sight: skill > 0.5 with a splash projectile fires a prediction shot where
//!   it will reappear (its last seen position moved along its last seen velocity for
//!   [`REAPPEAR_LEAD`] seconds, or the last seen position when the line of fire does not reach
//!   that); otherwise the bot only watches the last seen position ([`AimKind::Watch`], no shot).
//!
//! Accuracy: the chosen spot is turned away from by a random angle of magnitude
//! `spread × u` in a uniformly random direction (`u` uniform in [0, 1)), where, in degrees,
//!
//! ```text
//! spread = (BASE_ERROR × (1 − accuracy)
//!           + MOVE_ERROR × disturbance × min(lateral speed / RUN_SPEED, 2))
//!          × (1 + min(distance / FAR_DISTANCE, 1))
//! disturbance = clamp((0.9 − aim skill) / 0.9, 0, 1)
//! ```
//!
//! with the weapon's accuracy and skill, the target's speed across the line of sight and the
//! distance from the eye to the spot. So a perfectly accurate bot with skill ≥ 0.9 never
//! misses its spot, and below 0.9 a moving target disturbs the aim (thesis: "aim is affected by
//! enemy movement"). Every call draws exactly two numbers from the RNG.
//!
//! Line of fire: the AAS world holds the map expanded by the player boxes, so a straight move
//! of a crouching player box from one player origin to another stands in for the line of fire
//! ([`line_of_fire`]).

use aas_geom::physics::{MoveInput, Physics, PlayerState, STANDING_MINS, StopConditions};
use aas_geom::world::{AasWorld, PresenceType};
use bot_interface::{SelfView, Weapon, view_angles_towards, view_forward};
use glam::Vec3;
use rand::Rng;

use crate::character::{Character, Characteristic};

/// Largest accuracy error, degrees, of an accuracy-0 bot at close range.
pub const BASE_ERROR: f32 = 8.0;
/// Largest error added by a target crossing the line of sight at [`RUN_SPEED`], degrees.
pub const MOVE_ERROR: f32 = 4.0;
/// A player's running speed, units per second (the scale of the movement error).
pub const RUN_SPEED: f32 = 320.0;
/// The distance at which the error has doubled, units.
pub const FAR_DISTANCE: f32 = 2048.0;
/// Longest time a shot is led, seconds.
pub const MAX_LEAD_TIME: f32 = 3.0;
/// How far along its last seen velocity a target out of sight is expected to reappear,
/// seconds of movement.
pub const REAPPEAR_LEAD: f32 = 0.3;
/// The chest above a standing player's origin, units.
pub const CHEST: f32 = 10.0;
/// The chest above a crouching player's origin, units.
pub const CROUCHED_CHEST: f32 = 2.0;
/// How far below the target's origin the floor is looked for, units (a standing player's
/// feet are 24 below its origin: this finds the floor under a target up to 40 units up).
pub const FLOOR_PROBE: f32 = 64.0;
/// The smallest floor normal height that counts as a floor for splash aiming.
pub const FLOOR_NORMAL: f32 = 0.7;
/// How close (units) a line-of-fire trace must end to its goal to count as reaching it.
pub const LINE_SLACK: f32 = 8.0;

/// The aiming characteristics of a character (thesis §8.2, reference §11.3), clamped to their
/// ranges. An unset characteristic reads as its range's minimum (botlib reads 0, then clamps).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AimSkill {
    /// `AIM_SKILL` [0, 1]: the skill for weapons without their own.
    pub aim_skill: f32,
    /// `AIM_ACCURACY` [0, 1]: the accuracy for weapons without their own.
    pub aim_accuracy: f32,
    /// Per-weapon `AIM_ACCURACY_*` [0, 1] by [`Weapon::index`] (`None`: unset, or the weapon
    /// has none, as the gauntlet).
    pub weapon_accuracy: [Option<f32>; 9],
    /// Per-weapon `AIM_SKILL_*` [0, 1] by [`Weapon::index`] (set only for the rocket and
    /// grenade launchers, the plasma gun and the BFG).
    pub weapon_skill: [Option<f32>; 9],
    /// `VIEW_FACTOR` [0.01, 1]: the fraction of the view difference covered per think frame.
    pub view_factor: f32,
    /// `VIEW_MAXCHANGE` [1, 360]: the fastest view turn, degrees per second.
    pub view_max_change: f32,
    /// `FIRETHROTTLE` [0, 1]: the tendency to fire continuously instead of pausing.
    pub fire_throttle: f32,
    /// `REACTIONTIME` [0, 5]: seconds a target must be in sight before the bot fires.
    pub reaction_time: f32,
}

/// The per-weapon accuracy characteristic of `weapon`, if it has one.
const fn accuracy_characteristic(weapon: Weapon) -> Option<Characteristic> {
    match weapon {
        Weapon::Gauntlet => None,
        Weapon::Machinegun => Some(Characteristic::AimAccuracyMachinegun),
        Weapon::Shotgun => Some(Characteristic::AimAccuracyShotgun),
        Weapon::RocketLauncher => Some(Characteristic::AimAccuracyRocketlauncher),
        Weapon::GrenadeLauncher => Some(Characteristic::AimAccuracyGrenadelauncher),
        Weapon::LightningGun => Some(Characteristic::AimAccuracyLightning),
        Weapon::PlasmaGun => Some(Characteristic::AimAccuracyPlasmagun),
        Weapon::Railgun => Some(Characteristic::AimAccuracyRailgun),
        Weapon::Bfg => Some(Characteristic::AimAccuracyBfg10k),
    }
}

/// The per-weapon aim skill characteristic of `weapon`, if it has one.
const fn skill_characteristic(weapon: Weapon) -> Option<Characteristic> {
    match weapon {
        Weapon::RocketLauncher => Some(Characteristic::AimSkillRocketlauncher),
        Weapon::GrenadeLauncher => Some(Characteristic::AimSkillGrenadelauncher),
        Weapon::PlasmaGun => Some(Characteristic::AimSkillPlasmagun),
        Weapon::Bfg => Some(Characteristic::AimSkillBfg10k),
        _ => None,
    }
}

impl AimSkill {
    /// The aiming characteristics of `character`, clamped to their ranges.
    #[must_use]
    pub fn from_character(character: &Character) -> Self {
        let read =
            |c: Characteristic, min: f32, max: f32| character.float_clamped(c, min, max).ok();
        let unit = |c: Characteristic| read(c, 0.0, 1.0);
        Self {
            aim_skill: unit(Characteristic::AimSkill).unwrap_or(0.0),
            aim_accuracy: unit(Characteristic::AimAccuracy).unwrap_or(0.0),
            weapon_accuracy: Weapon::ALL.map(|w| accuracy_characteristic(w).and_then(unit)),
            weapon_skill: Weapon::ALL.map(|w| skill_characteristic(w).and_then(unit)),
            view_factor: read(Characteristic::ViewFactor, 0.01, 1.0).unwrap_or(0.01),
            view_max_change: read(Characteristic::ViewMaxChange, 1.0, 360.0).unwrap_or(1.0),
            fire_throttle: unit(Characteristic::FireThrottle).unwrap_or(0.0),
            reaction_time: read(Characteristic::ReactionTime, 0.0, 5.0).unwrap_or(0.0),
        }
    }

    /// One skill and one accuracy for every weapon, with the fastest view, continuous fire
    /// and no reaction time (for tests and scripted bots).
    #[must_use]
    pub fn flat(aim_skill: f32, aim_accuracy: f32) -> Self {
        Self {
            aim_skill: aim_skill.clamp(0.0, 1.0),
            aim_accuracy: aim_accuracy.clamp(0.0, 1.0),
            weapon_accuracy: [None; 9],
            weapon_skill: [None; 9],
            view_factor: 1.0,
            view_max_change: 360.0,
            fire_throttle: 1.0,
            reaction_time: 0.0,
        }
    }

    /// The aim accuracy with `weapon`: its own characteristic when set, else `AIM_ACCURACY`.
    #[must_use]
    pub fn accuracy_for(&self, weapon: Weapon) -> f32 {
        self.weapon_accuracy[weapon.index()].unwrap_or(self.aim_accuracy)
    }

    /// The aim skill with `weapon`: its own characteristic when set, else `AIM_SKILL`.
    #[must_use]
    pub fn skill_for(&self, weapon: Weapon) -> f32 {
        self.weapon_skill[weapon.index()].unwrap_or(self.aim_skill)
    }
}

/// What the bot knows of the player it aims at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AimTarget {
    /// Its origin (the last seen origin when out of sight).
    pub origin: Vec3,
    /// Its velocity, units per second (the last seen velocity when out of sight).
    pub velocity: Vec3,
    /// Whether it crouches (crouched when last seen).
    pub crouched: bool,
    /// Whether it is in sight now.
    pub visible: bool,
    /// Seconds since it was last seen (0 while visible).
    pub unseen_for: f32,
    /// Seconds it has been in sight without a break (0 while out of sight).
    pub seen_for: f32,
}

impl AimTarget {
    /// A target in sight since `seen_for` seconds.
    #[must_use]
    pub fn seen(origin: Vec3, velocity: Vec3, crouched: bool, seen_for: f32) -> Self {
        Self {
            origin,
            velocity,
            crouched,
            visible: true,
            unseen_for: 0.0,
            seen_for,
        }
    }

    /// A target last seen `unseen_for` seconds ago at `origin`, moving at `velocity`.
    #[must_use]
    pub fn lost(origin: Vec3, velocity: Vec3, crouched: bool, unseen_for: f32) -> Self {
        Self {
            origin,
            velocity,
            crouched,
            visible: false,
            unseen_for,
            seen_for: 0.0,
        }
    }

    /// The chest height above the origin.
    #[must_use]
    pub fn chest_offset(&self) -> Vec3 {
        Vec3::Z * if self.crouched { CROUCHED_CHEST } else { CHEST }
    }

    /// The chest (where hitscan weapons aim).
    #[must_use]
    pub fn chest(&self) -> Vec3 {
        self.origin + self.chest_offset()
    }
}

/// How the spot was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AimKind {
    /// At the target where it is (hitscan weapons, or a skill too low to lead).
    Direct,
    /// Led linearly: where the target meets the projectile if it keeps its velocity.
    Linear,
    /// Led along the target's path predicted by the player physics.
    Predicted,
    /// A prediction shot where a target out of sight is expected to reappear.
    Reappear,
    /// Looking at where a target out of sight was last seen: not a shot.
    Watch,
}

/// Where to aim.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aim {
    /// The view angles (pitch, yaw, roll; degrees) to turn to: towards [`point`](Self::point).
    pub ideal_view: Vec3,
    /// The point aimed at: [`spot`](Self::spot) turned about the eye by the accuracy error.
    pub point: Vec3,
    /// The spot chosen (chest, led chest, or floor), before the accuracy error.
    pub spot: Vec3,
    /// The origin the target is expected to have when the shot arrives (the spot's player).
    pub target_origin: Vec3,
    /// How the spot was chosen.
    pub kind: AimKind,
    /// Whether the spot is the floor under the target's feet (splash aiming).
    pub floor: bool,
    /// The spread of the accuracy error, degrees (the formula in the module docs).
    pub spread: f32,
}

/// A uniform number in [0, 1) from one 32-bit draw (23 bits of it).
pub(crate) fn unit_random(rng: &mut (impl Rng + ?Sized)) -> f32 {
    f32::from_bits(0x3f80_0000 | (rng.next_u32() >> 9)) - 1.0
}

/// Whether a crouching player box moves straight from the player origin `from` to the
/// player origin `to` without meeting the map: the line of fire between two players (module
/// docs).
#[must_use]
pub fn line_of_fire(world: &AasWorld, from: Vec3, to: Vec3) -> bool {
    let trace = world.trace(from, to, PresenceType::CROUCH);
    !trace.start_solid && (trace.fraction >= 1.0 || trace.end.distance(to) <= LINE_SLACK)
}

/// The time `t` > 0 at which a projectile from `eye` at `speed` meets a point starting at
/// `start` moving at `velocity`, if it can within [`MAX_LEAD_TIME`].
fn intercept_time(eye: Vec3, start: Vec3, velocity: Vec3, speed: f32) -> Option<f32> {
    let d = start - eye;
    let a = velocity.length_squared() - speed * speed;
    let b = 2.0 * d.dot(velocity);
    let c = d.length_squared();
    let t = if a.abs() < 1e-3 {
        (b < 0.0).then(|| -c / b)?
    } else {
        let discriminant = b * b - 4.0 * a * c;
        if discriminant < 0.0 {
            return None;
        }
        let root = discriminant.sqrt();
        let (t1, t2) = ((-b - root) / (2.0 * a), (-b + root) / (2.0 * a));
        let (low, high) = (t1.min(t2), t1.max(t2));
        if low > 0.0 { low } else { high }
    };
    (t > 0.0 && t <= MAX_LEAD_TIME).then_some(t)
}

/// Linear leading: the target's origin when a projectile at `speed` meets it (its origin plus
/// velocity × travel time), or `None` when it cannot be caught within [`MAX_LEAD_TIME`].
#[must_use]
pub fn lead_linear(eye: Vec3, target: &AimTarget, speed: f32) -> Option<Vec3> {
    let offset = target.chest_offset();
    let t = intercept_time(eye, target.origin + offset, target.velocity, speed)?;
    Some(target.origin + target.velocity * t)
}

/// Exact leading: the target's origin on its path predicted by `physics` (it keeps running
/// the way it runs) where a projectile at `speed` from `eye` meets its chest, interpolated
/// between frames; `None` when it is not caught within the prediction.
#[must_use]
pub fn lead_predicted(
    physics: &Physics<'_>,
    eye: Vec3,
    target: &AimTarget,
    speed: f32,
) -> Option<Vec3> {
    let offset = target.chest_offset();
    let linear = intercept_time(eye, target.origin + offset, target.velocity, speed)
        .unwrap_or((target.origin + offset - eye).length() / speed);
    let horizon = (linear * 1.5 + 0.25).min(MAX_LEAD_TIME);
    let mut start = PlayerState::at(target.origin);
    start.velocity = target.velocity;
    start.crouched = target.crouched;
    let run = target.velocity.with_z(0.0);
    let input = MoveInput {
        direction: run,
        speed: run.length(),
        jump: false,
        crouch: target.crouched,
    };
    let prediction = physics.predict(&start, |_, _| input, &StopConditions::time_limit(horizon));
    let frame_time = physics.settings().frame_time.max(f32::MIN_POSITIVE);
    // Gap between the target's distance and the projectile's reach: positive until met.
    let gap = |origin: Vec3, t: f32| (origin + offset - eye).length() - speed * t;
    let (mut previous, mut previous_gap, mut t) = (target.origin, gap(target.origin, 0.0), 0.0);
    for state in &prediction.trajectory {
        t += frame_time;
        let now_gap = gap(state.origin, t);
        if now_gap <= 0.0 {
            let share = previous_gap / (previous_gap - now_gap).max(f32::MIN_POSITIVE);
            return Some(previous.lerp(state.origin, share.clamp(0.0, 1.0)));
        }
        (previous, previous_gap) = (state.origin, now_gap);
    }
    None
}

/// The floor point under a player at `origin` (crouching or not), if a walkable floor is
/// within [`FLOOR_PROBE`], with the resting origin of a player standing there.
#[must_use]
pub fn floor_below(world: &AasWorld, origin: Vec3, crouched: bool) -> Option<(Vec3, Vec3)> {
    let presence = if crouched {
        PresenceType::CROUCH
    } else {
        PresenceType::NORMAL
    };
    // From a unit above, so that a player resting on the floor does not start on its plane.
    let start = origin + Vec3::Z;
    let trace = world.trace(start, start - Vec3::Z * FLOOR_PROBE, presence);
    (!trace.start_solid && trace.fraction < 1.0 && trace.normal.z >= FLOOR_NORMAL)
        .then(|| (trace.end + Vec3::Z * STANDING_MINS.z, trace.end))
}

/// The spread of the accuracy error, degrees (module docs).
#[must_use]
pub fn spread(accuracy: f32, aim_skill: f32, lateral_speed: f32, distance: f32) -> f32 {
    let disturbance = ((0.9 - aim_skill) / 0.9).clamp(0.0, 1.0);
    let moving = (lateral_speed / RUN_SPEED).clamp(0.0, 2.0);
    (BASE_ERROR * (1.0 - accuracy.clamp(0.0, 1.0)) + MOVE_ERROR * disturbance * moving)
        * (1.0 + (distance / FAR_DISTANCE).clamp(0.0, 1.0))
}

/// Where `me` aims at `target` with `weapon` (module docs): `projectile_speed` is `None` for
/// hitscan weapons, `splash` says whether the weapon's projectiles explode with splash
/// damage; `physics` (on the level's AAS world) predicts paths and traces floors and lines of
/// fire. Draws exactly two numbers from `rng`.
#[must_use]
#[expect(
    clippy::too_many_arguments,
    reason = "the botlib aim call's inputs, each distinct"
)]
pub fn aim(
    me: &SelfView,
    target: &AimTarget,
    weapon: Weapon,
    projectile_speed: Option<f32>,
    splash: bool,
    skill: &AimSkill,
    physics: &Physics<'_>,
    rng: &mut (impl Rng + ?Sized),
) -> Aim {
    let world = physics.world();
    let eye = me.eye();
    let weapon_skill = skill.skill_for(weapon);
    let speed = projectile_speed.filter(|s| s.is_finite() && *s > 0.0);
    let (kind, target_origin) = if target.visible {
        match speed {
            Some(s) if weapon_skill > 0.8 => lead_predicted(physics, eye, target, s)
                .map(|o| (AimKind::Predicted, o))
                .or_else(|| lead_linear(eye, target, s).map(|o| (AimKind::Linear, o)))
                .unwrap_or((AimKind::Direct, target.origin)),
            Some(s) if weapon_skill > 0.4 => lead_linear(eye, target, s)
                .map_or((AimKind::Direct, target.origin), |o| (AimKind::Linear, o)),
            _ => (AimKind::Direct, target.origin),
        }
    } else if weapon_skill > 0.5 && splash && speed.is_some() {
        let ahead = target.origin + target.velocity * REAPPEAR_LEAD;
        let origin = if line_of_fire(world, target.origin, ahead) {
            ahead
        } else {
            target.origin
        };
        (AimKind::Reappear, origin)
    } else {
        (AimKind::Watch, target.origin)
    };
    let floor = (splash && speed.is_some() && weapon_skill > 0.6 && kind != AimKind::Watch)
        .then(|| floor_below(world, target_origin, target.crouched))
        .flatten()
        .filter(|(_, resting)| line_of_fire(world, me.origin, *resting));
    let spot = floor.map_or(target_origin + target.chest_offset(), |(point, _)| point);
    let to_spot = spot - eye;
    let distance = to_spot.length();
    let direction = to_spot.normalize_or_zero();
    let lateral = (target.velocity - direction * target.velocity.dot(direction)).length();
    let spread = spread(skill.accuracy_for(weapon), weapon_skill, lateral, distance);
    let (magnitude, angle) = (
        spread * unit_random(rng),
        std::f32::consts::TAU * unit_random(rng),
    );
    let ideal_view = view_angles_towards(to_spot)
        + Vec3::new(magnitude * angle.sin(), magnitude * angle.cos(), 0.0);
    Aim {
        ideal_view,
        point: eye + view_forward(ideal_view) * distance,
        spot,
        target_origin,
        kind,
        floor: floor.is_some(),
        spread,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_intercept_meets_the_projectile() {
        let eye = Vec3::new(0.0, 0.0, 26.0);
        let start = Vec3::new(800.0, 0.0, 26.0);
        let velocity = Vec3::new(0.0, 320.0, 0.0);
        let t = intercept_time(eye, start, velocity, 900.0).unwrap_or(f32::NAN);
        let meet = start + velocity * t;
        assert!(((meet - eye).length() - 900.0 * t).abs() < 0.05, "t = {t}");
        // Running straight away faster than the projectile: never caught.
        assert_eq!(intercept_time(eye, start, Vec3::X * 1000.0, 900.0), None);
        // Coming straight in: met sooner than a standing target.
        let towards = intercept_time(eye, start, Vec3::NEG_X * 300.0, 900.0).unwrap_or(f32::NAN);
        assert!((towards - 800.0 / 1200.0).abs() < 1e-4, "{towards}");
    }

    #[test]
    fn the_spread_follows_accuracy_movement_and_distance() {
        assert!(spread(1.0, 0.95, 500.0, 100.0).abs() < 1e-6);
        assert!((spread(0.0, 1.0, 0.0, 0.0) - BASE_ERROR).abs() < 1e-6);
        assert!(spread(0.5, 0.3, 320.0, 100.0) > spread(0.5, 0.3, 0.0, 100.0));
        assert!(spread(0.5, 0.95, 320.0, 100.0) == spread(0.5, 0.95, 0.0, 100.0));
        assert!(spread(0.5, 0.3, 0.0, 2000.0) > spread(0.5, 0.3, 0.0, 200.0));
    }

    #[test]
    fn unit_random_stays_in_the_unit_interval() {
        let mut rng = bot_interface::GameRng::new(7);
        for _ in 0..10_000 {
            let u = unit_random(&mut rng);
            assert!((0.0..1.0).contains(&u));
        }
    }
}
