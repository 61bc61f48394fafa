//! Unit tests of entity extraction on small `.map` texts.

use glam::Vec3;

use super::*;
use crate::brush::SourceFormat;
use crate::format::map_text::{MapSettings, read_map};

const G: f32 = DEFAULT_GRAVITY;

fn close(a: Vec3, b: Vec3, tolerance: f32) -> bool {
    (a - b).abs().max_element() <= tolerance
}

/// An axial box brush in Quake III `.map` form.
fn box_brush(mins: [f32; 3], maxs: [f32; 3], texture: &str) -> String {
    let [x0, y0, z0] = mins;
    let [x1, y1, z1] = maxs;
    let face = |a: [f32; 3], b: [f32; 3], c: [f32; 3]| {
        format!(
            "( {} {} {} ) ( {} {} {} ) ( {} {} {} ) {texture} 0 0 0 0.5 0.5 0 0 0\n",
            a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]
        )
    };
    let mut text = String::from("{\n");
    text += &face([x0, y1, z1], [x1, y0, z1], [x0, y0, z1]);
    text += &face([x0, y0, z0], [x1, y0, z0], [x0, y1, z0]);
    text += &face([x1, y0, z1], [x1, y1, z0], [x1, y0, z0]);
    text += &face([x0, y0, z0], [x0, y1, z0], [x0, y0, z1]);
    text += &face([x0, y1, z0], [x1, y1, z0], [x0, y1, z1]);
    text += &face([x0, y0, z1], [x1, y0, z0], [x0, y0, z0]);
    text + "}\n"
}

/// An entity with `pairs` and optional brushes.
fn entity(pairs: &[(&str, &str)], brushes: &[String]) -> String {
    let mut text = String::from("{\n");
    for (key, value) in pairs {
        text += &format!("\"{key}\" \"{value}\"\n");
    }
    for brush in brushes {
        text += brush;
    }
    text + "}\n"
}

fn world_of(entities: &[String]) -> BrushWorld {
    let mut text = entity(
        &[("classname", "worldspawn")],
        &[box_brush([-512.0; 3], [512.0, 512.0, -496.0], "base/floor")],
    );
    for e in entities {
        text += e;
    }
    read_map(text.as_bytes(), &MapSettings::default()).expect("test map parses")
}

fn trigger(class: &str, pairs: &[(&str, &str)], mins: [f32; 3], maxs: [f32; 3]) -> String {
    let mut all = vec![("classname", class)];
    all.extend_from_slice(pairs);
    entity(&all, &[box_brush(mins, maxs, "common/trigger")])
}

fn point(class: &str, pairs: &[(&str, &str)]) -> String {
    let mut all = vec![("classname", class)];
    all.extend_from_slice(pairs);
    entity(&all, &[])
}

#[test]
fn pad_velocity_peaks_at_the_target() {
    // A pad at the origin aimed at a target 256 up and 512 away.
    let target = Vec3::new(512.0, 0.0, 256.0);
    let velocity = jump_pad_velocity(Vec3::ZERO, target, G).unwrap();
    // t = sqrt(256 / 400) = 0.8 s; horizontal 512 / 0.8 = 640; vertical 0.8 · 800 = 640.
    assert!(
        close(velocity, Vec3::new(640.0, 0.0, 640.0), 1e-3),
        "{velocity}"
    );
    let time = velocity.z / G;
    assert!((time - 0.8).abs() < 1e-6);
    // Apex height v² / 2g equals the climb.
    let apex = velocity.z * velocity.z / (2.0 * G);
    assert!((apex - 256.0).abs() < 1e-3, "{apex}");
    // The ballistic path passes through the target at time t.
    let at = velocity * time - Vec3::Z * (0.5 * G * time * time);
    assert!(close(at, target, 1e-3), "{at}");
}

#[test]
fn pad_velocity_points_at_the_target_horizontally() {
    let centre = Vec3::new(10.0, 20.0, 30.0);
    let target = centre + Vec3::new(-300.0, 400.0, 100.0);
    let velocity = jump_pad_velocity(centre, target, G).unwrap();
    let time = (100.0_f32 / (0.5 * G)).sqrt();
    let horizontal = velocity.truncate();
    assert!((horizontal.length() - 500.0 / time).abs() < 1e-2);
    assert!((horizontal.normalize() - glam::Vec2::new(-0.6, 0.8)).length() < 1e-5);
    assert!((velocity.z - time * G).abs() < 1e-3);
    // Straight up: no horizontal speed.
    let up = jump_pad_velocity(Vec3::ZERO, Vec3::Z * 64.0, G).unwrap();
    assert_eq!(up.truncate(), glam::Vec2::ZERO);
}

#[test]
fn pad_velocity_rejects_targets_not_above_and_bad_gravity() {
    for z in [0.0, -10.0] {
        assert!(matches!(
            jump_pad_velocity(Vec3::ZERO, Vec3::new(100.0, 0.0, z), G),
            Err(EntityProblem::TargetNotAbove { .. })
        ));
    }
    for gravity in [0.0, -800.0, f32::NAN] {
        assert!(matches!(
            jump_pad_velocity(Vec3::ZERO, Vec3::new(100.0, 0.0, 64.0), gravity),
            Err(EntityProblem::BadFlightTime { .. })
        ));
    }
}

#[test]
fn trigger_push_becomes_a_pad() {
    let world = world_of(&[
        trigger(
            "trigger_push",
            &[("target", "up")],
            [-32.0, -32.0, 0.0],
            [32.0, 32.0, 16.0],
        ),
        point(
            "target_position",
            &[("targetname", "UP"), ("origin", "512 0 264")],
        ),
    ]);
    let found = extract_entities(&world, G);
    assert!(found.diagnostics.is_empty(), "{:?}", found.diagnostics);
    let [pad] = found.jump_pads.as_slice() else {
        panic!("{:?}", found.jump_pads)
    };
    assert_eq!((pad.entity, pad.model), (1, 1));
    assert_eq!(pad.mins, Vec3::new(-32.0, -32.0, 0.0));
    assert_eq!(pad.maxs, Vec3::new(32.0, 32.0, 16.0));
    assert_eq!(pad.centre(), Vec3::new(0.0, 0.0, 8.0));
    assert_eq!(pad.target, Vec3::new(512.0, 0.0, 264.0));
    assert!(close(pad.velocity, Vec3::new(640.0, 0.0, 640.0), 1e-3));
    assert!(close(pad.apex(G), pad.target, 1e-2));
    assert!(close(
        pad.position_at(pad.flight_time(G), G),
        pad.target,
        1e-2
    ));
    // A standing player box on the pad touches it; one beside it does not.
    let (mins, maxs) = (Vec3::new(-15.0, -15.0, -24.0), Vec3::new(15.0, 15.0, 32.0));
    assert!(pad.touches_box(Vec3::new(40.0, 0.0, 40.0), mins, maxs));
    assert!(pad.touches_box(Vec3::new(47.0, 0.0, 40.0), mins, maxs));
    assert!(!pad.touches_box(Vec3::new(48.0, 0.0, 40.0), mins, maxs));
    assert!(!pad.touches_box(Vec3::new(0.0, 0.0, 41.0), mins, maxs));
}

#[test]
fn unusable_pads_are_skipped_with_a_reason() {
    let pad = |pairs: &[(&str, &str)]| {
        trigger(
            "trigger_push",
            pairs,
            [-32.0, -32.0, 0.0],
            [32.0, 32.0, 16.0],
        )
    };
    let world = world_of(&[
        pad(&[]),                                     // 1: no target key
        pad(&[("target", "nowhere")]),                // 2: no such entity
        pad(&[("target", "low")]),                    // 3: target below the centre
        pad(&[("target", "blank")]),                  // 4: target without origin
        point("trigger_push", &[("target", "high")]), // 5: no brushes
        point(
            "target_position",
            &[("targetname", "low"), ("origin", "0 0 8")],
        ),
        point("info_notnull", &[("targetname", "blank")]),
        point(
            "target_position",
            &[("targetname", "high"), ("origin", "0 0 300")],
        ),
        pad(&[("target", "twice")]), // 9: two targets, first used
        point(
            "target_position",
            &[("targetname", "twice"), ("origin", "0 0 100")],
        ),
        point(
            "target_position",
            &[("targetname", "twice"), ("origin", "0 0 200")],
        ),
    ]);
    let found = extract_entities(&world, G);
    let problems: Vec<_> = found
        .diagnostics
        .iter()
        .map(|d| (d.entity, d.skipped, d.problem.clone()))
        .collect();
    assert_eq!(
        problems,
        vec![
            (1, true, EntityProblem::NoTarget),
            (
                2,
                true,
                EntityProblem::TargetNotFound {
                    target: "nowhere".into()
                }
            ),
            (3, true, EntityProblem::TargetNotAbove { height: 0.0 }),
            (
                4,
                true,
                EntityProblem::TargetWithoutOrigin { target_entity: 7 }
            ),
            (5, true, EntityProblem::NoBrushes),
            (
                9,
                false,
                EntityProblem::SeveralTargets {
                    target: "twice".into(),
                    count: 2
                }
            ),
        ]
    );
    assert_eq!(found.jump_pads.len(), 1);
    assert_eq!(found.jump_pads[0].target, Vec3::new(0.0, 0.0, 100.0));
    let message = found.diagnostics[1].to_string();
    assert!(
        message.contains("entity 2 (trigger_push), skipped"),
        "{message}"
    );
    assert!(message.contains("nowhere"), "{message}");
}

#[test]
fn teleporter_exits_along_the_destination_facing() {
    let world = world_of(&[
        trigger(
            "trigger_teleport",
            &[("target", "a")],
            [0.0; 3],
            [64.0, 64.0, 64.0],
        ),
        point(
            "misc_teleporter_dest",
            &[
                ("targetname", "a"),
                ("origin", "100 200 30"),
                ("angle", "90"),
            ],
        ),
        trigger(
            "trigger_teleport",
            &[("target", "b")],
            [0.0; 3],
            [64.0, 64.0, 64.0],
        ),
        // "angle" after "angles": the later key wins.
        point(
            "target_position",
            &[
                ("targetname", "b"),
                ("origin", "0 0 0"),
                ("angles", "0 45 0"),
                ("angle", "180"),
            ],
        ),
        trigger(
            "trigger_teleport",
            &[("target", "c")],
            [0.0; 3],
            [64.0, 64.0, 64.0],
        ),
        point(
            "info_notnull",
            &[
                ("targetname", "c"),
                ("origin", "0 0 0"),
                ("angle", "180"),
                ("angles", "0 -90 0"),
            ],
        ),
        trigger(
            "trigger_teleport",
            &[("target", "a"), ("spawnflags", "1")],
            [0.0; 3],
            [64.0; 3],
        ),
    ]);
    let found = extract_entities(&world, G);
    assert_eq!(found.teleporters.len(), 3);
    let first = &found.teleporters[0];
    assert_eq!(first.destination, Vec3::new(100.0, 200.0, 30.0));
    assert_eq!(first.yaw_degrees, 90.0);
    assert!(close(first.exit_velocity, Vec3::new(0.0, 400.0, 0.0), 1e-3));
    assert_eq!(found.teleporters[1].yaw_degrees, 180.0);
    assert!(close(
        found.teleporters[1].exit_velocity,
        Vec3::new(-400.0, 0.0, 0.0),
        1e-3
    ));
    assert_eq!(found.teleporters[2].yaw_degrees, -90.0);
    assert!(close(
        found.teleporters[2].exit_velocity,
        Vec3::new(0.0, -400.0, 0.0),
        1e-3
    ));
    assert!(first.touches_box(
        Vec3::new(32.0, 32.0, 24.0),
        Vec3::splat(-15.0),
        Vec3::splat(15.0)
    ));
    let [spectator] = found.diagnostics.as_slice() else {
        panic!("{:?}", found.diagnostics)
    };
    assert_eq!((spectator.entity, spectator.skipped), (7, true));
    assert_eq!(spectator.problem, EntityProblem::SpectatorOnly);
}

/// A `trigger_multiple` whose target is a `target_teleporter` teleports to the
/// `target_teleporter`'s own target; a `trigger_teleport` aimed at a `target_teleporter` uses
/// the `target_teleporter`'s origin, as the game does; `target_teleporter`s that lead nowhere
/// are skipped with a reason, ordinary `trigger_multiple`s are not teleporters.
#[test]
fn trigger_multiple_using_a_target_teleporter_teleports_to_its_target() {
    let cube = ([0.0; 3], [64.0; 3]);
    let multiple =
        |target: &str| trigger("trigger_multiple", &[("target", target)], cube.0, cube.1);
    let world = world_of(&[
        multiple("use"), // 1
        point(
            "target_teleporter",
            &[
                ("targetname", "use"),
                ("target", "dest"),
                ("origin", "0 0 300"),
            ],
        ),
        point(
            "misc_teleporter_dest",
            &[
                ("targetname", "dest"),
                ("origin", "100 0 24"),
                ("angle", "90"),
            ],
        ),
        multiple("speaker"), // 4: an ordinary trigger
        point(
            "target_speaker",
            &[("targetname", "speaker"), ("origin", "0 0 0")],
        ),
        multiple("mute"), // 6: the target_teleporter has no target
        point(
            "target_teleporter",
            &[("targetname", "mute"), ("origin", "0 0 0")],
        ),
        multiple("lost"), // 8: its target does not exist
        point(
            "Target_Teleporter",
            &[
                ("targetname", "lost"),
                ("target", "nowhere"),
                ("origin", "0 0 0"),
            ],
        ),
        trigger("trigger_teleport", &[("target", "USE")], cube.0, cube.1), // 10
    ]);
    let found = extract_entities(&world, G);
    let summary: Vec<_> = found
        .teleporters
        .iter()
        .map(|t| (t.entity, t.kind, t.destination))
        .collect();
    assert_eq!(
        summary,
        vec![
            (
                1,
                TeleporterKind::Used { teleporter: 2 },
                Vec3::new(100.0, 0.0, 24.0)
            ),
            (10, TeleporterKind::Trigger, Vec3::new(0.0, 0.0, 300.0)),
        ]
    );
    assert!(close(
        found.teleporters[0].exit_velocity,
        Vec3::new(0.0, 400.0, 0.0),
        1e-3
    ));
    assert_eq!(found.teleporters[0].kind.classname(), "trigger_multiple");
    let problems: Vec<_> = found
        .diagnostics
        .iter()
        .map(|d| (d.entity, d.classname.as_str(), d.skipped, d.problem.clone()))
        .collect();
    assert_eq!(
        problems,
        vec![
            (
                6,
                "trigger_multiple",
                true,
                EntityProblem::TeleporterWithoutTarget { teleporter: 7 }
            ),
            (
                8,
                "trigger_multiple",
                true,
                EntityProblem::TargetNotFound {
                    target: "nowhere".into()
                }
            ),
        ]
    );
    assert!(found.diagnostics[0].to_string().contains("entity 7"));
}

#[test]
fn plat_defaults_and_height() {
    let world = world_of(&[
        trigger("func_plat", &[], [0.0, 0.0, 100.0], [128.0, 128.0, 132.0]),
        trigger(
            "func_plat",
            &[
                ("height", "200"),
                ("speed", "150"),
                ("lip", "4"),
                ("wait", "3"),
            ],
            [0.0, 0.0, 100.0],
            [128.0, 128.0, 116.0],
        ),
        trigger("func_plat", &[("speed", "0")], [0.0; 3], [8.0; 3]),
        trigger("func_plat", &[("speed", "fast")], [0.0; 3], [64.0; 3]),
    ]);
    let found = extract_entities(&world, G);
    let plat = &found.plats[0];
    assert_eq!((plat.speed, plat.lip, plat.wait), (200.0, 8.0, 1.0));
    assert_eq!(plat.height, 24.0); // 32 high minus the lip
    assert_eq!(plat.bottom_offset_z, -24.0);
    assert_eq!(
        plat.bottom_bounds(),
        (Vec3::new(0.0, 0.0, 76.0), Vec3::new(128.0, 128.0, 108.0))
    );
    assert_eq!(plat.bounds_at(0.0), (plat.mins, plat.maxs));
    let given = &found.plats[1];
    assert_eq!(
        (given.height, given.speed, given.lip, given.wait),
        (200.0, 150.0, 4.0, 3.0)
    );
    assert_eq!(given.bottom_offset_z, -200.0);
    assert!((given.travel_time() - 200.0 / 150.0).abs() < 1e-6);
    // Speed 0 is unusable; "fast" is not a number, so the default is used.
    assert_eq!(found.plats.len(), 3);
    assert_eq!(found.plats[2].speed, PLAT_DEFAULT_SPEED);
    let problems: Vec<_> = found
        .diagnostics
        .iter()
        .map(|d| (d.entity, d.skipped))
        .collect();
    assert_eq!(problems, vec![(3, true), (4, false)]);
}

#[test]
fn bobbing_axis_defaults_and_offsets() {
    let world = world_of(&[
        trigger("func_bobbing", &[], [-32.0; 3], [32.0; 3]),
        trigger(
            "func_bobbing",
            &[
                ("spawnflags", "1"),
                ("height", "200"),
                ("speed", "8"),
                ("phase", "0.25"),
            ],
            [-32.0; 3],
            [32.0; 3],
        ),
        trigger(
            "func_bobbing",
            &[("spawnflags", "2")],
            [-32.0; 3],
            [32.0; 3],
        ),
        trigger(
            "func_bobbing",
            &[("spawnflags", "3")],
            [-32.0; 3],
            [32.0; 3],
        ),
    ]);
    let found = extract_entities(&world, G);
    assert!(found.diagnostics.is_empty(), "{:?}", found.diagnostics);
    let axes: Vec<Vec3> = found.bobbers.iter().map(|b| b.axis).collect();
    assert_eq!(axes, vec![Vec3::Z, Vec3::X, Vec3::Y, Vec3::X]);
    let plain = &found.bobbers[0];
    assert_eq!((plain.height, plain.period, plain.phase), (32.0, 4.0, 0.0));
    assert!(close(plain.offset_at(0.0), Vec3::ZERO, 1e-5));
    assert!(close(plain.offset_at(1.0), Vec3::Z * 32.0, 1e-4));
    assert!(close(plain.offset_at(3.0), Vec3::Z * -32.0, 1e-4));
    let swing = &found.bobbers[1];
    assert_eq!(
        (swing.height, swing.period, swing.phase),
        (200.0, 8.0, 0.25)
    );
    // The sine starts a quarter period late: at time 0 the platform is at −height.
    assert!(close(swing.offset_at(0.0), Vec3::X * -200.0, 1e-3));
    assert!(close(swing.offset_at(2.0), Vec3::ZERO, 1e-3));
    assert!(close(swing.offset_at(4.0), Vec3::X * 200.0, 1e-3));
    let (lo, hi) = swing.bounds_at(4.0);
    assert!(close(lo, Vec3::new(168.0, -32.0, -32.0), 1e-3));
    assert!(close(hi, Vec3::new(232.0, 32.0, 32.0), 1e-3));
    assert_eq!(
        swing.swept_bounds(),
        (
            Vec3::new(-232.0, -32.0, -32.0),
            Vec3::new(232.0, 32.0, 32.0)
        )
    );
}

#[test]
fn items_in_entity_order() {
    let world = world_of(&[
        point("weapon_railgun", &[("origin", "1 2 3")]),
        point("info_player_deathmatch", &[("origin", "0 0 0")]),
        point("team_CTF_blueflag", &[("origin", "4 5 6")]),
        point("Item_Armor_Body", &[("origin", "7 8 9")]),
        point("ammo_slugs", &[]),
        point("team_CTF_neutralflag", &[("origin", "0 0 0")]),
    ]);
    let found = extract_entities(&world, G);
    let items: Vec<(&str, Vec3)> = found
        .items
        .iter()
        .map(|item| (item.classname.as_str(), item.origin))
        .collect();
    assert_eq!(
        items,
        vec![
            ("weapon_railgun", Vec3::new(1.0, 2.0, 3.0)),
            ("team_CTF_blueflag", Vec3::new(4.0, 5.0, 6.0)),
            ("Item_Armor_Body", Vec3::new(7.0, 8.0, 9.0)),
        ]
    );
    let [missing] = found.diagnostics.as_slice() else {
        panic!("{:?}", found.diagnostics)
    };
    assert_eq!(
        (missing.entity, missing.problem.clone()),
        (5, EntityProblem::NoOrigin)
    );
}

#[test]
fn bsp_models_are_moved_by_their_entity_origin() {
    let mut world = world_of(&[trigger(
        "func_plat",
        &[("origin", "0 0 100")],
        [0.0; 3],
        [64.0, 64.0, 16.0],
    )]);
    let as_map = extract_entities(&world, G);
    assert_eq!(as_map.plats[0].mins, Vec3::ZERO);
    world.format = SourceFormat::Bsp;
    let as_bsp = extract_entities(&world, G);
    assert_eq!(as_bsp.plats[0].mins, Vec3::new(0.0, 0.0, 100.0));
    assert_eq!(as_bsp.plats[0].maxs, Vec3::new(64.0, 64.0, 116.0));
}

#[test]
fn worldspawn_gravity() {
    let mut world = world_of(&[]);
    assert_eq!(world_gravity(&world), DEFAULT_GRAVITY);
    world.entities[0]
        .pairs
        .push(("gravity".into(), "400".into()));
    assert_eq!(world_gravity(&world), 400.0);
    world.entities[0]
        .pairs
        .push(("gravity".into(), "-1".into()));
    assert_eq!(world_gravity(&world), DEFAULT_GRAVITY);
}

#[test]
fn serde_round_trip() {
    let world = world_of(&[
        trigger(
            "trigger_push",
            &[("target", "t")],
            [0.0; 3],
            [64.0, 64.0, 8.0],
        ),
        point(
            "target_position",
            &[("targetname", "t"), ("origin", "0 0 200")],
        ),
    ]);
    let found = extract_entities(&world, G);
    let bytes = postcard::to_stdvec(&found).unwrap();
    let back: MapEntities = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, found);
}

#[test]
fn target_push_along_its_angles_or_toward_its_target() {
    let world = world_of(&[
        point(
            "target_push",
            &[("targetname", "up"), ("angle", "-1"), ("speed", "600")],
        ),
        point(
            "target_push",
            &[("targetname", "east"), ("origin", "0 0 0")],
        ),
        point(
            "target_push",
            &[
                ("targetname", "aimed"),
                ("origin", "0 0 0"),
                ("target", "apex"),
            ],
        ),
        point(
            "target_position",
            &[("targetname", "apex"), ("origin", "512 0 256")],
        ),
        point(
            "target_push",
            &[("targetname", "lost"), ("target", "nowhere")],
        ),
    ]);
    let doors = extract_doors(&world);
    let pushes: Vec<(Option<&str>, Vec3)> = doors
        .pushes
        .iter()
        .map(|push| (push.targetname.as_deref(), push.velocity))
        .collect();
    assert_eq!(pushes.len(), 3, "{pushes:?} {:?}", doors.diagnostics);
    assert_eq!(pushes[0], (Some("up"), Vec3::new(0.0, 0.0, 600.0)));
    // No angle: yaw 0, east, at the default 1000.
    assert_eq!(pushes[1], (Some("east"), Vec3::new(1000.0, 0.0, 0.0)));
    // The jump pad's apex formula from its own origin: 640 out, 640 up (as above).
    assert_eq!(pushes[2].0, Some("aimed"));
    assert!(
        close(pushes[2].1, Vec3::new(640.0, 0.0, 640.0), 0.01),
        "{pushes:?}"
    );
    // The one whose target is missing is skipped with a reason.
    assert!(
        doors
            .diagnostics
            .iter()
            .any(|d| d.classname == "target_push"),
        "{:?}",
        doors.diagnostics
    );
}
