//! The brush model of an entity and its bounds in world coordinates.

use std::collections::HashMap;

use glam::{DVec3, Vec3};

use super::diagnostic::EntityProblem;
use crate::brush::{BrushGeometry, BrushWorld, Contents, ModelNum, Plane, SourceFormat};
use crate::physics::{ConvexVolume, HalfSpace};

/// An entity's brush model placed in the world.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Placed {
    /// The model number.
    pub(super) model: u32,
    /// Lower corner in world coordinates.
    pub(super) mins: Vec3,
    /// Upper corner in world coordinates.
    pub(super) maxs: Vec3,
    /// The model's brushes in world coordinates.
    pub(super) shape: Vec<ConvexVolume>,
}

/// The bounds and brushes of every non-world brush model.
pub(super) struct ModelBounds {
    bounds: HashMap<u32, (DVec3, DVec3)>,
    shapes: HashMap<u32, Vec<ConvexVolume>>,
}

impl ModelBounds {
    /// Bounds of the brushes (with volume, not origin brushes) of every model but the world.
    pub(super) fn new(world: &BrushWorld) -> Self {
        let mut bounds: HashMap<u32, (DVec3, DVec3)> = HashMap::new();
        let mut shapes: HashMap<u32, Vec<ConvexVolume>> = HashMap::new();
        for brush in world.all_brushes() {
            if brush.model == ModelNum::WORLD || brush.contents.contains(Contents::ORIGIN) {
                continue;
            }
            let planes: Vec<Plane> = brush.sides.iter().map(|side| side.plane).collect();
            let Ok(geometry) = BrushGeometry::from_planes(&planes) else {
                continue;
            };
            shapes.entry(brush.model.0).or_default().push(ConvexVolume {
                mins: geometry.mins().as_vec3(),
                maxs: geometry.maxs().as_vec3(),
                planes: planes
                    .iter()
                    .map(|plane| HalfSpace {
                        normal: plane.normal.as_vec3(),
                        #[expect(
                            clippy::cast_possible_truncation,
                            reason = "map coordinates fit f32, as the game stores them"
                        )]
                        dist: plane.dist as f32,
                    })
                    .collect(),
            });
            bounds
                .entry(brush.model.0)
                .and_modify(|(lo, hi)| {
                    *lo = lo.min(geometry.mins());
                    *hi = hi.max(geometry.maxs());
                })
                .or_insert((geometry.mins(), geometry.maxs()));
        }
        Self { bounds, shapes }
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
        let offset = shift.as_vec3();
        let shape = self
            .shapes
            .get(&model)
            .into_iter()
            .flatten()
            .map(|brush| brush.clone().translated(offset))
            .collect();
        Ok(Placed {
            model,
            mins: (lo + shift).as_vec3(),
            maxs: (hi + shift).as_vec3(),
            shape,
        })
    }
}
