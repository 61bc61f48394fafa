//! Leadership in real matches (botlib-reference §13.1, thesis §16): capture the flag on the
//! built-in arena, bots of the shipped botfiles wrapped in [`TeamBot`]s, played frame by
//! frame as `bot-harness match` plays them.
//!
//! - A team of bots that may lead elects one leader within the election's bound (a new
//!   arrival asks after 5–15 s and claims 8–18 s after an unanswered question); the leader
//!   gives orders; when it leaves, the others elect another, who gives orders in turn.
//! - A team whose bots may not lead never has a leader.
//! - A human who claims the leadership is the leader of its team's bots: they never claim
//!   over it, whether they may lead or not; when it quits, bots that may lead elect one.
//!
//! `bot-world` has no way to take a player out of a running match. A leader "leaves" here
//! as a player who goes to the spectators does in Quake III: from then on it does nothing,
//! and every other player's view shows it on the scoreboard as a spectator (team `free`),
//! without its chat, sounds or body.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;

use bot_brain::fight::weapon_info::{WeaponConfig, load_weapon_config};
use bot_brain::goal::ScoreSettings;
use bot_brain::setup::{BotProfile, SharedBotData, default_botfiles};
use bot_brain::{Brain, BrainData};
use bot_interface::{
    BotInput, BotView, Buttons, Decision, GameMode, MatchInfo, Player, PlayerId, PlayerReport,
    Route, Senses, Team,
};
use bot_team::{TeamBot, TeamData, TeamSettings};
use bot_world::{
    Entrant, Level, LevelSettings, MatchRunner, MatchSettings, PlayerSetup, player_seed,
};

/// The election's bound for a team that just entered (ms): a question after at most 15 s,
/// a claim at most 18 s after it, the claim's line said within a second.
const FIRST_ELECTION_MS: u32 = 34_000;
/// The bound for a team whose leader left (ms): bots that entered long ago claim after at
/// most 15 s, the line said within a second.
const NEXT_ELECTION_MS: u32 = 16_000;
/// A leader's first orders come 3 s after it leads; its lines wait their turn (ms).
const ORDERS_MS: u32 = 6_000;

fn arena() -> Level {
    let map = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bot-harness/maps/arena.map");
    Level::load(&map, None, &LevelSettings::default()).expect("the arena loads")
}

/// The shipped botfiles: the shared data, `weapons.c`, and one profile per player name
/// (the shipped characters in turn, renamed).
struct Botfiles {
    shared: SharedBotData,
    weapons: WeaponConfig,
    profiles: Vec<BotProfile>,
}

impl Botfiles {
    fn load(names: &[&str]) -> Self {
        let source = default_botfiles();
        let weapons = load_weapon_config(&source, "weapons.c").expect("weapons.c loads");
        let mut shared = SharedBotData::load(&source);
        let profiles = names
            .iter()
            .zip(bot_brain::setup::DEFAULT_BOTS.iter().cycle())
            .map(|(name, character)| {
                let mut profile = BotProfile::load(&source, character, 3.0).expect("loads");
                shared.add_bot(&source, &profile);
                (*name).clone_into(&mut profile.name);
                profile
            })
            .collect();
        Self {
            shared,
            weapons,
            profiles,
        }
    }
}

/// A [`TeamBot`] driven by the match while the test keeps a hand on it; when the shared
/// `gone` names a player, that player has left: this bot does nothing if it is the one,
/// else it sees the match without it (module docs).
struct Seat<'w, 'c> {
    bot: Rc<RefCell<TeamBot<'w, 'c>>>,
    name: String,
    me: PlayerId,
    gone: Rc<Cell<Option<PlayerId>>>,
}

/// `view` without player `gone`: a spectator on the scoreboard, nowhere in the world.
fn without(view: &BotView, gone: PlayerId) -> BotView {
    let mut view = view.clone();
    for line in &mut view.scoreboard.players {
        if line.id == gone {
            line.team = Team::Free;
            line.carrying_flag = None;
        }
    }
    view.teammates.retain(|mate| mate.id != gone);
    view.players.retain(|player| player.id != gone);
    view.chat.retain(|line| line.from != gone);
    view.sounds.retain(|sound| sound.player != Some(gone));
    view
}

impl Player for Seat<'_, '_> {
    fn name(&self) -> &str {
        &self.name
    }

    fn begin(&mut self, info: &MatchInfo) {
        self.me = info.you;
        self.bot.borrow_mut().begin(info);
    }

    fn senses(&self) -> Senses {
        self.bot.borrow().senses()
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        match self.gone.get() {
            Some(gone) if gone == self.me => BotInput::looking(view.me.view_angles),
            Some(gone) => self.bot.borrow_mut().think(&without(view, gone)),
            None => self.bot.borrow_mut().think(view),
        }
    }

    fn route(&self) -> Option<&Route> {
        None
    }

    fn take_decisions(&mut self, out: &mut Vec<Decision>) {
        self.bot.borrow_mut().take_decisions(out);
    }

    fn report(&self) -> Option<PlayerReport> {
        self.bot.borrow().report()
    }
}

/// A human at the keyboard: says its lines (plain text, as typed) at their times, and
/// otherwise stands still, respawning when killed.
struct Human {
    name: String,
    lines: Vec<(u32, &'static str)>,
    said: usize,
}

impl Player for Human {
    fn name(&self) -> &str {
        &self.name
    }

    fn senses(&self) -> Senses {
        Senses::empty()
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let mut input = BotInput::looking(view.me.view_angles);
        if !view.me.alive {
            input.buttons = Buttons::RESPAWN;
        }
        if let Some(&(at, text)) = self.lines.get(self.said)
            && view.time_ms >= at
        {
            input.say_team = Some(text.to_owned());
            self.said += 1;
        }
        input
    }
}

/// Who plays: a bot that may lead or not, or a human with its lines.
enum Seating {
    Bot { may_lead: bool },
    Human(Vec<(u32, &'static str)>),
}

/// A CTF match on `level` of `players` (name, team, who), its bots lent to the test.
struct Match<'l> {
    runner: MatchRunner<'l>,
    /// Per player: its bot, if a bot plays it.
    bots: Vec<Option<Rc<RefCell<TeamBot<'l, 'l>>>>>,
    teams: Vec<Team>,
    gone: Rc<Cell<Option<PlayerId>>>,
}

impl<'l> Match<'l> {
    fn new(
        level: &'l Level,
        data: &'l Botfiles,
        players: Vec<(&str, Team, Seating)>,
        seed: u64,
    ) -> Self {
        let mut settings = MatchSettings {
            mode: GameMode::Ctf,
            seed,
            ..MatchSettings::default()
        };
        settings.rules.modes.time_limit_ms = 0;
        settings.rules.modes.frag_limit = 0;
        settings.rules.modes.ctf.capture_limit = 0;
        let movers = level.movement.movers();
        let shootables = level.shootables();
        let openers = level.door_openers();
        let router = bot_brain::movement::shared_router(&level.aas);
        let gone = Rc::new(Cell::new(None));
        let count = players.len();
        let mut bots = Vec::with_capacity(count);
        let mut teams = Vec::with_capacity(count);
        let mut entrants = Vec::with_capacity(count);
        for (index, (name, team, seating)) in players.into_iter().enumerate() {
            let seed = player_seed(seed, index);
            let driver: Box<dyn Player + 'l> = match seating {
                Seating::Bot { may_lead } => {
                    let profile = &data.profiles[index];
                    assert_eq!(profile.name, name);
                    let brain_data = BrainData {
                        profile,
                        items: &data.shared.items,
                        weapons: &data.weapons,
                        chat: &data.shared.chat,
                        score: ScoreSettings::default(),
                    };
                    let brain =
                        Brain::new(&level.aas, router.clone(), brain_data, seed, (index, count))
                            .with_navigator(|n| {
                                n.with_movers(&movers)
                                    .with_shootables(&shootables)
                                    .with_door_openers(&openers)
                            });
                    let team_data = TeamData {
                        chat: &data.shared.chat,
                        items: &data.shared.items,
                    };
                    let settings = TeamSettings {
                        may_lead,
                        ..TeamSettings::default()
                    };
                    let bot = Rc::new(RefCell::new(TeamBot::new(
                        brain,
                        team_data,
                        settings,
                        seed.rotate_left(7),
                    )));
                    bots.push(Some(Rc::clone(&bot)));
                    Box::new(Seat {
                        bot,
                        name: name.to_owned(),
                        me: PlayerId::default(),
                        gone: Rc::clone(&gone),
                    })
                }
                Seating::Human(lines) => {
                    bots.push(None);
                    Box::new(Human {
                        name: name.to_owned(),
                        lines,
                        said: 0,
                    })
                }
            };
            teams.push(team);
            entrants.push(Entrant {
                setup: PlayerSetup {
                    name: name.to_owned(),
                    team,
                },
                kind: "test".to_owned(),
                driver,
            });
        }
        Self {
            runner: MatchRunner::new(level, settings, entrants),
            bots,
            teams,
            gone,
        }
    }

    fn now(&self) -> u32 {
        self.runner.world().time_ms()
    }

    /// The bots of `team` still in the match, with their ids.
    fn team(&self, team: Team) -> Vec<(PlayerId, std::cell::Ref<'_, TeamBot<'l, 'l>>)> {
        self.bots
            .iter()
            .zip(&self.teams)
            .enumerate()
            .filter(|&(index, (_, t))| *t == team && self.gone.get() != Some(id(index)))
            .filter_map(|(index, (bot, _))| Some((id(index), bot.as_ref()?.borrow())))
            .collect()
    }

    /// The leader every bot of `team` follows, if they agree and the leader (when a bot)
    /// is the only one of them that leads.
    fn agreed(&self, team: Team) -> Option<PlayerId> {
        let bots = self.team(team);
        let leader = bots.first()?.1.leadership().leader()?;
        let all = bots
            .iter()
            .all(|(_, bot)| bot.leadership().leader() == Some(leader));
        let leading: Vec<PlayerId> = bots
            .iter()
            .filter(|(_, bot)| bot.leadership().leads())
            .map(|(me, _)| *me)
            .collect();
        let only = leading.is_empty() || leading == [leader];
        (all && only).then_some(leader)
    }

    /// Whether no bot of `team` has a leader, leads, or gave an order.
    fn leaderless(&self, team: Team) -> bool {
        self.team(team).iter().all(|(_, bot)| {
            bot.leadership().leader().is_none()
                && !bot.leadership().leads()
                && bot.orders_given() == 0
        })
    }

    /// The orders bot `leader` gave.
    fn orders_of(&self, leader: PlayerId) -> u32 {
        self.bots[leader.index()]
            .as_ref()
            .map_or(0, |bot| bot.borrow().orders_given())
    }

    /// Whether some bot of `team` (besides `leader`) runs or keeps an order of `leader`.
    fn obeys(&self, team: Team, leader: PlayerId) -> bool {
        self.team(team)
            .iter()
            .any(|(me, bot)| *me != leader && bot.brain().team_play().ordered_by() == Some(leader))
    }

    /// Steps until `until` holds (checking `always` after every frame) or `limit_ms` of
    /// match time; returns the time `until` held.
    fn run_until(
        &mut self,
        limit_ms: u32,
        mut always: impl FnMut(&Self),
        mut until: impl FnMut(&Self) -> bool,
    ) -> Option<u32> {
        while self.now() < limit_ms {
            self.runner.step();
            always(self);
            if until(self) {
                return Some(self.now());
            }
        }
        None
    }
}

fn id(index: usize) -> PlayerId {
    PlayerId(u16::try_from(index).expect("few players"))
}

const RED_NAMES: [&str; 4] = ["Bastion", "Clatter", "Kestrel", "Vesper"];
const BLUE_NAMES: [&str; 4] = ["Anvil", "Briar", "Cinder", "Drift"];

/// Red and blue interleaved (as `bot-harness match` seats them), each seated by `red` and
/// `blue`.
fn seats(
    red: impl Fn(usize) -> Seating,
    blue: impl Fn(usize) -> Seating,
    per_team: usize,
) -> Vec<(&'static str, Team, Seating)> {
    (0..per_team)
        .flat_map(|k| {
            [
                (RED_NAMES[k], Team::Red, red(k)),
                (BLUE_NAMES[k], Team::Blue, blue(k)),
            ]
        })
        .collect()
}

#[test]
fn a_leader_is_elected_replaced_when_it_leaves_and_orders_go_on() {
    let level = arena();
    let players = seats(
        |_| Seating::Bot { may_lead: true },
        |_| Seating::Bot { may_lead: false },
        4,
    );
    let names: Vec<&str> = players.iter().map(|(name, _, _)| *name).collect();
    let data = Botfiles::load(&names);
    let mut game = Match::new(&level, &data, players, 17);
    // Blue may not lead: no leader, ever.
    let blue_leaderless = |game: &Match<'_>| {
        assert!(
            game.leaderless(Team::Blue),
            "blue has a leader at {} ms",
            game.now()
        );
    };

    // The election.
    let elected = game
        .run_until(FIRST_ELECTION_MS, blue_leaderless, |g| {
            g.agreed(Team::Red).is_some()
        })
        .expect("red elects a leader in time");
    let first = game.agreed(Team::Red).expect("a leader");
    assert!(game.bots[first.index()].is_some(), "a bot leads: {first:?}");
    assert!(elected >= 5_000, "no claim before 5 s: {elected}");
    // The leader gives orders, which its team takes; nobody claims over it.
    let stable = |game: &Match<'_>| {
        blue_leaderless(game);
        assert_eq!(game.agreed(Team::Red), Some(first), "at {} ms", game.now());
    };
    game.run_until(elected + ORDERS_MS, stable, |g| {
        g.orders_of(first) > 0 && g.obeys(Team::Red, first)
    })
    .expect("the leader's orders are taken");
    let left = game.now() + 2_000;
    game.run_until(left, stable, |_| false);

    // The leader leaves; the three others elect another, who gives orders in turn.
    game.gone.set(Some(first));
    let reelected = game
        .run_until(left + NEXT_ELECTION_MS, blue_leaderless, |g| {
            g.agreed(Team::Red).is_some()
        })
        .expect("red elects a new leader in time");
    let second = game.agreed(Team::Red).expect("a leader");
    assert_ne!(second, first);
    assert!(game.bots[second.index()].is_some());
    assert!(
        reelected >= left + 5_000,
        "no claim before 5 s: left at {left}, elected at {reelected}"
    );
    assert_eq!(
        game.orders_of(second),
        0,
        "{second:?} gave orders before it led"
    );
    let stable = |game: &Match<'_>| {
        blue_leaderless(game);
        assert_eq!(game.agreed(Team::Red), Some(second), "at {} ms", game.now());
    };
    game.run_until(reelected + ORDERS_MS, stable, |g| {
        g.orders_of(second) > 0 && g.obeys(Team::Red, second)
    })
    .expect("the new leader's orders are taken");
    // A minute in: past every bot's question and claim time, blue still has no leader,
    // red still the same one.
    game.run_until(60_000, stable, |_| false);
    assert_eq!(game.now(), 60_000);
}

#[test]
fn a_human_claiming_the_leadership_leads_bots_that_may_lead_and_bots_that_may_not() {
    let level = arena();
    // Red and blue each have a human who claims at 1 s and quits at 40 s, and three bots;
    // red's may lead, blue's may not.
    let human = || {
        Seating::Human(vec![
            (1_000, "I am the leader"),
            (40_000, "I quit being leader"),
        ])
    };
    let players = seats(
        |k| {
            if k == 0 {
                human()
            } else {
                Seating::Bot { may_lead: true }
            }
        },
        |k| {
            if k == 0 {
                human()
            } else {
                Seating::Bot { may_lead: false }
            }
        },
        4,
    );
    let names: Vec<&str> = players.iter().map(|(name, _, _)| *name).collect();
    let data = Botfiles::load(&names);
    let mut game = Match::new(&level, &data, players, 29);
    let (red_human, blue_human) = (id(0), id(1));
    // Heard from 1.1 s on, followed until it quits: past every bot's question and claim
    // time (at most 34 s after entering).
    game.run_until(1_100, |_| {}, |_| false);
    let followed = |game: &Match<'_>| {
        assert_eq!(
            game.agreed(Team::Red),
            Some(red_human),
            "at {} ms",
            game.now()
        );
        assert_eq!(
            game.agreed(Team::Blue),
            Some(blue_human),
            "at {} ms",
            game.now()
        );
        for team in [Team::Red, Team::Blue] {
            for (me, bot) in game.team(team) {
                assert!(!bot.leadership().leads(), "{me:?} at {}", game.now());
                assert_eq!(bot.orders_given(), 0);
            }
        }
    };
    followed(&game);
    game.run_until(40_050, followed, |_| false);
    // The humans quit: red's bots elect one of them, blue's stay without a leader.
    let blue_leaderless = |game: &Match<'_>| {
        assert!(game.leaderless(Team::Blue), "at {} ms", game.now());
    };
    game.run_until(40_100, |_| {}, |_| false);
    assert_eq!(game.agreed(Team::Red), None);
    let elected = game
        .run_until(40_100 + NEXT_ELECTION_MS, blue_leaderless, |g| {
            g.agreed(Team::Red).is_some()
        })
        .expect("red's bots elect a leader");
    let leader = game.agreed(Team::Red).expect("a leader");
    assert!(game.bots[leader.index()].is_some(), "{leader:?}");
    assert!(elected >= 45_000, "{elected}");
    game.run_until(elected + 10_000, blue_leaderless, |_| false);
}
