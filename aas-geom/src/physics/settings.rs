//! [`PhysicsSettings`]: every constant of the player physics and of the reachability rules.

use serde::{Deserialize, Serialize};

/// Every constant of the player physics (Quake III's player movement as the bots see it) and
/// of the reachability geometry built on it. The defaults are the values of botlib's
/// physics settings and Quake III's player movement (see `botlib-reference.md` §2.7).
///
/// Speeds are in units per second, accelerations in units per second squared (`gravity`) or
/// in "fraction of the wished speed per second" (the `*_accelerate` factors, as in Quake III),
/// heights in units, times in seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PhysicsSettings {
    /// Duration of one simulation step (Quake III servers run bots at 20 Hz: 0.05 s).
    pub frame_time: f32,
    /// Downward acceleration.
    pub gravity: f32,
    /// Ground friction factor.
    pub friction: f32,
    /// Friction per water level (1 to 3) when in a liquid.
    pub water_friction: f32,
    /// Below this speed, friction acts as if the player moved this fast (stops quickly).
    pub stop_speed: f32,
    /// Running speed (and the cap of every wished speed).
    pub max_walk_velocity: f32,
    /// Wished speed cap while crouching.
    pub max_crouch_velocity: f32,
    /// Wished speed cap while swimming.
    pub max_swim_velocity: f32,
    /// Acceleration factor on the ground.
    pub walk_accelerate: f32,
    /// Acceleration factor in the air.
    pub air_accelerate: f32,
    /// Acceleration factor in liquids.
    pub swim_accelerate: f32,
    /// Upward speed given by a jump.
    pub jump_velocity: f32,
    /// Highest step the player walks up without jumping.
    pub step_height: f32,
    /// Smallest upward component of a walkable surface's normal.
    pub max_steepness: f32,
    /// Speed at which a player without input sinks in a liquid.
    pub sink_speed: f32,
    /// Forward speed of a water jump.
    pub water_jump_forward_velocity: f32,
    /// Upward speed of a water jump.
    pub water_jump_up_velocity: f32,
    /// How long a water jump keeps the player's speed (seconds).
    pub water_jump_time: f32,
    /// How far ahead (from the origin) a water jump looks for the wall it climbs.
    pub water_jump_probe_distance: f32,
    /// Height above the origin where that wall must be solid for a water jump (a ledge lower
    /// than this, such as a step under the surface, is swum onto, not jumped onto).
    pub water_jump_wall_height: f32,
    /// Height above the origin that must be free above that wall for a water jump.
    pub water_jump_clear_height: f32,
    /// Climbing speed on a ladder (Quake III's player movement has no ladders; this follows
    /// the games botlib also serves, where pressing towards a ladder climbs it).
    pub ladder_speed: f32,
    /// Height added to a teleported player's destination.
    pub teleport_lift: f32,
    /// How long after teleporting the player has no ground control (seconds).
    pub teleport_knockback_time: f32,
    /// Eye height above the origin when standing (used for water levels).
    pub view_height: f32,
    /// Eye height above the origin when crouching.
    pub crouch_view_height: f32,
    /// Velocity clipping slightly overshoots so that the player leaves the surface it hit.
    pub overclip: f32,
    /// Round the velocity to whole units per second after every step, as Quake III does
    /// before it sends the player state over the network.
    pub snap_velocity: bool,
    /// Landing with a fall delta above this hurts by 5 (botlib's `falldelta5`).
    pub fall_delta_5: f32,
    /// Landing with a fall delta above this hurts by 10 (botlib's `falldelta10`).
    pub fall_delta_10: f32,
    /// Reachability rule: highest step walked up (botlib's `phys_maxstep`).
    pub reach_max_step: f32,
    /// Reachability rule: highest barrier jumped onto (botlib's `phys_maxbarrier`).
    pub reach_max_barrier: f32,
    /// Reachability rule: highest floor above a water surface reached by a water jump (botlib's
    /// `phys_maxwaterjump`).
    pub reach_max_water_jump: f32,
    /// Reachability rule: highest fall of a jump (botlib's `rs_maxjumpfallheight`).
    pub reach_max_jump_fall_height: f32,
    /// Reachability rule: highest fall walking off a ledge, 0 for unlimited (botlib's
    /// `rs_maxfallheight`).
    pub reach_max_fall_height: f32,
}

impl Default for PhysicsSettings {
    fn default() -> Self {
        Self {
            frame_time: 0.05,
            gravity: 800.0,
            friction: 6.0,
            water_friction: 1.0,
            stop_speed: 100.0,
            max_walk_velocity: 320.0,
            max_crouch_velocity: 100.0,
            max_swim_velocity: 150.0,
            walk_accelerate: 10.0,
            air_accelerate: 1.0,
            swim_accelerate: 4.0,
            jump_velocity: 270.0,
            step_height: 18.0,
            max_steepness: 0.7,
            sink_speed: 60.0,
            water_jump_forward_velocity: 200.0,
            water_jump_up_velocity: 350.0,
            water_jump_time: 2.0,
            water_jump_probe_distance: 30.0,
            water_jump_wall_height: 4.0,
            water_jump_clear_height: 20.0,
            ladder_speed: 200.0,
            teleport_lift: 1.0,
            teleport_knockback_time: 0.16,
            view_height: 26.0,
            crouch_view_height: 12.0,
            overclip: 1.001,
            snap_velocity: true,
            fall_delta_5: 40.0,
            fall_delta_10: 60.0,
            reach_max_step: 19.0,
            reach_max_barrier: 33.0,
            reach_max_water_jump: 18.0,
            reach_max_jump_fall_height: 450.0,
            reach_max_fall_height: 0.0,
        }
    }
}

impl PhysicsSettings {
    /// Height of the apex of a standing jump: `jump_velocity² / (2 · gravity)`.
    #[must_use]
    pub fn jump_apex_height(&self) -> f32 {
        self.jump_velocity * self.jump_velocity / (2.0 * self.gravity)
    }
}
