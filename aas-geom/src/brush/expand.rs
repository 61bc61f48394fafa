//! Expansion of brush planes by an axis-aligned box (thesis §6.2), so that "the box at origin
//! `p` overlaps the brush" becomes "`p` is inside the expanded brush".
//!
//! # Derivation
//! Let the box be `[mins, maxs]` relative to the player origin, so the box at `p` is
//! `{p + b : mins <= b <= maxs}`. It overlaps the brush `B` exactly when `p = x - b` for some
//! `x ∈ B` and `b` in the box, i.e. when `p` lies in the Minkowski sum `B ⊕ (−box)`. For an
//! outward plane `n · x <= d` of `B`, the points `x - b` satisfy
//! `n · (x - b) <= d - n · b <= d - min_b (n · b)`, and the minimum of `n · b` over the box is
//! reached at its corner `b_i = mins_i` where `n_i > 0` and `b_i = maxs_i` otherwise. So the
//! expanded plane is
//!
//! ```text
//! n · p <= d - Σ_i n_i · (n_i > 0 ? mins_i : maxs_i)
//! ```
//!
//! (for a box around the origin, `mins <= 0 <= maxs`, the offset is never negative). The
//! support planes of the Minkowski sum are these planes only when the brush carries its bevels
//! (see [`bevelled_planes`](super::bevelled_planes)); then the expanded planes describe the sum
//! exactly.

use glam::DVec3;

use super::Plane;

/// How far the plane with outward unit `normal` moves along its normal when expanded by the
/// box `[mins, maxs]`: `-Σ_i normal_i · (normal_i > 0 ? mins_i : maxs_i)`.
#[must_use]
pub fn expansion_offset(normal: DVec3, mins: DVec3, maxs: DVec3) -> f64 {
    let mut offset = 0.0;
    for axis in 0..3 {
        let n = normal[axis];
        offset -= n * if n > 0.0 { mins[axis] } else { maxs[axis] };
    }
    offset
}

/// The plane expanded by the box `[mins, maxs]` (see the [module docs](self)).
#[must_use]
pub fn expand_plane(plane: &Plane, mins: DVec3, maxs: DVec3) -> Plane {
    Plane {
        normal: plane.normal,
        dist: plane.dist + expansion_offset(plane.normal, mins, maxs),
    }
}

/// Every plane expanded by the box `[mins, maxs]`, in order.
///
/// # Complexity
/// `O(planes)`.
#[must_use]
pub fn expand_planes(planes: &[Plane], mins: DVec3, maxs: DVec3) -> Vec<Plane> {
    planes
        .iter()
        .map(|plane| expand_plane(plane, mins, maxs))
        .collect()
}

/// The bounds of a brush with bounds `[brush_mins, brush_maxs]` expanded by the box
/// `[mins, maxs]`: `[brush_mins - maxs, brush_maxs - mins]` (exact for a bevelled brush).
#[must_use]
pub fn expanded_bounds(
    brush_mins: DVec3,
    brush_maxs: DVec3,
    mins: DVec3,
    maxs: DVec3,
) -> (DVec3, DVec3) {
    (brush_mins - maxs, brush_maxs - mins)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINS: DVec3 = DVec3::new(-15.0, -15.0, -24.0);
    const MAXS: DVec3 = DVec3::new(15.0, 15.0, 32.0);

    #[test]
    fn axial_planes_move_by_the_box_extent() {
        // A floor's top (+z) moves up by the distance from the origin to the box's feet.
        assert_eq!(expansion_offset(DVec3::Z, MINS, MAXS), 24.0);
        // A ceiling's underside (-z) moves down by the head height.
        assert_eq!(expansion_offset(DVec3::NEG_Z, MINS, MAXS), 32.0);
        assert_eq!(expansion_offset(DVec3::X, MINS, MAXS), 15.0);
        let plane = expand_plane(
            &Plane {
                normal: DVec3::Z,
                dist: 64.0,
            },
            MINS,
            MAXS,
        );
        assert_eq!(plane.dist, 88.0);
    }

    #[test]
    fn sloped_plane_moves_by_the_nearest_corner() {
        let normal = DVec3::new(1.0, 0.0, 1.0).normalize();
        let corner = DVec3::new(MINS.x, 0.0, MINS.z);
        assert!((expansion_offset(normal, MINS, MAXS) + normal.dot(corner)).abs() < 1e-12);
        let (lo, hi) = expanded_bounds(DVec3::ZERO, DVec3::splat(8.0), MINS, MAXS);
        assert_eq!(lo, -MAXS);
        assert_eq!(hi, DVec3::splat(8.0) - MINS);
    }
}
