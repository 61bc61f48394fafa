//! Fair senses: what a player's view holds is what it could see and hear — a player or a
//! rocket behind a wall is not in it, one in the open is, a line of sight answers as a full
//! trace does whatever its hint, and what players read changes nothing in the match.

use bot_interface::{BotInput, BotView, Player, Senses, Team};
use bot_world::collision::BrushIndex;
use bot_world::{Entrant, Level, MatchRunner, MatchSettings, PlayerSetup};
use glam::Vec3;

mod common;

use common::{level_of, pack_level, room};

/// A room 1024 wide with a full-height wall across its middle (x = −8 … 8) except for a gap
/// at its north end (y 384 … 512): three spawn points, two on the west side in the open, one
/// east behind the wall.
fn walled_room() -> Level {
    let spawns: String = ["-256 -256 24", "-256 256 24", "256 -256 24"]
        .iter()
        .map(|origin| {
            format!("{{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"{origin}\"\n}}\n")
        })
        .collect();
    level_of("walled", &room(&[([-8, -512, 0], [8, 384, 256])], &spawns)).expect("a level")
}

/// Stands still and remembers what it saw.
struct Watcher {
    name: String,
    seen: Vec<Vec<u16>>,
}

impl Player for Watcher {
    fn name(&self) -> &str {
        &self.name
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        self.seen
            .push(view.players.iter().map(|p| p.id.0).collect());
        BotInput::default()
    }
}

#[test]
fn a_player_behind_a_wall_is_not_in_the_view() {
    let level = walled_room();
    let watchers: Vec<Entrant<'_>> = (0..3)
        .map(|i| Entrant {
            setup: PlayerSetup {
                name: format!("w{i}"),
                team: Team::Free,
            },
            kind: "watcher".to_owned(),
            driver: Box::new(Watcher {
                name: format!("w{i}"),
                seen: Vec::new(),
            }),
        })
        .collect();
    let mut runner = MatchRunner::new(&level, MatchSettings::default(), watchers);
    for _ in 0..10 {
        runner.step();
    }
    let world = runner.world();
    let origins: Vec<Vec3> = world.players().iter().map(|p| p.body.origin).collect();
    // Who is where depends on the spawn choice: find the one east of the wall.
    let east = origins
        .iter()
        .position(|o| o.x > 0.0)
        .expect("someone spawned east");
    let west: Vec<usize> = (0..3).filter(|&i| i != east).collect();
    let mut view = BotView::default();
    world.view(west[0], &mut view);
    let seen: Vec<usize> = view.players.iter().map(|p| p.id.index()).collect();
    assert!(
        seen.contains(&west[1]),
        "the west players see each other: {seen:?} {origins:?}"
    );
    assert!(
        !seen.contains(&east),
        "the wall hides the east player: {seen:?} {origins:?}"
    );
    world.view(east, &mut view);
    assert!(
        view.players.is_empty(),
        "the east player sees nobody: {:?}",
        view.players
    );
}

#[test]
fn a_line_of_sight_answers_as_a_full_trace_whatever_its_hint() {
    let Some(loaded) = pack_level("oacmpdm1", "oacmpdm1") else {
        return;
    };
    let level = loaded.expect("loads");
    let anchors: Vec<Vec3> = level
        .brushes
        .entities
        .iter()
        .filter_map(aas_geom::Entity::origin)
        .map(|o| o.as_vec3())
        .collect();
    let collision = &level.collision;
    let mut state = 0x9e37_79b9_u32;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let mut blocked = 0;
    let mut carried = None;
    for _ in 0..5000 {
        let a = anchors[next() as usize % anchors.len()] + Vec3::Z * (next() % 64) as f32;
        let b = anchors[next() as usize % anchors.len()] + Vec3::Z * (next() % 64) as f32;
        let trace = collision.trace(
            a,
            b,
            Vec3::ZERO,
            Vec3::ZERO,
            bot_world::collision::mask::SIGHT,
        );
        let expected = !trace.start_solid && !trace.hit();
        assert_eq!(collision.line_of_sight(a, b), expected, "{a} -> {b}");
        blocked += usize::from(!expected);
        // Whatever the hint (the last line's blocker, any brush, none, one past the last
        // brush), the hinted answer is the same; a block leaves a solid world brush in it.
        let brushes = u32::try_from(collision.brush_count()).expect("fits");
        let hints = [
            carried,
            Some(BrushIndex(next() % brushes)),
            None,
            Some(BrushIndex(brushes)),
        ];
        for (kind, mut hint) in hints.into_iter().enumerate() {
            assert_eq!(
                collision.line_of_sight_hinted(a, b, &mut hint),
                expected,
                "{a} -> {b}, hint kind {kind}"
            );
            if !expected {
                let brush = hint.expect("a blocked line names its blocker");
                assert!(
                    collision
                        .brush_contents(brush)
                        .is_some_and(|c| c.intersects(bot_world::collision::mask::SIGHT))
                        && collision.brush_model(brush) == Some(aas_geom::brush::ModelNum::WORLD),
                    "{brush:?} blocks {a} -> {b}"
                );
                assert!(!collision.line_of_sight_hinted(a, b, &mut Some(brush)));
            }
            if kind == 0 {
                carried = hint;
            }
        }
    }
    assert!(blocked > 100 && blocked < 4900, "{blocked} of 5000 blocked");
}

/// A roamer that says it reads everything (players, items, projectiles) and records how many
/// items its views held.
struct Curious<'w> {
    roamer: bot_world::scripted::Roamer<'w>,
    items_seen: usize,
}

impl Player for Curious<'_> {
    fn name(&self) -> &str {
        self.roamer.name()
    }

    fn begin(&mut self, info: &bot_interface::MatchInfo) {
        self.roamer.begin(info);
    }

    fn senses(&self) -> Senses {
        Senses::all()
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        self.items_seen += view.items.len();
        self.roamer.think(view)
    }
}

/// Roamers read only players: their views hold no items, a player that reads everything
/// gets items, and what players read changes nothing in the match (the same hash every
/// frame).
#[test]
fn senses_choose_what_is_traced_and_change_no_state() {
    let Some(level) = pack_level("oacmpdm1", "oacmpdm1") else {
        return;
    };
    let level = level.expect("loads");
    let movers = level.movement.movers();
    let play = |curious: bool| {
        let entrants: Vec<Entrant<'_>> = (0..4)
            .map(|index| {
                let name = format!("r{index}");
                let roamer =
                    bot_world::scripted::Roamer::new(name.clone(), &level.aas, index as u64 + 5)
                        .with_movers(&movers);
                let driver: Box<dyn Player> = if curious {
                    Box::new(Curious {
                        roamer,
                        items_seen: 0,
                    })
                } else {
                    Box::new(roamer)
                };
                Entrant {
                    setup: PlayerSetup {
                        name,
                        team: Team::Free,
                    },
                    kind: "roamer".to_owned(),
                    driver,
                }
            })
            .collect();
        let mut runner = MatchRunner::new(&level, MatchSettings::default(), entrants);
        let mut hashes = Vec::new();
        let mut items_in_views = 0;
        let mut view = BotView::default();
        for _ in 0..600 {
            runner.step();
            hashes.push(runner.world().last_hash());
            for index in 0..4 {
                runner.world().view(index, &mut view);
                items_in_views += view.items.len();
            }
        }
        (hashes, items_in_views)
    };
    let (plain, plain_items) = play(false);
    let (curious, curious_items) = play(true);
    assert_eq!(plain, curious, "senses changed the match");
    assert_eq!(plain_items, 0, "roamers' views hold no items");
    assert!(
        curious_items > 100,
        "{curious_items} items seen in 2400 views"
    );
}

/// Fires rockets at the first player it sees.
struct Gunner {
    name: String,
}

impl Player for Gunner {
    fn name(&self) -> &str {
        &self.name
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let Some(target) = view.players.first() else {
            return BotInput::looking(view.me.view_angles);
        };
        let eye = view.me.origin + Vec3::Z * view.me.view_height;
        BotInput {
            view_angles: bot_interface::view_angles_towards(target.origin - eye),
            buttons: bot_interface::Buttons::ATTACK,
            weapon: Some(bot_interface::Weapon::RocketLauncher),
            ..BotInput::default()
        }
    }
}

#[test]
fn a_projectile_behind_a_wall_is_not_in_the_view() {
    let level = walled_room();
    let mut settings = MatchSettings::default();
    let rocket = settings
        .rules
        .weapons
        .get_mut(bot_interface::Weapon::RocketLauncher);
    rocket.start_owned = true;
    rocket.start_ammo = 20;
    let gunners: Vec<Entrant<'_>> = (0..3)
        .map(|i| Entrant {
            setup: PlayerSetup {
                name: format!("g{i}"),
                team: Team::Free,
            },
            kind: "gunner".to_owned(),
            driver: Box::new(Gunner {
                name: format!("g{i}"),
            }),
        })
        .collect();
    let mut runner = MatchRunner::new(&level, settings, gunners);
    let mut most = [0_usize; 3];
    let mut view = BotView::default();
    let mut east = None;
    for _ in 0..40 {
        runner.step();
        let world = runner.world();
        east = world.players().iter().position(|p| p.body.origin.x > 0.0);
        for (index, most) in most.iter_mut().enumerate() {
            world.view(index, &mut view);
            *most = (*most).max(view.projectiles.len());
        }
    }
    let east = east.expect("someone spawned east");
    for (index, seen) in most.iter().enumerate() {
        if index == east {
            assert_eq!(*seen, 0, "the wall hides the west players' rockets");
        } else {
            assert!(
                *seen > 0,
                "player {index} sees the rockets in the open: {most:?}"
            );
        }
    }
}

/// Fires the machinegun at the first player in view, and remembers its own hit count.
struct HitCounter {
    hits: Vec<u32>,
}

impl Player for HitCounter {
    fn name(&self) -> &str {
        "counter"
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        self.hits.push(view.me.hits);
        let Some(target) = view.players.first() else {
            return BotInput::default();
        };
        let mut input = BotInput::looking(bot_interface::view_angles_towards(
            target.origin - view.me.eye(),
        ));
        input.buttons.insert(bot_interface::Buttons::ATTACK);
        input
    }
}

#[test]
fn a_players_own_hits_are_in_its_view() {
    let spawns = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-256 0 24\"\n}\n\
                  {\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"256 0 24\"\n}\n";
    let level = level_of("open", &room(&[], spawns)).expect("a level");
    let mut gunner = HitCounter { hits: Vec::new() };
    let mut target = Watcher {
        name: "target".to_owned(),
        seen: Vec::new(),
    };
    let entrants = vec![
        Entrant {
            setup: PlayerSetup {
                name: "counter".to_owned(),
                team: Team::Free,
            },
            kind: "counter".to_owned(),
            driver: Box::new(&mut gunner),
        },
        Entrant {
            setup: PlayerSetup {
                name: "target".to_owned(),
                team: Team::Free,
            },
            kind: "watcher".to_owned(),
            driver: Box::new(&mut target),
        },
    ];
    let mut runner = MatchRunner::new(&level, MatchSettings::default(), entrants);
    let mut landed = 0_u32;
    for _ in 0..30 {
        landed += runner
            .step()
            .iter()
            .filter(|event| {
                matches!(event, bot_world::Event::Damage { attacker: Some(a), target, .. }
                    if a.0 == 0 && target.0 == 1)
            })
            .count() as u32;
    }
    drop(runner);
    let seen = gunner.hits.last().copied().unwrap_or(0);
    assert!(seen > 0, "{:?}", gunner.hits);
    // The view of a frame counts the hits up to the frame before it.
    assert!(
        seen <= landed && landed <= seen + 1,
        "{seen} seen, {landed} landed"
    );
    assert!(gunner.hits.windows(2).all(|w| w[0] <= w[1]));
}
