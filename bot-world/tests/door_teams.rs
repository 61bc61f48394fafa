//! Door teams: the doors of one `team` move together, opened by one trigger spanning the whole
//! team's bounds (±120 units on its thinnest horizontal axis), as Quake III spawns it.

use bot_interface::{BotInput, Team};
use bot_world::{MatchSettings, PlayerSetup, World};

#[expect(
    dead_code,
    reason = "this test uses the room helpers, not the pack maps"
)]
mod common;

use common::{brush, level_of, room};

/// A `func_door` entity of one brush, opening upwards, in `team` (none: `None`).
fn door(lo: [i32; 3], hi: [i32; 3], team: Option<&str>) -> String {
    let team = team.map_or(String::new(), |t| format!("\"team\" \"{t}\"\n"));
    format!(
        "{{\n\"classname\" \"func_door\"\n\"angle\" \"-1\"\n{team}{}}}\n",
        brush(lo, hi)
    )
}

/// Where each door has moved to after a player standing at `spawn` for one second.
fn offsets_after_standing_at(spawn: [i32; 3], doors: &str) -> Vec<f32> {
    let [x, y, z] = spawn;
    let entities = format!(
        "{doors}{{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"{x} {y} {z}\"\n}}\n"
    );
    let level = level_of("door_teams", &room(&[], &entities)).expect("a level");
    assert_eq!(level.doors.doors.len(), 3, "{:?}", level.diagnostics);
    let setup = PlayerSetup {
        name: "p".to_owned(),
        team: Team::Free,
    };
    let mut world = World::new(&level, MatchSettings::default(), &[setup]);
    for _ in 0..20 {
        world.step(&[BotInput::default()]);
    }
    world.binary_movers()[..3]
        .iter()
        .map(|mover| mover.offset.length())
        .collect()
}

#[test]
fn a_door_team_opens_together_from_its_union_trigger() {
    // Doors A (west) and B (east) in team "pair", C (north) in its own team. A player at
    // (0, 0) is outside each door's own field (A's: x -420 … -160) and inside the pair's:
    // their union x -300 … 320, y -64 … 64 is thinnest along y, so the team's field is
    // x -300 … 320, y -184 … 184.
    let doors = door([-300, -64, 0], [-280, 64, 128], Some("pair"))
        + &door([300, -64, 0], [320, 64, 128], Some("pair"))
        + &door([0, 300, 0], [20, 364, 128], Some("other"));
    let moved = offsets_after_standing_at([0, 0, 24], &doors);
    assert!(
        moved[0] > 1.0 && moved[1] > 1.0,
        "the pair opens: {moved:?}"
    );
    assert!(moved[2] == 0.0, "the other team stays shut: {moved:?}");

    // Without teams, each door has its own field: a player midway touches none.
    let alone = door([-300, -64, 0], [-280, 64, 128], None)
        + &door([300, -64, 0], [320, 64, 128], None)
        + &door([0, 300, 0], [20, 364, 128], None);
    let moved = offsets_after_standing_at([0, 0, 24], &alone);
    assert!(moved.iter().all(|&m| m == 0.0), "no door opens: {moved:?}");

    // Touching A's own field alone (x -420 … -160) opens A, and with it B when they are a
    // team.
    let moved = offsets_after_standing_at([-200, 0, 24], &alone);
    assert!(moved[0] > 1.0 && moved[1] == 0.0, "A alone: {moved:?}");
    let moved = offsets_after_standing_at([-200, 0, 24], &doors);
    assert!(moved[0] > 1.0 && moved[1] > 1.0, "A and B: {moved:?}");
}
