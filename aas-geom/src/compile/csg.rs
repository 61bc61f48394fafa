//! Constructive solid geometry on expanded brushes (thesis §6.2): removal of blocking brushes
//! contained in another blocking brush expanded for the same box.
//!
//! A box can never be inside a contained brush without being inside its container, so the
//! contained brush adds nothing but splitters to the BSP tree. Only brushes of the same box
//! are compared (the thesis: "CSG operations are only performed on and between brushes that
//! are expanded for the same bounding box"), only blocking ones
//! ([`Contents::blocks_player`](crate::Contents::blocks_player)), and only when the
//! container's contents include all of the contained brush's contents. Content brushes
//! (liquids, triggers, movers) are never removed.
//!
//! # Overlaps are left in place
//! The classic "chop" of map compilers would also carve overlapping blocking brushes into
//! non-overlapping convex pieces. It is not done here: the BSP builder handles overlapping
//! brushes correctly (a leaf is solid for a box when any brush of that box covers it), and
//! carving multiplies brushes and adds new planes — each piece of a carved brush carries the
//! carving brush's planes — so it does not reliably reduce the number of splitters, while its
//! many new small faces are where round-off makes slivers. BSP construction gets the benefit
//! without changing the brushes: faces lying inside another brush of the same kind are
//! *covered* and compete as splitters only after the exposed ones
//! ([`BuildSettings::prefer_exposed_faces`](super::BuildSettings::prefer_exposed_faces)), and
//! a region filled by a brush settles at once.
//!
//! Because the expanded brushes are exact Minkowski sums, `A ⊕ box ⊆ B ⊕ box` exactly when
//! `A ⊆ B` (Rådström's cancellation law for convex sets), so the same brushes are removed for
//! every box; the test is nevertheless done on the expanded brushes, per box, as specified.

use glam::DVec3;

use super::{ExpandedBrush, PresenceBox, PresenceMask};
use crate::brush::expansion_offset;
use crate::geom::{BoundsGrid, ON_EPSILON};

/// How far (units) a contained brush may stick out of its container and still count as
/// contained.
pub const CONTAINED_EPSILON: f64 = ON_EPSILON;

/// Which brushes are contained in another blocking brush of the same box.
///
/// `vertices[i]` are the vertices of brush `i` *before* expansion, and brush `i` was expanded
/// by `boxes[k]` where `brushes[i].blocks` is the single box `k`; the expanded brush is the
/// convex hull of `vertices[i]` shifted by the corners of the mirrored box, so its support in
/// direction `n` is `max_v n·v + expansion_offset(n)`. Brushes whose `blocks` is not a single
/// box of `boxes`, or whose `vertices` entry is missing, are never removed and never contain
/// others. When two brushes are equal (each contains the other) with equal contents, the one
/// with the larger index is removed.
///
/// Returns one flag per brush: `true` for a brush to remove.
///
/// # Complexity
/// Candidates are found through a [`BoundsGrid`] (at most 64 × 64 cells over x and y) holding
/// each brush in the cells its bounds cover; each candidate pair costs
/// `O(planes × vertices)`. Roughly `O(n · c · p · v)` for `n` brushes with `c` candidates each.
#[must_use]
pub fn find_contained(
    brushes: &[ExpandedBrush],
    vertices: &[&[DVec3]],
    boxes: &[PresenceBox],
) -> Vec<bool> {
    let mut removed = vec![false; brushes.len()];
    for (box_index, presence) in boxes.iter().enumerate().take(8) {
        let mask = PresenceMask::single(box_index);
        let members: Vec<usize> = brushes
            .iter()
            .enumerate()
            .filter(|(i, b)| {
                b.blocks == mask && b.contents.blocks_player() && vertices.get(*i).is_some()
            })
            .map(|(i, _)| i)
            .collect();
        if members.len() < 2 {
            continue;
        }
        let bounds: Vec<(DVec3, DVec3)> = members
            .iter()
            .filter_map(|&i| brushes.get(i).map(|b| (b.mins, b.maxs)))
            .collect();
        let grid = BoundsGrid::new(&bounds);
        let mut near = Vec::new();
        for &inner in &members {
            let Some(brush) = brushes.get(inner) else {
                continue;
            };
            let center = (brush.mins + brush.maxs) * 0.5;
            grid.near(center, center, &mut near);
            let contained = near.iter().filter_map(|&k| members.get(k)).any(|&outer| {
                outer != inner
                    && contains(brushes, vertices, presence, outer, inner)
                    && !(outer > inner
                        && brushes.get(outer).map(|b| b.contents) == Some(brush.contents)
                        && contains(brushes, vertices, presence, inner, outer))
            });
            if contained && let Some(flag) = removed.get_mut(inner) {
                *flag = true;
            }
        }
    }
    removed
}

/// Whether expanded brush `outer` contains expanded brush `inner` (bounds, contents and
/// planes).
fn contains(
    brushes: &[ExpandedBrush],
    vertices: &[&[DVec3]],
    presence: &PresenceBox,
    outer: usize,
    inner: usize,
) -> bool {
    let (Some(o), Some(i), Some(points)) =
        (brushes.get(outer), brushes.get(inner), vertices.get(inner))
    else {
        return false;
    };
    let eps = DVec3::splat(CONTAINED_EPSILON);
    if !(o.mins.cmple(i.mins + eps).all() && o.maxs.cmpge(i.maxs - eps).all()) {
        return false;
    }
    if !o.contents.contains(i.contents) || points.is_empty() {
        return false;
    }
    o.planes.iter().all(|plane| {
        let support = points
            .iter()
            .map(|&v| plane.normal.dot(v))
            .fold(f64::NEG_INFINITY, f64::max)
            + expansion_offset(plane.normal, presence.mins, presence.maxs);
        support <= plane.dist + CONTAINED_EPSILON
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brush::{
        BevelKinds, BrushGeometry, Contents, Plane, bevelled_planes, expand_planes,
    };

    fn cube(mins: DVec3, maxs: DVec3) -> Vec<Plane> {
        Plane::axial_box(mins, maxs).to_vec()
    }

    fn expanded(planes: &[Plane], contents: Contents) -> (ExpandedBrush, Vec<DVec3>) {
        let g = BrushGeometry::from_planes(planes).unwrap();
        let b = PresenceBox::NORMAL;
        let bevelled = bevelled_planes(&g, BevelKinds::ALL);
        (
            ExpandedBrush {
                planes: expand_planes(&bevelled, b.mins, b.maxs),
                contents,
                model: 0,
                blocks: PresenceMask::single(0),
                source: 0,
                mins: g.mins() - b.maxs,
                maxs: g.maxs() - b.mins,
                ladder_planes: Vec::new(),
            },
            g.vertices().to_vec(),
        )
    }

    fn run(brushes: &[(ExpandedBrush, Vec<DVec3>)]) -> Vec<bool> {
        let list: Vec<ExpandedBrush> = brushes.iter().map(|(b, _)| b.clone()).collect();
        let vertices: Vec<&[DVec3]> = brushes.iter().map(|(_, v)| v.as_slice()).collect();
        find_contained(&list, &vertices, &[PresenceBox::NORMAL])
    }

    #[test]
    fn contained_solid_is_removed_and_duplicates_keep_the_first() {
        let big = expanded(&cube(DVec3::ZERO, DVec3::splat(256.0)), Contents::SOLID);
        let small = expanded(
            &cube(DVec3::splat(8.0), DVec3::splat(64.0)),
            Contents::SOLID,
        );
        let apart = expanded(
            &cube(DVec3::splat(300.0), DVec3::splat(400.0)),
            Contents::SOLID,
        );
        let slope = DVec3::new(1.0, 0.0, 1.0).normalize();
        let mut wedge = cube(DVec3::splat(8.0), DVec3::splat(64.0));
        wedge.push(Plane {
            normal: slope,
            dist: slope.dot(DVec3::new(64.0, 0.0, 8.0)),
        });
        let wedge = expanded(&wedge, Contents::SOLID);
        let removed = run(&[small, big.clone(), apart, big, wedge]);
        assert_eq!(removed, [true, false, false, true, true]);
    }

    #[test]
    fn content_brushes_and_weaker_containers_do_not_remove() {
        let water = expanded(&cube(DVec3::ZERO, DVec3::splat(256.0)), Contents::WATER);
        let inside_water = expanded(
            &cube(DVec3::splat(8.0), DVec3::splat(64.0)),
            Contents::SOLID,
        );
        let clip = expanded(
            &cube(DVec3::ZERO, DVec3::splat(256.0)),
            Contents::PLAYERCLIP,
        );
        let lava = expanded(&cube(DVec3::splat(8.0), DVec3::splat(64.0)), Contents::LAVA);
        assert_eq!(
            run(&[water, inside_water.clone(), clip.clone(), lava]),
            [false; 4]
        );
        let crossing = expanded(
            &cube(DVec3::splat(200.0), DVec3::splat(300.0)),
            Contents::SOLID,
        );
        assert_eq!(run(&[clip, crossing]), [false, false]);
    }
}
