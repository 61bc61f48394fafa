//! [`LevelItem`]: an item placed in the map, with the keys that change how it spawns.

use aas_geom::brush::Entity;
use bot_interface::{GameMode, Item};
use glam::Vec3;
use serde::Serialize;

use super::LevelDiagnostic;

/// An item entity of the map.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelItem {
    /// Index of the entity in the map.
    pub entity: usize,
    /// What it is.
    pub item: Item,
    /// Its `origin` as written (the world drops it to the floor unless suspended).
    pub origin: Vec3,
    /// Spawnflag 1: floats where placed instead of dropping to the floor.
    pub suspended: bool,
    /// `wait` (seconds): replaces the respawn time when positive; −1 never respawns.
    pub wait: Option<f32>,
    /// `random` (seconds): the respawn time varies by up to this much either way.
    pub random: Option<f32>,
    /// `count`: the ammunition a weapon gives (instead of the item's default).
    pub count: Option<i32>,
    /// `team`: items sharing it form a chain of which one appears at a time.
    pub team: Option<String>,
    /// `targetname`: the item starts hidden until used.
    pub targetname: Option<String>,
    /// `target`: what picking it up uses.
    pub target: Option<String>,
    /// The item's yaw (`angle`), used when a map rotates it (no rule effect).
    pub yaw: f32,
}

/// A chain of items (the `team` key) of which one appears at a time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamChain {
    /// The chain's name.
    pub name: String,
    /// Indexes into [`Level::items`](super::Level::items), master (lowest entity) first.
    pub members: Vec<usize>,
}

/// Whether `entity` is removed from a match in `mode` by the game's per-entity filters:
/// `notfree` (free-for-all), `notteam` (team modes), and `gametype` (a list of mode names).
#[must_use]
pub fn filtered_out(entity: &Entity, mode: GameMode) -> bool {
    let flag = |key: &str| {
        entity
            .get(key)
            .and_then(|value| value.trim().parse::<i32>().ok())
            .is_some_and(|value| value != 0)
    };
    let by_flags = match mode {
        GameMode::Ffa => flag("notfree"),
        GameMode::Tdm | GameMode::Ctf => flag("notteam"),
    };
    let by_list = entity.get("gametype").is_some_and(|list| {
        let name = match mode {
            GameMode::Ffa => "ffa",
            GameMode::Tdm => "team",
            GameMode::Ctf => "ctf",
        };
        !list
            .split_whitespace()
            .any(|word| word.eq_ignore_ascii_case(name))
    });
    by_flags || by_list
}

fn number(
    entity: &Entity,
    key: &str,
    notes: &mut Vec<LevelDiagnostic>,
    index: usize,
) -> Option<f32> {
    let value = entity.get(key)?;
    match value.trim().parse::<f32>() {
        Ok(number) if number.is_finite() => Some(number),
        _ => {
            notes.push(LevelDiagnostic {
                entity: Some(index),
                classname: entity.classname().to_owned(),
                message: format!("`{key}` is not a number ({value:?}); ignored"),
            });
            None
        }
    }
}

fn text(entity: &Entity, key: &str) -> Option<String> {
    entity
        .get(key)
        .map(str::trim)
        .filter(|value| !value.is_empty())
        .map(str::to_owned)
}

/// The item of entity `index`, `None` (with a note) for an unknown item class or an item
/// without a usable origin; `None` without a note when `entity` is not an item.
pub(super) fn extract(
    index: usize,
    entity: &Entity,
    notes: &mut Vec<LevelDiagnostic>,
) -> Option<LevelItem> {
    let class = entity.classname();
    let known = Item::from_classname(class);
    if known.is_none() && !aas_geom::entities::is_item_class(class) {
        return None;
    }
    let note = |notes: &mut Vec<LevelDiagnostic>, message: String| {
        notes.push(LevelDiagnostic {
            entity: Some(index),
            classname: class.to_owned(),
            message,
        });
    };
    let Some(item) = known else {
        note(notes, "unknown item class; left out".to_owned());
        return None;
    };
    let Some(origin) = entity.origin().filter(|o| o.is_finite()) else {
        note(notes, "no usable `origin`; left out".to_owned());
        return None;
    };
    let spawnflags = entity
        .get("spawnflags")
        .and_then(|value| value.trim().parse::<u32>().ok())
        .unwrap_or(0);
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a count key is a small integer"
    )]
    let count = number(entity, "count", notes, index).map(|count| count as i32);
    Some(LevelItem {
        entity: index,
        item,
        origin: origin.as_vec3(),
        suspended: spawnflags & 1 != 0,
        wait: number(entity, "wait", notes, index),
        random: number(entity, "random", notes, index),
        count,
        team: text(entity, "team"),
        targetname: text(entity, "targetname"),
        target: text(entity, "target"),
        yaw: number(entity, "angle", notes, index).unwrap_or(0.0),
    })
}

/// The chains of items sharing a `team` key, in order of their first member; members master
/// first, then the others in descending entity order (the order the game draws from).
#[must_use]
pub fn team_chains(items: &[LevelItem]) -> Vec<TeamChain> {
    let mut chains: Vec<TeamChain> = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Some(name) = &item.team else { continue };
        match chains.iter_mut().find(|chain| &chain.name == name) {
            Some(chain) => chain.members.push(index),
            None => chains.push(TeamChain {
                name: name.clone(),
                members: vec![index],
            }),
        }
    }
    for chain in &mut chains {
        // Items are in entity order: the first is the master; the rest follow it, last
        // entity first.
        chain.members[1..].reverse();
    }
    chains
}
