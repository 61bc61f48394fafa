//! Point look-ups of `bot_brain::movement` (`standing_spot`, `routing_area`) on the
//! hand-made maps of `aas-geom/tests/maps/` (compiled here) and, when the shared data is
//! there, on bspc's areas of a pack map: items in crawl spaces, and the area a player routes
//! from when its origin's area has no way out.

use std::path::PathBuf;

use aas_geom::compile::pipeline::compile_world;
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::{AasWorld, AreaFlags, AreaId};
use bot_brain::movement::{crouch_only, routing_area, standing_spot};
use glam::Vec3;

/// The folder of the hand-made test maps.
fn maps_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../aas-geom/tests/maps")
}

/// Compiles `name` from `aas-geom/tests/maps/`.
fn world(name: &str) -> AasWorld {
    let text = std::fs::read(maps_dir().join(format!("{name}.map"))).expect("the test map");
    let brushes = read_map(&text, &MapSettings::default()).expect("the map parses");
    compile_world(&brushes, &Default::default())
        .expect("the map compiles")
        .world
}

fn has_exits(world: &AasWorld, area: AreaId) -> bool {
    !world.reachabilities_of(area).is_empty()
}

/// An item lying in `crouch_tunnel`'s 48-unit-high tunnel is where a crouching player stands:
/// a goal, in the crawl space's area, with the origin 24 units above the floor.
#[test]
fn an_item_in_a_crawl_space_has_a_spot() {
    let world = world("crouch_tunnel");
    let (spot, area) = standing_spot(&world, Vec3::new(0.0, 0.0, 15.0)).expect("a spot");
    assert!(crouch_only(&world, area), "{area:?}");
    assert!((spot.z - 24.0).abs() < 1.0, "{spot}");
    assert!(spot.x.abs() < 1e-3 && spot.y.abs() < 1e-3, "{spot}");
}

/// On every hand-made map, a player standing just inside a grounded area without exits, next
/// to one with exits, routes from the one with exits; a point whose area has exits keeps it.
#[test]
fn a_player_in_an_area_without_exits_routes_from_the_one_beside() {
    let mut moved = 0;
    let mut names: Vec<PathBuf> = std::fs::read_dir(maps_dir())
        .expect("the maps folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "map"))
        .collect();
    names.sort();
    for path in names {
        let name = path
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let world = world(&name);
        for (index, record) in world.areas.iter().enumerate().skip(1) {
            let area = AreaId::from_index(index);
            let centre = (record.mins + record.maxs) * 0.5;
            let floor = record.mins.z + 0.125;
            let inside = [
                Vec3::new(record.mins.x + 4.0, centre.y, floor),
                Vec3::new(record.maxs.x - 4.0, centre.y, floor),
                Vec3::new(centre.x, record.mins.y + 4.0, floor),
                Vec3::new(centre.x, record.maxs.y - 4.0, floor),
            ];
            for point in inside {
                if world.point_area(point) != Some(area) {
                    continue;
                }
                let routed = routing_area(&world, point, None);
                if has_exits(&world, area) {
                    assert_eq!(routed, Some(area), "{name}: {point}");
                    continue;
                }
                if !record.flags.contains(AreaFlags::GROUNDED) {
                    continue;
                }
                let routed = routed.expect("an area");
                if routed != area {
                    moved += 1;
                    assert!(has_exits(&world, routed), "{name}: {point} -> {routed:?}");
                }
                // The goal's own area is kept even without exits.
                assert_eq!(routing_area(&world, point, Some(area)), Some(area));
            }
        }
    }
    assert!(
        moved > 0,
        "no map has a point to move: the test tests nothing"
    );
}

/// On bspc's areas of oacmpdm8 a bot fighting at (−1167, −161, 318) stood in area 1026,
/// which has no reachabilities, and kept walking a step of the area it had left, stuck for
/// seconds: it routes from an area beside it now.
#[test]
fn a_bot_on_bspcs_sliver_of_oacmpdm8_routes_from_beside_it() {
    let Some(dir) = real_data::pack_maps() else {
        return;
    };
    let world = AasWorld::load(dir.join("oacmpdm8.aas")).expect("oacmpdm8.aas loads");
    let point = Vec3::new(-1167.0, -161.0, 318.0);
    let area = world.point_area(point).expect("an area");
    assert!(
        !has_exits(&world, area),
        "{area:?} has exits now: pick another point"
    );
    let routed = routing_area(&world, point, None).expect("an area");
    assert_ne!(routed, area);
    assert!(has_exits(&world, routed));
}
