//! Carrying out one reachability: the steering of each travel type that needs no platform
//! (platforms are in `platforms.rs`). The behaviour is described in words in the
//! [`scripted`](super) module docs.

use aas_geom::world::TravelType;
use glam::Vec3;

use super::locate::{flat, horizontal};
use super::platforms::{bobbing, elevator};
use super::rocket_jump::rocket_jump;
use super::steer::{Ctx, Progress, Steer, air_to, run_at, run_to};
use super::step::{Phase, Step};

/// Within this distance (units) of a reachability's start the navigator heads for its end.
const NEAR_START: f32 = 16.0;
/// How far before the start of a walk into a crawl space the player crouches, units.
const CRAWL_DISTANCE: f32 = 48.0;
/// A walk slows down for a sharp turn at its end within this distance (units).
const CORNER_DISTANCE: f32 = 64.0;
/// A turn sharper than this (cosine, 60°) slows a walk down.
const CORNER_COSINE: f32 = 0.5;
/// The slowest speed (units/s) a walk turns at.
const CORNER_SPEED: f32 = 120.0;
/// A walk off a ledge slows to the landing speed this far (horizontally) before the start.
const LEDGE_SLOW_DOWN: f32 = 64.0;
/// A jump takes off at most this far past its start.
const TAKE_OFF_PAST: f32 = 16.0;
/// A jump's take-off needs the navigator within this distance of the start-to-end line (plus a
/// quarter of its distance behind the start).
const ALIGNED: f32 = 12.0;
/// A running jump wants at least this horizontal speed at take-off …
const TAKE_OFF_SPEED: f32 = 200.0;
/// … within this cosine of its heading.
const TAKE_OFF_COSINE: f32 = 0.8;
/// A jump across more than this (units, horizontally from start to end) is long …
const LONG_JUMP: f32 = 128.0;
/// … and wants this speed at take-off …
const LONG_TAKE_OFF_SPEED: f32 = 290.0;
/// … within this cosine of its heading.
const LONG_TAKE_OFF_COSINE: f32 = 0.95;
/// The longest run off an edge before the navigator expects to be in the air (seconds).
const LEAP_TIME: f32 = 0.6;
/// A jump across at most this (units, horizontally from start to end) needs no run.
const STANDING_JUMP: f32 = 48.0;
/// A run-up shorter than this is taken from a standstill (no speed wanted).
const SHORT_RUN_UP: f32 = 16.0;
/// A teleporter trigger whose centre is this much above the origin is jumped into.
const HIGH_TRIGGER: f32 = 40.0;
/// Upward speed (units/s) that, in the air on the way to a jump pad, means launched.
const LAUNCH_SPEED: f32 = 100.0;
/// A jump pad's flight that lands this far (units) below its end, outside its target area,
/// missed.
const PAD_MISSED_BELOW: f32 = 64.0;

/// One frame of carrying out `step`.
pub(super) fn steer(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    match step.kind {
        TravelType::Walk | TravelType::Crouch => walk(step, ctx),
        TravelType::BarrierJump | TravelType::Jump => jump(step, ctx),
        TravelType::WalkOffLedge if step.fall_time.is_none() => jump(step, ctx),
        TravelType::WalkOffLedge => walk_off_ledge(step, ctx),
        TravelType::Swim => swim(step, ctx),
        TravelType::WaterJump => water_jump(step, ctx),
        TravelType::Ladder => ladder(step, ctx),
        TravelType::Teleport => teleport(step, ctx),
        TravelType::JumpPad => jump_pad(step, ctx),
        TravelType::Elevator => elevator(step, ctx),
        TravelType::FuncBob => bobbing(step, ctx),
        TravelType::RocketJump => rocket_jump(step, ctx),
        // BFG jumps, the hook and the never-generated jumps are excluded by the travel
        // flags; met anyway, they are given up.
        _ => Progress::Failed,
    }
}

/// In the air after a take-off: steer down onto the end; done once supported again.
fn flight(step: &Step, ctx: &Ctx<'_, '_>) -> Progress {
    if ctx.supported() {
        Progress::Done
    } else {
        Progress::Going(air_to(ctx, step.end))
    }
}

/// Walk (or crouch) to the start, then on to the end; the route is asked again on entering
/// another area. A walk into a crawl space crouches from [`CRAWL_DISTANCE`] before its start.
/// Within [`CORNER_DISTANCE`] of the end, a sharp turn there (towards the next
/// reachability's start) caps the speed at what the turn allows. In the air (a step down),
/// steer onto the end.
fn walk(step: &Step, ctx: &Ctx<'_, '_>) -> Progress {
    let crouch = step.kind == TravelType::Crouch
        || (step.into_crawl && ctx.distance(step.start) <= CRAWL_DISTANCE);
    if ctx.airborne() {
        return Progress::Going(air_to(ctx, step.end).crouching(crouch));
    }
    let point = if ctx.distance(step.start) > NEAR_START {
        step.start
    } else {
        step.end
    };
    let steer = run_at(ctx, point, corner_speed(step, ctx));
    Progress::Going(steer.crouching(crouch).carefully())
}

/// The speed a walk between narrow areas (a walkway, a ledge) may keep towards a turn at its
/// end: full speed unless within [`CORNER_DISTANCE`] of the end and the route turns by more
/// than 60° there, then [`CORNER_SPEED`] at a right angle (in proportion to the turn's
/// cosine, never below it). Between wide areas a turn costs no speed.
fn corner_speed(step: &Step, ctx: &Ctx<'_, '_>) -> f32 {
    let Some(after) = step.after.filter(|_| step.narrow) else {
        return f32::MAX;
    };
    let origin = ctx.me.origin;
    if horizontal(origin, step.end) > CORNER_DISTANCE {
        return f32::MAX;
    }
    let coming = flat(ctx.me.velocity).normalize_or_zero();
    let going = flat(after - step.end).normalize_or_zero();
    let turn = coming.dot(going);
    if coming == Vec3::ZERO || going == Vec3::ZERO || turn > CORNER_COSINE {
        return f32::MAX;
    }
    let full = ctx.physics.settings().max_walk_velocity;
    (full * turn.max(0.0)).max(CORNER_SPEED)
}

/// A barrier jump or a jump: reach the start from behind (from the run-up point when coming
/// in from the side or past it), press jump at the start moving towards the end (fast, for a
/// running jump), steer onto the end in the air, done on landing. A walk off a ledge that
/// drops no more than a step (across a gap to a floor as high) is run the same way without
/// pressing jump.
fn jump(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    if step.phase == Phase::Airborne {
        return flight(step, ctx);
    }
    if ctx.airborne() {
        // Off the ground before the take-off (walked off the edge, or a jump pressed last
        // frame): follow through.
        step.enter(Phase::Airborne, ctx.time);
        return Progress::Going(air_to(ctx, step.end));
    }
    let me = ctx.me;
    if step.phase == Phase::Leap {
        if step.in_phase(ctx.time) < LEAP_TIME {
            return Progress::Going(Steer::run(flat(step.end - me.origin)));
        }
        // Still on the ground: the edge was not where it was expected; start over.
        step.enter(Phase::Approach, ctx.time);
    }
    let heading = if step.heading == Vec3::ZERO {
        flat(step.end - me.origin).normalize_or_zero()
    } else {
        step.heading
    };
    let offset = flat(me.origin - step.start);
    let along = offset.dot(heading);
    let lateral = (offset - heading * along).length();
    let aligned = lateral <= ALIGNED + (-along).max(0.0) * 0.25;
    if step.phase == Phase::Back {
        let arrived = horizontal(me.origin, step.back) <= ALIGNED
            || (aligned && along <= 4.0 - step.back_length);
        if !arrived {
            return Progress::Going(run_to(ctx, step.back).carefully());
        }
        step.enter(Phase::Approach, ctx.time);
    }
    let velocity = flat(me.velocity);
    let speed = velocity.length();
    let travel = (speed * ctx.frame_time).max(4.0);
    if aligned && (-travel..=TAKE_OFF_PAST).contains(&along) {
        let running = matches!(step.kind, TravelType::Jump | TravelType::WalkOffLedge);
        let far = horizontal(step.start, step.end) > STANDING_JUMP;
        let wants_speed = running && far && step.back_length >= SHORT_RUN_UP;
        // A long jump needs nearly the full running speed, straight along the line: air
        // control cannot make up much of a miss.
        let long = horizontal(step.start, step.end) > LONG_JUMP;
        let (least, cosine) = if long {
            (LONG_TAKE_OFF_SPEED, LONG_TAKE_OFF_COSINE)
        } else {
            (TAKE_OFF_SPEED, TAKE_OFF_COSINE)
        };
        let fast = speed >= least && velocity.dot(heading) >= cosine * speed;
        if wants_speed && !fast {
            step.enter(Phase::Back, ctx.time);
            return Progress::Going(run_to(ctx, step.back).carefully());
        }
        let towards_end = Steer::run(flat(step.end - me.origin));
        if step.kind == TravelType::WalkOffLedge {
            // Run off the edge; the flight begins where the ground ends.
            step.enter(Phase::Leap, ctx.time);
            return Progress::Going(towards_end);
        }
        if ctx.jump_held {
            // Release this frame, jump the next.
            return Progress::Going(towards_end);
        }
        step.enter(Phase::Airborne, ctx.time);
        return Progress::Going(towards_end.jumping());
    }
    let beside = !aligned && lateral > 2.0 * ALIGNED && along > -2.0 * ALIGNED;
    if along > TAKE_OFF_PAST || beside {
        step.enter(Phase::Back, ctx.time);
        return Progress::Going(run_to(ctx, step.back).carefully());
    }
    // Coming in from the side, the start is often at an edge: keep the footing. Running in
    // along the line, the take-off needs all the speed.
    let steer = run_to(ctx, step.start);
    Progress::Going(if aligned { steer } else { steer.carefully() })
}

/// Walk to the edge, slowing to the speed that lands on the end, walk off, steer onto the end
/// while falling, done on landing.
fn walk_off_ledge(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    if step.phase == Phase::Airborne {
        return flight(step, ctx);
    }
    if ctx.airborne() {
        step.enter(Phase::Airborne, ctx.time);
        return Progress::Going(air_to(ctx, step.end));
    }
    let settings = ctx.physics.settings();
    let to_end = horizontal(ctx.me.origin, step.end);
    let landing_speed = step
        .fall_time
        .map_or(f32::MAX, |time| to_end / time)
        .max(settings.stop_speed);
    let to_start = ctx.distance(step.start);
    if to_start > NEAR_START {
        let speed = if to_start < LEDGE_SLOW_DOWN {
            landing_speed
        } else {
            f32::MAX
        };
        return Progress::Going(run_at(ctx, step.start, speed));
    }
    Progress::Going(run_at(ctx, step.end, landing_speed))
}

/// Swim (in 3-D) to the start, then to the end; out of the water, walk like a walk.
fn swim(step: &Step, ctx: &Ctx<'_, '_>) -> Progress {
    if !ctx.in_liquid() {
        return walk(step, ctx);
    }
    let point = if ctx.distance(step.start) > NEAR_START {
        step.start
    } else {
        step.end
    };
    Progress::Going(run_to(ctx, point))
}

/// Swim to the start, then towards the end holding jump (swimming up against the wall, where
/// the physics' water jump throws the player out); out of the water, steer onto the end and
/// finish on landing. Standing in shallow water, jump out like a barrier jump.
fn water_jump(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    let me = ctx.me;
    if step.phase == Phase::Airborne {
        if me.on_ground || ctx.in_liquid() && step.in_phase(ctx.time) > 0.25 {
            return Progress::Done;
        }
        return Progress::Going(air_to(ctx, step.end));
    }
    if ctx.in_liquid() {
        if ctx.distance(step.start) > 2.0 * NEAR_START {
            return Progress::Going(run_to(ctx, step.start));
        }
        return Progress::Going(Steer::run(step.end - me.origin).jumping());
    }
    if !me.on_ground {
        step.enter(Phase::Airborne, ctx.time);
        return Progress::Going(air_to(ctx, step.end));
    }
    if horizontal(me.origin, step.start) > NEAR_START {
        return Progress::Going(run_to(ctx, step.start));
    }
    let towards_end = Steer::run(flat(step.end - me.origin));
    if ctx.jump_held {
        return Progress::Going(towards_end);
    }
    step.enter(Phase::Airborne, ctx.time);
    Progress::Going(towards_end.jumping())
}

/// Up: walk to the foot of the ladder, press along the reachability (into the ladder, which
/// climbs), keep pressing over the top; down: walk to the top's edge and over it, holding
/// crouch (which climbs down while the ladder is touched). Pressing along the start-to-end
/// heading, not at the end point, keeps the climb from swinging from side to side. Done on
/// landing after leaving the ground.
fn ladder(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    let me = ctx.me;
    let down = step.end.z < step.start.z;
    let along = if step.heading == Vec3::ZERO {
        flat(step.end - me.origin)
    } else {
        step.heading
    };
    if step.phase == Phase::Airborne {
        if ctx.supported() {
            return Progress::Done;
        }
        return Progress::Going(Steer::run(along).crouching(down));
    }
    if ctx.airborne() {
        step.enter(Phase::Airborne, ctx.time);
        return Progress::Going(Steer::run(along).crouching(down));
    }
    if ctx.distance(step.start) > NEAR_START {
        return Progress::Going(run_to(ctx, step.start));
    }
    Progress::Going(Steer::run(along))
}

/// Walk into the trigger (its centre is the start), jumping when it hangs high; the world
/// moves the navigator, which then asks for a new route.
fn teleport(step: &Step, ctx: &Ctx<'_, '_>) -> Progress {
    let me = ctx.me;
    if ctx.airborne() {
        return Progress::Going(air_to(ctx, step.start));
    }
    let steer = Steer::run(flat(step.start - me.origin));
    let high = step.start.z - me.origin.z > HIGH_TRIGGER;
    if high && me.on_ground && !ctx.jump_held && horizontal(me.origin, step.start) < 48.0 {
        return Progress::Going(steer.jumping());
    }
    Progress::Going(steer)
}

/// Walk onto the pad (the start lies under its centre); once launched, steer onto the end
/// (the landing aimed at); done on landing. A landing outside the target area and more than
/// [`PAD_MISSED_BELOW`] below the end (a launch from where the flight cannot make it: the edge
/// of a large trigger, under a ceiling) fails.
fn jump_pad(step: &mut Step, ctx: &Ctx<'_, '_>) -> Progress {
    if step.phase == Phase::Airborne {
        let missed =
            ctx.area != Some(step.target) && ctx.me.origin.z < step.end.z - PAD_MISSED_BELOW;
        if ctx.supported() && missed {
            return Progress::Failed;
        }
        return flight(step, ctx);
    }
    if ctx.airborne() && ctx.me.velocity.z > LAUNCH_SPEED {
        step.enter(Phase::Airborne, ctx.time);
        return Progress::Going(air_to(ctx, step.end));
    }
    Progress::Going(Steer::run(flat(step.start - ctx.me.origin)))
}
