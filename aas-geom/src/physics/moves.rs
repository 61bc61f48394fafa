//! The movement modes of one step: friction, acceleration, and walking, flying, swimming and
//! water-jumping moves (Quake III's player movement, described in words in [`super`]).

use glam::Vec3;

use super::Physics;
use super::slide::{Mover, clip_velocity};
use super::state::{MoveInput, PlayerState, Timer};

/// Half the width of the player box (the box is square in plan).
const HALF_WIDTH: f32 = 15.0;

impl Physics<'_> {
    /// Slows the player down: ground friction when walking (not while knocked back), and
    /// liquid friction by water level.
    pub(crate) fn apply_friction(&self, state: &PlayerState, player: &mut Mover) {
        let settings = &self.settings;
        let walking = player.ground.is_some_and(|g| g.walkable);
        let mut velocity = player.velocity;
        if walking {
            // Movement along a slope does not count towards the speed.
            velocity.z = 0.0;
        }
        let speed = velocity.length();
        if speed < 1.0 {
            player.velocity.x = 0.0;
            player.velocity.y = 0.0;
            return;
        }
        let mut drop = 0.0;
        let knocked_back = matches!(state.timer, Some(Timer::Knockback { .. }));
        if state.water_level <= 1 && walking && !knocked_back {
            let control = speed.max(settings.stop_speed);
            drop += control * settings.friction * settings.frame_time;
        }
        if state.water_level > 0 {
            drop += speed
                * settings.water_friction
                * f32::from(state.water_level)
                * settings.frame_time;
        }
        let scale = (speed - drop).max(0.0) / speed;
        player.velocity *= scale;
    }

    /// Adds speed along `direction` (unit) up to `wished` units per second, at most
    /// `accelerate · frame_time · wished` per step.
    pub(crate) fn accelerate(
        &self,
        player: &mut Mover,
        direction: Vec3,
        wished: f32,
        accelerate: f32,
    ) {
        let current = player.velocity.dot(direction);
        let add = wished - current;
        if add <= 0.0 {
            return;
        }
        let gain = (accelerate * self.settings.frame_time * wished).min(add);
        player.velocity += direction * gain;
    }

    /// The wished horizontal direction (unit or zero) and speed of `input`, capped at the
    /// running (or crouching) speed and slowed in shallow liquid.
    fn wished_horizontal(&self, state: &PlayerState, input: &MoveInput) -> (Vec3, f32) {
        let settings = &self.settings;
        let direction = Vec3::new(input.direction.x, input.direction.y, 0.0).normalize_or_zero();
        if direction == Vec3::ZERO {
            return (Vec3::ZERO, 0.0);
        }
        let mut speed = input.speed.clamp(0.0, settings.max_walk_velocity);
        if state.crouched {
            speed = speed.min(settings.max_crouch_velocity);
        }
        if state.water_level > 0 {
            let swim_scale = settings.max_swim_velocity / settings.max_walk_velocity;
            let scale = 1.0 - (1.0 - swim_scale) * f32::from(state.water_level) / 3.0;
            speed = speed.min(settings.max_walk_velocity * scale);
        }
        (direction, speed)
    }

    /// Walking on the ground.
    pub(crate) fn walk_move(&self, state: &PlayerState, input: &MoveInput, player: &mut Mover) {
        let settings = &self.settings;
        let Some(ground) = player.ground else {
            return;
        };
        self.apply_friction(state, player);
        let (flat, mut wished) = self.wished_horizontal(state, input);
        // Walk along the ground plane.
        let direction = clip_velocity(flat, ground.normal, settings.overclip).normalize_or_zero();
        if direction == Vec3::ZERO {
            wished = 0.0;
        }
        let knocked_back = matches!(state.timer, Some(Timer::Knockback { .. }));
        let accelerate = if knocked_back {
            settings.air_accelerate
        } else {
            settings.walk_accelerate
        };
        self.accelerate(player, direction, wished, accelerate);
        if knocked_back {
            player.velocity.z -= settings.gravity * settings.frame_time;
        }
        // Keep the speed when going up or down a slope.
        let speed = player.velocity.length();
        player.velocity = clip_velocity(player.velocity, ground.normal, settings.overclip);
        player.velocity = player.velocity.normalize_or_zero() * speed;
        if player.velocity.x == 0.0 && player.velocity.y == 0.0 {
            return;
        }
        self.step_slide_move(player, false);
    }

    /// Flying or falling.
    pub(crate) fn air_move(&self, state: &PlayerState, input: &MoveInput, player: &mut Mover) {
        let settings = &self.settings;
        self.apply_friction(state, player);
        let (direction, wished) = self.wished_horizontal(state, input);
        self.accelerate(player, direction, wished, settings.air_accelerate);
        if let Some(ground) = player.ground {
            // On a slope too steep to stand on: slide along it.
            player.velocity = clip_velocity(player.velocity, ground.normal, settings.overclip);
        }
        self.step_slide_move(player, true);
    }

    /// Swimming.
    pub(crate) fn water_move(&self, state: &PlayerState, input: &MoveInput, player: &mut Mover) {
        let settings = &self.settings;
        self.apply_friction(state, player);
        let mut direction = input.direction.normalize_or_zero();
        if input.jump {
            direction.z += 1.0;
        }
        if input.crouch {
            direction.z -= 1.0;
        }
        let direction = direction.normalize_or_zero();
        let (direction, wished) = if direction == Vec3::ZERO || input.speed <= 0.0 {
            (Vec3::NEG_Z, settings.sink_speed)
        } else {
            (direction, input.speed.min(settings.max_swim_velocity))
        };
        self.accelerate(player, direction, wished, settings.swim_accelerate);
        if let Some(ground) = player.ground
            && player.velocity.dot(ground.normal) < 0.0
        {
            let speed = player.velocity.length();
            player.velocity = clip_velocity(player.velocity, ground.normal, settings.overclip);
            player.velocity = player.velocity.normalize_or_zero() * speed;
        }
        self.slide_move(player, false);
    }

    /// Whether the player, waist deep and moving towards a wall with free space above it, jumps
    /// out of the water; if so sets the water jump velocity and timer.
    ///
    /// Quake III tests two points in front of the player (solid at the wall height, free at the
    /// clear height). The AAS world answers questions about a player box rather than points, so
    /// the same questions are asked with the box: the box lifted until its feet reach the wall
    /// height, moved forward until its front face reaches the probe point, must hit something,
    /// and the box lifted until its feet reach the clear height must move forward as far
    /// without hitting anything. A ledge whose top is below the wall height (a step under the
    /// surface) does not set off a water jump: the player swims onto it.
    pub(crate) fn check_water_jump(
        &self,
        state: &mut PlayerState,
        input: &MoveInput,
        player: &mut Mover,
    ) -> bool {
        let settings = &self.settings;
        if state.timer.is_some() || state.water_level != 2 {
            return false;
        }
        let forward = Vec3::new(input.direction.x, input.direction.y, 0.0).normalize_or_zero();
        if forward == Vec3::ZERO || input.speed <= 0.0 {
            return false;
        }
        let reach = (settings.water_jump_probe_distance - HALF_WIDTH).max(1.0);
        let raised = self.trace_box(
            player.origin,
            player.origin + Vec3::Z * (settings.water_jump_wall_height - player.mins.z),
            player.presence,
            player.mins,
            player.maxs,
            player.time,
        );
        if raised.start_solid || raised.fraction < 1.0 {
            return false;
        }
        let wall = self.trace_box(
            raised.end,
            raised.end + forward * reach,
            player.presence,
            player.mins,
            player.maxs,
            player.time,
        );
        if wall.start_solid || wall.fraction >= 1.0 || wall.normal.z >= settings.max_steepness {
            return false;
        }
        let lift = settings.water_jump_clear_height - player.mins.z;
        let up = self.trace_box(
            player.origin,
            player.origin + Vec3::Z * lift,
            player.presence,
            player.mins,
            player.maxs,
            player.time,
        );
        if up.start_solid || up.fraction < 1.0 {
            return false;
        }
        let over = self.trace_box(
            up.end,
            up.end + forward * reach,
            player.presence,
            player.mins,
            player.maxs,
            player.time,
        );
        if over.start_solid || over.fraction < 1.0 {
            return false;
        }
        player.velocity = forward * settings.water_jump_forward_velocity;
        player.velocity.z = settings.water_jump_up_velocity;
        state.timer = Some(Timer::WaterJump {
            remaining: settings.water_jump_time,
        });
        true
    }

    /// Flying out of the water after a water jump: gravity acts twice per step (as in Quake
    /// III), and the jump ends when the player starts falling.
    pub(crate) fn water_jump_move(&self, state: &mut PlayerState, player: &mut Mover) {
        self.step_slide_move(player, true);
        player.velocity.z -= self.settings.gravity * self.settings.frame_time;
        if player.velocity.z < 0.0 {
            state.timer = None;
        }
    }
}
