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
//! - With [`Commander::with_squads`] and a team that large, capture-the-flag orders go
//!   through [squads](super::squads): who is in which squad when that changed, then one
//!   mission per squad when that changed (the squads' leaders order their members).

use std::collections::{BTreeMap, BTreeSet};

use bot_interface::{
    Addressee, FlagStatus, GameMode, GameRng, PlayerId, Scoreboard, Team, TeamCommand,
};

use super::ctf::{FlagState, Strategy, ctf_orders};
use super::squads::{Squad, ctf_squads, flatten};
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
    /// To whom: one teammate, or with squads several (forming a squad) or a squad.
    pub to: Addressee,
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
    squads_from: usize,
    squads_told: BTreeMap<&'static str, Vec<PlayerId>>,
    missions: BTreeMap<&'static str, TeamCommand>,
    in_squad: BTreeSet<PlayerId>,
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
            squads_from: usize::MAX,
            squads_told: BTreeMap::new(),
            missions: BTreeMap::new(),
            in_squad: BTreeSet::new(),
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
    /// A commander that leads capture-the-flag teams of `team_size` players or more through
    /// squads (the default commander never does).
    #[must_use]
    pub fn with_squads(team_size: usize) -> Self {
        Self {
            squads_from: team_size,
            ..Self::default()
        }
    }

    /// The CTF strategy.
    #[must_use]
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Orders are due soon, and all are sent again (a new leader, a question).
    pub fn force(&mut self, now_ms: u32, mode: GameMode) {
        self.given.clear();
        self.squads_told.clear();
        self.missions.clear();
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
        if situation.team_size >= self.squads_from {
            let mut squads = ctf_squads(state, self.strategy, &members, carrier);
            for squad in &mut squads {
                // The same players as before: the squad stays as it was formed (its leader).
                if let Some(told) = self.squads_told.get(squad.name)
                    && told.len() == squad.members.len()
                    && told.iter().all(|id| squad.members.contains(id))
                {
                    squad.members.clone_from(told);
                }
            }
            self.given.extend(flatten(&squads, state));
            return self.squad_round(&squads, &why);
        }
        let mut orders = Vec::new();
        if !self.in_squad.is_empty() {
            // Too few for squads now.
            let left = std::mem::take(&mut self.in_squad).into_iter().collect();
            orders.push(Order {
                to: Addressee::Players(left),
                command: TeamCommand::LeaveSubteam,
                why: why.clone(),
            });
            self.squads_told.clear();
            self.missions.clear();
        }
        orders.extend(self.changed(ctf_orders(state, self.strategy, &members, carrier), &why));
        orders
    }

    /// The squad orders for `squads`: who left every squad, each squad whose members
    /// changed formed again, each squad's mission when it changed (or the squad did).
    fn squad_round(&mut self, squads: &[Squad], why: &str) -> Vec<Order> {
        let mut orders = Vec::new();
        let order = |to, command| Order {
            to,
            command,
            why: why.to_owned(),
        };
        let now_in: BTreeSet<PlayerId> = squads
            .iter()
            .flat_map(|squad| squad.members.iter().copied())
            .collect();
        let left: Vec<PlayerId> = self.in_squad.difference(&now_in).copied().collect();
        if !left.is_empty() {
            orders.push(order(Addressee::Players(left), TeamCommand::LeaveSubteam));
        }
        self.in_squad = now_in;
        self.squads_told
            .retain(|name, _| squads.iter().any(|squad| squad.name == *name));
        self.missions
            .retain(|name, _| squads.iter().any(|squad| squad.name == *name));
        for squad in squads {
            let formed = self.squads_told.get(squad.name) == Some(&squad.members);
            if !formed {
                self.squads_told.insert(squad.name, squad.members.clone());
                orders.push(order(
                    Addressee::Players(squad.members.clone()),
                    TeamCommand::JoinSubteam(squad.name.to_owned()),
                ));
            }
            if !formed || self.missions.get(squad.name) != Some(&squad.mission) {
                self.missions.insert(squad.name, squad.mission.clone());
                orders.push(order(
                    Addressee::Subteam(squad.name.to_owned()),
                    squad.mission.clone(),
                ));
            }
        }
        orders
    }

    /// The orders of `orders` that differ from the last given, remembered as given.
    fn changed(&mut self, orders: Vec<(PlayerId, TeamCommand)>, why: &str) -> Vec<Order> {
        let mut changed = Vec::new();
        for (to, command) in orders {
            if self.given.get(&to) != Some(&command) {
                self.given.insert(to, command.clone());
                changed.push(Order {
                    to: Addressee::Players(vec![to]),
                    command,
                    why: why.to_owned(),
                });
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    //! Golden cases of the cadence (botlib-reference §13.2): when the leader's orders come,
    //! and that nothing is said again when nothing changed. The ratio table and the groups
    //! themselves are `ctf.rs`'s and `tdm.rs`'s tests.

    use super::*;
    use bot_interface::{Place, ScoreLine};

    /// How often the leader thinks in these cases (ms): a bot's think.
    const STEP_MS: u32 = 100;

    fn id(n: u16) -> PlayerId {
        PlayerId(n)
    }

    /// What the leader sees: `red` red players (ids 0 …), four blue ones after them, the flags,
    /// the red carrier of the blue flag and the red score.
    #[derive(Debug, Clone, Copy)]
    struct Scene {
        red: u16,
        red_flag: FlagStatus,
        blue_flag: FlagStatus,
        carrier: Option<PlayerId>,
        red_score: i32,
    }

    impl Scene {
        fn home(red: u16) -> Self {
            Self {
                red,
                red_flag: FlagStatus::AtBase,
                blue_flag: FlagStatus::AtBase,
                carrier: None,
                red_score: 0,
            }
        }

        fn board(&self) -> Scoreboard {
            let line = |n: u16, team| ScoreLine {
                id: id(n),
                name: format!("p{n}"),
                team,
                score: 0,
                deaths: 0,
                carrying_flag: (self.carrier == Some(id(n))).then_some(Team::Blue),
            };
            let mut players: Vec<ScoreLine> = (0..self.red).map(|n| line(n, Team::Red)).collect();
            players.extend((10..14).map(|n| line(n, Team::Blue)));
            Scoreboard {
                players,
                red: Some(self.red_score),
                blue: Some(0),
                red_flag: Some(self.red_flag),
                blue_flag: Some(self.blue_flag),
                ..Scoreboard::default()
            }
        }

        /// The red team in the leader's order of preference (ids in order).
        fn sorted(&self) -> Vec<PlayerId> {
            (0..self.red).map(id).collect()
        }
    }

    /// A red leader's commander with its randomness, in a mode.
    struct Leader {
        commander: Commander,
        rng: GameRng,
        mode: GameMode,
    }

    /// The orders of one think, with its time.
    type Round = (u32, Vec<(PlayerId, TeamCommand)>);

    impl Leader {
        fn new(mode: GameMode, seed: u64) -> Self {
            Self {
                commander: Commander::default(),
                rng: GameRng::new(seed),
                mode,
            }
        }

        /// Thinks every [`STEP_MS`] from `from` to `to` (excluded) in `scene`: each think
        /// that gave orders.
        fn run(&mut self, scene: Scene, from: u32, to: u32) -> Vec<Round> {
            let board = scene.board();
            let mut rounds = Vec::new();
            for now in (from..to).step_by(STEP_MS as usize) {
                let situation = Situation {
                    now_ms: now,
                    mode: self.mode,
                    team: Team::Red,
                    board: &board,
                    team_size: usize::from(scene.red),
                };
                let orders =
                    self.commander
                        .think(&situation, &mut || scene.sorted(), &mut self.rng);
                if !orders.is_empty() {
                    let orders = orders
                        .into_iter()
                        .map(|o| match o.to {
                            Addressee::Players(to) if to.len() == 1 => (to[0], o.command),
                            to => panic!("an order to {to:?} without squads"),
                        })
                        .collect();
                    rounds.push((now, orders));
                }
            }
            rounds
        }
    }

    fn defend() -> TeamCommand {
        TeamCommand::Defend(Place::OurBase)
    }

    #[test]
    fn ctf_orders_come_3_s_after_each_change_and_only_the_changed_ones() {
        let mut leader = Leader::new(GameMode::Ctf, 5);
        let mut scene = Scene::home(3);
        // The start: 3 s later, both flags home, passive: 2 defend, 1 gets the flag.
        let rounds = leader.run(scene, 0, 20_000);
        assert_eq!(
            rounds,
            vec![(
                3_000,
                vec![
                    (id(0), defend()),
                    (id(1), defend()),
                    (id(2), TeamCommand::GetFlag)
                ]
            )]
        );
        // Player 2 takes the blue flag at 20 s: player 1 escorts it 3 s later; player 0's
        // defence is not said again, the carrier is told nothing.
        scene.blue_flag = FlagStatus::Taken;
        scene.carrier = Some(id(2));
        let rounds = leader.run(scene, 20_000, 40_000);
        assert_eq!(
            rounds,
            vec![(23_000, vec![(id(1), TeamCommand::Accompany(id(2)))])]
        );
        // The capture at 40 s: both flags home again; only player 1's order changes.
        scene.blue_flag = FlagStatus::AtBase;
        scene.carrier = None;
        scene.red_score = 1;
        let rounds = leader.run(scene, 40_000, 60_000);
        assert_eq!(rounds, vec![(43_000, vec![(id(1), defend())])]);
        // A fourth player joins at 60 s: 2 defend, 2 attack; only the newcomer is told.
        scene.red = 4;
        let rounds = leader.run(scene, 60_000, 80_000);
        assert_eq!(rounds, vec![(63_000, vec![(id(3), TeamCommand::GetFlag)])]);
        // The red flag taken at 80 s and back at 81 s: the orders due at 84 s are those
        // given already, so nothing is said.
        scene.red_flag = FlagStatus::Taken;
        let rounds = leader.run(scene, 80_000, 81_000);
        assert_eq!(rounds, Vec::new());
        scene.red_flag = FlagStatus::AtBase;
        let rounds = leader.run(scene, 81_000, 100_000);
        assert_eq!(rounds, Vec::new());
        // Nothing changes for 150 s (less than 240 s since the capture): silence.
        let rounds = leader.run(scene, 100_000, 250_000);
        assert_eq!(rounds, Vec::new());
        // A fifth player at 250 s: 3 defend, 2 attack; player 2 turns defender.
        scene.red = 5;
        let rounds = leader.run(scene, 250_000, 270_000);
        assert_eq!(
            rounds,
            vec![(
                253_000,
                vec![(id(2), defend()), (id(4), TeamCommand::GetFlag)]
            )]
        );
        // One leaves at 270 s: back to the orders of four, which they all have.
        scene.red = 4;
        let rounds = leader.run(scene, 270_000, 280_000);
        assert_eq!(rounds, vec![(273_000, vec![(id(2), TeamCommand::GetFlag)])]);
    }

    /// The times (ms) of the no-capture checks of a leader thinking every [`STEP_MS`] from
    /// 0 with its last capture at `capture` (the start counts as one at 1 ms), below `until`.
    fn checks(capture: u32, until: u32) -> Vec<u32> {
        let mut last = capture.max(1);
        let mut at = Vec::new();
        for now in (0..until).step_by(STEP_MS as usize) {
            if now >= capture && now.saturating_sub(last) > NO_CAPTURE_MS {
                at.push(now);
                last = now;
            }
        }
        at
    }

    #[test]
    fn the_strategy_toggles_with_p_0_4_after_240_s_without_capture() {
        let scene = Scene::home(3);
        let passive = vec![
            (id(0), defend()),
            (id(1), defend()),
            (id(2), TeamCommand::GetFlag),
        ];
        let aggressive = vec![
            (id(0), defend()),
            (id(2), TeamCommand::GetFlag),
            (id(1), TeamCommand::GetFlag),
        ];
        let until = 5 * NO_CAPTURE_MS + 10_000;
        let at = checks(0, until);
        assert_eq!(at, vec![240_100, 480_200, 720_300, 960_400, 1_200_500]);
        // The draws the checks will make, one each (and nothing else draws).
        let seed = 3;
        let mut draws = GameRng::new(seed);
        let toggles: Vec<bool> = at.iter().map(|_| draws.random() < 0.4).collect();
        assert!(
            toggles.contains(&true) && toggles.contains(&false),
            "seed {seed} should show both outcomes: {toggles:?}"
        );
        let mut leader = Leader::new(GameMode::Ctf, seed);
        let rounds = leader.run(scene, 0, until);
        let mut expected = vec![(3_000, passive.clone())];
        let mut strategy = Strategy::Passive;
        for (&check, &toggle) in at.iter().zip(&toggles) {
            if toggle {
                // Every order is said again 3 s after a toggle (the split changed).
                strategy = match strategy {
                    Strategy::Passive => Strategy::Aggressive,
                    Strategy::Aggressive => Strategy::Passive,
                };
                let orders = match strategy {
                    Strategy::Passive => passive.clone(),
                    Strategy::Aggressive => aggressive.clone(),
                };
                expected.push((check + CTF_DELAY_MS, orders));
            }
        }
        assert_eq!(rounds, expected);
        assert_eq!(leader.commander.strategy(), strategy);
        assert_eq!(leader.rng.state(), draws.state(), "one draw per check");

        // 1,000 checks toggle about 40 % of the time.
        let mut commander = Commander::default();
        let mut rng = GameRng::new(11);
        let board = scene.board();
        let mut toggled = 0;
        let mut strategy = commander.strategy();
        for k in 0..1_000_u32 {
            let situation = Situation {
                now_ms: k * (NO_CAPTURE_MS + 1),
                mode: GameMode::Ctf,
                team: Team::Red,
                board: &board,
                team_size: 3,
            };
            commander.think(&situation, &mut || scene.sorted(), &mut rng);
            if commander.strategy() != strategy {
                toggled += 1;
                strategy = commander.strategy();
            }
        }
        assert!((350..=450).contains(&toggled), "{toggled} toggles of 1,000");
    }

    #[test]
    fn a_capture_restarts_the_no_capture_timer() {
        // A seed whose first draw toggles.
        let seed = (0..100)
            .find(|&s| GameRng::new(s).random() < TOGGLE_CHANCE)
            .expect("a seed");
        let mut leader = Leader::new(GameMode::Ctf, seed);
        let mut scene = Scene::home(3);
        let rounds = leader.run(scene, 0, 200_000);
        assert_eq!(rounds.len(), 1, "{rounds:?}");
        // A capture at 200 s (the flags stay home: no change of state).
        scene.red_score = 1;
        let rounds = leader.run(scene, 200_000, 440_000);
        assert_eq!(rounds, Vec::new(), "no check before 440 s");
        assert_eq!(leader.commander.strategy(), Strategy::Passive);
        let rounds = leader.run(scene, 440_000, 450_000);
        assert_eq!(leader.commander.strategy(), Strategy::Aggressive);
        assert_eq!(
            rounds.iter().map(|(at, _)| *at).collect::<Vec<_>>(),
            vec![440_100 + CTF_DELAY_MS]
        );
    }

    #[test]
    fn tdm_groups_come_5_s_after_the_start_then_every_125_s() {
        let mut leader = Leader::new(GameMode::Tdm, 1);
        let mut scene = Scene::home(4);
        let pairs = vec![
            (id(1), TeamCommand::Accompany(id(0))),
            (id(3), TeamCommand::Accompany(id(2))),
        ];
        let rounds = leader.run(scene, 0, 300_000);
        assert_eq!(
            rounds,
            vec![
                (5_000, pairs.clone()),
                (130_000, pairs.clone()),
                (255_000, pairs)
            ]
        );
        // A fifth player at 300 s: a pair and a trio 5 s later, then every 125 s again.
        scene.red = 5;
        let rounds = leader.run(scene, 300_000, 500_000);
        let groups = vec![
            (id(1), TeamCommand::Accompany(id(0))),
            (id(3), TeamCommand::Accompany(id(2))),
            (id(4), TeamCommand::Accompany(id(2))),
        ];
        assert_eq!(rounds, vec![(305_000, groups.clone()), (430_000, groups)]);
        // The flags mean nothing in team deathmatch, and nothing draws.
        scene.red_flag = FlagStatus::Taken;
        let before = leader.rng.state();
        let rounds = leader.run(scene, 500_000, 554_900);
        assert_eq!(rounds, Vec::new());
        assert_eq!(leader.rng.state(), before);
    }

    #[test]
    fn a_forced_round_says_every_order_again_after_the_mode_delay() {
        let scene = Scene::home(3);
        let mut leader = Leader::new(GameMode::Ctf, 2);
        leader.run(scene, 0, 10_000);
        assert_eq!(leader.commander.resend(id(2)), Some(TeamCommand::GetFlag));
        assert_eq!(leader.commander.resend(id(7)), None);
        leader.commander.force(10_000, GameMode::Ctf);
        let rounds = leader.run(scene, 10_000, 30_000);
        assert_eq!(
            rounds,
            vec![(
                13_000,
                vec![
                    (id(0), defend()),
                    (id(1), defend()),
                    (id(2), TeamCommand::GetFlag)
                ]
            )]
        );
        let mut leader = Leader::new(GameMode::Tdm, 2);
        let scene = Scene::home(4);
        leader.run(scene, 0, 10_000);
        leader.commander.force(10_000, GameMode::Tdm);
        let rounds = leader.run(scene, 10_000, 20_000);
        assert_eq!(rounds.len(), 1, "{rounds:?}");
        assert_eq!(rounds[0].0, 15_000);
        assert_eq!(rounds[0].1.len(), 2);
    }

    /// One think of a squad-commanding leader at `now` in `scene`: its orders.
    fn squad_think(commander: &mut Commander, scene: Scene, now: u32) -> Vec<Order> {
        let board = scene.board();
        let situation = Situation {
            now_ms: now,
            mode: GameMode::Ctf,
            team: Team::Red,
            board: &board,
            team_size: usize::from(scene.red),
        };
        commander.think(&situation, &mut || scene.sorted(), &mut GameRng::new(1))
    }

    #[test]
    fn with_squads_the_leader_forms_them_once_and_gives_one_mission_each() {
        let mut commander = Commander::with_squads(6);
        let mut scene = Scene::home(8);
        let lines = |orders: &[Order]| -> Vec<(Addressee, TeamCommand)> {
            orders
                .iter()
                .map(|o| (o.to.clone(), o.command.clone()))
                .collect()
        };
        let squad = |name: &str| Addressee::Subteam(name.to_owned());
        let ids = |list: &[u16]| Addressee::Players(list.iter().map(|&n| id(n)).collect());
        let join = |name: &str| TeamCommand::JoinSubteam(name.to_owned());
        assert!(squad_think(&mut commander, scene, 0).is_empty());
        assert!(squad_think(&mut commander, scene, 2_900).is_empty());
        // Both home, passive, 8: 4 defend (nearest the base first), 3 attack (farthest
        // first), player 4 left to itself.
        assert_eq!(
            lines(&squad_think(&mut commander, scene, 3_000)),
            vec![
                (ids(&[0, 1, 2, 3]), join("defence")),
                (squad("defence"), defend()),
                (ids(&[7, 6, 5]), join("attack")),
                (squad("attack"), TeamCommand::GetFlag),
            ]
        );
        assert!(squad_think(&mut commander, scene, 60_000).is_empty());
        // The red flag taken: 2 defend, 6 return (every second of them after the enemy
        // flag, the squad leader's part): the defence squad is formed again, the attack
        // squad too, each with its mission.
        scene.red_flag = FlagStatus::Taken;
        assert!(squad_think(&mut commander, scene, 60_100).is_empty());
        assert_eq!(
            lines(&squad_think(&mut commander, scene, 63_100)),
            vec![
                (ids(&[0, 1]), join("defence")),
                (squad("defence"), defend()),
                (ids(&[7, 6, 5, 4, 3, 2]), join("attack")),
                (squad("attack"), TeamCommand::ReturnFlag),
            ]
        );
        assert_eq!(commander.resend(id(6)), Some(TeamCommand::GetFlag));
        assert_eq!(commander.resend(id(5)), Some(TeamCommand::ReturnFlag));
        // The same squads, another mission: one line.
        scene.red_flag = FlagStatus::AtBase;
        scene.blue_flag = FlagStatus::Taken;
        scene.red_flag = FlagStatus::Taken;
        scene.carrier = Some(id(7));
        let orders = squad_think(&mut commander, scene, 70_000);
        assert!(orders.is_empty());
        let orders = lines(&squad_think(&mut commander, scene, 73_000));
        // Both taken, 7 without the carrier (who leaves its squad: it rushes home): 3
        // escort, 4 return.
        assert_eq!(
            orders,
            vec![
                (ids(&[7]), TeamCommand::LeaveSubteam),
                (ids(&[0, 1, 2]), join("defence")),
                (squad("defence"), TeamCommand::Accompany(id(7))),
                (ids(&[6, 5, 4, 3]), join("attack")),
                (squad("attack"), TeamCommand::ReturnFlag),
            ]
        );
        // Below six players: squads are left, orders go one by one again.
        scene = Scene::home(4);
        let orders = lines(&squad_think(&mut commander, scene, 80_000));
        assert!(orders.is_empty());
        let orders = lines(&squad_think(&mut commander, scene, 83_000));
        assert_eq!(
            orders[0],
            (ids(&[0, 1, 2, 3, 4, 5, 6]), TeamCommand::LeaveSubteam)
        );
        assert!(
            orders[1..]
                .iter()
                .all(|(to, _)| matches!(to, Addressee::Players(list) if list.len() == 1)),
            "{orders:?}"
        );
    }
}
