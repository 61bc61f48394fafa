//! [`BrushGeometry`]: the faces, vertices, edges and bounds of a convex brush given by its
//! planes, and the checks that reject unbounded, empty and flat brushes.
//!
//! Each face is the huge square [`Winding::from_plane`] of one plane clipped behind every other
//! plane. A plane whose face vanishes (or keeps less than [`MIN_FACE_AREA`]) touches the brush
//! at most along an edge or a corner and is *redundant*: it is dropped. Of two planes equal
//! within [`same_plane`] tolerances only the first makes a face.

use glam::DVec3;
use thiserror::Error;

use super::Plane;
use crate::geom::{Clipper, ON_EPSILON, Winding};

/// Coordinates beyond `±WORLD_LIMIT` mean a brush is open on some side (Quake III maps fit in
/// ±65536; the clipping squares of [`Winding::from_plane`] reach ±262144).
pub const WORLD_LIMIT: f64 = 131_072.0;

/// Faces with less area than this (square units) are dropped as redundant.
pub const MIN_FACE_AREA: f64 = 1e-3;

/// A brush thinner than this (units, measured from its thinnest face to the farthest vertex
/// behind it) has no volume.
pub const MIN_THICKNESS: f64 = 0.05;

/// Largest difference of a normal component for two planes to count as the same plane.
pub const NORMAL_EPSILON: f64 = 1e-6;

/// Largest difference of plane distances for two planes to count as the same plane (units).
pub const DIST_EPSILON: f64 = ON_EPSILON;

/// Vertices closer than this on every axis are merged (units).
const VERTEX_EPSILON: f64 = ON_EPSILON;

/// Why a set of planes is not a usable convex brush.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum BrushGeometryError {
    /// Plane `0` has a non-finite or non-unit normal, or a non-finite distance.
    #[error("plane {0} is not finite or its normal is not unit length")]
    BadPlane(usize),
    /// The planes enclose nothing (contradictory planes, or no planes).
    #[error("the planes enclose no space")]
    Empty,
    /// The brush is open on some side, or reaches beyond ±[`WORLD_LIMIT`].
    #[error("the brush is unbounded or reaches beyond the world limit")]
    Unbounded,
    /// The brush is flat (or a line or a point): fewer than four faces, or thinner than
    /// [`MIN_THICKNESS`].
    #[error("the brush has no volume")]
    NoVolume,
}

/// One face of a brush: a plane that bounds the brush and the polygon the brush has on it.
#[derive(Debug, Clone, PartialEq)]
pub struct BrushFace {
    /// The plane, normal pointing out of the brush.
    pub plane: Plane,
    /// Index of the plane in the input of [`BrushGeometry::from_planes`].
    pub input: usize,
    /// The face polygon, counter-clockwise seen from outside.
    pub winding: Winding,
}

/// The geometry of a bounded convex brush with volume.
#[derive(Debug, Clone, PartialEq)]
pub struct BrushGeometry {
    faces: Vec<BrushFace>,
    vertices: Vec<DVec3>,
    edges: Vec<[usize; 2]>,
    mins: DVec3,
    maxs: DVec3,
}

impl BrushGeometry {
    /// Computes the faces, vertices, edges and bounds of the brush
    /// `{x : normal · x <= dist for every plane}`; redundant and duplicate planes make no face.
    ///
    /// # Errors
    /// [`BrushGeometryError`] when a plane is not finite or not unit length, or the brush is
    /// empty, unbounded or has no volume.
    ///
    /// # Complexity
    /// `O(p² · k)` for `p` planes and faces of at most `k` points, plus `O(v²)` to merge the
    /// `v` face corners into vertices.
    pub fn from_planes(planes: &[Plane]) -> Result<Self, BrushGeometryError> {
        if let Some(bad) = planes.iter().position(|plane| !is_valid(plane)) {
            return Err(BrushGeometryError::BadPlane(bad));
        }
        let mut faces = Vec::with_capacity(planes.len());
        let mut scratch = Clipper::default();
        for (index, plane) in planes.iter().enumerate() {
            if planes[..index].iter().any(|other| same_plane(other, plane)) {
                continue;
            }
            let mut points = Winding::from_plane(plane).into_points();
            let mut alive = true;
            for (other_index, other) in planes.iter().enumerate() {
                if other_index == index || same_plane(other, plane) {
                    continue;
                }
                if !scratch.clip_back(&mut points, other) {
                    alive = false;
                    break;
                }
            }
            if !alive {
                continue;
            }
            if let Some(winding) = Winding::new(points)
                && winding.area() >= MIN_FACE_AREA
            {
                faces.push(BrushFace {
                    plane: *plane,
                    input: index,
                    winding,
                });
            }
        }
        let unbounded = faces.iter().any(|face| {
            face.winding
                .points()
                .iter()
                .any(|p| p.abs().max_element() > WORLD_LIMIT)
        });
        if unbounded {
            return Err(BrushGeometryError::Unbounded);
        }
        match faces.len() {
            0 => return Err(BrushGeometryError::Empty),
            1..=3 => return Err(BrushGeometryError::NoVolume),
            _ => {}
        }

        let mut vertices: Vec<DVec3> = Vec::new();
        let mut edges: Vec<[usize; 2]> = Vec::new();
        for face in &faces {
            let indices: Vec<usize> = face
                .winding
                .points()
                .iter()
                .map(|&point| vertex_index(&mut vertices, point))
                .collect();
            for (position, &start) in indices.iter().enumerate() {
                let end = indices.get(position + 1).or(indices.first()).copied();
                let Some(end) = end else { continue };
                if start == end {
                    continue;
                }
                let edge = [start.min(end), start.max(end)];
                if !edges.contains(&edge) {
                    edges.push(edge);
                }
            }
        }
        let thickness = faces
            .iter()
            .map(|face| {
                vertices
                    .iter()
                    .map(|&v| -face.plane.distance_to(v))
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .fold(f64::INFINITY, f64::min);
        if thickness.is_nan() || thickness < MIN_THICKNESS {
            return Err(BrushGeometryError::NoVolume);
        }
        let (mins, maxs) = vertices
            .iter()
            .fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &p| {
                (lo.min(p), hi.max(p))
            });
        Ok(Self {
            faces,
            vertices,
            edges,
            mins,
            maxs,
        })
    }

    /// The faces, in input plane order.
    #[must_use]
    pub fn faces(&self) -> &[BrushFace] {
        &self.faces
    }

    /// The distinct corners of the faces (merged within [`ON_EPSILON`]).
    #[must_use]
    pub fn vertices(&self) -> &[DVec3] {
        &self.vertices
    }

    /// The distinct edges, as pairs of indices into [`vertices`](Self::vertices) (smaller
    /// index first).
    #[must_use]
    pub fn edges(&self) -> &[[usize; 2]] {
        &self.edges
    }

    /// Smallest corner of the axis-aligned bounds.
    #[must_use]
    pub fn mins(&self) -> DVec3 {
        self.mins
    }

    /// Largest corner of the axis-aligned bounds.
    #[must_use]
    pub fn maxs(&self) -> DVec3 {
        self.maxs
    }

    /// The average of the vertices: a point inside the brush.
    #[must_use]
    pub fn center(&self) -> DVec3 {
        self.vertices.iter().copied().sum::<DVec3>() / self.vertices.len().max(1) as f64
    }

    /// The planes of the faces (redundant and duplicate input planes left out).
    pub fn planes(&self) -> impl Iterator<Item = Plane> + '_ {
        self.faces.iter().map(|face| face.plane)
    }
}

/// Whether two planes are the same within [`NORMAL_EPSILON`] per normal component and
/// [`DIST_EPSILON`] in distance (opposite planes are different).
#[must_use]
pub fn same_plane(a: &Plane, b: &Plane) -> bool {
    (a.normal - b.normal).abs().max_element() < NORMAL_EPSILON
        && (a.dist - b.dist).abs() < DIST_EPSILON
}

/// The largest signed distance of `point` from `planes` (`-inf` for no planes): negative
/// inside the convex set `{x : normal · x <= dist}`, positive outside. NaN-safe: a NaN
/// distance counts as outside (`+inf`).
///
/// # Complexity
/// `O(planes)`.
#[must_use]
pub fn outside_distance(planes: &[Plane], point: DVec3) -> f64 {
    planes
        .iter()
        .map(|plane| {
            let distance = plane.distance_to(point);
            if distance.is_nan() {
                f64::INFINITY
            } else {
                distance
            }
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

fn is_valid(plane: &Plane) -> bool {
    plane.normal.is_finite()
        && plane.dist.is_finite()
        && (plane.normal.length_squared() - 1.0).abs() < 1e-6
}

fn vertex_index(vertices: &mut Vec<DVec3>, point: DVec3) -> usize {
    if let Some(found) = vertices
        .iter()
        .position(|v| (*v - point).abs().max_element() < VERTEX_EPSILON)
    {
        return found;
    }
    vertices.push(point);
    vertices.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn box_planes(mins: DVec3, maxs: DVec3) -> Vec<Plane> {
        Plane::axial_box(mins, maxs).to_vec()
    }

    #[test]
    fn cube_has_six_faces_eight_vertices_twelve_edges() {
        let g =
            BrushGeometry::from_planes(&box_planes(DVec3::splat(-8.0), DVec3::splat(8.0))).unwrap();
        assert_eq!(g.faces().len(), 6);
        assert_eq!(g.vertices().len(), 8);
        assert_eq!(g.edges().len(), 12);
        assert_eq!(g.mins(), DVec3::splat(-8.0));
        assert_eq!(g.maxs(), DVec3::splat(8.0));
        assert!(g.center().length() < 1e-9);
    }

    #[test]
    fn redundant_and_duplicate_planes_make_no_face() {
        let mut planes = box_planes(DVec3::ZERO, DVec3::splat(16.0));
        planes.push(Plane {
            normal: DVec3::X,
            dist: 40.0,
        }); // far outside
        planes.push(Plane {
            normal: DVec3::X,
            dist: 16.0,
        }); // duplicate
        let corner = DVec3::new(1.0, 1.0, 1.0).normalize();
        planes.push(Plane {
            normal: corner,
            dist: corner.dot(DVec3::splat(16.0)),
        }); // one vertex
        let g = BrushGeometry::from_planes(&planes).unwrap();
        assert_eq!(g.faces().len(), 6);
        assert!(g.faces().iter().all(|f| f.input < 6));
    }

    #[test]
    fn open_empty_flat_and_bad_brushes_are_rejected() {
        let mut open = box_planes(DVec3::ZERO, DVec3::splat(16.0));
        open.pop();
        assert_eq!(
            BrushGeometry::from_planes(&open),
            Err(BrushGeometryError::Unbounded)
        );

        let mut empty = box_planes(DVec3::ZERO, DVec3::splat(16.0));
        empty.push(Plane {
            normal: DVec3::NEG_X,
            dist: -32.0,
        });
        assert_eq!(
            BrushGeometry::from_planes(&empty),
            Err(BrushGeometryError::Empty)
        );

        let flat = box_planes(DVec3::ZERO, DVec3::new(16.0, 16.0, 0.0));
        assert_eq!(
            BrushGeometry::from_planes(&flat),
            Err(BrushGeometryError::NoVolume)
        );

        let mut bad = box_planes(DVec3::ZERO, DVec3::splat(16.0));
        bad[2].dist = f64::NAN;
        assert_eq!(
            BrushGeometry::from_planes(&bad),
            Err(BrushGeometryError::BadPlane(2))
        );
        bad[2] = Plane {
            normal: DVec3::new(2.0, 0.0, 0.0),
            dist: 1.0,
        };
        assert_eq!(
            BrushGeometry::from_planes(&bad),
            Err(BrushGeometryError::BadPlane(2))
        );
        assert_eq!(
            BrushGeometry::from_planes(&[]),
            Err(BrushGeometryError::Empty)
        );
    }

    #[test]
    fn outside_distance_is_signed_and_nan_safe() {
        let planes = box_planes(DVec3::ZERO, DVec3::splat(16.0));
        assert!((outside_distance(&planes, DVec3::splat(8.0)) + 8.0).abs() < 1e-12);
        assert!((outside_distance(&planes, DVec3::new(20.0, 8.0, 8.0)) - 4.0).abs() < 1e-12);
        assert_eq!(outside_distance(&planes, DVec3::NAN), f64::INFINITY);
    }
}
