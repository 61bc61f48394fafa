//! [`match_play()`] (`match MAP …`): a match of scripted players on a map, with its summary
//! and, optionally, its log.
//!
//! The map is a `.bsp` or `.map` file, or `arena` for the built-in arena
//! (`bot-harness/maps/arena.map`, compiled into the binary). Without `--aas` the navigation
//! is compiled in memory. Players are [`Roamer`]s (scripted: they route to random items and
//! fire at opponents they see), named `roamer-1` …, alternately red and blue in team modes.
//! The match ends at the frag, capture or time limit (Quake III's sudden death holds the time
//! limit while the lead is tied), or after `--max-frames`.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use bot_interface::{GameMode, Team};
use bot_world::log::LogWriter;
use bot_world::rules::Rules;
use bot_world::scripted::{Roamer, shared_router};
use bot_world::{
    Entrant, Level, LevelSettings, MatchRunner, MatchSettings, MatchSummary, PlayOptions,
    PlayerSetup, play, player_seed,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// The built-in arena's source, compiled into the binary so that `match arena` works
/// anywhere.
pub const ARENA_MAP: &str = include_str!("../../maps/arena.map");

/// The name that selects the built-in arena.
pub const ARENA_NAME: &str = "arena";

/// Everything `match` takes.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchArgs {
    /// The map file, or `arena`.
    pub map: PathBuf,
    /// A `.aas` for the map (else compiled in memory).
    pub aas: Option<PathBuf>,
    /// The game mode.
    pub mode: GameMode,
    /// How many scripted players.
    pub players: usize,
    /// The seed.
    pub seed: u64,
    /// Time limit in seconds (0: none).
    pub time_limit: u32,
    /// Frag limit (default: the rules' 20; 0: none).
    pub frag_limit: Option<i32>,
    /// Capture limit (default: the rules' 8; 0: none).
    pub capture_limit: Option<i32>,
    /// A JSON file overriding the rules (see `bot_world::rules::Rules::from_json`).
    pub rules: Option<PathBuf>,
    /// Where to write the match log.
    pub log: Option<PathBuf>,
    /// Stop after this many frames at the latest (default: the time limit plus five minutes
    /// of sudden death, or one hour without a time limit).
    pub max_frames: Option<u32>,
    /// Show a progress bar on standard error (when it is a terminal).
    pub progress: bool,
}

/// The report of `match`: the match summary (the `--json` contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent)]
pub struct MatchReport {
    /// The summary.
    pub summary: MatchSummary,
}

/// Loads `map` (or the built-in arena) with its navigation.
///
/// # Errors
/// When the map or the `.aas` cannot be loaded, or they do not belong together.
pub fn load_level(map: &Path, aas: Option<&Path>) -> Result<Level, Error> {
    if map.as_os_str() == ARENA_NAME && !map.exists() {
        let brushes = aas_geom::read_brush_world(
            ARENA_MAP.as_bytes(),
            Path::new("arena.map"),
            &aas_geom::ReadSettings::default(),
        )?;
        let navigation = aas.map(aas_geom::AasWorld::load).transpose()?;
        let mut level = Level::from_brush_world(ARENA_NAME, brushes, 0, navigation)
            .map_err(|error| Error::Argument(format!("the built-in arena: {error}")))?;
        let mut hasher = bot_world::sim::StateHasher::default();
        hasher.bytes(ARENA_MAP.as_bytes());
        level.file_hash = hasher.finish();
        return Ok(level);
    }
    Ok(Level::load(map, aas, &LevelSettings::default())?)
}

/// Plays a match as `args` say.
///
/// # Errors
/// When the map, `.aas` or rules cannot be loaded, or the log cannot be written.
pub fn match_play(args: &MatchArgs) -> Result<MatchReport, Error> {
    let level = load_level(&args.map, args.aas.as_deref())?;
    let mut rules = match &args.rules {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?;
            Rules::from_json(&text).map_err(|source| Error::Rules {
                path: path.clone(),
                source,
            })?
        }
        None => Rules::default(),
    };
    rules.modes.time_limit_ms = args.time_limit.saturating_mul(1000);
    if let Some(limit) = args.frag_limit {
        rules.modes.frag_limit = limit;
    }
    if let Some(limit) = args.capture_limit {
        rules.modes.ctf.capture_limit = limit;
    }
    let settings = MatchSettings {
        mode: args.mode,
        rules,
        frame_ms: 50,
        seed: args.seed,
        ..MatchSettings::default()
    };
    let movers = level.movement.movers();
    let shootables = level.shootables();
    let openers = level.door_openers();
    // One router for all roamers: each route cache is built once per match.
    let router = shared_router(&level.aas);
    let entrants: Vec<Entrant<'_>> = (0..args.players)
        .map(|index| {
            let name = format!("roamer-{}", index + 1);
            let team = match (args.mode.is_team(), index % 2) {
                (false, _) => Team::Free,
                (true, 0) => Team::Red,
                (true, _) => Team::Blue,
            };
            let roamer = Roamer::with_router(
                name.clone(),
                &level.aas,
                player_seed(args.seed, index),
                router.clone(),
            )
            .with_movers(&movers)
            .with_shootables(&shootables)
            .with_door_openers(&openers);
            Entrant {
                setup: PlayerSetup { name, team },
                kind: "roamer".to_owned(),
                driver: Box::new(roamer),
            }
        })
        .collect();
    let frame_ms = settings.frame_ms;
    let max_frames = args.max_frames.unwrap_or_else(|| {
        let seconds = if args.time_limit > 0 {
            args.time_limit.saturating_add(300)
        } else {
            3600
        };
        seconds.saturating_mul(1000) / frame_ms
    });
    let mut runner = MatchRunner::new(&level, settings, entrants);
    let bar = if args.progress {
        ProgressBar::new(u64::from(max_frames))
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} frames, {per_sec}, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let progress = |frame: u32| {
        if frame.is_multiple_of(200) {
            bar.set_position(u64::from(frame));
        }
    };
    let options = PlayOptions { max_frames };
    let summary = match &args.log {
        Some(path) => {
            let file = std::fs::File::create(path).map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?;
            let mut writer = LogWriter::new(BufWriter::new(file));
            let header = runner.header(
                &args.map.to_string_lossy(),
                args.aas.as_deref().map(|p| p.to_string_lossy()).as_deref(),
            );
            let io = |source| Error::Io {
                path: path.clone(),
                source,
            };
            let summary =
                play(&mut runner, options, Some((&mut writer, &header)), progress).map_err(io)?;
            writer.finish().map_err(io)?;
            summary
        }
        None => play::<std::io::Sink>(&mut runner, options, None, progress)?,
    };
    bar.finish_and_clear();
    Ok(MatchReport { summary })
}

impl Report for MatchReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, &self.summary)
    }

    /// The scoreboard, then the simulation's speed and hash.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        let s = &self.summary;
        writeln!(
            out,
            "{} {} (seed {}): ended by {}",
            s.map, s.mode, s.seed, s.end
        )?;
        writeln!(
            out,
            "{:<12} {:>5} {:>5} {:>6} {:>7} {:>7} {:>7} {:>8}",
            "player", "team", "score", "frags", "deaths", "suicides", "given", "pickups"
        )?;
        for p in &s.players {
            let pickups: u32 = p.pickups.values().sum();
            writeln!(
                out,
                "{:<12} {:>5} {:>5} {:>6} {:>7} {:>7} {:>7} {:>8}",
                p.name, p.team, p.score, p.frags, p.deaths, p.suicides, p.damage_given, pickups
            )?;
        }
        if let Some(teams) = &s.teams {
            writeln!(out, "teams: red {} blue {}", teams.red, teams.blue)?;
        }
        if let Some(captures) = &s.captures {
            writeln!(out, "captures: red {} blue {}", captures.red, captures.blue)?;
        }
        writeln!(
            out,
            "{} frames ({:.1} s simulated) in {:.0} ms: {:.0}x real time; final hash {}",
            s.frames, s.sim_seconds, s.wall_ms, s.realtime_factor, s.final_hash
        )?;
        Ok(())
    }

    fn warnings(&self) -> Vec<String> {
        self.summary
            .diagnostics
            .iter()
            .map(|d| format!("warning: {d}"))
            .collect()
    }
}
