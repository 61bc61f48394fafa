//! Player physics and movement prediction (thesis §6.4, §12): Quake III's player movement run
//! against the AAS collision world, so that the harness simulation, the bots' movement
//! prediction and the reachability computation share one implementation.
//!
//! # The model
//!
//! The player is an axis-aligned box (standing `(-15,-15,-24)–(15,15,32)`, crouching up to
//! 16) moved by its origin through the AAS world with [`AasWorld::trace`]: the world's planes
//! are the map's brushes already expanded by those boxes, so tracing the origin is tracing the
//! box, and areas the box does not fit in block it like walls. [`Mover`]s (platforms, doors) are
//! extra boxes that move along fixed paths of time; [`Trigger`]s are volumes (a box, or the
//! convex brushes of the trigger's model) that launch (jump pads) or move (teleporters) a
//! player who touches them.
//!
//! One [`Physics::step`] follows Quake III's order and rules, described here in words:
//!
//! - **Crouching** on request; standing up again only where the standing box fits.
//! - **Ground**: a trace a quarter unit down; a surface whose normal has an upward component of
//!   at least [`max_steepness`](PhysicsSettings::max_steepness) is walkable; steeper ground
//!   only deflects. A player moving up and away from the surface has left it.
//! - **Water level** from the liquid at three heights: feet (1), waist (2), eyes (3).
//! - **Walking**: friction (`max(speed, stop_speed) · friction · dt` is removed; liquid adds
//!   `speed · water_friction · level · dt`), then acceleration towards the wished velocity
//!   (`accelerate · dt · wished speed`, never beyond the wished speed along the wished
//!   direction), along the ground plane, keeping the speed on slopes; a **jump** (button newly
//!   pressed) sets the upward speed to [`jump_velocity`](PhysicsSettings::jump_velocity).
//! - **Flying**: air acceleration only, gravity over the frame (the move uses the average of the
//!   velocities at the start and end of the frame, which integrates a constant gravity exactly).
//! - **Swimming** (waist deep or more): 3-D acceleration with the swim factor, sinking without
//!   input; waist deep in front of a climbable wall, a **water jump** launches the player forward
//!   and up until it starts falling.
//! - **Sliding**: a move that hits surfaces slides along them (at most four moves and five
//!   planes per frame; two planes give a crease to slide along; three stop the player). A
//!   blocked move is retried from [`step_height`](PhysicsSettings::step_height) higher and set
//!   down again: stairs are climbed without jumping.
//! - **Triggers** after the move: a jump pad replaces the velocity, a teleporter moves the
//!   player to its destination (lifted by a unit) with the destination's velocity and a short
//!   time without ground control.
//! - **Movers**: a player standing on a mover is carried by the mover's displacement.
//! - **Ladders** (an extension: Quake III has none): pressing towards a ladder face climbs it
//!   without gravity (see the `ladder` module).
//!
//! Beside the step, [`Physics::air_steer`] is the input that steers a flying player (thrown up
//! by a jump pad, say) with air control down onto a point beside the flight.
//!
//! Velocities are rounded to whole units per second after each step (Quake III does so before
//! sending the state over the network), unless [`snap_velocity`](PhysicsSettings::snap_velocity)
//! is off. Everything is `f32` arithmetic in a fixed order: the same inputs give bit-identical
//! trajectories.

mod air_control;
mod bounds;
mod collide;
mod convex;
mod ladder;
mod movers;
mod moves;
mod predict;
mod settings;
mod slide;
mod state;
mod step;
mod triggers;

pub use convex::{ConvexVolume, HalfSpace, segment_meets_box, volume_touches_box};
pub use movers::{Mover, MoverMotion};
pub use predict::{Prediction, StopConditions, StopEvents, StopReason};
pub use settings::PhysicsSettings;
pub use state::{
    CROUCHING_MAXS, Ground, GroundProbe, MoveInput, PlayerState, STANDING_MAXS, STANDING_MINS,
    StepEvents, Timer,
};
pub use triggers::{Trigger, TriggerAction};

use bounds::AreaBounds;

use crate::world::AasWorld;

/// The player physics of one world: the AAS world, the settings, and the world's triggers and
/// movers. Immutable and `Sync`: share one between threads.
#[derive(Debug, Clone)]
pub struct Physics<'a> {
    world: &'a AasWorld,
    settings: PhysicsSettings,
    triggers: Vec<Trigger>,
    movers: Vec<Mover>,
    /// Where the areas with a ladder are: the per-step ladder test looks up the origin's area
    /// only near one.
    ladder_bounds: AreaBounds,
    /// Where the liquid areas are: the per-step water level probes look up areas only near
    /// one (and none at all on a map without liquid).
    liquid_bounds: AreaBounds,
}

impl<'a> Physics<'a> {
    /// Physics on `world` with `settings`, no triggers and no movers.
    #[must_use]
    pub fn new(world: &'a AasWorld, settings: PhysicsSettings) -> Self {
        Self {
            world,
            settings,
            triggers: Vec::new(),
            movers: Vec::new(),
            ladder_bounds: AreaBounds::of(world, |area| {
                area.flags.contains(crate::world::AreaFlags::LADDER)
            }),
            liquid_bounds: AreaBounds::of(world, |area| {
                area.contents
                    .intersects(crate::world::AreaContents::LIQUIDS)
            }),
        }
    }

    /// The same physics with these triggers (jump pads, teleporters).
    #[must_use]
    pub fn with_triggers(mut self, triggers: Vec<Trigger>) -> Self {
        self.triggers = triggers;
        self
    }

    /// The same physics with these movers.
    #[must_use]
    pub fn with_movers(mut self, movers: Vec<Mover>) -> Self {
        self.movers = movers;
        self
    }

    /// The AAS world.
    #[must_use]
    pub fn world(&self) -> &'a AasWorld {
        self.world
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &PhysicsSettings {
        &self.settings
    }

    /// The settings, to change between steps (a match gives a player with the haste powerup
    /// a higher running speed for its step).
    pub fn settings_mut(&mut self) -> &mut PhysicsSettings {
        &mut self.settings
    }

    /// The triggers, in the order they are tested.
    #[must_use]
    pub fn triggers(&self) -> &[Trigger] {
        &self.triggers
    }

    /// The movers; [`Ground::mover`] indexes this list.
    #[must_use]
    pub fn movers(&self) -> &[Mover] {
        &self.movers
    }

    /// The movers, to change them between steps: a match sets a door's motion as it opens,
    /// starts a lift when it is stood on, and adds the other players' boxes (as
    /// [`MoverMotion::Fixed`] movers) so that players block each other.
    pub fn movers_mut(&mut self) -> &mut Vec<Mover> {
        &mut self.movers
    }
}
