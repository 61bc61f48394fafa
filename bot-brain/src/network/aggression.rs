//! How keen the bot is on a fight: botlib's `BotAggression`, `BotWantsToRetreat` and
//! `BotWantsToChase` (botlib-reference §12.3), with the flag rules of capture the flag
//! ([`FlagSituation`]).

use bot_interface::{Powerup, SelfView, Weapon};

/// How aggressive the bot is now, 0 to 100, from what it holds and the enemy's height
/// above it (botlib-reference §12.3's table, first matching row).
#[must_use]
pub fn aggression(me: &SelfView, enemy_height: f32, enemy_distance: f32) -> f32 {
    let quad = me.powerups.iter().any(|&(p, _)| p == Powerup::Quad);
    if quad && (me.weapon != Some(Weapon::Gauntlet) || enemy_distance < 80.0) {
        return 70.0;
    }
    if enemy_height > 200.0 {
        return 0.0;
    }
    if me.health < 60 || (me.health < 80 && me.armor < 40) {
        return 0.0;
    }
    let ammo = |weapon: Weapon| {
        if me.weapons[weapon.index()] {
            me.ammo[weapon.index()]
        } else {
            0
        }
    };
    let table: [(Weapon, i32, f32); 7] = [
        (Weapon::Bfg, 7, 100.0),
        (Weapon::Railgun, 5, 95.0),
        (Weapon::LightningGun, 50, 90.0),
        (Weapon::RocketLauncher, 5, 90.0),
        (Weapon::PlasmaGun, 40, 85.0),
        (Weapon::GrenadeLauncher, 10, 80.0),
        (Weapon::Shotgun, 10, 50.0),
    ];
    table
        .iter()
        .find(|&&(weapon, more_than, _)| ammo(weapon) > more_than)
        .map_or(0.0, |&(_, _, score)| score)
}

/// Whether the bot wants to retreat from its enemy (deathmatch: aggression below 50).
#[must_use]
pub fn wants_to_retreat(aggression: f32) -> bool {
    aggression < 50.0
}

/// Whether the bot wants to chase its enemy out of sight (aggression above 50).
#[must_use]
pub fn wants_to_chase(aggression: f32) -> bool {
    aggression > 50.0
}

/// What changes a fight's wishes in capture the flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FlagSituation {
    /// The bot carries the enemy flag.
    pub carrying: bool,
    /// The enemy carries a flag (the bot's).
    pub enemy_carries: bool,
    /// The bot is on its way to take the enemy flag.
    pub getting_flag: bool,
}

/// (wants to retreat, wants to chase) by botlib's rules: a flag carrier always retreats and
/// never chases; an enemy carrying the flag is always fought and chased; a bot on its way to
/// the enemy flag retreats and does not chase (it goes on towards the flag, firing back);
/// otherwise
/// [`wants_to_retreat`] and [`wants_to_chase`].
#[must_use]
pub fn battle_wishes(aggression: f32, flags: FlagSituation) -> (bool, bool) {
    if flags.carrying {
        (true, false)
    } else if flags.enemy_carries {
        (false, true)
    } else if flags.getting_flag {
        (true, false)
    } else {
        (wants_to_retreat(aggression), wants_to_chase(aggression))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn armed(health: i32, armor: i32, weapon: Weapon, ammo: i32) -> SelfView {
        let mut me = SelfView {
            health,
            armor,
            alive: true,
            ..SelfView::default()
        };
        me.weapons[weapon.index()] = true;
        me.ammo[weapon.index()] = ammo;
        me.weapon = Some(weapon);
        me
    }

    #[test]
    fn the_table_of_botlib_reference_12_3() {
        assert!((aggression(&armed(100, 0, Weapon::Railgun, 10), 0.0, 500.0) - 95.0).abs() < 1e-6);
        assert!((aggression(&armed(100, 0, Weapon::Railgun, 5), 0.0, 500.0)).abs() < 1e-6);
        assert!((aggression(&armed(100, 50, Weapon::Shotgun, 11), 0.0, 500.0) - 50.0).abs() < 1e-6);
        // Weak: no fight whatever the weapon.
        assert!(aggression(&armed(59, 100, Weapon::Bfg, 50), 0.0, 500.0).abs() < 1e-6);
        assert!(aggression(&armed(79, 39, Weapon::Bfg, 50), 0.0, 500.0).abs() < 1e-6);
        assert!((aggression(&armed(79, 40, Weapon::Bfg, 50), 0.0, 500.0) - 100.0).abs() < 1e-6);
        // An enemy high above.
        assert!(aggression(&armed(100, 100, Weapon::Bfg, 50), 201.0, 500.0).abs() < 1e-6);
        // Quad beats everything, but not with the gauntlet far away.
        let mut quad = armed(30, 0, Weapon::Machinegun, 100);
        quad.powerups.push((Powerup::Quad, 10_000));
        assert!((aggression(&quad, 0.0, 500.0) - 70.0).abs() < 1e-6);
        quad.weapon = Some(Weapon::Gauntlet);
        assert!(aggression(&quad, 0.0, 500.0).abs() < 1e-6);
        assert!((aggression(&quad, 0.0, 60.0) - 70.0).abs() < 1e-6);
        assert!(wants_to_retreat(49.0) && !wants_to_retreat(50.0));
        assert!(wants_to_chase(51.0) && !wants_to_chase(50.0));
    }

    #[test]
    fn the_flag_rules_come_first() {
        let none = FlagSituation::default();
        assert_eq!(battle_wishes(95.0, none), (false, true));
        assert_eq!(battle_wishes(0.0, none), (true, false));
        let carrying = FlagSituation {
            carrying: true,
            enemy_carries: true,
            ..none
        };
        assert_eq!(battle_wishes(95.0, carrying), (true, false));
        let enemy_carries = FlagSituation {
            enemy_carries: true,
            getting_flag: true,
            ..none
        };
        assert_eq!(battle_wishes(0.0, enemy_carries), (false, true));
        let getting = FlagSituation {
            getting_flag: true,
            ..none
        };
        assert_eq!(battle_wishes(95.0, getting), (true, false));
    }
}
