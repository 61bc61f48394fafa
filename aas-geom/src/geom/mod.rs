//! `f64` geometry primitives shared by the compiler stages: convex polygons ([`Winding`]) and
//! the side of a plane a point or polygon lies on ([`Side`]).

mod winding;

pub use winding::{ON_EPSILON, Side, Winding, WindingSplit};
