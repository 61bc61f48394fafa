//! Deep water (`deep_pool.map`): getting out onto the banks a swimmer can climb and onto no
//! other, from every depth of the pool however the compiler cut it into areas; swimming
//! between its liquid areas, up and down as well as across; and getting into the water from
//! the banks. Shallow water over deep water (`wading_platform.map`): jumping from a platform
//! under the surface onto the banks. Each reachability is carried out by the
//! [executor](crate::executor).

use std::collections::VecDeque;

use aas_geom::physics::{MoveInput, Physics, PlayerState, StopConditions};
use aas_geom::world::{AreaContents, AreaFlags, PresenceType, TravelType};
use aas_geom::world::{AreaId, Reachability};
use glam::Vec3;

use crate::executor::executes;
use crate::maps::TestMap;

/// The banks around the pool: what each is, a point of its floor just past the pool's edge
/// (a standing origin), the horizontal direction from the water towards it, and whether a
/// swimmer can climb onto it with a water jump (the surface is at z 0).
///
/// The game's water jump needs the player waist deep (a point a unit above the origin under
/// the surface) with the bank's top under a point 20 units above the origin: under 19 units
/// above the surface. The reachabilities allow `reach_max_water_jump` (18, botlib's value);
/// at 18 the origin must be within one unit of its highest, and a swimmer bobbing at the
/// surface gets out only now and then, so the map's highest climbable bank is 16 units up.
const BANKS: [(&str, Vec3, Vec3, bool); 8] = [
    (
        "north, level with the surface",
        Vec3::new(-224.0, 136.0, 24.0),
        Vec3::Y,
        true,
    ),
    (
        "north, 12 above",
        Vec3::new(-128.0, 136.0, 36.0),
        Vec3::Y,
        true,
    ),
    (
        "north, 16 above",
        Vec3::new(0.0, 136.0, 40.0),
        Vec3::Y,
        true,
    ),
    (
        "north, 20 above",
        Vec3::new(128.0, 136.0, 44.0),
        Vec3::Y,
        false,
    ),
    (
        "north, 24 above",
        Vec3::new(224.0, 136.0, 48.0),
        Vec3::Y,
        false,
    ),
    (
        "south, 8 above, behind a seat",
        Vec3::new(0.0, -136.0, 32.0),
        Vec3::NEG_Y,
        true,
    ),
    (
        "west wall, 40 above",
        Vec3::new(-264.0, 0.0, 64.0),
        Vec3::NEG_X,
        false,
    ),
    (
        "east wall, 40 above",
        Vec3::new(264.0, 0.0, 64.0),
        Vec3::X,
        false,
    ),
];

fn is_liquid(map: &TestMap, area: AreaId) -> bool {
    map.world.areas[area.index()]
        .contents
        .intersects(AreaContents::LIQUIDS)
}

/// Every reachability of the map with its source area.
fn all_reaches(map: &TestMap) -> Vec<(AreaId, Reachability)> {
    (0..map.world.areas.len())
        .map(|i| AreaId(u32::try_from(i).expect("few areas")))
        .flat_map(|area| {
            map.world
                .reachabilities_of(area)
                .iter()
                .map(move |r| (area, *r))
        })
        .collect()
}

/// Whether the physics gets a swimmer, starting 30 units under the surface and 48 units from
/// the bank at `bank` (along `towards`), onto it: swimming at it while moving up (holding
/// jump), as a player does.
fn swimmer_climbs_onto(physics: &Physics<'_>, bank: Vec3, towards: Vec3) -> bool {
    let start = (bank - towards * 64.0).with_z(-30.0);
    // Swimming at the bank while moving up.
    let input = MoveInput {
        direction: towards,
        speed: f32::MAX,
        jump: true,
        crouch: false,
    };
    let swim = physics.predict(
        &PlayerState::at(start),
        |_, _| input,
        &StopConditions::time_limit(4.0),
    );
    let end = swim.end().expect("frames");
    end.on_ground() && (end.origin.z - bank.z).abs() < 1.0
}

/// Each bank a swimmer can climb (the physics decides: here level with the surface up to 16
/// units above it) has a reachability from a liquid area of the pool, and the physics carries
/// every such reachability out; the banks 20, 24 and 40 units above the surface have none.
#[test]
fn every_bank_a_swimmer_can_climb_and_no_other_has_a_way_out_of_the_water() {
    let map = TestMap::load("deep_pool");
    let physics = map.physics();
    let reaches = all_reaches(&map);
    for (what, bank, towards, climbable) in BANKS {
        assert_eq!(
            swimmer_climbs_onto(&physics, bank, towards),
            climbable,
            "{what}: the physics"
        );
        let area = map.floor_area(bank);
        let out: Vec<_> = reaches
            .iter()
            .filter(|(from, r)| r.target == area && is_liquid(&map, *from))
            .collect();
        if !climbable {
            assert!(out.is_empty(), "{what}: {out:?}");
            continue;
        }
        assert!(!out.is_empty(), "{what}: no way out of the water");
        for (from, reach) in out {
            assert_eq!(
                reach.kind(),
                Some(TravelType::WaterJump),
                "{what}: {reach:?}"
            );
            executes(&physics, "deep_pool", *from, reach);
        }
    }
}

/// Every water jump of the map is carried out by the physics: none leads into the crawlway at
/// the surface in the west wall, where only a crouching player fits (a player jumping out of
/// the water stands).
#[test]
fn every_water_jump_is_carried_out() {
    let map = TestMap::load("deep_pool");
    let physics = map.physics();
    let crawlway = map.floor_area(Vec3::new(-320.0, 0.0, 16.0));
    assert!(
        !map.world.areas[crawlway.index()]
            .presence
            .contains(PresenceType::NORMAL),
        "only a crouching player fits in the crawlway"
    );
    let jumps = map.reaches_of_kind(TravelType::WaterJump);
    assert!(jumps.len() >= 4);
    for (from, reach) in &jumps {
        executes(&physics, "deep_pool", *from, reach);
    }
}

/// From every liquid area of the pool — the deep ones under a layer of water too thin to swim
/// into as well — a route of reachabilities leads out of the water.
#[test]
fn from_every_depth_of_the_pool_a_route_leads_out_of_the_water() {
    let map = TestMap::load("deep_pool");
    let liquid: Vec<AreaId> = (0..map.world.areas.len())
        .map(|i| AreaId(u32::try_from(i).expect("few areas")))
        .filter(|&a| is_liquid(&map, a))
        .collect();
    assert!(liquid.len() > 2, "the pool is cut into several areas");
    for &start in &liquid {
        let mut seen = vec![false; map.world.areas.len()];
        let mut queue = VecDeque::from([start]);
        seen[start.index()] = true;
        let mut out = false;
        while let Some(area) = queue.pop_front() {
            let record = &map.world.areas[area.index()];
            if !is_liquid(&map, area) && record.flags.contains(AreaFlags::GROUNDED) {
                out = true;
                break;
            }
            for reach in map.world.reachabilities_of(area) {
                if !seen[reach.target.index()] {
                    seen[reach.target.index()] = true;
                    queue.push_back(reach.target);
                }
            }
        }
        let record = &map.world.areas[start.index()];
        assert!(
            out,
            "area {} ({} .. {}) is a trap",
            start.0, record.mins, record.maxs
        );
    }
}

/// Liquid areas sharing a face under the surface are joined by swim reachabilities both ways
/// (into an area only a crouching player fits, none), stacked ones (one under the other) too,
/// and the physics swims every one of them.
#[test]
fn swimming_between_the_pools_areas_up_down_and_across() {
    let map = TestMap::load("deep_pool");
    let physics = map.physics();
    let swims = map.reaches_of_kind(TravelType::Swim);
    let mut vertical = 0;
    for (from, reach) in &swims {
        // A swim never enters an area only a crouching player fits (as in botlib).
        let standing = map.world.areas[from.index()]
            .presence
            .contains(PresenceType::NORMAL);
        let back = swims
            .iter()
            .any(|(other, r)| *other == reach.target && r.target == *from);
        assert!(back || !standing, "{reach:?} from {}: no swim back", from.0);
        let dz = reach.end.z - reach.start.z;
        if dz.abs() > 1.0 && (reach.end - reach.start).truncate().length() < 0.5 {
            vertical += 1;
        }
        executes(&physics, "deep_pool", *from, reach);
    }
    assert!(vertical >= 2, "swims up and down between stacked areas");
}

/// From each bank next to the water a reachability leads into the pool, and the physics
/// carries every reachability into the water out (walking or jumping off, falling in).
#[test]
fn walking_and_jumping_into_the_water_from_the_banks() {
    let map = TestMap::load("deep_pool");
    let physics = map.physics();
    let reaches = all_reaches(&map);
    for (what, bank, _, _) in BANKS {
        let area = map.floor_area(bank);
        assert!(
            reaches
                .iter()
                .any(|(from, r)| *from == area && is_liquid(&map, r.target)),
            "{what}: no way into the water"
        );
    }
    for (from, reach) in reaches
        .iter()
        .filter(|(from, r)| !is_liquid(&map, *from) && is_liquid(&map, r.target))
    {
        executes(&physics, "deep_pool", *from, reach);
    }
}

/// Standing on the platform under 20 units of water (in it up to the knees), the player jumps
/// onto the bank on each side, across deep water: one jump reachability to each, carried out
/// by the physics.
#[test]
fn jumping_from_a_platform_under_shallow_water_onto_each_bank() {
    let map = TestMap::load("wading_platform");
    let physics = map.physics();
    let platform = map.floor_area(Vec3::new(0.0, 0.0, -4.0));
    assert!(is_liquid(&map, platform));
    let banks = [
        Vec3::new(0.0, -224.0, 24.0),
        Vec3::new(0.0, 224.0, 24.0),
        Vec3::new(-224.0, 0.0, 24.0),
        Vec3::new(224.0, 0.0, 24.0),
    ];
    for bank in banks {
        let area = map.floor_area(bank);
        let jumps: Vec<_> = map
            .world
            .reachabilities_of(platform)
            .iter()
            .filter(|r| r.target == area)
            .collect();
        let [reach] = jumps.as_slice() else {
            panic!("towards {bank}: {jumps:?}")
        };
        assert_eq!(reach.kind(), Some(TravelType::Jump), "{reach:?}");
        executes(&physics, "wading_platform", platform, reach);
    }
}
