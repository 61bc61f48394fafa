//! Sampling queries on an [`AasWorld`](crate::world::AasWorld) (thesis §6.3): which area a
//! point is in, what a player box hits when it moves in a straight line, which areas a line or
//! a box touches, and which entities are in which areas.
//!
//! Every query walks the world's BSP tree with an explicit stack, so a malformed tree cannot
//! overflow the call stack, and each visits a node at most a bounded number of times.
//!
//! The tree's planes are the brush planes already expanded by the player boxes, so tracing the
//! *origin* of a player through the tree is tracing the player's *box* through the map; an area
//! whose presence type does not include the requested box counts as solid for that box.

mod bbox_areas;
mod entity_link;
mod trace;
mod trace_areas;

pub use entity_link::{AreaLinks, LinkKey};
pub use trace::{TRACE_EPSILON, Trace};
pub use trace_areas::AreaCrossing;
