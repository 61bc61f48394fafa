//! Setting bots up (`bot_brain::setup`): our default botfiles load with no diagnostic for
//! every character and skill, weigh every item and weapon and speak every chat type the brain
//! uses; the three real sets (real-data.md §2, read in place, skipped when absent) load with
//! the diagnostics of their known defects.

use std::path::Path;

use bot_brain::setup::{BotProfile, EMBEDDED_FILES, SharedBotData, default_botfiles};
use bot_chat::{ChatState, Gender};
use bot_interface::{Item, Weapon};
use bot_script::{DirSource, FileSource, Preprocessor};
use rand::SeedableRng;
use rand::rngs::SmallRng;

const CHARACTERS: [&str; 5] = ["default", "vesper", "bastion", "clatter", "kestrel"];

/// The weight names of the nine weapons, in weapon-number order (as `weapons.c` names them).
const WEAPON_NAMES: [&str; 9] = [
    "Gauntlet",
    "Machinegun",
    "Shotgun",
    "Grenade Launcher",
    "Rocket Launcher",
    "Lightning Gun",
    "Railgun",
    "Plasma Gun",
    "BFG10K",
];

const CHAT_TYPES: [&str; 28] = [
    "game_enter",
    "game_exit",
    "level_start",
    "level_end",
    "level_end_victory",
    "level_end_lose",
    "hit_talking",
    "hit_nodeath",
    "hit_nokill",
    "death_telefrag",
    "death_cratered",
    "death_lava",
    "death_slime",
    "death_drown",
    "death_suicide",
    "death_gauntlet",
    "death_rail",
    "death_bfg",
    "death_insult",
    "death_praise",
    "kill_rail",
    "kill_gauntlet",
    "kill_telefrag",
    "kill_insult",
    "kill_praise",
    "enemy_suicide",
    "random_insult",
    "random_misc",
];

fn folder() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("botfiles")
}

fn files_under(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(root, &path, out);
        } else {
            let rel = path.strip_prefix(root).unwrap();
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(parts.join("/"));
        }
    }
}

#[test]
fn the_embedded_list_is_the_folder() {
    let root = folder();
    let mut on_disk = Vec::new();
    files_under(&root, &root, &mut on_disk);
    on_disk.sort();
    let embedded: Vec<String> = EMBEDDED_FILES
        .iter()
        .map(|(p, _)| (*p).to_owned())
        .collect();
    assert_eq!(embedded, on_disk);
    let source = default_botfiles();
    assert_eq!(source.len(), on_disk.len());
    for path in &on_disk {
        let (_, bytes) = source.read(path).unwrap();
        assert_eq!(bytes, std::fs::read(root.join(path)).unwrap(), "{path}");
    }
}

#[test]
fn our_shared_data_loads_cleanly_with_every_item() {
    for shared in [
        SharedBotData::load(&default_botfiles()),
        SharedBotData::load(&DirSource::new(folder())),
    ] {
        assert_eq!(shared.diagnostics, Vec::<String>::new());
        for item in Item::all() {
            let info = shared.items.find(item.classname()).unwrap_or_else(|| {
                panic!("no iteminfo for {}", item.classname());
            });
            let expected = match item {
                Item::Weapon(_) => 5.0,
                Item::Ammo(_) => 40.0,
                Item::Armor(_) => 25.0,
                Item::Health(_) => 35.0,
                Item::Holdable(_) => 60.0,
                Item::Powerup(_) => 120.0,
                Item::Flag(_) => 0.0,
            };
            assert!(
                (info.respawntime - expected).abs() < 1e-6,
                "{}",
                item.classname()
            );
        }
        assert!(!shared.chat.synonyms.is_empty());
        assert!(shared.chat.random.len() >= 5);
        assert!(shared.chat.replies.len() >= 12);
        // The reply-chat template splits "name: message".
        let found = shared.chat.find_match(b"Sarge: hello there", 128).unwrap();
        assert_eq!(found.variable_text(0), "Sarge");
        assert_eq!(found.variable_text(2), "hello there");
        let marked = shared
            .chat
            .find_match(b"Sarge\x19: hello there", 128)
            .unwrap();
        assert_eq!(marked.variable_text(0), "Sarge");
    }
}

#[test]
fn every_character_loads_cleanly_at_every_skill() {
    let source = default_botfiles();
    for name in CHARACTERS {
        for skill in [1.0, 2.5, 4.0, 5.0] {
            let profile = BotProfile::load(&source, name, skill).unwrap();
            assert_eq!(
                profile.diagnostics,
                Vec::<String>::new(),
                "{name} at {skill}"
            );
            assert_eq!(profile.file, format!("bots/{name}_c.c"));
            assert!((profile.skill - skill).abs() < 1e-6);
            assert_eq!(profile.item_weights_file, format!("bots/{name}_i.c"));
            assert_eq!(profile.weapon_weights_file, format!("bots/{name}_w.c"));
            assert_eq!(
                profile.chat_file.as_deref(),
                Some(&*format!("bots/{name}_t.c"))
            );
            assert_eq!(profile.chat_name.as_deref(), Some(name));
            for item in Item::all() {
                assert!(
                    profile.item_weights.find(item.classname()).is_some(),
                    "{name}: no weight for {}",
                    item.classname()
                );
            }
            for weapon in WEAPON_NAMES {
                assert!(
                    profile.weapon_weights.find(weapon).is_some(),
                    "{name}: {weapon}"
                );
            }
            let mut shared = SharedBotData::load(&source);
            assert_eq!(shared.add_bot(&source, &profile), Vec::<String>::new());
        }
    }
}

#[test]
fn characters_differ_and_skill_matters() {
    let source = default_botfiles();
    let load = |name: &str, skill: f32| BotProfile::load(&source, name, skill).unwrap();
    let reaction = |p: &BotProfile| {
        p.character
            .float(bot_brain::Characteristic::ReactionTime)
            .unwrap()
    };
    let low = load("vesper", 1.0);
    let mid = load("vesper", 2.5);
    let high = load("vesper", 5.0);
    assert!(reaction(&low) > reaction(&mid) && reaction(&mid) > reaction(&high));
    // Interpolated halfway between skill 1 (2.2) and skill 4 (0.6).
    assert!((reaction(&mid) - 1.4).abs() < 1e-4);
    let camper = |name: &str| {
        load(name, 4.0)
            .character
            .float(bot_brain::Characteristic::Camper)
            .unwrap()
    };
    assert!(camper("bastion") > camper("clatter") + 0.5);
    assert_eq!(load("vesper", 4.0).gender, Gender::Female);
    assert_eq!(load("clatter", 4.0).gender, Gender::Male);
    assert_eq!(load("default", 4.0).gender, Gender::It);
    assert_eq!(load("Vesper", 4.0).name, "Vesper");
}

#[test]
fn weapon_weights_follow_distance_and_personality() {
    let source = default_botfiles();
    let vesper = BotProfile::load(&source, "vesper", 4.0).unwrap();
    let clatter = BotProfile::load(&source, "clatter", 4.0).unwrap();
    let mut inventory = fuzzy_weights::Inventory::default();
    for weapon in Weapon::ALL {
        inventory[bot_brain::goal::inventory::weapon_slot(weapon)] = 1;
        if let Some(slot) = bot_brain::goal::inventory::ammo_slot(weapon) {
            inventory[slot] = 20;
        }
    }
    let best = |profile: &BotProfile, inventory: &fuzzy_weights::Inventory| {
        WEAPON_NAMES
            .iter()
            .max_by(|a, b| {
                let w = |n: &str| {
                    let id = profile.weapon_weights.find(n).unwrap();
                    profile.weapon_weights.evaluate(
                        id,
                        inventory,
                        fuzzy_weights::Interpolation::default(),
                    )
                };
                w(a).total_cmp(&w(b))
            })
            .copied()
            .unwrap()
    };
    inventory[200] = 1500;
    assert_eq!(best(&vesper, &inventory), "Railgun");
    inventory[200] = 100;
    assert_eq!(best(&clatter, &inventory), "Shotgun");
    // Without ammunition a weapon weighs nothing.
    let rail = vesper.weapon_weights.find("Railgun").unwrap();
    inventory[24] = 0;
    assert!(
        vesper
            .weapon_weights
            .evaluate(rail, &inventory, fuzzy_weights::Interpolation::default())
            .abs()
            < f32::EPSILON
    );
}

#[test]
fn every_chat_type_speaks_for_every_character() {
    let source = default_botfiles();
    let mut rng = SmallRng::seed_from_u64(7);
    for name in CHARACTERS {
        let profile = BotProfile::load(&source, name, 4.0).unwrap();
        let mut shared = SharedBotData::load(&source);
        assert!(shared.add_bot(&source, &profile).is_empty());
        let mut state = ChatState::new(&shared.chat, &profile.name, profile.gender);
        state.chat_name = profile.chat_name.clone();
        state.chat_file = profile.chat_file.clone();
        for chat_type in CHAT_TYPES {
            let vars = ["Rival", "Other", "Leader", "Last", "The Yard"];
            let chat = state
                .initial_chat(&shared.chat, chat_type, &vars, 0.0, &mut rng)
                .unwrap_or_else(|| panic!("{name}: no {chat_type}"));
            let message = chat.message.unwrap();
            assert!(!message.trim().is_empty(), "{name} {chat_type}");
            assert!(!message.contains('\u{1}'), "{name} {chat_type}: {message}");
        }
    }
}

#[test]
fn weapons_c_holds_the_nine_weapons_in_number_order() {
    let source = default_botfiles();
    let stream = Preprocessor::new(&source)
        .preprocess_file("weapons.c")
        .unwrap();
    let tokens = &stream.tokens;
    let mut weapons = Vec::new();
    let mut projectiles = 0;
    for (i, token) in tokens.iter().enumerate() {
        if token.is_name("projectileinfo") {
            projectiles += 1;
        }
        if token.is_name("weaponinfo") {
            // name "…" number N follow the brace.
            let name = tokens[i + 3].text_lossy();
            assert!(tokens[i + 4].is_name("number"));
            let number = tokens[i + 5].number.as_ref().unwrap().int;
            weapons.push((name, number));
        }
    }
    assert_eq!(projectiles, 9);
    let expected: Vec<(String, u64)> = Weapon::ALL
        .iter()
        .map(|w| (WEAPON_NAMES[w.index()].to_owned(), u64::from(w.number())))
        .collect();
    assert_eq!(weapons, expected);
}

#[test]
fn a_missing_character_falls_back_and_skills_are_clamped() {
    let source = default_botfiles();
    let profile = BotProfile::load(&source, "nobody", 9.0).unwrap();
    assert!((profile.skill - 5.0).abs() < f32::EPSILON);
    assert_eq!(profile.name, "Default");
    assert!(
        profile
            .diagnostics
            .iter()
            .any(|d| d.contains("clamped to 5"))
    );
    assert!(
        profile
            .diagnostics
            .iter()
            .any(|d| d.starts_with("bots/nobody_c.c: fell back to"))
    );
    let by_path = BotProfile::load(&source, "bots/kestrel_c.c", 4.0).unwrap();
    assert_eq!(by_path.name, "Kestrel");
    assert!(BotProfile::load(&bot_script::MemorySource::new(), "vesper", 4.0).is_err());
}

#[test]
fn broken_weights_fall_back_to_the_folders_then_ours() {
    let mut source = default_botfiles();
    source.insert("bots/vesper_w.c", "weight \"Railgun\" { switch(NOPE) }");
    let profile = BotProfile::load(&source, "vesper", 4.0).unwrap();
    assert_eq!(profile.weapon_weights_file, "bots/default_w.c");
    assert!(
        profile
            .diagnostics
            .iter()
            .any(|d| d.starts_with("bots/vesper_w.c: weapon weights"))
    );
    source.insert("bots/default_w.c", "nonsense");
    let profile = BotProfile::load(&source, "vesper", 4.0).unwrap();
    assert_eq!(profile.weapon_weights_file, "embedded:bots/default_w.c");
    assert!(profile.weapon_weights.find("Railgun").is_some());
}

fn real_set(index: usize) -> Option<DirSource> {
    let botfiles = real_data::botfiles()?;
    Some(DirSource::new(real_data::bot_set(
        &botfiles,
        real_data::BOT_SETS[index],
    )))
}

fn any_starts(diagnostics: &[String], prefix: &str, contains: &str) -> bool {
    diagnostics
        .iter()
        .any(|d| d.starts_with(prefix) && d.contains(contains))
}

#[test]
fn neonknight_set_reports_its_defects() {
    let Some(source) = real_set(0) else {
        return;
    };
    let mut shared = SharedBotData::load(&source);
    let d = &shared.diagnostics;
    assert!(any_starts(d, "rchat.c: left out", "rchat.c"), "{d:#?}");
    assert!(any_starts(d, "match.c: left out", "MSG_TAKEA"), "{d:#?}");
    assert!(
        any_starts(d, "syn.c: left out", "CONTEXT_OLDNAMES"),
        "{d:#?}"
    );
    assert_eq!(shared.items.infos.len(), 58);
    let profile = BotProfile::load(&source, "default", 4.0).unwrap();
    assert_eq!(profile.item_weights_file, "bots/default_i.c");
    assert!(
        any_starts(
            &profile.diagnostics,
            "bots/default_t.c: no initial chats",
            "player"
        ),
        "{:#?}",
        profile.diagnostics
    );
    let gaps = shared.add_bot(&source, &profile);
    for class in [
        "team_blueobelisk",
        "team_neutralobelisk",
        "team_redobelisk",
        "weapon_gauntlet",
        "weapon_grapplinghook",
    ] {
        assert!(
            gaps.iter().any(|g| g.contains(&format!("`{class}`"))),
            "{gaps:#?}"
        );
    }
    assert_eq!(gaps.len(), 5, "{gaps:#?}");
}

#[test]
fn tremfusion_set_reports_its_defects() {
    let Some(source) = real_set(1) else {
        return;
    };
    let mut shared = SharedBotData::load(&source);
    let d = shared.diagnostics.clone();
    assert!(
        any_starts(&d, "items.c: not loaded", "MODELINDEX_BELT"),
        "{d:#?}"
    );
    assert!(shared.items.find("weapon_railgun").is_some());
    assert!(any_starts(&d, "syn.c: left out", ""), "{d:#?}");
    assert!(any_starts(&d, "rnd.c:", "`fighters`"), "{d:#?}");
    for name in ["default", "gargoyle", "grism", "kyonshi", "major"] {
        let profile = BotProfile::load(&source, name, 4.0).unwrap();
        let p = &profile.diagnostics;
        assert!(
            any_starts(
                p,
                &format!("bots/{name}_i.c: item weights"),
                "INVENTORY_SCOUT"
            ),
            "{p:#?}"
        );
        assert!(
            any_starts(
                p,
                &format!("bots/{name}_w.c: weapon weights"),
                "INVENTORY_BFG10K"
            ),
            "{p:#?}"
        );
        assert_eq!(profile.item_weights_file, "embedded:bots/default_i.c");
        assert_eq!(profile.weapon_weights_file, "embedded:bots/default_w.c");
        if name == "default" {
            assert!(
                any_starts(p, "bots/gargoyle_t.c: no initial chats", "player"),
                "{p:#?}"
            );
        }
        let added = shared.add_bot(&source, &profile);
        if name == "kyonshi" {
            assert!(
                any_starts(&added, "bots/kyonshi_t.c:", "`KILL_GAUNTLET2`"),
                "{added:#?}"
            );
        }
    }
}

#[test]
fn mecwerks_set_reports_its_defects() {
    let Some(source) = real_set(2) else {
        return;
    };
    let shared = SharedBotData::load(&source);
    let d = &shared.diagnostics;
    assert!(any_starts(d, "items.c: not loaded", ""), "{d:#?}");
    for name in ["default", "marcus"] {
        let profile = BotProfile::load(&source, name, 4.0).unwrap();
        let p = &profile.diagnostics;
        assert!(
            any_starts(p, "bots/marcus_t.c: chat file of", "not found"),
            "{name}: {p:#?}"
        );
        assert_eq!(profile.item_weights_file, "embedded:bots/default_i.c");
    }
}

#[test]
fn inv_h_slots_equal_the_goal_codes() {
    use bot_brain::goal::inventory::{
        INVENTORY_ARMOR, INVENTORY_HEALTH, INVENTORY_MEDKIT, INVENTORY_TELEPORTER, ammo_slot,
        powerup_slot, weapon_slot,
    };
    let text = std::fs::read_to_string(folder().join("inv.h")).unwrap();
    let slot = |name: &str| -> u8 {
        text.lines()
            .find_map(|l| {
                let mut words = l.split_whitespace();
                (words.next() == Some("#define") && words.next() == Some(name))
                    .then(|| words.next().unwrap().parse().unwrap())
            })
            .unwrap_or_else(|| panic!("{name} missing"))
    };
    let weapons = [
        "GAUNTLET",
        "MACHINEGUN",
        "SHOTGUN",
        "GRENADELAUNCHER",
        "ROCKETLAUNCHER",
        "LIGHTNING",
        "RAILGUN",
        "PLASMAGUN",
        "BFG10K",
    ];
    let ammo = [
        "",
        "BULLETS",
        "SHELLS",
        "GRENADES",
        "ROCKETS",
        "LIGHTNINGAMMO",
        "SLUGS",
        "CELLS",
        "BFGAMMO",
    ];
    for weapon in Weapon::ALL {
        assert_eq!(
            slot(&format!("INVENTORY_{}", weapons[weapon.index()])),
            weapon_slot(weapon)
        );
        if let Some(a) = ammo_slot(weapon) {
            assert_eq!(slot(&format!("INVENTORY_{}", ammo[weapon.index()])), a);
        }
        assert_eq!(
            slot(&format!(
                "WEAPONINDEX_{}",
                match weapon {
                    Weapon::GrenadeLauncher => "GRENADE_LAUNCHER",
                    Weapon::RocketLauncher => "ROCKET_LAUNCHER",
                    Weapon::Bfg => "BFG",
                    _ => weapons[weapon.index()],
                }
            )),
            weapon.number()
        );
    }
    use bot_interface::Powerup;
    for (powerup, name) in [
        (Powerup::Quad, "QUAD"),
        (Powerup::Battlesuit, "ENVIRONMENTSUIT"),
        (Powerup::Haste, "HASTE"),
        (Powerup::Invisibility, "INVISIBILITY"),
        (Powerup::Regeneration, "REGEN"),
        (Powerup::Flight, "FLIGHT"),
    ] {
        assert_eq!(slot(&format!("INVENTORY_{name}")), powerup_slot(powerup));
    }
    assert_eq!(slot("INVENTORY_HEALTH"), INVENTORY_HEALTH);
    assert_eq!(slot("INVENTORY_ARMOR"), INVENTORY_ARMOR);
    assert_eq!(slot("INVENTORY_TELEPORTER"), INVENTORY_TELEPORTER);
    assert_eq!(slot("INVENTORY_MEDKIT"), INVENTORY_MEDKIT);
    assert_eq!(slot("ENEMY_HORIZONTAL_DIST"), 200);
}
