//! The shared bot-data sets (real-data.md §2): every valid weight file loads, every
//! known-defective one is rejected with its real cause, and loaded configs evaluate as
//! documented. Reads `$REAL_DATA/botfiles`, else `../shared/botfiles` beside the workspace;
//! says "skipped" when neither exists and `REAL_DATA` is unset.

use std::path::{Path, PathBuf};

use fuzzy_weights::{
    CompiledConfig, Interpolation, Inventory, LoadError, WeightConfig, best_weapon, load_dir,
};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const NEONKNIGHT: &str = real_data::BOT_SETS[0];
const TREMFUSION: &str = real_data::BOT_SETS[1];
const MECWERKS: &str = real_data::BOT_SETS[2];
const TREMFUSION_BOTS: [&str; 5] = ["default", "gargoyle", "grism", "kyonshi", "major"];

/// The `botfiles` root of the shared set `name`.
fn set(botfiles: &Path, name: &str) -> PathBuf {
    real_data::bot_set(botfiles, name)
}

fn balance_leaves(config: &WeightConfig) -> usize {
    let mut n = 0;
    for weight in &config.weights {
        weight
            .body
            .for_each_leaf(&mut |leaf| n += usize::from(leaf.balance));
    }
    n
}

#[test]
fn neonknight_item_and_weapon_weights_load() {
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = set(&botfiles, NEONKNIGHT);
    let items = load_dir(&root, "bots/default_i.c").unwrap();
    let weapons = load_dir(&root, "bots/default_w.c").unwrap();
    // real-data.md §2.1: 66 weight definitions after includes, depth 3, 239 balance leaves.
    assert_eq!(items.config.weights.len(), 53);
    assert_eq!(weapons.config.weights.len(), 13);
    assert_eq!(
        balance_leaves(&items.config) + balance_leaves(&weapons.config),
        239
    );
    let depth = |c: &WeightConfig| c.weights.iter().map(|w| w.body.depth()).max().unwrap_or(0);
    assert_eq!(depth(&items.config).max(depth(&weapons.config)), 3);
    assert!(items.warnings.is_empty(), "{:?}", items.warnings);
    assert!(weapons.warnings.is_empty(), "{:?}", weapons.warnings);
    assert_eq!(items.names.slot("INVENTORY_POINTBLUE"), Some(52));
    assert_eq!(weapons.names.slot("ENEMY_HORIZONTAL_DIST"), Some(200));
    assert!(items.config.get("item_armor_shard").is_some());
}

#[test]
fn neonknight_weapon_weights_evaluate_with_the_evalint_quirk() {
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let loaded = load_dir(set(&botfiles, NEONKNIGHT), "bots/default_w.c").unwrap();
    let names = &loaded.names;
    let slot = |name: &str| names.slot(name).unwrap();
    let compiled = CompiledConfig::new(&loaded.config);
    let chaingun = compiled.find("Chaingun").unwrap();
    let mut inventory = Inventory::default();
    inventory[slot("INVENTORY_CHAINGUN")] = 1;
    inventory[slot("INVENTORY_BELT")] = 50;
    inventory[slot("ENEMY_HORIZONTAL_DIST")] = 300;
    assert_eq!(
        compiled.evaluate(chaingun, &inventory, Interpolation::Linear),
        250.0
    );
    // Beyond 900 units: `default: return $evalint(CGW*0.1)`, which is 250 × 0 = 0 (L1), and
    // no interpolation into a default.
    inventory[slot("ENEMY_HORIZONTAL_DIST")] = 950;
    assert_eq!(
        compiled.evaluate(chaingun, &inventory, Interpolation::Linear),
        0.0
    );
    // Best weapon among all: only the chaingun is held, but it weighs 0 here.
    let all: Vec<_> = compiled.ids().collect();
    assert_eq!(
        best_weapon(&compiled, &all, &inventory, Interpolation::Linear),
        None
    );
    inventory[slot("ENEMY_HORIZONTAL_DIST")] = 300;
    let best = best_weapon(&compiled, &all, &inventory, Interpolation::Linear).unwrap();
    assert_eq!(compiled.name(all[best.0]), "Chaingun");
}

#[test]
fn real_configs_evaluate_identically_in_tree_and_compiled_form() {
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = set(&botfiles, NEONKNIGHT);
    let mut rng = SmallRng::seed_from_u64(11);
    for file in ["bots/default_i.c", "bots/default_w.c"] {
        let config = load_dir(&root, file).unwrap().config;
        let compiled = CompiledConfig::new(&config);
        for _ in 0..300 {
            let mut inventory = Inventory::default();
            for value in &mut inventory.0 {
                *value = rng.random_range(-5..260);
            }
            inventory[200] = rng.random_range(0..1500);
            for (id, weight) in compiled.ids().zip(&config.weights) {
                for interpolation in [Interpolation::Linear, Interpolation::Step] {
                    let tree = weight.body.evaluate(&inventory, interpolation);
                    assert_eq!(
                        tree.to_bits(),
                        compiled.evaluate(id, &inventory, interpolation).to_bits(),
                        "{file} {}",
                        weight.name
                    );
                }
            }
        }
    }
}

#[test]
fn standalone_shared_bodies_fail_on_their_first_undefined_slot_name() {
    // fuzi.c / fuzw.c include neither inv.h nor the bot's tuning defines: botlib loads them
    // only through bots/*_i.c and bots/*_w.c. Standalone, the first error in reading order is
    // the first switch on an inventory name.
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    for set_name in [NEONKNIGHT, TREMFUSION] {
        let root = set(&botfiles, set_name);
        let error = load_dir(&root, "fuzi.c").unwrap_err();
        assert!(matches!(error, LoadError::Syntax(_)), "{error}");
        assert!(
            error
                .to_string()
                .starts_with("fuzi.c:42:8: expected an inventory index"),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .contains("`INVENTORY_SCOUT`, a name that is not a defined macro")
        );
        let error = load_dir(&root, "fuzw.c").unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("fuzw.c:26:9: expected an inventory index"),
            "{error}"
        );
        assert!(error.to_string().contains("`INVENTORY_BFG10K`"), "{error}");
    }
}

#[test]
fn tremfusion_weight_files_are_rejected_with_the_real_cause() {
    // real-data.md §2.4: inv.h comments out the weapon/powerup block, so fuzi.c line 42
    // `switch(INVENTORY_SCOUT)` and fuzw.c line 26 `switch(INVENTORY_BFG10K)` name no number.
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = set(&botfiles, TREMFUSION);
    for bot in TREMFUSION_BOTS {
        let file = format!("bots/{bot}_i.c");
        let text = load_dir(&root, &file).unwrap_err().to_string();
        assert!(
            text.starts_with(
                "fuzi.c:42:8: expected an inventory index (an integer), found `INVENTORY_SCOUT`"
            ) && text.contains(&format!("(included from {file}:")),
            "{text}"
        );
        let file = format!("bots/{bot}_w.c");
        let text = load_dir(&root, &file).unwrap_err().to_string();
        assert!(
            text.starts_with(
                "fuzw.c:26:9: expected an inventory index (an integer), found `INVENTORY_BFG10K`"
            ) && text.contains(&format!("(included from {file}:")),
            "{text}"
        );
    }
}

#[test]
fn every_weight_file_of_every_set_is_accounted_for() {
    // Each *_i.c / *_w.c of every set either loads (NeonKnightOA) or is a known defect
    // (tremfusion); Mecwerks has none.
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let mut seen = Vec::new();
    for set_name in [NEONKNIGHT, TREMFUSION, MECWERKS] {
        let root = set(&botfiles, set_name);
        let mut files: Vec<String> = std::fs::read_dir(root.join("bots"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with("_i.c") || n.ends_with("_w.c"))
            .collect();
        files.sort();
        for file in files {
            let result = load_dir(&root, &format!("bots/{file}"));
            seen.push((set_name, file, result.is_ok()));
        }
    }
    let ok: Vec<_> = seen.iter().filter(|s| s.2).map(|s| s.1.as_str()).collect();
    let failed = seen.iter().filter(|s| !s.2).count();
    assert_eq!(ok, ["default_i.c", "default_w.c"], "{seen:?}");
    assert_eq!(failed, 10, "{seen:?}");
    assert!(seen.iter().all(|s| s.0 != MECWERKS));
}
