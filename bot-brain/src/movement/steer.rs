//! [`Steer`]: one frame of movement wishes, and the helpers every travel type steers with.

use aas_geom::physics::{Ground, Mover, Physics, PhysicsSettings, PlayerState};
use aas_geom::world::{AreaContents, AreaId};
use bot_interface::{SelfView, Weapon};
use glam::Vec3;

use super::locate::{flat, horizontal};

/// What the navigator knows while it steers one frame.
pub(super) struct Ctx<'a, 'w> {
    /// Its own state.
    pub(super) me: &'a SelfView,
    /// The area its origin is in.
    pub(super) area: Option<AreaId>,
    /// Match time, seconds (the movers' clock).
    pub(super) time: f32,
    /// Server frame length, seconds.
    pub(super) frame_time: f32,
    /// The physics settings (and [`Physics::air_steer`]).
    pub(super) physics: &'a Physics<'w>,
    /// The movers it knows of.
    pub(super) movers: &'a [Mover],
    /// Whether it held jump in the previous frame (a new jump needs a release).
    pub(super) jump_held: bool,
}

impl Ctx<'_, '_> {
    /// Swimming: waist deep or deeper.
    pub(super) fn in_liquid(&self) -> bool {
        self.me.water_level >= 2
    }

    /// Standing on walkable ground or swimming: where routes are asked for.
    pub(super) fn supported(&self) -> bool {
        self.me.on_ground || self.in_liquid()
    }

    /// Neither on ground nor swimming: jumping, falling, flying or on a ladder.
    pub(super) fn airborne(&self) -> bool {
        !self.supported()
    }

    /// The navigator as a physics state, for [`Physics::air_steer`] and the footing check
    /// (the physics traces the real ground again before it moves).
    pub(super) fn player_state(&self) -> PlayerState {
        let me = self.me;
        PlayerState {
            origin: me.origin,
            velocity: me.velocity,
            ground: me.on_ground.then_some(Ground {
                normal: Vec3::Z,
                walkable: true,
                mover: None,
            }),
            crouched: me.crouched,
            water_level: me.water_level,
            water_type: AreaContents::empty(),
            jump_held: self.jump_held,
            timer: None,
            time: self.time,
            ground_probe: None,
        }
    }

    /// Distance to `point`: in 3-D when swimming, else horizontal.
    pub(super) fn distance(&self, point: Vec3) -> f32 {
        if self.in_liquid() {
            self.me.origin.distance(point)
        } else {
            horizontal(self.me.origin, point)
        }
    }
}

/// One frame of movement wishes.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Steer {
    /// Direction to move in (unit or zero; 3-D when swimming).
    pub(super) direction: Vec3,
    /// Wished speed.
    pub(super) speed: f32,
    /// Press jump (swim up in a liquid).
    pub(super) jump: bool,
    /// Press crouch (swim down in a liquid, climb down a ladder).
    pub(super) crouch: bool,
    /// Standing still on purpose (waiting for a platform): not a sign of being stuck.
    pub(super) waiting: bool,
    /// Keeping to the ground: slow down before running off an edge (see
    /// [`Navigator`](super::Navigator)'s edge check).
    pub(super) careful: bool,
    /// The weapon wanted in hand (the rocket launcher for a rocket jump).
    pub(super) weapon: Option<Weapon>,
    /// View angles to hold instead of looking along the movement (straight down for a
    /// rocket jump).
    pub(super) look: Option<Vec3>,
    /// Fire the weapon in hand (a rocket jump's rocket).
    pub(super) attack: bool,
}

impl Steer {
    /// Full speed along `direction` (normalised here).
    pub(super) fn run(direction: Vec3) -> Self {
        Self {
            direction: direction.normalize_or_zero(),
            speed: f32::MAX,
            ..Self::default()
        }
    }

    /// Standing still on purpose.
    pub(super) fn wait() -> Self {
        Self {
            waiting: true,
            ..Self::default()
        }
    }

    /// The same wishes, pressing jump.
    pub(super) fn jumping(self) -> Self {
        Self { jump: true, ..self }
    }

    /// The same wishes, crouching when `crouch`.
    pub(super) fn crouching(self, crouch: bool) -> Self {
        Self {
            crouch: self.crouch || crouch,
            ..self
        }
    }

    /// The same wishes, wanting `weapon` in hand.
    pub(super) fn wielding(self, weapon: Weapon) -> Self {
        Self {
            weapon: Some(weapon),
            ..self
        }
    }

    /// The same wishes, holding the view angles `angles`.
    pub(super) fn looking(self, angles: Vec3) -> Self {
        Self {
            look: Some(angles),
            ..self
        }
    }

    /// The same wishes, keeping to the ground.
    pub(super) fn carefully(self) -> Self {
        Self {
            careful: true,
            ..self
        }
    }

    /// On the ground, the same wishes slowed to at most `speed` along their direction as
    /// fast as the ground allows: the wish becomes the change from the velocity friction leaves
    /// `me` this frame to the one wanted, at the wished speed that makes the ground
    /// acceleration add exactly that change (up to the physics' cap). A plain cap on the
    /// wished speed would hardly brake a sideways drift (the acceleration only adds along the
    /// wish, up to its speed), and the drift would carry the player off the edge ahead.
    pub(super) fn braked_to(self, me: &SelfView, speed: f32, settings: &PhysicsSettings) -> Self {
        let heading = flat(self.direction).normalize_or_zero();
        let wanted = heading * self.speed.min(speed);
        let velocity = flat(me.velocity);
        let current = velocity.length();
        let kept = if current > 0.0 {
            let drop = current.max(settings.stop_speed) * settings.friction * settings.frame_time;
            velocity * ((current - drop).max(0.0) / current)
        } else {
            Vec3::ZERO
        };
        let change = wanted - kept;
        let needed = change.length();
        if needed < 1.0 {
            return Self {
                direction: heading,
                ..self
            }
            .at_most(speed);
        }
        let direction = change / needed;
        let by_rate = needed / (settings.walk_accelerate * settings.frame_time);
        let by_room = kept.dot(direction) + needed;
        Self {
            direction,
            speed: by_rate.max(by_room).min(settings.max_walk_velocity),
            ..self
        }
    }

    /// The same wishes at most `speed` fast.
    pub(super) fn at_most(self, speed: f32) -> Self {
        Self {
            speed: self.speed.min(speed),
            ..self
        }
    }
}

/// How carrying out a reachability goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Progress {
    /// Under way: steer like this.
    Going(Steer),
    /// Finished (landed, arrived): ask for the next step.
    Done,
    /// Given up: ask for another way.
    Failed,
}

/// Towards `point` at full speed: in 3-D when swimming, else horizontally ([`run_at`]).
pub(super) fn run_to(ctx: &Ctx<'_, '_>, point: Vec3) -> Steer {
    run_at(ctx, point, f32::MAX)
}

/// Towards `point` at `speed` (capped by the physics): in 3-D when swimming, horizontally in
/// the air. On the ground the wished direction also cancels the velocity the navigator has that
/// does not lead to the point: Quake III's ground acceleration only adds along the wished
/// direction and friction takes 30 % a frame, so aiming straight at the point would carry a
/// sideways drift for several frames (and out of a narrow area); aiming at the difference
/// between the velocity wanted and the one left after this frame's friction removes it at
/// once.
pub(super) fn run_at(ctx: &Ctx<'_, '_>, point: Vec3, speed: f32) -> Steer {
    let delta = point - ctx.me.origin;
    if ctx.in_liquid() {
        return Steer::run(delta).at_most(speed);
    }
    if !ctx.me.on_ground {
        return Steer::run(flat(delta)).at_most(speed);
    }
    let settings = ctx.physics.settings();
    let wanted = flat(delta).normalize_or_zero() * speed.min(settings.max_walk_velocity);
    let velocity = flat(ctx.me.velocity);
    let current = velocity.length();
    let kept = if current > 0.0 {
        let drop = current.max(settings.stop_speed) * settings.friction * ctx.frame_time;
        (current - drop).max(0.0) / current
    } else {
        0.0
    };
    let change = wanted - velocity * kept;
    if change.length() < 1.0 || wanted == Vec3::ZERO {
        return Steer::run(wanted).at_most(speed);
    }
    Steer::run(change).at_most(speed)
}

/// Towards `point` while in the air: [`Physics::air_steer`]'s input, which brings the flight
/// down on the point, while the flight still climbs to (or is above) the point's height;
/// below it (a barrier not yet cleared), straight towards it at full speed.
pub(super) fn air_to(ctx: &Ctx<'_, '_>, point: Vec3) -> Steer {
    let me = ctx.me;
    let gravity = ctx.physics.settings().gravity;
    let vz = me.velocity.z;
    let reaches_height = vz * vz + 2.0 * gravity * (me.origin.z - point.z) >= 0.0;
    if !reaches_height {
        return Steer::run(flat(point - me.origin));
    }
    let input = ctx.physics.air_steer(&ctx.player_state(), point);
    Steer {
        direction: input.direction,
        speed: input.speed,
        ..Steer::default()
    }
}

/// Towards `point` on the ground, slowing down to stop on it (the wished speed shrinks with
/// the distance).
pub(super) fn arrive_at(ctx: &Ctx<'_, '_>, point: Vec3) -> Steer {
    let distance = ctx.distance(point);
    run_at(ctx, point, distance * 6.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of Quake III's ground acceleration of the velocity friction left, `kept`.
    fn accelerated(kept: Vec3, steer: Steer, settings: &PhysicsSettings) -> Vec3 {
        let wished = steer.speed.min(settings.max_walk_velocity);
        let add = wished - kept.dot(steer.direction);
        if add <= 0.0 {
            return kept;
        }
        let gain = (settings.walk_accelerate * settings.frame_time * wished).min(add);
        kept + steer.direction * gain
    }

    /// The velocity friction leaves of `velocity` in one frame on the ground.
    fn after_friction(velocity: Vec3, settings: &PhysicsSettings) -> Vec3 {
        let speed = velocity.length();
        let drop = speed.max(settings.stop_speed) * settings.friction * settings.frame_time;
        velocity * ((speed - drop).max(0.0) / speed)
    }

    #[test]
    fn braking_at_an_edge_cancels_a_sideways_drift() {
        let settings = PhysicsSettings::default();
        let me = SelfView {
            velocity: Vec3::new(300.0, 0.0, 0.0),
            on_ground: true,
            ..SelfView::default()
        };
        let steer = Steer::run(Vec3::Y);
        let kept = after_friction(me.velocity, &settings);
        let braked = accelerated(kept, steer.braked_to(&me, 100.0, &settings), &settings);
        let capped = accelerated(kept, steer.at_most(100.0), &settings);
        assert!(braked.x < capped.x - 50.0, "{braked} against {capped}");
    }

    #[test]
    fn braking_reaches_the_speed_wanted_when_the_ground_allows() {
        let settings = PhysicsSettings::default();
        let me = SelfView {
            velocity: Vec3::new(0.0, 90.0, 0.0),
            on_ground: true,
            ..SelfView::default()
        };
        let steer = Steer::run(Vec3::Y).braked_to(&me, 100.0, &settings);
        let after = accelerated(after_friction(me.velocity, &settings), steer, &settings);
        assert!(
            (after.y - 100.0).abs() < 0.5 && after.x.abs() < 0.5,
            "{after}"
        );
    }
}
