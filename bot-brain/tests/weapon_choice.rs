//! The fighting code on the shared bot data (real-data.md §2): both real `weapons.c` files
//! and the `OpenArena` set's weapon weights `bots/default_w.c`. Reads `$REAL_DATA/botfiles`,
//! else `../shared/botfiles` beside the workspace; says "skipped" when neither exists and
//! `REAL_DATA` is unset. The GPL data is read in place, never copied.

use bot_brain::character::{Compat, load_dir as load_character};
use bot_brain::fight::attack_move::{AttackStyle, MoveBand};
use bot_brain::fight::weapon_choice::{WeaponChooser, battle_inventory};
use bot_brain::fight::weapon_info::{
    DAMAGETYPE_IMPACT, DAMAGETYPE_RADIAL, WeaponConfig, load_weapon_config_dir,
};
use bot_interface::{SelfView, Weapon};
use fuzzy_weights::CompiledConfig;
use glam::Vec3;

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
    assert_eq!(
        rl.projectile.damagetype,
        DAMAGETYPE_IMPACT | DAMAGETYPE_RADIAL
    );
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
    assert_eq!(
        (mg.reload, mg.projectile.name.as_str()),
        (2000.0, "machinegunbullet")
    );
    let lcannon = config.find("Lucifer Cannon").unwrap();
    assert_eq!((lcannon.speed, lcannon.projectile.damage), (350.0, 265));
    assert_eq!(lcannon.projectile.radius, 0.0);
    assert!(
        !lcannon.projectile.splashes(),
        "radial damage type but no radius"
    );
}

/// The `OpenArena` set's weapon config and a chooser with its `bots/default_w.c`.
fn neonknight_chooser() -> Option<WeaponChooser> {
    let config = weapons_of(NEONKNIGHT)?;
    let botfiles = real_data::botfiles()?;
    let root = real_data::bot_set(&botfiles, NEONKNIGHT);
    let weights = fuzzy_weights::load_dir(&root, "bots/default_w.c").unwrap();
    Some(WeaponChooser::new(
        &config,
        &CompiledConfig::new(&weights.config),
    ))
}

/// A bot at the origin owning `weapons` with `ammo` rounds each.
fn armed(weapons: &[Weapon], ammo: i32) -> SelfView {
    let mut me = SelfView {
        alive: true,
        health: 100,
        ..SelfView::default()
    };
    for &weapon in weapons {
        me.weapons[weapon.index()] = true;
        me.ammo[weapon.index()] = ammo;
    }
    me
}

/// The choice for `me` against an enemy `distance` units away along +X.
fn choice(chooser: &WeaponChooser, me: &SelfView, distance: f32) -> Option<Weapon> {
    chooser.best(&battle_inventory(me, Vec3::new(distance, 0.0, 0.0)))
}

#[test]
fn neonknight_weights_cover_every_weapon_and_three_are_not_in_the_game() {
    let Some(chooser) = neonknight_chooser() else {
        return;
    };
    assert!(chooser.unweighted().is_empty());
    assert_eq!(
        chooser.not_in_game(),
        ["Nailgun", "Prox Launcher", "Chaingun"]
    );
    assert_eq!(chooser.candidates(), Weapon::ALL);
    assert_eq!(
        chooser.projectile_speed(Weapon::RocketLauncher),
        Some(900.0)
    );
    assert_eq!(chooser.projectile_speed(Weapon::PlasmaGun), Some(2000.0));
    assert_eq!(
        chooser.projectile_speed(Weapon::GrenadeLauncher),
        Some(700.0)
    );
    assert_eq!(chooser.projectile_speed(Weapon::Railgun), None);
    assert_eq!(chooser.splash_radius(Weapon::GrenadeLauncher), Some(160.0));
    assert_eq!(chooser.splash_radius(Weapon::Bfg), Some(100.0));
    assert_eq!(chooser.splash_radius(Weapon::LightningGun), None);
}

#[test]
fn neonknight_default_w_picks_what_the_bot_can_use_at_that_range() {
    let Some(chooser) = neonknight_chooser() else {
        return;
    };
    // fuzw.c: every usable weapon weighs 250 inside its range (machinegun 800, rockets
    // 4000, shotgun 600) and `$evalint(250*0.1)` beyond it, which the preprocessor makes 0
    // (reference §5.3); the railgun 250 at any range.
    let mg = armed(&[Weapon::Machinegun], 100);
    assert_eq!(choice(&chooser, &mg, 300.0), Some(Weapon::Machinegun));
    assert_eq!(choice(&chooser, &mg, 799.0), Some(Weapon::Machinegun));
    assert_eq!(choice(&chooser, &mg, 3000.0), None, "out of range weighs 0");
    let rl = armed(&[Weapon::Machinegun, Weapon::RocketLauncher], 10);
    assert_eq!(choice(&chooser, &rl, 1000.0), Some(Weapon::RocketLauncher));
    assert_eq!(
        chooser.weight(Weapon::Machinegun, &battle_inventory(&rl, Vec3::X * 1000.0)),
        Some(0.0)
    );
    // Inside the machinegun's range both weigh 250: the tie keeps the lower number.
    assert_eq!(choice(&chooser, &rl, 500.0), Some(Weapon::Machinegun));
    // A rocket launcher without rockets weighs 0.
    let mut empty = rl.clone();
    empty.ammo[Weapon::RocketLauncher.index()] = 0;
    assert_eq!(choice(&chooser, &empty, 500.0), Some(Weapon::Machinegun));
    assert_eq!(choice(&chooser, &empty, 1000.0), None);
    // Beyond the rockets' 4000 the railgun (250 at any range) wins.
    let rg = armed(
        &[Weapon::Machinegun, Weapon::RocketLauncher, Weapon::Railgun],
        10,
    );
    assert_eq!(choice(&chooser, &rg, 5000.0), Some(Weapon::Railgun));
    // The shotgun (number 3) up close ties the rockets (5) and wins; beyond its 600 the
    // rocket launcher takes over.
    let sg = armed(&[Weapon::Shotgun, Weapon::RocketLauncher], 10);
    assert_eq!(choice(&chooser, &sg, 200.0), Some(Weapon::Shotgun));
    assert_eq!(choice(&chooser, &sg, 700.0), Some(Weapon::RocketLauncher));
    // Nothing usable: no choice (botlib answers weapon 0).
    assert_eq!(choice(&chooser, &armed(&[], 0), 300.0), None);
}

#[test]
fn neonknight_default_w_always_prefers_an_owned_gauntlet() {
    // A quirk of the data, kept as botlib has it: the gauntlet weighs 250 whenever owned,
    // as much as any weapon in range, and it has the lowest number, so it wins every tie.
    let Some(chooser) = neonknight_chooser() else {
        return;
    };
    let me = armed(
        &[Weapon::Gauntlet, Weapon::RocketLauncher, Weapon::Railgun],
        10,
    );
    assert_eq!(choice(&chooser, &me, 1000.0), Some(Weapon::Gauntlet));
    assert_eq!(
        chooser.best_with_weight(&battle_inventory(&me, Vec3::X * 1000.0)),
        Some((Weapon::Gauntlet, 250.0))
    );
}

#[test]
fn neonknight_default_character_gives_the_attack_style_of_its_skill() {
    // bots/default_c.c: skill 1 attack skill 0.25, jumper 0, croucher 0; skill 4 attack
    // skill 1.0, jumper 1.0, croucher 0.1; walker 0 in both.
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, NEONKNIGHT);
    let at = |skill| {
        let character = load_character(&root, "bots/default_c.c", skill, Compat::default());
        AttackStyle::from_character(&character.unwrap())
    };
    let novice = at(1.0);
    assert_eq!(novice.band(), MoveBand::ForwardBack);
    assert_eq!(
        (
            novice.attack_skill,
            novice.jumper,
            novice.croucher,
            novice.walker
        ),
        (0.25, 0.0, 0.0, 0.0)
    );
    let expert = at(4.0);
    assert_eq!(expert.band(), MoveBand::RandomStrafe);
    assert_eq!(
        (
            expert.attack_skill,
            expert.jumper,
            expert.croucher,
            expert.walker
        ),
        (1.0, 1.0, 0.1, 0.0)
    );
}
