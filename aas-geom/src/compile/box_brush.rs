//! Constructors of [`ExpandedBrush`] values for synthetic worlds (tests, benches, hand-built
//! levels): axis-aligned boxes and arbitrary plane sets, bypassing bevelling and expansion.
//!
//! Test scaffolding: compiled only for this crate's tests and with the `test-support` feature
//! (the benches enable it); real maps go through `prepare_brushes`.

use glam::DVec3;

use super::{ExpandedBrush, PresenceMask};
use crate::brush::{Contents, Plane};

/// An axis-aligned box `mins..maxs` as an expanded brush.
#[must_use]
pub fn box_brush(
    mins: DVec3,
    maxs: DVec3,
    contents: Contents,
    blocks: PresenceMask,
    source: usize,
) -> ExpandedBrush {
    plane_brush(
        &Plane::axial_box(mins, maxs),
        mins,
        maxs,
        contents,
        blocks,
        source,
    )
}

/// An expanded brush bounded by `planes` (outward normals, normalised here), with bounds
/// `mins..maxs` as given by the caller.
#[must_use]
pub fn plane_brush(
    planes: &[Plane],
    mins: DVec3,
    maxs: DVec3,
    contents: Contents,
    blocks: PresenceMask,
    source: usize,
) -> ExpandedBrush {
    let planes = planes
        .iter()
        .map(|p| {
            let length = p.normal.length();
            Plane {
                normal: p.normal / length,
                dist: p.dist / length,
            }
        })
        .collect();
    ExpandedBrush {
        planes,
        contents,
        model: 0,
        blocks,
        source,
        mins,
        maxs,
        ladder_planes: Vec::new(),
    }
}

/// An axis-aligned box `mins..maxs` cut by one more plane (a ramp or wedge when the plane is
/// sloped), as an expanded brush.
#[must_use]
pub fn cut_box_brush(
    mins: DVec3,
    maxs: DVec3,
    cut: Plane,
    contents: Contents,
    blocks: PresenceMask,
    source: usize,
) -> ExpandedBrush {
    let mut brush = box_brush(mins, maxs, contents, blocks, source);
    brush
        .planes
        .extend(plane_brush(&[cut], mins, maxs, contents, blocks, source).planes);
    brush
}
