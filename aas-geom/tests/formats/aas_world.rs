//! [`AasWorld`]: import from and export to Quake III `.aas`, on the shared reference files and
//! on crafted ones.

use aas_geom::format::aas_q3::{AasFile, Lump};
use aas_geom::world::{AasWorld, AreaId, ClusterMembership, ImportError, NodeChild};

use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};

#[test]
fn shared_files_survive_import_and_export_byte_for_byte() {
    let Some(dir) = shared_maps_dir() else { return };
    for map in SHARED_MAPS {
        let bytes = read_shared(&dir, map, "aas");
        let file = AasFile::from_bytes(&bytes).unwrap();
        let world = AasWorld::from_q3(&file).unwrap_or_else(|error| panic!("{map}: {error}"));
        assert_eq!(world.areas.len(), file.areas.len() - 1, "{map}");
        assert_eq!(
            world.reachabilities.len(),
            file.reachabilities.len() - 1,
            "{map}"
        );
        assert!(
            world.to_q3().to_bytes() == bytes,
            "{map}: export differs from the original"
        );
    }
}

#[test]
fn shared_area_centres_descend_to_their_own_area() {
    let Some(dir) = shared_maps_dir() else { return };
    for map in SHARED_MAPS {
        let file = AasFile::from_bytes(&read_shared(&dir, map, "aas")).unwrap();
        let world = AasWorld::from_q3(&file).unwrap();
        let found = (0..world.areas.len())
            .filter(|&index| {
                let area = AreaId(u32::try_from(index).unwrap());
                world.point_area(world.areas[index].center) == Some(area)
            })
            .count();
        // Areas are convex, so their centre lies inside them; only centres on a splitting
        // plane may descend to the neighbour.
        assert!(
            found * 100 >= world.areas.len() * 95,
            "{map}: {found} of {} centres",
            world.areas.len()
        );
        // Areas in the dummy cluster 0 (BSPC 2.1h) have no reachabilities.
        for area in &world.areas {
            if area.cluster == ClusterMembership::None {
                assert!(area.reachabilities.is_empty(), "{map}");
            }
        }
    }
}

#[test]
fn references_to_dummies_are_import_errors() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut file = AasFile::from_bytes(&read_shared(&dir, "q3dm6ish", "aas")).unwrap();
    file.reachabilities[5].area_num = 0;
    match AasWorld::from_q3(&file) {
        Err(ImportError::DummyReference {
            lump: Lump::Reachability,
            record: 5,
            field: "areanum",
        }) => {}
        other => panic!("expected a dummy-reference error, got {other:?}"),
    }
    file.reachabilities[5].area_num = 100_000;
    assert!(matches!(
        AasWorld::from_q3(&file),
        Err(ImportError::Invalid(_))
    ));
}

#[test]
fn an_empty_world_exports_only_dummies_and_imports_back() {
    let world = AasWorld::default();
    assert_eq!(world.point_area(glam::Vec3::ZERO), None);
    let file = world.to_q3();
    assert_eq!(file.areas.len(), 1);
    assert_eq!(file.area_settings[0].first_reachable_area, 1);
    let back = AasWorld::from_q3(&AasFile::from_bytes(&file.to_bytes()).unwrap()).unwrap();
    assert_eq!(back, world);
    let _ = NodeChild::Solid;
}
