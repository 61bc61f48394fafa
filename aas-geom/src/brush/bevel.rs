//! Brush bevels (thesis §6.2): extra bounding planes that do not change a brush's shape but
//! make plane-by-plane expansion by a box exact.
//!
//! Moving each plane of a brush outward by the box's extent along its normal expands the brush
//! too far at edges and corners where non-axial planes meet (the thesis' wedge, figures
//! 6.5–6.7). The Minkowski sum of a convex polytope and a box is bounded by planes with three
//! kinds of normals: the polytope's face normals, the box's face normals (the six axes), and
//! the cross products of a polytope edge with a box edge (an axis). So adding
//!
//! - the **axial bevels**: the six planes `±x`, `±y`, `±z` through the brush's extreme
//!   vertices, when the brush lacks them, and
//! - the **edge bevels**: for every edge and every axis, the plane containing the edge and
//!   parallel to the axis (normal `normalize(edge × axis)`, oriented outward), kept when every
//!   vertex of the brush is behind it,
//!
//! and then expanding every plane (see [`expand`](super::expand)) gives exactly the
//! Minkowski sum: the set of origins at which the box overlaps the brush.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::{BrushGeometry, Plane, same_plane};
use crate::geom::ON_EPSILON;

/// A vertex may lie this far in front of a bevel plane that is still kept (units).
pub const BEVEL_EPSILON: f64 = ON_EPSILON;

/// Edges shorter than this get no edge bevels (units).
const MIN_EDGE_LENGTH: f64 = 1e-3;

/// Which bevels [`bevelled_planes`] adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BevelKinds {
    /// The six axial planes through the extreme vertices.
    pub axial: bool,
    /// The planes through each edge parallel to each axis.
    pub edges: bool,
}

impl BevelKinds {
    /// Axial and edge bevels: expansion is exact.
    pub const ALL: Self = Self {
        axial: true,
        edges: true,
    };
    /// No bevels: expansion over-expands at non-axial edges and corners.
    pub const NONE: Self = Self {
        axial: false,
        edges: false,
    };
    /// Axial bevels only: still over-expands along edges between two non-axial faces.
    pub const AXIAL_ONLY: Self = Self {
        axial: true,
        edges: false,
    };
}

impl Default for BevelKinds {
    fn default() -> Self {
        Self::ALL
    }
}

/// The planes of the brush's faces followed by the bevels of `kinds` that it lacks.
///
/// A bevel is added only when no plane already present is the same plane (within
/// [`same_plane`]'s tolerances). Edge bevels lie along an edge, so they touch the brush along
/// that edge only; axial bevels touch it at its extreme vertices. The brush's shape does not
/// change (up to [`BEVEL_EPSILON`]).
///
/// # Complexity
/// `O(e · 3 · v + b · p)` for `e` edges, `v` vertices, `b` candidate bevels and `p` planes in
/// the result.
#[must_use]
pub fn bevelled_planes(geometry: &BrushGeometry, kinds: BevelKinds) -> Vec<Plane> {
    let mut planes: Vec<Plane> = geometry.planes().collect();
    if kinds.axial {
        let (mins, maxs) = (geometry.mins(), geometry.maxs());
        for axis in [DVec3::X, DVec3::Y, DVec3::Z] {
            for (normal, dist) in [(axis, axis.dot(maxs)), (-axis, -axis.dot(mins))] {
                push_unique(&mut planes, Plane { normal, dist });
            }
        }
    }
    if kinds.edges {
        let vertices = geometry.vertices();
        for &[a, b] in geometry.edges() {
            let (Some(&start), Some(&end)) = (vertices.get(a), vertices.get(b)) else {
                continue;
            };
            let direction = end - start;
            if direction.length().is_nan() || direction.length() < MIN_EDGE_LENGTH {
                continue;
            }
            let direction = direction.normalize();
            for axis in [DVec3::X, DVec3::Y, DVec3::Z] {
                let normal = direction.cross(axis);
                let length = normal.length();
                if length.is_nan() || length <= 1e-6 {
                    continue;
                }
                let normal = normal / length;
                // Only one orientation can have every vertex behind (the brush has volume).
                let (lowest, highest) = vertices
                    .iter()
                    .map(|&v| normal.dot(v - start))
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), d| {
                        (lo.min(d), hi.max(d))
                    });
                let normal = if highest <= BEVEL_EPSILON {
                    normal
                } else if lowest >= -BEVEL_EPSILON {
                    -normal
                } else {
                    continue;
                };
                push_unique(
                    &mut planes,
                    Plane {
                        normal,
                        dist: normal.dot(start),
                    },
                );
            }
        }
    }
    planes
}

fn push_unique(planes: &mut Vec<Plane>, plane: Plane) {
    if !planes.iter().any(|p| same_plane(p, &plane)) {
        planes.push(plane);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brush::outside_distance;

    fn wedge() -> Vec<Plane> {
        // A ramp: floor, back wall, two side walls, sloped top rising along +x.
        let slope = DVec3::new(-1.0, 0.0, 2.0).normalize();
        vec![
            Plane {
                normal: DVec3::NEG_Z,
                dist: 0.0,
            },
            Plane {
                normal: DVec3::X,
                dist: 64.0,
            },
            Plane {
                normal: DVec3::Y,
                dist: 32.0,
            },
            Plane {
                normal: DVec3::NEG_Y,
                dist: 32.0,
            },
            Plane {
                normal: slope,
                dist: 0.0,
            },
        ]
    }

    #[test]
    fn wedge_gets_the_missing_axial_bevels_only() {
        let geometry = BrushGeometry::from_planes(&wedge()).unwrap();
        let planes = bevelled_planes(&geometry, BevelKinds::AXIAL_ONLY);
        // -x through the sharp edge and +z through the top edge are missing.
        assert_eq!(planes.len(), 7);
        assert!(
            planes[5..]
                .iter()
                .any(|p| p.normal == DVec3::NEG_X && p.dist == 0.0)
        );
        assert!(
            planes[5..]
                .iter()
                .any(|p| p.normal == DVec3::Z && p.dist == 32.0)
        );
        assert_eq!(bevelled_planes(&geometry, BevelKinds::NONE).len(), 5);
    }

    #[test]
    fn bevels_never_cut_the_brush() {
        let corner = DVec3::new(1.0, 2.0, 3.0).normalize();
        let mut planes = wedge();
        planes.push(Plane {
            normal: corner,
            dist: corner.dot(DVec3::new(60.0, 28.0, 20.0)),
        });
        let geometry = BrushGeometry::from_planes(&planes).unwrap();
        let bevelled = bevelled_planes(&geometry, BevelKinds::ALL);
        assert!(bevelled.len() > planes.len());
        for &vertex in geometry.vertices() {
            assert!(outside_distance(&bevelled, vertex) <= BEVEL_EPSILON);
        }
        let again = BrushGeometry::from_planes(&bevelled).unwrap();
        assert_eq!(again.vertices().len(), geometry.vertices().len());
    }

    #[test]
    fn an_axial_box_needs_no_bevels() {
        let planes = vec![
            Plane {
                normal: DVec3::X,
                dist: 1.0,
            },
            Plane {
                normal: DVec3::NEG_X,
                dist: 1.0,
            },
            Plane {
                normal: DVec3::Y,
                dist: 1.0,
            },
            Plane {
                normal: DVec3::NEG_Y,
                dist: 1.0,
            },
            Plane {
                normal: DVec3::Z,
                dist: 1.0,
            },
            Plane {
                normal: DVec3::NEG_Z,
                dist: 1.0,
            },
        ];
        let geometry = BrushGeometry::from_planes(&planes).unwrap();
        assert_eq!(bevelled_planes(&geometry, BevelKinds::ALL), planes);
    }
}
