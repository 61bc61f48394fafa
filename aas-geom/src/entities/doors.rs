//! Doors (`func_door`), buttons (`func_button`) and damaging volumes (`trigger_hurt`): the
//! entities a match needs beyond movement's jump pads, teleporters and lifts.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::diagnostic::{EntityProblem, Notes};
use super::keys;
use super::model::Placed;
use crate::brush::Entity;
use crate::physics::{ConvexVolume, volume_touches_box};

/// `func_door` defaults of the game code (the editor's comments claim others; the code wins).
pub const DOOR_DEFAULT_SPEED: f32 = 400.0;
/// Seconds a door waits open before closing.
pub const DOOR_DEFAULT_WAIT: f32 = 2.0;
/// Units of a door left showing when open.
pub const DOOR_DEFAULT_LIP: f32 = 8.0;
/// `func_button` defaults.
pub const BUTTON_DEFAULT_SPEED: f32 = 40.0;
/// Seconds a button stays pressed.
pub const BUTTON_DEFAULT_WAIT: f32 = 1.0;
/// Units of a button left showing when pressed.
pub const BUTTON_DEFAULT_LIP: f32 = 4.0;
/// Damage of a `trigger_hurt` without a `dmg` key.
pub const HURT_DEFAULT_DAMAGE: i32 = 5;

/// A sliding door or a button: a brush model that moves `distance` units along `direction`
/// at `speed` when used, waits `wait` seconds there and comes back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlidingMover {
    /// Index of the entity.
    pub entity: usize,
    /// The brush model.
    pub model: u32,
    /// Lower corner of the model, closed.
    pub mins: Vec3,
    /// Upper corner of the model, closed.
    pub maxs: Vec3,
    /// Unit direction of opening: the `angle` key as a yaw, `-1` up, `-2` down (as the game
    /// reads it).
    pub direction: Vec3,
    /// How far it moves: the model's extent along `direction` minus `lip`.
    pub distance: f32,
    /// Units per second.
    pub speed: f32,
    /// Seconds it stays open (negative: stays open for good).
    pub wait: f32,
    /// Shot open (or pressed) by damage instead of touch when `health > 0`.
    pub health: i32,
    /// Damage dealt per blocked frame.
    pub damage: i32,
    /// Its `targetname`: a named door opens only when something uses it.
    pub targetname: Option<String>,
    /// Its `target`: what a button uses when pressed.
    pub target: Option<String>,
    /// Spawnflag 1 (doors): built open, closes when used.
    pub start_open: bool,
    /// Spawnflag 4 (doors): keeps crushing instead of reversing.
    pub crusher: bool,
    /// Its `team` key: the doors of one team move together, and the first of them in the
    /// entity list (the team's master) decides how they open (see
    /// [`team_touch_field`]).
    #[serde(default)]
    pub team: Option<String>,
}

impl SlidingMover {
    /// The model's bounds at `offset` along its direction (0 closed, `distance` open).
    #[must_use]
    pub fn bounds_at(&self, offset: f32) -> (Vec3, Vec3) {
        let shift = self.direction * offset;
        (self.mins + shift, self.maxs + shift)
    }

    /// Seconds to move all the way.
    #[must_use]
    pub fn travel_time(&self) -> f32 {
        self.distance / self.speed
    }

    /// The volume whose touch opens a door that opens on touch (no `targetname`, no `health`):
    /// the door's bounds grown by 120 units on both sides along their thinnest horizontal
    /// axis, as the game spawns it.
    #[must_use]
    pub fn touch_field(&self) -> (Vec3, Vec3) {
        grown_touch_field(self.mins, self.maxs)
    }
}

/// The touch field of a door team (`members`, the master first; a door alone is a team of
/// one): the union of the members' closed bounds grown by 120 units on both sides along its
/// thinnest horizontal axis, as the game spawns one trigger for the whole team. `None` for
/// no members.
#[must_use]
pub fn team_touch_field<'a>(
    members: impl IntoIterator<Item = &'a SlidingMover>,
) -> Option<(Vec3, Vec3)> {
    let (mins, maxs) = members.into_iter().fold(None, |bounds, door| {
        let (lo, hi) = bounds.unwrap_or((door.mins, door.maxs));
        Some((lo.min(door.mins), hi.max(door.maxs)))
    })?;
    Some(grown_touch_field(mins, maxs))
}

/// `mins..maxs` grown by 120 units on both sides along its thinnest horizontal axis.
fn grown_touch_field(mins: Vec3, maxs: Vec3) -> (Vec3, Vec3) {
    let size = maxs - mins;
    let grow = if size.x <= size.y {
        Vec3::new(120.0, 0.0, 0.0)
    } else {
        Vec3::new(0.0, 120.0, 0.0)
    };
    (mins - grow, maxs + grow)
}

/// A `trigger_hurt` volume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HurtVolume {
    /// Index of the entity.
    pub entity: usize,
    /// Lower corner.
    pub mins: Vec3,
    /// Upper corner.
    pub maxs: Vec3,
    /// The volume's brushes (a player touches the volume when touching one of them).
    pub shape: Vec<ConvexVolume>,
    /// Damage per hit (`dmg`, default 5).
    pub damage: i32,
    /// Spawnflag 16 (SLOW): one hit per second instead of one per 100 ms.
    pub slow: bool,
    /// Spawnflag 1: starts off until used.
    pub start_off: bool,
    /// Spawnflag 8: ignores protection (battle suit, god mode).
    pub no_protection: bool,
    /// Its `targetname` (using it toggles it).
    pub targetname: Option<String>,
}

/// A `trigger_multiple` volume that uses its targets when a player touches it (one whose
/// targets teleport is a [`Teleporter`](super::Teleporter) instead).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RelayVolume {
    /// Index of the entity.
    pub entity: usize,
    /// Lower corner.
    pub mins: Vec3,
    /// Upper corner.
    pub maxs: Vec3,
    /// The volume's brushes (a player touches the volume when touching one of them).
    pub shape: Vec<ConvexVolume>,
    /// What it uses.
    pub target: String,
    /// Seconds before it fires again (`wait`, default 0.5; 0 or less fires once).
    pub wait: f32,
    /// Spawnflag 1: only red players fire it.
    pub red_only: bool,
    /// Spawnflag 2: only blue players fire it.
    pub blue_only: bool,
}

/// The relay of `trigger_multiple` entity `entity`, or `None` (without a note when it has no
/// target: it then does nothing in the game either).
pub(super) fn extract_relay(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    notes: &mut Notes<'_>,
) -> Option<RelayVolume> {
    let target = key_text(entity, "target")?;
    let Placed {
        mins, maxs, shape, ..
    } = notes.require(placed)?;
    let flags = keys::spawnflags(entity, notes);
    Some(RelayVolume {
        entity: notes.entity(),
        mins,
        maxs,
        shape,
        target,
        wait: keys::number(entity, "wait", 0.5, notes),
        red_only: flags & 1 != 0,
        blue_only: flags & 2 != 0,
    })
}

impl HurtVolume {
    /// Whether the box `lo ..= hi` touches one of the volume's brushes (faces included).
    #[must_use]
    pub fn touches_box(&self, lo: Vec3, hi: Vec3) -> bool {
        volume_touches_box(self.mins, self.maxs, &self.shape, lo, hi)
    }
}

impl RelayVolume {
    /// Whether the box `lo ..= hi` touches one of the volume's brushes (faces included).
    #[must_use]
    pub fn touches_box(&self, lo: Vec3, hi: Vec3) -> bool {
        volume_touches_box(self.mins, self.maxs, &self.shape, lo, hi)
    }
}

fn key_text(entity: &Entity, key: &str) -> Option<String> {
    entity
        .get(key)
        .map(str::trim)
        .filter(|value| !value.is_empty())
        .map(str::to_owned)
}

/// The game's move direction for an `angle` (yaw in degrees; −1 up, −2 down).
fn move_direction(entity: &Entity) -> Vec3 {
    let yaw = keys::facing(entity).y;
    if yaw == -1.0 {
        Vec3::Z
    } else if yaw == -2.0 {
        Vec3::NEG_Z
    } else {
        let radians = yaw.to_radians();
        let direction = Vec3::new(radians.cos(), radians.sin(), 0.0);
        // Snap the round-off of axis-aligned angles (cos 90° is not exactly 0 in f32).
        direction.map(|c| if c.abs() < 1e-6 { 0.0 } else { c })
    }
}

/// The distance a model of extent `size` moves along `direction` leaving `lip` showing.
fn travel_distance(size: Vec3, direction: Vec3, lip: f32) -> f32 {
    (direction.abs().dot(size) - lip).max(0.0)
}

struct MoverDefaults {
    speed: f32,
    wait: f32,
    lip: f32,
}

fn extract_sliding(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    defaults: &MoverDefaults,
    notes: &mut Notes<'_>,
) -> Option<SlidingMover> {
    let Placed {
        model, mins, maxs, ..
    } = notes.require(placed)?;
    let speed = keys::number(entity, "speed", defaults.speed, notes);
    let speed = notes.require(keys::positive("speed", speed))?;
    let wait = keys::number(entity, "wait", defaults.wait, notes);
    let lip = keys::number(entity, "lip", defaults.lip, notes);
    let flags = keys::spawnflags(entity, notes);
    let direction = move_direction(entity);
    #[expect(
        clippy::cast_possible_truncation,
        reason = "health and damage keys are small integers"
    )]
    let whole = |value: f32| value as i32;
    Some(SlidingMover {
        entity: notes.entity(),
        model,
        mins,
        maxs,
        direction,
        distance: travel_distance(maxs - mins, direction, lip),
        speed,
        wait,
        health: whole(keys::number(entity, "health", 0.0, notes)),
        damage: whole(keys::number(entity, "dmg", 2.0, notes)),
        targetname: key_text(entity, "targetname"),
        target: key_text(entity, "target"),
        start_open: flags & 1 != 0,
        crusher: flags & 4 != 0,
        team: key_text(entity, "team"),
    })
}

/// The door of `func_door` entity `entity`, or `None` with the reason noted.
pub(super) fn extract_door(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    notes: &mut Notes<'_>,
) -> Option<SlidingMover> {
    let defaults = MoverDefaults {
        speed: DOOR_DEFAULT_SPEED,
        wait: DOOR_DEFAULT_WAIT,
        lip: DOOR_DEFAULT_LIP,
    };
    extract_sliding(entity, placed, &defaults, notes)
}

/// The button of `func_button` entity `entity`, or `None` with the reason noted.
pub(super) fn extract_button(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    notes: &mut Notes<'_>,
) -> Option<SlidingMover> {
    let defaults = MoverDefaults {
        speed: BUTTON_DEFAULT_SPEED,
        wait: BUTTON_DEFAULT_WAIT,
        lip: BUTTON_DEFAULT_LIP,
    };
    let button = extract_sliding(entity, placed, &defaults, notes)?;
    if button.target.is_none() {
        notes.note(EntityProblem::NoTarget);
    }
    Some(button)
}

/// The volume of `trigger_hurt` entity `entity`, or `None` with the reason noted.
pub(super) fn extract_hurt(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    notes: &mut Notes<'_>,
) -> Option<HurtVolume> {
    let Placed {
        mins, maxs, shape, ..
    } = notes.require(placed)?;
    let flags = keys::spawnflags(entity, notes);
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a damage key is a small integer"
    )]
    let damage = keys::number(entity, "dmg", 5.0, notes) as i32;
    Some(HurtVolume {
        entity: notes.entity(),
        mins,
        maxs,
        shape,
        damage,
        slow: flags & 16 != 0,
        start_off: flags & 1 != 0,
        no_protection: flags & 8 != 0,
        targetname: key_text(entity, "targetname"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_door_moves_its_width_less_the_lip() {
        let size = Vec3::new(8.0, 128.0, 96.0);
        assert_eq!(travel_distance(size, Vec3::Y, 8.0), 120.0);
        assert_eq!(travel_distance(size, Vec3::NEG_Z, 8.0), 88.0);
        assert_eq!(travel_distance(size, Vec3::X, 16.0), 0.0);
    }
}

/// A `target_push`: when used (by a `trigger_multiple`, a relay …) it replaces the velocity
/// of the player who set it off.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetPush {
    /// Index of the entity.
    pub entity: usize,
    /// Its `targetname`: what uses it.
    pub targetname: Option<String>,
    /// The velocity given: toward its `target` with the jump pad's apex formula from its own
    /// origin when it has one, else `speed` (default 1000) along the direction of its
    /// `angles` (`angle` −1 up, −2 down).
    pub velocity: Vec3,
}

/// The push of `target_push` entity `entity`, or `None` with the reason noted.
pub(super) fn extract_target_push(
    entity: &Entity,
    targets: &super::targets::TargetIndex<'_>,
    gravity: f32,
    notes: &mut Notes<'_>,
) -> Option<TargetPush> {
    let velocity = if entity.get("target").is_some() {
        let origin = entity
            .origin()
            .filter(|origin| origin.is_finite())
            .map(|origin| origin.as_vec3());
        let origin = notes.require(origin.ok_or(EntityProblem::NoOrigin))?;
        let target = targets.resolve(entity, notes);
        let target = notes.require(target)?.origin.as_vec3();
        notes.require(super::jump_pad::jump_pad_velocity(origin, target, gravity))?
    } else {
        let speed = keys::number(entity, "speed", 1000.0, notes);
        push_direction(entity) * speed
    };
    Some(TargetPush {
        entity: notes.entity(),
        targetname: key_text(entity, "targetname"),
        velocity,
    })
}

/// The game's direction for a pushing entity's `angles`: straight up or down for the special
/// yaws −1 and −2, else the facing's forward vector (pitch positive looks down).
fn push_direction(entity: &Entity) -> Vec3 {
    let facing = keys::facing(entity);
    if facing == Vec3::new(0.0, -1.0, 0.0) {
        return Vec3::Z;
    }
    if facing == Vec3::new(0.0, -2.0, 0.0) {
        return Vec3::NEG_Z;
    }
    let (pitch, yaw) = (facing.x.to_radians(), facing.y.to_radians());
    let direction = Vec3::new(
        pitch.cos() * yaw.cos(),
        pitch.cos() * yaw.sin(),
        -pitch.sin(),
    );
    // Snap the round-off of axis-aligned angles (cos 90° is not exactly 0 in f32).
    direction.map(|c| if c.abs() < 1e-6 { 0.0 } else { c })
}
