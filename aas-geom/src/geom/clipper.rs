//! [`Clipper`]: clipping a polygon by planes in place, with reusable buffers: the inner loop
//! of building brush faces, BSP cross-sections and portals.

use glam::DVec3;

use super::ON_EPSILON;
use super::winding::crossing;
use crate::brush::Plane;

/// Reusable buffers for clipping a polygon in place, exactly as
/// [`Winding::clip_back`](super::Winding::clip_back) does
/// (points within [`ON_EPSILON`] of the plane are kept) but without allocating per clip.
#[derive(Debug, Default)]
pub struct Clipper {
    distances: Vec<f64>,
    output: Vec<DVec3>,
}

impl Clipper {
    /// Keeps the part of `points` behind `plane`; `false` when fewer than 3 points are left.
    ///
    /// # Complexity
    /// `O(points)`, without allocating once the buffers have grown.
    pub fn clip_back(&mut self, points: &mut Vec<DVec3>, plane: &Plane) -> bool {
        self.distances.clear();
        let (mut any_front, mut any_back) = (false, false);
        for &point in points.iter() {
            let distance = plane.distance_to(point);
            any_front |= distance > ON_EPSILON;
            any_back |= distance < -ON_EPSILON;
            self.distances.push(distance);
        }
        if !any_front {
            return points.len() >= 3;
        }
        if !any_back {
            return false;
        }
        self.output.clear();
        let count = points.len();
        for (i, (&point, &distance)) in points.iter().zip(&self.distances).enumerate() {
            if distance <= ON_EPSILON {
                self.output.push(point);
            }
            let next = if i + 1 == count { 0 } else { i + 1 };
            let (Some(&next_point), Some(&next_distance)) =
                (points.get(next), self.distances.get(next))
            else {
                continue;
            };
            let crosses = (distance > ON_EPSILON && next_distance < -ON_EPSILON)
                || (distance < -ON_EPSILON && next_distance > ON_EPSILON);
            if crosses {
                self.output
                    .push(crossing(point, next_point, distance, next_distance, plane));
            }
        }
        std::mem::swap(points, &mut self.output);
        points.len() >= 3
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Winding;

    #[test]
    fn in_place_clipper_matches_winding_clip_back() {
        let mut clipper = Clipper::default();
        let mut checked = 0;
        for i in 0..200_u32 {
            let f = f64::from(i);
            let normal = DVec3::new((f * 0.7).sin(), (f * 1.3).cos(), (f * 0.37).sin()).normalize();
            let start = Plane {
                normal: DVec3::new(f.cos(), 0.5, f.sin()).normalize(),
                dist: 3.0,
            };
            let plane = Plane {
                normal,
                dist: (f * 0.1).sin() * 40.0,
            };
            let mut winding = Winding::from_plane(&start);
            for cut in [
                DVec3::X,
                DVec3::NEG_X,
                DVec3::Y,
                DVec3::NEG_Y,
                DVec3::Z,
                DVec3::NEG_Z,
            ] {
                winding = winding
                    .clip_back(&Plane {
                        normal: cut,
                        dist: 64.0,
                    })
                    .unwrap();
            }
            let expected = winding.clip_back(&plane);
            let mut points = winding.into_points();
            let alive = clipper.clip_back(&mut points, &plane);
            assert_eq!(alive, expected.is_some());
            if let Some(expected) = expected {
                assert_eq!(points, expected.points());
                checked += 1;
            }
        }
        assert!(checked > 50);
    }
}
