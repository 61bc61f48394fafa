//! Jump pads beyond the plain flight: a pad at the bottom of a shaft whose floors are reached
//! only by steering in the air (`jumppad_shaft.map`), two pads in a chain, the second on a
//! pillar (`jumppad_chain.map`), and two pads stacked in a shaft, the second in mid-air
//! (`jumppad_tower.map`). Every jump-pad reachability of the pad maps is carried out by the
//! physics with the map's triggers: without input for a plain one, steering with
//! [`Physics::air_steer`] towards its end for a steered one.

use aas_geom::physics::{MoveInput, Physics, PlayerState, StopConditions, StopEvents, StopReason};
use aas_geom::world::{AreaContents, PresenceType, TravelType};
use aas_geom::world::{AreaId, Reachability};
use glam::Vec3;

use crate::executor::standing;
use crate::maps::TestMap;

/// The longest flight followed (seconds).
const FLIGHT: f32 = 6.0;
/// Travel time of a plain jump-pad flight (botlib's `rs_jumppad`).
const PLAIN: u16 = 250;
/// Travel time of a steered one (botlib's `rs_aircontrolledjumppad`).
const STEERED: u16 = 300;

/// Where a flight ended: the state, the area, and the pad touched there if it ended on one.
struct FlightEnd {
    state: PlayerState,
    area: Option<AreaId>,
    pad: Option<usize>,
}

/// The player launched at a jump-pad reachability's start: standing there on the floor, or
/// (a pad in mid-air, entered in flight) already pushed by the pad whose trigger holds it.
fn launch(map: &TestMap, start: Vec3) -> PlayerState {
    let below = map
        .world
        .trace(start, start - Vec3::Z, PresenceType::NORMAL);
    if below.fraction < 1.0 {
        return standing(start);
    }
    let pad = map
        .entities
        .jump_pads
        .iter()
        .find(|pad| pad.mins.cmple(start).all() && start.cmple(pad.maxs).all())
        .unwrap_or_else(|| panic!("{}: {start} is neither on a floor nor in a pad", map.name));
    let mut state = PlayerState::at(start);
    state.velocity = pad.velocity;
    state
}

/// Launches a player at `start` (see [`launch`]) and follows the flight under `input` until
/// it lands, or touches a pad other than the launching one (the first touched).
fn fly(
    map: &TestMap,
    physics: &Physics<'_>,
    start: Vec3,
    input: impl Fn(&PlayerState) -> MoveInput,
) -> FlightEnd {
    let stop = StopConditions::time_limit(FLIGHT)
        .or(StopEvents::LANDING)
        .or(StopEvents::TOUCH_JUMP_PAD);
    let mut state = launch(map, start);
    let mut own = None;
    for _ in 0..1000 {
        let prediction = physics.predict(&state, |_, s| input(s), &stop);
        state = *prediction.end().expect("a frame");
        match prediction.stop {
            StopReason::TouchedJumpPad(pad) if own.is_none_or(|own| own == pad) => {
                own = Some(pad);
            }
            StopReason::TouchedJumpPad(pad) => {
                return FlightEnd {
                    state,
                    area: prediction.area,
                    pad: Some(pad),
                };
            }
            StopReason::HitGround => {
                return FlightEnd {
                    state,
                    area: prediction.area,
                    pad: None,
                };
            }
            other => panic!(
                "the flight from {start} ends with {other:?} at {}",
                state.origin
            ),
        }
    }
    panic!("the flight from {start} never ends");
}

/// The input carrying out `reach`: none for a plain flight, steering towards its end for a
/// steered one.
fn pilot<'a>(physics: &'a Physics<'a>, reach: &Reachability) -> impl Fn(&PlayerState) -> MoveInput {
    let (steered, end) = (reach.travel_time == STEERED, reach.end);
    move |state| {
        if steered {
            physics.air_steer(state, end)
        } else {
            MoveInput::idle()
        }
    }
}

/// The jump-pad reachabilities leaving the areas with jump-pad contents at `point`.
fn pad_reaches(map: &TestMap, point: Vec3) -> (AreaId, Vec<Reachability>) {
    let pad = map.floor_area(point);
    assert!(
        map.world.areas[pad.index()]
            .contents
            .contains(AreaContents::JUMPPAD),
        "{}: {point} is on a pad",
        map.name
    );
    let reaches = map
        .world
        .reachabilities_of(pad)
        .iter()
        .filter(|r| r.kind() == Some(TravelType::JumpPad))
        .copied()
        .collect();
    (pad, reaches)
}

/// The pad at the bottom of the shaft throws the player straight up: without input he falls
/// back onto the pad, so there is no plain reachability; steering out of the shaft's mouth he
/// lands on the upper floor on every side, and those steered flights are the pad's
/// reachabilities (travel time 300).
#[test]
fn shaft_pad_reaches_the_upper_floor_on_every_side_by_steering() {
    let map = TestMap::load("jumppad_shaft");
    let physics = map.physics();
    let (_, reaches) = pad_reaches(&map, Vec3::new(0.0, 0.0, 24.0));
    // Without input: straight up, far above the upper floor, and back onto the pad, which
    // throws the player up again.
    let start = reaches
        .first()
        .map_or(Vec3::new(0.0, 0.0, 24.0), |r| r.start);
    let plain = physics.predict(
        &standing(start),
        |_, _| MoveInput::idle(),
        &StopConditions::time_limit(FLIGHT),
    );
    assert!(
        plain
            .trajectory
            .iter()
            .all(|s| s.origin.truncate().length() < 1.0 && !s.on_ground()),
        "never leaves the shaft's axis nor lands"
    );
    let apex = plain
        .trajectory
        .iter()
        .position(|s| s.origin.z > 600.0)
        .expect("the flight climbs far above the upper floor");
    assert!(
        plain.trajectory[apex..].iter().any(|s| s.origin.z < 48.0),
        "falls back onto the pad"
    );
    // Steered reachabilities onto the upper floor (origin at z 344), one side each at least.
    assert!(!reaches.is_empty(), "the shaft pad leads nowhere");
    for reach in &reaches {
        assert_eq!(reach.travel_time, STEERED, "{reach:?}");
        assert!(
            (reach.start - Vec3::new(0.0, 0.0, 24.0)).length() < 0.5,
            "{reach:?}"
        );
        assert!(
            (reach.end.z - 344.0).abs() < 1.0,
            "ends on the upper floor: {reach:?}"
        );
        let target = &map.world.areas[reach.target.index()];
        assert!(target.mins.z > 340.0, "{target:?}");
    }
    let beyond = |side: Vec3| reaches.iter().any(|r| r.end.dot(side) > 64.0);
    for side in [Vec3::X, Vec3::NEG_X, Vec3::Y, Vec3::NEG_Y] {
        assert!(
            beyond(side),
            "no landing beyond the mouth towards {side}: {reaches:#?}"
        );
    }
}

/// Pad A's flight comes down on pad B on the pillar: A's areas lead to B's area (a plain
/// flight, 250), B's to the ledge; the physics carries the player from A onto B, whose push
/// throws him onto the ledge.
#[test]
fn chained_pads_lead_from_pad_to_pad_to_the_ledge() {
    let map = TestMap::load("jumppad_chain");
    let physics = map.physics();
    let ledge = map.floor_area(Vec3::new(416.0, 0.0, 408.0));
    let (a, from_a) = pad_reaches(&map, Vec3::new(-320.0, 0.0, 24.0));
    let (b, from_b) = pad_reaches(&map, Vec3::new(64.0, 0.0, 152.0));
    assert_ne!(a, b);
    let to_b: Vec<&Reachability> = from_a.iter().filter(|r| r.target == b).collect();
    assert_eq!(to_b.len(), 1, "pad A leads to pad B: {from_a:#?}");
    assert_eq!(to_b[0].travel_time, PLAIN);
    let to_ledge: Vec<&Reachability> = from_b.iter().filter(|r| r.target == ledge).collect();
    assert_eq!(to_ledge.len(), 1, "pad B leads to the ledge: {from_b:#?}");
    assert_eq!(to_ledge[0].travel_time, PLAIN);
    // A's flight touches B (the map's second trigger) in B's area ...
    let onto_b = fly(&map, &physics, to_b[0].start, |_| MoveInput::idle());
    assert_eq!(onto_b.pad, Some(1), "at {}", onto_b.state.origin);
    assert_eq!(onto_b.area, Some(b));
    // ... and B's push carries on onto the ledge.
    let onto_ledge = physics.predict(
        &onto_b.state,
        |_, _| MoveInput::idle(),
        &StopConditions::time_limit(FLIGHT).or(StopEvents::HIT_GROUND),
    );
    assert_eq!(onto_ledge.stop, StopReason::HitGround);
    assert_eq!(onto_ledge.area, Some(ledge));
}

/// Pad A at the bottom of the shaft throws the player into pad B, in mid-air higher up: A's
/// areas lead to B's area (250) and nowhere else; B's push carries the player above the upper
/// floor and back into B, so B leads only to steered landings on the upper floor (300). The
/// physics carries the player from A into B, then, steering after B's push, onto the floor.
#[test]
fn stacked_pads_climb_the_tower_and_steer_out_at_the_top() {
    let map = TestMap::load("jumppad_tower");
    let physics = map.physics();
    let (a, from_a) = pad_reaches(&map, Vec3::new(0.0, 0.0, 24.0));
    let b = map.area_at(Vec3::new(0.0, 0.0, 432.0));
    assert!(
        map.world.areas[b.index()]
            .contents
            .contains(AreaContents::JUMPPAD)
    );
    assert_ne!(a, b);
    assert_eq!(
        from_a
            .iter()
            .map(|r| (r.target, r.travel_time))
            .collect::<Vec<_>>(),
        vec![(b, PLAIN)],
        "pad A leads only into pad B"
    );
    let from_b: Vec<Reachability> = map
        .world
        .reachabilities_of(b)
        .iter()
        .filter(|r| r.kind() == Some(TravelType::JumpPad))
        .copied()
        .collect();
    let mut targets: Vec<AreaId> = from_b.iter().map(|r| r.target).collect();
    targets.dedup();
    assert!(targets.len() >= 3, "landings around the mouth: {from_b:#?}");
    for reach in &from_b {
        assert_eq!(reach.travel_time, STEERED, "{reach:?}");
        assert!(
            (reach.end.z - 792.0).abs() < 1.0,
            "on the upper floor: {reach:?}"
        );
        assert!(
            reach.end.truncate().length() > 64.0,
            "beyond the mouth: {reach:?}"
        );
    }
    // From A's floor into B without input ...
    let into_b = fly(&map, &physics, from_a[0].start, |_| MoveInput::idle());
    assert_eq!(into_b.pad, Some(1), "at {}", into_b.state.origin);
    assert_eq!(into_b.area, Some(b));
    // ... and from there, steering towards each of B's landings.
    for reach in &from_b {
        let stop = StopConditions::time_limit(FLIGHT).or(StopEvents::HIT_GROUND);
        let out = physics.predict(&into_b.state, |_, s| physics.air_steer(s, reach.end), &stop);
        assert_eq!(out.stop, StopReason::HitGround, "{reach:?}");
        assert_eq!(out.area, Some(reach.target), "{reach:?}");
    }
}

/// The physics test: every jump-pad reachability of the pad maps is carried out by the
/// physics with the map's triggers, from its start, without input (plain, 250) or steering
/// towards its end (steered, 300): the flight ends in its target area, a steered one close
/// to the point aimed at.
#[test]
fn every_jump_pad_reachability_lands_in_its_target_area() {
    for name in [
        "jumppad_room",
        "jumppad_shaft",
        "jumppad_chain",
        "jumppad_tower",
    ] {
        let map = TestMap::load(name);
        let physics = map.physics();
        let reaches = map.reaches_of_kind(TravelType::JumpPad);
        assert!(!reaches.is_empty(), "{name}");
        for (from, reach) in &reaches {
            assert!(
                [PLAIN, STEERED].contains(&reach.travel_time),
                "{name}: {reach:?}"
            );
            assert!(
                map.world.areas[from.index()]
                    .contents
                    .contains(AreaContents::JUMPPAD)
            );
            let end = fly(&map, &physics, reach.start, pilot(&physics, reach));
            assert_eq!(
                end.area,
                Some(reach.target),
                "{name}: from area {} the flight ends at {}: {reach:?}",
                from.0,
                end.state.origin
            );
            if reach.travel_time == STEERED {
                let miss = (end.state.origin - reach.end).truncate().length();
                assert!(miss < 48.0, "{name}: lands {miss} from the aim: {reach:?}");
            }
        }
    }
}
