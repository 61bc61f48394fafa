//! [`BspFile::to_brush_world`]: brushes, brush models and tessellated patches of an IBSP file.
//!
//! The rules for model ownership and patch solidity are documented on the
//! [`super`] module.

use glam::DVec3;

use crate::brush::{
    Brush, BrushModel, BrushSide, BrushWorld, BspLump, Contents, ModelNum, Patch, PatchSettings,
    PatchSource, Plane, SourceFormat, SourceLocation, TextureId, TextureInfo,
};

use super::records::SurfaceType;
use super::{BspError, BspFile};

/// A normal whose `f64` length differs from 1 by more than this is normalised (with its
/// distance) on conversion; others are kept exactly as stored.
const UNIT_TOLERANCE: f64 = 1e-9;

/// Normals shorter than this are rejected as degenerate.
const MIN_NORMAL_LENGTH: f64 = 1e-6;

impl BspFile {
    /// Builds the [`BrushWorld`] of this file: entities, shaders as textures (`TextureId(n)` is
    /// shader `n`), every brush of the BRUSHES lump in lump order, brush models and every
    /// patch surface tessellated with `settings`.
    ///
    /// Brush `i` of the result is brush record `i` (`index: i`, location
    /// `Record { lump: Brushes, record: i }`); its contents are its own shader's
    /// `contentFlags`; its sides are its brush sides in order, planes converted to `f64`
    /// (normalised only when their length is not 1 within 1e-9), textures from the side
    /// shaders, `bevel: false`. Patch `k` is the `k`-th patch surface in lump order with
    /// `index` its surface record. See the [module docs](super) for model ownership and for
    /// which patches are solid.
    ///
    /// # Errors
    /// [`BspError::BadPlane`] for a side whose plane is not finite or has a zero normal;
    /// [`BspError::Patch`] naming the surface record when a patch cannot be tessellated (bad
    /// size, point count, non-finite control point, or invalid `settings`).
    ///
    /// # Complexity
    /// `O(brush sides + models + entities)` plus the tessellation, which is
    /// `O(control points + grid vertices)` in total, a patch's grid vertices being at most
    /// `(spans across × max_subdivisions + 1) × (spans down × max_subdivisions + 1)`.
    pub fn to_brush_world(&self, settings: &PatchSettings) -> Result<BrushWorld, BspError> {
        let textures = self
            .shaders
            .iter()
            .map(|shader| TextureInfo {
                name: shader.name.clone(),
                contents: shader.contents,
                surface_flags: shader.surface_flags,
            })
            .collect();
        let model_entities = self.model_entities();
        let brush_owner = owners(
            self.brushes.len(),
            self.models.iter().map(|m| (m.first_brush, m.brush_count)),
        );
        let surface_owner = owners(
            self.surfaces.len(),
            self.models
                .iter()
                .map(|m| (m.first_surface, m.surface_count)),
        );
        let placement = |owner: Option<u32>| match owner {
            Some(model) => (
                ModelNum(model),
                model_entities.get(model as usize).copied().flatten(),
            ),
            None => (ModelNum::WORLD, None),
        };
        let mut models: Vec<BrushModel> = model_entities
            .iter()
            .map(|&entity| BrushModel {
                entity,
                brush_count: 0,
                patch_count: 0,
            })
            .collect();

        let mut brushes = Vec::with_capacity(self.brushes.len());
        for (index, (brush, owner)) in self.brushes.iter().zip(&brush_owner).enumerate() {
            let (model, entity) = placement(*owner);
            if let Some(counts) = models.get_mut(model.0 as usize) {
                counts.brush_count += 1;
            }
            brushes.push(Brush {
                sides: self.brush_sides_of(brush.first_side, brush.side_count)?,
                contents: self.shader_contents(brush.shader),
                entity,
                model,
                index,
                location: SourceLocation::Record {
                    lump: BspLump::Brushes,
                    record: u32::try_from(index).unwrap_or(u32::MAX),
                },
            });
        }

        let mut patches = Vec::new();
        for (index, (surface, owner)) in self.surfaces.iter().zip(&surface_owner).enumerate() {
            if surface.kind != SurfaceType::Patch {
                continue;
            }
            let (model, entity) = placement(*owner);
            let first = surface.first_vert as usize;
            let control_points = first
                .checked_add(surface.vert_count as usize)
                .and_then(|end| self.draw_verts.get(first..end))
                .unwrap_or_default()
                .iter()
                .map(|vert| vert.position.as_dvec3())
                .collect();
            let source = PatchSource {
                width: u32::try_from(surface.patch_width).unwrap_or(u32::MAX),
                height: u32::try_from(surface.patch_height).unwrap_or(u32::MAX),
                control_points,
                texture: TextureId(surface.shader),
                contents: self.shader_contents(surface.shader),
                entity,
                model,
                index,
                location: SourceLocation::Record {
                    lump: BspLump::Surfaces,
                    record: u32::try_from(index).unwrap_or(u32::MAX),
                },
            };
            let patch = Patch::tessellate(source, *settings).map_err(|source| BspError::Patch {
                record: index,
                offset: self.lump(BspLump::Surfaces).field_offset(index, 0),
                source,
            })?;
            if let Some(counts) = models.get_mut(model.0 as usize) {
                counts.patch_count += 1;
            }
            patches.push(patch);
        }

        Ok(BrushWorld {
            format: SourceFormat::Bsp,
            entities: self.entities.clone(),
            textures,
            brushes,
            patches,
            models,
        })
    }

    /// The entity owning each model: the first entity naming `"*N"`, or the first
    /// `worldspawn` for model 0.
    fn model_entities(&self) -> Vec<Option<usize>> {
        let mut owners = vec![None; self.models.len()];
        if let Some(world) = owners.first_mut() {
            *world = self
                .entities
                .iter()
                .position(|entity| entity.classname() == "worldspawn");
        }
        for (index, entity) in self.entities.iter().enumerate() {
            if let Some(model) = entity.brush_model().filter(|&model| model != 0)
                && let Some(slot) = owners.get_mut(model as usize)
                && slot.is_none()
            {
                *slot = Some(index);
            }
        }
        owners
    }

    /// The contents of shader `shader` (empty for an index outside the table, which a
    /// validated file never has).
    fn shader_contents(&self, shader: u32) -> Contents {
        self.shaders
            .get(shader as usize)
            .map_or(Contents::empty(), |shader| shader.contents)
    }

    /// The sides `first .. first + count` converted to `f64` planes.
    fn brush_sides_of(&self, first: u32, count: u32) -> Result<Vec<BrushSide>, BspError> {
        let first = first as usize;
        let sides = first
            .checked_add(count as usize)
            .and_then(|end| self.brush_sides.get(first..end))
            .unwrap_or_default();
        sides
            .iter()
            .map(|side| {
                Ok(BrushSide {
                    plane: self.plane(side.plane)?,
                    texture: TextureId(side.shader),
                    bevel: false,
                })
            })
            .collect()
    }

    /// Plane record `index` in `f64`, normalised only when needed.
    fn plane(&self, index: u32) -> Result<Plane, BspError> {
        let record = index as usize;
        let (normal, dist) = self
            .planes
            .get(record)
            .map_or(([0.0; 3], f32::NAN), |plane| {
                (plane.normal.to_array(), plane.dist)
            });
        let normal64 = DVec3::from_array(normal.map(f64::from));
        let dist64 = f64::from(dist);
        let length = normal64.length();
        if !(length.is_finite() && length >= MIN_NORMAL_LENGTH && dist64.is_finite()) {
            return Err(BspError::BadPlane {
                record,
                offset: self.lump(BspLump::Planes).field_offset(record, 0),
                normal,
                dist,
            });
        }
        Ok(if (length - 1.0).abs() > UNIT_TOLERANCE {
            Plane {
                normal: normal64 / length,
                dist: dist64 / length,
            }
        } else {
            Plane {
                normal: normal64,
                dist: dist64,
            }
        })
    }
}

/// For each of `count` records, the first model whose `(first, count)` range contains it.
///
/// # Complexity
/// `O(count + Σ range lengths)`; [`BspFile::from_bytes`] bounds the sum by `count`.
fn owners(count: usize, ranges: impl Iterator<Item = (u32, u32)>) -> Vec<Option<u32>> {
    let mut owner = vec![None; count];
    for (model, (first, length)) in ranges.enumerate() {
        let model = u32::try_from(model).unwrap_or(u32::MAX);
        let first = first as usize;
        let end = first.saturating_add(length as usize).min(count);
        for slot in owner.get_mut(first..end).unwrap_or_default() {
            if slot.is_none() {
                *slot = Some(model);
            }
        }
    }
    owner
}
