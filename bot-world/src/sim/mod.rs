//! [`World`]: one match in progress — players, items, projectiles, movers, flags and scores —
//! advanced one fixed server frame at a time by [`World::step`].
//!
//! # A frame
//!
//! [`World::step`] takes every player's [`BotInput`] and runs Quake III's frame order (see
//! `q3-game-rules.md` §7.1): players in index order (respawn, view, movement with the map's
//! physics, weapon, touches of items and triggers, the once-per-second tick), then
//! projectiles, items, movers and flags, then each player's end of frame (powerups running
//! out, liquids, drowning), then the exit rules. Everything it does is recorded as
//! [`Event`]s, and the frame ends with a hash of the whole state.
//!
//! # Determinism
//!
//! A match is a pure function of the level, the [`MatchSettings`] (seed included) and the
//! inputs: all randomness comes from one [`GameRng`] seeded by the
//! settings, every collection is a `Vec` visited in index order, and the physics is
//! `aas-geom`'s deterministic `f32` step.

mod binary_mover;
mod combat;
mod ctf;
mod environment;
pub mod events;
mod hash;
mod items;
mod movement;
mod placements;
mod player;
mod senses;
mod sight;
mod spawning;
mod state_hash;
mod target_chain;

use aas_geom::PhysicsSettings;
use aas_geom::physics::{Mover, MoverMotion, Physics};
use bot_interface::{BotInput, GameMode, PlayerId, Team};
use serde::{Deserialize, Serialize};

pub use binary_mover::{BinaryMover, MoverPhase};
pub use combat::Projectile;
pub use ctf::FlagState;
pub use events::{Event, FlagAction, cause_name, cause_weapon};
pub use hash::StateHasher;
pub use items::ItemEntity;
pub use player::{PlayerSlot, PlayerStats, WeaponPhase};
pub use senses::hearing_range;
pub use sight::ITEM_SIGHT_PERIOD;

use crate::level::Level;
use crate::rules::{ExitReason, GameRng, MatchScores, Rules, exit_reason};

/// Entity numbers below this are players; items and projectiles are numbered from here.
pub const FIRST_ENTITY: u32 = 64;

/// Everything that decides a match besides the level and the inputs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchSettings {
    /// The game mode.
    pub mode: GameMode,
    /// The game's rules (weapons, items, damage, limits …).
    pub rules: Rules,
    /// Server frame length in milliseconds (50: Quake III's 20 Hz).
    pub frame_ms: u32,
    /// The seed of all randomness.
    pub seed: u64,
    /// Players that enter the match at a given place instead of a spawn point (navigation
    /// tests and evaluations: a start anywhere in the map). Empty by default; left out of
    /// a match log's settings when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fixed_starts: Vec<FixedStart>,
}

impl Default for MatchSettings {
    fn default() -> Self {
        Self {
            mode: GameMode::Ffa,
            rules: Rules::default(),
            frame_ms: 50,
            seed: 0,
            fixed_starts: Vec::new(),
        }
    }
}

/// Where one player enters the match ([`MatchSettings::fixed_starts`]): its first spawn
/// puts it there, looking along `yaw`, instead of at a spawn point; later respawns use the
/// map's spawn points as usual.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FixedStart {
    /// The player (its index in the match).
    pub player: usize,
    /// The origin it enters at (moved, like a spawn point's, to the nearest place within
    /// 32 units where a standing player fits).
    pub origin: [f32; 3],
    /// Its view's yaw, degrees.
    pub yaw: f32,
}

/// A player joining a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// Its name.
    pub name: String,
    /// Its team ([`Team::Free`] in free-for-all).
    pub team: Team,
}

/// The stable name of why a match ended (`"frag_limit"`, `"time_limit"`, `"capture_limit"`).
#[must_use]
pub fn exit_name(reason: ExitReason) -> &'static str {
    match reason {
        ExitReason::FragLimit => "frag_limit",
        ExitReason::TimeLimit => "time_limit",
        ExitReason::CaptureLimit => "capture_limit",
    }
}

/// One match in progress on a [`Level`] (see the [module docs](self)).
#[derive(Debug)]
pub struct World<'l> {
    level: &'l Level,
    physics: Physics<'l>,
    /// How many of the physics movers are the map's (the rest are player boxes, per step).
    map_movers: usize,
    settings: MatchSettings,
    /// Running speed without haste (the physics' walking maximum).
    run_speed: f32,
    frame: u32,
    time_ms: u32,
    rng: GameRng,
    players: Vec<PlayerSlot>,
    items: Vec<ItemEntity>,
    projectiles: Vec<Projectile>,
    /// Doors, then buttons, then lifts: the two-position movers, in that order in the physics
    /// movers after the bobbing platforms.
    binary_movers: Vec<BinaryMover>,
    /// The map's `target_relay` and `target_delay` entities.
    chain_links: Vec<target_chain::ChainLink>,
    /// Uses a `target_delay` scheduled: when (match time, ms), the target, the activating
    /// player.
    pending_uses: Vec<(u32, String, Option<usize>)>,
    /// Per door: the door that leads its team (the first of the team in entity order; a door
    /// without a `team` key leads itself). A team moves together.
    door_masters: Vec<usize>,
    /// Per `trigger_hurt`: whether it is on, and when it may hurt again.
    hurts: Vec<(bool, u32)>,
    /// Per relay (`trigger_multiple` using targets): when it may fire again.
    relays: Vec<u32>,
    flags: [FlagState; 2],
    team_scores: [i32; 2],
    events: Vec<Event>,
    next_entity: u32,
    ended: Option<ExitReason>,
    /// Lines of sight after the last frame.
    sight: sight::Sight,
    /// Where the moving brush models are this frame.
    placements: Vec<placements::Placement>,
}

impl<'l> World<'l> {
    /// A match on `level` with `settings`, for `players` (in player-id order). Players enter
    /// on the first frame.
    #[must_use]
    pub fn new(level: &'l Level, settings: MatchSettings, players: &[PlayerSetup]) -> Self {
        #[expect(clippy::cast_precision_loss, reason = "a frame of a few milliseconds")]
        let physics_settings = PhysicsSettings {
            frame_time: settings.frame_ms as f32 / 1000.0,
            gravity: level.gravity,
            ..PhysicsSettings::default()
        };
        let mut movers = level.movement.movers();
        // Lifts are driven frame by frame like doors (they start when stood on).
        let lifts = level.movement.plats.len();
        let mut binary_movers = Vec::new();
        for door in &level.doors.doors {
            let open = door.direction * door.distance;
            let (first, second) = if door.start_open {
                (open, glam::Vec3::ZERO)
            } else {
                (glam::Vec3::ZERO, open)
            };
            binary_movers.push(BinaryMover::new(first, second, door.speed, door.wait));
        }
        for button in &level.doors.buttons {
            let pressed = button.direction * button.distance;
            binary_movers.push(BinaryMover::new(
                glam::Vec3::ZERO,
                pressed,
                button.speed,
                button.wait,
            ));
        }
        for plat in &level.movement.plats {
            let bottom = glam::Vec3::new(0.0, 0.0, plat.bottom_offset_z);
            binary_movers.push(BinaryMover::new(
                bottom,
                glam::Vec3::ZERO,
                plat.speed,
                plat.wait,
            ));
        }
        // Physics movers: bobbing platforms (as the level gives them), then doors, buttons
        // and lifts (their motion is set every frame).
        let bobbing: Vec<Mover> = movers.split_off(lifts);
        let mut physics_movers = bobbing;
        for door in level.doors.doors.iter().chain(&level.doors.buttons) {
            physics_movers.push(Mover {
                mins: door.mins,
                maxs: door.maxs,
                motion: MoverMotion::Fixed {
                    offset: glam::Vec3::ZERO,
                },
            });
        }
        for plat in &level.movement.plats {
            physics_movers.push(Mover {
                mins: plat.mins,
                maxs: plat.maxs,
                motion: MoverMotion::Fixed {
                    offset: glam::Vec3::new(0.0, 0.0, plat.bottom_offset_z),
                },
            });
        }
        let map_movers = physics_movers.len();
        let physics_settings_speed = physics_settings.max_walk_velocity;
        let physics = Physics::new(&level.aas, physics_settings)
            .with_triggers(level.movement.triggers())
            .with_movers(physics_movers);
        let rng = GameRng::new(settings.seed);
        let slots = players
            .iter()
            .enumerate()
            .map(|(index, setup)| spawning::new_slot(index, setup, &settings))
            .collect();
        let hurts = level
            .doors
            .hurts
            .iter()
            .map(|hurt| (!hurt.start_off, 0))
            .collect();
        let mut world = Self {
            level,
            physics,
            map_movers,
            run_speed: physics_settings_speed,
            settings,
            frame: 0,
            time_ms: 0,
            rng,
            players: slots,
            items: Vec::new(),
            projectiles: Vec::new(),
            binary_movers,
            door_masters: door_masters(&level.doors.doors),
            chain_links: target_chain::chain_links(&level.brushes.entities),
            pending_uses: Vec::new(),
            hurts,
            relays: vec![0; level.doors.relays.len()],
            flags: [FlagState::AtBase, FlagState::AtBase],
            team_scores: [0, 0],
            events: Vec::new(),
            next_entity: FIRST_ENTITY,
            ended: None,
            sight: sight::Sight::default(),
            placements: Vec::new(),
        };
        world.place_models();
        world.spawn_level_items();
        world.update_sight();
        world
    }

    /// The level played on.
    #[must_use]
    pub fn level(&self) -> &'l Level {
        self.level
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &MatchSettings {
        &self.settings
    }

    /// The player physics (the map's triggers and movers included).
    #[must_use]
    pub fn physics(&self) -> &Physics<'l> {
        &self.physics
    }

    /// Frames run so far.
    #[must_use]
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// Match time in milliseconds.
    #[must_use]
    pub fn time_ms(&self) -> u32 {
        self.time_ms
    }

    /// The players, in id order.
    #[must_use]
    pub fn players(&self) -> &[PlayerSlot] {
        &self.players
    }

    /// The item entities (map items first, then dropped ones), present or not.
    #[must_use]
    pub fn items(&self) -> &[ItemEntity] {
        &self.items
    }

    /// The projectiles in flight.
    #[must_use]
    pub fn projectiles(&self) -> &[Projectile] {
        &self.projectiles
    }

    /// The two-position movers: doors, then buttons, then lifts.
    #[must_use]
    pub fn binary_movers(&self) -> &[BinaryMover] {
        &self.binary_movers
    }

    /// Team scores (red, blue): frags in TDM, captures in CTF.
    #[must_use]
    pub fn team_scores(&self) -> [i32; 2] {
        self.team_scores
    }

    /// The state of the red and blue flags.
    #[must_use]
    pub fn flags(&self) -> &[FlagState; 2] {
        &self.flags
    }

    /// Why the match ended, once it has.
    #[must_use]
    pub fn ended(&self) -> Option<ExitReason> {
        self.ended
    }

    /// The events of the last frame.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The state hash at the end of the last frame (of the initial state before any):
    /// [`state_hash`](Self::state_hash), computed when asked (a match that logs no frames
    /// pays for one hash, not one per frame).
    #[must_use]
    pub fn last_hash(&self) -> u64 {
        self.state_hash()
    }

    /// Advances the match by one frame with one input per player (missing inputs stand
    /// still; extra ones are ignored) and returns the frame's events. A match that has
    /// ended does not advance.
    pub fn step(&mut self, inputs: &[BotInput]) -> &[Event] {
        self.events.clear();
        if self.ended.is_some() {
            return &self.events;
        }
        let idle = BotInput::default();
        self.run_pending_uses();
        self.advance_movers();
        self.place_models();
        for index in 0..self.players.len() {
            let input = inputs.get(index).unwrap_or(&idle);
            self.run_player(index, input);
        }
        self.run_projectiles();
        self.run_items();
        self.run_flags();
        self.run_hurts();
        for index in 0..self.players.len() {
            self.end_player_frame(index);
        }
        self.frame += 1;
        self.time_ms = self.time_ms.saturating_add(self.settings.frame_ms);
        self.check_exit();
        self.update_sight();
        &self.events
    }

    /// A new entity number for a dropped item or a projectile.
    fn new_entity(&mut self) -> u32 {
        let entity = self.next_entity;
        self.next_entity = self.next_entity.saturating_add(1);
        entity
    }

    /// The index of the team in per-team arrays (red 0, blue 1).
    fn team_index(team: Team) -> Option<usize> {
        match team {
            Team::Red => Some(0),
            Team::Blue => Some(1),
            Team::Free => None,
        }
    }

    /// Whether `a` and `b` are teammates (never in free-for-all, never oneself).
    fn teammates(&self, a: usize, b: usize) -> bool {
        a != b && self.settings.mode.is_team() && self.players[a].team == self.players[b].team
    }

    /// Checks the exit rules at the end of a frame.
    fn check_exit(&mut self) {
        let mut scores: Vec<i32> = self.players.iter().map(|p| p.score).collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        let standing = MatchScores {
            elapsed_ms: self.time_ms,
            best_player: scores.first().copied().unwrap_or(0),
            second_player: scores.get(1).copied(),
            red: self.team_scores[0],
            blue: self.team_scores[1],
        };
        if let Some(reason) = exit_reason(self.settings.mode, &standing, &self.settings.rules) {
            self.ended = Some(reason);
            self.events.push(Event::MatchEnd {
                reason: exit_name(reason).to_owned(),
            });
        }
    }

    /// The player id of slot `index`.
    fn id(index: usize) -> PlayerId {
        PlayerId(u16::try_from(index).unwrap_or(u16::MAX))
    }
}

/// Per door of `doors` (in entity order): the index of its team's master, the first door with
/// the same `team` key (compared exactly, as the game does); itself without a key.
fn door_masters(doors: &[aas_geom::entities::SlidingMover]) -> Vec<usize> {
    (0..doors.len())
        .map(|index| {
            doors[index].team.as_deref().map_or(index, |team| {
                doors
                    .iter()
                    .position(|door| door.team.as_deref() == Some(team))
                    .unwrap_or(index)
            })
        })
        .collect()
}
