//! [`Inventory`]: what a player has: health, armor, weapons, ammunition, powerups, holdable,
//! flag.

use bot_interface::{GameMode, Holdable, Powerup, Team, Weapon};
use serde::{Deserialize, Serialize};

use super::table::Rules;

/// What one player has. Plain data: the rule functions read and change it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inventory {
    /// Current health; 0 or below is dead (down to −999).
    pub health: i32,
    /// Current armor.
    pub armor: i32,
    /// Max health (100, lower with a handicap): the caps, decay and regeneration key off it.
    pub max_health: i32,
    /// Weapons owned, indexed by [`Weapon::index`].
    pub weapons: [bool; 9],
    /// Ammunition, indexed by [`Weapon::index`]; −1 is infinite (the gauntlet).
    pub ammo: [i32; 9],
    /// When each powerup expires, in ms of match time, indexed by [`Powerup::index`]. A
    /// powerup is active while `time ≤ expiry` (the game removes it once the expiry is in the
    /// past).
    pub powerups: [Option<u32>; 6],
    /// The holdable item carried (one at most).
    pub holdable: Option<Holdable>,
    /// The flag carried, by its team (CTF).
    pub flag: Option<Team>,
}

impl Inventory {
    /// A freshly spawned player with the default max health (§4, §1.4): health 125, armor
    /// 0, the weapons the table starts with (gauntlet and machinegun, 100 bullets; 50 in team
    /// deathmatch), no powerup, holdable or flag.
    #[must_use]
    pub fn spawn(rules: &Rules, mode: GameMode) -> Self {
        Self::spawn_with_max_health(rules, mode, rules.player.max_health)
    }

    /// A freshly spawned player whose max health is `max_health` (a handicap, clamped to
    /// 1..=the table's max health as the game clamps it to 1..=100).
    #[must_use]
    pub fn spawn_with_max_health(rules: &Rules, mode: GameMode, max_health: i32) -> Self {
        let max_health = max_health.clamp(1, rules.player.max_health.max(1));
        let mut weapons = [false; 9];
        let mut ammo = [0; 9];
        for (weapon, weapon_rules) in rules.weapons.iter() {
            if weapon_rules.start_owned {
                weapons[weapon.index()] = true;
                ammo[weapon.index()] = rules.start_ammo(weapon, mode);
            } else if weapon_rules.infinite_ammo {
                ammo[weapon.index()] = -1;
            }
        }
        Self {
            health: rules.player.spawn_health(max_health),
            armor: rules.player.spawn_armor,
            max_health,
            weapons,
            ammo,
            powerups: [None; 6],
            holdable: None,
            flag: None,
        }
    }

    /// Whether the player is alive (health above 0).
    #[must_use]
    pub fn is_alive(&self) -> bool {
        self.health > 0
    }

    /// Whether the player owns `weapon`.
    #[must_use]
    pub fn has_weapon(&self, weapon: Weapon) -> bool {
        self.weapons[weapon.index()]
    }

    /// Ammunition for `weapon` (−1 infinite).
    #[must_use]
    pub fn ammo(&self, weapon: Weapon) -> i32 {
        self.ammo[weapon.index()]
    }

    /// Whether `weapon` is owned and can fire one shot costing `per_shot`.
    #[must_use]
    pub fn can_fire(&self, weapon: Weapon, per_shot: i32) -> bool {
        let ammo = self.ammo(weapon);
        self.has_weapon(weapon) && (ammo < 0 || ammo >= per_shot)
    }

    /// The highest-numbered weapon owned, the one selected at spawn (§1.4).
    #[must_use]
    pub fn best_weapon(&self) -> Option<Weapon> {
        Weapon::ALL
            .into_iter()
            .rev()
            .find(|weapon| self.has_weapon(*weapon))
    }

    /// Whether `powerup` is active at `time_ms`.
    #[must_use]
    pub fn has_powerup(&self, powerup: Powerup, time_ms: u32) -> bool {
        self.powerups[powerup.index()].is_some_and(|expiry| time_ms <= expiry)
    }

    /// Milliseconds of `powerup` left at `time_ms` (0 when inactive).
    #[must_use]
    pub fn powerup_left_ms(&self, powerup: Powerup, time_ms: u32) -> u32 {
        self.powerups[powerup.index()].map_or(0, |expiry| expiry.saturating_sub(time_ms))
    }

    /// Removes the powerups whose expiry is before `time_ms` (§2.3 "Powerup timer": the end
    /// of every frame). Returns the powerups removed.
    pub fn expire_powerups(&mut self, time_ms: u32) -> Vec<Powerup> {
        let mut expired = Vec::new();
        for powerup in Powerup::ALL {
            let slot = &mut self.powerups[powerup.index()];
            if slot.is_some_and(|expiry| expiry < time_ms) {
                *slot = None;
                expired.push(powerup);
            }
        }
        expired
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spawn_loadout() {
        let rules = Rules::default();
        let ffa = Inventory::spawn(&rules, GameMode::Ffa);
        assert_eq!((ffa.health, ffa.armor, ffa.max_health), (125, 0, 100));
        assert!(ffa.has_weapon(Weapon::Gauntlet) && ffa.has_weapon(Weapon::Machinegun));
        assert!(!ffa.has_weapon(Weapon::Shotgun));
        assert_eq!(ffa.ammo(Weapon::Gauntlet), -1);
        assert_eq!(ffa.ammo(Weapon::Machinegun), 100);
        assert_eq!(ffa.best_weapon(), Some(Weapon::Machinegun));
        assert_eq!(
            Inventory::spawn(&rules, GameMode::Tdm).ammo(Weapon::Machinegun),
            50
        );
        assert_eq!(
            Inventory::spawn(&rules, GameMode::Ctf).ammo(Weapon::Machinegun),
            100
        );
        let handicapped = Inventory::spawn_with_max_health(&rules, GameMode::Ffa, 70);
        assert_eq!((handicapped.health, handicapped.max_health), (95, 70));
    }

    #[test]
    fn powerups_expire_after_their_last_millisecond() {
        let mut inventory = Inventory::spawn(&Rules::default(), GameMode::Ffa);
        inventory.powerups[Powerup::Quad.index()] = Some(1000);
        assert!(inventory.has_powerup(Powerup::Quad, 1000));
        assert!(inventory.expire_powerups(1000).is_empty());
        assert_eq!(inventory.expire_powerups(1001), vec![Powerup::Quad]);
        assert!(!inventory.has_powerup(Powerup::Quad, 1001));
    }
}
