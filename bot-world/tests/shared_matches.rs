//! Scripted 8-player matches of two minutes on every shared map: FFA everywhere, CTF where the
//! map has both flags. Frags happen, items are picked up, no live player stays within 64
//! units of one spot for more than 10 s or leaves the world, and two runs and a replay of the
//! log give the same hashes frame by frame (the first run's roamers share one router, the
//! second's have one each: sharing changes no route).

use std::path::Path;

use bot_interface::{GameMode, Item, Team};
use bot_world::log::{LogWriter, read_log};
use bot_world::scripted::{Roamer, shared_router};
use bot_world::{
    Entrant, Level, LevelSettings, MatchRunner, MatchSettings, PlayerSetup, player_seed, replay,
};
use glam::Vec3;

const PLAYERS: usize = 8;
/// Two minutes at 20 Hz.
const FRAMES: u32 = 2400;
/// A live player this close to where it was for this long is stuck.
const STUCK_RADIUS: f32 = 64.0;
const STUCK_MS: u32 = 10_000;

/// The match's roamers: sharing one router, or each with its own.
fn entrants<'l>(level: &'l Level, mode: GameMode, seed: u64, share: bool) -> Vec<Entrant<'l>> {
    let movers = level.movement.movers();
    let router = share.then(|| shared_router(&level.aas)).flatten();
    (0..PLAYERS)
        .map(|index| {
            let name = format!("roamer-{}", index + 1);
            let team = match (mode.is_team(), index % 2) {
                (false, _) => Team::Free,
                (true, 0) => Team::Red,
                (true, _) => Team::Blue,
            };
            Entrant {
                setup: PlayerSetup {
                    name: name.clone(),
                    team,
                },
                kind: "roamer".to_owned(),
                driver: Box::new(
                    match &router {
                        Some(router) => Roamer::with_router(
                            name,
                            &level.aas,
                            player_seed(seed, index),
                            Some(router.clone()),
                        ),
                        None => Roamer::new(name, &level.aas, player_seed(seed, index)),
                    }
                    .with_movers(&movers),
                ),
            }
        })
        .collect()
}

/// Where each live player has stayed, and the longest stay.
struct StuckWatch {
    anchors: Vec<Option<(Vec3, u32)>>,
    worst: (u32, usize, Vec3),
}

impl StuckWatch {
    fn new() -> Self {
        Self {
            anchors: vec![None; PLAYERS],
            worst: (0, 0, Vec3::ZERO),
        }
    }

    fn update(&mut self, runner: &MatchRunner<'_>) {
        let now = runner.world().time_ms();
        for (index, player) in runner.world().players().iter().enumerate() {
            let anchor = &mut self.anchors[index];
            if !player.alive {
                *anchor = None;
                continue;
            }
            let origin = player.body.origin;
            match anchor {
                Some((spot, since)) if spot.distance(origin) <= STUCK_RADIUS => {
                    let stay = now - *since;
                    if stay > self.worst.0 {
                        self.worst = (stay, index, *spot);
                    }
                }
                _ => *anchor = Some((origin, now)),
            }
        }
    }
}

/// The bounds of the map's own brushes (the world model): a player outside has left the
/// world.
fn world_bounds(level: &Level) -> (Vec3, Vec3) {
    let (lo, hi) = level
        .collision
        .model_bounds(aas_geom::brush::ModelNum::WORLD)
        .expect("the map has world brushes");
    (lo - Vec3::splat(64.0), hi + Vec3::splat(64.0))
}

/// Plays one match with its log, checks it, then replays it and plays it again.
fn check_match(level: &Level, mode: GameMode, seed: u64) {
    let mut settings = MatchSettings {
        mode,
        seed,
        ..MatchSettings::default()
    };
    // Two full minutes: no frag or capture limit ends the match early.
    settings.rules.modes.frag_limit = 0;
    settings.rules.modes.ctf.capture_limit = 0;
    let mut runner = MatchRunner::new(level, settings.clone(), entrants(level, mode, seed, true));
    let header = runner.header(&level.name, None);
    let mut writer = LogWriter::new(Vec::new());
    writer.header(&header).expect("in memory");
    let (lo, hi) = world_bounds(level);
    let mut watch = StuckWatch::new();
    let mut hashes = Vec::with_capacity(FRAMES as usize);
    while runner.world().frame() < FRAMES && runner.world().ended().is_none() {
        let frame = runner.world().frame();
        runner.step();
        writer
            .events(frame, runner.world().events())
            .expect("in memory");
        writer.frame(&runner.frame_line()).expect("in memory");
        hashes.push(runner.world().last_hash());
        watch.update(&runner);
        for player in runner.world().players().iter().filter(|p| p.alive) {
            let o = player.body.origin;
            assert!(
                o.cmpge(lo).all() && o.cmple(hi).all(),
                "{} {}: {} left the world at {o} (frame {frame})",
                level.name,
                mode.name(),
                player.name
            );
        }
    }
    let world = runner.world();
    let frags: u32 = world.players().iter().map(|p| p.stats.frags).sum();
    let pickups: u32 = world
        .players()
        .iter()
        .flat_map(|p| p.stats.pickups.values())
        .sum();
    let (stay, who, spot) = watch.worst;
    #[expect(
        clippy::print_stderr,
        reason = "the per-map numbers, shown with --nocapture"
    )]
    {
        eprintln!(
            "{} {}: {} frames, {frags} frags, {pickups} pickups, longest stay {:.1} s ({} at {spot})",
            level.name,
            mode.name(),
            world.frame(),
            f64::from(stay) / 1000.0,
            world.players()[who].name
        );
    }
    assert!(frags > 0, "{} {}: no frags", level.name, mode.name());
    assert!(pickups > 0, "{} {}: no pickups", level.name, mode.name());
    assert!(
        stay <= STUCK_MS,
        "{} {}: {} stayed within {STUCK_RADIUS} units of {spot} for {} ms",
        level.name,
        mode.name(),
        world.players()[who].name,
        stay
    );

    let log = writer.finish().expect("in memory");
    let recorded = read_log(log.as_slice()).expect("the log reads back");
    let report = replay(&recorded, level);
    assert!(
        report.identical,
        "{} {}: replay {report:?}",
        level.name,
        mode.name()
    );

    let mut again = MatchRunner::new(level, settings, entrants(level, mode, seed, false));
    for (frame, expected) in hashes.iter().enumerate() {
        again.step();
        assert_eq!(
            again.world().last_hash(),
            *expected,
            "{} {}: the second run differs at frame {frame}",
            level.name,
            mode.name()
        );
    }
}

fn check_folder(dir: &Path, maps: &[&str]) {
    for (index, name) in maps.iter().enumerate() {
        let level = Level::load(
            &dir.join(format!("{name}.bsp")),
            Some(&dir.join(format!("{name}.aas"))),
            &LevelSettings::default(),
        )
        .unwrap_or_else(|error| panic!("{name}: {error}"));
        let seed = 1000 + index as u64;
        check_match(&level, GameMode::Ffa, seed);
        let has_flag = |team| level.items.iter().any(|item| item.item == Item::Flag(team));
        if has_flag(Team::Red) && has_flag(Team::Blue) {
            check_match(&level, GameMode::Ctf, seed);
        }
    }
}

#[test]
fn scripted_matches_on_the_shared_maps() {
    let Some(dir) = real_data::maps() else {
        return;
    };
    check_folder(&dir, &real_data::SHARED_MAPS);
}

#[test]
fn scripted_matches_on_the_pack_maps() {
    let Some(dir) = real_data::pack_maps() else {
        return;
    };
    check_folder(&dir, &real_data::PACK_MAPS);
}
