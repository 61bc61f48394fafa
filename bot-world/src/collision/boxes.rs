//! [`trace_boxes`]: a swept box (or ray) against loose axis-aligned boxes, such as other
//! players' bounding boxes, with the same clip and epsilon as brushes.

use glam::Vec3;

use super::BoxHit;
use super::clip::{Clip, ClipPlane, Sweep, clip_brush};

/// The first of `boxes` (each `(mins, maxs)` in world coordinates) that the box `mins..maxs`
/// swept from `start` to `end` hits, with the same rule as a brush hit: it stops
/// [`SURFACE_CLIP_EPSILON`](super::SURFACE_CLIP_EPSILON) before the face. A box that already
/// overlaps the swept box at `start` does not stop it unless the whole trace stays inside it
/// (then the hit is at fraction 0 with a zero normal), as with a brush. Ties go to the lowest
/// index. `None` when nothing is hit or an input is not finite (a box with a non-finite
/// corner is skipped).
///
/// The caller combines this with a world trace ([`CollisionWorld::trace`](super::CollisionWorld::trace))
/// by keeping the nearer: Quake III lets an entity's hit replace the world's only when its
/// fraction is strictly smaller, so that on a tie the world wins. Leave the shooter's own
/// box out of `boxes`.
///
/// # Complexity
/// `O(boxes)`.
#[must_use]
pub fn trace_boxes(
    start: Vec3,
    end: Vec3,
    mins: Vec3,
    maxs: Vec3,
    boxes: &[(Vec3, Vec3)],
) -> Option<BoxHit> {
    let sweep = Sweep::new(start, end, mins, maxs)?;
    let mut best: Option<BoxHit> = None;
    for (index, &(lo, hi)) in boxes.iter().enumerate() {
        if !(lo.is_finite() && hi.is_finite()) {
            continue;
        }
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let planes = box_planes(lo, hi);
        let (fraction, normal) = match clip_brush(&planes, &sweep) {
            Clip::Miss | Clip::StartSolid => continue,
            Clip::AllSolid => (0.0, Vec3::ZERO),
            Clip::Hit { fraction, plane } => {
                (fraction, planes.get(plane).map_or(Vec3::ZERO, |p| p.normal))
            }
        };
        if best.is_none_or(|b| fraction < b.fraction) {
            best = Some(BoxHit {
                fraction,
                index,
                normal,
            });
        }
    }
    best
}

/// The six outward planes of the box `lo..hi`.
fn box_planes(lo: Vec3, hi: Vec3) -> [ClipPlane; 6] {
    let plane = |normal: Vec3, dist: f32| ClipPlane { normal, dist };
    [
        plane(Vec3::X, hi.x),
        plane(Vec3::NEG_X, -lo.x),
        plane(Vec3::Y, hi.y),
        plane(Vec3::NEG_Y, -lo.y),
        plane(Vec3::Z, hi.z),
        plane(Vec3::NEG_Z, -lo.z),
    ]
}
