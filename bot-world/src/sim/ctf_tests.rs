//! The flag game on the built-in arena with players put in place by hand, so that every
//! point of a capture is known (q3-game-rules.md §5.3): golden scores of the capture award,
//! the carrier frag, the return and the capture assists.

use std::path::PathBuf;

use bot_interface::{GameMode, Team, Weapon};
use glam::Vec3;

use super::FlagState;
use crate::rules::{DamageCause, Rules};
use crate::sim::combat::Hit;
use crate::{Level, LevelSettings, MatchSettings, PlayerSetup, World};

/// The red player who captures.
const CAPTURER: usize = 0;
/// Its red teammate.
const HELPER: usize = 1;
/// The blue player who takes the red flag.
const BLUE: usize = 2;

/// A standing player's origin is this far above a resting item's (24 above the floor
/// against the item's 15).
const STAND_ABOVE_ITEM: f32 = 9.0;

fn arena() -> Level {
    let map = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bot-harness/maps/arena.map");
    Level::load(&map, None, &LevelSettings::default()).expect("the arena loads")
}

/// A CTF match on `level` of [`CAPTURER`] and [`HELPER`] (red) and [`BLUE`], all entered
/// and both flags at their bases (items appear a few frames in).
fn ctf(level: &Level, rules: Rules) -> World<'_> {
    let settings = MatchSettings {
        mode: GameMode::Ctf,
        rules,
        ..MatchSettings::default()
    };
    let setup = |name: &str, team| PlayerSetup {
        name: name.to_owned(),
        team,
    };
    let players = [
        setup("capturer", Team::Red),
        setup("helper", Team::Red),
        setup("blue", Team::Blue),
    ];
    let mut world = World::new(level, settings, &players);
    let bases = [Team::Red, Team::Blue].map(|team| base(&world, team));
    while !bases.iter().all(|&item| world.items[item].present) {
        assert!(world.time_ms < 1000, "the flags appear");
        world.step(&[]);
    }
    assert!(world.players.iter().all(|p| p.alive));
    world
}

/// Puts player `index` on item `item` and runs a frame (it touches what lies there).
fn visit(world: &mut World<'_>, index: usize, item: usize) {
    let body = &mut world.players[index].body;
    body.origin = world.items[item].origin + Vec3::Z * STAND_ABOVE_ITEM;
    body.velocity = Vec3::ZERO;
    world.step(&[]);
}

/// Runs frames for `ms` milliseconds, nobody doing anything.
fn wait(world: &mut World<'_>, ms: u32) {
    for _ in 0..ms / world.settings.frame_ms {
        world.step(&[]);
    }
}

/// `team`'s flag base item.
fn base(world: &World<'_>, team: Team) -> usize {
    world.flag_base(team).expect("the arena has both flags")
}

/// Who does what before the capture.
#[derive(Clone, Copy)]
struct Play {
    /// Kills the blue carrier of the red flag.
    fragger: usize,
    /// Returns the red flag where it fell.
    returner: usize,
    /// Milliseconds between the return and the capturer taking the blue flag.
    delay_ms: u32,
}

/// [`BLUE`] takes the red flag and is killed by the fragger; the returner returns the flag
/// where it fell; after the delay the [`CAPTURER`] takes the blue flag and captures. The
/// scores of the three players and the team scores after the capture.
fn capture(rules: Rules, play: Play) -> ([i32; 3], [i32; 2]) {
    let level = arena();
    let mut world = ctf(&level, rules);
    let red_base = base(&world, Team::Red);
    let blue_base = base(&world, Team::Blue);

    visit(&mut world, BLUE, red_base);
    assert_eq!(world.flags[0], FlagState::Carried(BLUE));
    let hit = Hit::new(
        Some(play.fragger),
        1000,
        DamageCause::Weapon(Weapon::Railgun),
        None,
    );
    world.damage_player(BLUE, hit);
    assert!(!world.players[BLUE].alive);
    let FlagState::Dropped(dropped) = world.flags[0] else {
        panic!("the red flag drops: {:?}", world.flags);
    };
    // Let it land.
    wait(&mut world, 1000);
    visit(&mut world, play.returner, dropped);
    assert_eq!(world.flags[0], FlagState::AtBase);

    wait(&mut world, play.delay_ms);
    visit(&mut world, CAPTURER, blue_base);
    assert_eq!(world.flags[1], FlagState::Carried(CAPTURER));
    visit(&mut world, CAPTURER, red_base);
    assert_eq!(world.flags, [FlagState::AtBase, FlagState::AtBase]);
    let scores = [CAPTURER, HELPER, BLUE].map(|index| world.players[index].score);
    (scores, world.team_scores)
}

/// The helper frags the carrier (+1 frag, +2 carrier frag) and returns the flag (+1); the
/// capture gives the capturer 5 and the team 1, and the helper both assists (+1 return,
/// +2 carrier frag: ioquake3 stacks them).
#[test]
fn a_capture_pays_both_assists_to_the_helper() {
    let play = Play {
        fragger: HELPER,
        returner: HELPER,
        delay_ms: 0,
    };
    assert_eq!(capture(Rules::default(), play), ([5, 4 + 3, 0], [1, 0]));
}

/// Quake III 1.32 gives only the first assist that applies: the return's.
#[test]
fn quake3_pays_one_assist() {
    let mut rules = Rules::default();
    rules.modes.ctf.assists_stack = false;
    let play = Play {
        fragger: HELPER,
        returner: HELPER,
        delay_ms: 0,
    };
    assert_eq!(capture(rules, play), ([5, 4 + 1, 0], [1, 0]));
}

/// Assists count for less than 10 s. The return comes 100 ms plus the delay before the
/// capture, the carrier frag 1.1 s plus the delay: a delay of 8.8 s pays both assists, 9.8 s
/// the return's only, 9.9 s none.
#[test]
fn assists_last_ten_seconds() {
    let play = |delay_ms| Play {
        fragger: HELPER,
        returner: HELPER,
        delay_ms,
    };
    assert_eq!(
        capture(Rules::default(), play(8_800)),
        ([5, 4 + 3, 0], [1, 0])
    );
    assert_eq!(
        capture(Rules::default(), play(9_800)),
        ([5, 4 + 1, 0], [1, 0])
    );
    assert_eq!(capture(Rules::default(), play(9_900)), ([5, 4, 0], [1, 0]));
}

/// The capturer's own return and carrier frag are no assists of its own capture.
#[test]
fn the_capturer_assists_nobody() {
    let play = Play {
        fragger: CAPTURER,
        returner: CAPTURER,
        delay_ms: 0,
    };
    assert_eq!(capture(Rules::default(), play), ([4 + 5, 0, 0], [1, 0]));
}

/// A carrier who kills an enemy far from its own base protects no carrier but itself: the
/// frag alone (the carrier-protect bonus is for defending another player).
#[test]
fn a_carrier_does_not_protect_itself() {
    let level = arena();
    let mut world = ctf(&level, Rules::default());
    let blue_base = base(&world, Team::Blue);
    visit(&mut world, CAPTURER, blue_base);
    assert_eq!(world.flags[1], FlagState::Carried(CAPTURER));
    let near = world.players[CAPTURER].body.origin + Vec3::new(0.0, 100.0, 0.0);
    world.players[BLUE].body.origin = near;
    let hit = Hit::new(
        Some(CAPTURER),
        1000,
        DamageCause::Weapon(Weapon::Railgun),
        None,
    );
    world.damage_player(BLUE, hit);
    assert!(!world.players[BLUE].alive);
    assert_eq!(world.players[CAPTURER].score, 1);
}
