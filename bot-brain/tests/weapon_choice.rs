//! The fighting code on the shared bot data (real-data.md §2): both real `weapons.c` files
//! and the `OpenArena` set's weapon weights `bots/default_w.c`. Reads `$REAL_DATA/botfiles`,
//! else `../shared/botfiles` beside the workspace; says "skipped" when neither exists and
//! `REAL_DATA` is unset. The GPL data is read in place, never copied.

use bot_brain::fight::weapon_info::{
    DAMAGETYPE_IMPACT, DAMAGETYPE_RADIAL, WeaponConfig, load_weapon_config_dir,
};

const NEONKNIGHT: &str = real_data::BOT_SETS[0];
const TREMFUSION: &str = real_data::BOT_SETS[1];

/// The weapon config of bot set `set`.
fn weapons_of(set: &str) -> Option<WeaponConfig> {
    let botfiles = real_data::botfiles()?;
    let root = real_data::bot_set(&botfiles, set);
    Some(load_weapon_config_dir(&root, "weapons.c").unwrap())
}

#[test]
fn neonknight_weapons_c_loads_twelve_weapons_in_number_order() {
    let Some(config) = weapons_of(NEONKNIGHT) else {
        return;
    };
    // real-data.md §2.1: 12 weaponinfo + 12 projectileinfo; numbers from inv.h's
    // WEAPONINDEX_* (gauntlet 1 … chaingun 13; 10, the grappling hook, has no weaponinfo).
    assert_eq!(config.weapons.len(), 12);
    assert_eq!(config.projectiles.len(), 12);
    assert!(config.replaced.is_empty());
    let numbers: Vec<i32> = config.weapons.iter().map(|w| w.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13]);
    let rl = config.find("Rocket Launcher").unwrap();
    assert_eq!((rl.number, rl.speed, rl.numprojectiles), (5, 900.0, 1));
    assert_eq!(rl.projectile.name, "rocket");
    assert_eq!((rl.projectile.damage, rl.projectile.radius), (100, 120.0));
    assert_eq!(rl.projectile.damagetype, DAMAGETYPE_IMPACT | DAMAGETYPE_RADIAL);
    assert!(rl.projectile.splashes());
    let sg = config.by_number(3).unwrap();
    assert_eq!((sg.name.as_str(), sg.numprojectiles), ("Shotgun", 11));
    assert_eq!((sg.projectile.damage, sg.speed), (10, 0.0));
    assert!(!sg.projectile.splashes());
    let pg = config.find("Plasma Gun").unwrap();
    assert_eq!((pg.speed, pg.projectile.radius), (2000.0, 20.0));
    let bfg = config.find("BFG10K").unwrap();
    // The file's own spelling of the projectile's name.
    assert_eq!(bfg.projectile.name, "bfgexploision");
    assert_eq!(bfg.projectile.damage, 40);
}

#[test]
fn tremfusion_weapons_c_loads_and_the_pulse_rifle_replaces_the_mass_driver() {
    let Some(config) = weapons_of(TREMFUSION) else {
        return;
    };
    // real-data.md §2.2: 10 weaponinfo + 10 projectileinfo, and it loads. The "Pulse
    // rifle" block gives WEAPONINDEX_MASS_DRIVER (15) as its number, so as in botlib it
    // takes the Mass Driver's slot: 9 weapons remain.
    assert_eq!(config.projectiles.len(), 10);
    assert_eq!(config.weapons.len() + config.replaced.len(), 10);
    assert_eq!(config.weapons.len(), 9);
    assert_eq!(config.replaced[0].name, "Mass Driver");
    let fifteen = config.by_number(15).unwrap();
    assert_eq!(fifteen.name, "Pulse rifle");
    assert_eq!((fifteen.speed, fifteen.projectile.damage), (1000.0, 9));
    let numbers: Vec<i32> = config.weapons.iter().map(|w| w.number).collect();
    assert_eq!(numbers, [10, 11, 12, 13, 14, 15, 16, 18, 19]);
    let mg = config.find("Machinegun").unwrap();
    assert_eq!((mg.reload, mg.projectile.name.as_str()), (2000.0, "machinegunbullet"));
    let lcannon = config.find("Lucifer Cannon").unwrap();
    assert_eq!((lcannon.speed, lcannon.projectile.damage), (350.0, 265));
    assert_eq!(lcannon.projectile.radius, 0.0);
    assert!(!lcannon.projectile.splashes(), "radial damage type but no radius");
}
