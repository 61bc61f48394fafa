//! Entity extraction on the nine real maps of `../shared/maps/openarena-lostlevels/` (GPL
//! data, read in place, never copied): counts against the feature census of
//! `../shared/reference/real-data.md` §1.4, finite velocities, and agreement between each
//! map's `.bsp` and its `.map` source.

use std::path::Path;

use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};
use aas_geom::entities::{DEFAULT_GRAVITY, TELEPORT_EXIT_SPEED};
use aas_geom::format::{ReadSettings, read_brush_world};
use aas_geom::{BrushWorld, MapEntities, extract_entities, world_gravity};
use glam::Vec3;

/// Per map: `trigger_push`, `trigger_teleport` and `func_plat` counts (real-data.md §1.4;
/// every one of these entities has a usable target), then the item spots we find (classes
/// `item_*`, `weapon_*`, `ammo_*`, `holdable_*` and the red and blue flags; the
/// `team_CTF_neutralflag` most of these maps carry is not counted).
const EXPECTED: [(&str, usize, usize, usize, usize); 9] = [
    ("q3dm6ish", 3, 0, 0, 35),
    ("oa_dm1v2", 0, 1, 0, 44),
    ("am_galmevish", 0, 4, 0, 31),
    ("oa_bases3cl", 0, 0, 0, 44),
    ("blitzkrieg2", 3, 3, 0, 44),
    ("dm4ish", 0, 0, 0, 36),
    ("ps37ctf", 0, 0, 0, 56),
    ("am_underworks", 4, 0, 0, 47),
    ("dm3ish", 0, 2, 1, 47),
];

fn read(dir: &Path, map: &str, extension: &str) -> BrushWorld {
    let bytes = read_shared(dir, map, extension);
    read_brush_world(&bytes, Path::new(map), &ReadSettings::default())
        .unwrap_or_else(|error| panic!("{map}.{extension}: {error}"))
}

fn close(a: Vec3, b: Vec3, tolerance: f32) -> bool {
    (a - b).abs().max_element() <= tolerance
}

/// Checks that hold for any map: nothing skipped, finite pads peaking at their targets,
/// teleporters leaving at the exit speed.
fn check_sane(name: &str, found: &MapEntities, gravity: f32) {
    let skipped: Vec<String> = found
        .diagnostics
        .iter()
        .filter(|d| d.skipped)
        .map(ToString::to_string)
        .collect();
    assert!(skipped.is_empty(), "{name}: {skipped:?}");
    for pad in &found.jump_pads {
        assert!(pad.velocity.is_finite(), "{name}: {pad:?}");
        assert!(pad.velocity.z > 0.0, "{name}: {pad:?}");
        assert!(pad.mins.cmplt(pad.maxs).all(), "{name}: {pad:?}");
        assert!(
            close(pad.apex(gravity), pad.target, 0.05),
            "{name}: {pad:?}"
        );
    }
    for teleporter in &found.teleporters {
        assert!(teleporter.destination.is_finite(), "{name}: {teleporter:?}");
        assert!(
            (teleporter.exit_velocity.length() - TELEPORT_EXIT_SPEED).abs() < 1e-2,
            "{name}: {teleporter:?}"
        );
        assert!(
            teleporter.mins.cmplt(teleporter.maxs).all(),
            "{name}: {teleporter:?}"
        );
    }
    for item in &found.items {
        assert!(item.origin.is_finite(), "{name}: {item:?}");
    }
}

#[test]
fn counts_match_the_census_and_velocities_are_finite() {
    assert_eq!(EXPECTED.map(|row| row.0), SHARED_MAPS);
    let Some(dir) = shared_maps_dir() else { return };
    for (map, pads, teleporters, plats, items) in EXPECTED {
        for extension in ["bsp", "map"] {
            let world = read(&dir, map, extension);
            let gravity = world_gravity(&world);
            assert_eq!(gravity, DEFAULT_GRAVITY, "{map}: no map sets a gravity");
            let found = extract_entities(&world, gravity);
            let name = format!("{map}.{extension}");
            let counts = (
                found.jump_pads.len(),
                found.teleporters.len(),
                found.plats.len(),
                found.bobbers.len(),
                found.items.len(),
            );
            assert_eq!(counts, (pads, teleporters, plats, 0, items), "{name}");
            check_sane(&name, &found, gravity);
        }
    }
}

#[test]
fn bsp_and_map_source_agree() {
    let Some(dir) = shared_maps_dir() else { return };
    for (map, ..) in EXPECTED {
        let bsp = extract_entities(&read(&dir, map, "bsp"), DEFAULT_GRAVITY);
        let source = extract_entities(&read(&dir, map, "map"), DEFAULT_GRAVITY);
        // Entity indices differ (the map compiler drops lights and the like); the rest agrees
        // up to the rounding of brush planes in the BSP.
        for (a, b) in bsp.jump_pads.iter().zip(&source.jump_pads) {
            assert_eq!((a.model, a.target), (b.model, b.target), "{map}");
            assert!(
                close(a.mins, b.mins, 1e-3) && close(a.maxs, b.maxs, 1e-3),
                "{map}"
            );
            assert!(close(a.velocity, b.velocity, 1e-2), "{map}: {a:?} {b:?}");
        }
        for (a, b) in bsp.teleporters.iter().zip(&source.teleporters) {
            assert_eq!((a.model, a.destination), (b.model, b.destination), "{map}");
            assert_eq!(a.yaw_degrees, b.yaw_degrees, "{map}");
            assert!(
                close(a.mins, b.mins, 1e-3) && close(a.maxs, b.maxs, 1e-3),
                "{map}"
            );
        }
        for (a, b) in bsp.plats.iter().zip(&source.plats) {
            assert_eq!(
                (a.model, a.height, a.speed),
                (b.model, b.height, b.speed),
                "{map}"
            );
            assert!(
                close(a.mins, b.mins, 1e-3) && close(a.maxs, b.maxs, 1e-3),
                "{map}"
            );
        }
        assert_eq!(bsp.items, source.items, "{map}");
    }
}

#[test]
fn dm3ish_lift_and_teleporters() {
    let Some(dir) = shared_maps_dir() else { return };
    let found = extract_entities(&read(&dir, "dm3ish", "bsp"), DEFAULT_GRAVITY);
    let [plat] = found.plats.as_slice() else {
        panic!("{:?}", found.plats)
    };
    // "speed" 150 and "height" 288 are given; lip and wait are the defaults.
    assert_eq!(
        (plat.height, plat.speed, plat.lip, plat.wait),
        (288.0, 150.0, 8.0, 1.0)
    );
    assert_eq!(plat.bottom_offset_z, -288.0);
    assert_eq!(plat.bottom_bounds().1.z, plat.maxs.z - 288.0);
    // Both teleporters lead to misc_teleporter_dest entities facing 180° and 90°.
    let yaws: Vec<f32> = found.teleporters.iter().map(|t| t.yaw_degrees).collect();
    assert_eq!(yaws, vec![180.0, 90.0]);
    assert!(close(
        found.teleporters[0].exit_velocity,
        Vec3::new(-400.0, 0.0, 0.0),
        1e-3
    ));
}

#[test]
fn blitzkrieg2_targets_are_target_push_and_target_teleporter_entities() {
    let Some(dir) = shared_maps_dir() else { return };
    let world = read(&dir, "blitzkrieg2", "bsp");
    let found = extract_entities(&world, DEFAULT_GRAVITY);
    // The pads aim at target_push entities and the teleporters lead to target_teleporter
    // entities: only their origin and facing are read, whatever their class.
    let target_classes = |origins: Vec<Vec3>| -> Vec<String> {
        origins
            .into_iter()
            .map(|origin| {
                world
                    .entities
                    .iter()
                    .find(|e| e.origin().is_some_and(|o| o.as_vec3() == origin))
                    .map(|e| e.classname().to_owned())
                    .unwrap_or_default()
            })
            .collect()
    };
    let pads = target_classes(found.jump_pads.iter().map(|p| p.target).collect());
    assert_eq!(pads, vec!["target_push"; 3]);
    let teleports = target_classes(found.teleporters.iter().map(|t| t.destination).collect());
    assert_eq!(teleports, vec!["target_teleporter"; 3]);
}
