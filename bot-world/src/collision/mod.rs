//! Collision for shots, sight and sound: point, ray and box traces against the map's own
//! brushes and patches (not the AAS's expanded world).
//!
//! # What a trace is
//! A **trace** sweeps an axis-aligned box `mins..maxs` (relative to its origin) in a straight
//! line from `start` to `end` and reports the first brush it would hit: how far it got
//! ([`TraceHit::fraction`], in `[0, 1]`), where it stopped, the normal of the plane hit, the
//! hit brush's contents and the hit side's surface flags (sky carries
//! [`SurfaceFlags::NOIMPACT`](aas_geom::brush::SurfaceFlags::NOIMPACT): a missile hitting it
//! vanishes). With `mins = maxs = 0` it is a **ray** (hitscan weapons, line of sight, sound); a
//! zero-length trace tests whether the box fits where it is. [`TraceHit::start_solid`] says
//! the box started overlapping a brush (it may still move out of it), and
//! [`TraceHit::all_solid`] that it never left one.
//!
//! # The epsilon
//! As in Quake III, a hit stops the box [`SURFACE_CLIP_EPSILON`] (1/8 unit) before the surface,
//! measured along the hit plane's normal, and a trace ending closer than that in front of a
//! surface counts as hitting it; so a trace's end position is never inside solid, and the
//! next trace from it starts outside. (Unlike Quake III, a box that starts closer than the
//! epsilon to a surface and moves towards it does not move at all, rather than creep
//! closer.) Boxes slide past brush edges and corners without snagging because every brush
//! keeps its axial and edge **bevel** planes ([`aas_geom::brush::bevelled_planes`]).
//!
//! # Masks
//! Every query takes a **mask**, a [`Contents`](aas_geom::brush::Contents) set: a brush takes
//! part only when its contents intersect the mask. Shots use [`mask::SHOT`] (solid, plus
//! player bodies, which are boxes: see [`trace_boxes`]), movement [`mask::PLAYER_SOLID`]
//! (solid and player clip), sight and sound [`mask::SIGHT`] (solid only: one sees through
//! water and fog), and [`CollisionWorld::contents`] with [`mask::LIQUID`] tells whether a point
//! is in water, slime or lava.
//!
//! # Models
//! The world (brush model 0) has one BVH; each other brush model (doors, platforms, buttons,
//! bobbing platforms: things that move) has its own, traced at its current place with
//! [`CollisionWorld::trace_model`]. Players are boxes: [`trace_boxes`] sweeps against them and
//! the caller keeps the nearer of the world's and the players' hits.
//!
//! # Patches
//! A curved patch collides through the thin convex brushes its facets are tessellated into
//! (`aas_geom`'s [`Patch`](aas_geom::brush::Patch)), each made [`PATCH_THICKNESS`] deep behind
//! its drawn side: Quake III collides with facets as surfaces without thickness, and a prism
//! needs some depth for a ray to hit it, so the back of a patch stands that much proud of the
//! surface.
//!
//! # Determinism and the brute-force reference
//! Every query is a pure function of its inputs, in `f32`: per-brush arithmetic runs in a
//! fixed order, flags are or-ed, and the nearest hit wins with ties broken by the lowest
//! [`BrushIndex`], so the result does not depend on the order in which brushes are visited.
//! The **brute-force reference** ([`CollisionWorld::brute_force_trace`],
//! [`CollisionWorld::brute_force_contents`]) answers the same queries by testing every brush
//! of the map with the same per-brush arithmetic; the BVH must give bit-identical answers, and
//! the property tests and the bench check that it does. The reference is public so that
//! downstream tests and benches can use it too; it is slow (linear in the brush count).

mod boxes;
mod brush;
mod brute;
mod bvh;
mod clip;
mod hit;
pub mod mask;
mod merge;
mod query;
mod world;

pub use boxes::trace_boxes;
pub use hit::{BoxHit, BrushIndex, TraceHit};
pub use world::CollisionWorld;

/// How far a hit stops before the surface (units, along the hit plane's normal): Quake III's
/// `SURFACE_CLIP_EPSILON`.
pub const SURFACE_CLIP_EPSILON: f32 = 0.125;

/// How deep behind its drawn side a patch facet's thin brush is made (units); the brushes
/// `aas_geom` tessellates are deeper (2 units by default) and are thinned to this.
pub const PATCH_THICKNESS: f32 = 0.25;

#[cfg(test)]
mod prop_tests;
#[cfg(test)]
mod test_worlds;
#[cfg(test)]
mod tests;
