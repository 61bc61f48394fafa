//! Keeping one's footing: before a careful step on the ground (a walk, the approach to a
//! goal), the navigator plays the frame forward with its own physics and checks that it could
//! still stop on the floor afterwards. When it could not (the wish would carry it over an
//! edge, or to where braking can no longer keep it up), it slows down instead.
//!
//! The check replaces guessing at edges from the areas along the velocity: sliver areas line
//! the edges of ramps and walkways, and a route that hugs the inside of a turn ends its
//! reachabilities right at the drop, so only the movement itself tells how far the player
//! will slide. Quake III's ground braking is strong (from full speed a player stops within a
//! few units), so a player that checks every frame can walk right up to an edge and turn
//! there, as a careful human does.

use aas_geom::physics::{MoveInput, Physics, PlayerState};
use aas_geom::sample::TRACE_EPSILON;
use aas_geom::world::PresenceType;
use glam::Vec3;

use super::locate::flat;
use super::open_floor::{OpenPatch, flat_floor_height, stops_on_open_floor};
use super::steer::{Ctx, Steer};

/// How many frames of braking the check plays after the wished frame (enough to stop from
/// full speed, and to land from a stair step down).
const STOP_FRAMES: usize = 6;
/// How many more frames the check follows a fall (a second falls farther than any allowance).
const FALL_FRAMES: usize = 20;
/// How far (units) below both the player and the point it walks to the player may go while
/// stopping: more than a stair step, less than a fall worth a route.
const DROP_ALLOWANCE: f32 = 24.0;
/// How far below the origin (units) the floor is looked for before judging.
const GROUND_PROBE: f32 = 2.0;
/// A wish whose frame ends against a wall with less than this share of its wished speed
/// along its direction is blocked.
const BLOCKED_SHARE: f32 = 0.25;
/// A horizontal speed (units/s) below which the player has stopped.
const STOPPED: f32 = 1.0;
/// The wished speed (units/s) tried first when the full wish is not safe: slow enough to
/// turn within a few units.
const EDGE_SPEED: f32 = 100.0;

/// What playing a wish forward found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Footing {
    /// The player can stop on the floor afterwards (or lands where it agreed to).
    Kept,
    /// It would fall (or slide) lower than allowed.
    Lost,
    /// A wall stops it: the frame ends against one with hardly any speed the way it wished.
    Blocked,
}

/// The input that stops a player on the ground fastest: against its horizontal velocity, at
/// the wished speed whose acceleration takes away exactly what friction leaves of it.
pub(super) fn brake(physics: &Physics<'_>, state: &PlayerState) -> MoveInput {
    let settings = physics.settings();
    let velocity = flat(state.velocity);
    let speed = velocity.length();
    if speed < STOPPED {
        return MoveInput::idle();
    }
    let drop = speed.max(settings.stop_speed) * settings.friction * settings.frame_time;
    let kept = (speed - drop).max(0.0);
    MoveInput {
        direction: -velocity / speed,
        speed: (kept / (settings.walk_accelerate * settings.frame_time))
            .min(settings.max_walk_velocity),
        jump: false,
        crouch: state.crouched,
    }
}

/// Whether, after one frame of `steer`, the player could still brake to a stop on the floor:
/// braking (and falling, when it falls) it never sinks more than [`DROP_ALLOWANCE`] below
/// `floor` (or below itself, when lower) and comes to stand or swim; or it lands lower down
/// where `accept_landing` (given the landing origin) agrees to be. A player the physics
/// finds no floor under (standing on a mover, which the navigator's physics does not carry)
/// is not judged: [`Footing::Kept`]. A wish the frame ends against a wall with less than a
/// quarter of its speed along it is [`Footing::Blocked`].
pub(super) fn keeps_footing(
    ctx: &Ctx<'_, '_>,
    (steer, floor): (&Steer, f32),
    patch: &mut Option<OpenPatch>,
    accept_landing: &mut dyn FnMut(Vec3) -> bool,
) -> Footing {
    let (me, physics) = (ctx.me, ctx.physics);
    let lowest = floor.min(me.origin.z) - DROP_ALLOWANCE;
    let input = MoveInput {
        direction: steer.direction,
        speed: steer.speed,
        jump: steer.jump,
        crouch: steer.crouch,
    };
    let state = ctx.player_state();
    // A player standing on a floor rests this far above its plane: tried first, the boxes of
    // the shortcut check it, and no probe is needed.
    let resting_floor = me.origin.z - TRACE_EPSILON;
    if stops_on_open_floor(
        physics,
        (&state, &input),
        resting_floor,
        (STOP_FRAMES, patch),
    ) {
        return Footing::Kept;
    }
    let presence = if me.crouched {
        PresenceType::CROUCH
    } else {
        PresenceType::NORMAL
    };
    let world = physics.world();
    let probe = world.trace(me.origin, me.origin - Vec3::Z * GROUND_PROBE, presence);
    if probe.start_solid || probe.fraction >= 1.0 {
        return Footing::Kept;
    }
    let flat_floor = probe
        .plane
        .and_then(|plane| world.planes.get(plane.index()))
        .and_then(|plane| flat_floor_height(probe.normal, plane.normal, plane.dist));
    if let Some(floor_height) = flat_floor
        && floor_height != resting_floor
        && stops_on_open_floor(
            physics,
            (&state, &input),
            floor_height,
            (STOP_FRAMES, patch),
        )
    {
        return Footing::Kept;
    }
    let (mut state, events) = physics.step(&state, &input);
    let wished = steer.speed.min(physics.settings().max_walk_velocity);
    let along = flat(state.velocity).dot(flat(steer.direction));
    if events.hit_wall && wished > 0.0 && along < BLOCKED_SHARE * wished {
        return Footing::Blocked;
    }
    let mut sank = false;
    for frame in 0..STOP_FRAMES + FALL_FRAMES {
        sank |= state.origin.z < lowest;
        let standing = state.on_ground() || state.water_level >= 2;
        if standing && (sank || flat(state.velocity).length() < STOPPED) {
            return if !sank || accept_landing(state.origin) {
                Footing::Kept
            } else {
                Footing::Lost
            };
        }
        // Brake while on the ground; falling (down a step, or off an edge), follow the fall
        // to its landing.
        let input = if frame < STOP_FRAMES {
            brake(physics, &state)
        } else {
            MoveInput::idle()
        };
        state = physics.step(&state, &input).0;
    }
    Footing::Lost
}

/// The first of these that keeps the player's footing ([`keeps_footing`]): `steer`, then
/// `beyond` (the way on past the point steered for, when there is one: around an end the
/// player cannot stand at, or cannot get to for a wall), then each braked to [`EDGE_SPEED`];
/// when none does, `steer` as it is if a wall blocked it (pressing on is harmless), else
/// `steer` braked to a stop. The flag is set when a wall blocked `steer` and nothing else
/// would do.
pub(super) fn keep_footing(
    ctx: &Ctx<'_, '_>,
    (steer, beyond, floor): (Steer, Option<Steer>, f32),
    patch: &mut Option<OpenPatch>,
    accept_landing: &mut dyn FnMut(Vec3) -> bool,
) -> (Steer, bool) {
    let (me, settings) = (ctx.me, ctx.physics.settings());
    let wishes: Vec<Steer> = [Some(steer), beyond].into_iter().flatten().collect();
    let slower = wishes
        .iter()
        .map(|wish| wish.braked_to(me, EDGE_SPEED, settings));
    let candidates: Vec<Steer> = wishes.iter().copied().chain(slower).collect();
    let mut blocked = false;
    for (index, wish) in candidates.into_iter().enumerate() {
        let footing = keeps_footing(ctx, (&wish, floor), &mut *patch, &mut *accept_landing);
        match footing {
            Footing::Kept => return (wish, false),
            Footing::Blocked if index == 0 => blocked = true,
            Footing::Blocked | Footing::Lost => {}
        }
    }
    if blocked {
        (steer, true)
    } else {
        (steer.braked_to(me, 0.0, settings), false)
    }
}
