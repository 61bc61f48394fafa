//! Seed points for outside removal: entity origins, each nudged out of solid.
//!
//! Entity origins often sit exactly on or just inside an expanded floor (a spawn point's origin
//! is where the player's origin rests, which lies on the floor plane expanded by the box, and
//! points on a plane belong to its solid back side). For each entity with an `origin` key, in
//! entity order, [`find_seeds`] tries the origin itself, then for each step `d` of
//! [`NUDGE_STEPS`] the points moved by `d` up, then along +X, −X, +Y, −Y, and keeps the first
//! point that lies in an open leaf of the tree. Entities with no origin are skipped; an entity
//! for which no candidate is open is counted as unplaced.

use glam::DVec3;

use super::bsp_tree::BspTree;
use crate::brush::BrushWorld;

/// The nudge distances tried, in order (units).
pub const NUDGE_STEPS: [f64; 9] = [1.0, 8.0, 16.0, 24.0, 32.0, 40.0, 48.0, 56.0, 64.0];

/// The seeds found by [`find_seeds`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Seeds {
    /// Seed points in open leaves, in entity order.
    pub points: Vec<DVec3>,
    /// Entities with an origin (the candidates).
    pub entities_with_origin: usize,
    /// Entities with an origin for which no nudged point is in an open leaf.
    pub unplaced: usize,
}

/// The candidate points for one origin, in the order tried.
fn candidates(origin: DVec3) -> impl Iterator<Item = DVec3> {
    let directions = [DVec3::Z, DVec3::X, DVec3::NEG_X, DVec3::Y, DVec3::NEG_Y];
    std::iter::once(origin).chain(
        NUDGE_STEPS
            .into_iter()
            .flat_map(move |d| directions.into_iter().map(move |dir| origin + dir * d)),
    )
}

/// Seeds from the entity origins of `world`, each nudged into an open leaf of `tree` (see the
/// [module docs](self)).
///
/// # Complexity
/// `O(entities · 46 · depth)`.
#[must_use]
pub fn find_seeds(world: &BrushWorld, tree: &BspTree) -> Seeds {
    let mut seeds = Seeds::default();
    for origin in world
        .entities
        .iter()
        .filter_map(crate::brush::Entity::origin)
    {
        if !origin.is_finite() {
            continue;
        }
        seeds.entities_with_origin += 1;
        match candidates(origin).find(|&p| !tree.is_solid(tree.point_leaf(p))) {
            Some(point) => seeds.points.push(point),
            None => seeds.unplaced += 1,
        }
    }
    seeds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_start_at_the_origin_then_go_up_then_sideways() {
        let all: Vec<DVec3> = candidates(DVec3::ZERO).collect();
        assert_eq!(all.len(), 1 + 5 * NUDGE_STEPS.len());
        assert_eq!(all[0], DVec3::ZERO);
        assert_eq!(all[1], DVec3::new(0.0, 0.0, 1.0));
        assert_eq!(all[2], DVec3::new(1.0, 0.0, 0.0));
        assert_eq!(all[6], DVec3::new(0.0, 0.0, 8.0));
    }
}
