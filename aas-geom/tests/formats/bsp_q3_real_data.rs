//! The IBSP reader on the nine real maps of `../shared/maps/openarena-lostlevels/` (GPL data,
//! read in place, never copied): counts checked against values computed independently from
//! the raw bytes and against the feature census of `../shared/reference/real-data.md` §1.4.

use crate::common::{read_shared, shared_maps_dir};
use aas_geom::brush::{Brush, BspLump};
use aas_geom::format::bsp_q3::{BspFile, read_bsp};
use aas_geom::{Contents, PatchSettings};
use glam::DVec3;

/// One row of the feature census table, real-data.md §1.4 ("Feature census").
struct Census {
    map: &'static str,
    brushes: usize,
    patches: usize,
    entities: usize,
    trigger_push: usize,
    trigger_teleport: usize,
    func_plat: usize,
}

/// Columns Brushes, Patches, Entities, `trigger_push`, `trigger_teleport` and `func_plat` of the
/// table in `../shared/reference/real-data.md` §1.4.
const CENSUS: [Census; 9] = [
    census("q3dm6ish", 449, 0, 63, 3, 0, 0),
    census("oa_dm1v2", 671, 3, 109, 0, 1, 0),
    census("am_galmevish", 170, 0, 143, 0, 4, 0),
    census("oa_bases3cl", 236, 0, 89, 0, 0, 0),
    census("blitzkrieg2", 712, 0, 67, 3, 3, 0),
    census("dm4ish", 649, 0, 47, 0, 0, 0),
    census("ps37ctf", 490, 21, 149, 0, 0, 0),
    census("am_underworks", 345, 56, 91, 4, 0, 0),
    census("dm3ish", 693, 0, 64, 0, 2, 1),
];

const fn census(
    map: &'static str,
    brushes: usize,
    patches: usize,
    entities: usize,
    trigger_push: usize,
    trigger_teleport: usize,
    func_plat: usize,
) -> Census {
    Census {
        map,
        brushes,
        patches,
        entities,
        trigger_push,
        trigger_teleport,
        func_plat,
    }
}

/// `(fileofs, filelen)` of lump `index`, read directly from the header bytes.
fn raw_lump(bytes: &[u8], index: usize) -> (usize, usize) {
    let word = |at: usize| {
        let value = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        usize::try_from(value).unwrap()
    };
    (word(8 + 8 * index), word(12 + 8 * index))
}

/// Counts top-level `{ ... }` blocks of entity text by a direct byte scan (quotes respected).
fn count_entity_blocks(text: &[u8]) -> usize {
    let (mut depth, mut blocks, mut quoted) = (0usize, 0usize, false);
    for &byte in text.iter().take_while(|&&b| b != 0) {
        match byte {
            b'"' => quoted = !quoted,
            b'{' if !quoted => {
                if depth == 0 {
                    blocks += 1;
                }
                depth += 1;
            }
            b'}' if !quoted => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    blocks
}

/// Whether `brush` is exactly the thin prism behind the convex facet `corners` (in winding
/// order) of thickness `thickness`: a front plane along the facet normal through the frontmost
/// corner with every corner at most `planar` behind it, a back plane `thickness` behind, and
/// one plane per edge through both its ends, with all corners and their projections onto the
/// back plane inside every side.
fn is_closed_prism(brush: &Brush, corners: &[DVec3], thickness: f64, planar: f64) -> bool {
    if brush.sides.len() != corners.len() + 2 {
        return false;
    }
    let front = brush.sides[0].plane;
    let back = brush.sides[1].plane;
    let scale = corners
        .iter()
        .map(|c| c.abs().max_element())
        .fold(1.0, f64::max);
    let eps = 1e-9 * scale;
    let heights: Vec<f64> = corners.iter().map(|&c| front.distance_to(c)).collect();
    let behind: Vec<DVec3> = corners
        .iter()
        .zip(&heights)
        .map(|(&c, &h)| c - front.normal * (h + thickness))
        .collect();
    let edges_touch = brush.sides[2..].iter().enumerate().all(|(edge, side)| {
        let (start, end) = (corners[edge], corners[(edge + 1) % corners.len()]);
        side.plane.distance_to(start).abs() <= eps && side.plane.distance_to(end).abs() <= eps
    });
    heights.iter().all(|&h| h <= eps && h >= -planar - eps)
        && heights.iter().any(|&h| h.abs() <= eps)
        && back.normal.distance(-front.normal) <= 1e-12
        && (back.dist + front.dist - thickness).abs() <= eps
        && edges_touch
        && brush.sides.iter().all(|side| {
            corners
                .iter()
                .chain(&behind)
                .all(|&c| side.plane.distance_to(c) <= eps)
        })
}

#[test]
fn every_real_map_reads_with_the_census_counts() {
    let Some(data) = shared_maps_dir() else {
        return;
    };
    let settings = PatchSettings::default();
    for row in &CENSUS {
        let bytes = read_shared(&data, row.map, "bsp");
        let file =
            BspFile::from_bytes(&bytes).unwrap_or_else(|error| panic!("{}: {error}", row.map));
        let world = file
            .to_brush_world(&settings)
            .unwrap_or_else(|error| panic!("{}: {error}", row.map));
        let map = row.map;
        assert_eq!(
            read_bsp(&bytes, &settings).as_ref(),
            Ok(&world),
            "{map}: read_bsp"
        );

        // Brushes: the reader, the raw header and the census agree.
        let (_, brush_bytes) = raw_lump(&bytes, 8);
        assert_eq!(
            world.brushes.len(),
            brush_bytes / 12,
            "{map}: brushes vs raw lump"
        );
        assert_eq!(world.brushes.len(), row.brushes, "{map}: brushes vs census");
        assert_eq!(file.record_count(BspLump::Brushes), row.brushes, "{map}");
        for (index, brush) in world.brushes.iter().enumerate() {
            assert_eq!(brush.index, index, "{map}");
        }

        // Entities: the reader, an independent scan of the raw text and the census agree.
        let (entities_at, entities_len) = raw_lump(&bytes, 0);
        let blocks = count_entity_blocks(&bytes[entities_at..entities_at + entities_len]);
        assert_eq!(world.entities.len(), blocks, "{map}: entities vs raw scan");
        assert_eq!(
            world.entities.len(),
            row.entities,
            "{map}: entities vs census"
        );
        assert_eq!(world.entities[0].classname(), "worldspawn", "{map}");

        let counts = world.classname_counts();
        let count = |name: &str| counts.get(name).copied().unwrap_or(0);
        assert_eq!(
            count("trigger_push"),
            row.trigger_push,
            "{map}: trigger_push"
        );
        assert_eq!(
            count("trigger_teleport"),
            row.trigger_teleport,
            "{map}: trigger_teleport"
        );
        assert_eq!(count("func_plat"), row.func_plat, "{map}: func_plat");

        // Patches.
        assert_eq!(world.patches.len(), row.patches, "{map}: patches vs census");

        // Models: one per record, world owned by worldspawn, every "*N" exists and is owned.
        assert_eq!(
            world.models.len(),
            file.record_count(BspLump::Models),
            "{map}"
        );
        assert_eq!(world.models[0].entity, Some(0), "{map}");
        for (index, entity) in world.entities.iter().enumerate() {
            if let Some(model) = entity.brush_model() {
                let model = usize::try_from(model).unwrap();
                assert!(
                    model < world.models.len(),
                    "{map}: entity {index} names missing *{model}"
                );
                assert!(
                    world.models[model].entity.is_some(),
                    "{map}: *{model} has no owner"
                );
            }
        }
        let brushes_in_models: usize = world.models.iter().map(|m| m.brush_count).sum();
        assert_eq!(brushes_in_models, world.brushes.len(), "{map}");
        let patches_in_models: usize = world.models.iter().map(|m| m.patch_count).sum();
        assert_eq!(patches_in_models, world.patches.len(), "{map}");
        assert!(
            world.brushes.iter().all(|b| b.entity.is_some()),
            "{map}: brush outside models"
        );

        // Brush sides: unit planes; contents from the brush's shader.
        for (brush, record) in world.brushes.iter().zip(&file.brushes) {
            assert_eq!(
                brush.contents, file.shaders[record.shader as usize].contents,
                "{map}"
            );
            assert_eq!(brush.sides.len(), record.side_count as usize, "{map}");
            for side in &brush.sides {
                let length = side.plane.normal.length();
                assert!(
                    (length - 1.0).abs() <= 1e-9,
                    "{map}: normal length {length}"
                );
                assert!(side.plane.dist.is_finite(), "{map}");
            }
        }

        // Patches: one thin brush per facet, the closed prism behind it; a quad's corners are
        // coplanar within 0.01.
        for patch in &world.patches {
            assert_eq!(patch.brushes.len(), patch.facets.len(), "{map}");
            assert!(
                !patch.brushes.is_empty(),
                "{map}: patch {} has no brushes",
                patch.index
            );
            for (facet, brush) in patch.facets.iter().zip(&patch.brushes) {
                let corners = facet.corners(&patch.vertices);
                assert!(
                    matches!(corners.len(), 3 | 4),
                    "{map}: patch {}",
                    patch.index
                );
                assert!(
                    is_closed_prism(brush, &corners, settings.thickness, 0.01),
                    "{map}: patch {} brush is not a closed prism",
                    patch.index
                );
            }
        }
        if row.patches > 0 {
            assert!(
                world
                    .patches
                    .iter()
                    .any(|p| p.contents.contains(Contents::SOLID)),
                "{map}: no solid patch"
            );
        }
    }
}

#[test]
fn bsp_checksums_match_the_reference_aas_headers() {
    let Some(data) = shared_maps_dir() else {
        return;
    };
    for row in &CENSUS {
        let bsp = read_shared(&data, row.map, "bsp");
        let aas =
            aas_geom::format::aas_q3::AasFile::from_bytes(&read_shared(&data, row.map, "aas"))
                .unwrap();
        assert_eq!(
            aas_geom::format::bsp_q3::bsp_checksum(&bsp),
            aas.bsp_checksum,
            "{}",
            row.map
        );
    }
}

/// The facets face the side q3map lit: over the patches of the nine maps, the facet normal and
/// the draw-vertex normal of the control point nearest to the facet's centroid agree
/// (positive dot product) for every facet.
#[test]
fn patch_facets_face_the_drawn_side_of_the_real_maps() {
    let Some(data) = shared_maps_dir() else {
        return;
    };
    let settings = PatchSettings::default();
    let (mut agreeing, mut total) = (0usize, 0usize);
    let mut disagreeing = Vec::new();
    for row in &CENSUS {
        let map = row.map;
        let file = BspFile::from_bytes(&read_shared(&data, map, "bsp")).unwrap();
        let world = file.to_brush_world(&settings).unwrap();
        for patch in &world.patches {
            let surface = &file.surfaces[patch.index];
            let first = surface.first_vert as usize;
            let verts = &file.draw_verts[first..first + surface.vert_count as usize];
            assert_eq!(verts.len(), patch.control_points.len(), "{map}");
            for (vert, &point) in verts.iter().zip(&patch.control_points) {
                assert_eq!(
                    vert.position.as_dvec3(),
                    point,
                    "{map}: patch {}",
                    patch.index
                );
            }
            for facet in &patch.facets {
                let corners = facet.corners(&patch.vertices);
                let centroid = corners.iter().copied().sum::<DVec3>() / corners.len() as f64;
                let nearest = (0..verts.len())
                    .min_by(|&a, &b| {
                        let distance =
                            |i: usize| patch.control_points[i].distance_squared(centroid);
                        distance(a).total_cmp(&distance(b))
                    })
                    .unwrap();
                let lit = verts[nearest].normal.as_dvec3();
                total += 1;
                if facet.normal(&patch.vertices).dot(lit) > 0.0 {
                    agreeing += 1;
                } else {
                    disagreeing.push((map, patch.index, *facet));
                }
            }
        }
    }
    assert!(total > 0);
    let fraction = agreeing as f64 / total as f64;
    assert_eq!(
        agreeing,
        total,
        "facets facing the lit side: {agreeing}/{total} = {fraction:.4}; first disagreeing: {:?}",
        &disagreeing[..disagreeing.len().min(8)]
    );
}
