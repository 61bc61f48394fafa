//! [`Physics::step`]: one frame of player movement.

use glam::Vec3;

use super::Physics;
use super::movers::MoverMotion;
use super::slide::Mover;
use super::state::{Ground, GroundProbe, MoveInput, PlayerState, StepEvents, Timer};
use super::triggers::TriggerAction;
use crate::world::PresenceType;

/// How far below the origin the ground is looked for.
const GROUND_PROBE: f32 = 0.25;
/// A player moving away from a surface faster than this (along its normal) has left it.
const KICK_OFF_SPEED: f32 = 10.0;
/// How far up (units) a player found inside the world's solid is lifted out, at most. The
/// areas this physics collides with can put a floor a unit or two above the map's own (a
/// teleporter's destination one unit above the map's floor then lies in it, and the player
/// would stay frozen there); Quake III's own correction tries one unit each way.
const UNSTICK_LIFT: u8 = 18;

impl Physics<'_> {
    /// Advances `state` by one frame ([`frame_time`](super::PhysicsSettings::frame_time))
    /// under `input`, returning the new state and what happened.
    ///
    /// The order is Quake III's: release of the jump button, crouching or standing up, ground
    /// and water level, timers, then one movement mode (water jump, swimming, walking or
    /// flying), ground and water level again, velocity snapping, and finally the triggers the
    /// box touches (jump pads set the velocity, teleporters move the player).
    ///
    /// Deterministic: the same state and input give bit-identical results.
    #[must_use]
    pub fn step(&self, state: &PlayerState, input: &MoveInput) -> (PlayerState, StepEvents) {
        let settings = &self.settings;
        let input = &input.sanitized();
        let mut next = *state;
        let mut events = StepEvents::default();
        let was_on_ground = state.on_ground();
        next.time = state.time + settings.frame_time;
        if !input.jump {
            next.jump_held = false;
        }
        self.ride_mover(&mut next, state.time);
        self.pushed_by_movers(&mut next, state.origin, state.time);
        self.check_crouch(&mut next, input);
        let previous_velocity = next.velocity;
        self.ground_trace(&mut next, &mut events, previous_velocity);
        self.set_water_level(&mut next);
        drop_timers(&mut next, settings.frame_time);

        let (mins, maxs) = next.box_extents();
        let mut player = Mover {
            origin: next.origin,
            velocity: next.velocity,
            ground: next.ground,
            presence: next.presence(),
            mins,
            maxs,
            time: next.time,
            hit_wall: false,
        };
        let ladder = self
            .touched_ladder(next.origin)
            .filter(|&normal| next.water_level <= 1 && Self::wants_ladder(input, normal));
        if matches!(next.timer, Some(Timer::WaterJump { .. })) {
            self.water_jump_move(&mut next, &mut player);
        } else if let Some(normal) = ladder {
            self.ladder_move(input, normal, &mut player);
        } else if next.water_level > 1 {
            if !self.check_water_jump(&mut next, input, &mut player) {
                self.water_move(&next, input, &mut player);
            } else {
                self.water_jump_move(&mut next, &mut player);
            }
        } else if player.ground.is_some_and(|g| g.walkable) {
            if self.check_jump(&mut next, input, &mut player) {
                events.jumped = true;
                self.air_move(&next, input, &mut player);
            } else {
                self.walk_move(&next, input, &mut player);
            }
        } else {
            self.air_move(&next, input, &mut player);
        }
        next.origin = player.origin;
        next.velocity = player.velocity;
        next.ground = player.ground;
        events.hit_wall = player.hit_wall;

        self.ground_trace(&mut next, &mut events, previous_velocity);
        self.set_water_level(&mut next);
        if settings.snap_velocity {
            next.velocity = next.velocity.round();
        }
        self.touch_triggers(&mut next, &mut events);
        events.left_ground = was_on_ground && !next.on_ground();
        if was_on_ground || !next.on_ground() {
            events.landed = None;
        }
        (next, events)
    }

    /// Moves a player standing on a mover along with it, from `time` to the state's time.
    fn ride_mover(&self, state: &mut PlayerState, time: f32) {
        let Some(index) = state.ground.and_then(|g| g.mover) else {
            return;
        };
        let Some(mover) = self.movers.get(index) else {
            return;
        };
        let shift = mover.motion.offset_at(state.time) - mover.motion.offset_at(time);
        if shift == Vec3::ZERO {
            return;
        }
        // The world (not the mover itself) limits the ride.
        let trace = self
            .world
            .trace(state.origin, state.origin + shift, state.presence());
        if !trace.start_solid {
            state.origin = trace.end;
        }
    }

    /// Pushes a player that a mover moved into during the frame (a plat rising under a player
    /// in the air, a door sliding into one) along by the mover's move, as far as the world
    /// lets it (Quake III's mover push): the player's box at `before` was clear of the mover at
    /// `time` and meets it at the state's time. Without the push the player would be inside
    /// the mover's box, where a sweep does not touch it, and fall through. The mover ridden is
    /// left out ([`ride_mover`](Self::ride_mover) carried its rider).
    fn pushed_by_movers(&self, state: &mut PlayerState, before: Vec3, time: f32) {
        let ridden = state.ground.and_then(|g| g.mover);
        let (mins, maxs) = state.box_extents();
        for (index, mover) in self.movers.iter().enumerate() {
            // A fixed mover (another player's box) never moves into anyone.
            if Some(index) == ridden || matches!(mover.motion, MoverMotion::Fixed { .. }) {
                continue;
            }
            let (now_mins, now_maxs) = mover.bounds_at(state.time);
            let meets_now = super::movers::boxes_overlap(
                state.origin + mins,
                state.origin + maxs,
                now_mins,
                now_maxs,
            );
            if !meets_now {
                continue;
            }
            let (then_mins, then_maxs) = mover.bounds_at(time);
            let met_before =
                super::movers::boxes_overlap(before + mins, before + maxs, then_mins, then_maxs);
            let shift = now_mins - then_mins;
            if met_before || shift == Vec3::ZERO {
                continue;
            }
            let trace = self
                .world
                .trace(state.origin, state.origin + shift, state.presence());
            if !trace.start_solid {
                state.origin = trace.end;
            }
        }
    }

    /// Crouches on request; stands up when not requested and there is room.
    fn check_crouch(&self, state: &mut PlayerState, input: &MoveInput) {
        if input.crouch {
            state.crouched = true;
        } else if state.crouched {
            let (mins, _) = state.box_extents();
            let standing = self.trace_box(
                state.origin,
                state.origin,
                PresenceType::NORMAL,
                mins,
                super::state::STANDING_MAXS,
                state.time,
            );
            let blocked_by_mover = self.movers.iter().any(|mover| {
                let (mmins, mmaxs) = mover.bounds_at(state.time);
                super::movers::boxes_overlap(
                    state.origin + mins,
                    state.origin + super::state::STANDING_MAXS,
                    mmins,
                    mmaxs,
                )
            });
            if !standing.start_solid && !blocked_by_mover {
                state.crouched = false;
            }
        }
    }

    /// Finds what the player stands on (a trace a quarter unit down); reports a landing.
    fn ground_trace(&self, state: &mut PlayerState, events: &mut StepEvents, previous: Vec3) {
        let settings = &self.settings;
        let (mins, maxs) = state.box_extents();
        let (origin, presence) = (state.origin, state.presence());
        let end = origin - Vec3::Z * GROUND_PROBE;
        // The world does not move: a probe from the same spot finds what the last one found.
        let world = match state.ground_probe {
            Some(probe) if probe.origin == origin && probe.presence == presence => probe.trace,
            _ => self.world.trace_without_stop_area(origin, end, presence),
        };
        if world.start_solid && self.unstick(state) {
            self.ground_trace(state, events, previous);
            return;
        }
        state.ground_probe = Some(GroundProbe {
            origin,
            presence,
            trace: world,
        });
        let trace = self.shortened_by_movers(world, origin, end, (mins, maxs), state.time);
        let was_on_ground = state.on_ground();
        if trace.start_solid || trace.fraction >= 1.0 {
            state.ground = None;
            return;
        }
        // Moving up and away from the surface: just jumped or was launched.
        if state.velocity.z > 0.0 && state.velocity.dot(trace.normal) > KICK_OFF_SPEED {
            state.ground = None;
            return;
        }
        let walkable = trace.normal.z >= settings.max_steepness;
        state.ground = Some(Ground {
            normal: trace.normal,
            walkable,
            mover: trace.mover,
        });
        if walkable && !was_on_ground {
            events.landed = Some(self.fall_delta(state, previous.z));
            if state
                .timer
                .is_some_and(|t| matches!(t, Timer::WaterJump { .. }))
            {
                state.timer = None;
            }
        }
    }

    /// Lifts a player whose box is inside the world's solid to the lowest free spot at most
    /// [`UNSTICK_LIFT`] units above (one unit at a time); whether it found one.
    fn unstick(&self, state: &mut PlayerState) -> bool {
        let presence = state.presence();
        let free = (1..=UNSTICK_LIFT)
            .map(|lift| state.origin + Vec3::Z * f32::from(lift))
            .find(|&point| !self.world.trace(point, point, presence).start_solid);
        if let Some(point) = free {
            state.origin = point;
            state.ground_probe = None;
        }
        free.is_some()
    }

    /// Quake III's fall delta for landing with vertical speed `vz`, reduced in liquids.
    fn fall_delta(&self, state: &PlayerState, vz: f32) -> f32 {
        let delta = vz * vz * 0.0001;
        match state.water_level {
            0 => delta,
            1 => delta * 0.5,
            2 => delta * 0.25,
            _ => 0.0,
        }
    }

    /// Sets `state`'s water level and the liquid at its feet for where it is, as every step
    /// does before moving: a state built by hand (such as [`PlayerState::standing_at`]) starts
    /// out of any liquid, and a prediction from it in a liquid would report entering it.
    pub fn update_water_level(&self, state: &mut PlayerState) {
        self.set_water_level(state);
    }

    /// Sets the water level (feet, waist, eyes) and the liquid at the feet.
    ///
    /// A liquid area of the AAS world is where the player's *box* overlaps the liquid, so the
    /// box lifted by `h` is in a liquid area exactly when the point `h` above the feet is under
    /// the surface (for liquid below the player, as pools are). Quake III's three sample points
    /// (a unit above the feet, the waist, the eyes) become three lifted boxes; a lift that would
    /// go into a ceiling stops at the ceiling.
    fn set_water_level(&self, state: &mut PlayerState) {
        let settings = &self.settings;
        let (mins, maxs) = state.box_extents();
        let view = if state.crouched {
            settings.crouch_view_height
        } else {
            settings.view_height
        };
        let eyes = view - mins.z;
        let waist = eyes * 0.5;
        state.water_level = 0;
        if self.liquid_bounds.is_empty() {
            // No liquid anywhere: every probe would find none.
            state.water_type = crate::world::AreaContents::empty();
            return;
        }
        state.water_type = self.liquid_lifted_state(state, mins, maxs, 1.0);
        if state.water_type.is_empty() {
            return;
        }
        state.water_level = 1;
        if !self
            .liquid_lifted_state(state, mins, maxs, waist)
            .is_empty()
        {
            state.water_level = 2;
            if !self.liquid_lifted_state(state, mins, maxs, eyes).is_empty() {
                state.water_level = 3;
            }
        }
    }

    fn liquid_lifted_state(
        &self,
        state: &PlayerState,
        mins: Vec3,
        maxs: Vec3,
        lift: f32,
    ) -> crate::world::AreaContents {
        self.liquid_lifted(state.origin, lift, state.presence(), mins, maxs, state.time)
    }

    /// Jumps when asked (button newly pressed) while on walkable ground.
    fn check_jump(&self, state: &mut PlayerState, input: &MoveInput, player: &mut Mover) -> bool {
        if !input.jump || state.jump_held {
            return false;
        }
        state.jump_held = true;
        player.ground = None;
        player.velocity.z = self.settings.jump_velocity;
        true
    }

    /// Applies the first trigger the player's box touches.
    fn touch_triggers(&self, state: &mut PlayerState, events: &mut StepEvents) {
        let (mins, maxs) = state.box_extents();
        let Some((index, trigger)) = self
            .triggers
            .iter()
            .enumerate()
            .find(|(_, trigger)| trigger.touches(state.origin, mins, maxs))
        else {
            return;
        };
        match trigger.action {
            TriggerAction::Push { velocity } => {
                state.velocity = velocity;
                state.ground = None;
                events.jump_pad = Some(index);
            }
            TriggerAction::Teleport {
                destination,
                velocity,
            } => {
                self.teleport(state, destination, velocity);
                events.teleporter = Some(index);
            }
        }
    }

    /// Moves `state` to a teleporter's `destination` as the game does on arrival: lifted by
    /// [`teleport_lift`](super::PhysicsSettings::teleport_lift), with `velocity`, in the air,
    /// without ground control for
    /// [`teleport_knockback_time`](super::PhysicsSettings::teleport_knockback_time), and with
    /// the water level of the new place. Touching a teleporter trigger does exactly this; the
    /// teleport reachabilities start their prediction from the same state.
    pub fn teleport(&self, state: &mut PlayerState, destination: Vec3, velocity: Vec3) {
        state.origin = destination + Vec3::Z * self.settings.teleport_lift;
        state.velocity = velocity;
        state.ground = None;
        state.timer = Some(Timer::Knockback {
            remaining: self.settings.teleport_knockback_time,
        });
        self.set_water_level(state);
    }
}

/// Counts timers down; an expired timer ends its state.
fn drop_timers(state: &mut PlayerState, frame_time: f32) {
    state.timer = match state.timer {
        Some(Timer::WaterJump { remaining }) if remaining > frame_time => Some(Timer::WaterJump {
            remaining: remaining - frame_time,
        }),
        Some(Timer::Knockback { remaining }) if remaining > frame_time => Some(Timer::Knockback {
            remaining: remaining - frame_time,
        }),
        _ => None,
    };
}
