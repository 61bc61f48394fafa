//! The AAS compiler (thesis §6.1–§6.3): from a [`BrushWorld`](crate::BrushWorld) to convex
//! areas in a BSP tree: open leaves split by gravity and merged into convex groups, stored as
//! an [`AasWorld`](crate::world::AasWorld), with reachabilities ([`crate::reach`]) computed last.
//! The entry point is [`compile_world`]; clustering is `aas-route`'s (`Clustering::compute`).
//!
//! | Stage | Module | What it does |
//! |---|---|---|
//! | inputs | [`presence`], [`expanded`] | player boxes; the expanded convex brush every later stage reads |
//! | selection | [`select`] | which brushes are compiled, with which contents (world, jump pads, teleporters, movers) |
//! | geometry | [`brush`](crate::brush) | faces, vertices and bounds of a brush ([`BrushGeometry`](crate::brush::BrushGeometry)); bevels ([`bevelled_planes`](crate::brush::bevelled_planes)); expansion by a box ([`expand_planes`](crate::brush::expand_planes)) |
//! | CSG | [`csg`] | removal of blocking brushes contained in another of the same box |
//! | preparation | [`prepare`] | the stage entry point [`prepare_brushes`]: select, bevel, expand per box, CSG |
//! | planes | [`plane_set`] | deduplicated planes, each stored with its opposite |
//! | brush geometry | [`brush_split`] | convex polytopes as face windings, split by planes |
//! | BSP | [`bsp_build`] → [`bsp_tree`] | one tree for all boxes; split planes chosen to keep leaves few |
//! | pruning | [`prune`] | solid sub-trees collapse into single solid leaves |
//! | portals | [`mod@portalize`] | convex polygons between adjacent leaves, and to the outside |
//! | outside | [`outside`] | flood fill from entity origins; unreached open leaves become solid; leaks reported |
//! | seeds | [`seeds`] | entity origins nudged out of solid into open leaves, for outside removal |
//! | gravity | [`gravity`] | open leaves mixing ground and gaps split by vertical planes through the gap edges |
//! | areas | [`areas`] | one area per open leaf; faces from portals; face flags, presence, contents, area flags |
//! | merging | [`merge`] | leaves grouped into larger convex, gap-free areas: the leaf → area mapping |
//! | store | [`store`] (tables in [`store_tables`]) | the [`AasWorld`](crate::world::AasWorld): planes, vertices, edges, faces, areas, nodes, boxes, one cluster |
//! | pipeline | [`pipeline`] | [`compile_world`]: every stage in order, with counts and phase times |
//!
//! The order of use: [`prepare_brushes`] → [`build_tree`] → [`prune_solid`] → [`portalize()`]
//! → [`remove_outside`] → [`prune_solid`] again (outside leaves are solid now; portals must
//! then be recomputed) → [`subdivide_by_gravity`] (which returns the portals of the tree it
//! leaves) → [`merge_leaves`] (or [`one_area_per_leaf`]) → [`build_areas`] → [`store_world`];
//! [`compile_world`] runs all of it (seeds from [`find_seeds`]) and then the reachabilities.
//! `box_brush()` builds synthetic inputs for tests and benches (behind the `test-support`
//! feature).

pub mod areas;
#[cfg(any(test, feature = "test-support"))]
pub mod box_brush;
pub mod brush_split;
pub mod bsp_build;
pub mod bsp_tree;
pub mod csg;
pub mod entity_report;
pub mod expanded;
pub mod gravity;
pub mod ladders;
pub mod merge;
pub mod outside;
pub mod pipeline;
pub mod plane_set;
pub mod portalize;
pub mod prepare;
pub mod presence;
pub mod prune;
pub mod seeds;
pub mod select;
pub mod store;
mod store_faces;
pub mod store_tables;

#[cfg(test)]
mod bsp_tests;
#[cfg(test)]
mod gravity_tests;

pub use areas::{
    AreaDiagnostic, AreaFace, AreaSet, CompiledArea, MAX_STEEPNESS, area_contents, build_areas,
    leaf_presence, one_area_per_leaf,
};
#[cfg(any(test, feature = "test-support"))]
pub use box_brush::{box_brush, cut_box_brush, plane_brush};
pub use brush_split::{BrushFace, BrushSplit, ConvexBrush};
pub use bsp_build::{BuildError, BuildSettings, build_tree, point_in_brush};
pub use bsp_tree::{BspLeaf, BspNode, BspTree, Child, LeafId, NodeId};
pub use csg::find_contained;
pub use entity_report::{brush_entity_diagnostics, buried_entity_diagnostics};
pub use expanded::ExpandedBrush;
pub use gravity::{GravitySettings, GravityStats, MIN_EDGE_LENGTH, subdivide_by_gravity};
pub use ladders::{LADDER_EPSILON, mark_ladders};
pub use merge::{CONVEX_EPSILON, MAX_MERGE_PASSES, merge_leaves};
pub use outside::{Leak, OutsideError, OutsideReport, remove_outside};
pub use pipeline::{CompileError, CompileOutput, CompileSettings, CompileStats, compile_world};
pub use plane_set::{PlaneId, PlaneSet};
pub use portalize::{Portal, PortalId, PortalSide, Portals, portalize};
pub use prepare::{
    PrepareDiagnostic, PrepareSettings, PrepareStats, PreparedBrushes, prepare_brushes,
};
pub use presence::{PresenceBox, PresenceMask};
pub use prune::{PruneStats, prune_solid};
pub use seeds::{
    NUDGE_SIDEWAYS, NUDGE_UP, SEED_CLASS_PREFIXES, SEED_CLASSES, Seeds, find_seeds, is_seed_entity,
    teleport_destinations,
};
pub use select::{EntityRule, Selection, SelectionRules, SkipReason};
pub use store::{StoreError, StoreStats, store_world};
pub use store_tables::{VERTEX_GRID, plane_type};
