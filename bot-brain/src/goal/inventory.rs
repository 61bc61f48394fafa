//! The bot's fuzzy-weight [`Inventory`] from what it knows of itself ([`SelfView`]), with the
//! slot numbers of the stock `inv.h` (botlib reference §7.1; the game's `BotUpdateInventory`).
//!
//! Only the bot's own state goes in: health, armor, weapons owned (1 or 0), ammunition,
//! powerups and holdables held (1 or 0) and the flag carried (1 or 0). The derived battle
//! slots (`ENEMY_HORIZONTAL_DIST` 200 … `NUM_VISIBLE_TEAMMATES` 203) stay 0: the fighting
//! code fills them when it knows an enemy. Items the game of `bot-interface` does not have
//! (nailgun, kamikaze, cubes, …) stay 0.

use bot_interface::{Holdable, Powerup, SelfView, Team, Weapon};
use fuzzy_weights::Inventory;

/// `INVENTORY_ARMOR`.
pub const INVENTORY_ARMOR: u8 = 1;
/// `INVENTORY_HEALTH`.
pub const INVENTORY_HEALTH: u8 = 29;
/// `INVENTORY_TELEPORTER`.
pub const INVENTORY_TELEPORTER: u8 = 30;
/// `INVENTORY_MEDKIT`.
pub const INVENTORY_MEDKIT: u8 = 31;
/// `INVENTORY_REDFLAG`.
pub const INVENTORY_REDFLAG: u8 = 45;
/// `INVENTORY_BLUEFLAG`.
pub const INVENTORY_BLUEFLAG: u8 = 46;

/// What an unlimited ammunition count (−1 in [`SelfView::ammo`]) reads as: plenty, so a
/// weight's "no ammo" case (`case 1`) does not apply.
pub const UNLIMITED_AMMO: i32 = 999;

/// The `inv.h` slot of owning `weapon` (`INVENTORY_GAUNTLET` 4 … `INVENTORY_BFG10K` 13).
#[must_use]
pub fn weapon_slot(weapon: Weapon) -> u8 {
    match weapon {
        Weapon::Gauntlet => 4,
        Weapon::Shotgun => 5,
        Weapon::Machinegun => 6,
        Weapon::GrenadeLauncher => 7,
        Weapon::RocketLauncher => 8,
        Weapon::LightningGun => 9,
        Weapon::Railgun => 10,
        Weapon::PlasmaGun => 11,
        Weapon::Bfg => 13,
    }
}

/// The `inv.h` slot of `weapon`'s ammunition (`INVENTORY_SHELLS` 18 … `INVENTORY_BFGAMMO`
/// 25); `None` for the gauntlet.
#[must_use]
pub fn ammo_slot(weapon: Weapon) -> Option<u8> {
    Some(match weapon {
        Weapon::Gauntlet => return None,
        Weapon::Shotgun => 18,
        Weapon::Machinegun => 19,
        Weapon::GrenadeLauncher => 20,
        Weapon::PlasmaGun => 21,
        Weapon::LightningGun => 22,
        Weapon::RocketLauncher => 23,
        Weapon::Railgun => 24,
        Weapon::Bfg => 25,
    })
}

/// The `inv.h` slot of holding `powerup` (`INVENTORY_QUAD` 35 … `INVENTORY_FLIGHT` 40).
#[must_use]
pub fn powerup_slot(powerup: Powerup) -> u8 {
    match powerup {
        Powerup::Quad => 35,
        Powerup::Battlesuit => 36,
        Powerup::Haste => 37,
        Powerup::Invisibility => 38,
        Powerup::Regeneration => 39,
        Powerup::Flight => 40,
    }
}

/// The `inv.h` slot of carrying the flag of `team` (`None` for [`Team::Free`]).
#[must_use]
pub fn flag_slot(team: Team) -> Option<u8> {
    match team {
        Team::Red => Some(INVENTORY_REDFLAG),
        Team::Blue => Some(INVENTORY_BLUEFLAG),
        Team::Free => None,
    }
}

/// The inventory of `me`, as the item weights read it.
///
/// # Complexity
/// O(1); writes a fresh 256-slot inventory.
#[must_use]
pub fn inventory_of(me: &SelfView) -> Inventory {
    let mut inventory = Inventory::default();
    inventory[INVENTORY_HEALTH] = me.health;
    inventory[INVENTORY_ARMOR] = me.armor;
    for weapon in Weapon::ALL {
        inventory[weapon_slot(weapon)] = i32::from(me.weapons[weapon.index()]);
        if let Some(slot) = ammo_slot(weapon) {
            let ammo = me.ammo[weapon.index()];
            inventory[slot] = if ammo < 0 { UNLIMITED_AMMO } else { ammo };
        }
    }
    for &(powerup, _) in &me.powerups {
        inventory[powerup_slot(powerup)] = 1;
    }
    match me.holdable {
        Some(Holdable::Teleporter) => inventory[INVENTORY_TELEPORTER] = 1,
        Some(Holdable::Medkit) => inventory[INVENTORY_MEDKIT] = 1,
        None => {}
    }
    if let Some(slot) = me.carrying_flag.and_then(flag_slot) {
        inventory[slot] = 1;
    }
    inventory
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_the_slots_of_inv_h() {
        let mut me = SelfView {
            health: 75,
            armor: 20,
            holdable: Some(Holdable::Medkit),
            carrying_flag: Some(Team::Blue),
            powerups: vec![(Powerup::Quad, 3000)],
            ..SelfView::default()
        };
        me.weapons[Weapon::Machinegun.index()] = true;
        me.weapons[Weapon::RocketLauncher.index()] = true;
        me.ammo[Weapon::Machinegun.index()] = 100;
        me.ammo[Weapon::RocketLauncher.index()] = 5;
        me.ammo[Weapon::Shotgun.index()] = -1;
        let inventory = inventory_of(&me);
        assert_eq!(inventory[29], 75);
        assert_eq!(inventory[1], 20);
        assert_eq!((inventory[6], inventory[8], inventory[5]), (1, 1, 0));
        assert_eq!((inventory[19], inventory[23]), (100, 5));
        assert_eq!(inventory[18], UNLIMITED_AMMO);
        assert_eq!((inventory[35], inventory[36]), (1, 0));
        assert_eq!((inventory[31], inventory[30]), (1, 0));
        assert_eq!((inventory[46], inventory[45]), (1, 0));
        assert_eq!(inventory[200], 0);
    }
}
