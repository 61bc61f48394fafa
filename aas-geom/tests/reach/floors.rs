//! Reachabilities between floors (barrier jumps, gaps, crouching, stairs, ledges), each
//! carried out by the [executor](crate::executor).

use aas_geom::world::{AreaId, ReachDetail, Reachability, Travel, TravelType};
use glam::Vec3;

use crate::executor::{execute, execute_as, executes};
use crate::maps::TestMap;
use crate::worlds::{Block, room_map};

/// The floor areas of `barrier_room`.
struct BarrierRoom {
    map: TestMap,
    /// The west floor, west of the block (x < -224).
    west: AreaId,
    /// The top of the 28-unit block (x -224..-160).
    block: AreaId,
    /// The west floor between the block and the gap (x -160..-30).
    middle: AreaId,
    /// The east platform (x 30..384).
    east: AreaId,
    /// The pit's floor (z -128).
    pit: AreaId,
}

/// Loads `barrier_room` and finds its five floor areas.
fn barrier_room() -> BarrierRoom {
    let map = TestMap::load("barrier_room");
    let at = |x: f32, z: f32| map.floor_area(Vec3::new(x, 0.0, z + 24.0));
    let room = BarrierRoom {
        west: at(-320.0, 0.0),
        block: at(-192.0, 28.0),
        middle: at(-96.0, 0.0),
        east: at(200.0, 0.0),
        pit: at(0.0, -128.0),
        map,
    };
    let areas = [room.west, room.block, room.middle, room.east, room.pit];
    for (i, a) in areas.iter().enumerate() {
        assert!(!areas[..i].contains(a), "five distinct floor areas");
    }
    room
}

/// Barrier jumps onto the 28-unit block from both sides (and walking at it fails), walking
/// off it both ways, and walking off into the pit.
#[test]
fn barrier_jumps_onto_the_block_and_back_down_by_ledges() {
    let room = barrier_room();
    let map = &room.map;
    let physics = map.physics();
    for from in [room.west, room.middle] {
        let reach = map.reach(from, room.block, TravelType::BarrierJump);
        // 28 units up: the end is on the block's top.
        assert!(
            (reach.end.z - reach.start.z - 28.0).abs() < 0.5,
            "{reach:?}"
        );
        let outcome = executes(&physics, &map.name, from, &reach);
        assert!(
            outcome
                .trajectory()
                .any(|s| !s.on_ground() && s.velocity.z > 0.0),
            "the player jumped"
        );
        // Running at the block without jumping does not get onto it: a step is 18 units.
        let walking = execute_as(&physics, from, &reach, TravelType::Walk);
        assert!(!walking.reached(room.block), "{:?}", walking.end.origin);
    }
    for to in [room.west, room.middle] {
        let reach = map.reach(room.block, to, TravelType::WalkOffLedge);
        executes(&physics, &map.name, room.block, &reach);
    }
    // The floors on both sides of the gap drop into the pit; nothing leads out of it.
    assert!(map.world.reachabilities_of(room.pit).is_empty());
    for from in [room.middle, room.east] {
        let reach = map.reach(from, room.pit, TravelType::WalkOffLedge);
        executes(&physics, &map.name, from, &reach);
    }
}

/// The 60-unit gap is 30 units wide in the AAS world (a standing box reaches 15 units past a
/// floor's edge): with botlib's rule, a level gap of at most 48 units is run across, so the
/// reachabilities are walk-off-ledge ones at running speed, not jumps (see
/// `wide_gap_jumps_both_ways` for jumps).
#[test]
fn the_narrow_gap_is_run_across_both_ways() {
    let room = barrier_room();
    let map = &room.map;
    let physics = map.physics();
    for (from, to) in [(room.middle, room.east), (room.east, room.middle)] {
        let reach = map.reach(from, to, TravelType::WalkOffLedge);
        let across = (reach.end - reach.start).truncate().length();
        assert!((across - 30.0).abs() < 0.5, "{reach:?}");
        assert!((reach.end.z - reach.start.z).abs() < 0.5, "{reach:?}");
        // Across the middle of the gap, not along a wall.
        assert!(
            reach.start.y.abs() < 0.5 && reach.end.y.abs() < 0.5,
            "{reach:?}"
        );
        let outcome = executes(&physics, &map.name, from, &reach);
        assert!(
            outcome.trajectory().all(|s| s.origin.z > 0.0),
            "never falls into the pit"
        );
    }
}

/// Every floor of `barrier_room` is separated from the others by the block or the gap: no
/// walk reachabilities at all.
#[test]
fn no_walk_between_floors_of_different_heights() {
    let room = barrier_room();
    let walks = room.map.reaches_of_kind(TravelType::Walk);
    assert!(walks.is_empty(), "{walks:?}");
}

/// A room 768 units long (x -384..384, y -128..128) whose floor at z 0 is cut by a gap `width`
/// units wide in the middle, down to a pit 128 units deep; the gap is 30 units narrower in the
/// AAS world.
fn gap_room(width: f32) -> TestMap {
    let half = width * 0.5;
    let floor =
        |x0: f32, x1: f32| Block::solid(Vec3::new(x0, -128.0, -128.0), Vec3::new(x1, 128.0, 0.0));
    let text = room_map(
        Vec3::new(-384.0, -128.0, -128.0),
        Vec3::new(384.0, 128.0, 256.0),
        &[floor(-384.0, -half), floor(half, 384.0)],
        Vec3::new(-300.0, 0.0, 32.0),
        "",
    );
    TestMap::from_text(&format!("gap_room_{width}"), text.as_bytes())
}

/// The west floor's, the east floor's and the pit's areas of a [`gap_room`].
fn gap_areas(map: &TestMap) -> (AreaId, AreaId, AreaId) {
    (
        map.floor_area(Vec3::new(-300.0, 0.0, 24.0)),
        map.floor_area(Vec3::new(300.0, 0.0, 24.0)),
        map.floor_area(Vec3::new(0.0, 0.0, -104.0)),
    )
}

/// A 160-unit gap, 130 in the AAS world: too wide to run across, within a running jump (about
/// 216 units on the level).
#[test]
fn wide_gap_jumps_both_ways() {
    let map = gap_room(160.0);
    let physics = map.physics();
    let (west, east, pit) = gap_areas(&map);
    for (from, to) in [(west, east), (east, west)] {
        let reach = map.reach(from, to, TravelType::Jump);
        // Straight across the middle of the gap, from edge to edge.
        assert!((reach.end.x - reach.start.x).abs() > 129.5, "{reach:?}");
        assert!(
            reach.start.y.abs() < 0.5 && reach.end.y.abs() < 0.5,
            "{reach:?}"
        );
        executes(&physics, &map.name, from, &reach);
        // Running off the edge without jumping falls into the pit.
        let running = execute_as(&physics, from, &reach, TravelType::WalkOffLedge);
        assert!(!running.reached(to));
        assert_eq!(running.end_area, Some(pit), "{:?}", running.end.origin);
    }
}

/// A 300-unit gap, 270 in the AAS world: a jump across needs more than running speed, so
/// there is none (the floors only lead down into the pit), and a running jump falls short.
#[test]
fn a_gap_wider_than_a_running_jump_has_no_jump() {
    let map = gap_room(300.0);
    let physics = map.physics();
    let (west, east, pit) = gap_areas(&map);
    for (from, to) in [(west, east), (east, west)] {
        let targets: Vec<AreaId> = map
            .world
            .reachabilities_of(from)
            .iter()
            .map(|r| r.target)
            .collect();
        assert_eq!(targets, vec![pit], "only down into the pit");
        let edge = |area: AreaId| {
            let x = if map.world.areas[area.index()].center.x < 0.0 {
                -135.0
            } else {
                135.0
            };
            Vec3::new(x, 0.0, 24.0)
        };
        let attempt = Reachability {
            target: to,
            detail: ReachDetail::NONE,
            start: edge(from),
            end: edge(to),
            travel: Travel::new(TravelType::Jump),
            travel_time: 0,
        };
        let outcome = execute(&physics, from, &attempt);
        assert!(
            outcome
                .trajectory()
                .any(|s| !s.on_ground() && s.velocity.z > 0.0),
            "the player jumped"
        );
        assert!(!outcome.reached(to));
        assert_eq!(outcome.end_area, Some(pit), "{:?}", outcome.end.origin);
    }
}

/// A room like [`gap_room`] whose floor is cut by two 32-unit slots (x −48..−16 and 16..48)
/// with a 32-unit slab between them, over a pit 128 units deep: a grating. In the AAS world
/// each slot is a 2-unit slit.
fn grating_room() -> TestMap {
    let floor =
        |x0: f32, x1: f32| Block::solid(Vec3::new(x0, -128.0, -128.0), Vec3::new(x1, 128.0, 0.0));
    let text = room_map(
        Vec3::new(-384.0, -128.0, -128.0),
        Vec3::new(384.0, 128.0, 256.0),
        &[floor(-384.0, -48.0), floor(-16.0, 16.0), floor(48.0, 384.0)],
        Vec3::new(-300.0, 0.0, 32.0),
        "",
    );
    TestMap::from_text("grating_room", text.as_bytes())
}

/// Each slot of the grating is run across (a walk off a ledge onto the slab or the far floor,
/// carried out without falling in), and nothing jumps over the slab from floor to floor: with
/// ground halfway, the slits are not one gap.
#[test]
fn slots_of_a_grating_are_run_across_and_not_jumped() {
    let map = grating_room();
    let physics = map.physics();
    let at = |x: f32| map.floor_area(Vec3::new(x, 0.0, 24.0));
    let (west, slab, east) = (at(-300.0), at(0.0), at(300.0));
    assert!(west != slab && slab != east && west != east);
    for (from, to) in [(west, slab), (slab, west), (slab, east), (east, slab)] {
        let reach = map.reach(from, to, TravelType::WalkOffLedge);
        let outcome = executes(&physics, &map.name, from, &reach);
        assert!(
            outcome.trajectory().all(|s| s.origin.z > 0.0),
            "never falls into the pit"
        );
    }
    let jumps = map.reaches_of_kind(TravelType::Jump);
    assert!(jumps.is_empty(), "{jumps:?}");
}

/// Crouch reachabilities into the crouch-only tunnel from both halves and out of it to both,
/// each crouched through (standing, the player cannot get in); nothing else joins the halves.
#[test]
fn crouching_through_the_tunnel() {
    let map = TestMap::load("crouch_tunnel");
    let physics = map.physics();
    let west = map.floor_area(Vec3::new(-128.0, 0.0, 24.0));
    let tunnel = map.floor_area(Vec3::new(0.0, 0.0, 24.0));
    let east = map.floor_area(Vec3::new(128.0, 0.0, 24.0));
    assert!(map.crouch_only(tunnel) && !map.crouch_only(west) && !map.crouch_only(east));
    for (from, to) in [
        (east, tunnel),
        (tunnel, west),
        (west, tunnel),
        (tunnel, east),
    ] {
        let reach = map.reach(from, to, TravelType::Crouch);
        let outcome = executes(&physics, &map.name, from, &reach);
        assert!(outcome.end.crouched);
        if from != tunnel {
            // Standing up, the player cannot get in.
            let walking = execute_as(&physics, from, &reach, TravelType::Walk);
            assert!(!walking.reached(to), "{:?}", walking.end.origin);
        }
    }
    // No other way between the halves.
    assert!(
        map.world
            .reachabilities_of(west)
            .iter()
            .all(|r| r.target == tunnel)
    );
    assert!(
        map.world
            .reachabilities_of(east)
            .iter()
            .all(|r| r.target == tunnel)
    );
}

/// Walk reachabilities up and down each 16-unit step (below the 19-unit step limit), walked.
#[test]
fn walking_up_and_down_the_stairs() {
    let map = TestMap::load("stairs_room");
    let physics = map.physics();
    // The floor, the tops of the first three 16-unit steps (32 deep, from x 0) and the
    // landing (the fourth step, x 96 on, 64 up); a standing box rests on a step's top until
    // its front reaches the next step.
    let steps = [
        (-128.0, 0.0),
        (0.0, 16.0),
        (32.0, 32.0),
        (64.0, 48.0),
        (200.0, 64.0),
    ];
    let areas: Vec<AreaId> = steps
        .into_iter()
        .map(|(x, z)| map.floor_area(Vec3::new(x, 0.0, z + 24.0)))
        .collect();
    for pair in areas.windows(2) {
        let (low, high) = (pair[0], pair[1]);
        assert_ne!(low, high);
        let up = map.reach(low, high, TravelType::Walk);
        assert!(up.end.z > up.start.z, "{up:?}");
        executes(&physics, &map.name, low, &up);
        let down = map.reach(high, low, TravelType::Walk);
        executes(&physics, &map.name, high, &down);
    }
}

/// A walk-off-ledge reachability from the 64-unit ledge to the floor, walked off.
#[test]
fn walking_off_the_ledge() {
    let map = TestMap::load("ledge_room");
    let physics = map.physics();
    let floor = map.floor_area(Vec3::new(-128.0, 0.0, 24.0));
    let ledge = map.floor_area(Vec3::new(160.0, 0.0, 88.0));
    let reach = map.reach(ledge, floor, TravelType::WalkOffLedge);
    assert!(
        (reach.start.z - reach.end.z - 64.0).abs() < 0.5,
        "{reach:?}"
    );
    let outcome = executes(&physics, &map.name, ledge, &reach);
    assert!(
        outcome.settle.is_some(),
        "lands after entering the floor's area"
    );
    // The ledge is 64 units high: no way up.
    assert!(map.world.reachabilities_of(floor).is_empty());
}

/// Off a platform whose side is a wall too steep to stand on, slanting out 3 units over its
/// 256-unit height: the floors are too close for a jump, and the drop just past the edge hits
/// the wall; the player slides down it, so walking off is a walk-off-ledge reachability onto
/// the floor below, and the player carries it out.
#[test]
fn walking_off_onto_a_steep_wall_slides_down_it() {
    let map = TestMap::load("steep_wall");
    let physics = map.physics();
    let platform = map.floor_area(Vec3::new(-128.0, 0.0, 24.0));
    let floor = map.floor_area(Vec3::new(128.0, 0.0, -232.0));
    let reach = map.reach(platform, floor, TravelType::WalkOffLedge);
    assert!(reach.start.z - reach.end.z > 250.0, "{reach:?}");
    executes(&physics, &map.name, platform, &reach);
}
