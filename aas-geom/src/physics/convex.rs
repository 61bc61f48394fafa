//! [`ConvexVolume`]: one convex brush of a trigger, tested against the player's box exactly;
//! and [`segment_meets_box`].

use glam::Vec3;
use serde::{Deserialize, Serialize};

/// A half-space `normal · x ≤ dist`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct HalfSpace {
    /// Unit outward normal.
    pub normal: Vec3,
    /// Distance from the origin along `normal`.
    pub dist: f32,
}

/// A convex brush: the intersection of its half-spaces, with its bounding box.
///
/// A player box touches it when the boxes overlap and no brush plane has the whole player box
/// in front of it — the game's contact test against a brush, whose planes include the axial
/// bevels (a `.bsp` stores them; the bounding box stands in for them here, so a `.map`
/// brush without bevels is tested the same way). Touching faces count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConvexVolume {
    /// Lower corner of the brush's bounds.
    pub mins: Vec3,
    /// Upper corner of the brush's bounds.
    pub maxs: Vec3,
    /// The brush's planes.
    pub planes: Vec<HalfSpace>,
}

impl ConvexVolume {
    /// Whether the box `lo ..= hi` touches the brush.
    #[must_use]
    pub fn touches_box(&self, lo: Vec3, hi: Vec3) -> bool {
        lo.cmple(self.maxs).all()
            && self.mins.cmple(hi).all()
            && self.planes.iter().all(|plane| {
                // The box corner furthest behind the plane.
                let corner = Vec3::select(plane.normal.cmpge(Vec3::ZERO), lo, hi);
                plane.normal.dot(corner) <= plane.dist
            })
    }

    /// The same brush moved by `offset`.
    #[must_use]
    pub fn translated(mut self, offset: Vec3) -> Self {
        self.mins += offset;
        self.maxs += offset;
        for plane in &mut self.planes {
            plane.dist += plane.normal.dot(offset);
        }
        self
    }
}

/// Whether the box `lo ..= hi` touches a volume bounded by `mins ..= maxs` made of the brushes
/// `shape` (an empty shape is the bounding box itself).
#[must_use]
pub fn volume_touches_box(
    mins: Vec3,
    maxs: Vec3,
    shape: &[ConvexVolume],
    lo: Vec3,
    hi: Vec3,
) -> bool {
    lo.cmple(maxs).all()
        && mins.cmple(hi).all()
        && (shape.is_empty() || shape.iter().any(|brush| brush.touches_box(lo, hi)))
}

/// Whether the segment from `start` to `end` meets the box `mins..maxs` (slab test; touching counts).
#[must_use]
pub fn segment_meets_box(start: Vec3, end: Vec3, mins: Vec3, maxs: Vec3) -> bool {
    let delta = end - start;
    let (mut enter, mut exit) = (0.0_f32, 1.0_f32);
    for axis in 0..3 {
        let (s, d) = (start[axis], delta[axis]);
        if d.abs() < 1e-12 {
            if s < mins[axis] || s > maxs[axis] {
                return false;
            }
            continue;
        }
        let (a, b) = ((mins[axis] - s) / d, (maxs[axis] - s) / d);
        enter = enter.max(a.min(b));
        exit = exit.min(a.max(b));
        if enter > exit {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wedge over the box (0,0,0)–(100,100,100) cut by the plane x + z ≤ 100.
    fn wedge() -> ConvexVolume {
        let normal = Vec3::new(1.0, 0.0, 1.0).normalize();
        ConvexVolume {
            mins: Vec3::ZERO,
            maxs: Vec3::splat(100.0),
            planes: vec![HalfSpace {
                normal,
                dist: 100.0 * normal.x,
            }],
        }
    }

    #[test]
    fn a_box_inside_the_bounds_but_beyond_the_slope_does_not_touch() {
        let wedge = wedge();
        assert!(!wedge.touches_box(Vec3::new(80.0, 10.0, 80.0), Vec3::new(90.0, 20.0, 90.0)));
        assert!(wedge.touches_box(Vec3::new(10.0, 10.0, 10.0), Vec3::new(20.0, 20.0, 20.0)));
    }

    #[test]
    fn a_box_resting_on_the_slope_touches() {
        let wedge = wedge();
        // Its lowest corner (59.9, _, 40) is just behind x + z = 100.
        assert!(wedge.touches_box(Vec3::new(59.9, 10.0, 40.0), Vec3::new(70.0, 20.0, 50.0)));
        assert!(!wedge.touches_box(Vec3::new(60.5, 10.0, 40.0), Vec3::new(70.0, 20.0, 50.0)));
    }

    #[test]
    fn boxes_outside_the_bounds_never_touch() {
        let wedge = wedge();
        assert!(!wedge.touches_box(Vec3::new(10.0, 101.0, 10.0), Vec3::new(20.0, 120.0, 20.0)));
        assert!(wedge.touches_box(Vec3::new(10.0, 100.0, 10.0), Vec3::new(20.0, 120.0, 20.0)));
    }

    #[test]
    fn segments_meet_boxes_they_cross_or_touch() {
        let (lo, hi) = (Vec3::ZERO, Vec3::splat(10.0));
        let meets = |a: [f32; 3], b: [f32; 3]| segment_meets_box(a.into(), b.into(), lo, hi);
        assert!(
            meets([-5.0, 5.0, 5.0], [15.0, 5.0, 5.0]),
            "straight through"
        );
        assert!(meets([-5.0, 10.0, 5.0], [15.0, 10.0, 5.0]), "along a face");
        assert!(meets([5.0, 5.0, 5.0], [5.0, 5.0, 5.0]), "a point inside");
        assert!(!meets([-5.0, 11.0, 5.0], [15.0, 11.0, 5.0]), "beside");
        assert!(!meets([-5.0, 5.0, 5.0], [-1.0, 5.0, 5.0]), "short of it");
        assert!(
            !meets([-5.0, 0.0, 5.0], [5.0, -10.0, 5.0]),
            "past the corner"
        );
    }

    #[test]
    fn translation_moves_bounds_and_planes() {
        let moved = wedge().translated(Vec3::new(0.0, 0.0, 50.0));
        assert!(moved.touches_box(Vec3::new(10.0, 10.0, 60.0), Vec3::new(20.0, 20.0, 70.0)));
        assert!(!moved.touches_box(Vec3::new(60.5, 10.0, 90.0), Vec3::new(70.0, 20.0, 100.0)));
    }
}
