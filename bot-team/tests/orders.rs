//! Typed vs text (issue 21 item 8): every order of thesis §16.2 that a [`TeamBot`] takes,
//! said as plain team chat text to a bot that understands the words (`read_typed` false) and
//! as the typed message beside the text to a bot that reads it (`read_typed` true), gives the
//! same task, the same place goal and the same match, frame by frame.
//!
//! Each case is a real capture-the-flag match on the built-in arena, played twice from one
//! seed: red `Bastion` (a scripted "human" who says the lines of the case), red `Kestrel`
//! (the [`TeamBot`] that hears them), red `Vesper` and blue `Clatter` (scripted, standing
//! still). The two runs differ only in how `Kestrel` reads the lines; they must agree on every
//! frame's world state hash, `Kestrel`'s task, its source, the order put aside, its place goal
//! and squad, and what it answers; the case then checks the task is the one the order means.
//!
//! The last cases are thesis §17.2's pressing task: `Kestrel` starts on the blue flag,
//! carries it home whatever it is ordered, and takes up the order after the capture, or
//! after the flag is lost with its life.
//!
//! `every_typed_order_gives_the_task_its_words_give` holds the promise to the messages the
//! type allows but the toolkit's phrasings cannot say (a defence of "here", a patrol through
//! "here", an order's own time on most commands, a time in milliseconds): `said` sends beside
//! the words what they mean, so both readers still get the same order.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::OnceLock;

use bot_brain::fight::weapon_info::{WeaponConfig, load_weapon_config};
use bot_brain::goal::ScoreSettings;
use bot_brain::setup::{BotProfile, SharedBotData, default_botfiles};
use bot_brain::team::{Task, TaskSource};
use bot_brain::{Brain, BrainData, PlaceGoal};
use bot_interface::{
    Addressee, ArmorKind, BotInput, BotView, Buttons, ChatLine, Decision, GameMode, Item,
    MatchInfo, Place, Player, PlayerId, PlayerReport, Route, ScoreLine, Senses, TaskPreference,
    Team, TeamCommand, TeamMessage, Weapon, view_angles_towards,
};
use bot_team::protocol::{Roster, said};
use bot_team::{TeamBot, TeamData, TeamSettings};
use bot_world::sim::FlagAction;
use bot_world::{
    Entrant, Event, FixedStart, Level, LevelSettings, MatchRunner, MatchSettings, PlayerSetup,
    player_seed,
};
use glam::Vec3;

const BASTION: PlayerId = PlayerId(0);
const KESTREL: PlayerId = PlayerId(1);
const VESPER: PlayerId = PlayerId(2);
const CLATTER: PlayerId = PlayerId(3);
const NAMES: [(&str, Team); 4] = [
    ("Bastion", Team::Red),
    ("Kestrel", Team::Red),
    ("Vesper", Team::Red),
    ("Clatter", Team::Blue),
];
const SEED: u64 = 21;
/// When the first line of a case is said (ms): everyone has entered, the flags are out.
const FIRST_LINE_MS: u32 = 1_000;
const RL: Item = Item::Weapon(Weapon::RocketLauncher);
const RAIL: Item = Item::Weapon(Weapon::Railgun);
const BODY: Item = Item::Armor(ArmorKind::Body);

fn level() -> &'static Level {
    static LEVEL: OnceLock<Level> = OnceLock::new();
    LEVEL.get_or_init(|| {
        let map = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bot-harness/maps/arena.map");
        Level::load(&map, None, &LevelSettings::default()).expect("the arena loads")
    })
}

/// The shipped botfiles: the shared data, `weapons.c` and Kestrel.
struct Botfiles {
    shared: SharedBotData,
    weapons: WeaponConfig,
    kestrel: BotProfile,
}

fn botfiles() -> &'static Botfiles {
    static DATA: OnceLock<Botfiles> = OnceLock::new();
    DATA.get_or_init(|| {
        let source = default_botfiles();
        let weapons = load_weapon_config(&source, "weapons.c").expect("weapons.c loads");
        let kestrel = BotProfile::load(&source, "kestrel", 3.0).expect("kestrel loads");
        assert_eq!(kestrel.name, NAMES[1].0);
        let mut shared = SharedBotData::load(&source);
        shared.add_bot(&source, &kestrel);
        Botfiles {
            shared,
            weapons,
            kestrel,
        }
    })
}

/// The scoreboard's lines (what the text of an order names).
fn board() -> Vec<ScoreLine> {
    NAMES
        .iter()
        .zip(0..)
        .map(|(&(name, team), id)| ScoreLine {
            id: PlayerId(id),
            name: name.to_owned(),
            team,
            score: 0,
            deaths: 0,
            carrying_flag: None,
        })
        .collect()
}

/// How `Kestrel` reads the lines of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// Plain team chat (no typed message sent), understood through the match templates.
    Text,
    /// The typed message sent beside the text, read as such.
    Typed,
}

/// A scripted player: says its lines to the team at their times, records the team chat it
/// hears, stands still (respawning when killed), and from `fires_from` (ms) on shoots at the
/// opponents it sees.
struct Human {
    name: &'static str,
    lines: Vec<(u32, String, Option<TeamMessage>)>,
    said: usize,
    fires_from: Option<u32>,
    heard: Rc<RefCell<Vec<(u32, ChatLine)>>>,
}

impl Human {
    fn idle(name: &'static str) -> Self {
        Self {
            name,
            lines: Vec::new(),
            said: 0,
            fires_from: None,
            heard: Rc::default(),
        }
    }
}

impl Player for Human {
    fn name(&self) -> &str {
        self.name
    }

    fn senses(&self) -> Senses {
        if self.fires_from.is_some() {
            Senses::PLAYERS
        } else {
            Senses::empty()
        }
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        self.heard.borrow_mut().extend(
            view.chat
                .iter()
                .filter(|line| line.team_only)
                .map(|line| (view.time_ms, line.clone())),
        );
        let mut input = BotInput::looking(view.me.view_angles);
        if !view.me.alive {
            input.buttons = Buttons::RESPAWN;
            return input;
        }
        if self.fires_from.is_some_and(|from| view.time_ms >= from)
            && let Some(target) = view
                .players
                .iter()
                .find(|p| p.alive && p.team != view.me.team)
        {
            input.view_angles = view_angles_towards(target.origin - view.me.eye());
            input.buttons = Buttons::ATTACK;
        }
        if let Some((at, text, message)) = self.lines.get(self.said)
            && view.time_ms >= *at
        {
            input.say_team = Some(text.clone());
            input.team_message.clone_from(message);
            self.said += 1;
        }
        input
    }
}

/// A player driven by the match while the test keeps a hand on it.
struct Lent<P> {
    player: Rc<RefCell<P>>,
    name: String,
}

impl<P: Player> Lent<P> {
    fn new(player: &Rc<RefCell<P>>) -> Self {
        let name = player.borrow().name().to_owned();
        Self {
            player: Rc::clone(player),
            name,
        }
    }
}

impl<P: Player> Player for Lent<P> {
    fn name(&self) -> &str {
        &self.name
    }

    fn begin(&mut self, info: &MatchInfo) {
        self.player.borrow_mut().begin(info);
    }

    fn senses(&self) -> Senses {
        self.player.borrow().senses()
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        self.player.borrow_mut().think(view)
    }

    fn route(&self) -> Option<&Route> {
        None
    }

    fn take_decisions(&mut self, out: &mut Vec<Decision>) {
        self.player.borrow_mut().take_decisions(out);
    }

    fn report(&self) -> Option<PlayerReport> {
        self.player.borrow().report()
    }
}

/// What a case does besides its lines.
#[derive(Debug, Clone, Copy, Default)]
struct Stage {
    /// Where Kestrel enters (else a red spawn).
    kestrel_at: Option<Vec3>,
    /// Where Clatter enters (else a blue spawn).
    clatter_at: Option<Vec3>,
    /// From when (ms) Clatter shoots at the red players it sees, with a machine gun of 20
    /// damage a bullet.
    clatter_fires: Option<u32>,
}

/// Kestrel's state after one frame.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    /// Match time after the frame.
    time_ms: u32,
    task: Task,
    source: TaskSource,
    ordered_by: Option<PlayerId>,
    waiting: Option<Task>,
    place: Option<PlaceGoal>,
    subteam: Option<String>,
    leads: bool,
    alive: bool,
    carrying: Option<Team>,
    /// Where Kestrel and Bastion stood when the frame began (what the frame's views show).
    kestrel_origin: Vec3,
    bastion_origin: Vec3,
    /// The world state hash after the frame.
    hash: u64,
}

/// One run of a case.
#[derive(Debug)]
struct Outcome {
    frames: Vec<Snapshot>,
    /// Kestrel's team decisions (`to`, `reason`), with the match time after their frame.
    decisions: Vec<(u32, String, String)>,
    /// The team chat Bastion heard from Kestrel: time heard, text, typed message.
    answers: Vec<(u32, String, Option<TeamMessage>)>,
    /// Flag events: time after the frame, action, whose flag.
    flags: Vec<(u32, FlagAction, Team)>,
    /// Where the items of the map are placed.
    spots: Vec<(Item, Vec3)>,
    /// Vesper's origin after the last frame.
    vesper: Vec3,
}

impl Outcome {
    /// The snapshot after the frame that ended at `time_ms`.
    fn at(&self, time_ms: u32) -> &Snapshot {
        self.frames
            .iter()
            .find(|f| f.time_ms == time_ms)
            .unwrap_or_else(|| panic!("no frame ends at {time_ms} ms"))
    }

    /// Where `item` is placed (the arena places these once).
    fn spot(&self, item: Item) -> Vec3 {
        let mut spots = self.spots.iter().filter(|(i, _)| *i == item);
        let (_, origin) = spots.next().expect("the item is placed");
        assert!(spots.next().is_none(), "{item:?} is placed once");
        *origin
    }

    /// The frame in which Kestrel took its `n`-th order (its decision), as a snapshot index.
    fn heard(&self, n: usize) -> usize {
        let (time, _, _) = self.decisions.get(n).expect("an order taken");
        self.frames
            .iter()
            .position(|f| f.time_ms == *time)
            .expect("the frame")
    }
}

/// Plays a case: `lines` said by Bastion (to Kestrel by name unless the message says
/// otherwise), read by Kestrel as `reading` says, until `until_ms` or, with `stop`, until
/// `stop` holds of a frame.
fn play(
    reading: Reading,
    lines: &[(u32, TeamMessage)],
    stage: Stage,
    until_ms: u32,
    stop: Option<&dyn Fn(&Outcome) -> bool>,
) -> Outcome {
    let data = botfiles();
    let players = board();
    let roster = Roster {
        players: &players,
        items: &data.shared.items,
    };
    let spoken: Vec<(u32, String, Option<TeamMessage>)> = lines
        .iter()
        .map(|(at, message)| {
            let (text, carried) = said(&data.shared.chat, message, BASTION, &roster);
            let typed = (reading == Reading::Typed).then_some(carried);
            (*at, text, typed)
        })
        .collect();
    play_spoken(reading, spoken, stage, until_ms, stop)
}

/// [`play`] with the words said given (text, typed message).
fn play_spoken(
    reading: Reading,
    spoken: Vec<(u32, String, Option<TeamMessage>)>,
    stage: Stage,
    until_ms: u32,
    stop: Option<&dyn Fn(&Outcome) -> bool>,
) -> Outcome {
    let level = level();
    let data = botfiles();
    let mut settings = MatchSettings {
        mode: GameMode::Ctf,
        seed: SEED,
        ..MatchSettings::default()
    };
    settings.rules.modes.time_limit_ms = 0;
    settings.rules.modes.frag_limit = 0;
    settings.rules.modes.ctf.capture_limit = 0;
    if stage.clatter_fires.is_some() {
        let machinegun = settings.rules.weapons.get_mut(Weapon::Machinegun);
        machinegun.damage = 20;
        machinegun.tdm_damage = Some(20);
    }
    let start = |player: usize, at: Option<Vec3>| {
        at.map(|origin| FixedStart {
            player,
            origin: origin.to_array(),
            yaw: 0.0,
        })
    };
    settings.fixed_starts.extend(start(1, stage.kestrel_at));
    settings.fixed_starts.extend(start(3, stage.clatter_at));
    let movers = level.movement.movers();
    let shootables = level.shootables();
    let openers = level.door_openers();
    let router = bot_brain::movement::shared_router(&level.aas);
    let brain_data = BrainData {
        profile: &data.kestrel,
        items: &data.shared.items,
        weapons: &data.weapons,
        chat: &data.shared.chat,
        score: ScoreSettings::default(),
    };
    let seed = player_seed(SEED, 1);
    let brain = Brain::new(&level.aas, router, brain_data, seed, (1, 4)).with_navigator(|n| {
        n.with_movers(&movers)
            .with_shootables(&shootables)
            .with_door_openers(&openers)
    });
    let team_data = TeamData {
        chat: &data.shared.chat,
        items: &data.shared.items,
    };
    let team_settings = TeamSettings {
        // Nobody elects a leader: the orders of the case are the only ones.
        may_lead: false,
        read_typed: reading == Reading::Typed,
        ..TeamSettings::default()
    };
    let kestrel = Rc::new(RefCell::new(TeamBot::new(
        brain,
        team_data,
        team_settings,
        seed.rotate_left(7),
    )));
    let bastion = Human {
        lines: spoken,
        ..Human::idle("Bastion")
    };
    let heard = Rc::clone(&bastion.heard);
    let clatter = Human {
        fires_from: stage.clatter_fires,
        ..Human::idle("Clatter")
    };
    let drivers: [Box<dyn Player + '_>; 4] = [
        Box::new(bastion),
        Box::new(Lent::new(&kestrel)),
        Box::new(Human::idle("Vesper")),
        Box::new(clatter),
    ];
    let entrants = NAMES
        .iter()
        .zip(drivers)
        .map(|(&(name, team), driver)| Entrant {
            setup: PlayerSetup {
                name: name.to_owned(),
                team,
            },
            kind: "test".to_owned(),
            driver,
        })
        .collect();
    let mut runner = MatchRunner::new(level, settings, entrants);
    let mut outcome = Outcome {
        frames: Vec::new(),
        decisions: Vec::new(),
        answers: Vec::new(),
        flags: Vec::new(),
        spots: runner
            .world()
            .items()
            .iter()
            .filter(|item| !item.removed)
            .map(|item| (item.item, item.origin))
            .collect(),
        vesper: Vec3::ZERO,
    };
    while runner.world().time_ms() < until_ms {
        let before = |id: PlayerId| runner.world().players()[id.index()].body.origin;
        let (kestrel_origin, bastion_origin) = (before(KESTREL), before(BASTION));
        runner.step();
        let world = runner.world();
        let now = world.time_ms();
        for event in world.events() {
            if let Event::Flag { action, team, .. } = event {
                outcome.flags.push((now, *action, *team));
            }
        }
        outcome.decisions.extend(
            runner
                .decisions(KESTREL.index())
                .iter()
                .filter(|d| d.from == "team")
                .map(|d| (now, d.to.clone(), d.reason.clone())),
        );
        let bot = kestrel.borrow();
        let play = bot.brain().team_play();
        let me = &world.players()[KESTREL.index()];
        outcome.frames.push(Snapshot {
            time_ms: now,
            task: play.task().clone(),
            source: play.source(),
            ordered_by: play.ordered_by(),
            waiting: play.waiting().cloned(),
            place: bot.brain().bot().place_goal(),
            subteam: bot.subteam().map(str::to_owned),
            leads: bot.leadership().leads(),
            alive: me.alive,
            carrying: me.inventory.flag,
            kestrel_origin,
            bastion_origin,
            hash: world.last_hash(),
        });
        if stop.is_some_and(|stop| stop(&outcome)) {
            break;
        }
    }
    outcome.vesper = runner.world().players()[VESPER.index()].body.origin;
    outcome.answers = heard
        .borrow()
        .iter()
        .filter(|(_, line)| line.from == KESTREL)
        .map(|(at, line)| (*at, line.text.clone(), line.message.clone()))
        .collect();
    outcome
}

/// The first way the two runs differ (see the module docs), if any.
fn difference(text: &Outcome, typed: &Outcome) -> Option<String> {
    if let Some((a, b)) = text.frames.iter().zip(&typed.frames).find(|(a, b)| a != b) {
        return Some(format!("text {a:?}\ntyped {b:?}"));
    }
    if text.frames.len() != typed.frames.len() {
        return Some("the runs' lengths".to_owned());
    }
    if text.decisions != typed.decisions {
        return Some(format!(
            "decisions {:?} / {:?}",
            text.decisions, typed.decisions
        ));
    }
    let words = |o: &Outcome| -> Vec<(u32, String)> {
        o.answers
            .iter()
            .map(|(at, t, _)| (*at, t.clone()))
            .collect()
    };
    if words(text) != words(typed) {
        return Some(format!("answers {:?} / {:?}", words(text), words(typed)));
    }
    (text.flags != typed.flags).then(|| format!("flags {:?} / {:?}", text.flags, typed.flags))
}

/// The two runs agree frame by frame (see the module docs).
fn same(case: &str, text: &Outcome, typed: &Outcome) {
    if let Some(difference) = difference(text, typed) {
        panic!("{case}: text and typed runs differ: {difference}");
    }
}

/// Plays `lines` both ways until `until_ms`, checks they agree and returns the text run.
fn both(case: &str, lines: &[(u32, TeamMessage)], stage: Stage, until_ms: u32) -> Outcome {
    let text = play(Reading::Text, lines, stage, until_ms, None);
    let typed = play(Reading::Typed, lines, stage, until_ms, None);
    same(case, &text, &typed);
    text
}

fn to_kestrel(command: TeamCommand) -> TeamMessage {
    TeamMessage::to_player(KESTREL, command)
}

/// One order at [`FIRST_LINE_MS`]; both runs agree; returns the text run and Kestrel's
/// state half a second after the order (several thinks: the place goal is set).
fn one_order(message: TeamMessage) -> (Outcome, Snapshot) {
    let case = format!("{message:?}");
    let outcome = both(
        &case,
        &[(FIRST_LINE_MS, message)],
        Stage::default(),
        FIRST_LINE_MS + 1_000,
    );
    let after = outcome.at(FIRST_LINE_MS + 500).clone();
    assert_eq!(
        outcome.decisions.len(),
        1,
        "{case}: {:?}",
        outcome.decisions
    );
    assert_eq!(
        outcome.decisions[0].2, "ordered by Bastion",
        "{case}: {:?}",
        outcome.decisions
    );
    (outcome, after)
}

/// The task `command` gives is `task`, ordered by Bastion, and its place goal is at
/// `point` (when given).
fn check_order(command: &TeamCommand, task: impl Fn(&Outcome) -> Task, point: Option<Vec3>) {
    let (outcome, after) = one_order(to_kestrel(command.clone()));
    assert_eq!(after.task, task(&outcome), "{command:?}");
    assert_eq!(after.source, TaskSource::Ordered, "{command:?}");
    assert_eq!(after.ordered_by, Some(BASTION), "{command:?}");
    assert_eq!(outcome.decisions[0].1, after.task.name(), "{command:?}");
    if let Some(point) = point {
        let place = after
            .place
            .unwrap_or_else(|| panic!("{command:?}: no place goal"));
        assert!(
            place.point.distance(point) < 1.0,
            "{command:?}: place {place:?}, expected {point}"
        );
    }
}

#[test]
fn orders_naming_teammates_and_enemies_give_the_same_task() {
    for command in [
        TeamCommand::Help(VESPER),
        TeamCommand::Help(BASTION),
        TeamCommand::Accompany(VESPER),
        TeamCommand::Accompany(BASTION),
        TeamCommand::LeadTheWay(VESPER),
        TeamCommand::LeadTheWay(BASTION),
        TeamCommand::Kill(CLATTER),
    ] {
        let task = match command {
            TeamCommand::Help(id) => Task::Help(id),
            TeamCommand::Accompany(id) => Task::Accompany(id),
            TeamCommand::LeadTheWay(id) => Task::LeadTheWay(id),
            TeamCommand::Kill(id) => Task::Kill(id),
            _ => unreachable!(),
        };
        check_order(&command, |_| task.clone(), None);
    }
    // Helping takes Kestrel to the teammate; accompanying too, once armed (Kestrel has
    // just spawned with the machine gun: it gears up first).
    let (_, after) = one_order(to_kestrel(TeamCommand::Accompany(VESPER)));
    assert_eq!(after.place, None);
    let (_, after) = one_order(to_kestrel(TeamCommand::Help(BASTION)));
    let place = after.place.expect("a place goal");
    assert!(
        place.point.distance(after.bastion_origin) < 1.0,
        "{place:?}"
    );
}

#[test]
fn orders_naming_places_give_the_same_task_and_place_goal() {
    let red_base = |o: &Outcome| o.spot(Item::Flag(Team::Red));
    check_order(
        &TeamCommand::Defend(Place::OurBase),
        |o| Task::Defend(red_base(o)),
        Some(Vec3::new(-928.0, 0.0, 16.0)),
    );
    let rl = Vec3::new(0.0, 256.0, 16.0);
    check_order(
        &TeamCommand::Defend(Place::Item(RL)),
        |o| Task::Defend(o.spot(RL)),
        Some(rl),
    );
    check_order(
        &TeamCommand::Camp(Place::Item(RL)),
        |o| Task::Camp(o.spot(RL)),
        Some(rl),
    );
    check_order(
        &TeamCommand::GetItem(RL),
        |o| Task::GetItem(o.spot(RL)),
        Some(rl),
    );
    check_order(
        &TeamCommand::Patrol(vec![Place::Item(RL), Place::Item(RAIL), Place::Item(BODY)]),
        |o| Task::Patrol {
            points: vec![o.spot(RL), o.spot(RAIL), o.spot(BODY)],
            next: 0,
        },
        Some(rl),
    );
    // "Camp here": where Bastion stood when Kestrel heard it; "camp there": where Kestrel
    // stood.
    for (place, whose) in [(Place::Here, true), (Place::There, false)] {
        let (outcome, after) = one_order(to_kestrel(TeamCommand::Camp(place)));
        let frame = &outcome.frames[outcome.heard(0)];
        let point = if whose {
            frame.bastion_origin
        } else {
            frame.kestrel_origin
        };
        assert_eq!(after.task, Task::Camp(point), "{place:?}");
        assert_eq!(after.source, TaskSource::Ordered);
        assert_eq!(after.place.map(|p| p.point), Some(point), "{place:?}");
    }
}

#[test]
fn flag_orders_give_the_same_task_and_place_goal() {
    let blue_base = Vec3::new(928.0, 0.0, 16.0);
    check_order(&TeamCommand::GetFlag, |_| Task::GetFlag, Some(blue_base));
    check_order(
        &TeamCommand::AttackEnemyBase,
        |_| Task::AttackEnemyBase,
        Some(blue_base),
    );
    check_order(
        &TeamCommand::RushBase,
        |_| Task::RushBase,
        Some(Vec3::new(-928.0, 0.0, 16.0)),
    );
    // Returning the flag: Clatter enters on the red flag and takes it.
    let stage = Stage {
        clatter_at: Some(Vec3::new(-928.0, 0.0, 24.0)),
        ..Stage::default()
    };
    let lines = [(FIRST_LINE_MS, to_kestrel(TeamCommand::ReturnFlag))];
    let outcome = both("return the flag", &lines, stage, FIRST_LINE_MS + 1_000);
    assert!(
        outcome
            .flags
            .iter()
            .any(|&(at, action, team)| at < FIRST_LINE_MS
                && action == FlagAction::Taken
                && team == Team::Red),
        "{:?}",
        outcome.flags
    );
    let after = outcome.at(FIRST_LINE_MS + 500);
    assert_eq!(after.task, Task::ReturnFlag);
    assert_eq!(after.source, TaskSource::Ordered);
    assert_eq!(after.ordered_by, Some(BASTION));
    assert!(after.place.is_some());
}

#[test]
fn orders_to_the_team_to_several_and_to_a_squad_reach_the_same_bots() {
    let defend = TeamCommand::Defend(Place::OurBase);
    let (_, after) = one_order(TeamMessage::new(Addressee::Team, TeamCommand::GetFlag));
    assert_eq!(after.task, Task::GetFlag);
    let (outcome, after) = one_order(TeamMessage::new(
        Addressee::Players(vec![VESPER, KESTREL]),
        defend.clone(),
    ));
    let red_base = outcome.spot(Item::Flag(Team::Red));
    assert_eq!(after.task, Task::Defend(red_base));
    // An order to Vesper alone is not Kestrel's.
    let lines = [(
        FIRST_LINE_MS,
        TeamMessage::to_player(VESPER, defend.clone()),
    )];
    let outcome = both("to Vesper", &lines, Stage::default(), FIRST_LINE_MS + 1_000);
    assert_eq!(outcome.decisions, Vec::new());
    assert!(outcome.frames.iter().all(|f| f.source == TaskSource::Own));
    // Joining squad alpha, an order to the squad, leaving it, an order to the squad.
    let alpha = || Addressee::Subteam("alpha".to_owned());
    let lines = [
        (
            1_000,
            to_kestrel(TeamCommand::JoinSubteam("alpha".to_owned())),
        ),
        (1_500, TeamMessage::new(alpha(), defend)),
        (2_000, to_kestrel(TeamCommand::LeaveSubteam)),
        (2_500, TeamMessage::new(alpha(), TeamCommand::GetFlag)),
    ];
    let outcome = both("squad alpha", &lines, Stage::default(), 3_500);
    let squad = |at: u32| outcome.at(at).subteam.clone();
    assert_eq!(squad(1_000), None);
    assert_eq!(squad(1_400), Some("alpha".to_owned()));
    assert_eq!(squad(2_400), None);
    assert_eq!(outcome.at(1_900).task, Task::Defend(red_base));
    assert_eq!(outcome.at(1_900).source, TaskSource::Ordered);
    // Out of the squad, its order is not Kestrel's.
    assert_eq!(outcome.at(3_400).task, Task::Defend(red_base));
    let taken: Vec<&str> = outcome
        .decisions
        .iter()
        .map(|(_, to, _)| to.as_str())
        .collect();
    assert_eq!(taken, vec!["squad alpha", "defend"]);
}

#[test]
fn a_dismissal_and_an_orders_own_time_end_it_alike() {
    let defend = || to_kestrel(TeamCommand::Defend(Place::OurBase));
    let lines = [(1_000, defend()), (2_000, to_kestrel(TeamCommand::Dismiss))];
    let outcome = both("dismissed", &lines, Stage::default(), 3_000);
    assert_eq!(outcome.at(1_900).source, TaskSource::Ordered);
    assert!(matches!(outcome.at(1_900).task, Task::Defend(_)));
    assert_eq!(outcome.at(2_500).source, TaskSource::Own);
    assert_eq!(outcome.decisions.len(), 2, "{:?}", outcome.decisions);
    assert_eq!(outcome.decisions[1].1, "roam");
    // "For 3 seconds": over 3 s after it was heard, not before.
    let lines = [(
        1_000,
        TeamMessage {
            for_ms: Some(3_000),
            ..defend()
        },
    )];
    let outcome = both("for 3 seconds", &lines, Stage::default(), 5_000);
    let heard = outcome.frames[outcome.heard(0)].time_ms;
    assert_eq!(outcome.at(heard + 2_900).source, TaskSource::Ordered);
    assert!(matches!(outcome.at(heard + 2_900).task, Task::Defend(_)));
    assert_eq!(outcome.at(heard + 3_200).source, TaskSource::Own);
}

#[test]
fn questions_get_the_same_answers() {
    let lines = [
        (1_000, to_kestrel(TeamCommand::Defend(Place::OurBase))),
        (1_500, to_kestrel(TeamCommand::WhatAreYouDoing)),
        (2_000, to_kestrel(TeamCommand::WhereAreYou)),
        (
            2_500,
            to_kestrel(TeamCommand::JoinSubteam("alpha".to_owned())),
        ),
        (3_000, to_kestrel(TeamCommand::WhichSubteam)),
    ];
    let outcome = both("questions", &lines, Stage::default(), 4_000);
    let answers: Vec<&str> = outcome.answers.iter().map(|(_, t, _)| t.as_str()).collect();
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert_eq!(answers[0], "I'm defending");
    assert!(
        answers[1].starts_with("I'm near the ") && answers[1].ends_with(" in the red base"),
        "{answers:?}"
    );
    assert_eq!(answers[2], "I'm in squad alpha");
}

/// Bastion makes Kestrel the leader and says which task it prefers; Kestrel's orders 3 s
/// later take the preference into account, the same way both runs; asked again, it says
/// Bastion's order again.
fn preferred(preference: TaskPreference) -> TeamCommand {
    let lines = [
        (
            1_000,
            TeamMessage::new(Addressee::Team, TeamCommand::StartLeadership(KESTREL)),
        ),
        (
            1_500,
            TeamMessage::new(Addressee::Team, TeamCommand::TaskPreference(preference)),
        ),
        (
            8_000,
            TeamMessage::new(Addressee::Team, TeamCommand::WhatIsMyCommand),
        ),
    ];
    let text = play(Reading::Text, &lines, Stage::default(), 9_500, None);
    let typed = play(Reading::Typed, &lines, Stage::default(), 9_500, None);
    let case = format!("{preference:?}");
    same(&case, &text, &typed);
    assert!(text.at(1_100).leads, "{case}: Kestrel leads");
    // The orders Bastion was given (typed beside the text by Kestrel), both runs alike.
    let mine = |o: &Outcome| -> Vec<(u32, TeamCommand)> {
        o.answers
            .iter()
            .filter_map(|(at, _, message)| {
                let message = message.as_ref()?;
                (message.to == Addressee::Players(vec![BASTION]))
                    .then(|| (*at, message.command.clone()))
            })
            .collect()
    };
    let orders = mine(&text);
    assert_eq!(orders, mine(&typed), "{case}");
    assert_eq!(orders.len(), 2, "{case}: {orders:?}");
    // The first round 3 s after Kestrel became the leader (its line waits its turn).
    assert!((4_000..5_500).contains(&orders[0].0), "{case}: {orders:?}");
    assert!(orders[1].0 > 8_000, "{case}: {orders:?}");
    assert_eq!(orders[0].1, orders[1].1, "{case}: said again when asked");
    orders[0].1.clone()
}

#[test]
fn a_task_preference_heard_shapes_the_leaders_orders_alike() {
    // Three red players, both flags home, passive: 2 defend (from the front), 1 attacks
    // (from the back).
    assert_eq!(preferred(TaskPreference::Attacker), TeamCommand::GetFlag);
    assert_eq!(
        preferred(TaskPreference::Defender),
        TeamCommand::Defend(Place::OurBase)
    );
}

#[test]
fn a_bot_reading_typed_messages_follows_the_typed_one_whatever_the_words() {
    let lines = vec![(
        1_000,
        "nice shot".to_owned(),
        Some(to_kestrel(TeamCommand::Defend(Place::OurBase))),
    )];
    let typed = play_spoken(Reading::Typed, lines.clone(), Stage::default(), 2_000, None);
    assert_eq!(typed.at(1_500).source, TaskSource::Ordered);
    assert!(matches!(typed.at(1_500).task, Task::Defend(_)));
    let text = play_spoken(Reading::Text, lines, Stage::default(), 2_000, None);
    assert_eq!(text.decisions, Vec::new());
    assert!(text.frames.iter().all(|f| f.source == TaskSource::Own));
}

/// Kestrel enters on the blue flag and takes it; Bastion orders it to defend the base at
/// 2 s. Played both ways until `done` holds (plus a second); checks the carrier kept
/// rushing home with the order put aside, and returns the text run and the frame index
/// from which Kestrel no longer carries the flag.
fn carrier_ordered(case: &str, stage: Stage, done: &dyn Fn(&Outcome) -> bool) -> (Outcome, usize) {
    let lines = [(2_000, to_kestrel(TeamCommand::Defend(Place::OurBase)))];
    let text = play(Reading::Text, &lines, stage, 120_000, Some(done));
    let typed = play(Reading::Typed, &lines, stage, 120_000, Some(done));
    same(case, &text, &typed);
    let red_base = text.spot(Item::Flag(Team::Red));
    let defend = Task::Defend(red_base);
    let carried = text
        .frames
        .iter()
        .position(|f| f.carrying == Some(Team::Blue))
        .unwrap_or_else(|| panic!("{case}: Kestrel takes the blue flag"));
    assert!(text.frames[carried].time_ms < 2_000, "{case}");
    let lost = carried
        + text.frames[carried..]
            .iter()
            .position(|f| f.carrying.is_none())
            .unwrap_or_else(|| panic!("{case}: the flag is never captured nor lost"));
    let heard = text.heard(0);
    assert!(
        heard > carried && heard < lost,
        "{case}: ordered while carrying"
    );
    for frame in &text.frames[carried + 2..lost] {
        assert_eq!(frame.task, Task::RushBase, "{case} at {} ms", frame.time_ms);
        assert_eq!(frame.source, TaskSource::Pressing, "{case}");
    }
    for frame in &text.frames[heard..lost] {
        assert_eq!(frame.waiting.as_ref(), Some(&defend), "{case}");
        assert_eq!(frame.ordered_by, Some(BASTION), "{case}");
    }
    (text, lost)
}

#[test]
fn a_flag_carrier_ordered_to_defend_rushes_home_and_defends_after_the_capture() {
    let stage = Stage {
        kestrel_at: Some(Vec3::new(928.0, 0.0, 24.0)),
        ..Stage::default()
    };
    let captured = |o: &Outcome| {
        o.flags.iter().any(|&(at, action, _)| {
            action == FlagAction::Captured && at + 1_000 <= o.frames.last().map_or(0, |f| f.time_ms)
        })
    };
    let (outcome, lost) = carrier_ordered("capture", stage, &captured);
    let capture = outcome
        .flags
        .iter()
        .find(|(_, action, _)| *action == FlagAction::Captured)
        .expect("a capture");
    assert_eq!(capture.2, Team::Blue);
    assert_eq!(outcome.frames[lost].time_ms, capture.0);
    let after = outcome.at(capture.0 + 500);
    let red_base = outcome.spot(Item::Flag(Team::Red));
    assert_eq!(after.task, Task::Defend(red_base));
    assert_eq!(after.source, TaskSource::Ordered);
    assert_eq!(after.ordered_by, Some(BASTION));
    assert_eq!(after.waiting, None);
    assert_eq!(after.place.map(|p| p.point), Some(red_base));
}

#[test]
fn a_flag_carrier_ordered_to_defend_defends_after_losing_the_flag_with_its_life() {
    // Clatter stands in the middle of the hall and shoots at Kestrel from 2.5 s on.
    let stage = Stage {
        kestrel_at: Some(Vec3::new(928.0, 0.0, 24.0)),
        clatter_at: Some(Vec3::new(0.0, -150.0, 24.0)),
        clatter_fires: Some(2_500),
    };
    let back = |o: &Outcome| {
        let Some(died) = o.frames.iter().position(|f| !f.alive) else {
            return false;
        };
        o.frames[died..]
            .iter()
            .position(|f| f.alive)
            .is_some_and(|k| o.frames.len() > died + k + 20)
    };
    let (outcome, lost) = carrier_ordered("flag lost", stage, &back);
    assert!(
        !outcome.frames[lost].alive,
        "the flag is lost with Kestrel's life: {:?} {:?}",
        outcome.flags,
        &outcome.frames[lost - 2..lost + 2]
    );
    assert!(
        outcome
            .flags
            .iter()
            .any(|&(_, action, team)| action == FlagAction::Dropped && team == Team::Blue),
        "{:?}",
        outcome.flags
    );
    assert!(
        !outcome
            .flags
            .iter()
            .any(|(_, action, _)| *action == FlagAction::Captured)
    );
    let respawn = lost
        + outcome.frames[lost..]
            .iter()
            .position(|f| f.alive)
            .expect("Kestrel respawns");
    let red_base = outcome.spot(Item::Flag(Team::Red));
    let after = &outcome.frames[respawn + 10];
    assert_eq!(after.task, Task::Defend(red_base));
    assert_eq!(after.source, TaskSource::Ordered);
    assert_eq!(after.ordered_by, Some(BASTION));
    assert_eq!(after.waiting, None);
}

/// Orders the type allows but the words do not carry: a place that is no key area in a
/// defence or a patrol, an order's own time on commands whose phrasings have none, a time
/// that is no whole number of seconds. `said` sends beside the words what the words mean
/// (not the order asked for), so a bot reading the typed message and one reading the words
/// still get the same order (`bot_interface::team`'s promise).
#[test]
fn every_typed_order_gives_the_task_its_words_give() {
    let data = botfiles();
    let players = board();
    let roster = Roster {
        players: &players,
        items: &data.shared.items,
    };
    let timed = |command, ms| TeamMessage {
        for_ms: Some(ms),
        ..to_kestrel(command)
    };
    let messages = [
        to_kestrel(TeamCommand::Defend(Place::Here)),
        to_kestrel(TeamCommand::Defend(Place::There)),
        to_kestrel(TeamCommand::Patrol(vec![Place::Here, Place::Item(RL)])),
        timed(TeamCommand::Help(VESPER), 3_000),
        timed(TeamCommand::Accompany(VESPER), 3_000),
        timed(TeamCommand::Kill(CLATTER), 3_000),
        timed(TeamCommand::GetFlag, 3_000),
        timed(TeamCommand::Defend(Place::OurBase), 1_500),
    ];
    let mut differ = Vec::new();
    for message in messages {
        let (words, carried) = said(&data.shared.chat, &message, BASTION, &roster);
        assert_ne!(carried, message, "{words:?} carries all of {message:?}");
        let lines = [(FIRST_LINE_MS, message.clone())];
        let text = play(Reading::Text, &lines, Stage::default(), 5_000, None);
        let typed = play(Reading::Typed, &lines, Stage::default(), 5_000, None);
        if let Some(difference) = difference(&text, &typed) {
            differ.push(format!("{message:?} said as {words:?}: {difference}"));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n\n"));
}
