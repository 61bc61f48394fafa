//! Seed points for outside removal: the origins of entities a player can reach, each nudged out
//! of solid.
//!
//! **Which entities.** Only entities that stand where players go seed the flood: classnames
//! starting with one of [`SEED_CLASS_PREFIXES`] (spawn points, items, weapons, ammo, holdables,
//! CTF flags and spawns) or equal to one of [`SEED_CLASSES`] (teleporter destinations), and
//! every teleporter destination whatever its class: an entity whose `targetname` (compared
//! ignoring ASCII case) is the `target` of a `trigger_teleport` or of a `target_teleporter`
//! (maps send players to `target_teleporter`s, `target_position`s and `info_notnull`s too, and
//! a room reached only through such a teleporter would otherwise be flooded from nowhere and
//! removed). Lights,
//! `info_null` targets, `misc_model`s and other editor-only entities are often placed in the
//! void around a map (a `.map` keeps them, a `.bsp` drops most of them), and flooding from them
//! would keep the void as areas. A map with none of these entities falls back to every entity
//! with an origin.
//!
//! **Nudging.** Entity origins often sit on or just inside an expanded floor or wall (a spawn
//! point's origin rests on the floor plane expanded by the box, and points on a plane belong to
//! its solid back side). For each seed entity, in entity order, [`find_seeds`] tries the origin
//! itself, then for each step of [`NUDGE_UP`] the point moved up, then for each step of
//! [`NUDGE_SIDEWAYS`] the points moved along +X, −X, +Y, −Y, and keeps the first point that lies
//! in an open leaf of the tree. Sideways steps stay short so that an origin near an outer wall
//! is never pushed through it into the void.

use std::collections::BTreeSet;

use glam::DVec3;

use super::bsp_tree::BspTree;
use crate::brush::{BrushWorld, Entity};

/// Classname prefixes of the entities that seed the flood.
pub const SEED_CLASS_PREFIXES: [&str; 6] = [
    "info_player_",
    "team_ctf_",
    "item_",
    "weapon_",
    "ammo_",
    "holdable_",
];

/// Exact classnames of the entities that seed the flood.
pub const SEED_CLASSES: [&str; 1] = ["misc_teleporter_dest"];

/// Upward nudges tried, in order (units).
pub const NUDGE_UP: [f64; 9] = [1.0, 8.0, 16.0, 24.0, 32.0, 40.0, 48.0, 56.0, 64.0];

/// Sideways nudges tried after the upward ones, in order (units).
pub const NUDGE_SIDEWAYS: [f64; 3] = [1.0, 8.0, 16.0];

/// The seeds found by [`find_seeds`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Seeds {
    /// Seed points in open leaves, in entity order.
    pub points: Vec<DVec3>,
    /// Seed entities with an origin (the candidates).
    pub entities_with_origin: usize,
    /// Seed entities for which no nudged point is in an open leaf.
    pub unplaced: usize,
    /// Their indices in [`BrushWorld::entities`], in entity order.
    pub unplaced_entities: Vec<usize>,
}

/// Whether `entity` stands where players go (see the [module docs](self)).
#[must_use]
pub fn is_seed_entity(entity: &Entity) -> bool {
    let class = entity.classname().to_ascii_lowercase();
    SEED_CLASS_PREFIXES
        .iter()
        .any(|prefix| class.starts_with(prefix))
        || SEED_CLASSES.contains(&class.as_str())
}

/// The names (lower case) of the entities `world`'s teleporters send players to: the
/// `target` of every `trigger_teleport` and `target_teleporter`.
#[must_use]
pub fn teleport_destinations(world: &BrushWorld) -> BTreeSet<String> {
    world
        .entities
        .iter()
        .filter(|entity| {
            let class = entity.classname();
            class.eq_ignore_ascii_case("trigger_teleport")
                || class.eq_ignore_ascii_case("target_teleporter")
        })
        .filter_map(|entity| entity.get("target"))
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The candidate points for one origin, in the order tried.
fn candidates(origin: DVec3) -> impl Iterator<Item = DVec3> {
    let sideways = [DVec3::X, DVec3::NEG_X, DVec3::Y, DVec3::NEG_Y];
    std::iter::once(origin)
        .chain(NUDGE_UP.into_iter().map(move |d| origin + DVec3::Z * d))
        .chain(
            NUDGE_SIDEWAYS
                .into_iter()
                .flat_map(move |d| sideways.into_iter().map(move |dir| origin + dir * d)),
        )
}

/// Seeds from the origins of `world`'s seed entities (or of every entity when it has none), each
/// nudged into an open leaf of `tree` (see the [module docs](self)).
///
/// # Complexity
/// `O(entities · 22 · depth)`.
#[must_use]
pub fn find_seeds(world: &BrushWorld, tree: &BspTree) -> Seeds {
    let destinations = teleport_destinations(world);
    let is_seed = |entity: &Entity| {
        is_seed_entity(entity)
            || entity
                .get("targetname")
                .is_some_and(|name| destinations.contains(&name.to_ascii_lowercase()))
    };
    let any_seed_entity = world
        .entities
        .iter()
        .any(|e| is_seed(e) && e.origin().is_some());
    let mut seeds = Seeds::default();
    for (index, origin) in world
        .entities
        .iter()
        .enumerate()
        .filter(|(_, e)| !any_seed_entity || is_seed(e))
        .filter_map(|(index, e)| Some((index, e.origin()?)))
    {
        if !origin.is_finite() {
            continue;
        }
        seeds.entities_with_origin += 1;
        match candidates(origin).find(|&p| !tree.is_solid(tree.point_leaf(p))) {
            Some(point) => seeds.points.push(point),
            None => {
                seeds.unplaced += 1;
                seeds.unplaced_entities.push(index);
            }
        }
    }
    seeds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_start_at_the_origin_then_go_up_then_a_little_sideways() {
        let all: Vec<DVec3> = candidates(DVec3::ZERO).collect();
        assert_eq!(all.len(), 1 + NUDGE_UP.len() + 4 * NUDGE_SIDEWAYS.len());
        assert_eq!(all[0], DVec3::ZERO);
        assert_eq!(all[1], DVec3::new(0.0, 0.0, 1.0));
        assert_eq!(all[2], DVec3::new(0.0, 0.0, 8.0));
        assert_eq!(all[10], DVec3::new(1.0, 0.0, 0.0));
        assert!(all.iter().all(|p| p.x.abs() <= 16.0 && p.y.abs() <= 16.0));
    }

    #[test]
    fn seed_entities_are_where_players_go() {
        let entity = |class: &str| Entity {
            pairs: vec![("classname".to_owned(), class.to_owned())],
            location: crate::brush::SourceLocation::Text { line: 1, column: 1 },
        };
        for class in [
            "info_player_deathmatch",
            "team_CTF_redflag",
            "item_health",
            "weapon_rocketlauncher",
            "misc_teleporter_dest",
        ] {
            assert!(is_seed_entity(&entity(class)), "{class}");
        }
        for class in [
            "light",
            "info_null",
            "misc_model",
            "target_position",
            "worldspawn",
        ] {
            assert!(!is_seed_entity(&entity(class)), "{class}");
        }
    }

    #[test]
    fn teleporter_destinations_are_named_by_trigger_teleports_and_target_teleporters() {
        let entity = |pairs: &[(&str, &str)]| Entity {
            pairs: pairs
                .iter()
                .map(|&(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            location: crate::brush::SourceLocation::Text { line: 1, column: 1 },
        };
        let world = BrushWorld {
            format: crate::brush::SourceFormat::Map,
            entities: vec![
                entity(&[("classname", "Trigger_Teleport"), ("target", "Room")]),
                entity(&[("classname", "target_teleporter"), ("target", "hall")]),
                entity(&[("classname", "trigger_push"), ("target", "apex")]),
                entity(&[("classname", "trigger_multiple"), ("target", "door")]),
            ],
            textures: Vec::new(),
            brushes: Vec::new(),
            patches: Vec::new(),
            models: Vec::new(),
        };
        let names: Vec<String> = teleport_destinations(&world).into_iter().collect();
        assert_eq!(names, ["hall", "room"]);
    }
}
