//! Target chains: a button uses a `target_relay`, which uses a `target_delay`, which opens a
//! door a second later; a relay that names itself stops instead of recursing forever; a
//! `trigger_multiple` uses a `target_push` on the player who touched it.

use bot_interface::{BotInput, Team};
use bot_world::{MatchSettings, PlayerSetup, World};

#[expect(
    dead_code,
    reason = "this test uses the room helpers, not the pack maps"
)]
mod common;

use common::{brush, level_of, room};

/// A brush entity of `class` with `keys` (`"key" "value"` lines) and one brush.
fn brush_entity(class: &str, keys: &str, lo: [i32; 3], hi: [i32; 3]) -> String {
    format!("{{\n\"classname\" \"{class}\"\n{keys}{}}}\n", brush(lo, hi))
}

/// A point entity of `class` with `keys`.
fn point_entity(class: &str, keys: &str) -> String {
    format!("{{\n\"classname\" \"{class}\"\n\"origin\" \"0 0 64\"\n{keys}}}\n")
}

/// `observe` of the world after each of `frames` frames, a player standing where it spawned
/// (at (−200, 0)), on the room with `entities`.
fn observe(entities: &str, frames: usize, observe: impl Fn(&World<'_>) -> f32) -> Vec<f32> {
    let spawn = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-200 0 24\"\n}\n";
    let level = level_of("chains", &room(&[], &format!("{entities}{spawn}"))).expect("a level");
    let setup = PlayerSetup {
        name: "p".to_owned(),
        team: Team::Free,
    };
    let mut world = World::new(&level, MatchSettings::default(), &[setup]);
    (0..frames)
        .map(|_| {
            world.step(&[BotInput::default()]);
            observe(&world)
        })
        .collect()
}

/// The door's offset each frame for `frames` frames.
fn door_offsets(entities: &str, frames: usize) -> Vec<f32> {
    observe(entities, frames, |world| {
        world.binary_movers()[0].offset.length()
    })
}

#[test]
fn a_button_opens_a_door_through_a_relay_and_a_delay() {
    // The door (first mover) far east, opened only by name; the button right by the spawn.
    let entities = brush_entity(
        "func_door",
        "\"targetname\" \"door1\"\n\"angle\" \"-1\"\n",
        [300, -64, 0],
        [320, 64, 128],
    ) + &brush_entity(
        "func_button",
        "\"target\" \"r1\"\n\"angle\" \"180\"\n",
        [-230, -16, 16],
        [-214, 16, 48],
    ) + &point_entity("target_relay", "\"targetname\" \"r1\"\n\"target\" \"d1\"\n")
        + &point_entity(
            "target_delay",
            "\"targetname\" \"d1\"\n\"target\" \"door1\"\n\"wait\" \"1\"\n",
        );
    let offsets = door_offsets(&entities, 60);
    let first_move = offsets
        .iter()
        .position(|&offset| offset > 0.0)
        .expect("the door opens");
    // The button travels 12 units at 40 u/s (0.3 s), then the delay waits 1 s: the door
    // starts moving between 1.3 and 1.5 s (frames of 50 ms).
    assert!(
        (25..=31).contains(&first_move),
        "the door moved first at frame {first_move}: {offsets:?}"
    );

    // Without the delay's target the door never moves.
    let broken = entities.replace("\"target\" \"door1\"", "\"target\" \"nothing\"");
    assert!(
        door_offsets(&broken, 60)
            .iter()
            .all(|&offset| offset == 0.0)
    );
}

#[test]
fn a_relay_that_uses_itself_stops() {
    let entities = brush_entity(
        "func_door",
        "\"targetname\" \"door1\"\n\"angle\" \"-1\"\n",
        [300, -64, 0],
        [320, 64, 128],
    ) + &brush_entity(
        "func_button",
        "\"target\" \"loop\"\n\"angle\" \"180\"\n",
        [-230, -16, 16],
        [-214, 16, 48],
    ) + &point_entity(
        "target_relay",
        "\"targetname\" \"loop\"\n\"target\" \"loop\"\n",
    ) + &point_entity(
        "target_relay",
        "\"targetname\" \"loop\"\n\"target\" \"door1\"\n",
    );
    let offsets = door_offsets(&entities, 40);
    assert!(offsets.iter().any(|&offset| offset > 0.0), "{offsets:?}");
}

/// The highest the player gets within `frames` frames.
fn highest(entities: &str, frames: usize) -> f32 {
    observe(entities, frames, |world| world.players()[0].body.origin.z)
        .into_iter()
        .fold(f32::MIN, f32::max)
}

#[test]
fn a_trigger_uses_a_target_push_on_its_activator() {
    let trigger = brush_entity(
        "trigger_multiple",
        "\"target\" \"p1\"\n\"wait\" \"5\"\n",
        [-260, -60, 0],
        [-140, 60, 64],
    );
    let push = point_entity(
        "target_push",
        "\"targetname\" \"p1\"\n\"angle\" \"-1\"\n\"speed\" \"600\"\n",
    );
    // 600 u/s up against gravity 800: about 225 units up, less the room's 256-unit ceiling.
    let pushed = highest(&(trigger.clone() + &push), 30);
    assert!(pushed > 150.0, "pushed up to {pushed}");
    let unused = push.replace("\"p1\"", "\"elsewhere\"");
    let still = highest(&(trigger + &unused), 30);
    // A spawn starts a few units up (the spawn lift) and lands: nothing higher.
    assert!(still < 40.0, "not pushed: {still}");
}
