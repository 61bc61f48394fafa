//! The brain's [`Brain`] (issue 20) in small matches of its own: fair senses (no reaction to
//! an enemy behind a wall it has not heard; a heard one draws its look, and a well-armed bot
//! goes to look for it), the puzzle of nested
//! buttons through the AI network's Seek Activate Entity, and a short deathmatch of the
//! default characters on the built-in-style room where every bot fights, scores and talks.

use bot_brain::fight::weapon_info::{WeaponConfig, load_weapon_config};
use bot_brain::goal::ScoreSettings;
use bot_brain::movement::shared_router;
use bot_brain::network::AiNode;
use bot_brain::setup::{BotProfile, SharedBotData, default_botfiles};
use bot_brain::{Brain, BrainData};
use bot_interface::{
    BotInput, BotView, Buttons, Decision, Player, Team, Weapon, view_angles_towards,
};
use bot_world::rules::Rules;
use bot_world::{
    Entrant, FixedStart, Level, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, play,
};
use glam::Vec3;

mod common;
#[path = "levels/nested_buttons.rs"]
mod nested_buttons;

/// The default set, loaded once per test.
struct Botfiles {
    shared: SharedBotData,
    weapons: WeaponConfig,
}

impl Botfiles {
    fn load() -> Self {
        let source = default_botfiles();
        let mut shared = SharedBotData::load(&source);
        for name in bot_brain::setup::DEFAULT_BOTS {
            let found = shared.add_bot(&source, &Self::profile(name, 3.0));
            assert!(found.is_empty(), "{found:?}");
        }
        assert!(shared.diagnostics.is_empty(), "{:?}", shared.diagnostics);
        let weapons = load_weapon_config(&source, "weapons.c").expect("weapons.c loads");
        Self { shared, weapons }
    }

    fn profile(name: &str, skill: f32) -> BotProfile {
        let profile = BotProfile::load(&default_botfiles(), name, skill).expect("the bot loads");
        assert!(profile.diagnostics.is_empty(), "{:?}", profile.diagnostics);
        profile
    }

    fn data<'c>(&'c self, profile: &'c BotProfile) -> BrainData<'c> {
        BrainData {
            profile,
            items: &self.shared.items,
            weapons: &self.weapons,
            chat: &self.shared.chat,
            score: ScoreSettings::default(),
        }
    }
}

/// A player that stands where it entered, looking along `look`, firing its machinegun when
/// `fires` (at whatever is in front of it; the button is released now and then, as the game
/// wants a fresh press after a spawn).
struct Statue {
    look: Vec3,
    fires: bool,
}

impl Player for Statue {
    fn name(&self) -> &str {
        "statue"
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let mut input = BotInput::looking(view_angles_towards(self.look));
        if self.fires && view.me.alive && !view.frame.is_multiple_of(10) {
            input.weapon = Some(Weapon::Machinegun);
            input.buttons.insert(Buttons::ATTACK);
        }
        input
    }
}

/// The common room split at x −8 … 8 by a wall from floor to ceiling: no way and no sight
/// from one half to the other.
fn walled_level() -> Level {
    let walls = [([-8, -512, 0], [8, 512, 256])];
    let spawn = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 0 24\"\n}\n";
    common::level_of("walled", &common::room(&walls, spawn)).expect("a level")
}

/// Plays `frames` of the bot `brain` (player 0, entering at `start` looking east) against a
/// statue (player 1) entering at `statue_at`; returns the brain's decisions and its view yaw
/// at the end.
fn face_off(
    level: &Level,
    brain: &mut Brain<'_, '_>,
    statue: Statue,
    statue_at: Vec3,
    frames: u32,
) -> (Vec<Decision>, f32) {
    face_off_with(level, brain, statue, statue_at, frames, Rules::default())
}

/// [`face_off`] under `rules`.
fn face_off_with(
    level: &Level,
    brain: &mut Brain<'_, '_>,
    statue: Statue,
    statue_at: Vec3,
    frames: u32,
    rules: Rules,
) -> (Vec<Decision>, f32) {
    let settings = MatchSettings {
        rules,
        seed: 3,
        fixed_starts: vec![
            FixedStart {
                player: 0,
                origin: [-300.0, 0.0, 24.0],
                yaw: 0.0,
            },
            FixedStart {
                player: 1,
                origin: statue_at.to_array(),
                yaw: 180.0,
            },
        ],
        ..MatchSettings::default()
    };
    let entrants = vec![
        Entrant {
            setup: PlayerSetup {
                name: "bot".to_owned(),
                team: Team::Free,
            },
            kind: "bot".to_owned(),
            driver: Box::new(&mut *brain),
        },
        Entrant {
            setup: PlayerSetup {
                name: "statue".to_owned(),
                team: Team::Free,
            },
            kind: "statue".to_owned(),
            driver: Box::new(statue),
        },
    ];
    let mut runner = MatchRunner::new(level, settings, entrants);
    let mut decisions = Vec::new();
    for _ in 0..frames {
        runner.step();
        decisions.extend_from_slice(runner.decisions(0));
    }
    let yaw = runner.world().players()[0].view_angles.y;
    (decisions, yaw)
}

fn battle(decisions: &[Decision]) -> bool {
    decisions.iter().any(|d| d.to.starts_with("battle"))
}

/// Behind a wall, silent: the bot never notices the statue (it only reads its fair view). In
/// the open, in front of it: noticed and fought.
#[test]
fn a_bot_does_not_react_to_an_enemy_behind_a_wall_it_has_not_heard() {
    let files = Botfiles::load();
    let profile = Botfiles::profile(bot_brain::setup::DEFAULT_BOTS[0], 5.0);
    let walled = walled_level();
    let router = shared_router(&walled.aas);
    let mut brain = Brain::new(&walled.aas, router, files.data(&profile), 5, (0, 2));
    let (decisions, _) = face_off(
        &walled,
        &mut brain,
        Statue {
            look: -Vec3::X,
            fires: false,
        },
        Vec3::new(300.0, 0.0, 24.0),
        200,
    );
    assert!(!battle(&decisions), "{decisions:?}");
    assert!(brain.enemy().is_none());

    let spawn = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 0 24\"\n}\n";
    let open = common::level_of("open", &common::room(&[], spawn)).expect("a level");
    let router = shared_router(&open.aas);
    let mut brain = Brain::new(&open.aas, router, files.data(&profile), 5, (0, 2));
    let (decisions, _) = face_off(
        &open,
        &mut brain,
        Statue {
            look: -Vec3::X,
            fires: false,
        },
        Vec3::new(300.0, 0.0, 24.0),
        200,
    );
    assert!(battle(&decisions), "{decisions:?}");
}

/// Behind the wall but firing: the bot hears the gunfire and turns its look towards it.
#[test]
fn a_heard_enemy_draws_the_bots_look() {
    let files = Botfiles::load();
    let profile = Botfiles::profile(bot_brain::setup::DEFAULT_BOTS[0], 5.0);
    let walled = walled_level();
    let router = shared_router(&walled.aas);
    let mut brain = Brain::new(&walled.aas, router, files.data(&profile), 5, (0, 2));
    // The statue stands north-east of the bot, behind the wall, firing at it.
    let (decisions, yaw) = face_off(
        &walled,
        &mut brain,
        Statue {
            look: -Vec3::X,
            fires: true,
        },
        Vec3::new(300.0, 300.0, 24.0),
        30,
    );
    assert!(!battle(&decisions), "{decisions:?}");
    // Looking roughly towards the sound (north-east of it: yaw 0 … 90).
    assert!((5.0..85.0).contains(&yaw), "yaw {yaw}");
}

/// Behind a wall with a way around it, firing: a bot armed well enough to chase an enemy
/// (a rocket launcher) goes to look where it heard the gunfire (Seek LTG to Battle Chase,
/// "heard enemy"), comes round the wall and fights.
#[test]
fn a_well_armed_bot_goes_to_look_for_a_heard_enemy() {
    let files = Botfiles::load();
    let profile = Botfiles::profile(bot_brain::setup::DEFAULT_BOTS[0], 5.0);
    // The wall of `walled_level` with a 200-unit gap at its north end.
    let walls = [([-8, -512, 0], [8, 312, 256])];
    let spawn = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 0 24\"\n}\n";
    let level = common::level_of("gap", &common::room(&walls, spawn)).expect("a level");
    let router = shared_router(&level.aas);
    let mut brain = Brain::new(&level.aas, router, files.data(&profile), 5, (0, 2));
    let mut rules = Rules::default();
    let launcher = rules.weapons.get_mut(Weapon::RocketLauncher);
    launcher.start_owned = true;
    launcher.start_ammo = 20;
    let (decisions, _) = face_off_with(
        &level,
        &mut brain,
        Statue {
            look: -Vec3::X,
            fires: true,
        },
        Vec3::new(300.0, 0.0, 24.0),
        400,
        rules,
    );
    let heard = decisions
        .iter()
        .position(|d| d.to == "battle_chase" && d.reason == "heard enemy")
        .unwrap_or_else(|| panic!("no chase of the heard enemy: {decisions:?}"));
    assert!(
        decisions[heard..]
            .iter()
            .any(|d| d.to == "battle_fight" && d.reason == "battle chase"),
        "the chase found the enemy: {decisions:?}"
    );
}

/// The puzzle: a railgun behind the door of nested buttons. The bot wants it, is held up at
/// the door, and through Seek Activate Entity presses both buttons and gets it.
#[test]
fn a_bot_solves_nested_buttons_for_the_item_it_wants() {
    let files = Botfiles::load();
    let profile = Botfiles::profile(bot_brain::setup::DEFAULT_BOTS[0], 3.0);
    let level = nested_buttons::nested_buttons_level(
        "{\n\"classname\" \"weapon_railgun\"\n\"origin\" \"300 0 16\"\n}\n",
    );
    let router = shared_router(&level.aas);
    let openers = level.door_openers();
    let shootables = level.shootables();
    let movers = level.movement.movers();
    let mut brain =
        Brain::new(&level.aas, router, files.data(&profile), 5, (0, 1)).with_navigator(|n| {
            n.with_movers(&movers)
                .with_shootables(&shootables)
                .with_door_openers(&openers)
        });
    let mut settings = MatchSettings {
        seed: 4,
        ..MatchSettings::default()
    };
    settings.rules.modes.frag_limit = 0;
    settings.rules.modes.time_limit_ms = 0;
    let entrants = vec![Entrant {
        setup: PlayerSetup {
            name: "bot".to_owned(),
            team: Team::Free,
        },
        kind: "bot".to_owned(),
        driver: Box::new(&mut brain),
    }];
    let mut runner = MatchRunner::new(&level, settings, entrants);
    let mut decisions = Vec::new();
    let mut got_it = false;
    for _ in 0..1_200 {
        let events = runner.step();
        got_it |= events.iter().any(
            |e| matches!(e, bot_world::Event::Pickup { item, .. } if item == "weapon_railgun"),
        );
        decisions.extend_from_slice(runner.decisions(0));
        if got_it {
            break;
        }
    }
    assert!(got_it, "no railgun; decisions {decisions:?}");
    assert!(
        decisions.iter().any(|d| d.to == "seek_activate_entity"),
        "{decisions:?}"
    );
}

/// Four default characters for two minutes in the open room with weapons about: every bot
/// fights (Battle Fight), frags, is fragged, picks up items; no think switched nodes more
/// than 50 times; every switch has a reason.
#[test]
fn default_bots_fight_a_short_deathmatch() {
    let files = Botfiles::load();
    let items = [
        ("weapon_rocketlauncher", -300, -300),
        ("weapon_railgun", 300, 300),
        ("weapon_shotgun", -300, 300),
        ("weapon_plasmagun", 300, -300),
        ("item_armor_combat", 0, 0),
        ("item_health_large", 0, 400),
        ("ammo_rockets", -400, -200),
        ("ammo_slugs", 400, 200),
    ];
    let mut entities = String::new();
    for (class, x, y) in items {
        entities.push_str(&format!(
            "{{\n\"classname\" \"{class}\"\n\"origin\" \"{x} {y} 16\"\n}}\n"
        ));
    }
    for (x, y) in [(-400, 0), (400, 0), (0, -400), (0, 400)] {
        entities.push_str(&format!(
            "{{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"{x} {y} 24\"\n}}\n"
        ));
    }
    let pillars = [
        ([-120, -120, 0], [-72, -72, 256]),
        ([72, 72, 0], [120, 120, 256]),
    ];
    let level = common::level_of("duel_room", &common::room(&pillars, &entities)).expect("a level");
    let router = shared_router(&level.aas);
    let profiles: Vec<BotProfile> = bot_brain::setup::DEFAULT_BOTS
        .iter()
        .map(|name| Botfiles::profile(name, 4.0))
        .collect();
    let count = profiles.len();
    let mut settings = MatchSettings {
        seed: 11,
        ..MatchSettings::default()
    };
    settings.rules.modes.frag_limit = 0;
    settings.rules.modes.time_limit_ms = 120_000;
    let entrants = profiles
        .iter()
        .enumerate()
        .map(|(index, profile)| Entrant {
            setup: PlayerSetup {
                name: profile.name.clone(),
                team: Team::Free,
            },
            kind: "bot".to_owned(),
            driver: Box::new(Brain::new(
                &level.aas,
                router.clone(),
                files.data(profile),
                bot_world::player_seed(11, index),
                (index, count),
            )),
        })
        .collect();
    let mut runner = MatchRunner::new(&level, settings, entrants);
    let summary =
        play::<std::io::Sink>(&mut runner, PlayOptions { max_frames: 2_400 }, None, |_| {})
            .expect("no log");
    for player in &summary.players {
        let report = player.report.as_ref().expect("bots report");
        assert!(
            player.frags >= 1,
            "{} fragged nobody: {summary:#?}",
            player.name
        );
        assert!(
            player.pickups.values().sum::<u32>() >= 3,
            "{}: {:?}",
            player.name,
            player.pickups
        );
        assert!(
            report
                .ai_nodes
                .get(AiNode::BattleFight.name())
                .is_some_and(|&s| s > 1.0),
            "{report:?}"
        );
        assert!(report.max_switches_per_think <= 50, "{report:?}");
        let time: f32 = report.ai_nodes.values().sum();
        assert!((time - 120.0).abs() < 1.0, "{time} s in nodes");
    }
}

/// Four default characters for three minutes on a shared map (oacmpdm1, with bspc's AAS):
/// they fight (frags), gather (weapons and items), keep within 50 switches per think and are
/// stuck for less than 5 % of the time.
#[test]
fn default_bots_play_on_a_shared_map() {
    let Some(level) = common::pack_level("oacmpdm1", "oacmpdm1") else {
        return;
    };
    let level = level.expect("oacmpdm1 loads");
    let files = Botfiles::load();
    let router = shared_router(&level.aas);
    let movers = level.movement.movers();
    let profiles: Vec<BotProfile> = bot_brain::setup::DEFAULT_BOTS
        .iter()
        .map(|name| Botfiles::profile(name, 4.0))
        .collect();
    let count = profiles.len();
    let mut settings = MatchSettings {
        seed: 5,
        ..MatchSettings::default()
    };
    settings.rules.modes.frag_limit = 0;
    settings.rules.modes.time_limit_ms = 180_000;
    let entrants = profiles
        .iter()
        .enumerate()
        .map(|(index, profile)| Entrant {
            setup: PlayerSetup {
                name: profile.name.clone(),
                team: Team::Free,
            },
            kind: "bot".to_owned(),
            driver: Box::new(
                Brain::new(
                    &level.aas,
                    router.clone(),
                    files.data(profile),
                    bot_world::player_seed(5, index),
                    (index, count),
                )
                .with_navigator(|n| n.with_movers(&movers)),
            ),
        })
        .collect();
    let mut runner = MatchRunner::new(&level, settings, entrants);
    let summary =
        play::<std::io::Sink>(&mut runner, PlayOptions { max_frames: 3_600 }, None, |_| {})
            .expect("no log");
    let frags: u32 = summary.players.iter().map(|p| p.frags).sum();
    assert!(frags >= 4, "{frags} frags: {summary:#?}");
    for player in &summary.players {
        let report = player.report.as_ref().expect("bots report");
        let weapons: u32 = player
            .pickups
            .iter()
            .filter(|(class, _)| class.starts_with("weapon_"))
            .map(|(_, n)| n)
            .sum();
        assert!(weapons >= 1, "{}: {:?}", player.name, player.pickups);
        assert!(report.max_switches_per_think <= 50, "{report:?}");
        assert!(report.stuck_seconds < 9.0, "{report:?}");
    }
}
