//! Two players meeting head-on in a doorway only one fits through at a time: both get
//! through. Both keeping right passes in a wide corridor; in a doorway each would step back
//! into the other's way again and again, so the one with the higher id stands aside.

use bot_brain::movement::{Traveller, goal_at, shared_router};
use bot_interface::Team;
use bot_world::log::{Header, LogWriter};
use bot_world::rules::Rules;
use bot_world::{
    Entrant, FixedStart, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, World, play_until,
};
use glam::Vec3;

#[expect(
    dead_code,
    reason = "this test uses the room helpers, not the pack maps"
)]
mod common;

use common::{level_of, room};

/// The room split by a wall at x −8 … 8 with a 48-unit doorway (y −24 … 24) in it.
fn doorway_room() -> String {
    let spawn = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 0 40\"\n}\n";
    room(
        &[([-8, -528, 0], [8, -24, 256]), ([-8, 24, 0], [8, 528, 256])],
        spawn,
    )
}

/// A traveller entering the match as player `name`.
fn entrant<'a>(name: &str, driver: &'a mut Traveller<'_>) -> Entrant<'a> {
    Entrant {
        setup: PlayerSetup {
            name: name.to_owned(),
            team: Team::Free,
        },
        kind: "traveller".to_owned(),
        driver: Box::new(driver),
    }
}

#[test]
fn two_players_meeting_in_a_doorway_both_get_through() {
    let level = level_of("doorway_room", &doorway_room()).expect("a level");
    let (west, east) = (Vec3::new(-200.0, 0.0, 24.0), Vec3::new(200.0, 0.0, 24.0));
    let spot = |at: Vec3| goal_at(&level.aas, at, None).expect("a standing spot");
    let router = shared_router(&level.aas);
    let mut going_east = Traveller::new("east", &level.aas, router.clone(), spot(east), 3, (0, 2));
    let mut going_west = Traveller::new("west", &level.aas, router, spot(west), 4, (1, 2));
    let mut rules = Rules::default();
    rules.modes.time_limit_ms = 0;
    rules.modes.frag_limit = 0;
    let settings = MatchSettings {
        rules,
        seed: 5,
        fixed_starts: vec![
            FixedStart {
                player: 0,
                origin: west.to_array(),
                yaw: 0.0,
            },
            FixedStart {
                player: 1,
                origin: east.to_array(),
                yaw: 180.0,
            },
        ],
        ..MatchSettings::default()
    };
    let mut arrived_after = None;
    {
        let entrants = vec![
            entrant("east", &mut going_east),
            entrant("west", &mut going_west),
        ];
        let mut runner = MatchRunner::new(&level, settings, entrants);
        let stop = |world: &World<'_>| {
            let players = world.players();
            let there = |index: usize, goal: Vec3| {
                let origin = players[index].body.origin;
                players[index].body.ground.is_some() && (origin - goal).truncate().length() < 24.0
            };
            let both = there(0, east) && there(1, west);
            if both {
                arrived_after = Some(world.frame());
            }
            both
        };
        play_until(
            &mut runner,
            PlayOptions { max_frames: 400 },
            None::<(&mut LogWriter<std::io::Sink>, &Header)>,
            |_| {},
            stop,
        )
        .expect("no log is written");
    }
    // 400 units each at running speed take about 1.3 s (26 frames) alone.
    let frames = arrived_after.expect("both got through the doorway within 20 s");
    assert!(frames < 200, "both through after {frames} frames");
}
