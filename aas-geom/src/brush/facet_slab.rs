//! Patch facets collide as zero-thickness surfaces: the expansion of a patch's thin brush
//! without its thickness.
//!
//! # The rule
//! Quake III's collision treats each facet of a patch as a surface without thickness that
//! stops the player box from either side; a patch whose drawn side faces down (the underside
//! of a two-sided flat trim lying on a floor, the back of a curved bridge) is walked on at the
//! height of its surface, not above it. A brush needs volume, so [`Patch`](super::Patch)
//! builds a thin prism a few units *behind* each facet; expanded by the player box as it is,
//! that prism would stand [`thickness`](FacetSlab::thickness) units proud of the surface on
//! its back side, and a player on the back would stand that much too high (or be stopped that
//! much too early by a curved wall whose back faces the room).
//!
//! The expanded brush that the compiler uses is therefore the Minkowski sum of the *facet*
//! (the prism's front face, no thickness) and the mirrored box. The prism is the facet swept
//! by the segment `[0, thickness] · (−normal)`, and support functions of Minkowski sums add,
//! so for every outward plane normal `m` of the expanded prism
//!
//! ```text
//! h_prism⊕box(m) = h_facet⊕box(m) + thickness · max(0, −m · normal)
//! ```
//!
//! The planes of the expanded prism (face planes, axial and edge bevels of the prism) include
//! every plane of the facet's sum (the facet's own plane both ways, axial planes, and each
//! facet edge times each axis; the prism's extra bevels along `normal` are parallel to it and
//! do not move), so lowering each plane by `thickness · max(0, −m · normal)` gives that sum
//! exactly ([`collapse_thickness`]): planes facing the front side keep their distance, the
//! back plane moves onto the facet's plane (its box offset kept), and slanted planes in
//! between move by their share.
//!
//! Two facets lying on each other with opposite normals (a two-sided surface) then give the
//! same expanded brush, and a facet lying on a brush face gives a plane through that face's
//! expanded plane, not a sliver beside it.

use glam::DVec3;

use super::{Brush, Plane};

/// The facet of a patch's thin brush: the outward unit normal of its front (drawn) side and
/// the depth of the prism behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FacetSlab {
    /// Outward unit normal of the facet's front side.
    pub normal: DVec3,
    /// Distance between the front side and the parallel back side.
    pub thickness: f64,
}

impl FacetSlab {
    /// The facet of `brush` when it is a thin prism as [`Patch`](super::Patch) builds them:
    /// side 0 the front plane, side 1 the back plane (the front's normal reversed, behind
    /// it). `None` for any other brush.
    #[must_use]
    pub fn of_thin_brush(brush: &Brush) -> Option<Self> {
        let [front, back, ..] = brush.sides.as_slice() else {
            return None;
        };
        let (front, back) = (front.plane, back.plane);
        let opposite = (front.normal + back.normal).length() < 1e-9;
        // The back plane is `−normal · x <= −(front.dist − thickness)`.
        let thickness = front.dist + back.dist;
        (opposite && thickness.is_finite() && thickness > 0.0).then_some(Self {
            normal: front.normal,
            thickness,
        })
    }

    /// Whether `point` (a vertex of the prism) lies on the facet rather than on the back side.
    #[must_use]
    pub fn on_facet(&self, front: &Plane, point: DVec3) -> bool {
        front.distance_to(point) > -0.5 * self.thickness
    }
}

/// Lowers every plane of an expanded thin prism so that the planes bound the Minkowski sum of
/// the facet alone and the box (see the [module docs](self)): `dist −= thickness ·
/// max(0, −normal_plane · slab.normal)`.
pub fn collapse_thickness(planes: &mut [Plane], slab: FacetSlab) {
    for plane in planes {
        let back_share = (-plane.normal.dot(slab.normal)).max(0.0);
        plane.dist -= slab.thickness * back_share;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brush::{
        BevelKinds, BrushGeometry, BrushSide, ModelNum, SourceLocation, TextureId, bevelled_planes,
        expand_planes,
    };
    use crate::brush::{Contents, PatchSettings, PatchSource};

    const MINS: DVec3 = DVec3::new(-15.0, -15.0, -24.0);
    const MAXS: DVec3 = DVec3::new(15.0, 15.0, 32.0);

    fn inside(planes: &[Plane], point: DVec3) -> bool {
        planes.iter().all(|plane| plane.distance_to(point) <= 1e-9)
    }

    /// The box at `origin` touches the triangle: brute force over a fine sampling of the
    /// triangle and the box.
    fn box_touches_triangle(corners: [DVec3; 3], origin: DVec3) -> bool {
        let steps = 40;
        for i in 0..=steps {
            for j in 0..=steps - i {
                let (a, b) = (
                    f64::from(i) / f64::from(steps),
                    f64::from(j) / f64::from(steps),
                );
                let point =
                    corners[0] + (corners[1] - corners[0]) * a + (corners[2] - corners[0]) * b;
                let local = point - origin;
                if local.cmpge(MINS - 1e-9).all() && local.cmple(MAXS + 1e-9).all() {
                    return true;
                }
            }
        }
        false
    }

    fn triangle_patch(corners: [DVec3; 3]) -> Brush {
        // A flat 3 × 3 patch whose corners (1, 1) and (0, 1) are both `r`: of the two halves
        // of its cell, cut along (0, 0)–(1, 1), [p, q, r] is the one facet, [p, r, r] is
        // degenerate.
        let [p, q, r] = corners;
        let points = vec![
            p,
            (p + q) * 0.5,
            q,
            (p + r) * 0.5,
            (q + r) * 0.5,
            (q + r) * 0.5,
            r,
            r,
            r,
        ];
        let patch = crate::Patch::tessellate(
            PatchSource {
                width: 3,
                height: 3,
                control_points: points,
                texture: TextureId(0),
                contents: Contents::SOLID,
                entity: None,
                model: ModelNum(0),
                index: 0,
                location: SourceLocation::Text { line: 1, column: 1 },
            },
            PatchSettings::default(),
        )
        .unwrap();
        patch.brushes[0].clone()
    }

    /// The facet of the triangle patch on `corners` and the planes of its thin prism,
    /// bevelled and expanded by the box (not yet collapsed).
    fn expanded_prism(corners: [DVec3; 3]) -> (FacetSlab, Vec<Plane>) {
        let brush = triangle_patch(corners);
        let slab = FacetSlab::of_thin_brush(&brush).expect("a thin prism");
        let planes: Vec<Plane> = brush.sides.iter().map(|side| side.plane).collect();
        let geometry = BrushGeometry::from_planes(&planes).unwrap();
        let expanded = expand_planes(
            &bevelled_planes(&geometry, BevelKinds::default()),
            MINS,
            MAXS,
        );
        (slab, expanded)
    }

    #[test]
    fn a_plain_brush_is_no_facet() {
        let side = |normal: DVec3, dist| BrushSide {
            plane: Plane { normal, dist },
            texture: TextureId(0),
            bevel: false,
        };
        let brush = Brush {
            sides: vec![side(DVec3::Z, 8.0), side(DVec3::X, 8.0)],
            contents: Contents::SOLID,
            entity: None,
            model: ModelNum(0),
            index: 0,
            location: SourceLocation::Text { line: 1, column: 1 },
        };
        assert_eq!(FacetSlab::of_thin_brush(&brush), None);
    }

    #[test]
    fn a_downward_facet_on_a_floor_collapses_onto_its_surface() {
        // A facet at z = 64 facing down: its prism is 64..66, but a player stands on z = 64.
        let corners = [
            DVec3::new(0.0, 0.0, 64.0),
            DVec3::new(0.0, 64.0, 64.0),
            DVec3::new(64.0, 0.0, 64.0),
        ];
        let (slab, mut expanded) = expanded_prism(corners);
        assert!((slab.normal - DVec3::NEG_Z).length() < 1e-9);
        let standing = DVec3::new(10.0, 10.0, 64.0 + 24.0 + 0.5);
        assert!(
            inside(&expanded, standing),
            "the prism alone sticks 2 units up"
        );
        collapse_thickness(&mut expanded, slab);
        assert!(!inside(&expanded, standing));
        assert!(inside(&expanded, standing - DVec3::Z));
    }

    #[test]
    fn the_collapsed_brush_is_the_facet_swept_by_the_box() {
        let corners = [
            DVec3::new(0.0, 0.0, 0.0),
            DVec3::new(40.0, 10.0, 30.0),
            DVec3::new(-5.0, 50.0, 12.0),
        ];
        let (slab, mut expanded) = expanded_prism(corners);
        collapse_thickness(&mut expanded, slab);
        let mut disagreements = 0;
        let mut checked = 0;
        for x in (-40..=80).step_by(7) {
            for y in (-40..=90).step_by(7) {
                for z in (-50..=80).step_by(7) {
                    let origin = DVec3::new(f64::from(x), f64::from(y), f64::from(z)) + 0.37;
                    // Points close to the boundary are left to the sampling's resolution.
                    let margin = expanded
                        .iter()
                        .map(|plane| plane.distance_to(origin))
                        .fold(f64::NEG_INFINITY, f64::max)
                        .abs();
                    if margin < 3.0 {
                        continue;
                    }
                    checked += 1;
                    if inside(&expanded, origin) != box_touches_triangle(corners, origin) {
                        disagreements += 1;
                    }
                }
            }
        }
        assert!(checked > 1000);
        assert_eq!(disagreements, 0);
    }
}
