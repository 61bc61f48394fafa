//! Ladder faces and ladder areas.
//!
//! A solid face of an area is a **ladder face** ([`FaceFlags::LADDER`]) when it lies on the
//! expanded plane of a brush side carrying the [`LADDER`](crate::SurfaceFlags::LADDER)
//! surface flag ([`ExpandedBrush::ladder_planes`]) and its centre lies on that expanded brush
//! (within [`LADDER_EPSILON`] of its inside); only steep sides count (`|normal.z| <
//! `[`MAX_STEEPNESS`]): one climbs a wall, one stands on a floor, even one painted with a
//! ladder texture. An area with a ladder face gets [`AreaFlags::LADDER`].
//!
//! Brushes are matched for the presence box whose blocked bit the face's solid side has:
//! every expanded brush of a ladder side is tried, whatever its box, since the standing and
//! crouching expansions of a side share their horizontal offset (only the vertical extent
//! differs, and the centre test settles it).
//!
//! Areas are not subdivided around ladders (bspc's ladder subdivision is not done): an area
//! merged from many leaves is flagged as a whole when one of its faces is a ladder face, so
//! in an open room the ladder area can reach well beyond the ladder.
//!
//! # Complexity
//! `O(f · l)` for `f` solid faces and `l` ladder planes, with a bounding-box test first; maps
//! have few ladders, and none means no work.

use glam::DVec3;

use super::ExpandedBrush;
use super::areas::{AreaSet, MAX_STEEPNESS};
use super::bsp_tree::BspTree;
use crate::world::{AreaFlags, FaceFlags};

/// How far (units) a face may be from a ladder side's expanded plane, and its centre outside
/// the expanded ladder brush, and still count as on it.
pub const LADDER_EPSILON: f64 = 0.1;

/// Marks ladder faces and ladder areas of `areas` (see the [module docs](self)); returns the
/// number of ladder faces.
pub fn mark_ladders(areas: &mut AreaSet, tree: &BspTree, brushes: &[ExpandedBrush]) -> usize {
    let ladders: Vec<(&ExpandedBrush, usize)> = brushes
        .iter()
        .flat_map(|b| b.ladder_planes.iter().map(move |&i| (b, i)))
        .filter(|(b, i)| {
            b.planes
                .get(*i)
                .is_some_and(|p| p.normal.z.abs() < MAX_STEEPNESS)
        })
        .collect();
    if ladders.is_empty() {
        return 0;
    }
    let mut marked = 0;
    for face in &mut areas.faces {
        if face.back.is_some() || face.winding.points().is_empty() {
            continue;
        }
        let plane = tree.planes.get(face.plane);
        let centre = face.winding.center();
        let on_ladder = ladders.iter().any(|(brush, index)| {
            let Some(side) = brush.planes.get(*index) else {
                return false;
            };
            inside_bounds(brush, centre)
                && side.normal.dot(plane.normal) > 1.0 - 1e-6
                && (side.dist - plane.dist).abs() <= LADDER_EPSILON
                && brush
                    .planes
                    .iter()
                    .all(|p| p.distance_to(centre) <= LADDER_EPSILON)
        });
        if on_ladder {
            face.flags |= FaceFlags::LADDER;
            marked += 1;
            if let Some(area) = face.front.and_then(|a| areas.areas.get_mut(a.index())) {
                area.flags |= AreaFlags::LADDER;
            }
        }
    }
    marked
}

fn inside_bounds(brush: &ExpandedBrush, point: DVec3) -> bool {
    (brush.mins - LADDER_EPSILON).cmple(point).all()
        && point.cmple(brush.maxs + LADDER_EPSILON).all()
}
