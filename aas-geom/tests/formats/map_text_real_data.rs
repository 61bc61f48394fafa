//! The `.map` reader on the nine real `OpenArena` maps of `../shared/maps/openarena-lostlevels/`
//! (GPL data, read in place, never copied).
//!
//! The data folder is `$REAL_DATA` (which must then exist) or `<workspace>/../shared`; without
//! either the tests print that they were skipped.

use crate::common::shared_maps_dir;
use aas_geom::brush::{Brush, Contents};
use aas_geom::format::map_text::{MapSettings, read_map};
use glam::DVec3;

/// BSP brush-lump counts from `../shared/reference/real-data.md` §1.4 "Feature census",
/// column "Brushes" (these exclude patches). The document states the `.map` brush count equals
/// the BSP brush lump for all nine maps.
const BSP_BRUSHES: [(&str, usize); 9] = [
    ("q3dm6ish", 449),
    ("oa_dm1v2", 671),
    ("am_galmevish", 170),
    ("oa_bases3cl", 236),
    ("blitzkrieg2", 712),
    ("dm4ish", 649),
    ("ps37ctf", 490),
    ("am_underworks", 345),
    ("dm3ish", 693),
];

/// `patchDef2` counts that real-data.md §"What is where" states for the `.map` sources.
const DOCUMENTED_MAP_PATCHES: [(&str, usize); 2] = [("oa_dm1v2", 13), ("ps37ctf", 22)];

/// An independent count of patches: lines whose only token is `patchDef2`.
fn scan_patch_count(bytes: &[u8]) -> usize {
    bytes
        .split(|&b| b == b'\n')
        .filter(|line| line.trim_ascii() == b"patchDef2")
        .count()
}

/// Vertices of a brush, by intersecting every triple of its planes and keeping the points
/// inside all of them; the brush is first clipped to a huge box so that an unbounded brush
/// shows up as vertices on the box.
fn brush_vertices(brush: &Brush) -> Vec<DVec3> {
    const BOX: f64 = 1.0e6;
    const EPSILON: f64 = 0.01;
    let mut planes: Vec<(DVec3, f64)> = brush
        .sides
        .iter()
        .map(|side| (side.plane.normal, side.plane.dist))
        .collect();
    for axis in [DVec3::X, DVec3::Y, DVec3::Z] {
        planes.push((axis, BOX));
        planes.push((-axis, BOX));
    }
    let mut vertices: Vec<DVec3> = Vec::new();
    for i in 0..planes.len() {
        for j in i + 1..planes.len() {
            for k in j + 1..planes.len() {
                let (ni, di) = planes[i];
                let (nj, dj) = planes[j];
                let (nk, dk) = planes[k];
                let det = ni.cross(nj).dot(nk);
                if det.abs() < 1e-9 {
                    continue;
                }
                let point = (nj.cross(nk) * di + nk.cross(ni) * dj + ni.cross(nj) * dk) / det;
                if planes.iter().all(|&(n, d)| n.dot(point) - d <= EPSILON)
                    && !vertices.iter().any(|v| v.distance(point) < EPSILON)
                {
                    vertices.push(point);
                }
            }
        }
    }
    vertices
}

/// Panics unless `brush` is a bounded convex region with non-zero volume.
fn assert_bounded_solid(map: &str, brush: &Brush) {
    let vertices = brush_vertices(brush);
    let label = format!(
        "{map}: entity {:?} brush {} at {}",
        brush.entity, brush.index, brush.location
    );
    assert!(
        vertices.len() >= 4,
        "{label}: only {} vertices",
        vertices.len()
    );
    assert!(
        vertices.iter().all(|v| v.abs().max_element() < 0.5e6),
        "{label}: unbounded"
    );
    // The average of the vertices of a polytope with volume is strictly inside every side.
    let centre = vertices.iter().copied().sum::<DVec3>() / vertices.len() as f64;
    for side in &brush.sides {
        assert!(
            side.plane.distance_to(centre) < -0.01,
            "{label}: no volume behind side {:?}",
            side.plane
        );
    }
}

#[test]
fn every_real_map_loads_with_the_documented_counts() {
    let Some(dir) = shared_maps_dir() else {
        return;
    };
    for (name, bsp_brushes) in BSP_BRUSHES {
        let path = dir.join(format!("{name}.map"));
        let bytes = std::fs::read(&path).unwrap();
        let world = read_map(&bytes, &MapSettings::default())
            .unwrap_or_else(|error| panic!("{}", error.with_file(&path)));

        assert!(
            world.brushes.len().abs_diff(bsp_brushes) <= 1,
            "{name}: {} brushes, BSP has {bsp_brushes}",
            world.brushes.len()
        );
        let scanned = scan_patch_count(&bytes);
        assert_eq!(world.patches.len(), scanned, "{name}: patches");
        if let Some((_, documented)) = DOCUMENTED_MAP_PATCHES.iter().find(|(n, _)| *n == name) {
            assert_eq!(
                world.patches.len(),
                *documented,
                "{name}: documented patches"
            );
        }

        assert_eq!(world.entities[0].classname(), "worldspawn", "{name}");
        assert_eq!(world.models[0].entity, Some(0), "{name}");
        let model_brushes: usize = world.models.iter().map(|m| m.brush_count).sum();
        let model_patches: usize = world.models.iter().map(|m| m.patch_count).sum();
        assert_eq!(model_brushes, world.brushes.len(), "{name}");
        assert_eq!(model_patches, world.patches.len(), "{name}");
        for (number, model) in world.models.iter().enumerate().skip(1) {
            let entity = &world.entities[model.entity.unwrap()];
            assert!(
                model.brush_count + model.patch_count > 0,
                "{name}: model {number} of {} is empty",
                entity.classname()
            );
        }
        for brush in &world.brushes {
            assert!(brush.sides.len() >= 4, "{name}: brush {}", brush.index);
            assert_bounded_solid(name, brush);
        }
    }
}

#[test]
fn real_liquids_get_liquid_contents() {
    let Some(dir) = shared_maps_dir() else {
        return;
    };
    // Maps whose reference AAS has water or lava areas (real-data.md §1.5) and whose liquid
    // textures the default rules recognise by name (dm4ish's water areas come from its lava
    // shader, whose compiled contents carry the water bit too, and am_galmevish's lava area
    // from a texture without a liquid name).
    for (name, liquid) in [
        ("am_galmevish", Contents::WATER),
        ("oa_bases3cl", Contents::WATER),
        ("blitzkrieg2", Contents::WATER),
        ("dm4ish", Contents::LAVA),
        ("ps37ctf", Contents::WATER),
        ("dm3ish", Contents::WATER),
    ] {
        let bytes = std::fs::read(dir.join(format!("{name}.map"))).unwrap();
        let world = read_map(&bytes, &MapSettings::default()).unwrap();
        assert!(
            world.brushes.iter().any(|b| b.contents.contains(liquid)),
            "{name}: no {liquid:?} brush"
        );
    }
}

#[test]
#[expect(
    clippy::print_stdout,
    reason = "reports measured facts of the real maps"
)]
fn real_map_summary() {
    let Some(dir) = shared_maps_dir() else {
        return;
    };
    for (name, _) in BSP_BRUSHES {
        let bytes = std::fs::read(dir.join(format!("{name}.map"))).unwrap();
        let world = read_map(&bytes, &MapSettings::default()).unwrap();
        let count = |c: Contents| {
            world
                .brushes
                .iter()
                .filter(|b| b.contents.intersects(c))
                .count()
        };
        println!(
            "{name}: entities {} brushes {} patches {} patch-brushes {} models {} textures {} \
             solid {} playerclip {} trigger {} water {} lava {} detail {} clusterportal {} donotenter {}",
            world.entities.len(),
            world.brushes.len(),
            world.patches.len(),
            world.patches.iter().map(|p| p.brushes.len()).sum::<usize>(),
            world.models.len(),
            world.textures.len(),
            count(Contents::SOLID),
            count(Contents::PLAYERCLIP),
            count(Contents::TRIGGER),
            count(Contents::WATER),
            count(Contents::LAVA),
            count(Contents::DETAIL),
            count(Contents::CLUSTERPORTAL),
            count(Contents::DONOTENTER),
        );
    }
}
