//! The world on the built-in arena with simple scripted drivers: matches run, things happen,
//! and two runs and a replay agree frame by frame.

use std::path::PathBuf;

use bot_interface::{BotInput, BotView, Buttons, MatchInfo, Player, Team, view_angles_towards};
use bot_world::log::{LogWriter, read_log};
use bot_world::{
    Entrant, Level, LevelSettings, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, play,
    replay,
};
use glam::Vec3;

fn arena() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bot-harness/maps/arena.map")
}

/// Runs in a direction that turns slowly, jumps now and then, and fires at the first player
/// it sees.
struct Wanderer {
    name: String,
    turn: f32,
    seed: u64,
}

impl Player for Wanderer {
    fn name(&self) -> &str {
        &self.name
    }

    fn begin(&mut self, info: &MatchInfo) {
        self.seed = info.seed;
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        if !view.me.alive {
            return BotInput {
                buttons: Buttons::RESPAWN,
                ..BotInput::default()
            };
        }
        let yaw = (view.frame as f32 * self.turn + (self.seed % 360) as f32).to_radians();
        let mut input = BotInput {
            move_direction: Vec3::new(yaw.cos(), yaw.sin(), 0.0),
            move_speed: f32::MAX,
            view_angles: Vec3::new(0.0, yaw.to_degrees(), 0.0),
            ..BotInput::default()
        };
        if view.frame.is_multiple_of(40) {
            input.buttons |= Buttons::JUMP;
        }
        if let Some(target) = view
            .players
            .iter()
            .find(|p| p.alive && (p.team != view.me.team || p.team == Team::Free))
        {
            input.view_angles = view_angles_towards(target.origin - view.me.eye());
            input.buttons |= Buttons::ATTACK;
        }
        input
    }
}

fn entrants(count: usize) -> Vec<Entrant<'static>> {
    (0..count)
        .map(|i| Entrant {
            setup: PlayerSetup {
                name: format!("wanderer-{i}"),
                team: if i % 2 == 0 { Team::Red } else { Team::Blue },
            },
            kind: "wanderer".to_owned(),
            driver: Box::new(Wanderer {
                name: format!("wanderer-{i}"),
                turn: 1.5 + i as f32 * 0.7,
                seed: 0,
            }),
        })
        .collect()
}

#[test]
fn a_match_on_the_arena_runs_logs_and_replays_identically() {
    let level = Level::load(&arena(), None, &LevelSettings::default()).expect("the arena loads");
    let settings = MatchSettings {
        seed: 11,
        ..MatchSettings::default()
    };
    let mut first = MatchRunner::new(&level, settings.clone(), entrants(6));
    let header = first.header("arena.map", None);
    let mut writer = LogWriter::new(Vec::new());
    let summary = play(
        &mut first,
        PlayOptions { max_frames: 1200 },
        Some((&mut writer, &header)),
        |_| {},
    )
    .expect("in-memory log");
    let log = writer.finish().expect("flush");
    assert_eq!(summary.frames, 1200);
    let shots: u32 = summary.players.iter().flat_map(|p| p.shots.values()).sum();
    let pickups: u32 = summary
        .players
        .iter()
        .flat_map(|p| p.pickups.values())
        .sum();
    assert!(shots > 0, "nobody fired: {summary:#?}");
    assert!(pickups > 0, "nobody picked anything up: {summary:#?}");

    let mut second = MatchRunner::new(&level, settings, entrants(6));
    let again = play::<Vec<u8>>(&mut second, PlayOptions { max_frames: 1200 }, None, |_| {})
        .expect("no log");
    assert_eq!(again.final_hash, summary.final_hash);

    let recorded = read_log(log.as_slice()).expect("the log reads back");
    assert_eq!(recorded.frames.len(), 1200);
    let report = replay(&recorded, &level);
    assert!(report.identical, "{report:?}");
    assert_eq!(report.final_hash, summary.final_hash);
}
