//! Unit and property tests of patch tessellation.

use super::*;
use proptest::prelude::*;

/// The planarity tolerance the tessellation promises, written out independently of
/// [`QUAD_PLANE_EPSILON`].
const PLANAR: f64 = 0.01;

fn source(width: u32, height: u32, control_points: Vec<DVec3>) -> PatchSource {
    PatchSource {
        width,
        height,
        control_points,
        texture: TextureId(0),
        contents: Contents::SOLID,
        entity: Some(0),
        model: ModelNum::WORLD,
        index: 0,
        location: SourceLocation::Text { line: 1, column: 1 },
    }
}

/// A flat grid, 32 units between control points, x along rows and y down columns.
fn flat_source(width: u32, height: u32) -> PatchSource {
    let mut control_points = Vec::new();
    for y in 0..height {
        for x in 0..width {
            control_points.push(DVec3::new(f64::from(x) * 32.0, f64::from(y) * 32.0, 0.0));
        }
    }
    source(width, height, control_points)
}

/// A 3 × 3 patch whose one cell (with straight rows and columns) has corners `a b c d`
/// at (column, row) (0, 0), (1, 0), (0, 1), (1, 1): the control points are the bilinear
/// blend of the corners.
fn bilinear_source([a, b, c, d]: [DVec3; 4]) -> PatchSource {
    let mut control_points = Vec::new();
    for y in 0..3 {
        for x in 0..3 {
            let (s, t) = (f64::from(x) / 2.0, f64::from(y) / 2.0);
            control_points.push(a.lerp(b, s).lerp(c.lerp(d, s), t));
        }
    }
    source(3, 3, control_points)
}

fn settings(max_subdivisions: u32, max_error: f64, thickness: f64) -> PatchSettings {
    PatchSettings {
        max_subdivisions,
        max_error,
        thickness,
    }
}

fn quads(patch: &Patch) -> usize {
    patch
        .facets
        .iter()
        .filter(|f| matches!(f, Facet::Quad(_)))
        .count()
}

#[test]
fn flat_3x3_patch_is_one_quad() {
    let patch = Patch::tessellate(flat_source(3, 3), PatchSettings::default()).unwrap();
    assert_eq!(
        (patch.column_steps.clone(), patch.row_steps.clone()),
        (vec![1], vec![1])
    );
    assert_eq!((patch.grid_width, patch.grid_height), (2, 2));
    assert_eq!(
        patch.vertices,
        [
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::new(0.0, 64.0, 0.0),
            DVec3::new(64.0, 64.0, 0.0)
        ]
    );
    assert_eq!(patch.facets, [Facet::Quad([0, 1, 3, 2])]);
    assert_eq!(patch.brushes.len(), 1);
    // Front, back and four edges; the drawn side is +z (x across rows, y down columns).
    let sides = &patch.brushes[0].sides;
    assert_eq!(sides.len(), 6);
    assert_eq!(sides[0].plane.normal, DVec3::Z);
    assert_eq!(sides[0].plane.dist, 0.0);
    assert_eq!(sides[1].plane.normal, -DVec3::Z);
    assert_eq!(sides[1].plane.dist, 2.0);
    assert!(patch.facets[0].normal(&patch.vertices).dot(DVec3::Z) > 0.0);
}

#[test]
fn flat_5x3_patch_is_one_quad_per_span() {
    let patch = Patch::tessellate(flat_source(5, 3), PatchSettings::default()).unwrap();
    assert_eq!(patch.column_steps, [1, 1]);
    assert_eq!(patch.row_steps, [1]);
    assert_eq!((patch.grid_width, patch.grid_height), (3, 2));
    assert_eq!(
        patch.facets,
        [Facet::Quad([0, 1, 4, 3]), Facet::Quad([1, 2, 5, 4])]
    );
    assert_eq!(patch.brushes.len(), 2);
    // The corners of the surface are the corner control points.
    assert_eq!(patch.vertices[0], DVec3::ZERO);
    assert_eq!(
        *patch.vertices.last().unwrap(),
        DVec3::new(128.0, 64.0, 0.0)
    );
}

#[test]
fn max_subdivisions_bounds_a_flat_patch_from_neither_side() {
    // A flat patch takes one step whatever the cap.
    for cap in [1, 3, MAX_SUBDIVISIONS] {
        let patch = Patch::tessellate(flat_source(3, 5), settings(cap, 16.0, 1.0)).unwrap();
        assert_eq!(patch.column_steps, [1]);
        assert_eq!(patch.row_steps, [1, 1]);
        assert_eq!(patch.facets.len(), 2);
    }
}

#[test]
fn patch_curved_only_along_u_is_subdivided_only_along_u() {
    // Rows bulge 200 units in z at their middle control point; columns are straight.
    let mut patch_source = flat_source(3, 3);
    for y in 0..3 {
        patch_source.control_points[y * 3 + 1].z = 200.0;
    }
    let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
    // |P0 − 2·P1 + P2| = |(0, 0, −400)| = 400: halved while the midpoint deviation is 16 or
    // more: 400 / 4 = 100, 400 / (4·2²) = 25, then 400 / (4·4²) = 6.25 < 16, so 4 steps
    // (the old smallest-count rule took 3: 400 / 36 = 11.1).
    assert_eq!(patch.column_steps, [4]);
    assert_eq!(patch.row_steps, [1]);
    assert_eq!((patch.grid_width, patch.grid_height), (5, 2));
    // Each cell is a flat strip across the straight columns.
    assert_eq!(patch.facets.len(), 4);
    assert_eq!(quads(&patch), 4);
    // The same curve along v instead.
    let mut patch_source = flat_source(3, 3);
    for x in 0..3 {
        patch_source.control_points[3 + x].z = 200.0;
    }
    let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
    assert_eq!((patch.column_steps, patch.row_steps), (vec![1], vec![4]));
    assert_eq!((patch.grid_width, patch.grid_height), (2, 5));
}

#[test]
fn quarter_circle_takes_four_steps_at_16_units() {
    // P0 = (256, 0), P1 = (256, 256), P2 = (0, 256) in x-y, extruded up z.
    let arc = [(256.0, 0.0), (256.0, 256.0), (0.0, 256.0)];
    let mut control_points = Vec::new();
    for z in [0.0, 64.0, 128.0] {
        control_points.extend(arc.map(|(x, y)| DVec3::new(x, y, z)));
    }
    let deviation = second_difference(control_points[0], control_points[1], control_points[2]);
    assert!((deviation - 256.0 * 2.0_f64.sqrt()).abs() < 1e-9);
    // 362.04 / 4 = 90.5 and 362.04 / 16 = 22.6 are 16 or more, 362.04 / 64 = 5.66 is not:
    // 4 steps (the smallest fitting count, 3, is not a power of two).
    assert_eq!(steps_for(deviation, 16.0, 8), 4);
    assert_eq!(steps_for(deviation, 16.0, 2), 2, "capped");
    assert_eq!(
        steps_for(deviation, 16.0, 3),
        3,
        "capped between powers of two"
    );
    // 8 units: 22.6 ≥ 8 > 5.66, still 4; 5 units: 5.66 ≥ 5 > 362.04 / 256 = 1.41, so 8
    // (where the smallest fitting count would be 5).
    assert_eq!(steps_for(deviation, 8.0, 8), 4);
    assert_eq!(steps_for(deviation, 5.0, 8), 8);
    assert_eq!(steps_for(deviation, 5.0, 6), 6, "capped");
    // 90.5 < 400: one step.
    assert_eq!(steps_for(deviation, 400.0, 8), 1);
    let patch = Patch::tessellate(source(3, 3, control_points), PatchSettings::default()).unwrap();
    assert_eq!(
        (patch.column_steps.clone(), patch.row_steps.clone()),
        (vec![4], vec![1])
    );
    // Straight up z, every cell is a planar rectangle: 4 quads.
    assert_eq!(quads(&patch), 4);
    assert_eq!(patch.facets.len(), 4);
    // The arc is convex towards +x +y; the drawn side, (P[column + 1] − P[column]) ×
    // (P[row + 1] − P[row]) = along the arc × up, faces away from the z axis.
    for facet in &patch.facets {
        let corners = facet.corners(&patch.vertices);
        let centroid = corners.iter().copied().sum::<DVec3>() / 4.0;
        let outward = DVec3::new(centroid.x, centroid.y, 0.0);
        assert!(facet.normal(&patch.vertices).dot(outward) > 0.0);
    }
}

#[test]
fn step_count_is_the_smallest_fitting_power_of_two() {
    // The table measured with bspc on single-span ramps of curvature c = |P0 − 2·P1 + P2|
    // (max error 16, cap 8): the midpoint deviation c / (4·n²) must drop below 16.
    //   c = 48:   48 / 4 = 12                          → 1
    //   c = 64:   64 / 4 = 16 (not below), 64 / 16 = 4  → 2
    //   c = 192:  192 / 4 = 48, 192 / 16 = 12           → 2
    //   c = 256:  256 / 16 = 16 (not below), 256 / 64 = 4 → 4
    //   c = 512:  512 / 16 = 32, 512 / 64 = 8           → 4
    //   c = 768:  768 / 16 = 48, 768 / 64 = 12          → 4
    //   c = 1024: 1024 / 64 = 16 (not below), 1024 / 256 = 4 → 8
    for (curvature, steps) in [
        (0.0, 1),
        (48.0, 1),
        (63.9, 1),
        (64.0, 2),
        (192.0, 2),
        (255.9, 2),
        (256.0, 4),
        (512.0, 4),
        (768.0, 4),
        (1023.9, 4),
        (1024.0, 8),
        (4095.9, 8),
    ] {
        assert_eq!(steps_for(curvature, 16.0, 8), steps, "c = {curvature}");
    }
    // The cap: 4096 / 256 = 16 would need 16 steps; 1024 with a cap of 4 stops at 4, with
    // a cap of 6 doubles 1, 2, 4 and then stops at 6; a cap of 1 is one step whatever c.
    assert_eq!(steps_for(4096.0, 16.0, 8), 8, "capped");
    assert_eq!(steps_for(4096.0, 16.0, MAX_SUBDIVISIONS), 16);
    assert_eq!(steps_for(1024.0, 16.0, 4), 4, "capped");
    assert_eq!(steps_for(1024.0, 16.0, 6), 6, "capped");
    assert_eq!(steps_for(1e6, 16.0, 1), 1, "capped");
    // Control points so far apart that c overflows: the cap.
    assert_eq!(steps_for(f64::INFINITY, 16.0, 8), 8);
    assert_eq!(steps_for(f64::NAN, 16.0, 8), 8);
    assert_eq!(steps_for(f64::NAN, 16.0, 5), 5);
    // Against the rule written out: the smallest power of two whose midpoint deviation is
    // below the error, or the cap when that is larger.
    for deviation in [1.0, 4.0, 100.0, 1000.0, 12_345.0] {
        for cap in 1..=MAX_SUBDIVISIONS {
            let fits = |n: u32| deviation / (4.0 * f64::from(n * n)) < 1.0;
            let power = (0..=6).map(|k| 1u32 << k).find(|&n| fits(n)).unwrap();
            assert_eq!(
                steps_for(deviation, 1.0, cap),
                power.min(cap),
                "{deviation} {cap}"
            );
        }
    }
}

#[test]
fn twisted_cell_becomes_two_triangles() {
    // Straight rows and columns (one step each way) but one corner 32 units off the plane
    // of the other three.
    let patch = Patch::tessellate(
        bilinear_source([
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::new(0.0, 64.0, 0.0),
            DVec3::new(64.0, 64.0, 32.0),
        ]),
        PatchSettings::default(),
    )
    .unwrap();
    assert_eq!((patch.grid_width, patch.grid_height), (2, 2));
    // Cut along the diagonal from grid vertex 0 (0, 0) to 3 (1, 1): [a, b, d], [a, d, c].
    assert_eq!(
        patch.facets,
        [Facet::Triangle([0, 1, 3]), Facet::Triangle([0, 3, 2])]
    );
    assert!(patch.brushes.iter().all(|b| b.sides.len() == 5));
    // Within the tolerance the cell is still one quad: a corner 0.019 off the plane of the
    // other three leaves the two diagonals 0.0095 apart along the normal.
    let patch = Patch::tessellate(
        bilinear_source([
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::new(0.0, 64.0, 0.0),
            DVec3::new(64.0, 64.0, 0.019),
        ]),
        PatchSettings::default(),
    )
    .unwrap();
    assert_eq!(patch.facets, [Facet::Quad([0, 1, 3, 2])]);
    // Just outside it, two triangles: 0.021 off makes the diagonals 0.0105 apart.
    let off_plane = Patch::tessellate(
        bilinear_source([
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::new(0.0, 64.0, 0.0),
            DVec3::new(64.0, 64.0, 0.021),
        ]),
        PatchSettings::default(),
    )
    .unwrap();
    assert_eq!(
        off_plane.facets,
        [Facet::Triangle([0, 1, 3]), Facet::Triangle([0, 3, 2])]
    );
    // Its front plane passes through the frontmost corner; the others are behind it.
    let front = patch.brushes[0].sides[0].plane;
    let distances: Vec<f64> = patch
        .vertices
        .iter()
        .map(|&v| front.distance_to(v))
        .collect();
    assert!(distances.iter().all(|&d| (-PLANAR..=1e-12).contains(&d)));
    assert!(distances.iter().any(|&d| d.abs() <= 1e-12));
}

#[test]
fn twisted_cells_are_cut_along_the_column_row_diagonal() {
    // z = x·y / 64 on a 5 × 3 grid 32 units apart: every control row and column is straight
    // (z is linear in x along a row and in y along a column), so one step each way and two
    // cells with grid vertices (x, y, z) = 0 (0, 0, 0), 1 (64, 0, 0), 2 (128, 0, 0),
    // 3 (0, 64, 0), 4 (64, 64, 64), 5 (128, 64, 128). Neither cell is planar: the corner
    // (1, 1) is 64 units (along z) above the plane of the other three in both.
    let mut saddle = flat_source(5, 3);
    for point in &mut saddle.control_points {
        point.z = point.x * point.y / 64.0;
    }
    let patch = Patch::tessellate(saddle, PatchSettings::default()).unwrap();
    assert_eq!(
        (patch.column_steps.clone(), patch.row_steps.clone()),
        (vec![1, 1], vec![1])
    );
    assert_eq!(patch.vertices[4], DVec3::new(64.0, 64.0, 64.0));
    // Each cell (c, r) gives [(c, r), (c + 1, r), (c + 1, r + 1)] and
    // [(c, r), (c + 1, r + 1), (c, r + 1)]: both share the diagonal (c, r)–(c + 1, r + 1).
    assert_eq!(
        patch.facets,
        [
            Facet::Triangle([0, 1, 4]),
            Facet::Triangle([0, 4, 3]),
            Facet::Triangle([1, 2, 5]),
            Facet::Triangle([1, 5, 4]),
        ]
    );
    // Over each cell's centre the tessellated surface is the middle of that diagonal, (32,
    // 32, 32) in the first cell and (96, 32, 64) in the second, on the front plane of both
    // triangles; the other diagonal's middle, (32, 32, 0) and (96, 32, 32), is 32 units
    // lower, behind both. (The true surface there is 16 and 48: the cut lies 16 units above
    // it. bspc's floor was measured to follow this diagonal on a bilinear twisted 3 × 3
    // patch.)
    let cells = [
        (DVec3::new(32.0, 32.0, 32.0), DVec3::new(32.0, 32.0, 0.0)),
        (DVec3::new(96.0, 32.0, 64.0), DVec3::new(96.0, 32.0, 32.0)),
    ];
    for (cell, (on, other)) in cells.into_iter().enumerate() {
        for brush in &patch.brushes[cell * 2..cell * 2 + 2] {
            let front = brush.sides[0].plane;
            assert!(front.distance_to(on).abs() < 1e-9, "{cell}");
            assert!(front.distance_to(other) < -1.0, "{cell}");
        }
    }
    // The same diagonal whichever way the cell twists: with the corner (1, 1) 32 units below
    // the plane of the others, the diagonal (0, 0)–(1, 1) is the lower one.
    let patch = Patch::tessellate(
        bilinear_source([
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::new(0.0, 64.0, 0.0),
            DVec3::new(64.0, 64.0, -32.0),
        ]),
        PatchSettings::default(),
    )
    .unwrap();
    assert_eq!(
        patch.facets,
        [Facet::Triangle([0, 1, 3]), Facet::Triangle([0, 3, 2])]
    );
    for brush in &patch.brushes {
        let front = brush.sides[0].plane;
        assert!(front.distance_to(DVec3::new(32.0, 32.0, -16.0)).abs() < 1e-9);
        assert!(front.distance_to(DVec3::new(32.0, 32.0, 0.0)) > 1.0);
    }
}

#[test]
fn planar_non_convex_cell_becomes_triangles() {
    // A dart: the corner (1, 1) at (10, 10) lies inside the triangle of the other three, so
    // the cell (0, 0) (64, 0) (10, 10) (0, 64) is not convex. The cut along (0, 0)–(1, 1)
    // passes through that reflex corner: [a, b, d] and [a, d, c], doubled areas
    // (64, 0) × (10, 10) = 640 and (10, 10) × (0, 64) = 640, both facing +z, together the
    // dart's area of 640.
    let patch = Patch::tessellate(
        bilinear_source([
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::new(0.0, 64.0, 0.0),
            DVec3::new(10.0, 10.0, 0.0),
        ]),
        PatchSettings::default(),
    )
    .unwrap();
    assert_eq!(quads(&patch), 0);
    assert_eq!(
        patch.facets,
        [Facet::Triangle([0, 1, 3]), Facet::Triangle([0, 3, 2])]
    );
    for facet in &patch.facets {
        let normal = facet.normal(&patch.vertices);
        assert!(
            (normal - DVec3::new(0.0, 0.0, 640.0)).length() < 1e-9,
            "{normal}"
        );
    }
    // Convex, but the corner (0, 1) at (32, 32.004) is within 0.003 of the diagonal
    // (0, 0)–(1, 1): nearly a triangle, whose quad prism would have two almost identical
    // edge planes. Cut along that diagonal: the triangle (0, 0) (64, 0) (64, 64) and a sliver
    // (0, 0) (64, 64) (32, 32.004) of doubled area 64 · 32.004 − 64 · 32 = 0.256, above the
    // 1e-6 of a degenerate one, so kept.
    let patch = Patch::tessellate(
        bilinear_source([
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::new(32.0, 32.004, 0.0),
            DVec3::new(64.0, 64.0, 0.0),
        ]),
        PatchSettings::default(),
    )
    .unwrap();
    assert_eq!(
        patch.facets,
        [Facet::Triangle([0, 1, 3]), Facet::Triangle([0, 3, 2])]
    );
    let sliver = patch.facets[1].normal(&patch.vertices);
    assert!(
        (sliver - DVec3::new(0.0, 0.0, 0.256)).length() < 1e-9,
        "{sliver}"
    );
    // A collapsed edge (a cone's tip: the corner (0, 1) on (0, 0)) leaves the one
    // non-degenerate triangle, [a, b, d]; [a, d, c] has two equal corners.
    let patch = Patch::tessellate(
        bilinear_source([
            DVec3::ZERO,
            DVec3::new(64.0, 0.0, 0.0),
            DVec3::ZERO,
            DVec3::new(64.0, 64.0, 0.0),
        ]),
        PatchSettings::default(),
    )
    .unwrap();
    assert_eq!(patch.facets, [Facet::Triangle([0, 1, 3])]);
    assert_eq!(patch.brushes.len(), 1);
}

#[test]
fn thin_brush_contains_its_facet_centroid_just_behind_the_surface() {
    let mut curved = flat_source(5, 5);
    curved.control_points[6].z = 64.0;
    curved.control_points[18].z = -200.0;
    for patch_source in [flat_source(3, 3), curved] {
        let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
        assert_eq!(patch.facets.len(), patch.brushes.len());
        for (facet, brush) in patch.facets.iter().zip(&patch.brushes) {
            let corners = facet.corners(&patch.vertices);
            let centroid = corners.iter().copied().sum::<DVec3>() / corners.len() as f64;
            let normal = brush.sides[0].plane.normal;
            assert!(normal.dot(facet.normal(&patch.vertices)) > 0.0);
            assert_eq!(brush.sides.len(), corners.len() + 2);
            let inside = centroid - normal * 0.5;
            assert!(
                brush
                    .sides
                    .iter()
                    .all(|s| s.plane.distance_to(inside) <= 1e-9)
            );
            let outside = centroid + normal * 0.5;
            assert!(
                brush
                    .sides
                    .iter()
                    .any(|s| s.plane.distance_to(outside) > 0.0)
            );
        }
    }
}

#[test]
fn rows_are_chosen_on_the_columns_the_tessellation_made() {
    // A quarter turn of a helical ramp, 208 units wide, climbing 280 units: the outer edge
    // (radius 1040) is the first control row, the inner edge (radius 832) the other two, as
    // in the spiral ramps of real maps. Along u the outer row bends most:
    // |P0 − 2·P1 + P2| ≈ 1,502, so 8 steps (1,502 / 256 < 16 ≤ 1,502 / 64). Along v the
    // middle control column bends by |(−208, 208, 0)| ≈ 294, which alone would need 4 steps,
    // but no curve of the surface along v does: at u = 1/2, where they bend most, the curve's
    // control points blend the columns' and bend by ≈ 221 < 256, so 2 steps. The engine
    // chooses rows on the columns it made, and bspc with it: on this ramp in a room, bspc's
    // floor and ours agree within 0.02 units at 832 of 855 sampled points with 2 rows, at
    // 442 with 4.
    let p = |x: f64, y: f64, z: f64| DVec3::new(x, y, z);
    let points = vec![
        p(0.0, 1040.0, 24.0),
        p(-1040.0, 1040.0, 304.0),
        p(-1040.0, 0.0, 304.0),
        p(0.0, 832.0, 24.0),
        p(-832.0, 832.0, 304.0),
        p(-832.0, 0.0, 304.0),
        p(0.0, 832.0, 24.0),
        p(-832.0, 832.0, 304.0),
        p(-832.0, 0.0, 304.0),
    ];
    let patch = Patch::tessellate(source(3, 3, points), PatchSettings::default()).unwrap();
    assert_eq!(
        (patch.column_steps.clone(), patch.row_steps.clone()),
        (vec![8], vec![2])
    );
}

#[test]
fn curved_patch_passes_through_corner_points_and_bulges() {
    let mut patch_source = flat_source(3, 3);
    patch_source.control_points[4].z = 64.0; // lift the middle control point
    let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
    // |P0 − 2·P1 + P2| = 128 along the middle row and column: 128 / 4 = 32 ≥ 16 > 128 / 16.
    assert_eq!(
        (patch.column_steps.clone(), patch.row_steps.clone()),
        (vec![2], vec![2])
    );
    // Centre of a biquadratic patch is weighted 1/4 by the middle control point.
    assert!((patch.vertices[4].z - 16.0).abs() < 1e-9);
    assert_eq!(patch.vertices[0].z, 0.0);
    // A tolerance of 32 still splits the columns: the midpoint deviation 128 / 4 = 32 is
    // not below it (as bspc splits c = 64 at 16). Rows are tested on the columns made: the
    // middle one, at u = 1/2, has control points at heights 0, 32, 0, and 64 / 4 = 16 < 32
    // leaves it whole. Just above 32, the corners only.
    let mut patch_source = flat_source(3, 3);
    patch_source.control_points[4].z = 64.0;
    let patch = Patch::tessellate(patch_source.clone(), settings(8, 32.0, 2.0)).unwrap();
    assert_eq!((patch.grid_width, patch.grid_height), (3, 2));
    let patch = Patch::tessellate(patch_source, settings(8, 32.5, 2.0)).unwrap();
    assert_eq!((patch.grid_width, patch.grid_height), (2, 2));
}

#[test]
fn invalid_patches_are_rejected() {
    let defaults = PatchSettings::default();
    assert!(matches!(
        Patch::tessellate(flat_source(4, 3), defaults),
        Err(PatchError::BadSize { .. })
    ));
    let mut short = flat_source(3, 3);
    short.control_points.pop();
    assert!(matches!(
        Patch::tessellate(short, defaults),
        Err(PatchError::PointCount { .. })
    ));
    for bad in [0, MAX_SUBDIVISIONS + 1] {
        assert_eq!(
            Patch::tessellate(flat_source(3, 3), settings(bad, 16.0, 1.0)),
            Err(PatchError::BadSubdivision(bad))
        );
    }
    assert!(Patch::tessellate(flat_source(3, 3), settings(MAX_SUBDIVISIONS, 16.0, 1.0)).is_ok());
    for bad in [0.0, -1.0, f64::INFINITY] {
        assert_eq!(
            Patch::tessellate(flat_source(3, 3), settings(8, bad, 1.0)),
            Err(PatchError::BadMaxError(bad))
        );
    }
    assert!(matches!(
        Patch::tessellate(flat_source(3, 3), settings(8, f64::NAN, 1.0)),
        Err(PatchError::BadMaxError(e)) if e.is_nan()
    ));
    for bad in [0.0, f64::NAN] {
        assert!(matches!(
            Patch::tessellate(flat_source(3, 3), settings(8, 16.0, bad)),
            Err(PatchError::BadThickness(_))
        ));
    }
    let mut nan = flat_source(3, 3);
    nan.control_points[2].x = f64::NAN;
    assert!(matches!(
        Patch::tessellate(nan, defaults),
        Err(PatchError::NonFinite(2))
    ));
}

#[test]
fn degenerate_patch_makes_no_brushes() {
    let mut patch_source = flat_source(3, 3);
    for point in &mut patch_source.control_points {
        *point = DVec3::ONE;
    }
    let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
    assert!(patch.facets.is_empty());
    assert!(patch.brushes.is_empty());
}

#[test]
fn huge_control_points_do_not_panic() {
    let mut patch_source = flat_source(3, 3);
    patch_source.control_points[4] = DVec3::splat(f64::MAX);
    let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
    assert_eq!(patch.column_steps, [8]);
    assert!(patch.brushes.iter().all(|b| {
        b.sides
            .iter()
            .all(|s| s.plane.normal.is_finite() && s.plane.dist.is_finite())
    }));
}

// ---- Properties against an independent evaluation of the surface ----

/// Quadratic Bézier by de Casteljau.
fn bezier(p0: DVec3, p1: DVec3, p2: DVec3, t: f64) -> DVec3 {
    p0.lerp(p1, t).lerp(p1.lerp(p2, t), t)
}

/// Derivative of the quadratic Bézier at `t`.
fn bezier_tangent(p0: DVec3, p1: DVec3, p2: DVec3, t: f64) -> DVec3 {
    (p1 - p0).lerp(p2 - p1, t) * 2.0
}

/// The true surface of a patch, evaluated independently of the code under test.
struct Surface<'a> {
    points: &'a [DVec3],
    width: u32,
    height: u32,
}

impl Surface<'_> {
    /// Position, `∂B/∂u` and `∂B/∂v` at global parameters `u` in `0..=spans across`, `v`
    /// in `0..=spans down` (span `s` covers `s..=s + 1`).
    fn at(&self, u: f64, v: f64) -> (DVec3, DVec3, DVec3) {
        let local = |global: f64, spans: u32| {
            let span = (global.floor() as u32).min(spans - 1);
            (span, global - f64::from(span))
        };
        let (span_u, t) = local(u, (self.width - 1) / 2);
        let (span_v, s) = local(v, (self.height - 1) / 2);
        let at =
            |i: u32, j: u32| self.points[((span_v * 2 + j) * self.width + span_u * 2 + i) as usize];
        // Curves along u on the three control rows, then along v.
        let rows = [0, 1, 2].map(|j| bezier(at(0, j), at(1, j), at(2, j), t));
        let row_tangents = [0, 1, 2].map(|j| bezier_tangent(at(0, j), at(1, j), at(2, j), t));
        (
            bezier(rows[0], rows[1], rows[2], s),
            bezier(row_tangents[0], row_tangents[1], row_tangents[2], s),
            bezier_tangent(rows[0], rows[1], rows[2], s),
        )
    }

    fn point(&self, u: f64, v: f64) -> DVec3 {
        self.at(u, v).0
    }

    /// `max |P0 − 2·P1 + P2|` over the control rows of span column `span`.
    fn column_deviation(&self, span: u32) -> f64 {
        let at = |x: u32, y: u32| self.points[(y * self.width + x) as usize];
        (0..self.height)
            .map(|y| (at(2 * span, y) - 2.0 * at(2 * span + 1, y) + at(2 * span + 2, y)).length())
            .fold(0.0, f64::max)
    }

    /// `max |P0 − 2·P1 + P2|` over the control columns of span row `span`: a bound for the
    /// curves along `v` at every `u` (their control points blend the control columns').
    fn row_hull_deviation(&self, span: u32) -> f64 {
        let at = |x: u32, y: u32| self.points[(y * self.width + x) as usize];
        (0..self.width)
            .map(|x| (at(x, 2 * span) - 2.0 * at(x, 2 * span + 1) + at(x, 2 * span + 2)).length())
            .fold(0.0, f64::max)
    }

    /// `max |P0 − 2·P1 + P2|` of span row `span`'s curves along `v` at the grid lines `us`
    /// (global `u` parameters): the curves the tessellation samples.
    fn row_grid_deviation(&self, span: u32, us: &[f64]) -> f64 {
        let spans_u = (self.width - 1) / 2;
        us.iter()
            .map(|&u| {
                let span_u = (u.floor() as u32).min(spans_u - 1);
                let t = u - f64::from(span_u);
                let at = |i: u32, j: u32| self.points[(j * self.width + span_u * 2 + i) as usize];
                let row = |j: u32| bezier(at(0, j), at(1, j), at(2, j), t);
                (row(2 * span) - 2.0 * row(2 * span + 1) + row(2 * span + 2)).length()
            })
            .fold(0.0, f64::max)
    }
}

/// Global parameters of the grid lines for `steps` steps per span.
fn grid_lines(steps: &[u32]) -> Vec<f64> {
    let mut lines = vec![0.0];
    for (span, &n) in (0u32..).zip(steps) {
        lines.extend((1..=n).map(|k| f64::from(span) + f64::from(k) / f64::from(n)));
    }
    lines
}

/// What [`check_tessellation`] measured of one facet.
struct FacetCheck {
    /// Unit facet normal.
    normal: DVec3,
    /// Distance from the true surface at the facet's centre parameters to its front plane.
    distance: f64,
    /// The chord bound `|P0 − 2·P1 + P2| / (4·n²)` of the facet's span column.
    column_error: f64,
    /// `∂B/∂u × ∂B/∂v` at the facet's centre parameters.
    centre_normal: DVec3,
}

/// Checks what holds for every patch, and returns per-facet measurements.
fn check_tessellation(
    width: u32,
    height: u32,
    points: &[DVec3],
    settings: PatchSettings,
) -> Result<Vec<FacetCheck>, TestCaseError> {
    let patch = Patch::tessellate(source(width, height, points.to_vec()), settings).unwrap();
    let surface = Surface {
        points,
        width,
        height,
    };
    let scale = points.iter().map(|p| p.length()).fold(1.0, f64::max);

    // Steps: the smallest power of two whose chord bound is below the error, or the cap
    // when that is smaller, per span column and span row; `*_error` is the chord bound
    // reached.
    let chosen = |deviation: f64, n: u32| {
        let bound = |n: u32| deviation / (4.0 * f64::from(n * n));
        let power = (0..=6)
            .map(|k| 1u32 << k)
            .find(|&power| bound(power) < settings.max_error)
            .unwrap_or(u32::MAX);
        n == power.min(settings.max_subdivisions)
    };
    prop_assert_eq!(patch.column_steps.len() as u32, (width - 1) / 2);
    prop_assert_eq!(patch.row_steps.len() as u32, (height - 1) / 2);
    let mut column_error = Vec::new();
    for (span, &n) in (0u32..).zip(&patch.column_steps) {
        let deviation = surface.column_deviation(span);
        prop_assert!(chosen(deviation, n), "column {} {} {}", span, deviation, n);
        column_error.push(deviation / (4.0 * f64::from(n * n)));
    }
    // Rows are chosen on the curves along `v` at the grid lines of the columns (the engine
    // subdivides columns first, then rows on the columns it made); between those lines the
    // control columns' bound holds.
    let us = grid_lines(&patch.column_steps);
    let mut row_error = Vec::new();
    let mut row_hull_error = Vec::new();
    for (span, &n) in (0u32..).zip(&patch.row_steps) {
        let deviation = surface.row_grid_deviation(span, &us);
        prop_assert!(chosen(deviation, n), "row {} {} {}", span, deviation, n);
        row_error.push(deviation / (4.0 * f64::from(n * n)));
        row_hull_error.push(surface.row_hull_deviation(span) / (4.0 * f64::from(n * n)));
    }

    // Vertices: on the true surface at the grid parameters.
    let vs = grid_lines(&patch.row_steps);
    prop_assert_eq!(patch.grid_width as usize, us.len());
    prop_assert_eq!(patch.grid_height as usize, vs.len());
    prop_assert_eq!(patch.vertices.len(), us.len() * vs.len());
    for (row, &v) in vs.iter().enumerate() {
        for (column, &u) in us.iter().enumerate() {
            let vertex = patch.vertices[row * us.len() + column];
            let expected = surface.point(u, v);
            prop_assert!(
                vertex.distance(expected) <= 1e-12 * scale,
                "{} {}",
                vertex,
                expected
            );
        }
    }

    // Grid lines, and the lines halfway between them, are within the chord bound of the
    // true curves at the middle of each step (where a quadratic strays furthest).
    let span_of = |global: f64, spans: usize| (global.floor() as usize).min(spans - 1);
    let between = |lines: &[f64]| -> Vec<f64> {
        lines
            .iter()
            .copied()
            .chain(lines.windows(2).map(|w| (w[0] + w[1]) / 2.0))
            .collect()
    };
    for pair in us.windows(2) {
        let bound = column_error[span_of(pair[0], column_error.len())];
        prop_assert!(
            bound < settings.max_error || patch.column_steps.contains(&settings.max_subdivisions)
        );
        for v in between(&vs) {
            let chord = (surface.point(pair[0], v) + surface.point(pair[1], v)) / 2.0;
            let middle = surface.point((pair[0] + pair[1]) / 2.0, v);
            prop_assert!(
                middle.distance(chord) <= bound + 1e-9,
                "{} > {}",
                middle.distance(chord),
                bound
            );
        }
    }
    for pair in vs.windows(2) {
        let span = span_of(pair[0], row_error.len());
        prop_assert!(
            row_error[span] < settings.max_error
                || patch.row_steps.contains(&settings.max_subdivisions)
        );
        for u in between(&us) {
            let on_grid_line = us.contains(&u);
            let bound = if on_grid_line {
                row_error[span]
            } else {
                row_hull_error[span]
            };
            let chord = (surface.point(u, pair[0]) + surface.point(u, pair[1])) / 2.0;
            let middle = surface.point(u, (pair[0] + pair[1]) / 2.0);
            prop_assert!(
                middle.distance(chord) <= bound + 1e-9,
                "{} > {}",
                middle.distance(chord),
                bound
            );
        }
    }

    // Facets.
    prop_assert_eq!(patch.facets.len(), patch.brushes.len());
    let grid_width = patch.grid_width;
    let vertex = |i: u32| patch.vertices[i as usize];
    let mut checks = Vec::new();
    for (facet, brush) in patch.facets.iter().zip(&patch.brushes) {
        let corners = facet.corners(&patch.vertices);
        let raw_normal = facet.normal(&patch.vertices);
        let normal = raw_normal.normalize();
        prop_assert!(normal.is_finite());
        let front = brush.sides[0].plane;
        prop_assert!(front.normal.distance(normal) <= 1e-12);

        // One grid cell, corners as documented; `a` is its corner (column, row), and both
        // triangles start there, cut along the diagonal to (column + 1, row + 1).
        let a = match *facet {
            Facet::Quad(quad) => {
                let a = quad[0];
                prop_assert_eq!(quad, [a, a + 1, a + grid_width + 1, a + grid_width]);
                a
            }
            Facet::Triangle(triangle) => {
                let a = triangle[0];
                let diagonal = a + grid_width + 1;
                prop_assert!(
                    triangle == [a, a + 1, diagonal] || triangle == [a, diagonal, a + grid_width],
                    "{:?}",
                    triangle
                );
                a
            }
        };
        // The triangle holding the cell's row-`v0` edge and column-`u1` edge, (column, row)
        // (column + 1, row) (column + 1, row + 1); the other holds the column-`u0` and row-`v1`
        // edges.
        let upper = matches!(*facet, Facet::Triangle(triangle) if triangle[1] == a + 1);
        prop_assert!(a % grid_width != grid_width - 1 && a / grid_width + 1 < patch.grid_height);
        let (u0, u1) = (
            us[(a % grid_width) as usize],
            us[(a % grid_width + 1) as usize],
        );
        let (v0, v1) = (
            vs[(a / grid_width) as usize],
            vs[(a / grid_width + 1) as usize],
        );
        let (um, vm) = ((u0 + u1) / 2.0, (v0 + v1) / 2.0);

        // Planar within 0.01, behind the front plane, which touches the facet.
        let heights: Vec<f64> = corners.iter().map(|&c| front.distance_to(c)).collect();
        prop_assert!(
            heights
                .iter()
                .all(|&h| (-PLANAR - 1e-9..=1e-9).contains(&h)),
            "{:?}",
            heights
        );
        prop_assert!(heights.iter().any(|&h| h.abs() <= 1e-9));

        // Facing the drawn side: a quadratic's chord is its tangent at the middle times
        // the step, so a triangle's normal is exactly ∂B/∂u × ∂B/∂v taken at the middles
        // of its two grid edges (scaled by the steps): (b − a) × (d − a) = (b − a) × (d − b)
        // and (d − a) × (c − a) = (d − c) × (c − a). A quad's is the same with each tangent
        // averaged over the cell's two opposite edges.
        let tangent_u = |v: f64| surface.at(um, v).1 * (u1 - u0);
        let tangent_v = |u: f64| surface.at(u, vm).2 * (v1 - v0);
        let (expected, magnitude) = match *facet {
            Facet::Triangle(_) if upper => (
                tangent_u(v0).cross(tangent_v(u1)),
                tangent_u(v0).length() * tangent_v(u1).length(),
            ),
            Facet::Triangle(_) => (
                tangent_u(v1).cross(tangent_v(u0)),
                tangent_u(v1).length() * tangent_v(u0).length(),
            ),
            Facet::Quad(_) => {
                let across = tangent_u(v0) + tangent_u(v1);
                let down = tangent_v(u0) + tangent_v(u1);
                (
                    across.cross(down) / 2.0,
                    across.length() * down.length() / 2.0,
                )
            }
        };
        prop_assert!(
            raw_normal.distance(expected) <= 1e-9 * (magnitude + 1.0),
            "facet {:?}: normal {} expected {}",
            facet,
            raw_normal,
            expected
        );

        // The prism: every corner, and every corner's projection onto the back plane, is
        // inside every side, and every edge plane contains its edge.
        prop_assert_eq!(brush.sides.len(), corners.len() + 2);
        for side in &brush.sides {
            for &corner in &corners {
                let behind = corner - normal * (front.distance_to(corner) + settings.thickness);
                for point in [corner, behind] {
                    prop_assert!(side.plane.distance_to(point) <= 1e-9 * scale);
                }
            }
        }
        prop_assert!(
            (brush.sides[1].plane.dist + front.dist - settings.thickness).abs() <= 1e-9 * scale
        );
        for (edge, side) in brush.sides[2..].iter().enumerate() {
            let (start, end) = (corners[edge], corners[(edge + 1) % corners.len()]);
            prop_assert!(side.plane.distance_to(start).abs() <= 1e-9 * scale);
            prop_assert!(side.plane.distance_to(end).abs() <= 1e-9 * scale);
        }

        // Close to the surface at the centre parameters: the bilinear blend of the corners
        // is within the u and v chord bounds of the surface at the cell's centre (at 8/9 of
        // them at a triangle's centroid, (2/3, 1/3) or (1/3, 2/3) of the way across the
        // cell, where 4·s·(1 − s) = 8/9), and a triangle's plane leaves that blend by 1/9 of
        // the distance of the cell's fourth corner: at (2/3, 1/3) the blend is
        // (2a + 4b + c + 2d) / 9, the centroid of [a, b, d] plus (c − a + b − d) / 9, whose
        // offset from the plane is that of c / 9 (a, b and d lie on it); likewise b for
        // [a, d, c].
        let cell = column_error[span_of(u0, column_error.len())]
            + row_hull_error[span_of(v0, row_hull_error.len())];
        let count = corners.len() as f64;
        let (centre_u, centre_v) = facet.indices().iter().fold((0.0, 0.0), |(u, v), &i| {
            (
                u + us[(i % grid_width) as usize] / count,
                v + vs[(i / grid_width) as usize] / count,
            )
        });
        let (point, d_u, d_v) = surface.at(centre_u, centre_v);
        let distance = front.distance_to(point).abs();
        let bound = match *facet {
            Facet::Quad(_) => cell + PLANAR,
            Facet::Triangle(_) => {
                let fourth = if upper { a + grid_width } else { a + 1 };
                cell * 8.0 / 9.0 + front.distance_to(vertex(fourth)).abs() / 9.0
            }
        };
        prop_assert!(
            distance <= bound + 1e-9 * scale,
            "{:?}: {} > {}",
            facet,
            distance,
            bound
        );
        checks.push(FacetCheck {
            normal,
            distance,
            column_error: column_error[span_of(u0, column_error.len())],
            centre_normal: d_u.cross(d_v),
        });
    }
    Ok(checks)
}

fn point_in_cube() -> impl Strategy<Value = DVec3> {
    (-256.0..256.0_f64, -256.0..256.0_f64, -256.0..256.0_f64)
        .prop_map(|(x, y, z)| DVec3::new(x, y, z))
}

/// 3 × 3, 5 × 3 or 3 × 5 control points anywhere in a ±256 cube.
fn arbitrary_patch() -> impl Strategy<Value = (u32, u32, Vec<DVec3>)> {
    prop_oneof![Just((3u32, 3u32)), Just((5, 3)), Just((3, 5))].prop_flat_map(|(width, height)| {
        (
            Just(width),
            Just(height),
            prop::collection::vec(point_in_cube(), (width * height) as usize),
        )
    })
}

/// Like [`arbitrary_patch`], but a curve in x-y extruded along z (each control row at one
/// height), like the columns and arches of the real maps. The surface does not fold back
/// on itself: the heights are monotone, and within each span the curve turns by less than
/// 90° (the middle control point lies inside the circle on the span's end points as
/// diameter, moved towards its centre if it was not), so the tangents of any two points of
/// a span — hence the normals of any two points of a cell — point the same way.
fn extruded_patch() -> impl Strategy<Value = (u32, u32, Vec<DVec3>)> {
    prop_oneof![Just((3u32, 3u32)), Just((5, 3)), Just((3, 5))].prop_flat_map(|(width, height)| {
        (
            prop::collection::vec(point_in_cube(), width as usize),
            prop::collection::vec(-256.0..256.0_f64, height as usize),
            any::<bool>(),
        )
            .prop_map(move |(mut curve, mut heights, descending)| {
                for start in (0..curve.len() - 2).step_by(2) {
                    let (first, last) = (curve[start].truncate(), curve[start + 2].truncate());
                    let centre = (first + last) / 2.0;
                    let radius = first.distance(last) / 2.0;
                    let offset = curve[start + 1].truncate() - centre;
                    if offset.length() > radius * 0.99 {
                        let middle = centre + offset * (radius * 0.99 / offset.length());
                        curve[start + 1] = middle.extend(0.0);
                    }
                }
                heights.sort_by(f64::total_cmp);
                if descending {
                    heights.reverse();
                }
                let points = heights
                    .iter()
                    .flat_map(|&z| curve.iter().map(move |p| DVec3::new(p.x, p.y, z)))
                    .collect();
                (width, height, points)
            })
    })
}

fn arbitrary_settings() -> impl Strategy<Value = PatchSettings> {
    prop_oneof![
        Just(PatchSettings::default()),
        (1..=8u32, 1.0..64.0_f64, 0.5..8.0_f64)
            .prop_map(|(cap, error, thickness)| settings(cap, error, thickness)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any patch: the steps follow the rule, the vertices lie on the surface, grid lines
    /// keep to the chord bound, facets are planar cells wound to the drawn side (their
    /// normal is ∂B/∂u × ∂B/∂v at their edges' middles), stay within the bound of the
    /// surface, and make closed prisms.
    #[test]
    fn tessellation_follows_the_surface(
        (width, height, points) in arbitrary_patch(),
        settings in arbitrary_settings(),
    ) {
        check_tessellation(width, height, &points, settings)?;
    }

    /// A curve extruded along z: every facet faces the side of ∂B/∂u × ∂B/∂v at its
    /// centre and is within `max_error` (+ the quad tolerance) of the surface there.
    #[test]
    fn extruded_curves_face_the_drawn_side_within_the_tolerance(
        (width, height, points) in extruded_patch(),
        settings in arbitrary_settings(),
    ) {
        for check in check_tessellation(width, height, &points, settings)? {
            let scale = points.iter().map(|p| p.length_squared()).fold(1.0, f64::max);
            if check.centre_normal.length() > 1e-9 * scale {
                prop_assert!(
                    check.normal.dot(check.centre_normal.normalize()) >= 0.0,
                    "normal {} analytic {}", check.normal, check.centre_normal
                );
            }
            // Along z the surface is straight, so only the curve's chord bound is left
            // (at most `max_error` unless the step cap was reached, checked above).
            prop_assert!(
                check.distance <= check.column_error + PLANAR + 1e-9,
                "{} > {}", check.distance, check.column_error
            );
            if check.column_error <= settings.max_error {
                prop_assert!(check.distance <= settings.max_error + PLANAR + 1e-9);
            }
        }
    }
}
