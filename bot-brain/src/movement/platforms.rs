//! Riding platforms: elevators (`func_plat`) and bobbing platforms (`func_bobbing`).
//!
//! A player's view holds no movers. Given the map's movers
//! ([`Navigator::with_movers`](super::Navigator::with_movers)) the navigator knows where each plat
//! rests and how long its cycle takes, but not where it is now: it stands on the plat's
//! middle and waits to rise. A bobbing platform's motion is a function of the match time that
//! any player watching it can see: the navigator times its boarding.

use aas_geom::physics::{Mover, MoverMotion};
use aas_geom::world::{AasWorld, ReachId, TravelType};
use glam::Vec3;

use super::locate::{flat, horizontal};
use super::steer::{Ctx, Progress, Steer, air_to, arrive_at, run_at, run_to};
use super::step::{Phase, Step, plat_at};

/// Within this horizontal distance of the elevator's start the navigator stands and waits.
const ON_START: f32 = 10.0;
/// Risen this far above the start, the navigator is riding.
const RISEN: f32 = 8.0;
/// Within this height below the end, the elevator is at the top.
const AT_TOP: f32 = 8.0;
/// Longest wait on an elevator's start that does not rise (seconds).
const ELEVATOR_WAIT: f32 = 5.0;
/// Longest ride (seconds).
const RIDE_LIMIT: f32 = 10.0;
/// How long the navigator backs off before trying again (seconds).
const BACK_OFF: f32 = 1.5;
/// Longest walk off a platform to its end (seconds).
const LEAVE_LIMIT: f32 = 3.0;
/// Waits given up before the step is.
const MAX_TRIES: u8 = 2;
/// A platform holds a standing point whose origin is this far inside its top's edges.
const FOOTING: f32 = 4.0;
/// Half the width of a player's box, units.
const HALF_WIDTH: f32 = 15.0;
/// A standing origin is this far above the top it stands on (the box's depth below it).
const STANDING_HEIGHT: f32 = 24.0;
/// How far (height) a platform's top may be from a standing point's floor to hold it.
const TOP_TOLERANCE: f32 = 12.0;
/// A platform this close (horizontally) to the end lets the navigator walk off (the end is a
/// standing origin 16 units past the platform's edge at its extreme: 31 from its box).
const NEAR_LANDING: f32 = 40.0;
/// Boarding needs the platform to hold the start now and this much later (seconds).
const BOARDING_TIME: f32 = 0.4;

/// Elevator: walk to the boarding point (the middle of the plat at the bottom when the plat
/// is known, else the start, which this crate's compiler puts on the plat) and stop there;
/// wait to rise; ride without input; walk to the end at the top. A wait that does not rise
/// (the plat is up, or does not start) within the plat's cycle (or [`ELEVATOR_WAIT`] when it
/// is not known) backs off to the stand-off point and tries again; after [`MAX_TRIES`] waits
/// the step fails.
pub(super) fn elevator(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    let me = ctx.me;
    let time = ctx.time;
    let board = step.board;
    if step.phase == Phase::Approach {
        if horizontal(me.origin, board) <= ON_START && me.on_ground {
            step.enter(Phase::Wait, time);
        } else {
            return Progress::Going(arrive_at(ctx, board));
        }
    }
    if step.phase == Phase::Back {
        if step.in_phase(time) < BACK_OFF {
            return Progress::Going(run_to(ctx, step.back));
        }
        step.enter(Phase::Approach, time);
        return Progress::Going(arrive_at(ctx, board));
    }
    if step.phase == Phase::Wait {
        if me.origin.z > board.z + RISEN {
            step.enter(Phase::Ride, time);
        } else if step.in_phase(time) > patience(step, ctx) {
            step.tries += 1;
            if step.tries >= MAX_TRIES {
                return Progress::Failed;
            }
            step.enter(Phase::Back, time);
            return Progress::Going(run_to(ctx, step.back));
        } else if horizontal(me.origin, board) > 3.0 * ON_START {
            step.enter(Phase::Approach, time);
            return Progress::Going(arrive_at(ctx, board));
        } else {
            // Pressing gently towards the middle: against a plat that is up, or on one
            // about to rise.
            return Progress::Going(Steer {
                waiting: true,
                ..arrive_at(ctx, board)
            });
        }
    }
    if step.phase == Phase::Ride {
        if me.origin.z >= step.end.z - AT_TOP {
            step.enter(Phase::Leave, time);
        } else if step.in_phase(time) > RIDE_LIMIT {
            return Progress::Failed;
        } else if me.on_ground && me.origin.z < board.z + RISEN * 0.5 {
            // Back down without reaching the top: wait again.
            step.enter(Phase::Wait, time);
            return Progress::Going(Steer::wait());
        } else {
            return Progress::Going(Steer::wait());
        }
    }
    leave(step, ctx)
}

/// How long to wait for an elevator to rise: a whole cycle of its plat (up, the wait at the
/// top, down) and a second, or [`ELEVATOR_WAIT`] when the plat is not known.
fn patience(step: &Step, ctx: &Ctx<'_, '_>) -> f32 {
    let plat = step.mover.and_then(|index| ctx.movers.get(index));
    match plat.map(|plat| plat.motion) {
        Some(MoverMotion::Plat {
            low, speed, wait, ..
        }) if speed > 0.0 => 2.0 * low.abs() / speed + wait + 1.0,
        _ => ELEVATOR_WAIT,
    }
}

/// The elevator reachability of `world` whose plat (one of `movers`) the player standing at
/// `origin` is on at its top, if any: the plat's box as the map builds it (raised) holds the
/// player's box (its origin within [`HALF_WIDTH`] of its edges), a standing height above its
/// top. A player left on a raised plat
/// (its goal changed during the ride) stands in the plat's shaft area, whose only way out is
/// at the bottom; it leaves the plat the way the elevator's reachability does. Returned with
/// the seconds the plat takes to be down again once nobody stands on it (its wait at the top
/// and its way down).
pub(super) fn raised_plat_exit(
    world: &AasWorld,
    movers: &[Mover],
    origin: Vec3,
) -> Option<(ReachId, f32)> {
    if !movers
        .iter()
        .any(|mover| matches!(mover.motion, MoverMotion::Plat { .. }))
    {
        return None;
    }
    // The player's box (15 units either side of its origin) rests on the top.
    let on_top = |mover: &Mover| {
        (mover.mins.x - HALF_WIDTH..=mover.maxs.x + HALF_WIDTH).contains(&origin.x)
            && (mover.mins.y - HALF_WIDTH..=mover.maxs.y + HALF_WIDTH).contains(&origin.y)
            && (mover.maxs.z + STANDING_HEIGHT - origin.z).abs() <= TOP_TOLERANCE
    };
    world
        .reachabilities
        .iter()
        .enumerate()
        .filter(|(_, reach)| reach.kind() == Some(TravelType::Elevator))
        .find_map(|(index, reach)| {
            let plat = movers.get(plat_at(movers, reach.start)?)?;
            let MoverMotion::Plat {
                low, speed, wait, ..
            } = plat.motion
            else {
                return None;
            };
            let down_in = wait + if speed > 0.0 { -low / speed } else { 0.0 };
            on_top(plat).then_some((ReachId::from_index(index), down_in))
        })
}

/// Walking off a platform to the end (and on past it, along the reachability, until in the
/// target area); done once standing in the target area.
fn leave(step: &Step, ctx: &Ctx<'_, '_>) -> Progress {
    let me = ctx.me;
    if me.on_ground && ctx.area == Some(step.target) {
        return Progress::Done;
    }
    if step.in_phase(ctx.time) > LEAVE_LIMIT {
        return Progress::Failed;
    }
    let point = if horizontal(me.origin, step.end) < ON_START {
        step.end + step.heading * (2.0 * ON_START)
    } else {
        step.end
    };
    if ctx.airborne() {
        return Progress::Going(air_to(ctx, point));
    }
    Progress::Going(run_to(ctx, point))
}

/// Bobbing platform: walk to the stand-off point beside the start and wait there until the
/// platform holds the start (now and [`BOARDING_TIME`] later); walk onto it; ride without
/// input (keeping to its middle) until it comes within [`NEAR_LANDING`] of the end; walk off
/// to the end. The ride is given up after two periods, or one off the platform. Without a
/// known platform the step fails (the travel flags exclude it then).
pub(super) fn bobbing(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    let Some(mover) = step.mover.and_then(|index| ctx.movers.get(index)) else {
        return Progress::Failed;
    };
    let me = ctx.me;
    let time = ctx.time;
    let period = match mover.motion {
        MoverMotion::Sine { period, .. } => period.max(0.1),
        _ => 1.0,
    };
    match step.phase {
        Phase::Approach | Phase::Back => {
            if horizontal(me.origin, step.back) <= ON_START {
                step.enter(Phase::Wait, time);
            } else {
                return Progress::Going(arrive_at(ctx, step.back));
            }
        }
        Phase::Board => {
            if me.on_ground && holds(mover, time, me.origin) {
                step.enter(Phase::Ride, time);
            } else if ctx.airborne() && me.origin.z < step.start.z - STANDING_HEIGHT
                || step.in_phase(time) > BOARDING_TIME * 4.0
            {
                // Fell, or the platform left before the navigator got on.
                return Progress::Failed;
            } else {
                return Progress::Going(run_to(ctx, step.start));
            }
        }
        _ => {}
    }
    match step.phase {
        Phase::Wait => {
            if holds(mover, time, step.start) && holds(mover, time + BOARDING_TIME, step.start) {
                step.enter(Phase::Board, time);
                return Progress::Going(run_to(ctx, step.start));
            }
            if step.in_phase(time) > period + 1.0 {
                return Progress::Failed;
            }
            Progress::Going(Steer {
                waiting: true,
                ..arrive_at(ctx, step.back)
            })
        }
        Phase::Ride => {
            if near(mover, time, step.end) {
                step.enter(Phase::Leave, time);
                return leave(step, ctx);
            }
            let aboard = holds(mover, time, me.origin);
            if ctx.airborne() && me.velocity.z < -200.0
                || step.in_phase(time) > 2.0 * period + 1.0
                || !aboard && step.in_phase(time) > period + 1.0
            {
                return Progress::Failed;
            }
            // Keep to the middle of the platform while it swings.
            let (mins, maxs) = mover.bounds_at(time);
            let middle = ((mins + maxs) * 0.5).with_z(me.origin.z);
            Progress::Going(Steer {
                waiting: true,
                ..run_at(ctx, middle, horizontal(me.origin, middle) * 2.0)
            })
        }
        _ => leave(step, ctx),
    }
}

/// Whether `mover`'s top at `time` holds a player standing with its origin at `point`.
fn holds(mover: &Mover, time: f32, point: Vec3) -> bool {
    let (mins, maxs) = mover.bounds_at(time);
    let inside = (mins.x + FOOTING..=maxs.x - FOOTING).contains(&point.x)
        && (mins.y + FOOTING..=maxs.y - FOOTING).contains(&point.y);
    inside && (maxs.z + STANDING_HEIGHT - point.z).abs() <= TOP_TOLERANCE
}

/// Whether `mover`'s top at `time` lies within [`NEAR_LANDING`] of the standing point
/// `point`, at its height.
fn near(mover: &Mover, time: f32, point: Vec3) -> bool {
    let (mins, maxs) = mover.bounds_at(time);
    let outside = flat((mins - point).max(point - maxs).max(Vec3::ZERO)).length();
    outside <= NEAR_LANDING && (maxs.z + STANDING_HEIGHT - point.z).abs() <= TOP_TOLERANCE
}

#[cfg(test)]
mod tests {
    use aas_geom::entities::extract_entities;

    use super::*;

    /// `elevator_room` of `aas-geom/tests/maps/`: a plat in a 64 × 64 shaft (x 0..64, y −32..32)
    /// built raised, its top at z 160 flush with the upper floor, resting 160 lower.
    #[test]
    fn a_player_on_a_raised_plat_leaves_by_the_elevators_reachability() {
        let (brushes, world) = crate::test_maps::load("elevator_room");
        let movers = extract_entities(&brushes, 800.0).movers();
        let (exit, down_in) = raised_plat_exit(&world, &movers, Vec3::new(32.0, 0.0, 184.125))
            .expect("the elevator's reachability");
        // Q3's plat: a 160-unit way down at its default 200 units/s, after a 1 s wait.
        assert!((down_in - 1.8).abs() < 0.05, "{down_in}");
        let reach = &world.reachabilities[exit.index()];
        assert_eq!(reach.kind(), Some(TravelType::Elevator));
        assert!(reach.end.z > 150.0, "{:?}", reach.end);
        // On its edge (the box overlaps the top) too.
        assert_eq!(
            raised_plat_exit(&world, &movers, Vec3::new(-10.0, 0.0, 184.125)).map(|(id, _)| id),
            Some(exit)
        );
        // On the plat at rest (the low floor's height), or beside the shaft: no exit to take.
        assert_eq!(
            raised_plat_exit(&world, &movers, Vec3::new(32.0, 0.0, 24.125)),
            None
        );
        assert_eq!(
            raised_plat_exit(&world, &movers, Vec3::new(160.0, 0.0, 184.125)),
            None
        );
    }
}
