//! Water-jump reachabilities: out of the pool onto the floor around it, carried out by the
//! [executor](crate::executor) swimming towards the end point.

use aas_geom::physics::Timer;
use aas_geom::world::{AreaContents, TravelType};
use glam::Vec3;

use crate::executor::{WAIST, execute};
use crate::maps::TestMap;

/// Water jumps lead from the pool onto the floor on each of its four sides; waist deep,
/// swimming towards each end point, the player jumps out and lands in the target area.
#[test]
fn jumping_out_of_the_pool_onto_each_side() {
    let map = TestMap::load("waterjump_room");
    let physics = map.physics();
    let pool = map.area_at(Vec3::new(0.0, 0.0, -60.0));
    assert!(
        map.world.areas[pool.index()]
            .contents
            .contains(AreaContents::WATER)
    );
    let jumps = map.reaches_of_kind(TravelType::WaterJump);
    // The floor around the pool: the sides at -Y, +Y, -X and +X.
    let sides = [
        Vec3::new(0.0, -192.0, 24.0),
        Vec3::new(0.0, 192.0, 24.0),
        Vec3::new(-192.0, 0.0, 24.0),
        Vec3::new(192.0, 0.0, 24.0),
    ];
    let mut targets: Vec<_> = sides.iter().map(|&p| map.floor_area(p)).collect();
    targets.sort_unstable();
    targets.dedup();
    let mut found: Vec<_> = jumps.iter().map(|(_, r)| r.target).collect();
    found.sort_unstable();
    assert_eq!(
        found, targets,
        "one water jump onto each floor around the pool"
    );
    assert!(jumps.iter().all(|(from, _)| *from == pool));
    for (_, reach) in &jumps {
        // From the surface's edge (12 units below the floor) to just past the floor's edge.
        assert!(
            (reach.end.z - reach.start.z - 12.0).abs() < 0.5,
            "{reach:?}"
        );
        let outcome = execute(&physics, pool, reach);
        let first = outcome.approach.trajectory.first().expect("frames");
        assert_eq!(
            first.water_level, 2,
            "waist deep, {WAIST} under the surface edge"
        );
        assert!(
            outcome
                .trajectory()
                .any(|s| matches!(s.timer, Some(Timer::WaterJump { .. }))),
            "a water jump"
        );
        assert!(
            outcome.reached(reach.target),
            "{reach:?}: stopped by {:?} at {} in {:?}",
            outcome.approach.stop,
            outcome.end.origin,
            outcome.end_area
        );
        assert_eq!(outcome.end.water_level, 0);
    }
}

/// Out of a shallow pool the bank is both a barrier above the pool's floor and within a water
/// jump of its surface: as in botlib, the way out of a liquid area is the water jump, and the
/// player carries it out.
#[test]
fn out_of_a_shallow_pool_is_a_water_jump_not_a_barrier_jump() {
    let map = TestMap::load("shallow_pool");
    let physics = map.physics();
    let pool = map.area_at(Vec3::new(0.0, 0.0, -5.0));
    assert!(
        map.world.areas[pool.index()]
            .contents
            .contains(AreaContents::WATER)
    );
    let out_of_pool: Vec<_> = map
        .world
        .reachabilities_of(pool)
        .iter()
        .filter(|r| map.world.areas[r.target.index()].contents.is_empty())
        .collect();
    assert!(!out_of_pool.is_empty(), "reachabilities out of the pool");
    for reach in out_of_pool {
        assert_eq!(reach.kind(), Some(TravelType::WaterJump), "{reach:?}");
        let outcome = execute(&physics, pool, reach);
        assert!(
            outcome.reached(reach.target),
            "{reach:?}: stopped by {:?} at {} in {:?}",
            outcome.approach.stop,
            outcome.end.origin,
            outcome.end_area
        );
    }
}
