//! [`MatchRunner`]: a [`World`] with a [`Player`] driving each of its players, the match log,
//! and the [`MatchSummary`].

use std::collections::BTreeMap;
use std::io::Write;

use bot_interface::{
    BotInput, BotView, Decision, ItemSpotInfo, MatchInfo, Player, PlayerReport, Route, Team, Weapon,
};
use serde::Serialize;

use crate::level::{Level, LevelDiagnostic};
use crate::log::{
    DecisionLine, FrameLine, Header, HeaderPlayer, LOG_VERSION, LogWriter, PlayerFrame,
    RouteChanges, input_row,
};
use crate::rules::GameRng;
use crate::sim::{Event, FlagAction, MatchSettings, PlayerSetup, World};

/// A player joining a match with what drives it.
pub struct Entrant<'l> {
    /// Name and team.
    pub setup: PlayerSetup,
    /// What drives it (`"roamer"`, `"bot"` …), recorded in the log.
    pub kind: String,
    /// The driver.
    pub driver: Box<dyn Player + 'l>,
}

impl std::fmt::Debug for Entrant<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entrant")
            .field("setup", &self.setup)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

/// A match with its players: each frame, every player gets its [`BotView`] and returns its
/// [`BotInput`], then the world steps.
pub struct MatchRunner<'l> {
    world: World<'l>,
    drivers: Vec<Box<dyn Player + 'l>>,
    kinds: Vec<String>,
    views: Vec<BotView>,
    inputs: Vec<BotInput>,
    /// Per player, the decisions its last think handed over.
    decisions: Vec<Vec<Decision>>,
}

impl std::fmt::Debug for MatchRunner<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatchRunner")
            .field("world", &self.world)
            .field("kinds", &self.kinds)
            .finish_non_exhaustive()
    }
}

/// The seed player `index` gets for its own randomness: an independent stream of the match
/// seed.
#[must_use]
pub fn player_seed(match_seed: u64, index: usize) -> u64 {
    GameRng::new(match_seed).fork(index as u64 + 1).next_u64()
}

impl<'l> MatchRunner<'l> {
    /// A match on `level` with `settings` for `entrants` (in player-id order); each driver's
    /// [`Player::begin`] is called with its [`MatchInfo`].
    #[must_use]
    pub fn new(level: &'l Level, settings: MatchSettings, entrants: Vec<Entrant<'l>>) -> Self {
        let setups: Vec<PlayerSetup> = entrants.iter().map(|e| e.setup.clone()).collect();
        let mut world = World::new(level, settings, &setups);
        let items: Vec<ItemSpotInfo> = world
            .items()
            .iter()
            .filter(|item| !item.removed)
            .map(|item| ItemSpotInfo {
                entity: item.entity,
                item: item.item,
                origin: item.origin,
            })
            .collect();
        let mut drivers = Vec::with_capacity(entrants.len());
        let mut kinds = Vec::with_capacity(entrants.len());
        for (index, entrant) in entrants.into_iter().enumerate() {
            let mut driver = entrant.driver;
            let player = &world.players()[index];
            driver.begin(&MatchInfo {
                map: level.name.clone(),
                mode: world.settings().mode,
                you: player.id,
                team: player.team,
                items: items.clone(),
                frame_ms: world.settings().frame_ms,
                seed: player_seed(world.settings().seed, index),
            });
            world.set_senses(index, driver.senses());
            drivers.push(driver);
            kinds.push(entrant.kind);
        }
        let count = drivers.len();
        Self {
            world,
            drivers,
            kinds,
            views: vec![BotView::default(); count],
            inputs: vec![BotInput::default(); count],
            decisions: vec![Vec::new(); count],
        }
    }

    /// The world.
    #[must_use]
    pub fn world(&self) -> &World<'l> {
        &self.world
    }

    /// The inputs of the last frame.
    #[must_use]
    pub fn inputs(&self) -> &[BotInput] {
        &self.inputs
    }

    /// What drives each player.
    #[must_use]
    pub fn kinds(&self) -> &[String] {
        &self.kinds
    }

    /// The route player `index`'s driver plans ([`Player::route`]; debug information),
    /// `None` when it plans none or there is no such player.
    #[must_use]
    pub fn route(&self, index: usize) -> Option<&Route> {
        self.drivers.get(index)?.route()
    }

    /// The decisions player `index`'s driver took in the last frame's think
    /// ([`Player::take_decisions`]; debug information), empty when none or no such player.
    #[must_use]
    pub fn decisions(&self, index: usize) -> &[Decision] {
        self.decisions.get(index).map_or(&[], Vec::as_slice)
    }

    /// What player `index`'s driver reports about itself ([`Player::report`]).
    #[must_use]
    pub fn report(&self, index: usize) -> Option<PlayerReport> {
        self.drivers.get(index)?.report()
    }

    /// One frame: views, thinks, the world's step. Returns the frame's events.
    pub fn step(&mut self) -> &[Event] {
        for (index, driver) in self.drivers.iter_mut().enumerate() {
            self.world.view(index, &mut self.views[index]);
            self.inputs[index] = driver.think(&self.views[index]);
            let decisions = &mut self.decisions[index];
            decisions.clear();
            driver.take_decisions(decisions);
        }
        self.world.step(&self.inputs)
    }

    /// The log header for this match; `map_path`, `aas_path` and `map_checksum` say where
    /// a replay finds the map.
    #[must_use]
    pub fn header(&self, map_path: &str, aas_path: Option<&str>) -> Header {
        let level = self.world.level();
        let settings = self.world.settings();
        Header {
            frame: 0,
            event: "header".to_owned(),
            version: LOG_VERSION,
            map: level.name.clone(),
            map_path: map_path.to_owned(),
            aas_path: aas_path.map(str::to_owned),
            map_checksum: format!("{:016x}", level.file_hash),
            bsp_checksum: level.bsp_checksum,
            mode: settings.mode,
            seed: settings.seed,
            frame_ms: settings.frame_ms,
            settings: settings.clone(),
            players: self
                .world
                .players()
                .iter()
                .zip(&self.kinds)
                .map(|(p, kind)| HeaderPlayer {
                    id: p.id.0,
                    name: p.name.clone(),
                    team: p.team,
                    kind: kind.clone(),
                })
                .collect(),
            items: self
                .world
                .items()
                .iter()
                .filter(|item| !item.removed)
                .map(|item| {
                    (
                        item.entity,
                        item.item.classname().to_owned(),
                        item.origin.to_array(),
                    )
                })
                .collect(),
            initial_hash: format!("{:016x}", self.world.last_hash()),
        }
    }

    /// The frame line of the last frame.
    #[must_use]
    pub fn frame_line(&self) -> FrameLine {
        let tenth = |v: f32| (v * 10.0).round() / 10.0;
        let players = self
            .world
            .players()
            .iter()
            .map(|p| {
                let flags = u8::from(p.alive)
                    | u8::from(p.body.crouched) << 1
                    | u8::from(p.fired) << 2
                    | u8::from(p.inventory.flag == Some(Team::Red)) << 3
                    | u8::from(p.inventory.flag == Some(Team::Blue)) << 4
                    | u8::from(p.body.on_ground()) << 5;
                let o = p.body.origin;
                #[expect(clippy::cast_precision_loss, reason = "small whole numbers")]
                let frame: PlayerFrame = [
                    tenth(o.x),
                    tenth(o.y),
                    tenth(o.z),
                    tenth(p.view_angles.x),
                    tenth(p.view_angles.y),
                    p.inventory.health as f32,
                    p.inventory.armor as f32,
                    f32::from(p.weapon.map_or(0, Weapon::number)),
                    f32::from(flags),
                ];
                frame
            })
            .collect();
        FrameLine {
            frame: self.world.frame().saturating_sub(1),
            event: "frame".to_owned(),
            hash: format!("{:016x}", self.world.last_hash()),
            players,
            inputs: self.inputs.iter().map(input_row).collect(),
        }
    }
}

/// How [`play`] runs a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayOptions {
    /// Stop after this many frames even if no limit is reached.
    pub max_frames: u32,
}

/// Plays `runner` until the match ends or `options.max_frames` frames ran, writing the log
/// to `log` when given (the header first; each frame's events, then a `route` line per
/// player whose [`Player::route`] changed, then the frame line), and calling `progress` with
/// the frame number after each frame. Routes are asked only when a log is written.
///
/// # Errors
/// When writing the log fails.
pub fn play<W: Write>(
    runner: &mut MatchRunner<'_>,
    options: PlayOptions,
    log: Option<(&mut LogWriter<W>, &Header)>,
    progress: impl FnMut(u32),
) -> std::io::Result<MatchSummary> {
    play_until(runner, options, log, progress, |_| false)
}

/// [`play`], stopping also after the first frame on which `stop` (shown the world after
/// that frame) says so: a test or an evaluation that ends when its player arrives.
///
/// # Errors
/// When writing the log fails.
pub fn play_until<W: Write>(
    runner: &mut MatchRunner<'_>,
    options: PlayOptions,
    mut log: Option<(&mut LogWriter<W>, &Header)>,
    mut progress: impl FnMut(u32),
    mut stop: impl FnMut(&World<'_>) -> bool,
) -> std::io::Result<MatchSummary> {
    let started = std::time::Instant::now();
    if let Some((writer, header)) = log.as_mut() {
        writer.header(header)?;
    }
    let players = runner.world().players().len();
    // The routes last logged (asked of the players only when a log is written).
    let mut routes = RouteChanges::new(players);
    let mut flags = FlagCounts::default();
    while runner.world().ended().is_none() && runner.world().frame() < options.max_frames {
        let frame = runner.world().frame();
        runner.step();
        for event in runner.world().events() {
            if let Event::Flag {
                action: action @ (FlagAction::Captured | FlagAction::Returned),
                player: Some(player),
                ..
            } = event
                && let Some(slot) = match runner.world().players()[player.index()].team {
                    Team::Red => Some(0),
                    Team::Blue => Some(1),
                    Team::Free => None,
                }
            {
                if *action == FlagAction::Captured {
                    flags.captures[slot] += 1;
                } else {
                    flags.returns[slot] += 1;
                }
            }
        }
        if let Some((writer, _)) = log.as_mut() {
            writer.events(frame, runner.world().events())?;
            for index in 0..players {
                if let Some(line) = routes.change(frame, index, runner.route(index)) {
                    writer.route(&line)?;
                }
                let player = u16::try_from(index).unwrap_or(u16::MAX);
                for decision in runner.decisions(index) {
                    writer.decision(&DecisionLine::new(frame, player, decision))?;
                }
            }
            writer.frame(&runner.frame_line())?;
        }
        progress(runner.world().frame());
        if stop(runner.world()) {
            break;
        }
    }
    Ok(MatchSummary::of(runner, started.elapsed(), flags))
}

/// Captures and returns (a player touching its dropped flag) per team (red, blue).
#[derive(Debug, Clone, Copy, Default)]
struct FlagCounts {
    captures: [u32; 2],
    returns: [u32; 2],
}

/// One player's line of the summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// Name.
    pub name: String,
    /// Team name (`"free"` in FFA).
    pub team: &'static str,
    /// Final score.
    pub score: i32,
    /// Kills of opponents.
    pub frags: u32,
    /// Deaths.
    pub deaths: u32,
    /// Suicides (own weapons, falls, liquids …).
    pub suicides: u32,
    /// Damage dealt to others.
    pub damage_given: u32,
    /// Damage received.
    pub damage_taken: u32,
    /// Items picked up by class name.
    pub pickups: BTreeMap<&'static str, u32>,
    /// Shots per weapon name (weapons fired at least once).
    pub shots: BTreeMap<&'static str, u32>,
    /// Hits per weapon name.
    pub hits: BTreeMap<&'static str, u32>,
    /// Hits per shot for each weapon fired (a shotgun blast is one shot; it hits when a
    /// pellet does).
    pub accuracy: BTreeMap<&'static str, f64>,
    /// What its brain reports (bots: `bot`, `skill`, `ai_nodes`, `chats`, `stuck_seconds`
    /// …), flattened into the player's line; nothing for players that report nothing.
    #[serde(flatten)]
    pub report: Option<PlayerReport>,
}

/// A red and a blue number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TeamPair {
    /// Red.
    pub red: i64,
    /// Blue.
    pub blue: i64,
}

/// A red and a blue name, either possibly missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamNames {
    /// Red.
    pub red: Option<String>,
    /// Blue.
    pub blue: Option<String>,
}

/// What a match came to (the `bot-harness match --json` contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchSummary {
    /// The map's name.
    pub map: String,
    /// The mode's name.
    pub mode: &'static str,
    /// The seed.
    pub seed: u64,
    /// Frames simulated.
    pub frames: u32,
    /// Simulated seconds.
    pub sim_seconds: f64,
    /// Wall-clock milliseconds of the simulation (players' thinking included).
    pub wall_ms: f64,
    /// Simulated time per wall-clock time.
    pub realtime_factor: f64,
    /// The state hash after the last frame (hexadecimal).
    pub final_hash: String,
    /// Why it ended (`"frag_limit"`, `"time_limit"`, `"capture_limit"`, `"frames"`).
    pub end: &'static str,
    /// Every player.
    pub players: Vec<PlayerSummary>,
    /// Team scores (TDM: the frags of the team, less suicides; CTF: captures), `null` in FFA.
    pub teams: Option<TeamPair>,
    /// Captures per team in CTF, else `null`.
    pub captures: Option<TeamPair>,
    /// Flags returned by a player of the team touching its dropped flag, in CTF, else `null`.
    pub returns: Option<TeamPair>,
    /// Team orders given by each team's players (their reports' `orders_given`), in team
    /// modes, else `null`.
    pub orders: Option<TeamPair>,
    /// Who led each team when the match ended (a player whose report says so), in team
    /// modes, else `null`.
    pub leader: Option<TeamNames>,
    /// What the world does not model in this map, and malformed entities.
    pub diagnostics: Vec<LevelDiagnostic>,
}

fn per_weapon(values: &[u32; 9]) -> BTreeMap<&'static str, u32> {
    Weapon::ALL
        .into_iter()
        .filter(|w| values[w.index()] > 0)
        .map(|w| (w.name(), values[w.index()]))
        .collect()
}

/// Hits per shot for each weapon fired.
fn accuracy(shots: &[u32; 9], hits: &[u32; 9]) -> BTreeMap<&'static str, f64> {
    Weapon::ALL
        .into_iter()
        .filter(|w| shots[w.index()] > 0)
        .map(|w| {
            let i = w.index();
            (w.name(), f64::from(hits[i]) / f64::from(shots[i]))
        })
        .collect()
}

impl MatchSummary {
    fn of(runner: &MatchRunner<'_>, wall: std::time::Duration, flags: FlagCounts) -> Self {
        let world = runner.world();
        let settings = world.settings();
        let sim_seconds = f64::from(world.time_ms()) / 1000.0;
        let wall_ms = wall.as_secs_f64() * 1000.0;
        let scores = world.team_scores();
        let team = settings.mode.is_team();
        let ctf = settings.mode == bot_interface::GameMode::Ctf;
        let pair = |counts: [u32; 2]| TeamPair {
            red: i64::from(counts[0]),
            blue: i64::from(counts[1]),
        };
        let reports: Vec<(Team, Option<PlayerReport>)> = world
            .players()
            .iter()
            .enumerate()
            .map(|(index, p)| (p.team, runner.report(index)))
            .collect();
        let mut orders = [0_u32; 2];
        let mut leaders: [Option<String>; 2] = [None, None];
        for ((team, report), player) in reports.iter().zip(world.players()) {
            let slot = match team {
                Team::Red => 0,
                Team::Blue => 1,
                Team::Free => continue,
            };
            if let Some(report) = report {
                orders[slot] += report.orders_given;
                if report.leader {
                    leaders[slot] = Some(player.name.clone());
                }
            }
        }
        let [red_leader, blue_leader] = leaders;
        Self {
            map: world.level().name.clone(),
            mode: settings.mode.name(),
            seed: settings.seed,
            frames: world.frame(),
            sim_seconds,
            wall_ms,
            realtime_factor: if wall_ms > 0.0 {
                sim_seconds * 1000.0 / wall_ms
            } else {
                0.0
            },
            final_hash: format!("{:016x}", world.last_hash()),
            end: world.ended().map_or("frames", crate::sim::exit_name),
            players: world
                .players()
                .iter()
                .enumerate()
                .map(|(index, p)| PlayerSummary {
                    name: p.name.clone(),
                    team: p.team.name(),
                    score: p.score,
                    frags: p.stats.frags,
                    deaths: p.stats.deaths,
                    suicides: p.stats.suicides,
                    damage_given: p.stats.damage_given,
                    damage_taken: p.stats.damage_taken,
                    pickups: p.stats.pickups.clone(),
                    shots: per_weapon(&p.stats.shots),
                    hits: per_weapon(&p.stats.hits),
                    accuracy: accuracy(&p.stats.shots, &p.stats.hits),
                    report: reports[index].1.clone(),
                })
                .collect(),
            teams: team.then_some(TeamPair {
                red: i64::from(scores[0]),
                blue: i64::from(scores[1]),
            }),
            captures: ctf.then_some(pair(flags.captures)),
            returns: ctf.then_some(pair(flags.returns)),
            orders: team.then_some(pair(orders)),
            leader: team.then_some(TeamNames {
                red: red_leader,
                blue: blue_leader,
            }),
            diagnostics: world.level().diagnostics.clone(),
        }
    }
}
