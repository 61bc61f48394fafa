//! Whole matches of scripted players on a shared map, and where their time goes:
//!
//! - `match/8_roamers_60s`: a one-minute free-for-all of eight [`Roamer`]s on `oacmpdm1`
//!   (1200 frames of 50 ms: views, thinks, world steps), no frag limit;
//! - `world/replay_60s`: the same match's world alone, re-simulated from its inputs (no views,
//!   no thinking, no lines of sight: nobody looks): what the simulation costs without players.
//!
//! A ten-minute match costs ten times the first (the target: 0.6 s for ten minutes,
//! i.e. 60 ms here). Before timing, the answers are checked: two runs end on the same state
//! hash, the replay of the log is identical, and the match has frags and pickups.

use std::hint::black_box;

use bot_interface::{GameMode, Team};
use bot_world::log::{LogWriter, RecordedMatch, read_log};
use bot_world::scripted::{Roamer, shared_router};
use bot_world::{
    Entrant, Level, LevelSettings, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, play,
    player_seed, replay,
};
use criterion::{Criterion, Throughput, criterion_main};

const MAP: &str = "oacmpdm1";
const PLAYERS: usize = 8;
const FRAMES: u32 = 1200;
const SEED: u64 = 17;

fn settings() -> MatchSettings {
    let mut settings = MatchSettings {
        mode: GameMode::Ffa,
        seed: SEED,
        ..MatchSettings::default()
    };
    settings.rules.modes.frag_limit = 0;
    settings
}

fn runner(level: &Level) -> MatchRunner<'_> {
    let movers = level.movement.movers();
    let router = shared_router(&level.aas);
    let entrants = (0..PLAYERS)
        .map(|index| {
            let name = format!("roamer-{}", index + 1);
            Entrant {
                setup: PlayerSetup {
                    name: name.clone(),
                    team: Team::Free,
                },
                kind: "roamer".to_owned(),
                driver: Box::new(
                    Roamer::with_router(name, &level.aas, player_seed(SEED, index), router.clone())
                        .with_movers(&movers),
                ),
            }
        })
        .collect();
    MatchRunner::new(level, settings(), entrants)
}

/// One logged match: its final hash and its log read back.
fn logged(level: &Level) -> (String, RecordedMatch) {
    let mut first = runner(level);
    let header = first.header(MAP, None);
    let mut writer = LogWriter::new(Vec::new());
    let summary = play(
        &mut first,
        PlayOptions { max_frames: FRAMES },
        Some((&mut writer, &header)),
        |_| {},
    )
    .expect("in memory");
    let frags: u32 = summary.players.iter().map(|p| p.frags).sum();
    let pickups: u32 = summary
        .players
        .iter()
        .flat_map(|p| p.pickups.values())
        .sum();
    assert!(
        frags > 0 && pickups > 0,
        "{MAP}: {frags} frags, {pickups} pickups"
    );
    let log = writer.finish().expect("in memory");
    (
        summary.final_hash,
        read_log(log.as_slice()).expect("reads back"),
    )
}

fn benches() {
    let Some(dir) = real_data::pack_maps() else {
        return;
    };
    let level = Level::load(
        &dir.join(format!("{MAP}.bsp")),
        Some(&dir.join(format!("{MAP}.aas"))),
        &LevelSettings::default(),
    )
    .expect("the map loads");
    let (hash, recorded) = logged(&level);
    let again = play::<Vec<u8>>(
        &mut runner(&level),
        PlayOptions { max_frames: FRAMES },
        None,
        |_| {},
    )
    .expect("no log");
    assert_eq!(again.final_hash, hash, "{MAP}: two runs differ");
    assert!(
        replay(&recorded, &level).identical,
        "{MAP}: the replay differs"
    );

    let mut criterion = Criterion::default().configure_from_args().sample_size(10);
    let mut group = criterion.benchmark_group("match");
    group.throughput(Throughput::Elements(u64::from(FRAMES)));
    group.bench_function("8_roamers_60s", |b| {
        b.iter(|| {
            let mut match_runner = runner(&level);
            black_box(
                play::<Vec<u8>>(
                    &mut match_runner,
                    PlayOptions { max_frames: FRAMES },
                    None,
                    |_| {},
                )
                .expect("no log")
                .final_hash,
            )
        });
    });
    group.finish();
    let mut group = criterion.benchmark_group("world");
    group.throughput(Throughput::Elements(u64::from(FRAMES)));
    group.bench_function("replay_60s", |b| {
        b.iter(|| black_box(replay(&recorded, &level).final_hash));
    });
    group.finish();
}

criterion_main!(benches);
