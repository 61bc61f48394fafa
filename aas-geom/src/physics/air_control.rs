//! [`Physics::air_steer`]: the air-control input that brings a flying player down on a point.
//!
//! Quake III lets a player in the air accelerate horizontally by
//! `air_accelerate · frame_time · wished speed` per frame along the wished direction (never
//! beyond the wished speed along it). A player thrown up by a jump pad can therefore steer,
//! slowly, towards a floor beside the flight: this is the rule the jump-pad reachabilities
//! (`reach/jump_pads.rs`) and the bots use to carry out a steered flight.
//!
//! The rule, each frame in the air: the time `t` the origin takes to come down to the target's
//! height (ballistic, from the current vertical speed; at least one frame) gives the horizontal
//! velocity wanted, `(target − origin) / t`; the input pushes along the difference between the
//! wanted and the current horizontal velocity, with the wished speed that makes up that
//! difference in one frame (capped at the running speed). On the ground, in a liquid, or when
//! the flight no longer climbs to the target's height, there is no input.

use glam::Vec3;

use super::Physics;
use super::state::{MoveInput, PlayerState};

/// A velocity difference below this (units per second) needs no steering.
const CLOSE_ENOUGH: f32 = 1.0e-3;

impl Physics<'_> {
    /// The input that steers `state`, flying, so that its origin comes down on `target` (an
    /// origin resting on a floor). Each frame in the air: the time `t` the origin takes to come
    /// down to the target's height (ballistic, at least one frame) gives the horizontal velocity
    /// wanted, `(target − origin) / t`; the input pushes along the difference between the
    /// wanted and the current horizontal velocity, with the wished speed that makes it up in
    /// one frame (capped at the running speed). On the ground, in a liquid, or when the flight
    /// no longer climbs to the target's height: no input.
    ///
    /// Deterministic: the same state and target give the same input.
    #[must_use]
    pub fn air_steer(&self, state: &PlayerState, target: Vec3) -> MoveInput {
        let settings = &self.settings;
        if state.on_ground() || state.water_level > 1 {
            return MoveInput::idle();
        }
        let gravity = settings.gravity;
        let vz = state.velocity.z;
        let discriminant = vz * vz + 2.0 * gravity * (state.origin.z - target.z);
        if !(discriminant >= 0.0 && gravity > 0.0) {
            return MoveInput::idle();
        }
        let time = ((vz + discriminant.sqrt()) / gravity).max(settings.frame_time);
        let wanted = (target - state.origin).truncate() / time;
        let change = wanted - state.velocity.truncate();
        let size = change.length();
        let gain_per_speed = settings.air_accelerate * settings.frame_time;
        if !(size > CLOSE_ENOUGH && size.is_finite() && gain_per_speed > 0.0) {
            return MoveInput::idle();
        }
        MoveInput {
            direction: (change / size).extend(0.0),
            speed: (size / gain_per_speed).min(settings.max_walk_velocity),
            jump: false,
            crouch: false,
        }
    }
}
