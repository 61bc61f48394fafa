//! [`can_pick_up`] and [`pick_up`]: what touching an item does to an inventory
//! (q3-game-rules.md §1.4, §2.1, §2.3, §2.4).

use bot_interface::{GameMode, HealthKind, Item};

use super::inventory::Inventory;
use super::table::Rules;

/// The circumstances of a pickup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PickupContext {
    /// Match time of the pickup, in ms.
    pub time_ms: u32,
    /// The game mode.
    pub mode: GameMode,
    /// Whether the item was dropped by a player (a dropped weapon gives its full quantity).
    pub dropped: bool,
    /// The entity's `count` key, which replaces the item's quantity: ammunition for weapons
    /// and ammo boxes, health or armor points, *seconds* for powerups (a dropped powerup
    /// carries its seconds left). `None` or `Some(0)` use the item's own quantity (the game
    /// stores "no key" as 0); a negative key gives nothing.
    pub count_key: Option<i32>,
}

/// What a pickup did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PickupOutcome {
    /// The item was taken: the inventory changed and the item disappears (to respawn or not,
    /// see [`respawn_delay_ms`](super::respawn_delay_ms)).
    Taken,
    /// The player cannot take the item now ([`can_pick_up`] is false); it stays.
    Refused,
    /// A CTF flag: not an ordinary item. The flag logic decides
    /// ([`flag_touch`](super::flag_touch)).
    NotOrdinary,
}

/// Whether a player with `inventory` may take `item` (§2.1 "Can pick up when", §1.4, §2.3,
/// §2.4 "Who"; Quake III's `BG_CanItemBeGrabbed` in words):
///
/// - the dead take nothing;
/// - a weapon can always be taken;
/// - an ammo box only below the ammo cap (200), never for a weapon with infinite ammunition;
/// - armor only below `over_max_factor` × max health (200);
/// - health below max health, or below `over_max_factor` × max health for the items that may
///   exceed it (small and mega health);
/// - a powerup always;
/// - a holdable only with the holdable slot empty;
/// - flags are never ordinary items (false; see [`flag_touch`](super::flag_touch)).
#[must_use]
pub fn can_pick_up(inventory: &Inventory, item: Item, rules: &Rules) -> bool {
    if !inventory.is_alive() {
        return false;
    }
    match item {
        Item::Weapon(_) | Item::Powerup(_) => true,
        Item::Ammo(weapon) => {
            !rules.weapon(weapon).infinite_ammo && inventory.ammo(weapon) < rules.firing.max_ammo
        }
        Item::Armor(_) => inventory.armor < over_max_cap(inventory, rules),
        Item::Health(kind) => inventory.health < health_cap(inventory, kind, rules),
        Item::Holdable(_) => inventory.holdable.is_none(),
        Item::Flag(_) => false,
    }
}

/// Takes `item` into `inventory` if [`can_pick_up`] allows it (§1.4, §2.1, §2.3):
///
/// - **Weapon**: owned from now on. Its quantity q (the `count` key, else the weapon's pickup
///   ammunition) is added as follows: below q the ammunition becomes q, otherwise it gains 1;
///   in team deathmatch, or for a dropped weapon, it always gains q. Then clamped to the ammo
///   cap (200). A quantity of 0 (a negative `count` key) gives no ammunition. Infinite
///   ammunition stays infinite.
/// - **Ammo box**: + q (the `count` key, else the box amount), clamped to 200.
/// - **Armor**: + q, clamped to `over_max_factor` × max health (200).
/// - **Health**: + q, clamped to the max health (medium, large) or `over_max_factor` × max
///   health (small, mega).
/// - **Powerup**: if inactive, it expires at the pickup time rounded down to a whole second
///   plus q ms (q = `count` seconds × 1000, else the duration); if active, q is added to its
///   expiry.
/// - **Holdable**: put in the (empty) slot.
/// - **Flag**: [`PickupOutcome::NotOrdinary`], nothing changes.
pub fn pick_up(
    inventory: &mut Inventory,
    item: Item,
    context: PickupContext,
    rules: &Rules,
) -> PickupOutcome {
    if let Item::Flag(_) = item {
        return PickupOutcome::NotOrdinary;
    }
    if !can_pick_up(inventory, item, rules) {
        return PickupOutcome::Refused;
    }
    let max_ammo = rules.firing.max_ammo;
    match item {
        Item::Weapon(weapon) => {
            let index = weapon.index();
            inventory.weapons[index] = true;
            let weapon_rules = rules.weapon(weapon);
            if weapon_rules.infinite_ammo {
                inventory.ammo[index] = -1;
            } else {
                let q = quantity(context.count_key, weapon_rules.pickup_ammo);
                let ammo = inventory.ammo[index].max(0);
                let full = context.dropped || rules.weapon_pickup_full_ammo(context.mode);
                let after = if q == 0 {
                    ammo
                } else if full {
                    ammo.saturating_add(q)
                } else if ammo < q {
                    q
                } else {
                    ammo.saturating_add(1)
                };
                inventory.ammo[index] = after.min(max_ammo);
            }
        }
        Item::Ammo(weapon) => {
            let q = quantity(context.count_key, rules.weapon(weapon).ammo_box);
            let ammo = &mut inventory.ammo[weapon.index()];
            *ammo = (*ammo).max(0).saturating_add(q).min(max_ammo);
        }
        Item::Armor(kind) => {
            let amount = match kind {
                bot_interface::ArmorKind::Shard => rules.items.armor_shard,
                bot_interface::ArmorKind::Combat => rules.items.armor_combat,
                bot_interface::ArmorKind::Body => rules.items.armor_body,
            };
            let q = quantity(context.count_key, amount);
            let cap = over_max_cap(inventory, rules);
            inventory.armor = inventory.armor.saturating_add(q).min(cap);
        }
        Item::Health(kind) => {
            let q = quantity(context.count_key, health_item(kind, rules).amount);
            let cap = health_cap(inventory, kind, rules);
            inventory.health = inventory.health.saturating_add(q).min(cap);
        }
        Item::Powerup(powerup) => {
            let q_ms = match context.count_key {
                Some(seconds) if seconds != 0 => u32::try_from(seconds.max(0))
                    .unwrap_or(0)
                    .saturating_mul(1000),
                _ => rules.items.powerup_durations.get(powerup),
            };
            let slot = &mut inventory.powerups[powerup.index()];
            let start = match *slot {
                Some(expiry) if context.time_ms <= expiry => expiry,
                _ => context.time_ms - context.time_ms % 1000,
            };
            *slot = Some(start.saturating_add(q_ms));
        }
        Item::Holdable(holdable) => inventory.holdable = Some(holdable),
        Item::Flag(_) => return PickupOutcome::NotOrdinary,
    }
    PickupOutcome::Taken
}

/// The item's quantity after the entity's `count` key.
fn quantity(count_key: Option<i32>, default: i32) -> i32 {
    match count_key {
        None | Some(0) => default,
        Some(count) => count.max(0),
    }
}

/// The table's entry for a health item.
fn health_item(kind: HealthKind, rules: &Rules) -> super::HealthItemRules {
    match kind {
        HealthKind::Small => rules.items.health_small,
        HealthKind::Medium => rules.items.health_medium,
        HealthKind::Large => rules.items.health_large,
        HealthKind::Mega => rules.items.health_mega,
    }
}

/// `over_max_factor` × max health: the armor cap and the cap of the health items that may
/// exceed the max.
fn over_max_cap(inventory: &Inventory, rules: &Rules) -> i32 {
    inventory
        .max_health
        .saturating_mul(rules.items.over_max_factor)
}

/// The health a health item of `kind` may raise health to.
fn health_cap(inventory: &Inventory, kind: HealthKind, rules: &Rules) -> i32 {
    if health_item(kind, rules).exceeds_max {
        over_max_cap(inventory, rules)
    } else {
        inventory.max_health
    }
}
