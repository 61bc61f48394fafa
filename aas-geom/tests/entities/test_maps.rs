//! The movement test maps of `tests/maps/` (jump pad, teleporter, lift, bobbing platform,
//! water jump, rocket jump, barrier and gap jumps): each compiles to a consistent world
//! without leaking, and [`extract_entities`] finds the entity it was built around where the
//! map's header comment says it is.

use std::collections::{BTreeSet, VecDeque};

use aas_geom::compile::{CompileOutput, CompileSettings, compile_world};
use aas_geom::entities::DEFAULT_GRAVITY;
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::{AasWorld, AreaId};
use aas_geom::world::{AreaContents, AreaFlags, PresenceType};
use aas_geom::{BrushWorld, MapEntities, extract_entities};
use glam::Vec3;

const JUMPPAD_ROOM: &[u8] = include_bytes!("../maps/jumppad_room.map");
const TELEPORTER_ROOM: &[u8] = include_bytes!("../maps/teleporter_room.map");
const ELEVATOR_ROOM: &[u8] = include_bytes!("../maps/elevator_room.map");
const BOBBING_ROOM: &[u8] = include_bytes!("../maps/bobbing_room.map");
const WATERJUMP_ROOM: &[u8] = include_bytes!("../maps/waterjump_room.map");
const ROCKETJUMP_ROOM: &[u8] = include_bytes!("../maps/rocketjump_room.map");
const BARRIER_ROOM: &[u8] = include_bytes!("../maps/barrier_room.map");

/// Height of a standing player's origin above the floor it stands on.
const STAND: f32 = 24.0;

struct TestMap {
    brushes: BrushWorld,
    out: CompileOutput,
    entities: MapEntities,
}

impl TestMap {
    fn world(&self) -> &AasWorld {
        &self.out.world
    }
}

fn load(name: &str, map: &[u8]) -> TestMap {
    let brushes = read_map(map, &MapSettings::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    let out = compile_world(&brushes, &CompileSettings::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    out.world
        .validate()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(out.stats.leak.is_none(), "{name} leaks");
    let entities = extract_entities(&brushes, DEFAULT_GRAVITY);
    assert!(
        entities.diagnostics.is_empty(),
        "{name}: {:?}",
        entities.diagnostics
    );
    TestMap {
        brushes,
        out,
        entities,
    }
}

/// Where a standing player dropped from `above` comes to rest.
fn landing(world: &AasWorld, above: Vec3) -> Vec3 {
    let trace = world.trace(above, above - Vec3::Z * 1024.0, PresenceType::NORMAL);
    assert!(
        !trace.start_solid && trace.fraction < 1.0,
        "something below {above}"
    );
    trace.end
}

/// The floor height under `(x, y)`, found by dropping a standing player from `z`.
fn floor_at(world: &AasWorld, x: f32, y: f32, z: f32) -> f32 {
    landing(world, Vec3::new(x, y, z)).z - STAND
}

fn area_at(world: &AasWorld, point: Vec3) -> AreaId {
    world
        .point_area(point)
        .unwrap_or_else(|| panic!("{point} is open space"))
}

/// Every area reachable from `start` through the faces areas share (open space, ignoring
/// gravity).
fn flood(world: &AasWorld, start: AreaId) -> BTreeSet<AreaId> {
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(area) = queue.pop_front() {
        let range = world.areas[area.index()].faces.clone();
        for face_ref in &world.face_refs[range.start as usize..range.end as usize] {
            let face = &world.faces[face_ref.face.index()];
            for next in [face.front, face.back].into_iter().flatten() {
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
    }
    seen
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 0.5
}

#[test]
fn every_movement_map_compiles_and_holds_its_spawn_point() {
    for (name, map) in [
        ("jumppad_room", JUMPPAD_ROOM),
        ("teleporter_room", TELEPORTER_ROOM),
        ("elevator_room", ELEVATOR_ROOM),
        ("bobbing_room", BOBBING_ROOM),
        ("waterjump_room", WATERJUMP_ROOM),
        ("rocketjump_room", ROCKETJUMP_ROOM),
        ("barrier_room", BARRIER_ROOM),
    ] {
        let test = load(name, map);
        assert!(
            String::from_utf8_lossy(map).starts_with(&format!("// {name}.map: ")),
            "{name}: the header comment names the map"
        );
        let spawn = test
            .brushes
            .entities
            .iter()
            .find(|e| e.classname() == "info_player_deathmatch")
            .and_then(aas_geom::Entity::origin)
            .unwrap_or_else(|| panic!("{name}: a spawn point"))
            .as_vec3();
        let area = area_at(test.world(), spawn + Vec3::Z);
        let flags = test.world().areas[area.index()].flags;
        assert!(flags.contains(AreaFlags::GROUNDED), "{name}: {flags:?}");
    }
}

#[test]
fn jump_pad_flight_peaks_above_the_ledge() {
    let test = load("jumppad_room", JUMPPAD_ROOM);
    let world = test.world();
    let ledge = floor_at(world, 192.0, 0.0, 400.0);
    assert!(close(ledge, 192.0), "ledge top {ledge}");
    assert!(close(floor_at(world, -192.0, 0.0, 400.0), 0.0));
    let [pad] = test.entities.jump_pads.as_slice() else {
        panic!("{:?}", test.entities.jump_pads)
    };
    assert_eq!(
        (pad.mins, pad.maxs),
        (Vec3::new(-96.0, -32.0, 0.0), Vec3::new(-32.0, 32.0, 16.0))
    );
    assert!(pad.velocity.is_finite() && pad.velocity.z > 0.0, "{pad:?}");
    // The ledge is beyond a jump (jump velocity 270: at most 270² / 1600 ≈ 46 units).
    assert!(ledge > 100.0);
    // The flight from the pad's centre peaks over the ledge with the player's feet above it.
    let apex = pad.apex(DEFAULT_GRAVITY);
    assert!(
        (apex - pad.target).length() < 0.05,
        "{apex} vs {}",
        pad.target
    );
    assert!(apex.z - STAND > ledge, "apex {apex}");
    assert!(
        (128.0..256.0).contains(&apex.x),
        "apex {apex} over the ledge"
    );
    // Where the player's box clears the ledge's lip (x 128 − 15), its feet are above it.
    let time_at_lip = (113.0 - pad.centre().x) / pad.velocity.x;
    let at_lip = pad.position_at(time_at_lip, DEFAULT_GRAVITY);
    assert!(at_lip.z - STAND > ledge, "at the lip {at_lip}");
    // The compiler marks the pad's areas.
    let on_pad = area_at(world, Vec3::new(-64.0, 0.0, 30.0));
    let contents = world.areas[on_pad.index()].contents;
    assert!(contents.contains(AreaContents::JUMPPAD), "{contents:?}");
}

#[test]
fn teleporter_leads_into_the_other_room() {
    let test = load("teleporter_room", TELEPORTER_ROOM);
    let world = test.world();
    let [teleporter] = test.entities.teleporters.as_slice() else {
        panic!("{:?}", test.entities.teleporters)
    };
    assert_eq!(
        (teleporter.mins, teleporter.maxs),
        (Vec3::new(-192.0, -32.0, 0.0), Vec3::new(-160.0, 32.0, 96.0))
    );
    assert_eq!(teleporter.destination, Vec3::new(256.0, 0.0, 32.0));
    assert_eq!(teleporter.yaw_degrees, 90.0);
    assert!((teleporter.exit_velocity - Vec3::new(0.0, 400.0, 0.0)).length() < 1e-3);
    // The trigger is in room A (x < -128), the destination in an area of room B (x > 128).
    let trigger_area = area_at(world, teleporter.centre());
    assert!(
        world.areas[trigger_area.index()]
            .contents
            .contains(AreaContents::TELEPORTER)
    );
    let arrival = area_at(world, teleporter.destination + Vec3::Z);
    let room_b = &world.areas[arrival.index()];
    assert!(
        room_b.mins.x >= 128.0 - 16.0 && room_b.maxs.x <= 384.0 + 16.0,
        "{room_b:?}"
    );
    // Nothing but the teleporter joins the rooms: no chain of shared faces leads from the
    // spawn point's area to the destination's.
    let spawn_area = area_at(world, Vec3::new(-320.0, 0.0, 25.0));
    let room_a = flood(world, spawn_area);
    assert!(room_a.contains(&trigger_area));
    assert!(!room_a.contains(&arrival));
    assert!(flood(world, arrival).iter().all(|area| {
        let area = &world.areas[area.index()];
        area.mins.x >= 128.0 - 16.0
    }));
}

#[test]
fn lift_travels_from_the_low_floor_to_the_upper_floor() {
    let test = load("elevator_room", ELEVATOR_ROOM);
    let world = test.world();
    let low = floor_at(world, -128.0, 0.0, 300.0);
    let upper = floor_at(world, 160.0, 0.0, 300.0);
    assert!(close(low, 0.0) && close(upper, 160.0), "{low} {upper}");
    let [plat] = test.entities.plats.as_slice() else {
        panic!("{:?}", test.entities.plats)
    };
    assert_eq!(
        (plat.height, plat.speed, plat.lip, plat.wait),
        (160.0, 200.0, 8.0, 1.0)
    );
    // Built at the top: flush with the upper floor; at rest at the bottom: flush with the
    // low floor.
    assert!(close(plat.maxs.z, upper) && close(plat.bottom_bounds().1.z, low));
    assert_eq!(plat.maxs.z, 160.0);
    assert_eq!(plat.bottom_bounds().1.z, 0.0);
    assert_eq!(plat.bottom_offset_z, -160.0);
    // It fills the shaft x 0..64, y -32..32.
    assert_eq!(plat.mins.truncate(), glam::Vec2::new(0.0, -32.0));
    assert_eq!(plat.maxs.truncate(), glam::Vec2::new(64.0, 32.0));
    // The upper floor is beyond a jump.
    assert!(upper - low > 128.0);
    // The compiler marks the areas the plat overlaps with its model.
    let in_shaft = area_at(world, Vec3::new(32.0, 0.0, 170.0));
    let contents = world.areas[in_shaft.index()].contents;
    assert!(contents.contains(AreaContents::MOVER), "{contents:?}");
}

#[test]
fn bobbing_platform_bridges_the_pit() {
    let test = load("bobbing_room", BOBBING_ROOM);
    let world = test.world();
    assert!(close(floor_at(world, -384.0, 0.0, 200.0), 0.0));
    assert!(close(floor_at(world, 384.0, 0.0, 200.0), 0.0));
    assert!(
        close(floor_at(world, 0.0, 100.0, 200.0), -256.0),
        "a pit between the floors"
    );
    let [bobber] = test.entities.bobbers.as_slice() else {
        panic!("{:?}", test.entities.bobbers)
    };
    assert_eq!(bobber.axis, Vec3::X);
    assert_eq!(
        (bobber.height, bobber.period, bobber.phase),
        (192.0, 4.0, 0.0)
    );
    assert_eq!(bobber.maxs.z, 0.0, "flush with the floors");
    // At its extremes (a quarter and three quarters of a period) it touches each floor's edge,
    // which the floors' landing traces find at x ±256.
    let (_, east) = bobber.bounds_at(1.0);
    let (west, _) = bobber.bounds_at(3.0);
    assert!(
        close(east.x, 256.0) && close(west.x, -256.0),
        "{west} {east}"
    );
    for side in [-1.0, 1.0] {
        // A standing box (half width 15) centred at ±240 misses the floors; at ±242 it lands.
        assert!(close(floor_at(world, side * 240.0, 100.0, 200.0), -256.0));
        assert!(close(floor_at(world, side * 242.0, 100.0, 200.0), 0.0));
    }
    assert_eq!(bobber.swept_bounds().0.x, -256.0);
    assert_eq!(bobber.swept_bounds().1.x, 256.0);
    // The gap is wider than any jump.
    assert!(east.x - west.x > 400.0);
}

#[test]
fn water_jump_pool_is_deep_with_the_edge_just_above_the_surface() {
    let test = load("waterjump_room", WATERJUMP_ROOM);
    let world = test.world();
    let edge = floor_at(world, -192.0, 0.0, 200.0);
    assert!(close(edge, 0.0), "edge floor {edge}");
    let water = |z: f32| {
        world
            .point_area(Vec3::new(0.0, 0.0, z))
            .is_some_and(|area| {
                world.areas[area.index()]
                    .contents
                    .contains(AreaContents::WATER)
            })
    };
    // Water from the bottom (z -128) to the surface at z -12: 116 units, deep enough to
    // swim; the edge floor is 12 units above the surface. A standing origin is in the water
    // area while its box's bottom (24 below it) is under the surface: from the bottom (origin
    // z -104) to z 12.
    let pool = area_at(world, Vec3::new(0.0, 0.0, -60.0));
    let pool = &world.areas[pool.index()];
    assert!(
        close(pool.mins.z, -128.0 + STAND) && close(pool.maxs.z, -12.0 + STAND),
        "{pool:?}"
    );
    assert!(water(-100.0) && water(-13.0) && water(11.0));
    assert!(!water(13.0));
    let surface = pool.maxs.z - STAND;
    assert!(surface - (-128.0) >= 64.0, "deep enough to swim");
    assert!(
        (10.0..=16.0).contains(&(edge - surface)),
        "edge {edge}, surface {surface}"
    );
    assert!(test.entities.jump_pads.is_empty() && test.entities.teleporters.is_empty());
}

#[test]
fn rocket_jump_item_sits_on_a_high_ledge() {
    let test = load("rocketjump_room", ROCKETJUMP_ROOM);
    let world = test.world();
    let ledge = floor_at(world, 192.0, 0.0, 300.0);
    let floor = floor_at(world, -192.0, 0.0, 300.0);
    assert!(close(floor, 0.0) && close(ledge, 144.0), "{floor} {ledge}");
    // Too high to jump (≈ 46) or barrier-jump (33); low enough for a rocket jump.
    assert!((120.0..=160.0).contains(&(ledge - floor)));
    let [item] = test.entities.items.as_slice() else {
        panic!("{:?}", test.entities.items)
    };
    assert_eq!(item.classname, "item_armor_body");
    assert_eq!(item.origin, Vec3::new(192.0, 0.0, 168.0));
    assert!(
        close(landing(world, item.origin + Vec3::Z * 8.0).z - STAND, ledge),
        "the item rests on the ledge"
    );
}

#[test]
fn barrier_block_and_jumpable_gap() {
    let test = load("barrier_room", BARRIER_ROOM);
    let world = test.world();
    let floor = floor_at(world, -320.0, 0.0, 200.0);
    let block = floor_at(world, -192.0, 0.0, 200.0);
    let east = floor_at(world, 200.0, 0.0, 200.0);
    let pit = floor_at(world, 0.0, 0.0, 200.0);
    assert!(close(floor, 0.0) && close(east, 0.0), "{floor} {east}");
    // Above a step (19), within a barrier jump (33).
    assert!(close(block - floor, 28.0), "block top {block}");
    assert!(close(pit, -128.0), "pit {pit}");
    // The gap is 60 units: the floor edges are at x ±30, so a standing box (half width 15)
    // centred 14 units from the middle misses them and one centred 16 units away lands.
    for side in [-1.0, 1.0] {
        assert!(close(floor_at(world, side * 14.0, 0.0, 200.0), -128.0));
        assert!(close(floor_at(world, side * 16.0, 0.0, 200.0), 0.0));
    }
}
