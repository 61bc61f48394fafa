//! Teleporter reachabilities on `teleporter_targets.map`: every way the game lets a trigger name
//! its destination, each carried out by the physics with the map's triggers.

use aas_geom::entities::EntityProblem;
use aas_geom::physics::{MoveInput, Physics, PlayerState, StopConditions, StopEvents, StopReason};
use aas_geom::world::{AreaContents, TravelType};
use aas_geom::world::{AreaId, Reachability};
use glam::Vec3;

use crate::executor::standing;
use crate::maps::TestMap;

/// The centre of the hub's triggers: y and z (their x is per trigger).
const TRIGGER_Y: f32 = -208.0;
/// See [`TRIGGER_Y`].
const TRIGGER_Z: f32 = 32.0;
/// The rooms' x ranges (all are y 1000..1384).
const ROOM_A: (f32, f32) = (-1536.0, -896.0);
/// See [`ROOM_A`].
const ROOM_B: (f32, f32) = (-768.0, -384.0);
/// See [`ROOM_A`].
const ROOM_C: (f32, f32) = (-256.0, 128.0);
/// See [`ROOM_A`].
const ROOM_D: (f32, f32) = (256.0, 768.0);

/// The hub's triggers that teleport: what each tests, the x of its centre, and the room the
/// player ends in.
const TRIGGERS: [(&str, f32, (f32, f32)); 7] = [
    (
        "T1, a target_teleporter floating over a block",
        -208.0,
        ROOM_A,
    ),
    ("T2, one of two triggers to one destination", -144.0, ROOM_B),
    ("T3, the other trigger to that destination", -80.0, ROOM_B),
    (
        "T4, a trigger_multiple using a target_teleporter",
        -16.0,
        ROOM_C,
    ),
    ("T5, a destination above a pool", 48.0, ROOM_D),
    ("T6, a destination inside another teleporter", 112.0, ROOM_B),
    ("T9, a destination under water", 224.0, ROOM_D),
];

/// The teleport reachabilities starting at the centre of the hub's trigger at `x`, with their
/// source areas.
fn reaches_from(map: &TestMap, x: f32) -> Vec<(AreaId, Reachability)> {
    let centre = Vec3::new(x, TRIGGER_Y, TRIGGER_Z);
    map.reaches_of_kind(TravelType::Teleport)
        .into_iter()
        .filter(|(_, r)| (r.start - centre).length() < 0.5)
        .collect()
}

/// Runs from 100 units north of the hub's trigger at `x` into it, then leaves the teleported
/// player without input until they land on ground or in a liquid: the landing and its area.
fn walk_in(physics: &Physics<'_>, x: f32) -> (PlayerState, Option<AreaId>) {
    let start = standing(Vec3::new(x, TRIGGER_Y + 100.0, 24.0));
    let to_trigger = physics.predict(
        &start,
        |_, _| MoveInput::run(Vec3::NEG_Y),
        &StopConditions::time_limit(2.0).or(StopEvents::TOUCH_TELEPORTER),
    );
    assert!(
        matches!(to_trigger.stop, StopReason::TouchedTeleporter(_)),
        "trigger at x {x}: {:?}",
        to_trigger.stop
    );
    let arrived = *to_trigger.end().expect("frames");
    let fall = physics.predict(
        &arrived,
        |_, _| MoveInput::idle(),
        &StopConditions::time_limit(6.0).or(StopEvents::LANDING),
    );
    assert!(
        matches!(fall.stop, StopReason::HitGround | StopReason::EnteredWater),
        "trigger at x {x}: {:?}",
        fall.stop
    );
    (*fall.end().expect("frames"), fall.area)
}

/// Runs into the hub's trigger at `x` whose destination is under water: the arrival, where the
/// player swims at once, and its area.
fn swim_in(physics: &Physics<'_>, x: f32) -> (PlayerState, Option<AreaId>) {
    let start = standing(Vec3::new(x, TRIGGER_Y + 100.0, 24.0));
    let to_trigger = physics.predict(
        &start,
        |_, _| MoveInput::run(Vec3::NEG_Y),
        &StopConditions::time_limit(2.0).or(StopEvents::TOUCH_TELEPORTER),
    );
    let arrived = *to_trigger.end().expect("frames");
    assert!(arrived.water_level >= 2, "{arrived:?}");
    (arrived, physics.world().point_area(arrived.origin))
}

/// Each teleporting trigger of the hub leads from its areas to one target area, the one where
/// a player walking into the trigger comes down (on ground, or into the pool's water; under
/// water, where they arrive), at the reachability's end point.
#[test]
fn every_teleporter_leads_where_the_physics_brings_the_player_down() {
    let map = TestMap::load("teleporter_targets");
    let physics = map.physics();
    let mut targets = Vec::new();
    for (what, x, (room_min, room_max)) in TRIGGERS {
        let reaches = reaches_from(&map, x);
        assert!(!reaches.is_empty(), "{what}: no teleport reachability");
        let target = reaches[0].1.target;
        for (area, reach) in &reaches {
            assert_eq!(reach.target, target, "{what}: one target");
            assert!(
                map.world.areas[area.index()]
                    .contents
                    .contains(AreaContents::TELEPORTER),
                "{what}: from a teleporter area"
            );
        }
        let (landing, area) = if x == 224.0 {
            swim_in(&physics, x)
        } else {
            walk_in(&physics, x)
        };
        assert_eq!(area, Some(target), "{what}: lands at {}", landing.origin);
        assert!(
            landing.origin.x > room_min && landing.origin.x < room_max && landing.origin.y > 1000.0,
            "{what}: lands at {} outside its room",
            landing.origin
        );
        let end = reaches[0].1.end;
        assert!(
            (landing.origin - end).length() < 0.01,
            "{what}: lands at {}, the reachability ends at {end}",
            landing.origin
        );
        targets.push(target);
    }
    // T1: ahead of the floating destination (-1344 1192 128), on the floor, not on the block
    // under it.
    let block = map.floor_area(Vec3::new(-1344.0, 1192.0, 56.0));
    assert_ne!(targets[0], block, "T1 lands beyond the block");
    let t1_end = reaches_from(&map, -208.0)[0].1.end;
    assert!(
        t1_end.x > -1344.0 + 150.0 && (t1_end.z - 24.0).abs() < 1.0,
        "T1 ends at {t1_end}"
    );
    // T2, T3 and the chain through T6 and T8 end in one area of room B.
    assert_eq!(targets[1], targets[2]);
    assert_eq!(targets[5], targets[1]);
    // T5 ends in the pool's water, T9 under its surface where the player arrives.
    for target in [targets[4], targets[6]] {
        assert!(
            map.world.areas[target.index()]
                .contents
                .contains(AreaContents::WATER)
        );
    }
    let t9_end = reaches_from(&map, 224.0)[0].1.end;
    assert!(
        (t9_end - Vec3::new(512.0, 1192.0, -119.0)).length() < 0.01,
        "T9 ends at {t9_end}"
    );
}

/// The `trigger_multiple` (T4) is a teleporter: its brush gets teleporter contents, and the
/// destination is the target of the `target_teleporter` it uses, not the `target_teleporter`
/// itself (placed in the hub, at 0 0 192).
#[test]
fn a_trigger_multiple_using_a_target_teleporter_teleports() {
    let map = TestMap::load("teleporter_targets");
    let inside = map.floor_area(Vec3::new(-16.0, TRIGGER_Y, 24.0));
    assert!(
        map.world.areas[inside.index()]
            .contents
            .contains(AreaContents::TELEPORTER)
    );
    let used: Vec<_> = map
        .entities
        .teleporters
        .iter()
        .filter(|t| t.kind.classname() == "trigger_multiple")
        .collect();
    let [teleporter] = used.as_slice() else {
        panic!("{used:?}")
    };
    assert_eq!(teleporter.destination, Vec3::new(-64.0, 1192.0, 24.0));
    assert_eq!(teleporter.yaw_degrees, 180.0);
    let reaches = reaches_from(&map, -16.0);
    assert!(reaches.iter().any(|(from, _)| *from == inside));
}

/// A destination where the standing box does not fit (T7's `target_teleporter` rests 8 units
/// above the floor) gives no reachability, and a diagnostic names the trigger.
#[test]
fn a_blocked_destination_gives_a_diagnostic_and_no_reachability() {
    let map = TestMap::load("teleporter_targets");
    assert!(reaches_from(&map, 176.0).is_empty());
    let blocked: Vec<_> = map
        .diagnostics
        .iter()
        .filter(|d| matches!(d.problem, EntityProblem::DestinationBlocked { .. }))
        .collect();
    let [diagnostic] = blocked.as_slice() else {
        panic!("{:?}", map.diagnostics)
    };
    assert_eq!(diagnostic.classname, "trigger_teleport");
    assert!(diagnostic.skipped);
    assert_eq!(
        diagnostic.problem,
        EntityProblem::DestinationBlocked {
            destination: [-1000.0, 1300.0, 8.0]
        }
    );
    let trigger = &map.entities.teleporters[diagnostic_teleporter(&map, diagnostic.entity)];
    assert_eq!(trigger.destination, Vec3::new(-1000.0, 1300.0, 8.0));
}

/// The index in the map's teleporters of the one whose trigger is entity `entity`.
fn diagnostic_teleporter(map: &TestMap, entity: usize) -> usize {
    map.entities
        .teleporters
        .iter()
        .position(|t| t.entity == entity)
        .expect("a teleporter")
}
