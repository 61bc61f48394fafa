//! Water-jump reachabilities: out of the pool onto the floor around it, carried out by the
//! [executor](crate::executor) swimming towards the end point.

use aas_geom::format::aas_q3::{AreaContents, TravelType};
use aas_geom::physics::Timer;
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
