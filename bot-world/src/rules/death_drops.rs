//! [`death_drops`] and [`drop_velocity`]: what a dying player leaves behind
//! (q3-game-rules.md §1.4 "Weapon dropped on death", §2.3 "Powerups on death", §2.4
//! "Dropped item").

use bot_interface::{GameMode, Item, Powerup, Weapon};
use glam::Vec3;

use super::inventory::Inventory;
use super::table::Rules;
use bot_interface::GameRng;

/// One item tossed by a dying player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DroppedItem {
    /// What is dropped.
    pub item: Item,
    /// Its `count` key for whoever picks it up
    /// ([`PickupContext::count_key`](super::PickupContext::count_key)): `None` for a weapon
    /// (full default quantity), the whole seconds left (at least 1) for a powerup.
    pub count_key: Option<i32>,
    /// Yaw of the toss relative to the player's, in degrees: 0 for the first drop, then 45°
    /// more per drop.
    pub yaw_offset_degrees: f32,
}

/// What a player with `inventory` drops on dying at `time_ms` in `mode`, in toss order
/// (§1.4, §2.3):
///
/// 1. the weapon in hand (`weapon_in_hand`: the caller passes the pending weapon of a switch
///    away from the machinegun, as the game does) if it is better than the machinegun and has
///    ammunition (and `drop_weapon_on_death`);
/// 2. each active powerup, in [`Powerup::ALL`] order, with its whole seconds left (at least
///    1), except in team deathmatch, where they are lost;
/// 3. a carried CTF flag (`count_key` `None`), last: "CTF flags are dropped the same way"
///    (§2.3; the game's flags are the powerups after the six). Whether it is tossed or goes
///    straight home is [`flag_on_death`](super::flag_on_death)'s answer.
#[must_use]
pub fn death_drops(
    inventory: &Inventory,
    weapon_in_hand: Option<Weapon>,
    time_ms: u32,
    mode: GameMode,
    rules: &Rules,
) -> Vec<DroppedItem> {
    let mut items: Vec<(Item, Option<i32>)> = Vec::new();
    if let Some(weapon) = weapon_in_hand {
        let better = weapon > Weapon::Machinegun;
        let loaded = inventory.ammo(weapon) > 0;
        if rules.items.drop_weapon_on_death && better && loaded && inventory.has_weapon(weapon) {
            items.push((Item::Weapon(weapon), None));
        }
    }
    if rules.drops_powerups_on_death(mode) {
        for powerup in Powerup::ALL {
            if inventory.has_powerup(powerup, time_ms) {
                let seconds = inventory.powerup_left_ms(powerup, time_ms) / 1000;
                let count = i32::try_from(seconds).unwrap_or(i32::MAX).max(1);
                items.push((Item::Powerup(powerup), Some(count)));
            }
        }
    }
    if let Some(team) = inventory.flag {
        items.push((Item::Flag(team), None));
    }
    let mut yaw = 0.0;
    items
        .into_iter()
        .map(|(item, count_key)| {
            let dropped = DroppedItem {
                item,
                count_key,
                yaw_offset_degrees: yaw,
            };
            yaw += rules.items.drop_yaw_step_degrees;
            dropped
        })
        .collect()
}

/// The velocity of an item tossed at `yaw_degrees` (§2.4 "Dropped item"): `drop_speed` (150)
/// horizontally toward the yaw, and `drop_up_speed` + `crandom()` × `drop_up_jitter`
/// (200 ± 50) upward. One `crandom()` draw.
pub fn drop_velocity(yaw_degrees: f32, rules: &Rules, rng: &mut GameRng) -> Vec3 {
    let items = &rules.items;
    let (sin, cos) = yaw_degrees.to_radians().sin_cos();
    let up = items.drop_up_speed + rng.crandom() * items.drop_up_jitter;
    Vec3::new(cos * items.drop_speed, sin * items.drop_speed, up)
}
