//! [`AasWorld`]: import from and export to Quake III `.aas`, on the shared reference files and
//! on crafted ones.

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::aas_q3::{AasFile, Lump};
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::{
    AasWorld, AreaId, ClusterMembership, EdgeId, EdgeRef, FaceId, FaceRef, ImportError,
    NativeError, NodeChild, ReachDetail, Reachability, Travel, TravelTeamFlags, TravelType,
};
use glam::Vec3;

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
    assert_eq!(world.point_area(Vec3::ZERO), None);
    let file = world.to_q3();
    assert_eq!(file.areas.len(), 1);
    assert_eq!(file.area_settings[0].first_reachable_area, 1);
    let back = AasWorld::from_q3(&AasFile::from_bytes(&file.to_bytes()).unwrap()).unwrap();
    assert_eq!(back, world);
    let _ = NodeChild::Solid;
}

/// Every kind of reachability detail — crossings from either side of a face and either way
/// along an edge, an elevator, a jump pad, a bobbing platform and an unknown travel type —
/// survives export to a `.aas` file and import back, as does the travel's team bits.
#[test]
fn reachability_details_survive_export_and_import() {
    let map = read_map(
        include_bytes!("../maps/box_room.map").as_slice(),
        &MapSettings::default(),
    )
    .unwrap();
    let mut world = compile_world(&map, &CompileSettings::default())
        .unwrap()
        .world;
    assert!(world.faces.len() >= 3 && world.edges.len() >= 3 && !world.areas.is_empty());
    let last_face = FaceId::from_index(world.faces.len() - 1);
    let last_edge = EdgeId::from_index(world.edges.len() - 1);
    let crossing =
        |face: FaceId, back_side: bool, edge: EdgeId, reversed: bool| ReachDetail::Crossing {
            face: Some(FaceRef { face, back_side }),
            edge: Some(EdgeRef { edge, reversed }),
        };
    let details = [
        (
            TravelType::Walk,
            crossing(FaceId(0), false, EdgeId(0), false),
        ),
        (TravelType::Jump, crossing(last_face, true, last_edge, true)),
        (TravelType::Swim, ReachDetail::NONE),
        (
            TravelType::Elevator,
            ReachDetail::Elevator {
                model: 3,
                height: -128,
            },
        ),
        (
            TravelType::JumpPad,
            ReachDetail::JumpPad {
                vertical_speed: 800,
                horizontal_speed: -5,
            },
        ),
        (
            TravelType::FuncBob,
            ReachDetail::FuncBob {
                first: 0x0007_0002,
                second: i32::MIN,
            },
        ),
    ];
    let mut reachabilities = Vec::new();
    for (kind, detail) in details {
        reachabilities.push(Reachability {
            target: AreaId(0),
            detail,
            start: Vec3::new(1.0, 2.0, 3.0),
            end: Vec3::new(4.0, 5.0, 6.0),
            travel: Travel::new(kind).with_team(TravelTeamFlags::NOTTEAM2),
            travel_time: 42,
        });
    }
    let mut unknown = reachabilities[0];
    unknown.travel = Travel::from_raw(77);
    unknown.detail = ReachDetail::Unknown {
        face_num: -9,
        edge_num: 123_456,
    };
    reachabilities.push(unknown);
    // Every reachability leaves the first area.
    let count = u32::try_from(reachabilities.len()).unwrap();
    for area in &mut world.areas {
        area.reachabilities = count..count;
    }
    world.areas[0].reachabilities = 0..count;
    world.reachabilities = reachabilities;

    let file = AasFile::from_bytes(&world.to_q3().to_bytes()).unwrap();
    let back = AasWorld::from_q3(&file).unwrap();
    assert_eq!(back.reachabilities, world.reachabilities);
    assert_eq!(
        file.reachabilities[2].face_num,
        -i32::try_from(world.faces.len()).unwrap()
    );
    assert_eq!(
        file.reachabilities[2].edge_num,
        -i32::try_from(world.edges.len()).unwrap()
    );
    assert_eq!(file.reachabilities[2].travel_type, (2 << 24) | 5);
}

#[test]
fn shared_worlds_round_trip_through_the_native_format() {
    let Some(dir) = shared_maps_dir() else { return };
    for map in SHARED_MAPS {
        let file = AasFile::from_bytes(&read_shared(&dir, map, "aas")).unwrap();
        let world = AasWorld::from_q3(&file).unwrap();
        world.validate().unwrap();
        let bytes = world.to_native().unwrap();
        let back = AasWorld::from_native(&bytes).unwrap_or_else(|error| panic!("{map}: {error}"));
        assert!(back.to_q3().to_bytes() == world.to_q3().to_bytes(), "{map}");
    }
}

#[test]
fn damaged_native_files_are_errors_not_panics() {
    let Some(dir) = shared_maps_dir() else { return };
    let file = AasFile::from_bytes(&read_shared(&dir, "oa_bases3cl", "aas")).unwrap();
    let bytes = AasWorld::from_q3(&file).unwrap().to_native().unwrap();
    for cut in (0..bytes.len()).step_by(97).chain(0..30) {
        assert!(
            AasWorld::from_native(&bytes[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    // A flipped payload bit fails the checksum; a flipped header bit fails magic, version or
    // length.
    let mut state = 0x00C0_FFEE_u64;
    for _ in 0..500 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let bit = usize::try_from(state >> 33).unwrap() % (bytes.len() * 8);
        let mut damaged = bytes.clone();
        damaged[bit / 8] ^= 1 << (bit % 8);
        assert!(AasWorld::from_native(&damaged).is_err(), "bit {bit}");
    }
    assert!(matches!(
        AasWorld::from_native(b"Q3BOTAAS\x02\0\0\0"),
        Err(NativeError::Truncated { .. })
    ));
}

#[test]
fn inconsistent_native_worlds_are_rejected() {
    let Some(dir) = shared_maps_dir() else { return };
    let file = AasFile::from_bytes(&read_shared(&dir, "oa_bases3cl", "aas")).unwrap();
    let mut world = AasWorld::from_q3(&file).unwrap();
    world.reachabilities[3].target = AreaId(1_000_000);
    let error = world.validate().unwrap_err();
    assert_eq!(
        (error.record, error.index, error.field),
        ("reachability", 3, "target")
    );
    let bytes = world.to_native().unwrap();
    assert!(matches!(
        AasWorld::from_native(&bytes),
        Err(NativeError::Invalid(_))
    ));
    world.reachabilities[3].target = AreaId(0);
    world.areas[2].faces = std::ops::Range { start: 5, end: 2 };
    assert_eq!(world.validate().unwrap_err().field, "faces");
}

#[test]
fn load_reads_either_format_and_names_the_file_in_its_errors() {
    use aas_geom::world::WorldLoadError;
    let Some(dir) = shared_maps_dir() else { return };
    let map = SHARED_MAPS[0];
    let q3_bytes = read_shared(&dir, map, "aas");
    let world = AasWorld::from_q3(&AasFile::from_bytes(&q3_bytes).unwrap()).unwrap();
    let scratch = std::env::temp_dir().join(format!("aas-geom-load-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let (q3, native, garbage, missing) = (
        scratch.join("q3.aas"),
        scratch.join("native.aas"),
        scratch.join("garbage.aas"),
        scratch.join("missing.aas"),
    );
    std::fs::write(&q3, &q3_bytes).unwrap();
    std::fs::write(&native, world.to_native().unwrap()).unwrap();
    std::fs::write(&garbage, b"not an aas file at all").unwrap();
    assert_eq!(AasWorld::load(&q3).unwrap(), world);
    assert_eq!(AasWorld::load(&native).unwrap(), world);
    let mut damaged = world.to_native().unwrap();
    let last = damaged.len() - 1;
    damaged[last] ^= 0xff;
    std::fs::write(&native, damaged).unwrap();
    for (path, expected) in [(&garbage, "aas"), (&missing, "io"), (&native, "native")] {
        let error = AasWorld::load(path).unwrap_err();
        let kind = match error {
            WorldLoadError::Io { .. } => "io",
            WorldLoadError::Aas { .. } => "aas",
            WorldLoadError::Native { .. } => "native",
            WorldLoadError::Import { .. } => "import",
        };
        assert_eq!(kind, expected, "{}: {error}", path.display());
        assert!(error.to_string().starts_with(&path.display().to_string()));
    }
    std::fs::remove_dir_all(&scratch).unwrap();
}
