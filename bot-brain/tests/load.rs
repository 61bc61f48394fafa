//! Characters loaded from the hand-written set in `tests/botfiles` (written for this project):
//! anchors, defaults, fallbacks, interpolation in both [`Compat`] modes, lazy errors and the
//! typed getters.

use std::path::PathBuf;

use bot_brain::character::{
    AccessError, Characteristic as C, Compat, Gender, Step, Value, load_dir,
};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/botfiles")
}

fn close(actual: f32, expected: f32) {
    assert!((actual - expected).abs() < 1e-5, "{actual} != {expected}");
}

#[test]
fn anchors_read_their_block_and_defaults_fill_the_rest() {
    let pike = load_dir(root(), "bots/pike_c.c", 4.0, Compat::Botlib).unwrap();
    assert_eq!(pike.string(C::Name).unwrap(), "Pike");
    assert_eq!(pike.gender(), Gender::Female);
    assert_eq!(pike.value(C::ViewMaxChange), Some(&Value::Integer(250)));
    close(pike.float(C::ReactionTime).unwrap(), 0.5); // a macro, FAST
    // Not in pike_c.c: the default character's skill 4 values.
    close(pike.float(C::AttackSkill).unwrap(), 0.8);
    assert_eq!(pike.string(C::ItemWeights).unwrap(), "bots/default_i.c");
    assert_eq!(pike.integer(C::ChatCpm).unwrap(), 200);
    assert_eq!(pike.anchors.len(), 1);
    assert_eq!(pike.anchors[0].step, Step::File);
    assert!(!pike.fell_back());
    // Set nowhere.
    assert!(matches!(
        pike.float(C::Aggression),
        Err(AccessError::NotInitialized { .. })
    ));
}

#[test]
fn skills_are_clamped_and_interpolated_between_1_4_and_4_5() {
    // Skill 2: t = 1/3 between skills 1 and 4.
    let pike = load_dir(root(), "bots/pike_c.c", 2.0, Compat::Botlib).unwrap();
    close(pike.float(C::ReactionTime).unwrap(), 2.0 - 1.5 / 3.0);
    close(pike.float(C::Jumper).unwrap(), 0.25 + 0.5 / 3.0);
    // A default-only float interpolates too: defaults fill each anchor first.
    close(pike.float(C::AttackSkill).unwrap(), 0.2 + 0.6 / 3.0);
    // botlib: integers are never interpolated, the lower anchor's value stays.
    assert_eq!(pike.value(C::ViewMaxChange), Some(&Value::Integer(100)));
    assert_eq!(pike.anchors.len(), 2);
    // Skill 4.5: halfway between 4 and 5.
    let pike = load_dir(root(), "bots/pike_c.c", 4.5, Compat::Botlib).unwrap();
    close(pike.float(C::ReactionTime).unwrap(), 0.375);
    assert_eq!(pike.value(C::ViewMaxChange), Some(&Value::Integer(250)));
    assert_eq!(pike.integer(C::ChatCpm).unwrap(), 200);
    // Clamped: 0 reads skill 1, 9 reads skill 5.
    let low = load_dir(root(), "bots/pike_c.c", 0.0, Compat::Botlib).unwrap();
    assert_eq!(low.skill, 1.0);
    close(low.float(C::ReactionTime).unwrap(), 2.0);
    let high = load_dir(root(), "bots/pike_c.c", 9.0, Compat::Botlib).unwrap();
    close(high.float(C::ReactionTime).unwrap(), 0.25);
}

#[test]
fn fixed_mode_interpolates_numbers_written_as_integers() {
    let pike = load_dir(root(), "bots/pike_c.c", 2.0, Compat::Fixed).unwrap();
    close(pike.float(C::ViewMaxChange).unwrap(), 150.0);
    assert_eq!(pike.integer(C::ViewMaxChange).unwrap(), 150);
    // Equal integers stay integers.
    assert_eq!(pike.value(C::ChatCpm), Some(&Value::Integer(200)));
    let pike = load_dir(root(), "bots/pike_c.c", 4.5, Compat::default()).unwrap();
    assert_eq!(pike.value(C::ChatCpm), Some(&Value::Float(230.0)));
    assert_eq!(Compat::default(), Compat::Fixed);
}

#[test]
fn a_missing_block_falls_back_to_the_whole_default_character() {
    let lone = load_dir(root(), "bots/lone_c.c", 4.0, Compat::Botlib).unwrap();
    assert_eq!(lone.string(C::Name).unwrap(), "Default");
    assert_eq!(lone.anchors[0].step, Step::DefaultAtSkill);
    assert_eq!(lone.anchors[0].file, "bots/default_c.c");
    assert!(lone.fell_back());
    assert_eq!(
        lone.anchors[0].to_string(),
        "skill 4: bots/default_c.c at skill 4 (bots/lone_c.c: no skill 4 block)"
    );
    // Skill 2 interpolates the file's skill 1 with the default's skill 4.
    let lone = load_dir(root(), "bots/lone_c.c", 2.0, Compat::Botlib).unwrap();
    assert_eq!(lone.string(C::Name).unwrap(), "Lone");
    close(lone.float(C::AttackSkill).unwrap(), 0.4 + 0.4 / 3.0);
}

#[test]
fn errors_are_met_lazily_and_name_file_line_and_problem() {
    // The skill 1 block is read before the bad skill 4 block.
    let broken = load_dir(root(), "bots/broken_c.c", 1.0, Compat::Botlib).unwrap();
    assert_eq!(broken.string(C::Name).unwrap(), "Broken");
    // Skill 4: the file fails and botlib falls back to the default character.
    let broken = load_dir(root(), "bots/broken_c.c", 4.0, Compat::Botlib).unwrap();
    let anchor = &broken.anchors[0];
    assert_eq!(anchor.step, Step::DefaultAtSkill);
    assert_eq!(
        anchor.reason.as_ref().unwrap().to_string(),
        "bots/broken_c.c:6:10: expected a number or a string for characteristic 6, found `-`"
    );
    let twice = load_dir(root(), "bots/twice_c.c", 5.0, Compat::Botlib).unwrap();
    assert_eq!(
        twice.anchors[0].reason.as_ref().unwrap().to_string(),
        "bots/twice_c.c:5:38: characteristic 6 set twice in this skill block"
    );
    assert!(
        !load_dir(root(), "bots/twice_c.c", 4.0, Compat::Botlib)
            .unwrap()
            .fell_back()
    );
}

#[test]
fn botlib_mode_leaves_float_to_integer_slots_unset() {
    let mixed = load_dir(root(), "bots/mixed_c.c", 2.0, Compat::Botlib).unwrap();
    assert_eq!(mixed.unset_by_interpolation, [C::ReactionTime.index()]);
    assert!(matches!(
        mixed.float(C::ReactionTime),
        Err(AccessError::NotInitialized { .. })
    ));
    let mixed = load_dir(root(), "bots/mixed_c.c", 2.0, Compat::Fixed).unwrap();
    close(mixed.float(C::ReactionTime).unwrap(), 1.5 - 0.5 / 3.0);
}

#[test]
fn getters_check_the_declared_kind_and_the_stored_type() {
    let pike = load_dir(root(), "bots/pike_c.c", 1.0, Compat::Botlib).unwrap();
    let error = pike.float(C::Name).unwrap_err();
    assert_eq!(
        error.to_string(),
        "bots/pike_c.c: CHARACTERISTIC_NAME is declared a String, not read as a Float"
    );
    assert!(pike.string(C::ReactionTime).is_err());
    assert_eq!(pike.integer(C::ReactionTime).unwrap(), 2); // truncated float
    close(pike.float_clamped(C::ReactionTime, 0.0, 1.0).unwrap(), 1.0);
}

#[test]
fn a_file_and_default_both_missing_is_an_error() {
    let dir = std::env::temp_dir().join(format!("bot-brain-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let error = load_dir(&dir, "bots/none_c.c", 1.0, Compat::Botlib).unwrap_err();
    assert!(
        error.to_string().starts_with(
            "bots/none_c.c: cannot load skill 1, nor any fallback: bots/none_c.c: cannot read file"
        ),
        "{error}"
    );
    let error = load_dir(&dir, "bots/none_c.c", f32::NAN, Compat::Botlib).unwrap_err();
    assert_eq!(
        error.to_string(),
        "bots/none_c.c: skill NaN is not a number"
    );
    std::fs::remove_dir_all(dir).ok();
}
