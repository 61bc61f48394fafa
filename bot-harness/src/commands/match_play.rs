//! [`match_play()`] (`match MAP …`): a match of bots and scripted players on a map, with its
//! summary and, optionally, its log.
//!
//! The map is a `.bsp` or `.map` file, or `arena` for the built-in arena
//! (`bot-harness/maps/arena.map`, compiled into the binary). Without `--aas` the navigation
//! is compiled in memory. Players are first the bots of `--bots` ([`Brain`]s: real
//! characters loaded from a botfiles folder, by default the set shipped with `bot-brain`),
//! then `--players` [`Roamer`]s (scripted: they route to random items and fire at opponents
//! they see), named `roamer-1` …; in team modes players are alternately red and blue.
//! Without bots or players, the default set's characters play.
//! The match ends at the frag, capture or time limit (Quake III's sudden death holds the time
//! limit while the lead is tied), or after `--max-frames`.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use bot_brain::fight::weapon_info::{WeaponConfig, load_weapon_config};
use bot_brain::goal::ScoreSettings;
use bot_brain::setup::{BotProfile, SharedBotData};
use bot_brain::{Brain, BrainData};
use bot_interface::{GameMode, Item, Team};
use bot_team::{TeamBot, TeamData, TeamSettings};
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
    /// Bots, each `NAME` or `NAME:SKILL` (in team modes alternately red and blue).
    pub bots: Vec<String>,
    /// Bots of the red team (team modes).
    pub red: Vec<String>,
    /// Bots of the blue team (team modes).
    pub blue: Vec<String>,
    /// Teams whose bots play without a leader.
    pub no_leader: Vec<Team>,
    /// The botfiles folder (default: the set shipped with `bot-brain`).
    pub botfiles: Option<PathBuf>,
    /// How many scripted players (default: 8 without bots, else 0).
    pub players: Option<usize>,
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

/// The report of `match`: the match summary (the `--json` contract), and what was wrong
/// with the botfiles folder's shared files.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// The summary.
    #[serde(flatten)]
    pub summary: MatchSummary,
    /// Problems with the botfiles folder's shared files (`items.c`, `weapons.c`, the chat
    /// files) and the fallbacks taken; each bot's own are in its player line's
    /// `diagnostics`.
    pub botfiles_diagnostics: Vec<String>,
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
    // One router for all players: each route cache is built once per match.
    let router = shared_router(&level.aas);
    // Without bots and players, the default set's characters play alone.
    let roamers = args.players.unwrap_or(0);
    let sided = !args.red.is_empty() || !args.blue.is_empty();
    if sided && !args.mode.is_team() {
        return Err(Error::Argument(
            "--red and --blue need a team mode (--mode tdm or --mode ctf)".to_owned(),
        ));
    }
    if args.mode == GameMode::Ctf {
        for team in [Team::Red, Team::Blue] {
            let placed = level.items.iter().any(|spot| {
                spot.item == Item::Flag(team)
                    && !bot_world::level::filtered_out(
                        &level.brushes.entities[spot.entity],
                        GameMode::Ctf,
                    )
            });
            if !placed {
                return Err(Error::Argument(format!(
                    "{}: no {} flag for capture the flag (the map's flags, if any, are for \
                     another game type)",
                    level.name,
                    team.name()
                )));
            }
        }
    }
    let asked: Vec<(String, Option<Team>)> =
        if args.bots.is_empty() && args.players.is_none() && !sided {
            bot_brain::setup::DEFAULT_BOTS
                .iter()
                .map(|&name| (name.to_owned(), None))
                .collect()
        } else {
            let mut asked: Vec<(String, Option<Team>)> =
                args.bots.iter().map(|spec| (spec.clone(), None)).collect();
            // Red and blue interleaved, so that neither side spawns or thinks first.
            let (red, blue) = (&args.red, &args.blue);
            for k in 0..red.len().max(blue.len()) {
                asked.extend(red.get(k).map(|spec| (spec.clone(), Some(Team::Red))));
                asked.extend(blue.get(k).map(|spec| (spec.clone(), Some(Team::Blue))));
            }
            asked
        };
    let specs: Vec<String> = asked.iter().map(|(spec, _)| spec.clone()).collect();
    let roster = BotRoster::load(args.botfiles.as_deref(), &specs)?;
    let count = roster.profiles.len() + roamers;
    let team_of = |index: usize| match (args.mode.is_team(), index % 2) {
        (false, _) => Team::Free,
        (true, 0) => Team::Red,
        (true, _) => Team::Blue,
    };
    let mut entrants: Vec<Entrant<'_>> = Vec::with_capacity(count);
    for (index, profile) in roster.profiles.iter().enumerate() {
        let data = BrainData {
            profile,
            items: &roster.shared.items,
            weapons: &roster.weapons,
            chat: &roster.shared.chat,
            score: ScoreSettings::default(),
        };
        let seed = player_seed(args.seed, index);
        let brain = Brain::new(&level.aas, router.clone(), data, seed, (index, count))
            .with_navigator(|navigator| {
                navigator
                    .with_movers(&movers)
                    .with_shootables(&shootables)
                    .with_door_openers(&openers)
            });
        let team = asked[index].1.unwrap_or_else(|| team_of(index));
        let driver: Box<dyn bot_interface::Player + '_> = if args.mode.is_team() {
            let settings = TeamSettings {
                may_lead: !args.no_leader.contains(&team),
                ..TeamSettings::default()
            };
            let data = TeamData {
                chat: &roster.shared.chat,
                items: &roster.shared.items,
            };
            Box::new(TeamBot::new(brain, data, settings, seed.rotate_left(7)))
        } else {
            Box::new(brain)
        };
        entrants.push(Entrant {
            setup: PlayerSetup {
                name: profile.name.clone(),
                team,
            },
            kind: "bot".to_owned(),
            driver,
        });
    }
    for roamer_index in 0..roamers {
        let index = roster.profiles.len() + roamer_index;
        let name = format!("roamer-{}", roamer_index + 1);
        let roamer = Roamer::with_router(
            name.clone(),
            &level.aas,
            player_seed(args.seed, index),
            router.clone(),
        )
        .with_movers(&movers)
        .with_shootables(&shootables)
        .with_door_openers(&openers);
        entrants.push(Entrant {
            setup: PlayerSetup {
                name,
                team: team_of(index),
            },
            kind: "roamer".to_owned(),
            driver: Box::new(roamer),
        });
    }
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
    Ok(MatchReport {
        summary,
        botfiles_diagnostics: roster.diagnostics,
    })
}

/// The bots of a match, loaded from one botfiles folder.
struct BotRoster {
    shared: SharedBotData,
    weapons: WeaponConfig,
    profiles: Vec<BotProfile>,
    /// Problems with the folder's shared files (each bot's own are in its report).
    diagnostics: Vec<String>,
}

impl BotRoster {
    /// Loads `asked` (`NAME` or `NAME:SKILL`) from `botfiles` (default: the set shipped
    /// with `bot-brain`). Two bots of one character get distinct names (`Name`, `Name-2` …).
    fn load(botfiles: Option<&Path>, asked: &[String]) -> Result<Self, Error> {
        match botfiles {
            Some(root) => {
                if !root.is_dir() {
                    return Err(Error::Argument(format!(
                        "--botfiles {}: not a folder",
                        root.display()
                    )));
                }
                Self::load_from(&bot_script::DirSource::new(root), asked)
            }
            None => Self::load_from(&bot_brain::setup::default_botfiles(), asked),
        }
    }

    fn load_from(source: &impl bot_script::FileSource, asked: &[String]) -> Result<Self, Error> {
        let mut diagnostics = Vec::new();
        let weapons = match load_weapon_config(source, "weapons.c") {
            Ok(config) => config,
            Err(error) => {
                diagnostics.push(format!(
                    "weapons.c: {error}; using the toolkit's own weapons.c"
                ));
                load_weapon_config(&bot_brain::setup::default_botfiles(), "weapons.c")
                    .map_err(|e| Error::Argument(format!("the shipped weapons.c: {e}")))?
            }
        };
        let mut profiles: Vec<BotProfile> = Vec::with_capacity(asked.len());
        for spec in asked {
            let (name, skill) = parse_bot_spec(spec)?;
            let mut profile = BotProfile::load(source, name, skill)
                .map_err(|error| Error::Argument(format!("bot `{spec}`: {error}")))?;
            let same = profiles
                .iter()
                .filter(|p| {
                    p.name == profile.name || p.name.starts_with(&format!("{}-", profile.name))
                })
                .count();
            if same > 0 {
                profile.name = format!("{}-{}", profile.name, same + 1);
            }
            profiles.push(profile);
        }
        let mut shared = SharedBotData::load(source);
        diagnostics.extend(shared.diagnostics.iter().cloned());
        for profile in &mut profiles {
            let found = shared.add_bot(source, profile);
            profile.diagnostics.extend(found);
        }
        Ok(Self {
            shared,
            weapons,
            profiles,
            diagnostics,
        })
    }
}

/// `NAME` or `NAME:SKILL` (skill 1 to 5; default [`DEFAULT_SKILL`]).
fn parse_bot_spec(spec: &str) -> Result<(&str, f32), Error> {
    let (name, skill) = match spec.split_once(':') {
        Some((name, skill)) => {
            let skill: f32 = skill.trim().parse().map_err(|_| {
                Error::Argument(format!(
                    "bot `{spec}`: the skill must be a number from 1 to 5"
                ))
            })?;
            if !(1.0..=5.0).contains(&skill) {
                return Err(Error::Argument(format!(
                    "bot `{spec}`: the skill must be from 1 to 5"
                )));
            }
            (name, skill)
        }
        None => (spec, DEFAULT_SKILL),
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::Argument(format!("bot `{spec}`: no name")));
    }
    Ok((name, skill))
}

/// The skill of a bot asked without one.
pub const DEFAULT_SKILL: f32 = 3.0;

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
            "{:<12} {:<14} {:>5} {:>5} {:>6} {:>7} {:>8} {:>7} {:>8} {:>5} {:>6}",
            "player",
            "bot",
            "team",
            "score",
            "frags",
            "deaths",
            "suicides",
            "given",
            "pickups",
            "hit%",
            "chats"
        )?;
        for p in &s.players {
            let pickups: u32 = p.pickups.values().sum();
            let shots: u32 = p.shots.values().sum();
            let hits: u32 = p.hits.values().sum();
            let hit_rate = if shots > 0 {
                format!("{:.0}", f64::from(hits) * 100.0 / f64::from(shots))
            } else {
                "-".to_owned()
            };
            let (bot, chats) = p.report.as_ref().map_or_else(
                || ("roamer".to_owned(), "-".to_owned()),
                |r| (format!("{}:{}", r.bot, r.skill), r.chats.to_string()),
            );
            writeln!(
                out,
                "{:<12} {:<14} {:>5} {:>5} {:>6} {:>7} {:>8} {:>7} {:>8} {:>5} {:>6}",
                p.name,
                bot,
                p.team,
                p.score,
                p.frags,
                p.deaths,
                p.suicides,
                p.damage_given,
                pickups,
                hit_rate,
                chats
            )?;
        }
        if let Some(teams) = &s.teams {
            writeln!(out, "teams: red {} blue {}", teams.red, teams.blue)?;
        }
        if let Some(captures) = &s.captures {
            writeln!(out, "captures: red {} blue {}", captures.red, captures.blue)?;
        }
        if let Some(returns) = &s.returns {
            writeln!(out, "returns: red {} blue {}", returns.red, returns.blue)?;
        }
        if let (Some(orders), Some(leader)) = (&s.orders, &s.leader) {
            let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "none".to_owned());
            writeln!(
                out,
                "leaders: red {} ({} orders), blue {} ({} orders)",
                name(&leader.red),
                orders.red,
                name(&leader.blue),
                orders.blue
            )?;
        }
        writeln!(
            out,
            "{} frames ({:.1} s simulated) in {:.0} ms: {:.0}x real time; final hash {}",
            s.frames, s.sim_seconds, s.wall_ms, s.realtime_factor, s.final_hash
        )?;
        Ok(())
    }

    fn warnings(&self) -> Vec<String> {
        let bots = self.summary.players.iter().flat_map(|p| {
            p.report.iter().flat_map(move |r| {
                r.diagnostics
                    .iter()
                    .map(move |d| format!("warning: {}: {d}", p.name))
            })
        });
        self.summary
            .diagnostics
            .iter()
            .map(|d| format!("warning: {d}"))
            .chain(
                self.botfiles_diagnostics
                    .iter()
                    .map(|d| format!("warning: {d}")),
            )
            .chain(bots)
            .collect()
    }
}
