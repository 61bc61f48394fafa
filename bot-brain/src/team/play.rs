//! [`TeamPlay`]: a bot's team task — ordered, pressing or chosen by itself — and the place it
//! takes the bot to.
//!
//! - **Orders** ([`TeamPlay::order`]) last their task's timeout ([`Task::timeout_ms`]) or
//!   the order's own time. A dismissal ends the order.
//! - **Pressing tasks** (thesis §17.2): carrying the enemy flag, the bot rushes home whatever
//!   it was ordered; the order waits and is taken up again once the flag is captured or lost
//!   (if it has not timed out meanwhile).
//! - **Its own choice** (thesis §17.1, capture the flag only, when no order runs): with a
//!   the own flag away it goes to return it (p 0.7); with a teammate carrying the enemy flag
//!   it escorts the carrier (p 0.5); otherwise it goes for the enemy flag, defends the base
//!   or roams, by its task preference (attacker 0.7 / 0.2 / 0.1, defender 0.2 / 0.7 / 0.1,
//!   none 0.4 / 0.3 / 0.3). A choice is kept until the flags change or for 60 s (the CTF roam
//!   time), then made again. These probabilities are this toolkit's own: botlib's individual
//!   CTF AI is described only in words (thesis §17.1).
//! - **Places** ([`TeamPlay::place`]): where the task takes the bot now, and how near
//!   counts as there ([`PlaceGoal`]). A bot told to accompany a teammate gears up first
//!   while it holds nothing better than the machine gun (after a respawn, say) — unless the
//!   teammate carries a flag: a carrier is escorted at once. (Measured in team deathmatch:
//!   pairs whose companions ran unarmed to their partner won 21 of 80 matches against free
//!   bots, 34 of 80 with this rule.)

use std::collections::BTreeMap;

use bot_interface::{
    BotView, FlagStatus, GameMode, GameRng, MatchInfo, PlayerId, SelfView, TaskPreference, Team,
    Weapon,
};
use glam::Vec3;

use crate::bot::PlaceGoal;
use crate::goal::{NBG_RANGE, NBG_RANGE_CARRYING_FLAG, NBG_RANGE_DEFENDING};

use super::Task;

/// How long (ms) a task the bot chose itself is kept at most before it chooses again.
const OWN_CHOICE_MS: u32 = 60_000;
/// How near (units) a bot stays to the teammate it accompanies.
const ACCOMPANY_HOLD: f32 = 160.0;
/// How near (units) a bot stays to a key area it defends.
const DEFEND_HOLD: f32 = 200.0;
/// How near (units) a camping bot stays to its spot.
const CAMP_HOLD: f32 = 48.0;
/// How near (units) a patrolling bot comes to each place.
const PATROL_REACH: f32 = 96.0;
/// How near (units) counts as having got an ordered item.
const ITEM_REACH: f32 = 48.0;
/// How far (units) a led teammate may fall behind before the leader goes back to it.
const LEAD_WAIT: f32 = 400.0;
/// How long (ms) a seen dropped flag or flag carrier is remembered.
const SEEN_FLAG_MS: u32 = 5_000;

/// Who set the current task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskSource {
    /// An order (from the team leader, a teammate, or a program).
    Ordered,
    /// A pressing task (carrying the enemy flag).
    Pressing,
    /// The bot's own choice.
    Own,
}

/// A bot's team task and what it knows of the flags (see the `team::play` module docs).
#[derive(Debug, Clone)]
pub struct TeamPlay {
    mode: GameMode,
    team: Team,
    task: Task,
    source: TaskSource,
    /// When the current task ends (ms).
    until_ms: u32,
    /// An order put aside by a pressing task, and when it ends.
    waiting: Option<(Task, u32)>,
    /// Who gave the current (or waiting) order, if a player did.
    ordered_by: Option<PlayerId>,
    preference: TaskPreference,
    /// Flag bases by team (red, blue), from the map's layout.
    bases: [Option<Vec3>; 2],
    /// The flag status at the last think (red, blue).
    flags: [Option<FlagStatus>; 2],
    /// Where a dropped flag was last seen, by team, and when.
    dropped: [Option<(Vec3, u32)>; 2],
    /// Where the carrier of a flag was last seen, by flag team, and when.
    carriers: [Option<(Vec3, u32)>; 2],
    /// Seconds per task ([`Task::NAMES`] order).
    seconds: [f32; 13],
    /// Tasks begun, by name.
    changes: u32,
}

/// Whether `me` holds a weapon with ammunition beyond the gauntlet and the machine gun.
fn armed(me: &SelfView) -> bool {
    [
        Weapon::Shotgun,
        Weapon::GrenadeLauncher,
        Weapon::RocketLauncher,
        Weapon::LightningGun,
        Weapon::Railgun,
        Weapon::PlasmaGun,
        Weapon::Bfg,
    ]
    .into_iter()
    .any(|weapon| me.weapons[weapon.index()] && me.ammo[weapon.index()] > 0)
}

fn slot(team: Team) -> Option<usize> {
    match team {
        Team::Red => Some(0),
        Team::Blue => Some(1),
        Team::Free => None,
    }
}

impl Default for TeamPlay {
    fn default() -> Self {
        Self {
            mode: GameMode::Ffa,
            team: Team::Free,
            task: Task::Roam,
            source: TaskSource::Own,
            until_ms: 0,
            waiting: None,
            ordered_by: None,
            preference: TaskPreference::None,
            bases: [None; 2],
            flags: [None; 2],
            dropped: [None; 2],
            carriers: [None; 2],
            seconds: [0.0; 13],
            changes: 0,
        }
    }
}

impl TeamPlay {
    /// Learns the mode, the team and the flag bases of a new match; forgets everything else.
    pub fn begin(&mut self, info: &MatchInfo) {
        let preference = self.preference;
        *self = Self {
            mode: info.mode,
            team: info.team,
            preference,
            ..Self::default()
        };
        for spot in &info.items {
            if let bot_interface::Item::Flag(team) = spot.item
                && let Some(i) = slot(team)
            {
                self.bases[i] = Some(spot.origin);
            }
        }
    }

    /// The game mode of the match.
    #[must_use]
    pub fn mode(&self) -> GameMode {
        self.mode
    }

    /// The current task.
    #[must_use]
    pub fn task(&self) -> &Task {
        &self.task
    }

    /// Who set it.
    #[must_use]
    pub fn source(&self) -> TaskSource {
        self.source
    }

    /// Who gave the running (or waiting) order, if a player did.
    #[must_use]
    pub fn ordered_by(&self) -> Option<PlayerId> {
        self.ordered_by
    }

    /// The order put aside by a pressing task, if any.
    #[must_use]
    pub fn waiting(&self) -> Option<&Task> {
        self.waiting.as_ref().map(|(task, _)| task)
    }

    /// The bot's task preference.
    #[must_use]
    pub fn preference(&self) -> TaskPreference {
        self.preference
    }

    /// Sets the bot's task preference (its own choices follow it).
    pub fn set_preference(&mut self, preference: TaskPreference) {
        self.preference = preference;
    }

    /// The base of `team`'s flag.
    #[must_use]
    pub fn base(&self, team: Team) -> Option<Vec3> {
        slot(team).and_then(|i| self.bases[i])
    }

    /// Seconds spent per task, by name (tasks never run left out).
    #[must_use]
    pub fn task_seconds(&self) -> BTreeMap<String, f32> {
        Task::NAMES
            .iter()
            .zip(self.seconds)
            .filter(|&(_, seconds)| seconds > 0.0)
            .map(|(name, seconds)| ((*name).to_owned(), seconds))
            .collect()
    }

    /// Counts `seconds` for the current task (team modes only).
    pub fn spend(&mut self, seconds: f32) {
        if self.mode.is_team() {
            self.seconds[self.task.index()] += seconds;
        }
    }

    /// An order: `task` from now (`now_ms`) for `for_ms` (default: the task's timeout), from
    /// `by`. While a pressing task runs the order waits. [`Task::Roam`] dismisses.
    pub fn order(&mut self, task: Task, by: Option<PlayerId>, now_ms: u32, for_ms: Option<u32>) {
        let until = now_ms.saturating_add(for_ms.unwrap_or_else(|| task.timeout_ms()));
        if task == Task::Roam {
            self.ordered_by = None;
            self.waiting = None;
            if self.source != TaskSource::Pressing {
                self.set(Task::Roam, TaskSource::Own, now_ms);
            }
            return;
        }
        self.ordered_by = by;
        if self.source == TaskSource::Pressing {
            self.waiting = Some((task, until));
        } else {
            self.set(task, TaskSource::Ordered, until);
        }
    }

    fn set(&mut self, task: Task, source: TaskSource, until_ms: u32) {
        if task != self.task {
            self.changes += 1;
        }
        self.task = task;
        self.source = source;
        self.until_ms = until_ms;
    }

    /// Tasks begun so far.
    #[must_use]
    pub fn changes(&self) -> u32 {
        self.changes
    }

    /// One think: learns from `view` where the flags are, ends tasks that timed out or are
    /// done, takes up pressing tasks (and the order they put aside after them), and in
    /// capture the flag chooses a task of its own when none runs.
    pub fn think(&mut self, view: &BotView, rng: &mut GameRng) {
        let now = view.time_ms;
        let me = &view.me;
        self.observe(view);
        if !me.alive {
            return;
        }
        let carrying = me.carrying_flag.is_some_and(|flag| flag != self.team);
        if carrying {
            if self.source != TaskSource::Pressing {
                if self.source == TaskSource::Ordered {
                    self.waiting = Some((self.task.clone(), self.until_ms));
                }
                self.set(Task::RushBase, TaskSource::Pressing, u32::MAX);
            }
            return;
        }
        if self.source == TaskSource::Pressing {
            match self.waiting.take().filter(|&(_, until)| until > now) {
                Some((task, until)) => self.set(task, TaskSource::Ordered, until),
                None => {
                    self.ordered_by = None;
                    self.set(Task::Roam, TaskSource::Own, now);
                }
            }
        }
        if self.done(view) || now >= self.until_ms {
            if self.source == TaskSource::Ordered {
                self.ordered_by = None;
            }
            self.set(Task::Roam, TaskSource::Own, now);
        }
        if self.source == TaskSource::Own && now >= self.until_ms && self.mode == GameMode::Ctf {
            let (task, until) = self.own_choice(view, rng);
            self.set(task, TaskSource::Own, until);
        }
    }

    /// Learns the flags' status and where a dropped flag or a carrier was seen; a change of a
    /// flag's status ends the bot's own choice (it chooses again).
    fn observe(&mut self, view: &BotView) {
        let now = view.time_ms;
        let board = &view.scoreboard;
        let flags = [board.red_flag, board.blue_flag];
        if flags != self.flags {
            self.flags = flags;
            if self.source == TaskSource::Own {
                self.until_ms = now;
            }
        }
        for item in &view.items {
            if let bot_interface::Item::Flag(team) = item.item
                && item.dropped
                && let Some(i) = slot(team)
            {
                self.dropped[i] = Some((item.origin, now));
            }
        }
        for player in &view.players {
            if let Some(i) = player.carrying_flag.and_then(slot) {
                self.carriers[i] = Some((player.origin, now));
            }
        }
        for (i, status) in flags.into_iter().enumerate() {
            if status != Some(FlagStatus::Dropped) {
                self.dropped[i] = None;
            }
            if status != Some(FlagStatus::Taken) {
                self.carriers[i] = None;
            }
        }
    }

    fn flag(&self, team: Team) -> Option<FlagStatus> {
        slot(team).and_then(|i| self.flags[i])
    }

    /// Whether the task is done or pointless now.
    fn done(&self, view: &BotView) -> bool {
        let me = view.me.origin;
        match &self.task {
            Task::GetItem(point) => point.distance(me) <= ITEM_REACH,
            Task::ReturnFlag => self.flag(self.team) == Some(FlagStatus::AtBase),
            Task::Help(mate) | Task::Accompany(mate) | Task::LeadTheWay(mate) => {
                !view.scoreboard.players.iter().any(|line| line.id == *mate)
            }
            _ => false,
        }
    }

    /// The bot's own choice of task in capture the flag, and until when it holds.
    fn own_choice(&self, view: &BotView, rng: &mut GameRng) -> (Task, u32) {
        let now = view.time_ms;
        let until = now.saturating_add(OWN_CHOICE_MS);
        let enemy = self.team.opponent();
        let carrier = view
            .scoreboard
            .players
            .iter()
            .find(|line| line.team == self.team && line.carrying_flag == Some(enemy))
            .map(|line| line.id);
        let own_flag_away = self
            .flag(self.team)
            .is_some_and(|f| f != FlagStatus::AtBase);
        // Two draws, always both, in this order.
        let (first, second) = (rng.random(), rng.random());
        if own_flag_away && first < 0.7 {
            return (Task::ReturnFlag, until);
        }
        if let Some(carrier) = carrier.filter(|&id| id != view.me.id)
            && second < 0.5
        {
            return (Task::Accompany(carrier), until);
        }
        let (attack, defend) = match self.preference {
            TaskPreference::Attacker => (0.7, 0.9),
            TaskPreference::Defender => (0.2, 0.9),
            TaskPreference::None | TaskPreference::Roamer => (0.4, 0.7),
        };
        let draw = second;
        let enemy_flag_free = self.flag(enemy) != Some(FlagStatus::Taken);
        if draw < attack && enemy_flag_free {
            (Task::GetFlag, until)
        } else if draw < defend
            && let Some(base) = self.base(self.team)
        {
            (Task::Defend(base), until)
        } else {
            (Task::Roam, until)
        }
    }

    /// Where the task takes the bot now (`None`: nowhere in particular; items as in
    /// deathmatch). A patrol moves on to its next place once near the current one.
    pub fn place(&mut self, view: &BotView, enemy: Option<(PlayerId, Vec3)>) -> Option<PlaceGoal> {
        let now = view.time_ms;
        let me = view.me.origin;
        let recent = |seen: Option<(Vec3, u32)>| {
            seen.filter(|&(_, at)| now.saturating_sub(at) <= SEEN_FLAG_MS)
                .map(|(point, _)| point)
        };
        if let Task::Accompany(id) = self.task
            && !armed(&view.me)
            && !view
                .scoreboard
                .players
                .iter()
                .any(|line| line.id == id && line.carrying_flag.is_some())
        {
            // Gear up first (after a respawn, say): an unarmed companion only walks into the
            // fights its teammate meets. A flag carrier is escorted at once.
            return None;
        }
        let nearby = match self.task {
            Task::Defend(_) | Task::Camp(_) => NBG_RANGE_DEFENDING,
            Task::RushBase if view.me.carrying_flag.is_some() => NBG_RANGE_CARRYING_FLAG,
            _ => NBG_RANGE,
        };
        let at = |point: Vec3, hold: f32| {
            Some(PlaceGoal {
                point,
                hold,
                nearby,
            })
        };
        let mate = |id: PlayerId| {
            view.teammates
                .iter()
                .find(|mate| mate.id == id && mate.alive)
                .map(|mate| mate.origin)
        };
        let enemy_team = self.team.opponent();
        match &mut self.task {
            Task::Roam => None,
            Task::Help(id) | Task::Accompany(id) => mate(*id).and_then(|p| at(p, ACCOMPANY_HOLD)),
            Task::Defend(point) => at(*point, DEFEND_HOLD),
            Task::Camp(point) => at(*point, CAMP_HOLD),
            Task::GetItem(point) => at(*point, 0.0),
            Task::GetFlag | Task::AttackEnemyBase => {
                let i = slot(enemy_team)?;
                recent(self.dropped[i])
                    .or(self.bases[i])
                    .and_then(|p| at(p, 0.0))
            }
            Task::ReturnFlag => {
                let i = slot(self.team)?;
                let j = slot(enemy_team)?;
                recent(self.dropped[i])
                    .or_else(|| recent(self.carriers[i]))
                    .and_then(|p| at(p, 0.0))
                    .or_else(|| self.bases[j].and_then(|p| at(p, DEFEND_HOLD)))
            }
            Task::RushBase => {
                let i = slot(self.team)?;
                // Home: the own flag there means a capture on arrival; away, wait by it.
                self.bases[i].and_then(|p| {
                    at(
                        p,
                        if self.flags[i] == Some(FlagStatus::AtBase) {
                            0.0
                        } else {
                            DEFEND_HOLD
                        },
                    )
                })
            }
            Task::Patrol { points, next } => {
                if points.is_empty() {
                    return None;
                }
                let index = *next % points.len();
                if points[index].distance(me) <= PATROL_REACH {
                    *next = (index + 1) % points.len();
                }
                at(points[*next % points.len()], 0.0)
            }
            Task::Kill(target) => enemy
                .filter(|&(id, _)| id == *target)
                .and_then(|(_, p)| at(p, 0.0)),
            Task::LeadTheWay(id) => {
                let follower = mate(*id)?;
                if follower.distance(me) > LEAD_WAIT {
                    at(follower, ACCOMPANY_HOLD)
                } else {
                    None
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_interface::{ScoreLine, TeammateInfo};

    /// Red player 1 at the origin, its teammate 2 at x = 1000 (carrying the blue flag if
    /// `carrier`), and whether player 1 holds a rocket launcher with rockets.
    fn view(armed: bool, carrier: bool) -> BotView {
        let mut view = BotView::default();
        view.me.id = PlayerId(1);
        view.me.team = Team::Red;
        view.me.alive = true;
        view.me.weapons[Weapon::Machinegun.index()] = true;
        view.me.ammo[Weapon::Machinegun.index()] = 100;
        if armed {
            view.me.weapons[Weapon::RocketLauncher.index()] = true;
            view.me.ammo[Weapon::RocketLauncher.index()] = 10;
        }
        view.teammates.push(TeammateInfo {
            id: PlayerId(2),
            alive: true,
            origin: Vec3::new(1000.0, 0.0, 0.0),
        });
        view.scoreboard.players = [1, 2]
            .map(|n| ScoreLine {
                id: PlayerId(n),
                name: format!("p{n}"),
                team: Team::Red,
                score: 0,
                deaths: 0,
                carrying_flag: (carrier && n == 2).then_some(Team::Blue),
            })
            .to_vec();
        view
    }

    #[test]
    fn a_companion_gears_up_before_joining_unless_it_escorts_a_carrier() {
        let mut play = TeamPlay::default();
        play.order(Task::Accompany(PlayerId(2)), Some(PlayerId(2)), 0, None);
        let mate = Vec3::new(1000.0, 0.0, 0.0);
        // Machine gun only: its own items first.
        assert_eq!(play.place(&view(false, false), None), None);
        // Armed, or the teammate carries the flag: to the teammate.
        for (armed, carrier) in [(true, false), (false, true)] {
            let place = play.place(&view(armed, carrier), None);
            assert_eq!(place.map(|p| p.point), Some(mate), "{armed} {carrier}");
        }
        // Helping does not wait.
        play.order(Task::Help(PlayerId(2)), Some(PlayerId(2)), 0, None);
        assert_eq!(
            play.place(&view(false, false), None).map(|p| p.point),
            Some(mate)
        );
    }
}
