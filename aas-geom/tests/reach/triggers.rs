//! Jump-pad and teleporter reachabilities, carried out by the physics with the map's
//! triggers.

use aas_geom::physics::{
    MoveInput, Physics, PlayerState, Prediction, StopConditions, StopEvents, StopReason,
};
use aas_geom::world::{AreaContents, TravelType};
use aas_geom::world::{AreaId, Reachability};
use glam::Vec3;

use crate::executor::{standing, towards};
use crate::maps::TestMap;

/// The longest flight followed (seconds).
const FLIGHT: f32 = 4.0;

/// The jump pad's reachability: from the pad's area to the ledge's.
fn pad_reach(map: &TestMap) -> (AreaId, Reachability) {
    let ledge = map.floor_area(Vec3::new(192.0, 0.0, 216.0));
    let pad = map.floor_area(Vec3::new(-64.0, 0.0, 24.0));
    assert!(
        map.world.areas[pad.index()]
            .contents
            .contains(AreaContents::JUMPPAD)
    );
    let pads = map.reaches_of_kind(TravelType::JumpPad);
    assert_eq!(
        pads.iter()
            .map(|(from, r)| (*from, r.target))
            .collect::<Vec<_>>(),
        vec![(pad, ledge)],
        "one jump pad reachability, from the pad's area to the ledge's"
    );
    (pad, map.reach(pad, ledge, TravelType::JumpPad))
}

/// Runs `start` under `input` until the player touches a jump pad, then without input until
/// it lands.
fn launch(
    physics: &Physics<'_>,
    start: &PlayerState,
    input: MoveInput,
) -> (Prediction, Prediction) {
    let to_pad = physics.predict(
        start,
        |_, _| input,
        &StopConditions::time_limit(FLIGHT).or(StopEvents::TOUCH_JUMP_PAD),
    );
    assert_eq!(
        to_pad.stop,
        StopReason::TouchedJumpPad(0),
        "from {}",
        start.origin
    );
    let launched = to_pad.end().copied().expect("a frame");
    let flight = physics.predict(
        &launched,
        |_, _| MoveInput::idle(),
        &StopConditions::time_limit(FLIGHT).or(StopEvents::HIT_GROUND),
    );
    assert_eq!(flight.stop, StopReason::HitGround, "from {}", start.origin);
    (to_pad, flight)
}

/// The jump pad's reachability leads from the pad's area to the ledge's; standing on the pad,
/// the physics with the map's triggers launches the player, who lands where it ends.
#[test]
fn jump_pad_launches_the_player_onto_the_ledge() {
    let map = TestMap::load("jumppad_room");
    let physics = map.physics();
    let (_, reach) = pad_reach(&map);
    // The pad (x -96..-32, y -32..32) to the ledge (x 128..256, top z 192).
    assert!(
        (reach.start - Vec3::new(-64.0, 0.0, 24.125)).length() < 0.5,
        "{reach:?}"
    );
    assert!(
        reach.end.x > 128.0 && (reach.end.z - 216.125).abs() < 0.5,
        "{reach:?}"
    );
    // Standing on the pad launches the player at once.
    let (to_pad, flight) = launch(&physics, &standing(reach.start), MoveInput::idle());
    assert_eq!(to_pad.trajectory.len(), 1);
    let landing = flight.end().expect("a landing");
    assert!(landing.on_ground());
    assert_eq!(map.world.point_area(landing.origin), Some(reach.target));
    assert!(
        (landing.origin - reach.end).length() < 1.0,
        "lands at {} where the reachability ends, {}",
        landing.origin,
        reach.end
    );
    // Without the trigger, the player stays on the floor.
    let no_pad = Physics::new(&map.world, physics.settings().clone());
    let still = no_pad.predict(
        &standing(reach.start),
        |_, _| MoveInput::idle(),
        &StopConditions::time_limit(1.0).or(StopEvents::LEAVE_GROUND),
    );
    assert_eq!(still.stop, StopReason::TimeLimit);
}

/// The physics test of the issue: jump-pad trajectories land in the predicted area, from the
/// reachability's start and from anywhere a player is launched at or behind it.
///
/// The flight from the pad's centre comes down against the far wall, over the ledge; launched
/// from further back it does too. Standing on the pad's leading edge (47 units ahead of the
/// centre) the player reaches the ledge's lip still rising, below its top, and falls back: the
/// reachability (like botlib's) is computed from the pad's centre and holds for the players
/// launched there or behind it, which is where running onto the pad launches them.
#[test]
fn jump_pad_trajectories_land_in_the_predicted_area() {
    let map = TestMap::load("jumppad_room");
    let physics = map.physics();
    let (pad, reach) = pad_reach(&map);
    let area = &map.world.areas[pad.index()];
    let land = |start: PlayerState, input: MoveInput| {
        let (_, flight) = launch(&physics, &start, input);
        (flight.area, flight.end().expect("a landing").origin)
    };
    // Standing on the reachability's start.
    let (landed, at) = land(standing(reach.start), MoveInput::idle());
    assert_eq!(landed, Some(reach.target), "lands at {at}");
    assert!(at.z > 200.0 && at.x > 128.0, "on the ledge: {at}");
    // Standing at the pad area's back corners and back edge, a unit inside.
    let back = area.mins.x + 1.0;
    for y in [area.mins.y + 1.0, 0.0, area.maxs.y - 1.0] {
        let (landed, at) = land(standing(Vec3::new(back, y, area.mins.z)), MoveInput::idle());
        assert_eq!(
            landed,
            Some(reach.target),
            "from ({back}, {y}) lands at {at}"
        );
    }
    // Running onto it from 96 units away on each side, towards the reachability's start.
    for side in [Vec3::X, Vec3::NEG_X, Vec3::Y, Vec3::NEG_Y] {
        let from = reach.start + side * 96.0;
        let run = MoveInput::run(towards(from, reach.start));
        let (landed, at) = land(standing(from), run);
        assert_eq!(
            landed,
            Some(reach.target),
            "running from {from} lands at {at}"
        );
    }
    // Standing on its leading edge, the flight hits the ledge's face.
    let front = area.maxs.x - 1.0;
    let (landed, at) = land(
        standing(Vec3::new(front, 0.0, area.mins.z)),
        MoveInput::idle(),
    );
    assert_ne!(landed, Some(reach.target), "lands at {at}");
    assert!(at.z < 30.0 && at.x < 113.0, "back on the floor: {at}");
}

/// The teleporter's reachability leads from the trigger's area in room A to the area under the
/// destination in room B; walking into the trigger moves the player there, and the player
/// comes to rest in that area.
#[test]
fn teleporter_leads_into_the_other_room() {
    let map = TestMap::load("teleporter_room");
    let physics = map.physics();
    let trigger = map.floor_area(Vec3::new(-176.0, 0.0, 24.0));
    let arrival = map.floor_area(Vec3::new(256.0, 0.0, 24.0));
    let spawn = Vec3::new(-320.0, 0.0, 24.0);
    let room_a = map.floor_area(spawn);
    assert!(
        map.world.areas[trigger.index()]
            .contents
            .contains(AreaContents::TELEPORTER)
    );
    let teleports = map.reaches_of_kind(TravelType::Teleport);
    assert_eq!(
        teleports
            .iter()
            .map(|(from, r)| (*from, r.target))
            .collect::<Vec<_>>(),
        vec![(trigger, arrival)]
    );
    let reach = map.reach(trigger, arrival, TravelType::Teleport);
    // From the trigger (x -192..-160, y -32..32, z 0..96) to where the player, leaving the
    // destination (256 0 32) at 400 units/s along +Y, lands: on the floor, ahead of it.
    assert!((reach.start - Vec3::new(-176.0, 0.0, 48.0)).length() < 0.5);
    assert!(
        reach.end.x == 256.0 && reach.end.y > 20.0 && reach.end.y < 100.0,
        "{reach:?}"
    );
    assert!((reach.end.z - 24.0).abs() < 0.5, "{reach:?}");
    // Walking from the spawn point into the trigger teleports the player.
    let run = MoveInput::run(towards(spawn, reach.start));
    let to_trigger = physics.predict(
        &standing(spawn),
        |_, _| run,
        &StopConditions::time_limit(FLIGHT).or(StopEvents::TOUCH_TELEPORTER),
    );
    assert_eq!(to_trigger.stop, StopReason::TouchedTeleporter(0));
    let before = to_trigger.trajectory[to_trigger.trajectory.len() - 2];
    assert_eq!(map.world.point_area(before.origin), Some(room_a));
    let arrived = to_trigger.end().copied().expect("a frame");
    assert!((arrived.origin - Vec3::new(256.0, 0.0, 33.0)).length() < 0.01);
    assert_eq!(to_trigger.area, Some(arrival));
    // Then, without input, the player comes down and stops in room B's area.
    let after = physics.predict(
        &arrived,
        |_, _| MoveInput::idle(),
        &StopConditions::time_limit(2.0),
    );
    let end = after.end().expect("frames");
    assert!(end.on_ground() && end.velocity.length() < 1.0, "{end:?}");
    assert_eq!(after.area, Some(reach.target));
    assert!(after.trajectory.iter().all(|s| s.origin.x > 128.0));
    // Walking past the trigger instead (along y = 64) does not leave room A.
    let past = Vec3::new(-320.0, 64.0, 24.0);
    let along = physics.predict(
        &standing(past),
        |_, _| MoveInput::run(Vec3::X),
        &StopConditions::time_limit(1.0).or(StopEvents::TOUCH_TELEPORTER),
    );
    assert_eq!(along.stop, StopReason::TimeLimit);
    assert!(along.trajectory.iter().all(|s| s.origin.x < -128.0));
}

/// A trigger is its brushes, not their bounding box: on `slanted_pad_room` the pad is a thin
/// slanted slab in a 128-unit box. A player standing on the floor under the high end, inside
/// the box but below the slab, is not pushed; one standing in the slab's low end is. The
/// reachability computation keeps the box (as the reference compiler does).
#[test]
fn a_slanted_pad_pushes_only_players_touching_its_brush() {
    let map = TestMap::load("slanted_pad_room");
    let [pad] = map.entities.jump_pads.as_slice() else {
        panic!("one pad: {:?}", map.entities.jump_pads);
    };
    assert_eq!(
        (pad.mins, pad.maxs),
        (Vec3::new(-128.0, -32.0, 0.0), Vec3::new(0.0, 32.0, 128.0))
    );
    assert_eq!(pad.shape.len(), 1);
    let physics = map.physics();
    let stays = |physics: &Physics<'_>, x: f32| {
        let still = physics.predict(
            &standing(Vec3::new(x, 0.0, 24.0)),
            |_, _| MoveInput::idle(),
            &StopConditions::time_limit(1.0).or(StopEvents::TOUCH_JUMP_PAD),
        );
        still.stop == StopReason::TimeLimit
    };
    // Origin x -40 and beyond: the box's top corner (x − 15, z 56) stays below the slab.
    for x in [-40.0, -20.0, 0.0, 10.0] {
        assert!(stays(&physics, x), "not pushed at x {x}");
    }
    for x in [-120.0, -80.0, -42.0] {
        assert!(!stays(&physics, x), "pushed at x {x}");
    }
    // The same trigger as a box pushes everywhere over it.
    let boxed = Physics::new(&map.world, physics.settings().clone()).with_triggers(
        map.entities
            .triggers()
            .into_iter()
            .map(aas_geom::physics::Trigger::boxed)
            .collect(),
    );
    for x in [-40.0, -20.0, 0.0, 10.0] {
        assert!(!stays(&boxed, x), "pushed by the box at x {x}");
    }
}
