//! Bevelled expansion against brute force: for random convex brushes (sloped, thin) and random
//! boxes, "the origin is inside the expanded brush" must equal "the box at the origin overlaps
//! the brush", where overlap is decided by clipping the brush's faces by the box — no plane is
//! expanded on that side.

use aas_geom::brush::{
    BevelKinds, BrushGeometry, Plane, bevelled_planes, expand_planes, outside_distance,
};
use glam::{DQuat, DVec3, EulerRot};
use proptest::prelude::*;

/// Points this close to the expanded brush's boundary are not judged (units): the brush's
/// geometry and bevels are exact only within the winding epsilon (0.01).
const MARGIN: f64 = 0.05;

/// Whether the box `[lo, hi]` overlaps the brush, decided without expanding anything: some
/// face polygon has a part inside the box, or the box's center is inside the brush, or a
/// brush vertex is inside the box.
fn box_overlaps_brush(geometry: &BrushGeometry, lo: DVec3, hi: DVec3) -> bool {
    let box_planes = [
        Plane {
            normal: DVec3::X,
            dist: hi.x,
        },
        Plane {
            normal: DVec3::NEG_X,
            dist: -lo.x,
        },
        Plane {
            normal: DVec3::Y,
            dist: hi.y,
        },
        Plane {
            normal: DVec3::NEG_Y,
            dist: -lo.y,
        },
        Plane {
            normal: DVec3::Z,
            dist: hi.z,
        },
        Plane {
            normal: DVec3::NEG_Z,
            dist: -lo.z,
        },
    ];
    let face_in_box = geometry.faces().iter().any(|face| {
        box_planes
            .iter()
            .try_fold(face.winding.clone(), |w, plane| w.clip_back(plane))
            .is_some()
    });
    let planes: Vec<Plane> = geometry.planes().collect();
    face_in_box
        || outside_distance(&planes, (lo + hi) * 0.5) <= 0.0
        || geometry
            .vertices()
            .iter()
            .any(|v| v.cmpge(lo).all() && v.cmple(hi).all())
}

/// Counts (agreements judged, disagreements) between the expanded brush and brute force over
/// `points` given in `[0, 1]³` and mapped onto the expanded bounds grown by 8 units.
fn compare(
    geometry: &BrushGeometry,
    kinds: BevelKinds,
    mins: DVec3,
    maxs: DVec3,
    points: impl Iterator<Item = DVec3>,
) -> (usize, usize) {
    let expanded = expand_planes(&bevelled_planes(geometry, kinds), mins, maxs);
    let lo = geometry.mins() - maxs - DVec3::splat(8.0);
    let hi = geometry.maxs() - mins + DVec3::splat(8.0);
    let (mut judged, mut wrong) = (0, 0);
    for unit in points {
        let p = lo + (hi - lo) * unit;
        let distance = outside_distance(&expanded, p);
        if distance.abs() < MARGIN {
            continue;
        }
        judged += 1;
        if (distance < 0.0) != box_overlaps_brush(geometry, p + mins, p + maxs) {
            wrong += 1;
        }
    }
    (judged, wrong)
}

fn unit_normal(v: (f64, f64, f64)) -> Option<DVec3> {
    let v = DVec3::new(v.0, v.1, v.2);
    (v.length() > 0.1).then(|| v.normalize())
}

/// Random convex brushes around a random center: a randomly rotated regular tetrahedron (so
/// the brush is bounded and sloped) cut by 2–10 random planes, sometimes squeezed between two
/// opposite planes 0.5–4 units apart (a thin brush, like a patch's).
fn brush_strategy() -> impl Strategy<Value = Vec<Plane>> {
    let plane = ((-1.0..1.0, -1.0..1.0, -1.0..1.0), 4.0..64.0_f64);
    let thin = prop::option::of(((-1.0..1.0, -1.0..1.0, -1.0..1.0), 0.5..4.0_f64));
    let angles = (-3.2..3.2, -3.2..3.2, -3.2..3.2);
    let center = (-100.0..100.0, -100.0..100.0, -100.0..100.0);
    (prop::collection::vec(plane, 2..10), thin, angles, center).prop_map(
        |(planes, thin, angles, center)| {
            let center = DVec3::new(center.0, center.1, center.2);
            let rotation = DQuat::from_euler(EulerRot::XYZ, angles.0, angles.1, angles.2);
            let tetrahedron = [
                DVec3::new(1.0, 1.0, 1.0),
                DVec3::new(1.0, -1.0, -1.0),
                DVec3::new(-1.0, 1.0, -1.0),
                DVec3::new(-1.0, -1.0, 1.0),
            ]
            .map(|corner| (rotation * corner.normalize(), 24.0));
            let random = planes
                .into_iter()
                .filter_map(|(n, r)| unit_normal(n).map(|n| (n, r)));
            let mut result: Vec<Plane> = tetrahedron
                .into_iter()
                .chain(random)
                .map(|(normal, r)| Plane {
                    normal,
                    dist: normal.dot(center) + r,
                })
                .collect();
            if let Some((n, thickness)) = thin
                && let Some(normal) = unit_normal(n)
            {
                for normal in [normal, -normal] {
                    result.push(Plane {
                        normal,
                        dist: normal.dot(center) + thickness * 0.5,
                    });
                }
            }
            result
        },
    )
}

fn box_strategy() -> impl Strategy<Value = (DVec3, DVec3)> {
    (
        (-32.0..0.0, -32.0..0.0, -32.0..0.0),
        (0.0..48.0, 0.0..48.0, 0.0..48.0),
    )
        .prop_map(|(lo, hi)| (DVec3::new(lo.0, lo.1, lo.2), DVec3::new(hi.0, hi.1, hi.2)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn bevelled_expansion_equals_box_overlap(
        planes in brush_strategy(),
        (mins, maxs) in box_strategy(),
        points in prop::collection::vec((0.0..1.0, 0.0..1.0, 0.0..1.0), 48),
    ) {
        let geometry = BrushGeometry::from_planes(&planes);
        prop_assert!(geometry.is_ok(), "{geometry:?}");
        let Ok(geometry) = geometry else { return Ok(()) };
        let points = points.into_iter().map(|(x, y, z)| DVec3::new(x, y, z));
        let (judged, wrong) = compare(&geometry, BevelKinds::ALL, mins, maxs, points);
        prop_assert!(judged > 0);
        prop_assert_eq!(wrong, 0);
    }
}

/// The corner cut off a cube by a sloped plane: the sloped face meets the three axial faces
/// along edges that run along no axis, where plain expansion over-expands.
fn corner_cut() -> BrushGeometry {
    let slope = DVec3::ONE.normalize();
    let planes = [
        Plane {
            normal: DVec3::NEG_X,
            dist: 0.0,
        },
        Plane {
            normal: DVec3::NEG_Y,
            dist: 0.0,
        },
        Plane {
            normal: DVec3::NEG_Z,
            dist: 0.0,
        },
        Plane {
            normal: slope,
            dist: slope.dot(DVec3::new(64.0, 0.0, 0.0)),
        },
    ];
    BrushGeometry::from_planes(&planes).unwrap()
}

fn grid(steps: u32) -> impl Iterator<Item = DVec3> {
    let f = move |i: u32| (f64::from(i) + 0.5) / f64::from(steps);
    (0..steps).flat_map(move |x| {
        (0..steps).flat_map(move |y| (0..steps).map(move |z| DVec3::new(f(x), f(y), f(z))))
    })
}

#[test]
fn edge_bevels_are_needed_on_a_sharp_brush() {
    let geometry = corner_cut();
    let (mins, maxs) = (
        DVec3::new(-15.0, -15.0, -24.0),
        DVec3::new(15.0, 15.0, 32.0),
    );
    let (judged, wrong) = compare(&geometry, BevelKinds::ALL, mins, maxs, grid(24));
    assert!(judged > 10_000);
    assert_eq!(wrong, 0);
    let (_, wrong_axial) = compare(&geometry, BevelKinds::AXIAL_ONLY, mins, maxs, grid(24));
    assert!(
        wrong_axial > 0,
        "axial bevels alone should over-expand the edges"
    );
    let (_, wrong_none) = compare(&geometry, BevelKinds::NONE, mins, maxs, grid(24));
    assert!(wrong_none > wrong_axial);
}
