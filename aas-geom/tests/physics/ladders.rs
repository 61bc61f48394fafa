//! Climbing a ladder (an extension of the Quake III movement) along a ladder reachability.

use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::physics::{MoveInput, StopConditions, StopReason};
use aas_geom::world::AreaId;
use aas_geom::world::TravelType;
use glam::Vec3;

use crate::worlds::{dropped, physics};

const LADDER_LEDGE: &[u8] = include_bytes!("../maps/ladder_ledge.map");

#[test]
fn the_ladder_reachability_is_climbed_onto_the_ledge() {
    let map = read_map(LADDER_LEDGE, &MapSettings::default()).expect("map parses");
    let world =
        aas_geom::compile::compile_world(&map, &aas_geom::compile::CompileSettings::default())
            .expect("map compiles")
            .world;
    let ladders: Vec<(AreaId, _)> = (0..world.areas.len())
        .flat_map(|i| {
            let area = AreaId(u32::try_from(i).unwrap());
            world
                .reachabilities_of(area)
                .iter()
                .filter(|r| r.kind() == Some(TravelType::Ladder))
                .map(move |r| (area, *r))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(!ladders.is_empty(), "a ladder reachability up to the ledge");
    let physics = physics(&world);
    for (from, reach) in ladders {
        // Up: from the floor (z 0, origin 24) to the ledge (z 192, origin 216).
        assert!(
            reach.start.z < 40.0 && (reach.end.z - 216.0).abs() < 1.0,
            "{reach:?}"
        );
        let start = dropped(&physics, reach.start + Vec3::Z, 4);
        assert_eq!(world.point_area(start.origin), Some(from));
        let towards = (reach.end - reach.start).with_z(0.0);
        let climb = physics.predict(
            &start,
            |_, _| MoveInput::run(towards),
            &StopConditions::time_limit(4.0).or_enter(reach.target),
        );
        assert_eq!(
            climb.stop,
            StopReason::EnteredArea(reach.target),
            "{reach:?}"
        );
        // Without pressing towards the ladder nobody climbs: standing still stays below.
        let idle = physics.predict(
            &start,
            |_, _| MoveInput::idle(),
            &StopConditions::time_limit(2.0),
        );
        assert!(idle.end().unwrap().origin.z < 40.0);
    }
}
