//! [`use_medkit`]: the medkit holdable (q3-game-rules.md §2.3 `holdable_medkit`).

use bot_interface::Holdable;

use super::inventory::Inventory;
use super::table::Rules;

/// Uses a carried medkit: health is **set** to max health + 25 (125), and the slot empties.
/// Refused (returns false, nothing changes) without a medkit, when dead, or at or above that
/// health.
///
/// The teleporter's use (drop a carried flag, then respawn-style teleport with a telefrag) is
/// the world's, since it needs the map's spawn spots.
pub fn use_medkit(inventory: &mut Inventory, rules: &Rules) -> bool {
    let target = inventory
        .max_health
        .saturating_add(rules.player.medkit_health_over_max);
    let usable = inventory.holdable == Some(Holdable::Medkit)
        && inventory.is_alive()
        && inventory.health < target;
    if usable {
        inventory.health = target;
        inventory.holdable = None;
    }
    usable
}
