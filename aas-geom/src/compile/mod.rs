//! The AAS compiler (thesis §6.1–§6.3): from a [`BrushWorld`](crate::BrushWorld) to convex
//! areas in a BSP tree. **In progress**: this module currently holds the stages up to the BSP
//! tree; areas, gravitational subdivision, merging and storing come in later steps.
//!
//! | Stage | Module | What it does |
//! |---|---|---|
//! | inputs | [`presence`], [`expanded`] | player boxes; the expanded convex brush every later stage reads |

pub mod expanded;
pub mod presence;

pub use expanded::ExpandedBrush;
pub use presence::{PresenceBox, PresenceMask};
