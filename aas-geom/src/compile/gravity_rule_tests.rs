//! Tests of the split rule on hand-made leaves.

use glam::DVec3;

use super::{Floor, GravitySettings, Region, best_plane};
use crate::compile::bsp_tree::LeafId;
use crate::geom::Winding;

fn winding(points: &[(f64, f64, f64)]) -> Winding {
    Winding::new(
        points
            .iter()
            .map(|&(x, y, z)| DVec3::new(x, y, z))
            .collect(),
    )
    .expect("a polygon")
}

fn floor(points: &[(f64, f64)], ground: bool) -> Floor {
    let points: Vec<(f64, f64, f64)> = points.iter().map(|&(x, y)| (x, y, 0.0)).collect();
    Floor {
        winding: winding(&points),
        ground,
        other: (!ground).then_some(LeafId(1)),
        thin_below: false,
    }
}

/// A leaf over `x ∈ [-8, 0.5]`, `y ∈ [0, 2]`, `z ∈ [0, 64]` whose floor is ground west of the
/// line from `(0, 0)` to `(0.5, 2)` and a gap east of it: a wedge of gap 2 units long and half a
/// unit wide at its base, the last corner of a ledge whose edge runs at a slant across the
/// leaf (oacmpdm8 has one where a ledge meets the slanted side of a ramp).
fn ledge_corner() -> Region {
    let ground = floor(&[(-8.0, 0.0), (0.0, 0.0), (0.5, 2.0), (-8.0, 2.0)], true);
    let gap = floor(&[(0.0, 0.0), (0.5, 0.0), (0.5, 2.0)], false);
    let (x0, x1, y0, y1, top) = (-8.0, 0.5, 0.0, 2.0, 64.0);
    let sides = [
        winding(&[(x0, y0, 0.0), (x0, y1, 0.0), (x0, y1, top), (x0, y0, top)]),
        winding(&[(x1, y0, 0.0), (x1, y1, 0.0), (x1, y1, top), (x1, y0, top)]),
        winding(&[(x0, y0, 0.0), (x1, y0, 0.0), (x1, y0, top), (x0, y0, top)]),
        winding(&[(x0, y1, 0.0), (x1, y1, 0.0), (x1, y1, top), (x0, y1, top)]),
        winding(&[(x0, y0, top), (x1, y0, top), (x1, y1, top), (x0, y1, top)]),
    ];
    let mut boundary = vec![ground.winding.clone(), gap.winding.clone()];
    boundary.extend(sides);
    Region {
        leaf: LeafId(0),
        floors: vec![gap, ground],
        tops: Vec::new(),
        boundary,
        cutters: Vec::new(),
        cut_min: 0.0,
    }
}

#[test]
fn a_wedge_of_gap_half_a_unit_wide_is_split_off_along_the_ledge() {
    let region = ledge_corner();
    assert_eq!(region.potential(), 2);
    let plane = best_plane(&region, &GravitySettings::default()).expect("a split");
    // The vertical plane through the ledge's edge, (0, 0) to (0.5, 2).
    assert!(plane.normal.z.abs() < 1e-12);
    for corner in [DVec3::new(0.0, 0.0, 0.0), DVec3::new(0.5, 2.0, 0.0)] {
        assert!(plane.distance_to(corner).abs() < 1e-9, "{plane:?}");
    }
    // Half a unit would refuse it: the wedge's far corner lies 0.485 from that plane.
    let half = GravitySettings {
        min_thickness: 0.5,
        ..GravitySettings::default()
    };
    assert!(best_plane(&region, &half).is_none());
}
