//! Jump-pad reachabilities (thesis §6.4): from every area of a `trigger_push` volume to where
//! the flight it launches ends, with or without air control.
//!
//! A standing player on the floor under the pad's centre is launched by the physics (the pad
//! is one of its triggers; every trigger of the map acts during the flight) — or, for a pad in
//! mid-air (standing on the floor under it does not touch it: a pad higher up a shaft, entered
//! in flight), a player at its centre already pushed — and followed until the flight ends: it
//! lands on a floor or in a liquid, or it touches another jump pad, whose push then takes over.
//! Landing back on the launching pad (a pad that throws the player straight up) ends nowhere.
//! The pad's areas lead to:
//!
//! - **the plain landing** (`rs_jumppad`, 250): where the flight without any input ends, a
//!   floor or the area of the other pad it touches. End: the landing point.
//! - **steered landings** (`rs_aircontrolledjumppad`, 300): where the player steering with air
//!   control ([`Physics::air_steer`](crate::physics::Physics::air_steer)) towards a point lands.
//!   The points aimed at are the centres of the ground faces of areas whose floor lies more
//!   than a barrier jump (`reach_max_barrier`) above the pad's floor (lower floors are walked
//!   to) and of the floors under the other pads' centres (a flight steered onto another pad).
//!   A point is a candidate when the flight climbs above it and it lies within the
//!   **flight envelope**: within `½ · a · T²` horizontally of where the flight without input
//!   comes down to its height, `a` being the air acceleration (`air_accelerate ×
//!   max_walk_velocity` per second) and `T` the time the flight spends above the point's
//!   height (below it, the walls around a shaft block any steering). Candidates are tried
//!   nearest (least steering) first; one whose area is already reached, or that lies within
//!   [`jump_pad_landing_spacing`](super::ReachSettings::jump_pad_landing_spacing) of a landing
//!   already kept, is skipped (the player walks there from that landing), and so is one whose
//!   area's nearest point was missed (its farther points need more steering). A candidate is
//!   kept when the steered flight lands in its area (or touches its pad); a steered flight is
//!   followed until half a second after the flight without input has come down to the height
//!   aimed at. End: the point aimed at, so that steering towards the reachability's end
//!   repeats the flight.
//!
//! Start: the floor point under the pad's centre (the centre of a pad in mid-air). Its detail
//! ([`ReachDetail::JumpPad`]) holds the launch's vertical and horizontal speeds, as bspc stores
//! them.
//! Each pad is independent, so the pads are processed in parallel and their lists concatenated
//! in entity order.
//!
//! Compared with bspc's output: its plain landings (250) are these; its steered ones (300)
//! are floors around the top of the flight, as here. bspc steers only pads that push exactly
//! straight up or whose plain flight lands somewhere: a pad pushing nearly straight up whose
//! plain flight falls back onto it gets no reachability at all (q3dm6ish's three pads, the
//! third pad of oacmpdm8; moving such a pad's target a few units to straight above it makes
//! bspc steer it). Physically the two are the same pad, so here both are steered.

use glam::Vec3;
use rayon::prelude::*;

use super::travel_time::centiseconds;
use super::{ReachContext, Reachability, area_id};
use crate::entities::{JumpPad, MapEntities};
use crate::physics::{
    MoveInput, PlayerState, STANDING_MAXS, STANDING_MINS, StopConditions, StopEvents, StopReason,
};
use crate::world::{AreaContents, AreaId, ReachDetail, TravelType};

/// How long a jump-pad flight is followed (seconds).
const MAX_PAD_FLIGHT: f32 = 6.0;
/// The most frames a launch is pushed by its own pad before flying freely.
const MAX_PUSH_FRAMES: usize = 40;
/// A steered flight is followed this long (seconds) past the time the flight without input
/// comes down to the height aimed at; by then it has missed.
const STEER_MARGIN: f32 = 0.5;

/// Where a jump-pad flight ends.
#[derive(Debug, Clone, Copy, PartialEq)]
enum FlightEnd {
    /// Landed on a floor or in a liquid in this area, at this origin.
    Landed(AreaId, Vec3),
    /// Touched jump pad `pad` (an index into the map's pads) while in this area, at this
    /// origin.
    Pad(usize, AreaId, Vec3),
}

/// A point a steered flight aims at.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Aim {
    /// The origin resting on the floor aimed at (a ground face's centre).
    point: Vec3,
    /// The area the flight must land in, or the pad it must touch.
    goal: Goal,
    /// Horizontal distance from where the flight without input comes down to the point's
    /// height (the steering it needs).
    offset: f32,
    /// How long the steered flight is followed (seconds).
    time: f32,
}

/// What a steered flight must reach.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Goal {
    /// Land in this area.
    Area(AreaId),
    /// Touch this jump pad.
    Pad(usize),
}

/// Where a pad's flights start.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Launch {
    /// The reachabilities' start: the floor point under the pad's centre, or the centre of a
    /// pad in mid-air.
    point: Vec3,
    /// The player there, standing or (in mid-air) already pushed.
    state: PlayerState,
}

/// The flight of a pad after its push: where and how fast the player leaves the trigger.
#[derive(Debug, Clone, Copy, PartialEq)]
struct FreeFlight {
    origin: Vec3,
    velocity: Vec3,
    /// Seconds from the launch.
    time: f32,
}

impl ReachContext<'_> {
    /// Jump-pad reachabilities, with their source areas: one list per pad, in entity order.
    pub(crate) fn jump_pad_reachabilities(
        &self,
        entities: &MapEntities,
    ) -> Vec<Vec<(AreaId, Reachability)>> {
        let pads = &entities.jump_pads;
        let areas: Vec<Vec<AreaId>> = pads
            .iter()
            .map(|pad| self.trigger_areas(pad.mins, pad.maxs, AreaContents::JUMPPAD))
            .collect();
        let starts: Vec<Option<Launch>> = pads.iter().map(|pad| self.pad_launch(pad)).collect();
        (0..pads.len())
            .into_par_iter()
            .map(|index| self.pad_reachabilities(pads, &areas, &starts, index))
            .collect()
    }

    /// Where a pad's flights start: standing on the floor under its centre when a player
    /// standing there touches the trigger, else (a pad in mid-air, entered in flight) at its
    /// centre, already pushed.
    fn pad_launch(&self, pad: &JumpPad) -> Option<Launch> {
        let centre = pad.centre();
        let floor = self.drop_to_floor(Vec3::new(centre.x, centre.y, pad.maxs.z - STANDING_MINS.z));
        if let Some(floor) = floor
            && pad.touches_box(floor, STANDING_MINS, STANDING_MAXS)
        {
            return Some(Launch {
                point: floor,
                state: PlayerState::standing_at(floor + Vec3::Z * 0.125),
            });
        }
        self.world.point_area(centre)?;
        let mut state = PlayerState::at(centre);
        state.velocity = pad.velocity;
        Some(Launch {
            point: centre,
            state,
        })
    }

    /// The reachabilities of pad `index`: every area of its trigger to each landing.
    fn pad_reachabilities(
        &self,
        pads: &[JumpPad],
        areas: &[Vec<AreaId>],
        starts: &[Option<Launch>],
        index: usize,
    ) -> Vec<(AreaId, Reachability)> {
        let Some(Launch {
            point: start,
            state: launch,
        }) = starts[index]
        else {
            return Vec::new();
        };
        let times = &self.settings.times;
        // (target area, end point, travel time)
        let mut landings: Vec<(AreaId, Vec3, u16)> = Vec::new();
        let plain = self.pad_flight(&launch, index, areas, MAX_PAD_FLIGHT, |_| MoveInput::idle());
        if let Some(end) = plain
            && let Some((area, at)) = self.landing_area(end, index, areas)
        {
            landings.push((area, at, times.jump_pad));
        }
        let spacing = self.settings.jump_pad_landing_spacing;
        // Goals whose nearest point was missed: their farther points are not tried.
        let mut missed: Vec<Goal> = Vec::new();
        for aim in self.aims(pads, starts, index, start, &launch) {
            let area_done = |area: AreaId| landings.iter().any(|(a, _, _)| *a == area);
            if let Goal::Area(area) = aim.goal
                && area_done(area)
            {
                continue;
            }
            if missed.contains(&aim.goal) {
                continue;
            }
            if landings
                .iter()
                .any(|(_, end, _)| end.distance(aim.point) < spacing)
            {
                continue;
            }
            let end = self.pad_flight(&launch, index, areas, aim.time, |state| {
                self.physics.air_steer(state, aim.point)
            });
            let reached = match (aim.goal, end) {
                (Goal::Area(goal), Some(FlightEnd::Landed(area, _))) if area == goal => Some(area),
                (Goal::Pad(goal), Some(FlightEnd::Pad(pad, area, _)))
                    if pad == goal && areas[goal].contains(&area) =>
                {
                    Some(area)
                }
                _ => None,
            };
            match reached {
                Some(area) if !area_done(area) => {
                    landings.push((area, aim.point, times.air_controlled_jump_pad));
                }
                Some(_) => {}
                None => missed.push(aim.goal),
            }
        }
        let pad = &pads[index];
        let horizontal = pad.velocity.truncate().length();
        let mut found = Vec::new();
        for (target, end, time) in landings {
            for &area in &areas[index] {
                if area == target {
                    continue;
                }
                let mut reach = self.reach(target, TravelType::JumpPad, start, end, time);
                reach.detail = ReachDetail::JumpPad {
                    vertical_speed: i32::from(centiseconds(pad.velocity.z)),
                    horizontal_speed: i32::from(centiseconds(horizontal)),
                };
                found.push((area, reach));
            }
        }
        found
    }

    /// The area a flight's end leads to: a landing outside the launching pad's areas, or the
    /// area of another pad touched. Landing in a pad's area counts as touching that pad.
    fn landing_area(
        &self,
        end: FlightEnd,
        own: usize,
        areas: &[Vec<AreaId>],
    ) -> Option<(AreaId, Vec3)> {
        let (area, at) = match end {
            FlightEnd::Landed(area, at) => (area, at),
            FlightEnd::Pad(pad, area, at) => {
                if pad == own {
                    return None;
                }
                (area, at)
            }
        };
        (!areas[own].contains(&area)).then_some((area, at))
    }

    /// The points a steered flight from pad `index` may aim at, nearest first (see the
    /// [module documentation](self)).
    fn aims(
        &self,
        pads: &[JumpPad],
        starts: &[Option<Launch>],
        index: usize,
        start: Vec3,
        launch: &PlayerState,
    ) -> Vec<Aim> {
        let flight = self.free_flight(launch, &pads[index]);
        let physics = &self.settings.physics;
        let lowest_floor = start.z + physics.reach_max_barrier;
        let mut aims = Vec::new();
        for (i, floor) in self.floors.iter().enumerate() {
            if !self.plain_ground(area_id(i)) || floor.maxs.z <= lowest_floor {
                continue;
            }
            // Ground faces lie where a standing origin rests.
            for &point in &floor.ground_centres {
                if point.z <= lowest_floor {
                    continue;
                }
                if let Some((offset, time)) = self.within_envelope(&flight, point) {
                    aims.push(Aim {
                        point,
                        goal: Goal::Area(area_id(i)),
                        offset,
                        time,
                    });
                }
            }
        }
        for (pad, other) in starts.iter().enumerate() {
            if pad == index {
                continue;
            }
            let Some(Launch { point, .. }) = *other else {
                continue;
            };
            if let Some((offset, time)) = self.within_envelope(&flight, point) {
                aims.push(Aim {
                    point,
                    goal: Goal::Pad(pad),
                    offset,
                    time,
                });
            }
        }
        aims.sort_by(|a, b| a.offset.total_cmp(&b.offset));
        aims
    }

    /// The steering a flight needs to come down on `point` (the horizontal distance from where
    /// it comes down to that height without input), when within its envelope, and how long a
    /// flight steered there is followed.
    fn within_envelope(&self, flight: &FreeFlight, point: Vec3) -> Option<(f32, f32)> {
        let physics = &self.settings.physics;
        let gravity = physics.gravity;
        let vz = flight.velocity.z;
        let discriminant = vz * vz - 2.0 * gravity * (point.z - flight.origin.z);
        if !(discriminant > 0.0 && gravity > 0.0) {
            return None;
        }
        let root = discriminant.sqrt();
        let down = (vz + root) / gravity;
        let up = ((vz - root) / gravity).max(0.0);
        if down <= 0.0 {
            return None;
        }
        let above = down - up;
        let reach = 0.5 * physics.air_accelerate * physics.max_walk_velocity * above * above;
        let ballistic = flight.origin.truncate() + flight.velocity.truncate() * down;
        let offset = ballistic.distance(point.truncate());
        (offset <= reach).then_some((offset, flight.time + down + STEER_MARGIN))
    }

    /// Where the player launched from `launch` leaves pad `pad`'s push.
    fn free_flight(&self, launch: &PlayerState, pad: &JumpPad) -> FreeFlight {
        let mut state = *launch;
        for _ in 0..MAX_PUSH_FRAMES {
            let (next, _) = self.physics.step(&state, &MoveInput::idle());
            state = next;
            if !pad.touches_box(state.origin, STANDING_MINS, STANDING_MAXS) {
                break;
            }
        }
        FreeFlight {
            origin: state.origin,
            velocity: state.velocity,
            time: state.time - launch.time,
        }
    }

    /// Follows the flight of a player launched from `launch` by pad `own` under `input` until
    /// it lands or touches another pad, `areas` being each pad's areas; `None` when it does
    /// not end within `time` seconds. Landing in a pad's area touches that pad. A pad touched while outside
    /// its areas (its trigger box reaches beyond them) pushes the player on like the launching
    /// pad: the flight goes on.
    fn pad_flight(
        &self,
        launch: &PlayerState,
        own: usize,
        areas: &[Vec<AreaId>],
        time: f32,
        input: impl Fn(&PlayerState) -> MoveInput,
    ) -> Option<FlightEnd> {
        let frame_time = self.settings.physics.frame_time.max(f32::MIN_POSITIVE);
        let mut state = *launch;
        let mut remaining = time;
        let mut pushing = vec![own];
        let stop = |time: f32| {
            StopConditions::time_limit(time)
                .or(StopEvents::LANDING)
                .or(StopEvents::TOUCH_JUMP_PAD)
        };
        while remaining > 0.0 {
            let prediction = self
                .physics
                .predict(&state, |_, s| input(s), &stop(remaining));
            let end = *prediction.end()?;
            #[expect(clippy::cast_precision_loss, reason = "a few hundred frames at most")]
            let elapsed = prediction.trajectory.len() as f32 * frame_time;
            remaining -= elapsed;
            match prediction.stop {
                StopReason::TouchedJumpPad(pad) if pushing.contains(&pad) => state = end,
                StopReason::TouchedJumpPad(pad) => {
                    let area = prediction.area?;
                    if areas.get(pad)?.contains(&area) {
                        return Some(FlightEnd::Pad(pad, area, end.origin));
                    }
                    pushing.push(pad);
                    state = end;
                }
                reason if reason.is_landing() => {
                    let area = prediction.area?;
                    // Landing on a pad is touching it.
                    let pad = pushing
                        .iter()
                        .copied()
                        .chain(0..areas.len())
                        .find(|&pad| areas[pad].contains(&area));
                    return Some(pad.map_or(FlightEnd::Landed(area, end.origin), |pad| {
                        FlightEnd::Pad(pad, area, end.origin)
                    }));
                }
                _ => return None,
            }
        }
        None
    }
}
