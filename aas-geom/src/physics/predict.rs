//! [`Physics::predict`]: movement prediction (thesis §12): run the physics over a sequence of
//! inputs until something of interest happens.

use bitflags::bitflags;
use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::Physics;
use super::state::{MoveInput, PlayerState, StepEvents};
use crate::world::{AreaContents, AreaId, PresenceType};

bitflags! {
    /// Which events end a prediction.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(transparent)]
    pub struct StopEvents: u32 {
        /// Landed on walkable ground.
        const HIT_GROUND = 1;
        /// Left walkable ground.
        const LEAVE_GROUND = 1 << 1;
        /// Entered water.
        const ENTER_WATER = 1 << 2;
        /// Entered slime.
        const ENTER_SLIME = 1 << 3;
        /// Entered lava.
        const ENTER_LAVA = 1 << 4;
        /// Landed hard enough to be hurt (fall delta above `fall_delta_5`).
        const HIT_GROUND_DAMAGE = 1 << 5;
        /// Walking on, the ground ahead ended in a drop deeper than a barrier.
        const GAP = 1 << 6;
        /// Touched a jump pad.
        const TOUCH_JUMP_PAD = 1 << 7;
        /// Was teleported.
        const TOUCH_TELEPORTER = 1 << 8;
        /// Entered [`StopConditions::area`] (or any other area when it is `None`).
        const ENTER_AREA = 1 << 9;
        /// Hit a wall, a ceiling or a slope too steep to stand on.
        const HIT_WALL = 1 << 10;
    }
}

impl StopEvents {
    /// Coming down: landing on ground or entering a liquid.
    pub const LANDING: Self = Self::HIT_GROUND
        .union(Self::ENTER_WATER)
        .union(Self::ENTER_SLIME)
        .union(Self::ENTER_LAVA);
}

/// When a prediction stops.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct StopConditions {
    /// The events that stop it.
    pub events: StopEvents,
    /// The area [`StopEvents::ENTER_AREA`] waits for; `None` stops on any area change.
    pub area: Option<AreaId>,
    /// Longest simulated time (seconds); the prediction always stops there.
    pub max_time: f32,
}

impl StopConditions {
    /// Stop only at the time limit.
    #[must_use]
    pub fn time_limit(max_time: f32) -> Self {
        Self {
            events: StopEvents::empty(),
            area: None,
            max_time,
        }
    }

    /// The same conditions, also stopping on `events`.
    #[must_use]
    pub fn or(self, events: StopEvents) -> Self {
        Self {
            events: self.events | events,
            ..self
        }
    }

    /// The same conditions, also stopping on entering `area`.
    #[must_use]
    pub fn or_enter(self, area: AreaId) -> Self {
        Self {
            events: self.events | StopEvents::ENTER_AREA,
            area: Some(area),
            ..self
        }
    }
}

/// Why a prediction stopped.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum StopReason {
    /// Landed on walkable ground.
    HitGround,
    /// Left walkable ground.
    LeftGround,
    /// Entered water.
    EnteredWater,
    /// Entered slime.
    EnteredSlime,
    /// Entered lava.
    EnteredLava,
    /// Landed hard enough to be hurt, with this fall delta.
    HitGroundDamage(f32),
    /// Reached a drop deeper than a barrier while walking.
    Gap,
    /// Touched this jump pad trigger.
    TouchedJumpPad(usize),
    /// Was moved by this teleporter trigger.
    TouchedTeleporter(usize),
    /// Entered this area.
    EnteredArea(AreaId),
    /// Hit a wall, a ceiling or a steep slope.
    HitWall,
    /// Reached the time limit.
    TimeLimit,
}

impl StopReason {
    /// Whether the prediction stopped coming down: on ground or into a liquid (the reasons of
    /// [`StopEvents::LANDING`]).
    #[must_use]
    pub fn is_landing(self) -> bool {
        matches!(
            self,
            Self::HitGround | Self::EnteredWater | Self::EnteredSlime | Self::EnteredLava
        )
    }
}

/// The result of a prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    /// The state after every simulated frame, in order (the last is where it stopped).
    pub trajectory: Vec<PlayerState>,
    /// Why it stopped.
    pub stop: StopReason,
    /// The area the player ended in, if any.
    pub area: Option<AreaId>,
}

impl Prediction {
    /// The final state (the start state when no frame was simulated).
    #[must_use]
    pub fn end(&self) -> Option<&PlayerState> {
        self.trajectory.last()
    }
}

impl Physics<'_> {
    /// Simulates frames from `start`, taking the input of each frame from `input(frame, state)`,
    /// until one of `stop`'s events happens or `stop.max_time` has passed.
    ///
    /// Every frame is exactly [`Physics::step`], so a prediction and a step-by-step simulation
    /// with the same inputs agree bit for bit. The events are checked after each frame in the
    /// order of [`StopEvents`]' bits; the first that matches is reported.
    pub fn predict(
        &self,
        start: &PlayerState,
        mut input: impl FnMut(usize, &PlayerState) -> MoveInput,
        stop: &StopConditions,
    ) -> Prediction {
        let frame_time = self.settings.frame_time.max(f32::MIN_POSITIVE);
        let frames = (stop.max_time / frame_time).ceil().max(0.0);
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a non-negative whole number of frames, capped below"
        )]
        let frames = frames.min(1.0e6) as usize;
        let mut trajectory = Vec::with_capacity(frames.min(4096));
        let mut state = *start;
        let mut area = self.world.point_area(start.origin);
        for frame in 0..frames {
            let command = input(frame, &state);
            let was_on_ground = state.on_ground();
            let before = state;
            let (next, events) = self.step(&state, &command);
            state = next;
            trajectory.push(state);
            let now_in = self.world.point_area(state.origin);
            if let Some(reason) = self.stop_reason(
                stop,
                &before,
                &state,
                (&events, now_in),
                was_on_ground,
                area,
            ) {
                return Prediction {
                    trajectory,
                    stop: reason,
                    area: now_in,
                };
            }
            area = now_in;
        }
        Prediction {
            trajectory,
            stop: StopReason::TimeLimit,
            area: self.world.point_area(state.origin),
        }
    }

    /// [`Physics::predict`] with a fixed list of inputs, one per frame, followed by no input.
    pub fn predict_inputs(
        &self,
        start: &PlayerState,
        inputs: &[MoveInput],
        stop: &StopConditions,
    ) -> Prediction {
        self.predict(
            start,
            |frame, _| inputs.get(frame).copied().unwrap_or_default(),
            stop,
        )
    }

    fn stop_reason(
        &self,
        stop: &StopConditions,
        before: &PlayerState,
        after: &PlayerState,
        (events, now_in): (&StepEvents, Option<AreaId>),
        was_on_ground: bool,
        previous_area: Option<AreaId>,
    ) -> Option<StopReason> {
        let wants = |event: StopEvents| stop.events.contains(event);
        if wants(StopEvents::HIT_GROUND_DAMAGE)
            && let Some(delta) = events.landed
            && delta > self.settings.fall_delta_5
        {
            return Some(StopReason::HitGroundDamage(delta));
        }
        if wants(StopEvents::HIT_GROUND) && events.landed.is_some() {
            return Some(StopReason::HitGround);
        }
        if wants(StopEvents::LEAVE_GROUND) && events.left_ground {
            return Some(StopReason::LeftGround);
        }
        let entered = |liquid: AreaContents| {
            after.water_type.contains(liquid) && !before.water_type.contains(liquid)
        };
        if wants(StopEvents::ENTER_WATER) && entered(AreaContents::WATER) {
            return Some(StopReason::EnteredWater);
        }
        if wants(StopEvents::ENTER_SLIME) && entered(AreaContents::SLIME) {
            return Some(StopReason::EnteredSlime);
        }
        if wants(StopEvents::ENTER_LAVA) && entered(AreaContents::LAVA) {
            return Some(StopReason::EnteredLava);
        }
        if wants(StopEvents::GAP) && was_on_ground && !events.jumped && self.gap_below(after) {
            return Some(StopReason::Gap);
        }
        if wants(StopEvents::TOUCH_JUMP_PAD)
            && let Some(pad) = events.jump_pad
        {
            return Some(StopReason::TouchedJumpPad(pad));
        }
        if wants(StopEvents::TOUCH_TELEPORTER)
            && let Some(teleporter) = events.teleporter
        {
            return Some(StopReason::TouchedTeleporter(teleporter));
        }
        if wants(StopEvents::ENTER_AREA)
            && let Some(area) = now_in
            && Some(area) != previous_area
            && stop.area.is_none_or(|wanted| wanted == area)
        {
            return Some(StopReason::EnteredArea(area));
        }
        if wants(StopEvents::HIT_WALL) && events.hit_wall {
            return Some(StopReason::HitWall);
        }
        None
    }

    /// Whether there is no floor within a barrier's height below the player's feet.
    fn gap_below(&self, state: &PlayerState) -> bool {
        let (mins, maxs) = state.box_extents();
        let trace = self.trace_box(
            state.origin,
            state.origin - Vec3::Z * self.settings.reach_max_barrier,
            PresenceType::CROUCH,
            mins,
            maxs,
            state.time,
        );
        !trace.start_solid && trace.fraction >= 1.0
    }
}
