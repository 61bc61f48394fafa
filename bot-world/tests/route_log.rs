//! Roamers' planned routes in the match log: a logged match on the built-in arena writes
//! `route` lines (only on changes, before the frame line), a replay of that log still
//! matches frame by frame, and asking the routes changes nothing (the same match without a
//! log, where nobody asks, ends with the same hash).

use std::path::PathBuf;

use bot_interface::Team;
use bot_world::log::{LogWriter, RouteLine, read_log};
use bot_world::scripted::{Roamer, shared_router};
use bot_world::{
    Entrant, Level, LevelSettings, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, play,
    player_seed, replay,
};

const PLAYERS: usize = 4;
/// Thirty seconds at 20 Hz.
const FRAMES: u32 = 600;

fn arena() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bot-harness/maps/arena.map")
}

fn entrants(level: &Level, seed: u64) -> Vec<Entrant<'_>> {
    let router = shared_router(&level.aas);
    let movers = level.movement.movers();
    (0..PLAYERS)
        .map(|index| {
            let name = format!("roamer-{}", index + 1);
            Entrant {
                setup: PlayerSetup {
                    name: name.clone(),
                    team: Team::Free,
                },
                kind: "roamer".to_owned(),
                driver: Box::new(
                    Roamer::with_router(name, &level.aas, player_seed(seed, index), router.clone())
                        .with_movers(&movers),
                ),
            }
        })
        .collect()
}

#[test]
fn roamers_log_their_routes_and_the_log_still_replays() {
    let level = Level::load(&arena(), None, &LevelSettings::default()).expect("the arena loads");
    let mut settings = MatchSettings {
        seed: 5,
        ..MatchSettings::default()
    };
    settings.rules.modes.frag_limit = 0;
    let options = PlayOptions { max_frames: FRAMES };

    let mut logged = MatchRunner::new(&level, settings.clone(), entrants(&level, 5));
    let header = logged.header("arena.map", None);
    let mut writer = LogWriter::new(Vec::new());
    let summary =
        play(&mut logged, options, Some((&mut writer, &header)), |_| {}).expect("an in-memory log");
    let log = String::from_utf8(writer.finish().expect("flush")).expect("UTF-8");

    // Route lines: parseable, for known players, each before its frame's line, and never
    // the same route twice in a row for a player.
    let mut routes: Vec<Vec<RouteLine>> = vec![Vec::new(); PLAYERS];
    let mut frame_lines = 0_u32;
    for text in log.lines().skip(1) {
        let value: serde_json::Value = serde_json::from_str(text).expect("a JSON line");
        match value["event"].as_str() {
            Some("frame") => frame_lines += 1,
            Some("route") => {
                let line: RouteLine = serde_json::from_value(value).expect("a route line");
                assert_eq!(line.frame, frame_lines, "a route line belongs to its frame");
                let player = usize::from(line.player);
                assert!(player < PLAYERS, "{line:?}");
                if let Some(goal) = line.goal {
                    assert_eq!(line.points.last(), Some(&goal), "the goal ends the route");
                    assert!(line.points.len() >= 2, "{line:?}");
                } else {
                    assert!(line.points.is_empty(), "{line:?}");
                }
                let previous = routes[player].last();
                assert!(
                    previous.is_none_or(|p| (&p.goal, &p.points) != (&line.goal, &line.points)),
                    "a repeated route: {line:?}"
                );
                routes[player].push(line);
            }
            _ => {}
        }
    }
    assert_eq!(frame_lines, FRAMES);
    for (player, lines) in routes.iter().enumerate() {
        assert!(
            lines.iter().any(|line| line.points.len() > 2),
            "player {player} logged no route through reachabilities: {lines:?}"
        );
    }

    // The log still reads and replays: route lines are ignored.
    let recorded = read_log(log.as_bytes()).expect("the log reads back");
    assert_eq!(recorded.frames.len(), FRAMES as usize);
    let report = replay(&recorded, &level);
    assert!(report.identical, "{report:?}");
    assert_eq!(report.final_hash, summary.final_hash);

    // Nobody asks for routes without a log: the same match.
    let mut unlogged = MatchRunner::new(&level, settings, entrants(&level, 5));
    let again = play::<Vec<u8>>(&mut unlogged, options, None, |_| {}).expect("no log");
    assert_eq!(again.final_hash, summary.final_hash);
    assert_eq!(again.players, summary.players);
}
