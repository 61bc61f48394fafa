//! Elevator and bobbing-platform reachabilities, ridden with the physics and the map's
//! movers.

use aas_geom::physics::{
    MoveInput, Mover, MoverMotion, Physics, PhysicsSettings, PlayerState, Prediction,
    StopConditions, StopReason,
};
use aas_geom::world::TravelType;
use aas_geom::world::{AreaId, Reachability};
use glam::Vec3;

use crate::executor::towards;
use crate::maps::TestMap;

/// A player dropped a hair above `origin` and left idle for two frames, until `time`: the
/// ground it stands on found by the physics.
fn settled(physics: &Physics<'_>, origin: Vec3, time: f32) -> PlayerState {
    let frame = physics.settings().frame_time;
    let mut state = PlayerState::at(origin + Vec3::Z * 0.125);
    state.time = time - 2.0 * frame;
    for _ in 0..2 {
        state = physics.step(&state, &MoveInput::idle()).0;
    }
    assert!(state.on_ground(), "{state:?}");
    state
}

/// Idles from `start` for `seconds`, then runs towards `reach.end` until the player enters
/// the target area (three seconds at most).
fn ride_then_walk_off(
    physics: &Physics<'_>,
    start: &PlayerState,
    seconds: f32,
    reach: &Reachability,
) -> (Prediction, Prediction) {
    let ride = physics.predict(
        start,
        |_, _| MoveInput::idle(),
        &StopConditions::time_limit(seconds),
    );
    let top = ride.end().copied().unwrap_or(*start);
    let walk = physics.predict(
        &top,
        |_, state| MoveInput::run(towards(state.origin, reach.end)),
        &StopConditions::time_limit(3.0).or_enter(reach.target),
    );
    (ride, walk)
}

/// In `elevator_room`: the low floor's area, the upper floor's and the reachability between
/// them.
fn lift(map: &TestMap) -> (AreaId, AreaId, Reachability) {
    let low = map.floor_area(Vec3::new(-128.0, 0.0, 24.0));
    let upper = map.floor_area(Vec3::new(160.0, 0.0, 184.0));
    let elevators = map.reaches_of_kind(TravelType::Elevator);
    assert_eq!(
        elevators
            .iter()
            .map(|(from, r)| (*from, r.target))
            .collect::<Vec<_>>(),
        vec![(low, upper)],
        "only upwards"
    );
    let reach = map.reach(low, upper, TravelType::Elevator);
    // Starts on the plat at its bottom (x 0..64, y -32..32, top z 0), ends on the upper floor.
    assert!(
        (reach.start - Vec3::new(32.0, 0.0, 24.0)).length() < 0.5,
        "{reach:?}"
    );
    assert!(
        reach.end.x > 64.0 && (reach.end.z - 184.125).abs() < 0.5,
        "{reach:?}"
    );
    (low, upper, reach)
}

/// The map's movers with the plat started at `time`.
fn started_movers(map: &TestMap, time: f32) -> Vec<Mover> {
    let mut movers = map.entities.movers();
    let [plat] = movers.as_mut_slice() else {
        panic!("one mover: {movers:?}")
    };
    let MoverMotion::Plat { started, .. } = &mut plat.motion else {
        panic!("a plat: {plat:?}")
    };
    *started = Some(time);
    movers
}

/// The lift's reachability leads from the low floor to the upper floor only; standing on the
/// plat when it starts, the player rides it up and walks off into the upper floor's area.
#[test]
fn elevator_carries_the_player_to_the_upper_floor() {
    let map = TestMap::load("elevator_room");
    let (_, upper, reach) = lift(&map);
    let physics =
        Physics::new(&map.world, PhysicsSettings::default()).with_movers(started_movers(&map, 0.0));
    // 160 units at 200 units per second: at the top after 0.8 s, back down after 1.8 s.
    let start = settled(&physics, reach.start, 0.0);
    assert_eq!(
        start.ground.and_then(|g| g.mover),
        Some(0),
        "standing on the plat (flush with the floor) at {}",
        start.origin
    );
    let (ride, walk) = ride_then_walk_off(&physics, &start, 1.0, &reach);
    let top = ride.end().expect("frames");
    assert!(
        (top.origin.z - 184.125).abs() < 0.5 && top.on_ground(),
        "at the top: {top:?}"
    );
    assert!((top.origin.truncate() - reach.start.truncate()).length() < 0.5);
    assert_eq!(walk.stop, StopReason::EnteredArea(upper));
    let end = walk.end().expect("frames");
    assert!(end.on_ground() && end.origin.z > 180.0, "{end:?}");
    assert!(
        walk.end().expect("frames").time < 1.8,
        "off before the plat goes down"
    );
    // The plat not started (the physics does not start plats), the player stays at the
    // bottom and walking towards the end runs into the shaft's far wall.
    let resting = map.physics();
    let (ride, walk) = ride_then_walk_off(&resting, &start, 1.0, &reach);
    assert!(ride.end().expect("frames").origin.z < 25.0);
    assert_ne!(walk.stop, StopReason::EnteredArea(upper));
}

/// The west and east floors' areas of `bobbing_room`.
fn floors(map: &TestMap) -> (AreaId, AreaId) {
    (
        map.floor_area(Vec3::new(-384.0, 0.0, 24.0)),
        map.floor_area(Vec3::new(384.0, 0.0, 24.0)),
    )
}

/// The bobbing platform's reachabilities join the two floors both ways; standing on it at one
/// extreme, the player rides it for half a period to the other and walks off into the target
/// area.
#[test]
fn bobbing_platform_carries_the_player_across_both_ways() {
    let map = TestMap::load("bobbing_room");
    let physics = map.physics();
    let (west, east) = floors(&map);
    let bobs = map.reaches_of_kind(TravelType::FuncBob);
    assert_eq!(
        bobs.iter()
            .map(|(from, r)| (*from, r.target))
            .collect::<Vec<_>>(),
        vec![(east, west), (west, east)],
        "both ways, between the floors only"
    );
    let [bobber] = map.entities.bobbers.as_slice() else {
        panic!("one bobbing platform")
    };
    // Its extremes: x 128..256 at a quarter period (1 s), x -256..-128 at three quarters.
    let half_period = bobber.period * 0.5;
    for (from, to, at) in [(east, west, 1.0), (west, east, 3.0)] {
        let reach = map.reach(from, to, TravelType::FuncBob);
        let (mins, maxs) = bobber.bounds_at(at);
        let over_platform =
            |p: Vec3| (mins.x..=maxs.x).contains(&p.x) && (mins.y..=maxs.y).contains(&p.y);
        assert!(
            over_platform(reach.start),
            "{reach:?} starts on the platform"
        );
        let start = settled(&physics, reach.start, at);
        assert_eq!(
            start.ground.and_then(|g| g.mover),
            Some(0),
            "on the platform"
        );
        let (ride, walk) = ride_then_walk_off(&physics, &start, half_period, &reach);
        let across = ride.end().expect("frames");
        let (far_mins, far_maxs) = bobber.bounds_at(at + half_period);
        assert!(
            across.on_ground() && (far_mins.x..=far_maxs.x).contains(&across.origin.x),
            "rode to the other extreme: {across:?}"
        );
        assert_eq!(
            walk.stop,
            StopReason::EnteredArea(to),
            "walked off into the target area: {:?}",
            walk.end()
        );
        let end = walk.end().expect("frames");
        assert!(
            end.on_ground() && (end.origin.z - 24.0).abs() < 0.5,
            "{end:?}"
        );
        // Walking off at once instead, before the ride, falls into the pit.
        let (_, early) = ride_then_walk_off(&physics, &start, 0.0, &reach);
        assert_ne!(early.stop, StopReason::EnteredArea(to));
    }
}
