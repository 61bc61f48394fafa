//! [`Player`]: anything that drives a player in a match (a bot, a scripted player, a test).

use std::collections::BTreeMap;

use bitflags::bitflags;
use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::{BotInput, BotView, GameMode, Item, PlayerId, Route, Team};

/// What every player knows when a match begins: the map and its layout, as a human who knows
/// the map would (where items and flags are placed), and who it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchInfo {
    /// The map's name (its file stem).
    pub map: String,
    /// The game mode.
    pub mode: GameMode,
    /// This player.
    pub you: PlayerId,
    /// This player's team.
    pub team: Team,
    /// Every item placed in the map (not whether it is present now).
    pub items: Vec<ItemSpotInfo>,
    /// Server frame length in milliseconds (50 at 20 Hz).
    pub frame_ms: u32,
    /// The seed this player may use for its own randomness (derived from the match seed).
    pub seed: u64,
}

/// An item placed in the map.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ItemSpotInfo {
    /// The world's entity number of the item.
    pub entity: u32,
    /// What it is.
    pub item: Item,
    /// Where it rests.
    pub origin: Vec3,
}

bitflags! {
    /// The parts of its [`BotView`] that a player reads besides its own state, sounds, chat and
    /// the scoreboard (which it always gets). Lines of sight are most of what a frame of the
    /// world costs, so the world traces only those its players read; a part a player does not
    /// ask for stays empty in its view. Default: everything.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct Senses: u8 {
        /// Other players in line of sight ([`BotView::players`]).
        const PLAYERS = 1;
        /// Present items in line of sight ([`BotView::items`]).
        const ITEMS = 1 << 1;
        /// Projectiles in line of sight ([`BotView::projectiles`]).
        const PROJECTILES = 1 << 2;
    }
}

impl Default for Senses {
    fn default() -> Self {
        Self::all()
    }
}

/// Drives one player: the world calls [`begin`](Self::begin) once, then [`think`](Self::think)
/// every server frame with what the player may know, and applies the returned input. A player
/// must be deterministic given its [`MatchInfo::seed`] and the views it receives (the match is
/// then a pure function of map, settings and seed).
pub trait Player {
    /// The player's name (shown on the scoreboard and in chat).
    fn name(&self) -> &str;

    /// Called once before the first frame.
    fn begin(&mut self, info: &MatchInfo) {
        let _ = info;
    }

    /// What it reads of its views (asked once, after [`begin`](Self::begin)); the default is
    /// everything. A player that asks for less must not depend on the parts it left out:
    /// they stay empty.
    fn senses(&self) -> Senses {
        Senses::all()
    }

    /// The input for this frame.
    fn think(&mut self, view: &BotView) -> BotInput;

    /// The route it currently means to follow, if it plans one (the default: none). Debug
    /// and visualisation information that does not affect the match: a world may ask it
    /// after [`think`](Self::think) (a match log records it when it changes, a viewer draws
    /// it) or never, and the player must play the same either way. Asking should be cheap
    /// (a reference to a route computed once per plan, not one per frame).
    fn route(&self) -> Option<&Route> {
        None
    }

    /// Moves the decisions it took since it was last asked into `out` (the default: none).
    /// Debug information that does not affect the match: the world asks after every
    /// [`think`](Self::think) (a match log records them, a viewer shows them), and a player
    /// that records decisions must hand them over here so that they do not pile up.
    fn take_decisions(&mut self, out: &mut Vec<Decision>) {
        let _ = out;
    }

    /// What it reports about itself for the match summary (the default: nothing), asked
    /// once after the match.
    fn report(&self) -> Option<PlayerReport> {
        None
    }
}

/// A player lent to a match: the world drives it through the reference, and the owner
/// keeps it for inspection afterwards (a test reading a bot's counters, an evaluation).
impl<P: Player + ?Sized> Player for &mut P {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn begin(&mut self, info: &MatchInfo) {
        (**self).begin(info);
    }

    fn senses(&self) -> Senses {
        (**self).senses()
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        (**self).think(view)
    }

    fn route(&self) -> Option<&Route> {
        (**self).route()
    }

    fn take_decisions(&mut self, out: &mut Vec<Decision>) {
        (**self).take_decisions(out);
    }

    fn report(&self) -> Option<PlayerReport> {
        (**self).report()
    }
}

/// A decision a player took, with its reason: for a bot, a switch between the nodes of its
/// AI network (thesis §15), such as `seek_ltg` → `battle_fight` because `found enemy`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The state it left (a node name).
    pub from: String,
    /// The state it entered.
    pub to: String,
    /// Why.
    pub reason: String,
}

/// What a brain reports about itself in a match summary (the `bot-harness match --json`
/// player fields beside the world's own).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PlayerReport {
    /// The character it plays (`"razor"`).
    pub bot: String,
    /// Its skill, 1 to 5.
    pub skill: f32,
    /// Seconds spent in each node of its AI network, by node name.
    pub ai_nodes: BTreeMap<String, f32>,
    /// Chat lines it said.
    pub chats: u32,
    /// Seconds it wanted to move but made no progress.
    pub stuck_seconds: f32,
    /// The most node switches it took in one think.
    pub max_switches_per_think: u32,
    /// Seconds per team task (`"defend"`, `"get_flag"` …; team modes only).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub task_seconds: BTreeMap<String, f32>,
    /// Team orders it gave as its team's leader (or sub-team leader).
    #[serde(default)]
    pub orders_given: u32,
    /// Whether it led its team when the match ended.
    #[serde(default)]
    pub leader: bool,
    /// Problems met while loading it (the fallbacks taken), as botlib would print them.
    pub diagnostics: Vec<String>,
}
