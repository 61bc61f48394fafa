//! The goal code on the shared bot data (real-data.md §2): both real `items.c` files, the
//! item weights they go with, and `inv.h`'s slot numbers. Reads `$REAL_DATA/botfiles`, else
//! `../shared/botfiles` beside the workspace; says "skipped" when neither exists and
//! `REAL_DATA` is unset. The GPL data is read in place, never copied.

use bot_brain::goal::inventory::{ammo_slot, powerup_slot, weapon_slot};
use bot_brain::goal::{
    GoalContext, GoalState, IgnoreReason, ItemConfigError, ItemKnowledge, KnowledgeSettings,
    LevelItems, Placed, ScoreSettings, Verdict, load_item_config_dir, unweighted_classes,
};
use bot_interface::{Item, Powerup, Weapon};
use fuzzy_weights::{CompiledConfig, Inventory};
use glam::Vec3;
use rand::SeedableRng;
use rand::rngs::SmallRng;

const NEONKNIGHT: &str = real_data::BOT_SETS[0];
const TREMFUSION: &str = real_data::BOT_SETS[1];

#[test]
fn neonknight_items_c_loads_with_the_values_of_the_file() {
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, NEONKNIGHT);
    let config = load_item_config_dir(&root, "items.c").unwrap();
    // real-data.md §2.1: 58 iteminfo.
    assert_eq!(config.infos.len(), 58);
    // items.c line 39: the first block.
    let belt = &config.infos[0];
    assert_eq!(belt.classname, "ammo_belt");
    assert_eq!(belt.name, "Chaingun Belt");
    assert_eq!(belt.model, "models/powerups/ammo/chaingunam.md3");
    assert_eq!((belt.modelindex, belt.kind, belt.index), (41, 1, 28));
    assert!((belt.respawntime - 30.0).abs() < f32::EPSILON);
    assert_eq!(belt.mins, Vec3::splat(-13.0));
    assert_eq!(belt.maxs, Vec3::splat(13.0));
    assert_eq!((&*belt.pos.file, belt.pos.line), ("items.c", 39));
    // Line 432: weapon_rocketlauncher, MODELINDEX_ROCKETLAUNCHER 12, WEAPONI 2,
    // INVENTORY_ROCKETLAUNCHER 8, respawntime 30.
    let rl = config.find("weapon_rocketlauncher").unwrap();
    assert_eq!((rl.modelindex, rl.kind, rl.index), (12, 2, 8));
    assert!((rl.respawntime - 30.0).abs() < f32::EPSILON);
    // Line 486: item_quad, POWERI 5, INVENTORY_QUAD 35, respawntime 60.
    let quad = config.find("item_quad").unwrap();
    assert_eq!((quad.modelindex, quad.kind, quad.index), (28, 5, 35));
    assert!((quad.respawntime - 60.0).abs() < f32::EPSILON);
    // Flags give no respawn time; the roam goal is type ROAMI 7 with no model.
    let flag = config.find("team_CTF_redflag").unwrap();
    assert_eq!((flag.kind, flag.index, flag.respawntime), (6, 45, 0.0));
    let roam = config.find("item_botroam").unwrap();
    assert_eq!((roam.kind, roam.model.as_str()), (7, ""));
    // The last three are the domination points (OpenArena's additions to inv.h).
    let last = config.infos.last().unwrap();
    assert_eq!(
        (last.classname.as_str(), last.index),
        ("team_dom_pointRed", 51)
    );
}

#[test]
fn tremfusion_items_c_is_rejected_at_its_undefined_modelindex() {
    // real-data.md §2.4: inv.h comments out the MODELINDEX block, so items.c line 43
    // `modelindex MODELINDEX_BELT` names no number.
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, TREMFUSION);
    let error = load_item_config_dir(&root, "items.c").unwrap_err();
    assert!(matches!(error, ItemConfigError::Syntax(_)), "{error}");
    assert_eq!(
        error.to_string(),
        "items.c:43:12: expected a number for `modelindex`, found `MODELINDEX_BELT`"
    );
}

/// The stock item weights and item config of the `OpenArena` set.
fn neonknight() -> Option<(bot_brain::goal::ItemConfig, fuzzy_weights::Loaded)> {
    let botfiles = real_data::botfiles()?;
    let root = real_data::bot_set(&botfiles, NEONKNIGHT);
    let config = load_item_config_dir(&root, "items.c").unwrap();
    let weights = fuzzy_weights::load_dir(&root, "bots/default_i.c").unwrap();
    Some((config, weights))
}

#[test]
fn classes_without_a_weight_are_the_ones_the_reference_lists() {
    // real-data.md §2.4: with bots/default_i.c, five item classes have no weight.
    let Some((config, weights)) = neonknight() else {
        return;
    };
    let compiled = CompiledConfig::new(&weights.config);
    let mut missing = unweighted_classes(&config, &compiled);
    missing.sort_unstable();
    assert_eq!(
        missing,
        [
            "team_blueobelisk",
            "team_neutralobelisk",
            "team_redobelisk",
            "weapon_gauntlet",
            "weapon_grapplinghook",
        ]
    );
}

#[test]
fn inventory_slots_are_the_ones_of_inv_h() {
    let Some((_, weights)) = neonknight() else {
        return;
    };
    let slot = |name: &str| weights.names.slot(name).unwrap_or_else(|| panic!("{name}"));
    let weapon_names = [
        (Weapon::Gauntlet, "GAUNTLET"),
        (Weapon::Shotgun, "SHOTGUN"),
        (Weapon::Machinegun, "MACHINEGUN"),
        (Weapon::GrenadeLauncher, "GRENADELAUNCHER"),
        (Weapon::RocketLauncher, "ROCKETLAUNCHER"),
        (Weapon::LightningGun, "LIGHTNING"),
        (Weapon::Railgun, "RAILGUN"),
        (Weapon::PlasmaGun, "PLASMAGUN"),
        (Weapon::Bfg, "BFG10K"),
    ];
    for (weapon, name) in weapon_names {
        assert_eq!(weapon_slot(weapon), slot(&format!("INVENTORY_{name}")));
    }
    let ammo_names = [
        (Weapon::Shotgun, "SHELLS"),
        (Weapon::Machinegun, "BULLETS"),
        (Weapon::GrenadeLauncher, "GRENADES"),
        (Weapon::PlasmaGun, "CELLS"),
        (Weapon::LightningGun, "LIGHTNINGAMMO"),
        (Weapon::RocketLauncher, "ROCKETS"),
        (Weapon::Railgun, "SLUGS"),
        (Weapon::Bfg, "BFGAMMO"),
    ];
    for (weapon, name) in ammo_names {
        assert_eq!(ammo_slot(weapon), Some(slot(&format!("INVENTORY_{name}"))));
    }
    let powerup_names = [
        (Powerup::Quad, "QUAD"),
        (Powerup::Battlesuit, "ENVIRONMENTSUIT"),
        (Powerup::Haste, "HASTE"),
        (Powerup::Invisibility, "INVISIBILITY"),
        (Powerup::Regeneration, "REGEN"),
        (Powerup::Flight, "FLIGHT"),
    ];
    for (powerup, name) in powerup_names {
        assert_eq!(powerup_slot(powerup), slot(&format!("INVENTORY_{name}")));
    }
    use bot_brain::goal::inventory as inv;
    assert_eq!(inv::INVENTORY_ARMOR, slot("INVENTORY_ARMOR"));
    assert_eq!(inv::INVENTORY_HEALTH, slot("INVENTORY_HEALTH"));
    assert_eq!(inv::INVENTORY_TELEPORTER, slot("INVENTORY_TELEPORTER"));
    assert_eq!(inv::INVENTORY_MEDKIT, slot("INVENTORY_MEDKIT"));
    assert_eq!(inv::INVENTORY_REDFLAG, slot("INVENTORY_REDFLAG"));
    assert_eq!(inv::INVENTORY_BLUEFLAG, slot("INVENTORY_BLUEFLAG"));
}

#[test]
fn game_items_join_the_real_files_and_choice_is_seeded() {
    let Some((config, weights)) = neonknight() else {
        return;
    };
    let compiled = CompiledConfig::new(&weights.config);
    let classes: Vec<&str> = Item::all().map(Item::classname).collect();
    let placed = classes.iter().enumerate().map(|(i, classname)| Placed {
        entity: u32::try_from(i).unwrap() + 64,
        classname,
        origin: Vec3::new(100.0 * i as f32, 0.0, 0.0),
    });
    let level = LevelItems::new(placed, &config, &compiled);
    // Left out, as botlib would: the gauntlet has no weight in default_i.c, and the game's
    // invisibility class `item_invis` is spelt `item_invisibility` in this items.c (line
    // 522) and fuzi.c (line 580), so it matches no info.
    let ignored: Vec<(&str, IgnoreReason)> = level
        .ignored()
        .iter()
        .map(|i| (i.classname.as_str(), i.reason))
        .collect();
    assert_eq!(
        ignored,
        [
            ("weapon_gauntlet", IgnoreReason::NoWeight),
            ("item_invis", IgnoreReason::NoItemInfo),
        ]
    );
    assert_eq!(level.len(), 32);

    // A fresh bot: 125 health, a machinegun with 100 bullets. Travel time grows with the
    // distance along the line; the weights have balance() leaves, so the choice depends on
    // the seed, and is the same for the same seed.
    let mut inventory = Inventory::default();
    inventory[29] = 125;
    inventory[6] = 1;
    inventory[19] = 100;
    let knowledge = ItemKnowledge::new(&level, KnowledgeSettings::default());
    let ctx = GoalContext {
        level: &level,
        weights: &compiled,
        knowledge: &knowledge,
        inventory: &inventory,
        origin: Vec3::new(-50.0, 0.0, 0.0),
        now_ms: 10_000,
        settings: ScoreSettings::default(),
    };
    let choose = |seed: u64| {
        let mut travel = |from: Vec3, goal: &bot_brain::Goal| {
            let distance = from.distance(goal.origin);
            Some(u16::try_from((distance / 3.2) as u32).unwrap_or(u16::MAX))
        };
        let mut state = GoalState::new();
        let mut rng = SmallRng::seed_from_u64(seed);
        state.choose_ltg(&ctx, &mut travel, &mut rng).unwrap()
    };
    let first = choose(7);
    assert_eq!(first, choose(7));
    let best = first.goal().expect("some item is wanted");
    assert!(best.item.is_some());
    let scored = first
        .candidates
        .iter()
        .filter(|c| c.verdict == Verdict::Scored)
        .count();
    assert!(scored > 10, "{scored} items scored");
}
