//! Fair senses: what a player's view holds is what it could see and hear — a player behind a
//! wall is not in it, one in the open is, and a line of sight answers as a full trace does.

use std::path::Path;

use aas_geom::{ReadSettings, read_brush_world};
use bot_interface::{BotInput, BotView, Player, Team};
use bot_world::collision::BrushIndex;
use bot_world::{Entrant, Level, MatchRunner, MatchSettings, PlayerSetup};
use glam::Vec3;

/// One axis-aligned brush in the Quake III legacy `.map` syntax.
fn brush(lo: [i32; 3], hi: [i32; 3]) -> String {
    let [x0, y0, z0] = lo;
    let [x1, y1, z1] = hi;
    let t = "base_wall/metal 0 0 0 0.5 0.5 0 0 0";
    format!(
        "{{\n( {x0} {y1} {z1} ) ( {x1} {y0} {z1} ) ( {x0} {y0} {z1} ) {t}\n\
         ( {x0} {y0} {z0} ) ( {x1} {y0} {z0} ) ( {x0} {y1} {z0} ) {t}\n\
         ( {x1} {y0} {z1} ) ( {x1} {y1} {z0} ) ( {x1} {y0} {z0} ) {t}\n\
         ( {x0} {y0} {z0} ) ( {x0} {y1} {z0} ) ( {x0} {y0} {z1} ) {t}\n\
         ( {x0} {y1} {z0} ) ( {x1} {y1} {z0} ) ( {x0} {y1} {z1} ) {t}\n\
         ( {x0} {y0} {z1} ) ( {x1} {y0} {z0} ) ( {x0} {y0} {z0} ) {t}\n}}\n"
    )
}

/// A room 1024 wide with a full-height wall across its middle (x = −8 … 8) except for a gap
/// at its north end (y 384 … 512): three spawn points, two on the west side in the open, one
/// east behind the wall.
fn walled_room() -> Level {
    let mut text = String::from("{\n\"classname\" \"worldspawn\"\n");
    for (lo, hi) in [
        ([-528, -528, -16], [528, 528, 0]),
        ([-528, -528, 256], [528, 528, 272]),
        ([-528, -528, 0], [-512, 528, 256]),
        ([512, -528, 0], [528, 528, 256]),
        ([-512, -528, 0], [512, -512, 256]),
        ([-512, 512, 0], [512, 528, 256]),
        ([-8, -512, 0], [8, 384, 256]),
    ] {
        text.push_str(&brush(lo, hi));
    }
    text.push_str("}\n");
    for origin in ["-256 -256 24", "-256 256 24", "256 -256 24"] {
        text.push_str(&format!(
            "{{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"{origin}\"\n}}\n"
        ));
    }
    let brushes = read_brush_world(
        text.as_bytes(),
        Path::new("walled.map"),
        &ReadSettings::default(),
    )
    .expect("reads");
    Level::from_brush_world("walled", brushes, 0, None).expect("a level")
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
    let Some(dir) = real_data::pack_maps() else {
        return;
    };
    let level = Level::load(
        &dir.join("oacmpdm1.bsp"),
        Some(&dir.join("oacmpdm1.aas")),
        &bot_world::LevelSettings::default(),
    )
    .expect("loads");
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
