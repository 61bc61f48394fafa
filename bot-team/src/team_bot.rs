//! [`TeamBot`]: a [`Brain`] in a team — it hears team chat (orders, questions, leadership),
//! takes part in electing a leader, commands the team when it leads, and says its orders and
//! answers as team chat with the typed message beside the text.
//!
//! Each frame, before the brain thinks:
//!
//! 1. Every team chat line from a teammate is understood through the match templates of the
//!    bot's botfiles (so a human's typed words command it), or, with
//!    [`TeamSettings::read_typed`], from the typed message beside it when there is one (both
//!    give the same task: `tests/orders.rs`). Orders addressed to the bot (by name, to
//!    everyone, or to its squad) become its task through [`Brain::order`]; a bot carrying the
//!    enemy flag puts an order aside and takes it up after (thesis §17.2). Questions
//!    addressed to it are answered.
//! 2. [`Leadership`]: asking, claiming, answering "who is the leader?".
//! 3. When it leads, the [`Commander`]'s orders, queued as team chat and taken by itself as
//!    a teammate takes them (its own task, its squad).
//! 4. Squads ([`crate::command::squads`]): it learns who is in which squad from the join
//!    orders it hears (the first name leads); leading a squad, it turns the squad's mission
//!    into its members' orders.
//!
//! It says at most one line per 0.5 s (its brain's own chat comes first); every order and
//! leadership change is handed to the match log as a decision (`from` = `"team"`).

use std::collections::{BTreeMap, VecDeque};

use bot_brain::Brain;
use bot_brain::goal::ItemConfig;
use bot_chat::ChatData;
use bot_interface::{
    Addressee, BotInput, BotView, Decision, FlagStatus, GameMode, GameRng, ItemSpotInfo, MatchInfo,
    Player, PlayerId, PlayerReport, Route, Senses, TaskPreference, Team, TeamCommand, TeamMessage,
};
use glam::Vec3;

use crate::command::squads::squad_orders;
use crate::command::{Commander, Leadership, Situation};
use crate::member::{Places, doing, location, task_of};
use crate::protocol::{Roster, said, understand};

/// The shortest time (ms) between two team chat lines of one bot.
const LINE_GAP_MS: u32 = 500;
/// The team size from which a leader commands through squads by default (six: enough for
/// squads of two and more; see [`crate::command::squads`] for what they cost and give).
const SQUADS_FROM: usize = 6;

/// How a [`TeamBot`] plays in its team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamSettings {
    /// Whether it may ask for and claim the leadership (false: its team plays without a
    /// leader, unless a human claims it).
    pub may_lead: bool,
    /// Whether it reads the typed message beside a team chat line (else it understands the
    /// words, as a human's).
    pub read_typed: bool,
    /// From how many players on, as the leader of a capture-the-flag team, it commands
    /// through squads and their leaders ([`crate::command::squads`]; `usize::MAX`: never).
    pub squads_from: usize,
}

impl Default for TeamSettings {
    fn default() -> Self {
        Self {
            may_lead: true,
            read_typed: false,
            squads_from: SQUADS_FROM,
        }
    }
}

/// The data a [`TeamBot`] reads: its botfiles folder's chat files (match templates) and
/// item names.
#[derive(Debug, Clone, Copy)]
pub struct TeamData<'c> {
    /// The chat files (`match.c` above all).
    pub chat: &'c ChatData,
    /// `items.c` (item names in orders).
    pub items: &'c ItemConfig,
}

/// A [`Brain`] playing in a team (see the `team_bot` module docs).
#[derive(Debug)]
pub struct TeamBot<'w, 'c> {
    brain: Brain<'w, 'c>,
    data: TeamData<'c>,
    settings: TeamSettings,
    me: PlayerId,
    team: Team,
    mode: GameMode,
    rng: GameRng,
    seed: u64,
    leadership: Leadership,
    commander: Commander,
    subteam: Option<String>,
    squads: BTreeMap<String, Vec<PlayerId>>,
    spots: Vec<ItemSpotInfo>,
    bases: [Option<Vec3>; 2],
    preferences: BTreeMap<PlayerId, TaskPreference>,
    outbox: VecDeque<(String, Option<TeamMessage>)>,
    next_line_ms: u32,
    decisions: Vec<Decision>,
    orders_given: u32,
    was_leader: bool,
}

impl<'w, 'c> TeamBot<'w, 'c> {
    /// `brain` in a team, reading `data`, playing by `settings`; `seed` seeds its team
    /// randomness (the brain keeps its own).
    #[must_use]
    pub fn new(
        brain: Brain<'w, 'c>,
        data: TeamData<'c>,
        settings: TeamSettings,
        seed: u64,
    ) -> Self {
        Self {
            brain,
            data,
            settings,
            me: PlayerId::default(),
            team: Team::Free,
            mode: GameMode::Ffa,
            rng: GameRng::new(seed),
            seed,
            leadership: Leadership::new(PlayerId::default(), settings.may_lead),
            commander: Commander::with_squads(settings.squads_from),
            subteam: None,
            squads: BTreeMap::new(),
            spots: Vec::new(),
            bases: [None; 2],
            preferences: BTreeMap::new(),
            outbox: VecDeque::new(),
            next_line_ms: 0,
            decisions: Vec::new(),
            orders_given: 0,
            was_leader: false,
        }
    }

    /// The brain.
    #[must_use]
    pub fn brain(&self) -> &Brain<'w, 'c> {
        &self.brain
    }

    /// Its view of the leadership.
    #[must_use]
    pub fn leadership(&self) -> &Leadership {
        &self.leadership
    }

    /// Its squad, if it is in one.
    #[must_use]
    pub fn subteam(&self) -> Option<&str> {
        self.subteam.as_deref()
    }

    /// Orders it gave as its team's leader.
    #[must_use]
    pub fn orders_given(&self) -> u32 {
        self.orders_given
    }

    fn places(&self) -> Places<'_> {
        Places {
            team: self.team,
            bases: self.bases,
            spots: &self.spots,
        }
    }

    fn decide(&mut self, to: String, reason: String) {
        self.decisions.push(Decision {
            from: "team".to_owned(),
            to,
            reason,
        });
    }

    /// Queues `message` (or plain `text` when `message` is `None`) to be said to the team.
    fn queue(&mut self, view: &BotView, message: Option<TeamMessage>, text: Option<String>) {
        let roster = Roster {
            players: &view.scoreboard.players,
            items: self.data.items,
        };
        let line = match (message, text) {
            (message, Some(text)) => (text, message),
            (Some(message), None) => {
                let (text, carried) = said(self.data.chat, &message, self.me, &roster);
                (text, Some(carried))
            }
            (None, None) => return,
        };
        self.outbox.push_back(line);
    }

    /// Whether `to` addresses this bot.
    fn addressed(&self, to: &Addressee) -> bool {
        match to {
            Addressee::Team => true,
            Addressee::Players(ids) => ids.contains(&self.me),
            Addressee::Subteam(name) => self
                .subteam
                .as_ref()
                .is_some_and(|mine| mine.eq_ignore_ascii_case(name)),
        }
    }

    /// Reads the team chat of this frame.
    fn hear(&mut self, view: &BotView) {
        for line in &view.chat {
            let from_mate = line.team_only
                && view
                    .scoreboard
                    .players
                    .iter()
                    .any(|p| p.id == line.from && p.team == self.team);
            if !from_mate || line.from == self.me {
                continue;
            }
            let message = match (&line.message, self.settings.read_typed) {
                (Some(message), true) => Some(message.clone()),
                _ => {
                    let roster = Roster {
                        players: &view.scoreboard.players,
                        items: self.data.items,
                    };
                    understand(self.data.chat, line.from, &line.text, &roster)
                }
            };
            if let Some(message) = message {
                self.take(view, line.from, &message);
            }
        }
    }

    /// Acts on `message` from `from`.
    fn take(&mut self, view: &BotView, from: PlayerId, message: &TeamMessage) {
        let now = view.time_ms;
        let was = self.leadership.leader();
        if let Some(answer) = self.leadership.heard(from, &message.command, now) {
            self.queue(view, Some(TeamMessage::new(Addressee::Team, answer)), None);
        }
        self.note_leader(view, was);
        self.note_squads(message);
        let roster = Roster {
            players: &view.scoreboard.players,
            items: self.data.items,
        };
        match &message.command {
            TeamCommand::TaskPreference(preference) => {
                self.preferences.insert(from, *preference);
            }
            TeamCommand::WhatIsMyCommand if self.leadership.leads() => {
                if let Some(command) = self.commander.resend(from) {
                    let order = TeamMessage::to_player(from, command);
                    self.queue(view, Some(order), None);
                }
            }
            TeamCommand::WhatAreYouDoing if self.addressed(&message.to) => {
                let text = doing(self.brain.team_play().task(), &roster);
                self.queue(view, None, Some(text));
            }
            TeamCommand::WhereAreYou if self.addressed(&message.to) => {
                let text = location(view.me.origin, &self.places(), &roster);
                self.queue(view, None, Some(text));
            }
            TeamCommand::WhichSubteam if self.addressed(&message.to) => {
                let text = match &self.subteam {
                    Some(name) => format!("I'm in squad {name}"),
                    None => "I'm not in a squad".to_owned(),
                };
                self.queue(view, None, Some(text));
            }
            TeamCommand::JoinSubteam(name) if self.addressed(&message.to) => {
                self.subteam = Some(name.clone());
                let reason = format!("told by {}", roster.name(from));
                self.decide(format!("squad {name}"), reason);
            }
            TeamCommand::LeaveSubteam if self.addressed(&message.to) => {
                self.subteam = None;
            }
            command if self.addressed(&message.to) => {
                if let Some(task) = task_of(command, from, view, &self.places()) {
                    let reason = format!("ordered by {}", roster.name(from));
                    let name = task.name();
                    self.brain.order(task, Some(from), now, message.for_ms);
                    self.decide(name.to_owned(), reason);
                }
                if let Addressee::Subteam(squad) = &message.to {
                    self.lead_squad(view, squad, command);
                }
            }
            _ => {}
        }
    }

    /// Keeps the team's squads up to date from a squad order heard (to anyone): "A and B join
    /// squad x" makes A and B squad x, A its leader; "leave your squad" takes them out.
    fn note_squads(&mut self, message: &TeamMessage) {
        let Addressee::Players(players) = &message.to else {
            return;
        };
        match &message.command {
            TeamCommand::JoinSubteam(name) => {
                for members in self.squads.values_mut() {
                    members.retain(|id| !players.contains(id));
                }
                self.squads.retain(|_, members| !members.is_empty());
                self.squads
                    .insert(name.to_ascii_lowercase(), players.clone());
            }
            TeamCommand::LeaveSubteam => {
                for members in self.squads.values_mut() {
                    members.retain(|id| !players.contains(id));
                }
                self.squads.retain(|_, members| !members.is_empty());
            }
            _ => {}
        }
    }

    /// As the leader of `squad` (the first named when it was formed), orders its members for
    /// the `mission` the team leader gave it (the squad leader's part of the hierarchy).
    fn lead_squad(&mut self, view: &BotView, squad: &str, mission: &TeamCommand) {
        let Some(members) = self
            .squads
            .get(&squad.to_ascii_lowercase())
            .filter(|members| members.first() == Some(&self.me))
            .cloned()
        else {
            return;
        };
        let enemy_flag_home =
            view.scoreboard.flag(self.team.opponent()) == Some(FlagStatus::AtBase);
        let why = format!("squad {squad}: {}", mission_words(mission));
        for (id, command) in squad_orders(mission, &members, enemy_flag_home) {
            if command != *mission {
                self.give(view, &TeamMessage::to_player(id, command), &why);
            }
        }
    }

    /// Gives `order` (logged with `why`): said to the team unless it is to this bot alone,
    /// and taken by this bot as a teammate would take it.
    fn give(&mut self, view: &BotView, order: &TeamMessage, why: &str) {
        let roster = Roster {
            players: &view.scoreboard.players,
            items: self.data.items,
        };
        let words = crate::protocol::phrasings(order, self.me, &roster)
            .into_iter()
            .next()
            .unwrap_or_default();
        self.decide(words, why.to_owned());
        if order.to != Addressee::Players(vec![self.me]) {
            self.orders_given += 1;
            self.queue(view, Some(order.clone()), None);
        }
        self.take(view, self.me, order);
    }

    /// Logs a change of leader since `was`.
    fn note_leader(&mut self, view: &BotView, was: Option<PlayerId>) {
        let now_leader = self.leadership.leader();
        if now_leader == was {
            return;
        }
        let name = now_leader.map_or_else(
            || "nobody".to_owned(),
            |id| {
                view.scoreboard
                    .players
                    .iter()
                    .find(|p| p.id == id)
                    .map_or_else(|| "someone".to_owned(), |p| p.name.clone())
            },
        );
        self.decide(format!("leader {name}"), "leadership".to_owned());
        if self.leadership.leads() {
            self.commander.force(view.time_ms, self.mode);
        }
    }

    /// The team's players, defenders first and attackers last, then by travel time to the
    /// own base.
    fn sorted_team(&mut self, view: &BotView) -> Vec<PlayerId> {
        let base = match self.team {
            Team::Red => self.bases[0],
            Team::Blue => self.bases[1],
            Team::Free => None,
        };
        let own = self.brain.team_play().preference();
        let brain = &mut self.brain;
        let mut travel = |origin: Vec3| -> u32 {
            base.and_then(|base| brain.travel_time(origin, base))
                .map_or(u32::MAX, u32::from)
        };
        let preferences = &self.preferences;
        let me = self.me;
        let mut members: Vec<(u8, u32, PlayerId)> = view
            .teammates
            .iter()
            .map(|mate| (mate.id, mate.origin))
            .chain(std::iter::once((me, view.me.origin)))
            .map(|(id, origin)| {
                let preference = if id == me {
                    own
                } else {
                    preferences.get(&id).copied().unwrap_or_default()
                };
                let rank = match preference {
                    TaskPreference::Defender => 0,
                    TaskPreference::None | TaskPreference::Roamer => 1,
                    TaskPreference::Attacker => 2,
                };
                (rank, travel(origin), id)
            })
            .collect();
        members.sort_unstable();
        members.into_iter().map(|(_, _, id)| id).collect()
    }

    /// One think of the leader: the commander's orders.
    fn command(&mut self, view: &BotView) {
        let situation = Situation {
            now_ms: view.time_ms,
            mode: self.mode,
            team: self.team,
            board: &view.scoreboard,
            team_size: view.teammates.len() + 1,
        };
        let mut commander = std::mem::take(&mut self.commander);
        let mut rng = self.rng.clone();
        let orders = commander.think(&situation, &mut || self.sorted_team(view), &mut rng);
        self.rng = rng;
        self.commander = commander;
        for order in orders {
            self.give(view, &TeamMessage::new(order.to, order.command), &order.why);
        }
    }
}

/// A mission in a few words, for the match log.
fn mission_words(mission: &TeamCommand) -> &'static str {
    match mission {
        TeamCommand::Defend(_) => "defend",
        TeamCommand::GetFlag => "get the flag",
        TeamCommand::ReturnFlag => "return the flag",
        TeamCommand::Accompany(_) => "escort",
        _ => "orders",
    }
}

impl Player for TeamBot<'_, '_> {
    fn name(&self) -> &str {
        self.brain.name()
    }

    fn senses(&self) -> Senses {
        self.brain.senses()
    }

    fn begin(&mut self, info: &MatchInfo) {
        self.brain.begin(info);
        self.me = info.you;
        self.team = info.team;
        self.mode = info.mode;
        self.rng = GameRng::new(self.seed ^ info.seed.rotate_left(17));
        self.leadership = Leadership::new(info.you, self.settings.may_lead);
        self.commander = Commander::with_squads(self.settings.squads_from);
        self.subteam = None;
        self.squads.clear();
        self.spots.clone_from(&info.items);
        self.bases = [
            self.brain.team_play().base(Team::Red),
            self.brain.team_play().base(Team::Blue),
        ];
        self.preferences.clear();
        self.outbox.clear();
        self.next_line_ms = 0;
        self.orders_given = 0;
        self.was_leader = false;
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        if self.mode.is_team() {
            self.hear(view);
            let team: Vec<PlayerId> = view
                .scoreboard
                .players
                .iter()
                .filter(|p| p.team == self.team)
                .map(|p| p.id)
                .collect();
            let was = self.leadership.leader();
            if let Some(line) = self.leadership.think(view.time_ms, &team, &mut self.rng) {
                self.queue(view, Some(TeamMessage::new(Addressee::Team, line)), None);
            }
            self.note_leader(view, was);
            if self.leadership.leads() && view.me.alive {
                self.command(view);
            }
            self.was_leader = self.leadership.leads();
        }
        let mut input = self.brain.think(view);
        if input.say.is_none()
            && input.say_team.is_none()
            && view.time_ms >= self.next_line_ms
            && let Some((text, message)) = self.outbox.pop_front()
        {
            input.say_team = Some(text);
            input.team_message = message;
            self.next_line_ms = view.time_ms.saturating_add(LINE_GAP_MS);
        }
        input
    }

    fn route(&self) -> Option<&Route> {
        self.brain.route()
    }

    fn take_decisions(&mut self, out: &mut Vec<Decision>) {
        self.brain.take_decisions(out);
        out.append(&mut self.decisions);
    }

    fn report(&self) -> Option<PlayerReport> {
        let mut report = self.brain.report()?;
        report.orders_given = self.orders_given;
        report.leader = self.leadership.leads();
        Some(report)
    }
}
