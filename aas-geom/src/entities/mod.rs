//! Game entities that matter for movement: jump pads, teleporters, platforms, bobbing
//! platforms and item spots, extracted from a [`BrushWorld`] as plain data for physics and
//! reachability computation.
//!
//! Everything here describes, in our own words, how the Quake III game code treats these
//! entities at run time; no game code is reproduced. [`extract_entities`] reads the whole
//! world once and returns a [`MapEntities`]; an entity it cannot use is skipped with an
//! [`EntityDiagnostic`] naming the entity and the reason.
//!
//! # Common rules
//!
//! - **Class names** are compared ignoring ASCII case (as the compiler's brush selection in
//!   [`crate::compile::select`] does).
//! - **Bounds** of a brush entity are the union of the bounds of its model's brushes
//!   (including thin patch brushes), computed with
//!   [`BrushGeometry`](crate::brush::BrushGeometry); origin brushes are left out. The model is
//!   the one the entity names with `"model" "*N"` (`.bsp`), else the one the `.map` reader
//!   gave it. In a `.bsp` a brush model is stored relative to its entity's `origin` (the map
//!   compiler moves it there), so the entity's `origin`, when it has one, is added; `.map`
//!   brushes are already in world coordinates and are used as written.
//! - **Shapes**: trigger volumes (jump pads, teleporters, `trigger_hurt`, `trigger_multiple`)
//!   also keep their brushes as [`ConvexVolume`](crate::physics::ConvexVolume)s, moved like
//!   the bounds. The game touches a trigger against its brushes: a round pad, a slanted slab
//!   (oacmpdm7's pads fill a tenth of their boxes) or a rotated teleporter (blitzkrieg2) is much
//!   smaller than its box. [`MapEntities::triggers`] gives the physics the brushes;
//!   [`HurtVolume::touches_box`] and [`RelayVolume::touches_box`] test them.
//! - **Touching** ([`JumpPad::touches_box`], [`Teleporter::touches_box`]) tests a player box
//!   against the bounds alone, touching faces included: the reachability computation uses
//!   this, as the reference compiler computes jump pads and teleporters from the bounds.
//! - **Targets**: an entity's `target` names every entity whose `targetname` equals it,
//!   ignoring ASCII case as the game's entity search does. The game picks one of several
//!   matches at random; here the first in entity order is used and an
//!   [`EntityProblem::SeveralTargets`] note is added. The target's class is not checked
//!   (`target_position`, `info_notnull`, `misc_teleporter_dest`, `target_push`,
//!   `target_teleporter` … all work: only the origin and facing are read). A target without a
//!   well-formed `origin` is unusable.
//! - **Numbers** (`speed`, `height`, `spawnflags` …) that do not parse fall back to the default
//!   with an [`EntityProblem::BadNumber`] note; values that would make the game divide by zero
//!   or move backwards skip the entity.
//! - **Gravity** is a parameter. The game's default is [`DEFAULT_GRAVITY`] (800 units/s²); a
//!   map may change it with a `gravity` key on `worldspawn`, which [`world_gravity`] reads.
//!
//! # Jump pads (`trigger_push`) — [`JumpPad`]
//!
//! A player touching the trigger has their velocity *replaced* by one fixed launch velocity,
//! computed once from the trigger's centre `c = (mins + maxs) / 2` and the target's origin so
//! that a ballistic flight from `c` peaks exactly at the target:
//!
//! - `h = target.z − c.z`, the climb to the apex;
//! - `t = sqrt(h / (g / 2))`, the time to climb it under gravity `g`;
//! - horizontal velocity `(target − c)` with `z` zeroed, divided by `t`;
//! - vertical velocity `t · g`.
//!
//! A pad whose target is not above its centre (`h ≤ 0`), whose `t` is not finite and positive,
//! whose target is missing or that has no brushes does nothing in the game and is skipped.
//! Quake 1/2 leftovers such as `speed` and `angle` on the trigger are ignored, as the game
//! ignores them. See [`jump_pad_velocity`].
//!
//! # Teleporters — [`Teleporter`]
//!
//! A trigger teleports in one of two ways ([`TeleporterKind`]):
//!
//! - a `trigger_teleport`: its target (any entity with that `targetname`, whatever its class:
//!   `misc_teleporter_dest`, `target_teleporter`, `target_position` …) is the destination;
//! - a `trigger_multiple` whose target is a `target_teleporter`: touching the trigger uses the
//!   `target_teleporter`, which teleports the toucher to *its own* target. The game fires every
//!   entity the trigger's target names; when several `target_teleporter`s share the name, the
//!   last (in entity order) moves the player last, so it is used, with a note. A
//!   `trigger_multiple` that names no `target_teleporter` is no teleporter (and no note);
//!   one whose `target_teleporter` has no target, or a target that does not exist, is skipped
//!   with [`EntityProblem::TeleporterWithoutTarget`] or [`EntityProblem::TargetNotFound`].
//!   The `trigger_multiple`'s `wait` (re-arm time) and team-only spawnflags are not modelled.
//!
//! Several triggers may lead to one destination; each is a teleporter of its own. Where the
//! teleported player comes down (a destination may float above the floor, lie over a liquid
//! or inside another trigger) is the reachability computation's business (`reach`).
//!
//! A player touching the trigger is moved to the target's origin, facing the target's
//! direction, with a speed of [`TELEPORT_EXIT_SPEED`] (400 units/s) along that direction:
//! `(cos yaw, sin yaw, 0) · 400` for the usual level facing. The facing comes from the
//! target's `angles` (pitch yaw roll) or `angle` (yaw only); when both are present the later
//! key in the entity wins, as each overwrites the same angles. A non-zero pitch tilts the exit
//! velocity (positive pitch looks down), as the game does. The game
//! also lifts the player [`TELEPORT_LIFT`] (1 unit) above the destination on arrival: the
//! physics applies that, [`Teleporter::destination`] is the target's origin unchanged. A
//! trigger with spawnflag 1 teleports spectators only; it is skipped
//! ([`EntityProblem::SpectatorOnly`]).
//!
//! # Platforms (`func_plat`) — [`Plat`]
//!
//! A lift that rests at its bottom position and rises to its top when stood on. It is built
//! (in the editor) at its *top* position; the bottom is `height` lower, where `height` is the
//! `height` key if given, else the model's height minus `lip`. Defaults: `speed` 200 units/s,
//! `lip` 8 units, `wait` 1 second at the top before returning.
//!
//! # Bobbing platforms (`func_bobbing`) — [`Bobbing`]
//!
//! A platform that swings along one axis forever: spawnflag 1 selects X, spawnflag 2 Y (when
//! 1 is absent), otherwise Z. Its offset from the position it was built at is
//! `axis · height · sin(2π (time / period − phase))`, with `height` (default 32), the period
//! from `speed` in seconds (default 4) and `phase` as a fraction of the period (default 0).
//! The game starts the sine at time `phase · period` of its own clock, hence the minus sign.
//!
//! # Items — [`ItemSpot`]
//!
//! Every entity whose class starts with `item_`, `weapon_`, `ammo_` or `holdable_`, and the
//! red and blue CTF flags (`team_CTF_redflag`, `team_CTF_blueflag`), with its origin as
//! written. (The game drops an item to the floor when it spawns unless spawnflag 1,
//! "suspended", is set; that is left to the caller.) Spawn points, `team_CTF_*spawn`/`*player`
//! entities and Team Arena's `team_CTF_neutralflag` are not items here.
//!
//! # Test maps
//!
//! `tests/maps/` holds one small hand-made map per movement feature (`jumppad_room`,
//! `teleporter_room`, `teleporter_targets`, `elevator_room`, `bobbing_room`, `waterjump_room`,
//! `deep_pool`, `rocketjump_room`, `barrier_room` …); each starts with a comment giving the
//! coordinates of what it tests. The `entities` integration test checks the entities of the
//! first ones, with the nine shared real maps; the `reach` integration test runs the physics
//! through the reachabilities of all of them.

mod diagnostic;
mod doors;
mod items;
mod jump_pad;
mod keys;
mod model;
mod movers;
mod physics_bridge;
mod targets;
mod teleporter;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::brush::BrushWorld;

pub use diagnostic::{EntityDiagnostic, EntityProblem};
pub use doors::{
    BUTTON_DEFAULT_LIP, BUTTON_DEFAULT_SPEED, BUTTON_DEFAULT_WAIT, DOOR_DEFAULT_LIP,
    DOOR_DEFAULT_SPEED, DOOR_DEFAULT_WAIT, HURT_DEFAULT_DAMAGE, HurtVolume, RelayVolume,
    SlidingMover, TargetPush, team_touch_field,
};
pub use items::{ItemSpot, is_item_class};
pub use jump_pad::{JumpPad, jump_pad_velocity};
pub use movers::{
    BOBBING_DEFAULT_HEIGHT, BOBBING_DEFAULT_PERIOD, Bobbing, PLAT_DEFAULT_LIP, PLAT_DEFAULT_SPEED,
    PLAT_DEFAULT_WAIT, Plat,
};
pub(crate) use teleporter::is_target_teleporter;
pub use teleporter::{TELEPORT_EXIT_SPEED, TELEPORT_LIFT, Teleporter, TeleporterKind};

/// The game's default gravity, in units per second squared.
pub const DEFAULT_GRAVITY: f32 = 800.0;

/// Everything movement needs from a map's entities, in entity order within each list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MapEntities {
    /// `trigger_push` volumes with their launch velocity.
    pub jump_pads: Vec<JumpPad>,
    /// Teleporting trigger volumes (`trigger_teleport`, and `trigger_multiple` using a
    /// `target_teleporter`) with their destination.
    pub teleporters: Vec<Teleporter>,
    /// `func_plat` lifts.
    pub plats: Vec<Plat>,
    /// `func_bobbing` platforms.
    pub bobbers: Vec<Bobbing>,
    /// Items, weapons, ammunition, holdables and CTF flags.
    pub items: Vec<ItemSpot>,
    /// Entities skipped, and notes on entities kept.
    pub diagnostics: Vec<EntityDiagnostic>,
}

/// Extracts jump pads, teleporters, platforms, bobbing platforms and item spots from `world`,
/// with jump-pad velocities computed for `gravity` (units/s²; see [`world_gravity`]). The
/// rules are in the [module documentation](self).
///
/// # Complexity
/// `O(brushes of non-world models × sides²)` for the bounds, plus `O(entities)`.
#[must_use]
pub fn extract_entities(world: &BrushWorld, gravity: f32) -> MapEntities {
    let models = model::ModelBounds::new(world);
    let targets = targets::TargetIndex::new(world);
    let mut out = MapEntities::default();
    for (index, entity) in world.entities.iter().enumerate() {
        let class = entity.classname();
        let mut notes = diagnostic::Notes::new(index, class);
        let placed = || models.placed(world, index);
        match class.to_ascii_lowercase().as_str() {
            "trigger_push" => out.jump_pads.extend(jump_pad::extract(
                entity,
                placed(),
                &targets,
                gravity,
                &mut notes,
            )),
            "trigger_teleport" => {
                out.teleporters
                    .extend(teleporter::extract(entity, placed(), &targets, &mut notes));
            }
            "trigger_multiple" => {
                out.teleporters.extend(teleporter::extract_used(
                    entity,
                    placed(),
                    &targets,
                    &mut notes,
                ));
            }
            "func_plat" => out
                .plats
                .extend(movers::extract_plat(entity, placed(), &mut notes)),
            "func_bobbing" => {
                out.bobbers
                    .extend(movers::extract_bobbing(entity, placed(), &mut notes));
            }
            _ if is_item_class(class) => out.items.extend(items::extract(entity, &mut notes)),
            _ => {}
        }
        out.diagnostics.extend(notes.finish());
    }
    out
}

/// What a match needs beyond movement: doors, buttons and damaging volumes, in entity order,
/// with the notes on them (kept apart from [`MapEntities`] so that the compiler's entity
/// report stays about what navigation uses).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DoorEntities {
    /// `func_door` doors.
    pub doors: Vec<SlidingMover>,
    /// `func_button` buttons.
    pub buttons: Vec<SlidingMover>,
    /// `trigger_hurt` volumes.
    pub hurts: Vec<HurtVolume>,
    /// `trigger_multiple` volumes that use targets other than teleporters.
    pub relays: Vec<RelayVolume>,
    /// `target_push` entities.
    #[serde(default)]
    pub pushes: Vec<TargetPush>,
    /// Entities skipped, and notes on entities kept.
    pub diagnostics: Vec<EntityDiagnostic>,
}

/// Extracts the doors, buttons, `trigger_hurt` volumes, `trigger_multiple` relays and
/// `target_push` entities of `world` (see [`SlidingMover`] and [`TargetPush`] for what is
/// read, with the game's defaults).
///
/// # Complexity
/// As [`extract_entities`].
#[must_use]
pub fn extract_doors(world: &BrushWorld) -> DoorEntities {
    let gravity = world_gravity(world);
    let models = model::ModelBounds::new(world);
    let targets = targets::TargetIndex::new(world);
    let mut out = DoorEntities::default();
    for (index, entity) in world.entities.iter().enumerate() {
        let class = entity.classname();
        let mut notes = diagnostic::Notes::new(index, class);
        let placed = || models.placed(world, index);
        match class.to_ascii_lowercase().as_str() {
            "func_door" => out
                .doors
                .extend(doors::extract_door(entity, placed(), &mut notes)),
            "func_button" => {
                out.buttons
                    .extend(doors::extract_button(entity, placed(), &mut notes));
            }
            "trigger_hurt" => out
                .hurts
                .extend(doors::extract_hurt(entity, placed(), &mut notes)),
            "target_push" => out.pushes.extend(doors::extract_target_push(
                entity, &targets, gravity, &mut notes,
            )),
            "trigger_multiple" => {
                // Teleporting ones are movement's (`extract_entities`).
                let teleports = entity.get("target").is_some_and(|target| {
                    targets
                        .named(target)
                        .iter()
                        .any(|&index| is_target_teleporter(targets.entity(index)))
                });
                if !teleports {
                    out.relays
                        .extend(doors::extract_relay(entity, placed(), &mut notes));
                }
            }
            _ => {}
        }
        out.diagnostics.extend(notes.finish());
    }
    out
}

/// The gravity the game would use on `world`: the `gravity` key of `worldspawn` when it is a
/// finite positive number, else [`DEFAULT_GRAVITY`].
#[must_use]
pub fn world_gravity(world: &BrushWorld) -> f32 {
    world
        .entities
        .iter()
        .find(|entity| entity.classname().eq_ignore_ascii_case("worldspawn"))
        .and_then(|entity| entity.get("gravity"))
        .and_then(|value| value.trim().parse::<f32>().ok())
        .filter(|gravity| gravity.is_finite() && *gravity > 0.0)
        .unwrap_or(DEFAULT_GRAVITY)
}

/// Whether the box `origin + mins ..= origin + maxs` overlaps the box `lo ..= hi`; boxes that
/// only touch count as overlapping.
fn box_touches(
    origin: glam::Vec3,
    mins: glam::Vec3,
    maxs: glam::Vec3,
    lo: glam::Vec3,
    hi: glam::Vec3,
) -> bool {
    let (a, b) = (origin + mins, origin + maxs);
    a.cmple(hi).all() && b.cmpge(lo).all()
}
