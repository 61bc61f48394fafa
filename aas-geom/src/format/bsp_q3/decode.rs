//! Decoding of the used lumps into validated records.
//!
//! Each lump is decoded in one pass over its records; every index and range is checked against
//! the record count of its target lump, which the directory already gives. Vectors are
//! allocated with the record count of the lump being decoded, which the lump's bytes bound.

use glam::{Vec2, Vec3};

use crate::brush::{BspLump, Contents, SurfaceFlags};

use super::BspError;
use super::lumps::{LumpInfo, f32_at, i32_at, lump_bytes, record_size, vec3_at};
use super::records::{
    BspBrush, BspBrushSide, BspDrawVert, BspModel, BspPlane, BspShader, BspSurface, SurfaceType,
};
use super::text::{decode_text, until_nul};

/// The file's bytes and its validated lump directory.
pub(super) struct Lumps<'a> {
    /// The whole file.
    bytes: &'a [u8],
    /// One entry per lump, in [`BspLump::ALL`] order.
    infos: [LumpInfo; 17],
}

/// One record being decoded: where it is, for error messages.
#[derive(Clone, Copy)]
struct At {
    /// The record's lump.
    info: LumpInfo,
    /// 0-based record index.
    record: usize,
}

impl At {
    /// Checks that `value` (read from field `field` at `field_at` within the record) indexes a
    /// record of `target`.
    fn index(
        self,
        lumps: &Lumps<'_>,
        field: &'static str,
        field_at: usize,
        target: BspLump,
        value: i32,
    ) -> Result<u32, BspError> {
        let available = lumps.info(target).count;
        match u32::try_from(value) {
            Ok(index) if (index as usize) < available => Ok(index),
            _ => Err(BspError::IndexOutOfRange {
                lump: self.info.lump,
                record: self.record,
                field,
                offset: self.info.field_offset(self.record, field_at),
                target,
                index: value,
                available,
            }),
        }
    }

    /// Checks that `first .. first + count` (fields at `field_at`) lies inside `target`.
    fn range(
        self,
        lumps: &Lumps<'_>,
        field: &'static str,
        field_at: usize,
        target: BspLump,
        first: i32,
        count: i32,
    ) -> Result<(u32, u32), BspError> {
        let available = lumps.info(target).count;
        if let (Ok(first_u), Ok(count_u)) = (u32::try_from(first), u32::try_from(count))
            && u64::from(first_u) + u64::from(count_u) <= available as u64
        {
            return Ok((first_u, count_u));
        }
        Err(BspError::RangeOutOfBounds {
            lump: self.info.lump,
            record: self.record,
            field,
            offset: self.info.field_offset(self.record, field_at),
            target,
            first,
            count,
            available,
        })
    }
}

/// Sums range lengths and fails once they exceed the target lump's record count.
struct Budget {
    /// Records covered so far.
    used: u64,
    /// Records in the target lump.
    available: usize,
    /// The target lump.
    target: BspLump,
    /// Field names of the range.
    field: &'static str,
}

impl Budget {
    /// Adds `count` records for the range of `at` (fields at `field_at`).
    fn spend(&mut self, at: At, field_at: usize, count: u32) -> Result<(), BspError> {
        self.used += u64::from(count);
        if self.used > self.available as u64 {
            return Err(BspError::RangesExceedLump {
                lump: at.info.lump,
                record: at.record,
                field: self.field,
                offset: at.info.field_offset(at.record, field_at),
                target: self.target,
                total: self.used,
                available: self.available,
            });
        }
        Ok(())
    }
}

impl<'a> Lumps<'a> {
    /// Wraps a file and its validated directory.
    pub(super) fn new(bytes: &'a [u8], infos: [LumpInfo; 17]) -> Self {
        Self { bytes, infos }
    }

    /// The directory entry of `lump`.
    pub(super) fn info(&self, lump: BspLump) -> LumpInfo {
        self.infos[lump as usize]
    }

    /// The whole directory.
    pub(super) fn infos(&self) -> [LumpInfo; 17] {
        self.infos
    }

    /// The raw bytes of `lump`.
    pub(super) fn bytes(&self, lump: BspLump) -> &'a [u8] {
        lump_bytes(self.bytes, &self.infos[lump as usize])
    }

    /// Decodes every record of `lump` with `decode`, which gets the record's location and bytes.
    fn decode_all<T>(
        &self,
        lump: BspLump,
        mut decode: impl FnMut(At, &[u8]) -> Result<T, BspError>,
    ) -> Result<Vec<T>, BspError> {
        let info = self.info(lump);
        let mut out = Vec::with_capacity(info.count);
        for (record, bytes) in self.bytes(lump).chunks_exact(record_size(lump)).enumerate() {
            out.push(decode(At { info, record }, bytes)?);
        }
        Ok(out)
    }

    /// Decodes the SHADERS lump.
    pub(super) fn shaders(&self) -> Result<Vec<BspShader>, BspError> {
        self.decode_all(BspLump::Shaders, |_, r| {
            let name = decode_text(until_nul(r.get(..64).unwrap_or(r))).into_owned();
            Ok(BspShader {
                name,
                surface_flags: SurfaceFlags::from_bits_retain(i32_at(r, 64).cast_unsigned()),
                contents: Contents::from_bits_retain(i32_at(r, 68).cast_unsigned()),
            })
        })
    }

    /// Decodes the PLANES lump (plane values are checked where brush sides use them).
    pub(super) fn planes(&self) -> Result<Vec<BspPlane>, BspError> {
        self.decode_all(BspLump::Planes, |_, r| {
            Ok(BspPlane {
                normal: Vec3::from_array(vec3_at(r, 0)),
                dist: f32_at(r, 12),
            })
        })
    }

    /// Decodes the BRUSHES lump, checking side ranges and shaders.
    ///
    /// The side ranges together may not cover more records than BRUSHSIDES holds.
    pub(super) fn brushes(&self) -> Result<Vec<BspBrush>, BspError> {
        let field = "firstSide/numSides";
        let mut budget = Budget {
            used: 0,
            available: self.info(BspLump::BrushSides).count,
            target: BspLump::BrushSides,
            field,
        };
        self.decode_all(BspLump::Brushes, |at, r| {
            let (first_side, side_count) = at.range(
                self,
                field,
                0,
                BspLump::BrushSides,
                i32_at(r, 0),
                i32_at(r, 4),
            )?;
            budget.spend(at, 0, side_count)?;
            let shader = at.index(self, "shaderNum", 8, BspLump::Shaders, i32_at(r, 8))?;
            Ok(BspBrush {
                first_side,
                side_count,
                shader,
            })
        })
    }

    /// Decodes the BRUSHSIDES lump, checking planes and shaders.
    pub(super) fn brush_sides(&self) -> Result<Vec<BspBrushSide>, BspError> {
        self.decode_all(BspLump::BrushSides, |at, r| {
            Ok(BspBrushSide {
                plane: at.index(self, "planeNum", 0, BspLump::Planes, i32_at(r, 0))?,
                shader: at.index(self, "shaderNum", 4, BspLump::Shaders, i32_at(r, 4))?,
            })
        })
    }

    /// Decodes the MODELS lump, checking surface and brush ranges.
    ///
    /// The surface ranges of all models together may not cover more records than SURFACES
    /// holds, nor the brush ranges more than BRUSHES holds.
    pub(super) fn models(&self) -> Result<Vec<BspModel>, BspError> {
        let surface_field = "firstSurface/numSurfaces";
        let brush_field = "firstBrush/numBrushes";
        let mut surface_budget = Budget {
            used: 0,
            available: self.info(BspLump::Surfaces).count,
            target: BspLump::Surfaces,
            field: surface_field,
        };
        let mut brush_budget = Budget {
            used: 0,
            available: self.info(BspLump::Brushes).count,
            target: BspLump::Brushes,
            field: brush_field,
        };
        self.decode_all(BspLump::Models, |at, r| {
            let (first_surface, surface_count) = at.range(
                self,
                surface_field,
                24,
                BspLump::Surfaces,
                i32_at(r, 24),
                i32_at(r, 28),
            )?;
            surface_budget.spend(at, 24, surface_count)?;
            let (first_brush, brush_count) = at.range(
                self,
                brush_field,
                32,
                BspLump::Brushes,
                i32_at(r, 32),
                i32_at(r, 36),
            )?;
            brush_budget.spend(at, 32, brush_count)?;
            Ok(BspModel {
                mins: Vec3::from_array(vec3_at(r, 0)),
                maxs: Vec3::from_array(vec3_at(r, 12)),
                first_surface,
                surface_count,
                first_brush,
                brush_count,
            })
        })
    }

    /// Decodes the DRAWVERTS lump.
    pub(super) fn draw_verts(&self) -> Result<Vec<BspDrawVert>, BspError> {
        self.decode_all(BspLump::DrawVerts, |_, r| {
            let mut color = [0; 4];
            if let Some(source) = r.get(40..44) {
                color.copy_from_slice(source);
            }
            Ok(BspDrawVert {
                position: Vec3::from_array(vec3_at(r, 0)),
                st: Vec2::new(f32_at(r, 12), f32_at(r, 16)),
                lightmap: Vec2::new(f32_at(r, 20), f32_at(r, 24)),
                normal: Vec3::from_array(vec3_at(r, 28)),
                color,
            })
        })
    }

    /// Decodes the SURFACES lump, checking shaders and vertex and index ranges.
    ///
    /// The vertex ranges of patch surfaces together may not cover more records than DRAWVERTS
    /// holds (this bounds tessellation work by the file's size); patch sizes may not be
    /// negative.
    pub(super) fn surfaces(&self) -> Result<Vec<BspSurface>, BspError> {
        let vert_field = "firstVert/numVerts";
        let mut patch_budget = Budget {
            used: 0,
            available: self.info(BspLump::DrawVerts).count,
            target: BspLump::DrawVerts,
            field: vert_field,
        };
        self.decode_all(BspLump::Surfaces, |at, r| {
            let shader = at.index(self, "shaderNum", 0, BspLump::Shaders, i32_at(r, 0))?;
            let kind = SurfaceType::from_raw(i32_at(r, 8));
            let (first_vert, vert_count) = at.range(
                self,
                vert_field,
                12,
                BspLump::DrawVerts,
                i32_at(r, 12),
                i32_at(r, 16),
            )?;
            let (first_index, index_count) = at.range(
                self,
                "firstIndex/numIndexes",
                20,
                BspLump::DrawIndexes,
                i32_at(r, 20),
                i32_at(r, 24),
            )?;
            let patch_width = i32_at(r, 96);
            let patch_height = i32_at(r, 100);
            if kind == SurfaceType::Patch {
                patch_budget.spend(at, 12, vert_count)?;
                for (field, field_at, value) in [
                    ("patchWidth", 96, patch_width),
                    ("patchHeight", 100, patch_height),
                ] {
                    if value < 0 {
                        return Err(BspError::NegativePatchSize {
                            record: at.record,
                            field,
                            offset: at.info.field_offset(at.record, field_at),
                            value,
                        });
                    }
                }
            }
            Ok(BspSurface {
                shader,
                fog: i32_at(r, 4),
                kind,
                first_vert,
                vert_count,
                first_index,
                index_count,
                patch_width,
                patch_height,
            })
        })
    }
}
