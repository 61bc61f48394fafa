//! Resolving an entity's `target` to the entity that names it with `targetname`.

use std::collections::HashMap;

use glam::DVec3;

use super::diagnostic::{EntityProblem, Notes};
use crate::brush::{BrushWorld, Entity};

/// Entities by lower-cased `targetname`, each list in entity order.
pub(super) struct TargetIndex<'w> {
    world: &'w BrushWorld,
    by_name: HashMap<String, Vec<usize>>,
}

/// A resolved target.
#[derive(Debug, Clone, Copy)]
pub(super) struct Target<'w> {
    /// The target entity.
    pub(super) entity: &'w Entity,
    /// Its origin.
    pub(super) origin: DVec3,
}

impl<'w> TargetIndex<'w> {
    /// Indexes every entity with a `targetname`.
    pub(super) fn new(world: &'w BrushWorld) -> Self {
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for (index, entity) in world.entities.iter().enumerate() {
            if let Some(name) = entity.get("targetname") {
                by_name
                    .entry(name.to_ascii_lowercase())
                    .or_default()
                    .push(index);
            }
        }
        Self { world, by_name }
    }

    /// The indices of the entities whose `targetname` equals `name` (ignoring ASCII case), in
    /// entity order.
    pub(super) fn named(&self, name: &str) -> &[usize] {
        self.by_name
            .get(&name.to_ascii_lowercase())
            .map_or(&[][..], Vec::as_slice)
    }

    /// Entity `index` of the world.
    pub(super) fn entity(&self, index: usize) -> &'w Entity {
        &self.world.entities[index]
    }

    /// The first entity whose `targetname` equals `entity`'s `target` (ignoring ASCII case),
    /// with its origin; several matches are noted.
    pub(super) fn resolve(
        &self,
        entity: &Entity,
        notes: &mut Notes<'_>,
    ) -> Result<Target<'w>, EntityProblem> {
        let target = entity.get("target").ok_or(EntityProblem::NoTarget)?;
        let matches = self.named(target);
        let &first = matches
            .first()
            .ok_or_else(|| EntityProblem::TargetNotFound {
                target: target.to_owned(),
            })?;
        if matches.len() > 1 {
            notes.note(EntityProblem::SeveralTargets {
                target: target.to_owned(),
                count: matches.len(),
            });
        }
        let found = &self.world.entities[first];
        let origin = found.origin().filter(|origin| origin.is_finite()).ok_or(
            EntityProblem::TargetWithoutOrigin {
                target_entity: first,
            },
        )?;
        Ok(Target {
            entity: found,
            origin,
        })
    }
}
