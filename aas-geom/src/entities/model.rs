//! The brush model of an entity and its bounds in world coordinates.

use std::collections::HashMap;

use glam::{DVec3, Vec3};

use super::diagnostic::EntityProblem;
use crate::brush::{BrushGeometry, BrushWorld, Contents, ModelNum, Plane, SourceFormat};

/// An entity's brush model placed in the world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Placed {
    /// The model number.
    pub(super) model: u32,
    /// Lower corner in world coordinates.
    pub(super) mins: Vec3,
    /// Upper corner in world coordinates.
    pub(super) maxs: Vec3,
}

/// The bounds of every non-world brush model.
pub(super) struct ModelBounds {
    bounds: HashMap<u32, (DVec3, DVec3)>,
}

impl ModelBounds {
    /// Bounds of the brushes (with volume, not origin brushes) of every model but the world.
    pub(super) fn new(world: &BrushWorld) -> Self {
        let mut bounds: HashMap<u32, (DVec3, DVec3)> = HashMap::new();
        for brush in world.all_brushes() {
            if brush.model == ModelNum::WORLD || brush.contents.contains(Contents::ORIGIN) {
                continue;
            }
            let planes: Vec<Plane> = brush.sides.iter().map(|side| side.plane).collect();
            let Ok(geometry) = BrushGeometry::from_planes(&planes) else {
                continue;
            };
            bounds
                .entry(brush.model.0)
                .and_modify(|(lo, hi)| {
                    *lo = lo.min(geometry.mins());
                    *hi = hi.max(geometry.maxs());
                })
                .or_insert((geometry.mins(), geometry.maxs()));
        }
        Self { bounds }
    }

    /// The model of entity `entity` with its world bounds: the model its `"model" "*N"` names,
    /// else the one the `.map` reader gave it; in a `.bsp` moved by the entity's `origin`.
    pub(super) fn placed(
        &self,
        world: &BrushWorld,
        entity: usize,
    ) -> Result<Placed, EntityProblem> {
        let owner = world.entities.get(entity).ok_or(EntityProblem::NoBrushes)?;
        let model = owner
            .brush_model()
            .or_else(|| {
                world
                    .models
                    .iter()
                    .position(|model| model.entity == Some(entity))
                    .and_then(|number| u32::try_from(number).ok())
            })
            .filter(|&model| model != ModelNum::WORLD.0)
            .ok_or(EntityProblem::NoBrushes)?;
        let (lo, hi) = *self.bounds.get(&model).ok_or(EntityProblem::NoBrushes)?;
        let shift = match world.format {
            SourceFormat::Bsp => owner
                .origin()
                .filter(|o| o.is_finite())
                .unwrap_or(DVec3::ZERO),
            SourceFormat::Map => DVec3::ZERO,
        };
        Ok(Placed {
            model,
            mins: (lo + shift).as_vec3(),
            maxs: (hi + shift).as_vec3(),
        })
    }
}
