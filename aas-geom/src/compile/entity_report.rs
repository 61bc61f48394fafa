//! [`brush_entity_diagnostics`]: the brush entities a compile leaves out or only half uses.
//!
//! With the entity diagnostics of [`extract_entities`](crate::entities::extract_entities) and
//! the seed entities whose origin is buried in solid, these make
//! [`CompileOutput::entity_diagnostics`](super::CompileOutput::entity_diagnostics): every entity
//! the compiler skipped or could not use, and why, for a map author to act on.
//!
//! - A brush entity whose class [`SelectionRules`] ignores (a `trigger_multiple`, a
//!   `trigger_hurt`, …) gets [`EntityProblem::BrushesIgnored`]: its brushes are not navigation
//!   geometry.
//! - A `func_train`, `func_rotating` or `func_pendulum` gets [`EntityProblem::NotRidden`]: its
//!   areas are marked as mover areas, but no reachability rides it.

use std::collections::BTreeSet;

use super::select::{EntityRule, SelectionRules, brush_owner};
use crate::brush::BrushWorld;
use crate::entities::{EntityDiagnostic, EntityProblem};

/// Movers that move on a path no reachability follows.
const PATH_MOVERS: [&str; 3] = ["func_train", "func_rotating", "func_pendulum"];

/// The entities owning at least one brush (world brushes excluded), in entity order.
fn brush_owners(world: &BrushWorld) -> BTreeSet<usize> {
    world
        .all_brushes()
        .filter_map(|brush| brush_owner(world, brush))
        .collect()
}

/// Diagnostics of the brush entities of `world` that `rules` ignores or compiles as movers
/// no reachability rides (see the [module docs](self)), in entity order.
#[must_use]
pub fn brush_entity_diagnostics(
    world: &BrushWorld,
    rules: &SelectionRules,
) -> Vec<EntityDiagnostic> {
    brush_owners(world)
        .into_iter()
        .filter_map(|index| {
            let class = world.entities.get(index)?.classname();
            match rules.rule_for(class) {
                EntityRule::Ignore => Some(EntityDiagnostic::new(
                    world,
                    index,
                    EntityProblem::BrushesIgnored,
                    true,
                )),
                EntityRule::Mover if PATH_MOVERS.iter().any(|m| m.eq_ignore_ascii_case(class)) => {
                    Some(EntityDiagnostic::new(
                        world,
                        index,
                        EntityProblem::NotRidden,
                        false,
                    ))
                }
                _ => None,
            }
        })
        .collect()
}

/// Diagnostics of the seed entities whose origin lies in solid.
#[must_use]
pub fn buried_entity_diagnostics(world: &BrushWorld, entities: &[usize]) -> Vec<EntityDiagnostic> {
    entities
        .iter()
        .map(|&index| EntityDiagnostic::new(world, index, EntityProblem::OriginInSolid, true))
        .collect()
}
