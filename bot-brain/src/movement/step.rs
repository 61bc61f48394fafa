//! [`Step`]: the reachability the navigator is carrying out, with the points and state its
//! travel type needs.

use aas_geom::physics::{Mover, MoverMotion, PhysicsSettings};
use aas_geom::world::{AasWorld, AreaId, ReachId, Reachability, TravelType};
use glam::Vec3;

use super::locate::flat;

/// Distances behind a jump's start (away from its end) tried for the run-up point.
const RUN_UPS: [f32; 5] = [64.0, 48.0, 32.0, 24.0, 16.0];
/// Distances behind a platform's start tried for the point to wait at or back off to.
const STAND_OFFS: [f32; 5] = [64.0, 48.0, 32.0, 96.0, 24.0];
/// An area less than this across (units, along X or Y) is narrow (the player box is 30
/// wide).
const NARROW: f32 = 64.0;
/// A plat whose top at the bottom is farther than this from an elevator's start (horizontally,
/// or in standing height) is not the one it rides.
const PLAT_MATCH: f32 = 48.0;
/// A standing origin is this far above the floor (the box's depth below it).
const STANDING_HEIGHT: f32 = 24.0;
/// A bobbing platform whose swept box is farther than this (horizontally) from a start is
/// not the one the start stands on.
const PLATFORM_MATCH: f32 = 16.0;

/// Where in carrying out its reachability the navigator is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Phase {
    /// Heading for the start.
    Approach,
    /// Going back to the run-up point (jumps) or the stand-off point (platforms).
    Back,
    /// Standing at the start or the stand-off point until a platform is there; standing on a
    /// rocket jump's start until the rocket launcher is ready.
    Wait,
    /// Stepping onto a bobbing platform.
    Board,
    /// Riding a platform.
    Ride,
    /// Walking off a platform towards the end.
    Leave,
    /// Running off an edge at speed (a gap to a floor as high).
    Leap,
    /// In the air: jumped, launched, falling, or climbing a ladder.
    Airborne,
}

/// The reachability being carried out.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Step {
    /// Its id.
    pub(super) id: ReachId,
    /// Its travel type.
    pub(super) kind: TravelType,
    /// The area it leaves.
    pub(super) source: AreaId,
    /// The area it leads to.
    pub(super) target: AreaId,
    /// Where it starts.
    pub(super) start: Vec3,
    /// Where it ends.
    pub(super) end: Vec3,
    /// The horizontal unit direction from start to end (zero when one is above the other).
    pub(super) heading: Vec3,
    /// The run-up point of a jump, the stand-off point of a platform (in the source area
    /// behind the start), else the start.
    pub(super) back: Vec3,
    /// How far `back` lies behind the start.
    pub(super) back_length: f32,
    /// Seconds a walk off the ledge falls (when it drops more than a step).
    pub(super) fall_time: Option<f32>,
    /// The platform it rides (an elevator's plat, a bobbing platform), an index into the
    /// navigator's movers.
    pub(super) mover: Option<usize>,
    /// Where to stand to ride an elevator: the middle of its plat's top at the bottom when the
    /// plat is known (a `.aas` from bspc starts the reachability beside the plat), else the
    /// start.
    pub(super) board: Vec3,
    /// Where the route goes on from the end: the start of the next reachability (walks and
    /// crouches only, for slowing down before sharp turns).
    pub(super) after: Option<Vec3>,
    /// Whether the area it leaves or the one it enters is narrow (less than
    /// [`NARROW`] across): a walkway where a sharp turn at speed runs off the edge.
    pub(super) narrow: bool,
    /// Whether only a crouching player fits in the area it enters (a crawl space a walk
    /// must crouch into: bspc marks only some of these reachabilities as crouch travel).
    pub(super) into_crawl: bool,
    /// The current phase.
    pub(super) phase: Phase,
    /// When the phase began (match seconds).
    pub(super) since: f32,
    /// When the step began.
    pub(super) began: f32,
    /// Waits that timed out (platforms).
    pub(super) tries: u8,
    /// Whether it went back to its run-up point (a jump): from there on, the run to the
    /// start is finished even if it starts in another area.
    pub(super) ran_up: bool,
}

impl Step {
    /// The step for reachability `id` (`reach`, leaving `source`), begun at `time`; `None`
    /// for a travel type outside the 19 known ones.
    pub(super) fn new(
        world: &AasWorld,
        settings: &PhysicsSettings,
        movers: &[Mover],
        (id, reach, source): (ReachId, &Reachability, AreaId),
        time: f32,
    ) -> Option<Self> {
        let kind = reach.kind()?;
        let heading = flat(reach.end - reach.start).normalize_or_zero();
        let (back, back_length) = match kind {
            TravelType::BarrierJump | TravelType::Jump | TravelType::WalkOffLedge => {
                run_up(world, source, reach.start, heading)
            }
            TravelType::Elevator | TravelType::FuncBob => {
                point_behind(world, source, reach.start, heading, &STAND_OFFS)
            }
            _ => (reach.start, 0.0),
        };
        let drop = reach.start.z - reach.end.z;
        let fall_time = (kind == TravelType::WalkOffLedge && drop > settings.step_height)
            .then(|| (2.0 * drop / settings.gravity.max(1.0)).sqrt());
        let mover = match kind {
            TravelType::FuncBob => bobbing_platform_at(movers, reach.start),
            TravelType::Elevator => plat_at(movers, reach.start),
            _ => None,
        };
        let board = match (kind, mover.and_then(|index| movers.get(index))) {
            (TravelType::Elevator, Some(plat)) => {
                let (mins, maxs) = plat_bottom(plat);
                ((mins + maxs) * 0.5).with_z(maxs.z + STANDING_HEIGHT)
            }
            _ => reach.start,
        };
        Some(Self {
            id,
            kind,
            source,
            target: reach.target,
            start: reach.start,
            end: reach.end,
            heading,
            back,
            back_length,
            fall_time,
            mover,
            board,
            after: None,
            narrow: narrow(world, source) || narrow(world, reach.target),
            into_crawl: super::locate::crouch_only(world, reach.target),
            phase: Phase::Approach,
            since: time,
            began: time,
            tries: 0,
            ran_up: false,
        })
    }

    /// Enters `phase` at `time` (a phase entered again keeps its start time).
    pub(super) fn enter(&mut self, phase: Phase, time: f32) {
        self.ran_up |= phase == Phase::Back;
        if self.phase != phase {
            self.phase = phase;
            self.since = time;
        }
    }

    /// Seconds in the current phase at `time`.
    pub(super) fn in_phase(&self, time: f32) -> f32 {
        time - self.since
    }

    /// Whether the step must be finished before the route is asked again even when the
    /// navigator is in another area: in the air, on a platform, or close to boarding one.
    pub(super) fn committed(&self, origin: Vec3) -> bool {
        match self.phase {
            Phase::Airborne
            | Phase::Leap
            | Phase::Wait
            | Phase::Board
            | Phase::Ride
            | Phase::Leave => true,
            // Going back to a run-up or stand-off point may cross into another area.
            Phase::Back => true,
            Phase::Approach if self.ran_up => true,
            Phase::Approach => {
                matches!(self.kind, TravelType::Elevator | TravelType::FuncBob)
                    && (super::locate::horizontal(origin, self.start) < 64.0
                        || super::locate::horizontal(origin, self.board) < 64.0)
            }
        }
    }
}

/// Whether `area` is less than [`NARROW`] across along X or Y.
fn narrow(world: &AasWorld, area: AreaId) -> bool {
    world.areas.get(area.index()).is_some_and(|record| {
        let size = record.maxs - record.mins;
        size.x.min(size.y) < NARROW
    })
}

/// The run-up point of a jump from `source` at `start` along `heading`: the farthest of
/// [`RUN_UPS`] behind the start that lies in `source`, or (as botlib's run start) in a
/// standable area with standable ground a third and two thirds of the way to the start (no
/// gap on the run). The start itself (length 0) when there is none.
fn run_up(world: &AasWorld, source: AreaId, start: Vec3, heading: Vec3) -> (Vec3, f32) {
    let standable_at = |point: Vec3| {
        world
            .point_area(point + Vec3::Z)
            .is_some_and(|area| area == source || super::locate::standable(world, area))
    };
    RUN_UPS
        .iter()
        .map(|&distance| (start - heading * distance, distance))
        .find(|&(point, distance)| {
            let in_source = world.point_area(point + Vec3::Z) == Some(source);
            in_source
                || [1.0, 2.0 / 3.0, 1.0 / 3.0]
                    .iter()
                    .all(|part| standable_at(start - heading * (distance * part)))
        })
        .unwrap_or((start, 0.0))
}

/// The first point `distance` behind `start` (against `heading`) that lies in `source`, with
/// that distance; `start` itself (distance 0) when none does.
fn point_behind(
    world: &AasWorld,
    source: AreaId,
    start: Vec3,
    heading: Vec3,
    distances: &[f32],
) -> (Vec3, f32) {
    distances
        .iter()
        .map(|&distance| (start - heading * distance, distance))
        // A unit up: a start resting exactly on its floor's boundary plane would be looked
        // up in the solid below it.
        .find(|(point, _)| world.point_area(*point + Vec3::Z) == Some(source))
        .unwrap_or((start, 0.0))
}

/// The box of plat `mover` at its bottom (rest) position (its own box for a mover that is not
/// a plat).
pub(super) fn plat_bottom(mover: &Mover) -> (Vec3, Vec3) {
    match mover.motion {
        MoverMotion::Plat { low, .. } => {
            let shift = Vec3::Z * low;
            (mover.mins + shift, mover.maxs + shift)
        }
        _ => (mover.mins, mover.maxs),
    }
}

/// The plat an elevator reachability starting at `start` rides: the first plat whose top at
/// the bottom lies within [`PLAT_MATCH`] of `start` horizontally, at its standing height
/// (within the same distance).
pub(super) fn plat_at(movers: &[Mover], start: Vec3) -> Option<usize> {
    movers.iter().position(|mover| {
        if !matches!(mover.motion, MoverMotion::Plat { .. }) {
            return false;
        }
        let (mins, maxs) = plat_bottom(mover);
        let outside = (mins - start).max(start - maxs).max(Vec3::ZERO);
        flat(outside).length() <= PLAT_MATCH
            && (maxs.z + STANDING_HEIGHT - start.z).abs() <= PLAT_MATCH
    })
}

/// The bobbing platform whose swing passes under `start`: the first `Sine` mover whose box,
/// swept over its whole swing, lies within [`PLATFORM_MATCH`] of `start` horizontally.
fn bobbing_platform_at(movers: &[Mover], start: Vec3) -> Option<usize> {
    movers.iter().position(|mover| {
        let MoverMotion::Sine { delta, .. } = mover.motion else {
            return false;
        };
        let reach = delta.abs();
        let (mins, maxs) = (mover.mins - reach, mover.maxs + reach);
        let outside = (mins - start).max(start - maxs).max(Vec3::ZERO);
        flat(outside).length() <= PLATFORM_MATCH
    })
}
