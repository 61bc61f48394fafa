//! Bad input gives a clear error or a diagnostic, never a panic or a hang: maps without spawn
//! points, unknown and broken entities, missing targets, a `.aas` of another map, and logs
//! that were edited, cut or are not logs at all.

use std::fmt::Write as _;

use bot_interface::{BotInput, BotView, Buttons, Player, Team};
use bot_world::log::{LogError, LogWriter, read_log};
use bot_world::{
    Entrant, Level, LevelError, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, play, replay,
};
use glam::Vec3;

mod common;

use common::{brush, level_of, pack_level, room};

const SPAWNS: &str = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-256 0 24\"\n}\n\
                      {\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"256 0 24\"\n\"angle\" \"180\"\n}\n";

#[test]
fn a_map_without_spawn_points_is_an_error() {
    let text = room(
        &[],
        "{\n\"classname\" \"item_armor_body\"\n\"origin\" \"0 0 16\"\n}\n",
    );
    let error = level_of("room", &text).expect_err("no spawn point");
    assert!(error.to_string().contains("no spawn point"), "{error}");
}

#[test]
fn unknown_and_broken_entities_are_diagnostics() {
    let mut text = room(&[], SPAWNS);
    let _ = write!(
        text,
        "{{\n\"classname\" \"item_unheard_of\"\n\"origin\" \"0 0 16\"\n}}\n\
         {{\n\"classname\" \"func_train\"\n}}\n\
         {{\n\"classname\" \"weapon_railgun\"\n\"origin\" \"0 64 16\"\n\"wait\" \"soon\"\n}}\n\
         {{\n\"classname\" \"weapon_shotgun\"\n}}\n\
         {{\n\"classname\" \"trigger_push\"\n\"target\" \"nowhere\"\n{}}}\n",
        brush([-64, -64, 0], [0, 0, 8])
    );
    let level = level_of("room", &text).expect("a level all the same");
    let messages: Vec<String> = level.diagnostics.iter().map(ToString::to_string).collect();
    let has = |class: &str, words: &str| {
        messages
            .iter()
            .any(|m| m.contains(class) && m.contains(words))
    };
    assert!(
        has("item_unheard_of", "unknown item class"),
        "{messages:#?}"
    );
    assert!(has("func_train", "not modelled"), "{messages:#?}");
    assert!(
        has("weapon_railgun", "`wait` is not a number"),
        "{messages:#?}"
    );
    assert!(has("weapon_shotgun", "no usable `origin`"), "{messages:#?}");
    assert!(has("trigger_push", "nowhere"), "{messages:#?}");
    // The railgun is still there, with its default respawn.
    assert!(
        level
            .items
            .iter()
            .any(|i| i.item == bot_interface::Item::Weapon(bot_interface::Weapon::Railgun))
    );
    // And a match runs on it.
    let entrants = vec![still("a"), still("b")];
    let mut runner = MatchRunner::new(&level, MatchSettings::default(), entrants);
    let summary = play::<Vec<u8>>(&mut runner, PlayOptions { max_frames: 100 }, None, |_| {})
        .expect("no log");
    assert_eq!(summary.frames, 100);
    assert_eq!(summary.diagnostics.len(), level.diagnostics.len());
}

/// Stands still, respawning when dead.
struct Still(String);

impl Player for Still {
    fn name(&self) -> &str {
        &self.0
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        BotInput {
            buttons: if view.me.alive {
                Buttons::empty()
            } else {
                Buttons::RESPAWN
            },
            move_direction: Vec3::X,
            move_speed: if view.frame % 20 < 10 { 320.0 } else { 0.0 },
            ..BotInput::default()
        }
    }
}

fn still(name: &str) -> Entrant<'static> {
    Entrant {
        setup: PlayerSetup {
            name: name.to_owned(),
            team: Team::Free,
        },
        kind: "still".to_owned(),
        driver: Box::new(Still(name.to_owned())),
    }
}

#[test]
fn an_aas_of_another_map_is_refused() {
    let Some(loaded) = pack_level("oacmpdm1", "oacmpdm2") else {
        return;
    };
    let error = loaded.expect_err("another map's .aas");
    assert!(
        matches!(error, LevelError::ChecksumMismatch { .. }),
        "{error}"
    );
    let message = error.to_string();
    assert!(
        message.contains("oacmpdm2.aas") && message.contains("another map"),
        "{message}"
    );
}

/// A short logged match on `level`, as text lines.
fn logged_match(level: &Level) -> Vec<String> {
    let mut runner = MatchRunner::new(
        level,
        MatchSettings::default(),
        vec![still("a"), still("b")],
    );
    let header = runner.header("room.map", None);
    let mut writer = LogWriter::new(Vec::new());
    play(
        &mut runner,
        PlayOptions { max_frames: 60 },
        Some((&mut writer, &header)),
        |_| {},
    )
    .expect("in memory");
    let text = String::from_utf8(writer.finish().expect("flush")).expect("utf-8");
    text.lines().map(str::to_owned).collect()
}

#[test]
fn an_edited_log_replays_to_a_difference() {
    let level = level_of("room", &room(&[], SPAWNS)).expect("the room");
    let lines = logged_match(&level);
    let recorded = read_log(lines.join("\n").as_bytes()).expect("reads");
    assert!(replay(&recorded, &level).identical);
    // Change one player's input in frame 30 (it stood still): it runs the other way.
    let mut edited = lines.clone();
    let index = edited
        .iter()
        .position(|l| l.starts_with("{\"frame\":30,\"event\":\"frame\""))
        .expect("frame 30");
    let frame: serde_json::Value = serde_json::from_str(&edited[index]).expect("json");
    let mut frame = frame;
    frame["inputs"][0][3] = serde_json::json!(320.0);
    frame["inputs"][0][0] = serde_json::json!(-1.0);
    edited[index] = frame.to_string();
    let recorded = read_log(edited.join("\n").as_bytes()).expect("still a log");
    let report = replay(&recorded, &level);
    assert!(!report.identical);
    assert_eq!(report.first_mismatch, Some(30), "{report:?}");
    // Change a logged hash: the replay differs there.
    let mut edited = lines;
    let index = edited
        .iter()
        .position(|l| l.starts_with("{\"frame\":12,\"event\":\"frame\""))
        .expect("frame 12");
    let mut frame: serde_json::Value = serde_json::from_str(&edited[index]).expect("json");
    frame["hash"] = serde_json::json!("0000000000000000");
    edited[index] = frame.to_string();
    let report = replay(
        &read_log(edited.join("\n").as_bytes()).expect("a log"),
        &level,
    );
    assert_eq!(report.first_mismatch, Some(12));
}

#[test]
fn broken_logs_are_errors_naming_the_line() {
    let level = level_of("room", &room(&[], SPAWNS)).expect("the room");
    let lines = logged_match(&level);
    let error = |text: String| read_log(text.as_bytes()).expect_err("not a valid log");
    assert!(matches!(error(String::new()), LogError::NoHeader));
    assert!(matches!(
        error(lines[1..].join("\n")),
        LogError::NoHeader | LogError::Line { .. }
    ));
    let mut cut = lines.clone();
    let half = cut[5].len() / 2;
    cut[5].truncate(half);
    let message = error(cut.join("\n")).to_string();
    assert!(message.starts_with("line 6:"), "{message}");
    let mut versioned = lines.clone();
    versioned[0] = versioned[0].replace("\"version\":1", "\"version\":99");
    assert!(matches!(
        error(versioned.join("\n")),
        LogError::Version { found: 99 }
    ));
    let mut skipped = lines;
    let index = skipped
        .iter()
        .position(|l| l.starts_with("{\"frame\":3,\"event\":\"frame\""))
        .expect("frame 3");
    skipped.remove(index);
    let message = error(skipped.join("\n")).to_string();
    assert!(
        message.contains("frame 4 where frame 3 was expected"),
        "{message}"
    );
}
