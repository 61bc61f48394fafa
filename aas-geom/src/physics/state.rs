//! [`PlayerState`] and [`MoveInput`]: what one physics step reads and writes.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::sample::Trace;
use crate::world::{AreaContents, PresenceType};

/// The standing player box relative to the origin (the `.aas` normal presence box).
pub const STANDING_MINS: Vec3 = Vec3::new(-15.0, -15.0, -24.0);
/// Upper corner of the standing box.
pub const STANDING_MAXS: Vec3 = Vec3::new(15.0, 15.0, 32.0);
/// Upper corner of the crouching box (its lower corner is [`STANDING_MINS`]).
pub const CROUCHING_MAXS: Vec3 = Vec3::new(15.0, 15.0, 16.0);

/// What the player stands on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Ground {
    /// Normal of the surface below the player.
    pub normal: Vec3,
    /// Whether the surface is flat enough to walk on (`normal.z >= max_steepness`); on a steeper
    /// surface the player slides like in the air.
    pub walkable: bool,
    /// The mover (index into [`Physics::movers`](super::Physics::movers)) stood on, if the
    /// ground is one: the player rides it.
    pub mover: Option<usize>,
}

/// A timed movement state that suspends normal control.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Timer {
    /// Jumping out of water: the velocity is kept until the player starts falling or the time
    /// runs out.
    WaterJump {
        /// Seconds left.
        remaining: f32,
    },
    /// Just teleported (or knocked back): no friction and only air control on the ground.
    Knockback {
        /// Seconds left.
        remaining: f32,
    },
}

/// The player's movement state: everything one physics step needs from the previous one.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Position of the origin (the box is `origin + mins ..= origin + maxs`).
    pub origin: Vec3,
    /// Velocity in units per second.
    pub velocity: Vec3,
    /// What the player stands on, if anything.
    pub ground: Option<Ground>,
    /// Whether the player crouches (uses the crouching box).
    pub crouched: bool,
    /// How deep the player is in a liquid: 0 none, 1 feet, 2 waist, 3 eyes.
    pub water_level: u8,
    /// The liquid at the player's feet (water, slime, lava bits), empty when none.
    pub water_type: AreaContents,
    /// The jump input was held in the previous step (a new jump needs a release).
    pub jump_held: bool,
    /// A timed state in progress.
    pub timer: Option<Timer>,
    /// Simulated time in seconds (drives moving platforms).
    pub time: f32,
    /// The AAS world's part of the last ground probe, kept by the physics so that the next
    /// step need not probe the same spot again; `None` (as every constructor sets it) makes
    /// the next step probe. Only meaningful to the physics of the world that made it.
    #[serde(skip)]
    pub ground_probe: Option<GroundProbe>,
}

/// What the AAS world's ground probe found under one origin ([`PlayerState::ground_probe`]).
/// Opaque: only the physics makes and reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroundProbe {
    /// The origin probed from.
    pub(crate) origin: Vec3,
    /// The box probed with.
    pub(crate) presence: PresenceType,
    /// The world's trace (movers not included).
    pub(crate) trace: Trace,
}

impl PlayerState {
    /// A standing, motionless player at `origin`, in the air until the first step finds the
    /// ground.
    #[must_use]
    pub fn at(origin: Vec3) -> Self {
        Self {
            origin,
            velocity: Vec3::ZERO,
            ground: None,
            crouched: false,
            water_level: 0,
            water_type: AreaContents::empty(),
            jump_held: false,
            timer: None,
            time: 0.0,
            ground_probe: None,
        }
    }

    /// A standing, motionless player resting on flat walkable ground at `origin` (the ground
    /// is taken as found: the first step checks it).
    #[must_use]
    pub fn standing_at(origin: Vec3) -> Self {
        Self {
            ground: Some(Ground {
                normal: Vec3::Z,
                walkable: true,
                mover: None,
            }),
            ..Self::at(origin)
        }
    }

    /// The player's presence type: crouching or normal.
    #[must_use]
    pub fn presence(&self) -> PresenceType {
        if self.crouched {
            PresenceType::CROUCH
        } else {
            PresenceType::NORMAL
        }
    }

    /// Lower and upper corners of the player's box relative to the origin.
    #[must_use]
    pub fn box_extents(&self) -> (Vec3, Vec3) {
        let maxs = if self.crouched {
            CROUCHING_MAXS
        } else {
            STANDING_MAXS
        };
        (STANDING_MINS, maxs)
    }

    /// Whether the player stands on walkable ground.
    #[must_use]
    pub fn on_ground(&self) -> bool {
        self.ground.is_some_and(|g| g.walkable)
    }
}

/// What the player wants to do during one step (the bot's movement command).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct MoveInput {
    /// Direction to move in, world space; need not be normalised; zero means no movement. On
    /// the ground and in the air only its horizontal part counts; in a liquid it is a 3-D
    /// swimming direction.
    pub direction: Vec3,
    /// Wished speed in units per second, capped at the walking, crouching or swimming maximum.
    pub speed: f32,
    /// Jump (on the ground), or swim up (in a liquid).
    pub jump: bool,
    /// Crouch (on the ground), or swim down (in a liquid).
    pub crouch: bool,
}

impl MoveInput {
    /// Run at full speed along `direction`.
    #[must_use]
    pub fn run(direction: Vec3) -> Self {
        Self {
            direction,
            speed: f32::MAX,
            jump: false,
            crouch: false,
        }
    }

    /// No input at all.
    #[must_use]
    pub fn idle() -> Self {
        Self::default()
    }

    /// The same input with the jump button held.
    #[must_use]
    pub fn with_jump(self) -> Self {
        Self { jump: true, ..self }
    }

    /// The input with a non-finite direction or speed replaced by no movement (a NaN from a
    /// caller must not spread into the player state).
    #[must_use]
    pub fn sanitized(self) -> Self {
        let direction = if self.direction.is_finite() {
            self.direction
        } else {
            Vec3::ZERO
        };
        let speed = if self.speed.is_finite() {
            self.speed.max(0.0)
        } else if self.speed == f32::INFINITY {
            f32::MAX
        } else {
            0.0
        };
        Self {
            direction,
            speed,
            ..self
        }
    }

    /// The same input crouching.
    #[must_use]
    pub fn with_crouch(self) -> Self {
        Self {
            crouch: true,
            ..self
        }
    }
}

/// What happened during one step, for movement prediction's stop events.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct StepEvents {
    /// The player landed (was in the air, now stands on walkable ground); the value is the fall
    /// delta (`(vz / 100)²` of the vertical landing speed, as Quake III computes it).
    pub landed: Option<f32>,
    /// The player left walkable ground (jumped, walked off, was pushed).
    pub left_ground: bool,
    /// The player jumped.
    pub jumped: bool,
    /// The move hit a surface that is not walkable ground (a wall, a ceiling, a steep slope).
    pub hit_wall: bool,
    /// Index of the jump pad trigger touched this step.
    pub jump_pad: Option<usize>,
    /// Index of the teleporter trigger that moved the player this step.
    pub teleporter: Option<usize>,
}
