//! A door that opens only when shot (`health` set) stands in the only way between two halves
//! of a room: a traveller that knows the level's shootables fires at it once held up, waits
//! for it to open and walks through; one that does not stays in front of it.

use aas_geom::physics::PhysicsSettings;
use bot_brain::movement::{Traveller, goal_at, shared_router};
use bot_interface::Team;
use bot_world::log::{Header, LogWriter};
use bot_world::{
    Entrant, FixedStart, Level, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, World,
    play_until,
};
use glam::Vec3;

#[expect(
    dead_code,
    reason = "this test uses the room helpers, not the pack maps"
)]
mod common;

use common::{brush, level_of, room};

/// The room split at x −8 … 8 by a wall with a doorway (y −64 … 64, 128 high) that a
/// `func_door` with 10 health fills, opening upwards.
fn level() -> Level {
    let walls = [
        ([-8, -512, 0], [8, -64, 256]),
        ([-8, 64, 0], [8, 512, 256]),
        ([-8, -64, 128], [8, 64, 256]),
    ];
    let door = format!(
        "{{\n\"classname\" \"func_door\"\n\"angle\" \"-1\"\n\"health\" \"10\"\n\"speed\" \"200\"\n{}}}\n",
        brush([-8, -64, 0], [8, 64, 128])
    );
    let spawn = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 0 24\"\n}\n";
    level_of("shot_door", &room(&walls, &(door + spawn))).expect("a level")
}

/// Frames the traveller gets to cross (20 s at 50 ms).
const MAX_FRAMES: u32 = 400;

/// Plays a traveller from (−300, 0) to (300, 0), knowing the shootables or not; returns the
/// frame it arrived at (within 24 units) and its x at the end.
fn cross(level: &Level, knows_shootables: bool) -> (Option<u32>, f32) {
    let from = goal_at(&level.aas, Vec3::new(-300.0, 0.0, 40.0), None).expect("a start");
    let to = goal_at(&level.aas, Vec3::new(300.0, 0.0, 40.0), None).expect("a goal");
    let shootables = if knows_shootables {
        level.shootables()
    } else {
        Vec::new()
    };
    assert_eq!(level.shootables().len(), 1, "{:?}", level.diagnostics);
    let mut traveller = Traveller::new("t", &level.aas, shared_router(&level.aas), to, 3, (0, 1))
        .with_shootables(&shootables)
        .with_settings(PhysicsSettings::default());
    assert!(
        traveller.route_time_from(from.point).is_some(),
        "a route through the doorway"
    );
    let mut rules = bot_world::rules::Rules::default();
    rules.modes.time_limit_ms = 0;
    let settings = MatchSettings {
        rules,
        seed: 3,
        fixed_starts: vec![FixedStart {
            player: 0,
            origin: from.point.to_array(),
            yaw: 0.0,
        }],
        ..MatchSettings::default()
    };
    let entrant = Entrant {
        setup: PlayerSetup {
            name: "t".to_owned(),
            team: Team::Free,
        },
        kind: "traveller".to_owned(),
        driver: Box::new(&mut traveller),
    };
    let mut runner = MatchRunner::new(level, settings, vec![entrant]);
    let (mut arrived, mut x) = (None, from.point.x);
    play_until(
        &mut runner,
        PlayOptions {
            max_frames: MAX_FRAMES,
        },
        None::<(&mut LogWriter<std::io::Sink>, &Header)>,
        |_| {},
        |world: &World<'_>| {
            let Some(player) = world.players().first() else {
                return true;
            };
            x = player.body.origin.x;
            if player.alive && player.body.origin.truncate().distance(to.point.truncate()) < 24.0 {
                arrived = Some(world.frame());
                return true;
            }
            false
        },
    )
    .expect("no log is written");
    (arrived, x)
}

#[test]
fn a_traveller_shoots_the_door_open_and_walks_through() {
    let level = level();
    let (arrived, x) = cross(&level, true);
    assert!(arrived.is_some(), "did not arrive: ended at x {x}");
}

#[test]
fn without_knowing_the_door_it_stays_in_front_of_it() {
    let level = level();
    let (arrived, x) = cross(&level, false);
    assert_eq!(arrived, None);
    assert!(x < 0.0, "stayed on the near side: x {x}");
}
