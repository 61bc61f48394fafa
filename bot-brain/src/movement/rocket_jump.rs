//! Rocket jumps: when a player may use them ([`can_rocket_jump`]), and carrying one out
//! ([`rocket_jump`]). The behaviour is described in words in the [module docs](super).

use aas_geom::world::TravelType;
use bot_interface::{SelfView, Weapon};
use glam::Vec3;

use super::locate::{flat, horizontal};
use super::steer::{Ctx, Progress, Steer, air_to, arrive_at, run_to};
use super::step::{Phase, Step};

/// A player rocket jumps only with more health than this. The rocket's splash at the feet
/// deals at most 100 points to its shooter, halved for self-damage: 50 health at most
/// (armour takes its share first). Above 60 the player keeps more than 10 after the jump, and
/// a jump that goes wrong once (falling back down, 50 more) still leaves it alive — and, at
/// 60 or less, no longer allowed to try again. botlib also asks for some health before a
/// bot rocket jumps.
pub const ROCKET_JUMP_HEALTH: i32 = 60;
/// Within this distance (units, horizontally) of the start the player stops there to fire.
const AT_START: f32 = 12.0;
/// The player fires only once slower than this (units/s, horizontally): nearly still, so that
/// the explosion lies under its feet.
const STILL: f32 = 40.0;
/// The view's pitch while firing (degrees, positive looks down): straight down, as a human
/// does; the world clamps it to its limit (about 88°).
const LOOK_DOWN: f32 = 90.0;
/// Standing at the start for longer than this (seconds) without being able to fire (the
/// weapon never came up) gives the reachability up.
const FIRE_PATIENCE: f32 = 3.0;
/// For this long (seconds) after the take-off, an upward kick is the player's own rocket,
/// not a jump pad.
pub(super) const OWN_KICK_TIME: f32 = 0.3;

/// Whether the player at `me` may rocket jump: alive, owning the rocket launcher with a
/// rocket for it, and more than [`ROCKET_JUMP_HEALTH`] health. The navigator adds
/// [`TravelFlags::ROCKETJUMP`](aas_geom::world::TravelFlags::ROCKETJUMP) to its routes only
/// while this holds.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn can_rocket_jump(me: &SelfView) -> bool {
    me.alive && me.can_fire(Weapon::RocketLauncher) && me.health > ROCKET_JUMP_HEALTH
}

/// Whether a rising kick at `time` is the player's own rocket: the step is a rocket jump that
/// took off less than [`OWN_KICK_TIME`] ago.
pub(super) fn own_kick(step: Option<&Step>, time: f32) -> bool {
    step.is_some_and(|step| {
        step.kind == TravelType::RocketJump
            && step.phase == Phase::Airborne
            && step.in_phase(time) < OWN_KICK_TIME
    })
}

/// One frame of a rocket jump: walk to the start wishing for the rocket launcher, stop on the
/// start ([`Phase::Wait`], looking straight down along the way to the end), and once nearly
/// still with the launcher ready, press jump and attack together while wishing to move
/// towards the end. In the air, steer onto the end; landing on the end's level (or in the
/// target area) finishes the step, landing lower fails it.
///
/// Jump and attack go together because the world moves the player before it fires: the jump
/// has lifted the player some 12 units when the rocket leaves, and the explosion under it
/// (the next frame, the prestepped rocket reaching the floor, about 80 points of knockback)
/// adds some 400 units/s to the jump's: about 600 units/s up on `rocketjump_room`. A rocket
/// fired from the ground without the jump pushes at most 500 units/s up (100 points of
/// knockback), barely 156 units high.
pub(super) fn rocket_jump(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    let me = ctx.me;
    if step.phase == Phase::Airborne {
        if !ctx.supported() {
            return Progress::Going(air_to(ctx, step.end));
        }
        let step_height = ctx.physics.settings().step_height;
        let short = ctx.area != Some(step.target) && me.origin.z < step.end.z - step_height;
        return if short {
            Progress::Failed
        } else {
            Progress::Done
        };
    }
    let armed = |steer: Steer| steer.wielding(Weapon::RocketLauncher);
    if ctx.airborne() {
        // Pushed or fallen before firing: back to the start.
        step.enter(Phase::Approach, ctx.time);
        return Progress::Going(armed(run_to(ctx, step.start)));
    }
    if horizontal(me.origin, step.start) > AT_START {
        step.enter(Phase::Approach, ctx.time);
        return Progress::Going(armed(arrive_at(ctx, step.start)));
    }
    step.enter(Phase::Wait, ctx.time);
    if step.in_phase(ctx.time) > FIRE_PATIENCE {
        return Progress::Failed;
    }
    let towards_end = flat(step.end - me.origin);
    let heading = if towards_end == Vec3::ZERO {
        step.heading
    } else {
        towards_end.normalize()
    };
    let yaw = heading.y.atan2(heading.x).to_degrees();
    let look = Vec3::new(LOOK_DOWN, yaw, 0.0);
    let ready = me.weapon == Some(Weapon::RocketLauncher)
        && me.weapon_time_ms == 0
        && flat(me.velocity).length() < STILL
        && !ctx.jump_held;
    if !ready {
        let hold = Steer {
            waiting: true,
            ..arrive_at(ctx, step.start)
        };
        return Progress::Going(armed(hold).looking(look));
    }
    step.enter(Phase::Airborne, ctx.time);
    let fire = Steer {
        attack: true,
        ..Steer::run(heading).jumping()
    };
    Progress::Going(armed(fire).looking(look))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A live player with full health owning the machinegun (and whatever `rockets` says).
    fn player(rockets: Option<i32>, health: i32) -> SelfView {
        let mut me = SelfView {
            alive: true,
            health,
            ..SelfView::default()
        };
        me.weapons[Weapon::Machinegun.index()] = true;
        me.ammo[Weapon::Machinegun.index()] = 100;
        if let Some(rockets) = rockets {
            me.weapons[Weapon::RocketLauncher.index()] = true;
            me.ammo[Weapon::RocketLauncher.index()] = rockets;
        }
        me
    }

    #[test]
    fn rocket_jumps_need_the_launcher_with_rockets() {
        assert!(can_rocket_jump(&player(Some(10), 100)));
        assert!(!can_rocket_jump(&player(None, 100)));
        assert!(!can_rocket_jump(&player(Some(0), 100)));
        // Unlimited ammunition counts as loaded.
        assert!(can_rocket_jump(&player(Some(-1), 100)));
        // Rockets without the launcher do not.
        let mut rockets_only = player(None, 100);
        rockets_only.ammo[Weapon::RocketLauncher.index()] = 10;
        assert!(!can_rocket_jump(&rockets_only));
    }

    #[test]
    fn rocket_jumps_need_more_health_than_the_threshold() {
        assert!(can_rocket_jump(&player(Some(5), ROCKET_JUMP_HEALTH + 1)));
        assert!(!can_rocket_jump(&player(Some(5), ROCKET_JUMP_HEALTH)));
        assert!(!can_rocket_jump(&player(Some(5), 20)));
        let dead = SelfView {
            alive: false,
            ..player(Some(5), 100)
        };
        assert!(!can_rocket_jump(&dead));
    }
}
