//! Every character file of the three shared bot-data sets (real-data.md §2) loads at every
//! skill, from its own blocks, with golden values read by hand from the files. Reads
//! `$REAL_DATA/botfiles`, else `../shared/botfiles` beside the workspace; says "skipped" when
//! neither exists and `REAL_DATA` is unset. The GPL data is read in place, never copied.

use std::path::Path;

use bot_brain::character::{Characteristic as C, Compat, Step, Value, load_dir};

const NEONKNIGHT: &str = real_data::BOT_SETS[0];
const TREMFUSION: &str = real_data::BOT_SETS[1];
const MECWERKS: &str = real_data::BOT_SETS[2];

/// Every `*_c.c` under `dir` (relative, `/`-separated, sorted).
fn character_files(dir: &Path, prefix: &str, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().unwrap().is_dir() {
            character_files(&entry.path(), &format!("{prefix}{name}/"), out);
        } else if name.to_ascii_lowercase().ends_with("_c.c") {
            out.push(format!("{prefix}{name}"));
        }
    }
    out.sort();
}

fn close(actual: f32, expected: f32) {
    assert!((actual - expected).abs() < 1e-4, "{actual} != {expected}");
}

#[test]
fn every_shared_character_file_loads_from_its_own_blocks_at_every_skill() {
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let mut count = 0;
    for set in real_data::BOT_SETS {
        let root = real_data::bot_set(&botfiles, set);
        let mut files = Vec::new();
        character_files(&root, "", &mut files);
        for file in &files {
            for compat in [Compat::Botlib, Compat::Fixed] {
                for skill in [1.0, 1.5, 2.0, 3.0, 4.0, 4.5, 5.0] {
                    let character = load_dir(&root, file, skill, compat)
                        .unwrap_or_else(|e| panic!("{set}/{file} at skill {skill}: {e}"));
                    for anchor in &character.anchors {
                        assert_eq!(anchor.step, Step::File, "{set}/{file}: {anchor}");
                        assert!(anchor.defaults_filled, "{set}/{file}");
                    }
                    assert!(
                        character.unset_by_interpolation.is_empty(),
                        "{set}/{file} at {skill}: {:?}",
                        character.unset_by_interpolation
                    );
                    assert!(character.value(C::Name).is_some());
                }
            }
            count += 1;
        }
    }
    // real-data.md §2: 1 + 5 + 2 characters.
    assert_eq!(count, 8);
}

#[test]
fn neonknight_default_character_interpolates_as_the_reference_says() {
    // bots/default_c.c: REACTIONTIME 3.0 / 1.75 / 0.0 (floats), VIEW_MAXCHANGE 90 / 240 / 360
    // (integers), AIM_ACCURACY_MACHINEGUN 0.3 / 0.5 / 0.7, CHAT_CPM 400 at every skill
    // (reference §11.2 and §11.3).
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, NEONKNIGHT);
    let file = "bots/default_c.c";
    let at = |skill: f32, compat| load_dir(&root, file, skill, compat).unwrap();
    close(
        at(2.0, Compat::Botlib).float(C::ReactionTime).unwrap(),
        2.583_333,
    );
    close(
        at(3.0, Compat::Botlib).float(C::ReactionTime).unwrap(),
        2.166_667,
    );
    close(
        at(4.5, Compat::Botlib).float(C::ReactionTime).unwrap(),
        0.875,
    );
    assert_eq!(
        at(2.0, Compat::Botlib).value(C::ViewMaxChange),
        Some(&Value::Integer(90))
    );
    assert_eq!(
        at(3.0, Compat::Botlib).value(C::ViewMaxChange),
        Some(&Value::Integer(90))
    );
    assert_eq!(
        at(4.5, Compat::Botlib).value(C::ViewMaxChange),
        Some(&Value::Integer(240))
    );
    close(
        at(2.0, Compat::Fixed).float(C::ViewMaxChange).unwrap(),
        140.0,
    );
    close(
        at(4.5, Compat::Fixed).float(C::ViewMaxChange).unwrap(),
        300.0,
    );
    close(
        at(5.0, Compat::Fixed)
            .float(C::AimAccuracyMachinegun)
            .unwrap(),
        0.7,
    );
    close(
        at(3.0, Compat::Fixed)
            .float(C::AimAccuracyMachinegun)
            .unwrap(),
        0.3 + 0.2 * 2.0 / 3.0,
    );
    assert_eq!(at(3.0, Compat::Fixed).integer(C::ChatCpm).unwrap(), 400);
    let one = at(1.0, Compat::Botlib);
    assert_eq!(one.string(C::Name).unwrap(), "Player");
    assert_eq!(one.string(C::WeaponWeights).unwrap(), "bots/default_w.c");
    assert_eq!(one.string(C::ItemWeights).unwrap(), "bots/default_i.c");
    assert_eq!(one.gender(), bot_brain::Gender::Male);
}

#[test]
fn tremfusion_grism_reads_its_own_values() {
    // bots/grism_c.c: NAME "Grism", GENDER "Male", REACTIONTIME 2.00 / 1.25 / 0.00,
    // VIEW_MAXCHANGE 90 / 240 / 360, CHAT_INSULT 0.900 at skill 1; CRLF line ends.
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, TREMFUSION);
    let grism = load_dir(&root, "bots/grism_c.c", 1.0, Compat::Botlib).unwrap();
    assert_eq!(grism.string(C::Name).unwrap(), "Grism");
    assert_eq!(grism.gender(), bot_brain::Gender::Male);
    close(grism.float(C::ChatInsult).unwrap(), 0.9);
    let grism = load_dir(&root, "bots/grism_c.c", 2.5, Compat::Botlib).unwrap();
    close(grism.float(C::ReactionTime).unwrap(), 1.625);
    assert_eq!(grism.value(C::ViewMaxChange), Some(&Value::Integer(90)));
    let grism = load_dir(&root, "bots/grism_c.c", 2.5, Compat::Fixed).unwrap();
    close(grism.float(C::ViewMaxChange).unwrap(), 165.0);
}

#[test]
fn mecwerks_dialect_loads_by_index_and_getters_see_the_mismatch() {
    // Its chars.h renumbers: BOT_VIEW_MAXCHANGE is 4 (stock VIEW_FACTOR), BOT_CHAT_FILE is 8
    // (stock AIM_ACCURACY_MACHINEGUN). bots/marcus_c.c: BOT_VIEW_MAXCHANGE 180 at every
    // skill; BOT_CHAT_FILE "bots/default_t.c" at skill 1, "bots/marcus_t.c" at 4 and 5.
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, MECWERKS);
    let marcus = load_dir(&root, "bots/marcus_c.c", 1.0, Compat::Botlib).unwrap();
    assert_eq!(marcus.value_at(4), Some(&Value::Integer(180)));
    assert_eq!(
        marcus.value_at(8),
        Some(&Value::String("bots/default_t.c".into()))
    );
    assert!(marcus.float(C::AimAccuracyMachinegun).is_err());
    // A string at the lower anchor is copied.
    let marcus = load_dir(&root, "bots/marcus_c.c", 4.5, Compat::Botlib).unwrap();
    assert_eq!(
        marcus.value_at(8),
        Some(&Value::String("bots/marcus_t.c".into()))
    );
}
