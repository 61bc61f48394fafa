//! [`Commander`]: the leader's side — when to give orders (botlib-reference §13.2's cadence),
//! which (the CTF ratio table, the TDM groups), and to whom only when changed (no flooding).
//!
//! - Capture the flag: orders 3 s after the flag state or the team's size changed, or after
//!   [`Commander::force`] (a new leader; "what is my command?"); with no capture for 240 s
//!   the strategy toggles between passive and aggressive with p = 0.4 (the timer starts
//!   again either way).
//! - Team deathmatch: groups 5 s after the team's size changed, then again every 125 s.
//! - An order goes to a teammate only when it differs from the last one it was given (a
//!   forced round sends them all again).

use std::collections::BTreeMap;

use bot_interface::{FlagStatus, GameMode, GameRng, PlayerId, Scoreboard, Team, TeamCommand};

use super::ctf::{FlagState, Strategy, ctf_orders};
use super::tdm::tdm_orders;

/// Delay (ms) of CTF orders after a change.
const CTF_DELAY_MS: u32 = 3_000;
/// Delay (ms) of TDM orders after a change.
const TDM_DELAY_MS: u32 = 5_000;
/// TDM orders are given again this long (ms) after the last.
const TDM_AGAIN_MS: u32 = 120_000;
/// No capture for this long (ms) may toggle the CTF strategy.
const NO_CAPTURE_MS: u32 = 240_000;
/// The chance the strategy toggles then.
const TOGGLE_CHANCE: f32 = 0.4;

/// An order the leader gives, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    /// To whom.
    pub to: PlayerId,
    /// What.
    pub command: TeamCommand,
    /// Why (for the match log).
    pub why: String,
}

/// What the leader reads to command.
#[derive(Debug, Clone, Copy)]
pub struct Situation<'a> {
    /// Match time, ms.
    pub now_ms: u32,
    /// The mode.
    pub mode: GameMode,
    /// The leader's team.
    pub team: Team,
    /// The scoreboard.
    pub board: &'a Scoreboard,
    /// How many players the team has (the leader included).
    pub team_size: usize,
}

/// The leader's state (see the [module docs](self)).
#[derive(Debug, Clone)]
pub struct Commander {
    strategy: Strategy,
    last_capture_ms: u32,
    team_score: i32,
    due_ms: Option<u32>,
    state: Option<FlagState>,
    team_size: usize,
    given: BTreeMap<PlayerId, TeamCommand>,
}

impl Default for Commander {
    fn default() -> Self {
        Self {
            strategy: Strategy::Passive,
            last_capture_ms: 0,
            team_score: 0,
            due_ms: None,
            state: None,
            team_size: 0,
            given: BTreeMap::new(),
        }
    }
}

/// The flag state of `team` on `board`.
#[must_use]
pub fn flag_state(board: &Scoreboard, team: Team) -> FlagState {
    let away = |team: Team| board.flag(team).is_some_and(|f| f != FlagStatus::AtBase);
    match (away(team), away(team.opponent())) {
        (false, false) => FlagState::BothHome,
        (false, true) => FlagState::TheirsTaken,
        (true, false) => FlagState::OursTaken,
        (true, true) => FlagState::BothTaken,
    }
}

impl Commander {
    /// The CTF strategy.
    #[must_use]
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Orders are due soon, and all are sent again (a new leader, a question).
    pub fn force(&mut self, now_ms: u32, mode: GameMode) {
        self.given.clear();
        let delay = if mode == GameMode::Ctf {
            CTF_DELAY_MS
        } else {
            TDM_DELAY_MS
        };
        self.due_ms = Some(now_ms.saturating_add(delay));
    }

    /// The last order `player` was given, to be sent again at once (it asked).
    pub fn resend(&mut self, player: PlayerId) -> Option<TeamCommand> {
        self.given.get(&player).cloned()
    }

    /// One think: the orders to give now; `sorted` lists the team's players (the leader
    /// included) in order of preference (defenders first, attackers last), then of travel
    /// time to the own base — asked only when orders are due.
    pub fn think(
        &mut self,
        situation: &Situation<'_>,
        sorted: &mut dyn FnMut() -> Vec<PlayerId>,
        rng: &mut GameRng,
    ) -> Vec<Order> {
        let now = situation.now_ms;
        match situation.mode {
            GameMode::Ctf => self.think_ctf(situation, sorted, rng),
            GameMode::Tdm => {
                if situation.team_size != self.team_size {
                    self.team_size = situation.team_size;
                    self.due_ms = Some(now.saturating_add(TDM_DELAY_MS));
                }
                if self.due_ms.is_none_or(|due| now < due) {
                    return Vec::new();
                }
                self.due_ms = Some(now.saturating_add(TDM_AGAIN_MS + TDM_DELAY_MS));
                // Given again every round: groups are renewed.
                self.given.clear();
                let why = format!("team of {}: groups", situation.team_size);
                let members = sorted();
                self.changed(tdm_orders(&members), &why)
            }
            GameMode::Ffa => Vec::new(),
        }
    }

    fn think_ctf(
        &mut self,
        situation: &Situation<'_>,
        sorted: &mut dyn FnMut() -> Vec<PlayerId>,
        rng: &mut GameRng,
    ) -> Vec<Order> {
        let now = situation.now_ms;
        let board = situation.board;
        let score = match situation.team {
            Team::Red => board.red,
            Team::Blue => board.blue,
            Team::Free => None,
        }
        .unwrap_or(0);
        if score > self.team_score || self.last_capture_ms == 0 {
            self.last_capture_ms = now.max(1);
        }
        self.team_score = score;
        if now.saturating_sub(self.last_capture_ms) > NO_CAPTURE_MS {
            self.last_capture_ms = now;
            if rng.random() < TOGGLE_CHANCE {
                self.strategy = match self.strategy {
                    Strategy::Passive => Strategy::Aggressive,
                    Strategy::Aggressive => Strategy::Passive,
                };
                self.given.clear();
                self.due_ms = Some(now.saturating_add(CTF_DELAY_MS));
            }
        }
        let state = flag_state(board, situation.team);
        if self.state != Some(state) || situation.team_size != self.team_size {
            self.state = Some(state);
            self.team_size = situation.team_size;
            self.due_ms = Some(now.saturating_add(CTF_DELAY_MS));
        }
        if self.due_ms.is_none_or(|due| now < due) {
            return Vec::new();
        }
        self.due_ms = None;
        let enemy = situation.team.opponent();
        let carrier = board
            .players
            .iter()
            .find(|line| line.team == situation.team && line.carrying_flag == Some(enemy))
            .map(|line| line.id);
        let strategy = match self.strategy {
            Strategy::Passive => "passive",
            Strategy::Aggressive => "aggressive",
        };
        let why = format!(
            "{}, {strategy}, {} players",
            state.name(),
            situation.team_size
        );
        let members = sorted();
        self.changed(ctf_orders(state, self.strategy, &members, carrier), &why)
    }

    /// The orders of `orders` that differ from the last given, remembered as given.
    fn changed(&mut self, orders: Vec<(PlayerId, TeamCommand)>, why: &str) -> Vec<Order> {
        let mut changed = Vec::new();
        for (to, command) in orders {
            if self.given.get(&to) != Some(&command) {
                self.given.insert(to, command.clone());
                changed.push(Order {
                    to,
                    command,
                    why: why.to_owned(),
                });
            }
        }
        changed
    }
}
