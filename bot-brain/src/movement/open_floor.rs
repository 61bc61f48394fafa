//! The footing check's shortcut: a player standing on a flat floor with room all round stops
//! on it whatever it wishes, so nothing needs playing forward.
//!
//! Where a player goes while braking follows from Quake III's ground movement on a flat floor
//! (friction, then acceleration, then the velocity rounded to whole units): along one line, the
//! wished frame's velocity, which braking then works against. When the box around that line,
//! from the floor to just above the origin, lies in open areas
//! (no solid, no liquid, no ladder) and the slab just under the floor is solid all through,
//! the player's moves meet nothing and it stands all the time on that floor: the full check's
//! answer is known. The stretch of floor found open ([`OpenPatch`]) stays open (the world does
//! not change), so the navigator keeps it: the next frames' lines inside it need no look at
//! the tree. Slopes, ladders, liquids, movers, crouching and jumping are left to the full
//! check.

use aas_geom::physics::{MoveInput, Physics, PlayerState};
use aas_geom::world::{AasWorld, AreaContents, AreaFlags, NodeChild, PresenceType};
use glam::Vec3;

use super::locate::flat;

/// The least upward normal component of a floor counted as flat.
const FLAT_FLOOR: f32 = 0.9999;
/// How far (units) above its floor a standing origin may be (the physics looks 0.25 down).
const STANDING_HEIGHT: f32 = 0.25;
/// How much farther (units) along its line a player's stretch of floor is checked first: three
/// frames at full speed, so that the next frames' lines lie inside it.
const LOOK_AHEAD: f32 = 48.0;
/// Room (units) kept horizontally around the line the player moves along.
const SIDE_MARGIN: f32 = 2.0;
/// How far (units) the open box reaches above the origin (the physics looks for liquid 1 unit
/// above it) and the solid slab below the floor.
const SLAB: f32 = 1.5;
/// How far (units) the boxes keep from the floor's plane.
const PLANE_GAP: f32 = 0.01;
/// The most a velocity's rounding to whole units per second adds to its length.
const ROUNDING: f32 = 0.71;
/// A horizontal speed (units/s) below which the player has stopped (as the full check says).
const STOPPED: f32 = 1.0;

/// Whether a player in `state`, standing on the flat floor at height `floor` (the plane the
/// full check's ground probe hit, or the one it rests on), that makes one frame of `input` and
/// then brakes as hard as it can (at most `brake_frames` frames) surely comes to a stop on that
/// floor without meeting anything: the full check would find it keeps its footing. `patch` is
/// the stretch of open floor found before (used when it holds the line; replaced by the one
/// found now).
pub(super) fn stops_on_open_floor(
    physics: &Physics<'_>,
    (state, input): (&PlayerState, &MoveInput),
    floor: f32,
    (brake_frames, patch): (usize, &mut Option<OpenPatch>),
) -> bool {
    let origin = state.origin;
    let height = origin.z - floor;
    if input.jump
        || input.crouch
        || state.crouched
        || !state.on_ground()
        || state.water_level > 0
        || state.velocity.z > 0.0
        || !(0.0..=STANDING_HEIGHT).contains(&height)
        || !physics.movers().is_empty()
        || !physics.triggers().is_empty()
    {
        return false;
    }
    let Some((direction, reach)) = braking_path(physics, state.velocity, input, brake_frames)
    else {
        return false;
    };
    // The player moves along one line: braking works against the velocity of the wished frame.
    let needed = OpenPatch::along(origin, direction * reach, floor);
    if patch.is_some_and(|known| known.holds(&needed)) {
        return true;
    }
    // Farther along the same line first: the next frames' lines then lie inside it.
    let ahead = OpenPatch::along(origin, direction * (reach + LOOK_AHEAD), floor);
    for candidate in [ahead, needed] {
        if candidate.is_open(physics.world()) {
            *patch = Some(candidate);
            return true;
        }
        if direction == Vec3::ZERO {
            break;
        }
    }
    false
}

/// A stretch of flat floor found open: the box `low..high` (horizontally), from just above
/// the floor at height `floor` to `top`, holds only open areas (no solid, liquid or ladder),
/// and the slab just under the floor across it is solid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct OpenPatch {
    low: Vec3,
    high: Vec3,
    floor: f32,
    top: f32,
}

impl OpenPatch {
    /// The stretch a player at `origin` on the floor at height `floor` covers moving by
    /// `offset`, with [`SIDE_MARGIN`] around it.
    fn along(origin: Vec3, offset: Vec3, floor: f32) -> Self {
        let stop = origin + offset;
        let margin = Vec3::new(SIDE_MARGIN, SIDE_MARGIN, 0.0);
        Self {
            low: origin.min(stop) - margin,
            high: origin.max(stop) + margin,
            floor,
            top: origin.z + SLAB,
        }
    }

    /// Whether this (known open) stretch holds all of `other`.
    fn holds(&self, other: &Self) -> bool {
        self.floor == other.floor
            && self.top >= other.top
            && self.low.x <= other.low.x
            && self.low.y <= other.low.y
            && self.high.x >= other.high.x
            && self.high.y >= other.high.y
    }

    /// Whether the stretch is open above the floor and solid under it, in one walk down
    /// `world`'s tree.
    fn is_open(&self, world: &AasWorld) -> bool {
        let at = |corner: Vec3, z: f32| Vec3::new(corner.x, corner.y, z);
        let boxes = [
            (
                at(self.low, self.floor + PLANE_GAP),
                at(self.high, self.top),
            ),
            (
                at(self.low, self.floor - SLAB),
                at(self.high, self.floor - PLANE_GAP),
            ),
        ];
        world.bboxes_leaves_all(&boxes, |index, leaf| match (index, leaf) {
            (0, NodeChild::Area(area)) => world.areas.get(area.index()).is_some_and(|area| {
                area.presence.contains(PresenceType::NORMAL)
                    && !area.contents.intersects(AreaContents::LIQUIDS)
                    && !area.flags.intersects(AreaFlags::LADDER | AreaFlags::LIQUID)
            }),
            (0, _) => false,
            (_, leaf) => leaf == NodeChild::Solid,
        })
    }
}

/// The height of the floor the full check's ground probe hit, when it is flat: the plane
/// `normal · x = dist` with `normal` (facing the player) pointing straight up.
pub(super) fn flat_floor_height(normal: Vec3, plane_normal: Vec3, plane_dist: f32) -> Option<f32> {
    (normal.z >= FLAT_FLOOR).then(|| plane_dist / plane_normal.z)
}

/// Which way (a horizontal unit vector, or zero) and how far (units) a player on a flat floor
/// with `velocity` moves in one frame of `input` followed by the hardest braking, until its
/// speed is below [`STOPPED`]; `None` when `brake_frames` frames of braking do not stop it.
fn braking_path(
    physics: &Physics<'_>,
    velocity: Vec3,
    input: &MoveInput,
    brake_frames: usize,
) -> Option<(Vec3, f32)> {
    let settings = physics.settings();
    let frame_time = settings.frame_time;
    // The wished frame: friction (reckoned on the horizontal speed), then acceleration.
    let horizontal = flat(velocity).length();
    let mut moved = if horizontal < STOPPED {
        Vec3::Z * velocity.z
    } else {
        velocity * (after_friction(physics, horizontal) / horizontal)
    };
    let wish = flat(input.direction).normalize_or_zero();
    if wish != Vec3::ZERO {
        let wished = input.speed.clamp(0.0, settings.max_walk_velocity);
        let add = wished - moved.dot(wish);
        if add > 0.0 {
            moved += wish * (settings.walk_accelerate * frame_time * wished).min(add);
        }
    }
    // On the ground the whole speed (a landing's fall too) turns along the floor.
    let direction = flat(moved).normalize_or_zero();
    let mut speed = moved.length();
    let mut reach = speed * frame_time;
    for _ in 0..brake_frames {
        speed += ROUNDING;
        if speed < STOPPED {
            return Some((direction, reach));
        }
        // Braking takes away what friction leaves, up to a full frame of acceleration.
        speed = (after_friction(physics, speed)
            - settings.walk_accelerate * frame_time * settings.max_walk_velocity)
            .max(0.0);
        reach += speed * frame_time;
    }
    (speed + ROUNDING < STOPPED).then_some((direction, reach))
}

/// A horizontal speed after a frame of ground friction.
fn after_friction(physics: &Physics<'_>, speed: f32) -> f32 {
    let settings = physics.settings();
    if speed < STOPPED {
        return 0.0;
    }
    let drop = speed.max(settings.stop_speed) * settings.friction * settings.frame_time;
    (speed - drop).max(0.0)
}

#[cfg(test)]
mod tests {
    use aas_geom::physics::{Ground, PhysicsSettings};
    use aas_geom::sample::TRACE_EPSILON;
    use aas_geom::world::AasWorld;
    use bot_interface::GameRng;

    use super::super::footing::brake;
    use super::super::locate::standing_spot;
    use super::*;

    /// Frames of braking the test allows (as the footing check's).
    const BRAKE_FRAMES: usize = 6;

    /// A player standing at `origin` with `velocity`, as the footing check builds it.
    fn standing(origin: Vec3, velocity: Vec3) -> PlayerState {
        let mut state = PlayerState::standing_at(origin);
        state.velocity = velocity;
        state.ground = Some(Ground {
            normal: Vec3::Z,
            walkable: true,
            mover: None,
        });
        state
    }

    /// Plays the frame of `input` and the braking after it, as the footing check does, and
    /// says whether the player met nothing, stayed on its floor (a landing's fall turned along
    /// the floor may lift it a fraction of a unit) and stopped.
    fn stops_in_the_open(physics: &Physics<'_>, state: &PlayerState, input: &MoveInput) -> bool {
        let (mut state, events) = physics.step(state, input);
        if events.hit_wall {
            return false;
        }
        let height = state.origin.z;
        for _ in 0..=BRAKE_FRAMES {
            if !state.on_ground() || (state.origin.z - height).abs() > STANDING_HEIGHT {
                return false;
            }
            if flat(state.velocity).length() < STOPPED {
                return true;
            }
            let (next, events) = physics.step(&state, &brake(physics, &state));
            if events.hit_wall {
                return false;
            }
            state = next;
        }
        false
    }

    /// On all 18 shared maps, players standing at item-like spots all over it with random
    /// velocities and wishes: wherever the shortcut answers, playing the frames forward agrees.
    #[test]
    fn the_shortcut_agrees_with_playing_the_frames_forward_on_real_maps() {
        let (Some(shared), Some(pack)) = (real_data::maps(), real_data::pack_maps()) else {
            return;
        };
        let maps = (real_data::SHARED_MAPS.iter().map(|map| shared.join(map)))
            .chain(real_data::PACK_MAPS.iter().map(|map| pack.join(map)));
        let (mut answered, mut remembered) = (0, 0);
        for map in maps {
            let world = AasWorld::load(map.with_extension("aas")).unwrap();
            let map = map.display();
            let physics = Physics::new(&world, PhysicsSettings::default());
            let mut rng = GameRng::new(0x0f100);
            let areas = world.areas.len();
            for _ in 0..4000 {
                let area = &world.areas[rng.below(areas)];
                let jitter = Vec3::new(rng.crandom(), rng.crandom(), 0.0) * 48.0;
                let Some((origin, _)) = standing_spot(&world, area.center + jitter) else {
                    continue;
                };
                let velocity = Vec3::new(
                    rng.crandom() * 450.0,
                    rng.crandom() * 450.0,
                    -rng.random() * 60.0,
                );
                let input = MoveInput {
                    direction: Vec3::new(rng.crandom(), rng.crandom(), 0.0).normalize_or_zero(),
                    speed: rng.random() * 400.0,
                    jump: false,
                    crouch: false,
                };
                let state = standing(origin, velocity);
                let probe = world.trace(origin, origin - Vec3::Z * 2.0, PresenceType::NORMAL);
                let probed = probe
                    .plane
                    .map(|plane| world.planes[plane.index()])
                    .and_then(|plane| flat_floor_height(probe.normal, plane.normal, plane.dist));
                // Later wishes from the same spot: slower (the line found open holds theirs),
                // and any other.
                let slower = MoveInput {
                    speed: input.speed * 0.5,
                    ..input
                };
                let other = MoveInput {
                    direction: Vec3::new(rng.crandom(), rng.crandom(), 0.0).normalize_or_zero(),
                    ..input
                };
                // The floor a standing player rests on, then the floor probed.
                for floor in [Some(origin.z - TRACE_EPSILON), probed]
                    .into_iter()
                    .flatten()
                {
                    let mut patch = None;
                    for wish in [input, slower, other] {
                        let known = patch.is_some();
                        if !stops_on_open_floor(
                            &physics,
                            (&state, &wish),
                            floor,
                            (BRAKE_FRAMES, &mut patch),
                        ) {
                            continue;
                        }
                        answered += 1;
                        remembered += usize::from(known);
                        assert!(
                            stops_in_the_open(&physics, &state, &wish),
                            "{map}: at {origin} with {velocity}, wishing {wish:?}, floor {floor}, patch {patch:?}"
                        );
                    }
                }
            }
        }
        // Most flat-floored spots on open ground answer: the test is not empty.
        assert!(answered > 40_000, "only {answered} cases answered");
        assert!(
            remembered > 10_000,
            "only {remembered} answered with a patch found before"
        );
    }
}
