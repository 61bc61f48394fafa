//! Building a [`BrushWorld`] from the parse tree of a `.map` file.
//!
//! Entities keep file order. `worldspawn` and `func_group` primitives belong to
//! [`ModelNum::WORLD`]; every other entity with at least one brush or patch gets the next model
//! number (1, 2, ... in entity order), as Quake III map compilers number `*N` models. Brushes
//! and patches of one entity share one index sequence (the editor's "brush N" numbering).

use std::collections::HashMap;

use glam::DVec3;
use pest::Parser;
use pest::iterators::Pair;

use super::MapSettings;
use super::error::{MapError, MapErrorKind, syntax_error};
use super::grammar::{MapParser, Rule};
use super::text::LineTracker;
use crate::brush::{
    Brush, BrushModel, BrushSide, BrushWorld, Contents, Entity, ModelNum, Patch, PatchSource,
    Plane, SourceFormat, SourceLocation, TextureId, TextureInfo,
};

type MapPair<'t> = Pair<'t, Rule>;

/// Parses `text` and builds its [`BrushWorld`].
pub(super) fn build(text: &str, options: &MapSettings) -> Result<BrushWorld, MapError> {
    let mut pairs =
        MapParser::parse(Rule::file, text).map_err(|error| syntax_error(&error, text))?;
    let mut builder = Builder::new(text, options);
    if let Some(file) = pairs.next() {
        for entity in file
            .into_inner()
            .filter(|pair| pair.as_rule() == Rule::entity)
        {
            builder.entity(entity)?;
        }
    }
    Ok(builder.finish())
}

/// Who owns a brush or patch.
#[derive(Debug, Clone, Copy)]
struct Owner {
    entity: usize,
    model: ModelNum,
}

/// The world under construction.
struct Builder<'t, 'o> {
    tracker: LineTracker<'t>,
    options: &'o MapSettings,
    entities: Vec<Entity>,
    textures: Vec<TextureInfo>,
    texture_ids: HashMap<String, TextureId>,
    brushes: Vec<Brush>,
    patches: Vec<Patch>,
    models: Vec<BrushModel>,
}

impl<'t, 'o> Builder<'t, 'o> {
    fn new(text: &'t str, options: &'o MapSettings) -> Self {
        Self {
            tracker: LineTracker::new(text),
            options,
            entities: Vec::new(),
            textures: Vec::new(),
            texture_ids: HashMap::new(),
            brushes: Vec::new(),
            patches: Vec::new(),
            models: vec![BrushModel {
                entity: None,
                brush_count: 0,
                patch_count: 0,
            }],
        }
    }

    fn finish(self) -> BrushWorld {
        BrushWorld {
            format: SourceFormat::Map,
            entities: self.entities,
            textures: self.textures,
            brushes: self.brushes,
            patches: self.patches,
            models: self.models,
        }
    }

    fn location(&mut self, offset: usize) -> SourceLocation {
        let (line, column) = self.tracker.line_column(offset);
        SourceLocation::Text { line, column }
    }

    fn error_at(&mut self, offset: usize, kind: MapErrorKind) -> MapError {
        let (line, column) = self.tracker.line_column(offset);
        MapError::new(line, column, kind)
    }

    /// Reads one entity: its pairs first (the classname decides the model), then its brushes
    /// and patches. Locations are taken in file order so the line tracker only moves forward.
    fn entity(&mut self, entity: MapPair<'t>) -> Result<(), MapError> {
        let entity_index = self.entities.len();
        let location = self.location(entity.as_span().start());
        let mut pairs = Vec::new();
        let mut primitives = Vec::new();
        for child in entity.into_inner() {
            match child.as_rule() {
                Rule::key_value => {
                    let mut strings = child.into_inner().map(|pair| unquote(pair.as_str()));
                    let key = strings.next().unwrap_or_default().to_owned();
                    let value = strings.next().unwrap_or_default().to_owned();
                    pairs.push((key, value));
                }
                Rule::primitive => {
                    let location = self.location(child.as_span().start());
                    primitives.push((child, location));
                }
                _ => {}
            }
        }
        let entity = Entity { pairs, location };
        let classname = entity.classname();
        let is_worldspawn = classname.eq_ignore_ascii_case("worldspawn");
        let model = if is_worldspawn || classname.eq_ignore_ascii_case("func_group") {
            if let Some(world) = self.models.first_mut()
                && is_worldspawn
                && world.entity.is_none()
            {
                world.entity = Some(entity_index);
            }
            ModelNum::WORLD
        } else if primitives.is_empty() {
            ModelNum::WORLD
        } else {
            let number = u32::try_from(self.models.len()).unwrap_or(u32::MAX);
            self.models.push(BrushModel {
                entity: Some(entity_index),
                brush_count: 0,
                patch_count: 0,
            });
            ModelNum(number)
        };
        self.entities.push(entity);

        let owner = Owner {
            entity: entity_index,
            model,
        };
        for (index, (primitive, location)) in primitives.into_iter().enumerate() {
            for body in primitive.into_inner() {
                match body.as_rule() {
                    Rule::legacy_brush | Rule::brush_def => {
                        self.brush(body, owner, index, location)?;
                    }
                    Rule::patch_def => self.patch(body, owner, index, location)?,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Builds one brush from the faces among the children of `body` (a `legacy_brush` or a
    /// `brush_def`).
    fn brush(
        &mut self,
        body: MapPair<'t>,
        owner: Owner,
        index: usize,
        location: SourceLocation,
    ) -> Result<(), MapError> {
        let mut sides = Vec::new();
        let mut contents = Contents::empty();
        for face in body.into_inner() {
            if !matches!(face.as_rule(), Rule::legacy_face | Rule::bp_face) {
                continue;
            }
            let face_start = face.as_span().start();
            let mut points = [DVec3::ZERO; 3];
            let mut point_count = 0;
            let mut texture = None;
            for part in face.into_inner() {
                match part.as_rule() {
                    Rule::first_point | Rule::point => {
                        let point = self.point(part)?;
                        if let Some(slot) = points.get_mut(point_count) {
                            *slot = point;
                        }
                        point_count += 1;
                    }
                    Rule::texture => texture = Some(self.texture(&part)?),
                    Rule::face_flags => contents |= self.detail_bit(part)?,
                    _ => self.check_numbers(part)?,
                }
            }
            let [p0, p1, p2] = points;
            let plane = Plane::from_points(p0, p1, p2)
                .ok_or_else(|| self.error_at(face_start, MapErrorKind::CollinearPoints))?;
            let Some(texture) = texture else {
                // The grammar requires a texture on every face.
                return Err(self.error_at(face_start, missing_texture()));
            };
            contents |= self.texture_contents(texture);
            sides.push(BrushSide {
                plane,
                texture,
                bevel: false,
            });
        }
        self.count_model(owner.model, true);
        // A liquid brush stays a liquid even when some of its sides carry a solid texture
        // (mappers caulk the hidden sides of water): Quake III compilers give such a brush the
        // liquid's contents, not solid (checked on the shared maps' .bsp files).
        if contents.intersects(Contents::LIQUID) {
            contents.remove(Contents::SOLID);
        }
        self.brushes.push(Brush {
            sides,
            contents,
            entity: Some(owner.entity),
            model: owner.model,
            index,
            location,
        });
        Ok(())
    }

    /// Builds and tessellates one `patchDef2`.
    fn patch(
        &mut self,
        body: MapPair<'t>,
        owner: Owner,
        index: usize,
        location: SourceLocation,
    ) -> Result<(), MapError> {
        let patch_start = body.as_span().start();
        let mut texture = None;
        let mut size = (0, 0);
        let mut detail = Contents::empty();
        let mut matrix = None;
        for part in body.into_inner() {
            match part.as_rule() {
                Rule::texture => texture = Some(self.texture(&part)?),
                Rule::patch_header => {
                    let numbers: Vec<_> = part
                        .into_inner()
                        .filter(|n| n.as_rule() == Rule::number)
                        .collect();
                    if let [width, height, contents, flags, value] = numbers.as_slice() {
                        size = (self.dimension(width)?, self.dimension(height)?);
                        detail = detail_bit(self.real(contents)?);
                        self.real(flags)?;
                        self.real(value)?;
                    }
                }
                Rule::patch_matrix => matrix = Some(part),
                _ => {}
            }
        }
        let (Some(texture), Some(matrix)) = (texture, matrix) else {
            return Err(self.error_at(patch_start, missing_texture()));
        };
        let (width, height) = size;
        let matrix_start = matrix.as_span().start();
        let mut rows = Vec::new();
        for row in matrix.into_inner() {
            if row.as_rule() != Rule::patch_row {
                continue;
            }
            let row_start = row.as_span().start();
            let mut points = Vec::new();
            for point in row.into_inner() {
                if point.as_rule() == Rule::patch_point {
                    points.push(self.point(point)?);
                }
            }
            rows.push((row_start, points));
        }
        if rows.len() != width as usize {
            let kind = MapErrorKind::PatchRows {
                declared: width,
                found: rows.len(),
            };
            return Err(self.error_at(matrix_start, kind));
        }
        if let Some((row, (row_start, points))) = rows
            .iter()
            .enumerate()
            .find(|(_, (_, points))| points.len() != height as usize)
        {
            let kind = MapErrorKind::PatchRowLength {
                row,
                declared: height,
                found: points.len(),
            };
            return Err(self.error_at(*row_start, kind));
        }
        // The file lists `width` rows of `height` points; `PatchSource` wants `height` rows of
        // `width` points. Both sizes match the input here, so this allocation is bounded by it.
        let width_usize = width as usize;
        let mut control_points = vec![DVec3::ZERO; width_usize * height as usize];
        for (column, (_, points)) in rows.iter().enumerate() {
            for (row, point) in points.iter().enumerate() {
                if let Some(slot) = control_points.get_mut(row * width_usize + column) {
                    *slot = *point;
                }
            }
        }
        let source = PatchSource {
            width,
            height,
            control_points,
            texture,
            contents: self.texture_contents(texture) | detail,
            entity: Some(owner.entity),
            model: owner.model,
            index,
            location,
        };
        let patch = Patch::tessellate(source, self.options.patch)
            .map_err(|error| self.error_at(patch_start, MapErrorKind::Patch(error)))?;
        self.count_model(owner.model, false);
        self.patches.push(patch);
        Ok(())
    }

    fn count_model(&mut self, model: ModelNum, brush: bool) {
        if let Some(entry) = self.models.get_mut(model.0 as usize) {
            if brush {
                entry.brush_count += 1;
            } else {
                entry.patch_count += 1;
            }
        }
    }

    /// The first three numbers of a point-like pair (`( x y z )`, `( x y z u v )`); every
    /// number of it must be a finite number.
    fn point(&mut self, pair: MapPair<'t>) -> Result<DVec3, MapError> {
        let mut coordinates = [0.0; 3];
        let numbers = pair.into_inner().filter(|n| n.as_rule() == Rule::number);
        for (index, number) in numbers.enumerate() {
            let value = self.real(&number)?;
            if let Some(slot) = coordinates.get_mut(index) {
                *slot = value;
            }
        }
        Ok(DVec3::from_array(coordinates))
    }

    /// Checks that `pair`, or every number within it (texture shifts, axes, matrices), is a
    /// finite number.
    fn check_numbers(&mut self, pair: MapPair<'t>) -> Result<(), MapError> {
        if pair.as_rule() == Rule::number {
            return self.real(&pair).map(|_| ());
        }
        for number in pair.into_inner().flatten() {
            if number.as_rule() == Rule::number {
                self.real(&number)?;
            }
        }
        Ok(())
    }

    /// The DETAIL bit of a face's numeric `contents` field (the first of its three flag
    /// numbers, all of which must be numbers).
    fn detail_bit(&mut self, face_flags: MapPair<'t>) -> Result<Contents, MapError> {
        let mut detail = Contents::empty();
        let numbers = face_flags
            .into_inner()
            .filter(|n| n.as_rule() == Rule::number);
        for (index, number) in numbers.enumerate() {
            let value = self.real(&number)?;
            if index == 0 {
                detail = detail_bit(value);
            }
        }
        Ok(detail)
    }

    /// A finite number.
    fn real(&mut self, number: &MapPair<'t>) -> Result<f64, MapError> {
        let text = number.as_str();
        let kind = match text.parse::<f64>() {
            Ok(value) if value.is_finite() => return Ok(value),
            Ok(_) => MapErrorKind::NumberOutOfRange {
                text: text.to_owned(),
            },
            Err(_) => MapErrorKind::NotANumber {
                text: text.to_owned(),
            },
        };
        Err(self.error_at(number.as_span().start(), kind))
    }

    /// A patch width or height: a whole number in `0..=u32::MAX`.
    fn dimension(&mut self, number: &MapPair<'t>) -> Result<u32, MapError> {
        let value = number.as_str().parse::<f64>().unwrap_or(f64::NAN);
        if value.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&value) {
            Ok(value as u32)
        } else {
            let kind = MapErrorKind::PatchSize {
                text: number.as_str().to_owned(),
            };
            Err(self.error_at(number.as_span().start(), kind))
        }
    }

    /// The interned id of the texture named by a `texture` pair.
    fn texture(&mut self, pair: &MapPair<'t>) -> Result<TextureId, MapError> {
        let name = unquote(pair.as_str());
        if let Some(&id) = self.texture_ids.get(name) {
            return Ok(id);
        }
        let Ok(number) = u32::try_from(self.textures.len()) else {
            return Err(self.error_at(pair.as_span().start(), MapErrorKind::TooManyTextures));
        };
        let id = TextureId(number);
        let (contents, surface_flags) = self.options.texture_rules.classify(name);
        self.textures.push(TextureInfo {
            name: name.to_owned(),
            contents,
            surface_flags,
        });
        self.texture_ids.insert(name.to_owned(), id);
        Ok(id)
    }

    fn texture_contents(&self, id: TextureId) -> Contents {
        self.textures
            .get(id.0 as usize)
            .map_or(Contents::empty(), |info| info.contents)
    }
}

/// The DETAIL bit of a numeric `contents` field; Quake III compilers ignore every other bit
/// of it. The number is truncated towards zero, saturated to 64 bits and wrapped to 32 bits
/// (so `-1` is all bits).
fn detail_bit(contents: f64) -> Contents {
    // `f64 as i64` saturates; `i64 as u32` keeps the low 32 bits.
    Contents::from_bits_retain(contents as i64 as u32) & Contents::DETAIL
}

/// The text between the quotes of a quoted string, or the text itself.
fn unquote(text: &str) -> &str {
    text.strip_prefix('"')
        .and_then(|inner| inner.strip_suffix('"'))
        .unwrap_or(text)
}

fn missing_texture() -> MapErrorKind {
    MapErrorKind::Syntax {
        expected: vec!["a texture name".to_owned()],
        found: "none".to_owned(),
    }
}
