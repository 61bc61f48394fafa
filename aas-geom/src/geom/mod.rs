//! `f64` geometry primitives shared by the compiler stages: convex polygons ([`Winding`]),
//! the side of a plane a point or polygon lies on ([`Side`]), polygon clipping in place
//! ([`Clipper`]), and a grid of boxes to find the boxes near a box ([`BoundsGrid`]).

mod bit_set;
mod bounds_grid;
mod clipper;
mod winding;

pub(crate) use bit_set::push_set_bits;
pub use bounds_grid::BoundsGrid;
pub use clipper::Clipper;
pub use winding::{ON_EPSILON, Side, Winding, WindingSplit};
pub(crate) use winding::{area_of, cut_into, usable, whole_goes_front};
