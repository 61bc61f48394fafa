//! [`ItemSpot`]: where items, weapons, ammunition, holdables and CTF flags are placed.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::diagnostic::{EntityProblem, Notes};
use crate::brush::Entity;

/// Class-name prefixes of pick-up items (compared ignoring ASCII case).
const ITEM_PREFIXES: [&str; 4] = ["item_", "weapon_", "ammo_", "holdable_"];

/// CTF flags that count as items (compared ignoring ASCII case).
const FLAG_CLASSES: [&str; 2] = ["team_CTF_redflag", "team_CTF_blueflag"];

/// An item's class and origin as written in the map (the game drops it to the floor unless
/// spawnflag 1 is set; that is not applied here).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemSpot {
    /// The entity's `classname` as written.
    pub classname: String,
    /// The entity's `origin`.
    pub origin: Vec3,
}

/// Whether `classname` is an item: it starts with `item_`, `weapon_`, `ammo_` or `holdable_`,
/// or is `team_CTF_redflag` or `team_CTF_blueflag` (ignoring ASCII case).
#[must_use]
pub fn is_item_class(classname: &str) -> bool {
    let starts_with = |prefix: &str| {
        classname
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    ITEM_PREFIXES.into_iter().any(starts_with)
        || FLAG_CLASSES
            .into_iter()
            .any(|flag| flag.eq_ignore_ascii_case(classname))
}

/// The spot of item entity `entity`, or `None` (noted) when it has no usable origin.
pub(super) fn extract(entity: &Entity, notes: &mut Notes<'_>) -> Option<ItemSpot> {
    let Some(origin) = entity.origin().filter(|origin| origin.is_finite()) else {
        return notes.skip(EntityProblem::NoOrigin);
    };
    Some(ItemSpot {
        classname: entity.classname().to_owned(),
        origin: origin.as_vec3(),
    })
}

#[cfg(test)]
mod tests {
    use super::is_item_class;

    #[test]
    fn item_classes() {
        for class in [
            "item_armor_body",
            "WEAPON_railgun",
            "ammo_slugs",
            "holdable_teleporter",
            "team_CTF_redflag",
            "team_ctf_blueflag",
        ] {
            assert!(is_item_class(class), "{class}");
        }
        for class in [
            "team_CTF_neutralflag",
            "team_CTF_redspawn",
            "info_player_deathmatch",
            "item",
            "weaponless",
            "",
            "é_item",
        ] {
            assert!(!is_item_class(class), "{class}");
        }
    }
}
