//! The AAS compiler (thesis §6.1–§6.3): from a [`BrushWorld`](crate::BrushWorld) to convex
//! areas in a BSP tree. **In progress**: this module currently holds the stages up to the BSP
//! tree; areas, gravitational subdivision, merging and storing come in later steps.
//!
//! | Stage | Module | What it does |
//! |---|---|---|
//! | inputs | [`presence`], [`expanded`] | player boxes; the expanded convex brush every later stage reads |
//! | selection | [`select`] | which brushes are compiled, with which contents (world, jump pads, teleporters, movers) |
//! | geometry | [`brush`](crate::brush) | faces, vertices and bounds of a brush ([`BrushGeometry`](crate::brush::BrushGeometry)); bevels ([`bevelled_planes`](crate::brush::bevelled_planes)); expansion by a box ([`expand_planes`](crate::brush::expand_planes)) |
//! | CSG | [`csg`] | removal of blocking brushes contained in another of the same box |
//! | preparation | [`prepare`] | the stage entry point [`prepare_brushes`]: select, bevel, expand per box, CSG |

pub mod csg;
pub mod expanded;
pub mod prepare;
pub mod presence;
pub mod select;

pub use csg::find_contained;
pub use expanded::ExpandedBrush;
pub use prepare::{
    PrepareDiagnostic, PrepareSettings, PrepareStats, PreparedBrushes, prepare_brushes,
};
pub use presence::{PresenceBox, PresenceMask};
pub use select::{EntityRule, Selection, SelectionRules, SkipReason};
