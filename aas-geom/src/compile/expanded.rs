//! [`ExpandedBrush`]: a convex brush after bevelling and expansion by one presence box — the
//! only input of BSP construction.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::PresenceMask;
use crate::brush::{Contents, Plane};

/// A convex brush after bevelling and expansion by one presence box.
///
/// A player origin `p` with that box is inside the brush (its box overlaps the original brush)
/// exactly when `normal · p <= dist` for every plane.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpandedBrush {
    /// Outward planes, bevels included; the brush is bounded and has non-zero volume.
    pub planes: Vec<Plane>,
    /// What the brush is made of, as the compiler sees it (see the brush selection rules): a
    /// brush with [`Contents::SOLID`] or [`Contents::PLAYERCLIP`] blocks the boxes in
    /// `blocks`; other contents (liquids, teleporters, jump pads, cluster portals, do-not-enter,
    /// movers) are carried into the areas the brush overlaps.
    pub contents: Contents,
    /// For movers (`Contents::MOVER`), the brush model number; 0 otherwise.
    pub model: u32,
    /// The presence boxes this brush was expanded for (one box: the one it was expanded by).
    pub blocks: PresenceMask,
    /// Index of the source brush in [`BrushWorld::all_brushes`](crate::BrushWorld::all_brushes)
    /// order, for diagnostics.
    pub source: usize,
    /// Axis-aligned bounds of the expanded brush.
    pub mins: DVec3,
    /// Axis-aligned bounds of the expanded brush.
    pub maxs: DVec3,
    /// Indices into [`planes`](Self::planes) of the faces made from brush sides with the
    /// [`SurfaceFlags::LADDER`](crate::SurfaceFlags::LADDER) surface flag (never bevels).
    #[serde(default)]
    pub ladder_planes: Vec<usize>,
}
