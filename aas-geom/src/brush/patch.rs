//! Curved patches (biquadratic Bézier grids) and their tessellation into thin convex brushes.
//!
//! Quake III turns curves into invisible brushes for collision (thesis §6.2). A patch is a grid
//! of `width × height` control points (both odd, at least 3); every 3 × 3 block sharing edges
//! with its neighbours is one biquadratic Bézier span. A *span column* is all the spans sharing
//! one range of the `u` (column) parameter, a *span row* all those sharing one range of `v`.
//!
//! # Adaptive tessellation
//!
//! Like the Quake III engine's collision code, the tessellation subdivides only where the
//! surface curves. A quadratic Bézier curve with control points `P0 P1 P2` sampled at `n`
//! uniform steps stays within `|P0 − 2·P1 + P2| / (4·n²)` of its chords. Each span column gets
//! the smallest number of steps `n ≥ 1` for which that bound, taken over the control rows of
//! the column (every row of the surface inside it is a convex blend of those, so it deviates
//! no more), is at most [`PatchSettings::max_error`], capped at
//! [`PatchSettings::max_subdivisions`]; each span row likewise along `v` with the control
//! columns. A flat direction (`P1` the midpoint of `P0 P2`) gets a single step. Steps are
//! chosen per span column and per span row, never per span, so the samples still form a grid
//! ([`Patch::column_steps`], [`Patch::row_steps`]); span boundaries are evaluated once.
//!
//! The bound holds along each grid line: every row of the grid (and every row of the surface
//! between them) is within `max_error` of its chords, and likewise every column. It is not a
//! bound on the distance between the surface and the facets: at a cell's centre the two
//! deviations can add up (a dome curving both ways, up to `2 × max_error`), and the two
//! triangles of a twisted cell (corners not coplanar) stray from the surface by a ninth of
//! the twist on top, even where the surface is straight along both grid directions (a saddle
//! is never subdivided). The engine accepts both. On an extruded curve (the columns and
//! arches of real maps) the surface at a facet's centre is within `max_error` of its plane
//! (unless the step cap was reached).
//!
//! Each grid cell becomes one [`Facet`]: a quad when its four corners are coplanar within
//! [`QUAD_PLANE_EPSILON`] and it is convex and non-degenerate, otherwise the two triangles
//! it is cut into (a degenerate triangle, of doubled area below 1e-6, is dropped). Each facet
//! becomes a thin convex prism: the facet's plane (through its frontmost corner), a parallel
//! plane [`PatchSettings::thickness`] units behind it, and one plane through each edge.
//!
//! # Which side is the front
//!
//! A facet of grid cell (`column`, `row`) is wound so that its normal is
//! `(P[column + 1] − P[column]) × (P[row + 1] − P[row])`, the side Quake III draws: q3map's
//! vertex normals of every patch in the shared real maps point that way. As a quadratic's
//! chord is its tangent at the chord's middle times the step, a triangle's normal is exactly
//! `∂B/∂u × ∂B/∂v` taken at the middles of its two grid edges (times the steps), and a quad's
//! the same with each tangent averaged over two opposite edges; where the surface folds
//! within a cell, this can differ from the normal at the cell's centre. The prism lies behind
//! that side, inside whatever the patch covers, so a solid curve never reaches into the open
//! space in front of it; a prism built on the other side would stick out by the thickness and,
//! once expanded by the player box, leave a sliver of open space along every curved wall.
//!
//! # Complexity
//! `O(control points + grid vertices)` time and memory per patch, with at most
//! `(spans across × max_subdivisions + 1) × (spans down × max_subdivisions + 1)` grid
//! vertices; both the control grid and the subdivision are bounded ([`MAX_PATCH_DIMENSION`],
//! [`MAX_SUBDIVISIONS`]), so a hostile file cannot make tessellation allocate without bound.

use glam::DVec3;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Brush, BrushSide, Contents, ModelNum, Plane, SourceLocation, TextureId};

/// Largest accepted number of control points along one side of a patch.
pub const MAX_PATCH_DIMENSION: u32 = 129;

/// Largest accepted [`PatchSettings::max_subdivisions`].
pub const MAX_SUBDIVISIONS: u32 = 64;

/// A grid cell is one quad facet only when its four corners all lie within this distance
/// (units) behind the plane through its frontmost corner, normal to both diagonals (a twisted
/// cell's diagonals are then at most this far apart, and one corner at most about twice this
/// off the plane of the other three), and each corner lies more than this distance behind
/// the planes of the two edges not touching it (convex, non-degenerate).
pub const QUAD_PLANE_EPSILON: f64 = 0.01;

/// Triangles whose doubled area is below this (square units) are dropped as degenerate.
const MIN_DOUBLED_AREA: f64 = 1e-6;

/// How patches are tessellated.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PatchSettings {
    /// Most steps per Bézier span in each direction (1..=[`MAX_SUBDIVISIONS`]); fewer are
    /// taken where [`max_error`](Self::max_error) allows.
    pub max_subdivisions: u32,
    /// Largest distance (units) allowed between a grid line of the tessellation and the true
    /// curve it samples; must be finite and positive.
    pub max_error: f64,
    /// Thickness in units of the brush made from each facet, measured behind the facet.
    pub thickness: f64,
}

impl Default for PatchSettings {
    /// At most 8 steps per span, a 16-unit error and 2-unit-thick brushes. 16 units is the
    /// tolerance the Quake III engine itself uses when it tessellates patches for collision,
    /// so the brushes follow the curve as closely as the game's own collision does; 8 steps
    /// keep the 16 units on any span with `|P0 − 2·P1 + P2| ≤ 4,096` (the patches of the
    /// shared maps need at most 3).
    ///
    /// Measured on the nine shared maps against the former fixed two steps per span with two
    /// triangles per cell: 289 thin brushes instead of 1,072 (`am_underworks` 194 instead of
    /// 720, 154 of them quads; `ps37ctf` 47 instead of 160; `oa_dm1v2` 48 instead of 192),
    /// and on `am_underworks` 393 areas instead of 449 (1.18 times the reference's 332
    /// instead of 1.35) in about 75 ms instead of 137, with coverage 1.0 on every map either
    /// way. An 8-unit error would make 363 thin brushes, a 4-unit one 517.
    fn default() -> Self {
        Self {
            max_subdivisions: 8,
            max_error: 16.0,
            thickness: 2.0,
        }
    }
}

/// Why a patch cannot be tessellated.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PatchError {
    /// Width or height is even, below 3, or above [`MAX_PATCH_DIMENSION`].
    #[error(
        "patch size {width}x{height} is invalid: each side must be odd, 3..={MAX_PATCH_DIMENSION}"
    )]
    BadSize {
        /// Control points per row.
        width: u32,
        /// Rows of control points.
        height: u32,
    },
    /// The number of control points is not `width × height`.
    #[error("patch has {found} control points, expected {expected}")]
    PointCount {
        /// `width × height`.
        expected: usize,
        /// Control points given.
        found: usize,
    },
    /// [`PatchSettings::max_subdivisions`] is 0 or above [`MAX_SUBDIVISIONS`].
    #[error("patch subdivision {0} is invalid: must be 1..={MAX_SUBDIVISIONS}")]
    BadSubdivision(u32),
    /// [`PatchSettings::max_error`] is not a positive finite number.
    #[error("patch error tolerance {0} is invalid: must be positive and finite")]
    BadMaxError(f64),
    /// The thickness setting is not a positive finite number.
    #[error("patch thickness {0} is invalid: must be positive and finite")]
    BadThickness(f64),
    /// A control point is NaN or infinite.
    #[error("patch control point {0} is not finite")]
    NonFinite(usize),
}

/// One planar piece of a patch's tessellation: grid-vertex indices (into
/// [`Patch::vertices`]) wound so that the normal points to the drawn side (see the
/// [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Facet {
    /// Half a grid cell that is twisted, not convex or degenerate; its normal is
    /// `(q − p) × (r − p)` for corners `[p, q, r]`. Cell (`column`, `row`) gives the grid
    /// vertices (`column`, `row`), (`column + 1`, `row`), (`column`, `row + 1`) and then
    /// (`column + 1`, `row`), (`column + 1`, `row + 1`), (`column`, `row + 1`).
    Triangle([u32; 3]),
    /// A whole planar convex grid cell, corners in order around it: (`column`, `row`),
    /// (`column + 1`, `row`), (`column + 1`, `row + 1`), (`column`, `row + 1`). Its normal is
    /// `(c − a) × (d − b)` for corners `[a, b, c, d]` (the cross product of the diagonals).
    Quad([u32; 4]),
}

impl Facet {
    /// The corner indices, in winding order.
    #[must_use]
    pub fn indices(&self) -> &[u32] {
        match self {
            Self::Triangle(indices) => indices,
            Self::Quad(indices) => indices,
        }
    }

    /// The corner positions, looked up in `vertices` (the patch's [`Patch::vertices`]).
    ///
    /// # Panics
    /// When an index is out of range for `vertices`.
    #[must_use]
    pub fn corners(&self, vertices: &[DVec3]) -> Vec<DVec3> {
        self.indices()
            .iter()
            .map(|&i| vertices[i as usize])
            .collect()
    }

    /// The facet's normal, not normalised (zero or tiny for a degenerate facet), pointing to
    /// the drawn side: see the variants for the formula.
    ///
    /// # Panics
    /// When an index is out of range for `vertices`.
    #[must_use]
    pub fn normal(&self, vertices: &[DVec3]) -> DVec3 {
        let at = |i: u32| vertices[i as usize];
        match *self {
            Self::Triangle([p, q, r]) => (at(q) - at(p)).cross(at(r) - at(p)),
            Self::Quad([a, b, c, d]) => (at(c) - at(a)).cross(at(d) - at(b)),
        }
    }
}

/// A curved patch, its tessellation and the thin brushes made from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Patch {
    /// Control points per row.
    pub width: u32,
    /// Rows of control points.
    pub height: u32,
    /// Control points, row-major (`width` per row).
    pub control_points: Vec<DVec3>,
    /// The patch's texture or shader.
    pub texture: TextureId,
    /// Contents of the brushes made from the patch.
    pub contents: Contents,
    /// The owning entity's index, when known.
    pub entity: Option<usize>,
    /// The brush model the patch belongs to.
    pub model: ModelNum,
    /// Index of the patch within its entity (`.map`) or the draw-surface lump (`.bsp`).
    pub index: usize,
    /// Where the patch was read from.
    pub location: SourceLocation,
    /// Steps of each span column, left to right (`(width − 1) / 2` entries): grid column
    /// `Σ column_steps[..s] + k` samples span column `s` at parameter `k / column_steps[s]`.
    pub column_steps: Vec<u32>,
    /// Steps of each span row, top to bottom (`(height − 1) / 2` entries), like
    /// [`column_steps`](Self::column_steps) along `v`.
    pub row_steps: Vec<u32>,
    /// Tessellated vertices on the true surface, row-major (`grid_width` per row,
    /// `grid_height` rows).
    pub vertices: Vec<DVec3>,
    /// Tessellated vertices per row: `1 + Σ column_steps`.
    pub grid_width: u32,
    /// Rows of tessellated vertices: `1 + Σ row_steps`.
    pub grid_height: u32,
    /// The planar pieces of the tessellation, one quad or up to two triangles per grid cell,
    /// cells in row-major order; non-degenerate only.
    pub facets: Vec<Facet>,
    /// One thin convex brush per facet: `facets[i]` makes `brushes[i]`.
    pub brushes: Vec<Brush>,
}

/// The source description of a patch, before tessellation.
#[derive(Debug, Clone, PartialEq)]
pub struct PatchSource {
    /// Control points per row.
    pub width: u32,
    /// Rows of control points.
    pub height: u32,
    /// Control points, row-major.
    pub control_points: Vec<DVec3>,
    /// Texture or shader.
    pub texture: TextureId,
    /// Contents of the patch.
    pub contents: Contents,
    /// Owning entity, when known.
    pub entity: Option<usize>,
    /// Owning model.
    pub model: ModelNum,
    /// Index within the entity or lump.
    pub index: usize,
    /// Source location.
    pub location: SourceLocation,
}

impl Patch {
    /// Tessellates a patch adaptively and builds one thin brush per facet (see the
    /// [module docs](self)).
    ///
    /// # Errors
    /// [`PatchError`] when the grid size, the point count, a control point or the settings are
    /// invalid.
    pub fn tessellate(source: PatchSource, settings: PatchSettings) -> Result<Self, PatchError> {
        let PatchSource {
            width,
            height,
            control_points,
            texture,
            contents,
            entity,
            model,
            index,
            location,
        } = source;
        let valid_side = |n: u32| n >= 3 && n % 2 == 1 && n <= MAX_PATCH_DIMENSION;
        if !valid_side(width) || !valid_side(height) {
            return Err(PatchError::BadSize { width, height });
        }
        let expected = width as usize * height as usize;
        if control_points.len() != expected {
            return Err(PatchError::PointCount {
                expected,
                found: control_points.len(),
            });
        }
        if settings.max_subdivisions == 0 || settings.max_subdivisions > MAX_SUBDIVISIONS {
            return Err(PatchError::BadSubdivision(settings.max_subdivisions));
        }
        if !(settings.max_error.is_finite() && settings.max_error > 0.0) {
            return Err(PatchError::BadMaxError(settings.max_error));
        }
        if !(settings.thickness.is_finite() && settings.thickness > 0.0) {
            return Err(PatchError::BadThickness(settings.thickness));
        }
        if let Some(bad) = control_points.iter().position(|p| !p.is_finite()) {
            return Err(PatchError::NonFinite(bad));
        }

        let at = |column: u32, row: u32| control_points[(row * width + column) as usize];
        let steps =
            |deviation: f64| steps_for(deviation, settings.max_error, settings.max_subdivisions);
        let column_steps: Vec<u32> = (0..(width - 1) / 2)
            .map(|span| {
                let x = span * 2;
                steps(max_of((0..height).map(|y| {
                    second_difference(at(x, y), at(x + 1, y), at(x + 2, y))
                })))
            })
            .collect();
        let row_steps: Vec<u32> = (0..(height - 1) / 2)
            .map(|span| {
                let y = span * 2;
                steps(max_of((0..width).map(|x| {
                    second_difference(at(x, y), at(x, y + 1), at(x, y + 2))
                })))
            })
            .collect();

        let columns = grid_parameters(&column_steps);
        let rows = grid_parameters(&row_steps);
        let grid_width = u32::try_from(columns.len()).unwrap_or(u32::MAX);
        let grid_height = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let mut vertices = Vec::with_capacity(columns.len() * rows.len());
        for &row in &rows {
            for &column in &columns {
                vertices.push(evaluate(&control_points, width, column, row));
            }
        }

        let mut facets = Vec::new();
        let mut brushes = Vec::new();
        let mut push = |facet: Facet, sides: Vec<BrushSide>| {
            facets.push(facet);
            brushes.push(Brush {
                sides,
                contents,
                entity,
                model,
                index,
                location,
            });
        };
        for row in 0..grid_height - 1 {
            for column in 0..grid_width - 1 {
                let a = row * grid_width + column;
                let b = a + 1;
                let c = a + grid_width;
                let d = c + 1;
                let quad = [a, b, d, c];
                let corners = quad.map(|i| vertices[i as usize]);
                let prism = |corners: &[DVec3], normal| {
                    thin_prism(corners, normal, settings.thickness, texture)
                };
                if let Some(sides) = planar_quad_normal(corners).and_then(|n| prism(&corners, n)) {
                    push(Facet::Quad(quad), sides);
                    continue;
                }
                for triangle in [[a, b, c], [b, d, c]] {
                    let corners = triangle.map(|i| vertices[i as usize]);
                    let [p, q, r] = corners;
                    if let Some(sides) =
                        unit_normal((q - p).cross(r - p)).and_then(|normal| prism(&corners, normal))
                    {
                        push(Facet::Triangle(triangle), sides);
                    }
                }
            }
        }

        Ok(Self {
            width,
            height,
            control_points,
            texture,
            contents,
            entity,
            model,
            index,
            location,
            column_steps,
            row_steps,
            vertices,
            grid_width,
            grid_height,
            facets,
            brushes,
        })
    }
}

/// `|P0 − 2·P1 + P2|`: four times the largest distance between the quadratic Bézier curve on
/// `p0 p1 p2` and its chord.
fn second_difference(p0: DVec3, p1: DVec3, p2: DVec3) -> f64 {
    (p0 - p1 * 2.0 + p2).length()
}

/// The largest of `values` (NaN wins, so that it reaches [`steps_for`]), 0 when empty.
fn max_of(values: impl Iterator<Item = f64>) -> f64 {
    values.fold(0.0, |max, value| {
        if value > max || value.is_nan() {
            value
        } else {
            max
        }
    })
}

/// The smallest `n` in `1..=cap` with `deviation / (4·n²) ≤ max_error`, else `cap` (also for
/// an infinite or NaN `deviation`, from control points so far apart their differences
/// overflow).
fn steps_for(deviation: f64, max_error: f64, cap: u32) -> u32 {
    let fits = |n: u32| deviation / (4.0 * f64::from(n) * f64::from(n)) <= max_error;
    if fits(1) {
        return 1;
    }
    if !fits(cap) {
        return cap;
    }
    // `fits` is monotone in `n`: bisect between a failing `low` and a fitting `high`.
    let (mut low, mut high) = (1, cap);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            high = middle;
        } else {
            low = middle;
        }
    }
    high
}

/// `(span, parameter)` of every grid line across spans of `steps` steps each: span `s`
/// contributes parameters `k / steps[s]` for `k` in `0..steps[s]`, and the last span also
/// its end, parameter 1, so that shared span boundaries appear once.
fn grid_parameters(steps: &[u32]) -> Vec<(u32, f64)> {
    let mut parameters = Vec::with_capacity(steps.iter().map(|&n| n as usize).sum::<usize>() + 1);
    for (span, &n) in (0u32..).zip(steps) {
        parameters.extend((0..n).map(|k| (span, f64::from(k) / f64::from(n))));
    }
    let last = u32::try_from(steps.len()).unwrap_or(u32::MAX) - 1;
    parameters.push((last, 1.0));
    parameters
}

/// Evaluates the patch surface at span column `span_u`, parameter `t_u`, and span row
/// `span_v`, parameter `t_v`.
fn evaluate(
    points: &[DVec3],
    width: u32,
    (span_u, t_u): (u32, f64),
    (span_v, t_v): (u32, f64),
) -> DVec3 {
    let weights = |t: f64| [(1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t];
    let (wu, wv) = (weights(t_u), weights(t_v));
    let mut sum = DVec3::ZERO;
    for (j, weight_v) in (0u32..).zip(wv) {
        for (i, weight_u) in (0u32..).zip(wu) {
            let x = span_u * 2 + i;
            let y = span_v * 2 + j;
            sum += points[(y * width + x) as usize] * (weight_u * weight_v);
        }
    }
    sum
}

/// The unit normal of quad `a b c d` (corners in order around it) when it can be one facet:
/// non-degenerate, every corner within [`QUAD_PLANE_EPSILON`] behind the plane through the
/// frontmost corner, and every corner more than [`QUAD_PLANE_EPSILON`] behind the planes of
/// the two edges not touching it. The normal is the cross product of the diagonals.
fn planar_quad_normal(corners: [DVec3; 4]) -> Option<DVec3> {
    let [a, b, c, d] = corners;
    let normal = unit_normal((c - a).cross(d - b))?;
    let heights = corners.map(|corner| normal.dot(corner));
    let highest = heights.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lowest = heights.iter().copied().fold(f64::INFINITY, f64::min);
    let spread = highest - lowest;
    if !(spread.is_finite() && spread <= QUAD_PLANE_EPSILON) {
        return None;
    }
    for edge in 0..4 {
        let start = corners[edge];
        let outward = (corners[(edge + 1) % 4] - start).cross(normal).normalize();
        for other in [corners[(edge + 2) % 4], corners[(edge + 3) % 4]] {
            let inset = -outward.dot(other - start);
            if !(inset.is_finite() && inset > QUAD_PLANE_EPSILON) {
                return None;
            }
        }
    }
    Some(normal)
}

/// `cross` normalised, or `None` when its length (a facet's doubled area) is below
/// `MIN_DOUBLED_AREA` (degenerate) or not finite.
fn unit_normal(cross: DVec3) -> Option<DVec3> {
    let length = cross.length();
    (length.is_finite() && length >= MIN_DOUBLED_AREA).then(|| cross / length)
}

/// The sides of the thin prism behind the convex facet with corners `corners` (in order
/// around it, counter-clockwise seen from the front) and unit normal `normal`: the plane
/// through the frontmost corner, a parallel plane `thickness` behind it, and one plane
/// through each edge containing `normal`. `None` when an edge is degenerate or a corner is
/// not strictly behind the plane of an edge (not convex, or wound the wrong way).
fn thin_prism(
    corners: &[DVec3],
    normal: DVec3,
    thickness: f64,
    texture: TextureId,
) -> Option<Vec<BrushSide>> {
    let front = Plane {
        normal,
        dist: corners
            .iter()
            .map(|&corner| normal.dot(corner))
            .fold(f64::NEG_INFINITY, f64::max),
    };
    let back = Plane {
        normal: -normal,
        dist: -(front.dist - thickness),
    };
    if !(front.dist.is_finite() && normal.is_finite()) {
        return None;
    }
    let mut sides = Vec::with_capacity(corners.len() + 2);
    sides.push(side(front, texture));
    sides.push(side(back, texture));
    for (edge, &start) in corners.iter().enumerate() {
        let end = corners[(edge + 1) % corners.len()];
        let outward = (end - start).cross(normal).normalize();
        if !outward.is_finite() {
            return None;
        }
        let edge_plane = Plane {
            normal: outward,
            dist: outward.dot(start),
        };
        if corners.iter().enumerate().any(|(i, &corner)| {
            let distance = edge_plane.distance_to(corner);
            i != edge && i != (edge + 1) % corners.len() && (distance.is_nan() || distance >= 0.0)
        }) {
            return None;
        }
        sides.push(side(edge_plane, texture));
    }
    Some(sides)
}

fn side(plane: Plane, texture: TextureId) -> BrushSide {
    BrushSide {
        plane,
        texture,
        bevel: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The planarity tolerance the tessellation promises, written out independently of
    /// [`QUAD_PLANE_EPSILON`].
    const PLANAR: f64 = 0.01;

    fn source(width: u32, height: u32, control_points: Vec<DVec3>) -> PatchSource {
        PatchSource {
            width,
            height,
            control_points,
            texture: TextureId(0),
            contents: Contents::SOLID,
            entity: Some(0),
            model: ModelNum::WORLD,
            index: 0,
            location: SourceLocation::Text { line: 1, column: 1 },
        }
    }

    /// A flat grid, 32 units between control points, x along rows and y down columns.
    fn flat_source(width: u32, height: u32) -> PatchSource {
        let mut control_points = Vec::new();
        for y in 0..height {
            for x in 0..width {
                control_points.push(DVec3::new(f64::from(x) * 32.0, f64::from(y) * 32.0, 0.0));
            }
        }
        source(width, height, control_points)
    }

    /// A 3 × 3 patch whose one cell (with straight rows and columns) has corners `a b c d`
    /// at (column, row) (0, 0), (1, 0), (0, 1), (1, 1): the control points are the bilinear
    /// blend of the corners.
    fn bilinear_source([a, b, c, d]: [DVec3; 4]) -> PatchSource {
        let mut control_points = Vec::new();
        for y in 0..3 {
            for x in 0..3 {
                let (s, t) = (f64::from(x) / 2.0, f64::from(y) / 2.0);
                control_points.push(a.lerp(b, s).lerp(c.lerp(d, s), t));
            }
        }
        source(3, 3, control_points)
    }

    fn settings(max_subdivisions: u32, max_error: f64, thickness: f64) -> PatchSettings {
        PatchSettings {
            max_subdivisions,
            max_error,
            thickness,
        }
    }

    fn quads(patch: &Patch) -> usize {
        patch
            .facets
            .iter()
            .filter(|f| matches!(f, Facet::Quad(_)))
            .count()
    }

    #[test]
    fn flat_3x3_patch_is_one_quad() {
        let patch = Patch::tessellate(flat_source(3, 3), PatchSettings::default()).unwrap();
        assert_eq!(
            (patch.column_steps.clone(), patch.row_steps.clone()),
            (vec![1], vec![1])
        );
        assert_eq!((patch.grid_width, patch.grid_height), (2, 2));
        assert_eq!(
            patch.vertices,
            [
                DVec3::ZERO,
                DVec3::new(64.0, 0.0, 0.0),
                DVec3::new(0.0, 64.0, 0.0),
                DVec3::new(64.0, 64.0, 0.0)
            ]
        );
        assert_eq!(patch.facets, [Facet::Quad([0, 1, 3, 2])]);
        assert_eq!(patch.brushes.len(), 1);
        // Front, back and four edges; the drawn side is +z (x across rows, y down columns).
        let sides = &patch.brushes[0].sides;
        assert_eq!(sides.len(), 6);
        assert_eq!(sides[0].plane.normal, DVec3::Z);
        assert_eq!(sides[0].plane.dist, 0.0);
        assert_eq!(sides[1].plane.normal, -DVec3::Z);
        assert_eq!(sides[1].plane.dist, 2.0);
        assert!(patch.facets[0].normal(&patch.vertices).dot(DVec3::Z) > 0.0);
    }

    #[test]
    fn flat_5x3_patch_is_one_quad_per_span() {
        let patch = Patch::tessellate(flat_source(5, 3), PatchSettings::default()).unwrap();
        assert_eq!(patch.column_steps, [1, 1]);
        assert_eq!(patch.row_steps, [1]);
        assert_eq!((patch.grid_width, patch.grid_height), (3, 2));
        assert_eq!(
            patch.facets,
            [Facet::Quad([0, 1, 4, 3]), Facet::Quad([1, 2, 5, 4])]
        );
        assert_eq!(patch.brushes.len(), 2);
        // The corners of the surface are the corner control points.
        assert_eq!(patch.vertices[0], DVec3::ZERO);
        assert_eq!(
            *patch.vertices.last().unwrap(),
            DVec3::new(128.0, 64.0, 0.0)
        );
    }

    #[test]
    fn max_subdivisions_bounds_a_flat_patch_from_neither_side() {
        // A flat patch takes one step whatever the cap.
        for cap in [1, 3, MAX_SUBDIVISIONS] {
            let patch = Patch::tessellate(flat_source(3, 5), settings(cap, 16.0, 1.0)).unwrap();
            assert_eq!(patch.column_steps, [1]);
            assert_eq!(patch.row_steps, [1, 1]);
            assert_eq!(patch.facets.len(), 2);
        }
    }

    #[test]
    fn patch_curved_only_along_u_is_subdivided_only_along_u() {
        // Rows bulge 200 units in z at their middle control point; columns are straight.
        let mut patch_source = flat_source(3, 3);
        for y in 0..3 {
            patch_source.control_points[y * 3 + 1].z = 200.0;
        }
        let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
        // |P0 − 2·P1 + P2| = 400: 400 / (4·2²) = 25 > 16 ≥ 400 / (4·3²).
        assert_eq!(patch.column_steps, [3]);
        assert_eq!(patch.row_steps, [1]);
        assert_eq!((patch.grid_width, patch.grid_height), (4, 2));
        // Each cell is a flat strip across the straight columns.
        assert_eq!(patch.facets.len(), 3);
        assert_eq!(quads(&patch), 3);
        // The same curve along v instead.
        let mut patch_source = flat_source(3, 3);
        for x in 0..3 {
            patch_source.control_points[3 + x].z = 200.0;
        }
        let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
        assert_eq!((patch.column_steps, patch.row_steps), (vec![1], vec![3]));
        assert_eq!((patch.grid_width, patch.grid_height), (2, 4));
    }

    #[test]
    fn quarter_circle_takes_three_steps_at_16_units() {
        // P0 = (256, 0), P1 = (256, 256), P2 = (0, 256) in x-y, extruded up z.
        let arc = [(256.0, 0.0), (256.0, 256.0), (0.0, 256.0)];
        let mut control_points = Vec::new();
        for z in [0.0, 64.0, 128.0] {
            control_points.extend(arc.map(|(x, y)| DVec3::new(x, y, z)));
        }
        let deviation = second_difference(control_points[0], control_points[1], control_points[2]);
        assert!((deviation - 256.0 * 2.0_f64.sqrt()).abs() < 1e-9);
        // ceil(sqrt(362.04 / 64)) = ceil(2.38) = 3.
        assert_eq!(steps_for(deviation, 16.0, 8), 3);
        assert_eq!(steps_for(deviation, 16.0, 2), 2, "capped");
        assert_eq!(
            steps_for(deviation, 8.0, 8),
            4,
            "ceil(sqrt(362.04 / 32)) = 4"
        );
        assert_eq!(steps_for(deviation, 400.0, 8), 1);
        let patch =
            Patch::tessellate(source(3, 3, control_points), PatchSettings::default()).unwrap();
        assert_eq!(
            (patch.column_steps.clone(), patch.row_steps.clone()),
            (vec![3], vec![1])
        );
        assert_eq!(quads(&patch), 3);
        // The arc is convex towards +x +y; the drawn side, (P[column + 1] − P[column]) ×
        // (P[row + 1] − P[row]) = along the arc × up, faces away from the z axis.
        for facet in &patch.facets {
            let corners = facet.corners(&patch.vertices);
            let centroid = corners.iter().copied().sum::<DVec3>() / 4.0;
            let outward = DVec3::new(centroid.x, centroid.y, 0.0);
            assert!(facet.normal(&patch.vertices).dot(outward) > 0.0);
        }
    }

    #[test]
    fn step_rule_is_the_smallest_fitting_count() {
        assert_eq!(steps_for(0.0, 16.0, 8), 1);
        assert_eq!(steps_for(64.0, 16.0, 8), 1, "64 / 4 = 16 fits exactly");
        assert_eq!(steps_for(64.1, 16.0, 8), 2);
        assert_eq!(steps_for(256.0, 16.0, 8), 2, "256 / 16 = 16 fits exactly");
        assert_eq!(steps_for(256.1, 16.0, 8), 3);
        assert_eq!(steps_for(4096.0, 16.0, 8), 8);
        assert_eq!(steps_for(4096.1, 16.0, 8), 8, "capped");
        assert_eq!(steps_for(f64::INFINITY, 16.0, 8), 8);
        assert_eq!(steps_for(f64::NAN, 16.0, 8), 8);
        for deviation in [1.0, 100.0, 1000.0, 12_345.0] {
            for cap in 1..=MAX_SUBDIVISIONS {
                let n = steps_for(deviation, 1.0, cap);
                let fits = |n: u32| deviation / (4.0 * f64::from(n * n)) <= 1.0;
                assert!((1..=cap).contains(&n));
                assert!(fits(n) || n == cap, "{deviation} {cap} {n}");
                assert!(n == 1 || !fits(n - 1), "{deviation} {cap} {n}");
            }
        }
    }

    #[test]
    fn twisted_cell_becomes_two_triangles() {
        // Straight rows and columns (one step each way) but one corner 32 units off the plane
        // of the other three.
        let patch = Patch::tessellate(
            bilinear_source([
                DVec3::ZERO,
                DVec3::new(64.0, 0.0, 0.0),
                DVec3::new(0.0, 64.0, 0.0),
                DVec3::new(64.0, 64.0, 32.0),
            ]),
            PatchSettings::default(),
        )
        .unwrap();
        assert_eq!((patch.grid_width, patch.grid_height), (2, 2));
        assert_eq!(
            patch.facets,
            [Facet::Triangle([0, 1, 2]), Facet::Triangle([1, 3, 2])]
        );
        assert!(patch.brushes.iter().all(|b| b.sides.len() == 5));
        // Within the tolerance the cell is still one quad: a corner 0.019 off the plane of the
        // other three leaves the two diagonals 0.0095 apart along the normal.
        let patch = Patch::tessellate(
            bilinear_source([
                DVec3::ZERO,
                DVec3::new(64.0, 0.0, 0.0),
                DVec3::new(0.0, 64.0, 0.0),
                DVec3::new(64.0, 64.0, 0.019),
            ]),
            PatchSettings::default(),
        )
        .unwrap();
        assert_eq!(patch.facets, [Facet::Quad([0, 1, 3, 2])]);
        // Just outside it, two triangles: 0.021 off makes the diagonals 0.0105 apart.
        let off_plane = Patch::tessellate(
            bilinear_source([
                DVec3::ZERO,
                DVec3::new(64.0, 0.0, 0.0),
                DVec3::new(0.0, 64.0, 0.0),
                DVec3::new(64.0, 64.0, 0.021),
            ]),
            PatchSettings::default(),
        )
        .unwrap();
        assert_eq!(off_plane.facets.len(), 2);
        assert_eq!(quads(&off_plane), 0);
        // Its front plane passes through the frontmost corner; the others are behind it.
        let front = patch.brushes[0].sides[0].plane;
        let distances: Vec<f64> = patch
            .vertices
            .iter()
            .map(|&v| front.distance_to(v))
            .collect();
        assert!(distances.iter().all(|&d| (-PLANAR..=1e-12).contains(&d)));
        assert!(distances.iter().any(|&d| d.abs() <= 1e-12));
    }

    #[test]
    fn planar_non_convex_cell_becomes_triangles() {
        // A dart: the corner (1, 1) lies inside the triangle of the other three.
        let patch = Patch::tessellate(
            bilinear_source([
                DVec3::ZERO,
                DVec3::new(64.0, 0.0, 0.0),
                DVec3::new(0.0, 64.0, 0.0),
                DVec3::new(10.0, 10.0, 0.0),
            ]),
            PatchSettings::default(),
        )
        .unwrap();
        assert_eq!(quads(&patch), 0);
        assert_eq!(patch.facets.len(), 2);
        // Convex, but the corner (0, 1) is within 0.003 of the diagonal: nearly a triangle,
        // whose prism would have two almost identical edge planes.
        let patch = Patch::tessellate(
            bilinear_source([
                DVec3::ZERO,
                DVec3::new(64.0, 0.0, 0.0),
                DVec3::new(32.0, 32.004, 0.0),
                DVec3::new(64.0, 64.0, 0.0),
            ]),
            PatchSettings::default(),
        )
        .unwrap();
        assert_eq!(
            patch.facets,
            [Facet::Triangle([0, 1, 2]), Facet::Triangle([1, 3, 2])]
        );
        // A collapsed edge (a cone's tip) leaves the one non-degenerate triangle.
        let patch = Patch::tessellate(
            bilinear_source([
                DVec3::ZERO,
                DVec3::new(64.0, 0.0, 0.0),
                DVec3::ZERO,
                DVec3::new(64.0, 64.0, 0.0),
            ]),
            PatchSettings::default(),
        )
        .unwrap();
        assert_eq!(patch.facets, [Facet::Triangle([1, 3, 2])]);
        assert_eq!(patch.brushes.len(), 1);
    }

    #[test]
    fn thin_brush_contains_its_facet_centroid_just_behind_the_surface() {
        let mut curved = flat_source(5, 5);
        curved.control_points[6].z = 64.0;
        curved.control_points[18].z = -200.0;
        for patch_source in [flat_source(3, 3), curved] {
            let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
            assert_eq!(patch.facets.len(), patch.brushes.len());
            for (facet, brush) in patch.facets.iter().zip(&patch.brushes) {
                let corners = facet.corners(&patch.vertices);
                let centroid = corners.iter().copied().sum::<DVec3>() / corners.len() as f64;
                let normal = brush.sides[0].plane.normal;
                assert!(normal.dot(facet.normal(&patch.vertices)) > 0.0);
                assert_eq!(brush.sides.len(), corners.len() + 2);
                let inside = centroid - normal * 0.5;
                assert!(
                    brush
                        .sides
                        .iter()
                        .all(|s| s.plane.distance_to(inside) <= 1e-9)
                );
                let outside = centroid + normal * 0.5;
                assert!(
                    brush
                        .sides
                        .iter()
                        .any(|s| s.plane.distance_to(outside) > 0.0)
                );
            }
        }
    }

    #[test]
    fn curved_patch_passes_through_corner_points_and_bulges() {
        let mut patch_source = flat_source(3, 3);
        patch_source.control_points[4].z = 64.0; // lift the middle control point
        let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
        // |P0 − 2·P1 + P2| = 128 along the middle row and column: 128 / 4 > 16 ≥ 128 / 16.
        assert_eq!(
            (patch.column_steps.clone(), patch.row_steps.clone()),
            (vec![2], vec![2])
        );
        // Centre of a biquadratic patch is weighted 1/4 by the middle control point.
        assert!((patch.vertices[4].z - 16.0).abs() < 1e-9);
        assert_eq!(patch.vertices[0].z, 0.0);
        // A looser tolerance keeps the corners only.
        let mut patch_source = flat_source(3, 3);
        patch_source.control_points[4].z = 64.0;
        let patch = Patch::tessellate(patch_source, settings(8, 32.0, 2.0)).unwrap();
        assert_eq!((patch.grid_width, patch.grid_height), (2, 2));
    }

    #[test]
    fn invalid_patches_are_rejected() {
        let defaults = PatchSettings::default();
        assert!(matches!(
            Patch::tessellate(flat_source(4, 3), defaults),
            Err(PatchError::BadSize { .. })
        ));
        let mut short = flat_source(3, 3);
        short.control_points.pop();
        assert!(matches!(
            Patch::tessellate(short, defaults),
            Err(PatchError::PointCount { .. })
        ));
        for bad in [0, MAX_SUBDIVISIONS + 1] {
            assert_eq!(
                Patch::tessellate(flat_source(3, 3), settings(bad, 16.0, 1.0)),
                Err(PatchError::BadSubdivision(bad))
            );
        }
        assert!(
            Patch::tessellate(flat_source(3, 3), settings(MAX_SUBDIVISIONS, 16.0, 1.0)).is_ok()
        );
        for bad in [0.0, -1.0, f64::INFINITY] {
            assert_eq!(
                Patch::tessellate(flat_source(3, 3), settings(8, bad, 1.0)),
                Err(PatchError::BadMaxError(bad))
            );
        }
        assert!(matches!(
            Patch::tessellate(flat_source(3, 3), settings(8, f64::NAN, 1.0)),
            Err(PatchError::BadMaxError(e)) if e.is_nan()
        ));
        for bad in [0.0, f64::NAN] {
            assert!(matches!(
                Patch::tessellate(flat_source(3, 3), settings(8, 16.0, bad)),
                Err(PatchError::BadThickness(_))
            ));
        }
        let mut nan = flat_source(3, 3);
        nan.control_points[2].x = f64::NAN;
        assert!(matches!(
            Patch::tessellate(nan, defaults),
            Err(PatchError::NonFinite(2))
        ));
    }

    #[test]
    fn degenerate_patch_makes_no_brushes() {
        let mut patch_source = flat_source(3, 3);
        for point in &mut patch_source.control_points {
            *point = DVec3::ONE;
        }
        let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
        assert!(patch.facets.is_empty());
        assert!(patch.brushes.is_empty());
    }

    #[test]
    fn huge_control_points_do_not_panic() {
        let mut patch_source = flat_source(3, 3);
        patch_source.control_points[4] = DVec3::splat(f64::MAX);
        let patch = Patch::tessellate(patch_source, PatchSettings::default()).unwrap();
        assert_eq!(patch.column_steps, [8]);
        assert!(patch.brushes.iter().all(|b| {
            b.sides
                .iter()
                .all(|s| s.plane.normal.is_finite() && s.plane.dist.is_finite())
        }));
    }

    // ---- Properties against an independent evaluation of the surface ----

    /// Quadratic Bézier by de Casteljau.
    fn bezier(p0: DVec3, p1: DVec3, p2: DVec3, t: f64) -> DVec3 {
        p0.lerp(p1, t).lerp(p1.lerp(p2, t), t)
    }

    /// Derivative of the quadratic Bézier at `t`.
    fn bezier_tangent(p0: DVec3, p1: DVec3, p2: DVec3, t: f64) -> DVec3 {
        (p1 - p0).lerp(p2 - p1, t) * 2.0
    }

    /// The true surface of a patch, evaluated independently of the code under test.
    struct Surface<'a> {
        points: &'a [DVec3],
        width: u32,
        height: u32,
    }

    impl Surface<'_> {
        /// Position, `∂B/∂u` and `∂B/∂v` at global parameters `u` in `0..=spans across`, `v`
        /// in `0..=spans down` (span `s` covers `s..=s + 1`).
        fn at(&self, u: f64, v: f64) -> (DVec3, DVec3, DVec3) {
            let local = |global: f64, spans: u32| {
                let span = (global.floor() as u32).min(spans - 1);
                (span, global - f64::from(span))
            };
            let (span_u, t) = local(u, (self.width - 1) / 2);
            let (span_v, s) = local(v, (self.height - 1) / 2);
            let at = |i: u32, j: u32| {
                self.points[((span_v * 2 + j) * self.width + span_u * 2 + i) as usize]
            };
            // Curves along u on the three control rows, then along v.
            let rows = [0, 1, 2].map(|j| bezier(at(0, j), at(1, j), at(2, j), t));
            let row_tangents = [0, 1, 2].map(|j| bezier_tangent(at(0, j), at(1, j), at(2, j), t));
            (
                bezier(rows[0], rows[1], rows[2], s),
                bezier(row_tangents[0], row_tangents[1], row_tangents[2], s),
                bezier_tangent(rows[0], rows[1], rows[2], s),
            )
        }

        fn point(&self, u: f64, v: f64) -> DVec3 {
            self.at(u, v).0
        }

        /// `max |P0 − 2·P1 + P2|` over the control rows of span column `span`.
        fn column_deviation(&self, span: u32) -> f64 {
            let at = |x: u32, y: u32| self.points[(y * self.width + x) as usize];
            (0..self.height)
                .map(|y| {
                    (at(2 * span, y) - 2.0 * at(2 * span + 1, y) + at(2 * span + 2, y)).length()
                })
                .fold(0.0, f64::max)
        }

        /// `max |P0 − 2·P1 + P2|` over the control columns of span row `span`.
        fn row_deviation(&self, span: u32) -> f64 {
            let at = |x: u32, y: u32| self.points[(y * self.width + x) as usize];
            (0..self.width)
                .map(|x| {
                    (at(x, 2 * span) - 2.0 * at(x, 2 * span + 1) + at(x, 2 * span + 2)).length()
                })
                .fold(0.0, f64::max)
        }
    }

    /// Global parameters of the grid lines for `steps` steps per span.
    fn grid_lines(steps: &[u32]) -> Vec<f64> {
        let mut lines = vec![0.0];
        for (span, &n) in (0u32..).zip(steps) {
            lines.extend((1..=n).map(|k| f64::from(span) + f64::from(k) / f64::from(n)));
        }
        lines
    }

    /// What [`check_tessellation`] measured of one facet.
    struct FacetCheck {
        /// Unit facet normal.
        normal: DVec3,
        /// Distance from the true surface at the facet's centre parameters to its front plane.
        distance: f64,
        /// The chord bound `|P0 − 2·P1 + P2| / (4·n²)` of the facet's span column.
        column_error: f64,
        /// `∂B/∂u × ∂B/∂v` at the facet's centre parameters.
        centre_normal: DVec3,
    }

    /// Checks what holds for every patch, and returns per-facet measurements.
    fn check_tessellation(
        width: u32,
        height: u32,
        points: &[DVec3],
        settings: PatchSettings,
    ) -> Result<Vec<FacetCheck>, TestCaseError> {
        let patch = Patch::tessellate(source(width, height, points.to_vec()), settings).unwrap();
        let surface = Surface {
            points,
            width,
            height,
        };
        let scale = points.iter().map(|p| p.length()).fold(1.0, f64::max);

        // Steps: the smallest count whose chord bound fits (or the cap), per span column and
        // span row; `*_error` is the chord bound reached.
        let chosen = |deviation: f64, n: u32| {
            let bound = |n: u32| deviation / (4.0 * f64::from(n * n));
            (bound(n) <= settings.max_error || n == settings.max_subdivisions)
                && (n == 1 || bound(n - 1) > settings.max_error)
                && n <= settings.max_subdivisions
        };
        prop_assert_eq!(patch.column_steps.len() as u32, (width - 1) / 2);
        prop_assert_eq!(patch.row_steps.len() as u32, (height - 1) / 2);
        let mut column_error = Vec::new();
        for (span, &n) in (0u32..).zip(&patch.column_steps) {
            let deviation = surface.column_deviation(span);
            prop_assert!(chosen(deviation, n), "column {} {} {}", span, deviation, n);
            column_error.push(deviation / (4.0 * f64::from(n * n)));
        }
        let mut row_error = Vec::new();
        for (span, &n) in (0u32..).zip(&patch.row_steps) {
            let deviation = surface.row_deviation(span);
            prop_assert!(chosen(deviation, n), "row {} {} {}", span, deviation, n);
            row_error.push(deviation / (4.0 * f64::from(n * n)));
        }

        // Vertices: on the true surface at the grid parameters.
        let us = grid_lines(&patch.column_steps);
        let vs = grid_lines(&patch.row_steps);
        prop_assert_eq!(patch.grid_width as usize, us.len());
        prop_assert_eq!(patch.grid_height as usize, vs.len());
        prop_assert_eq!(patch.vertices.len(), us.len() * vs.len());
        for (row, &v) in vs.iter().enumerate() {
            for (column, &u) in us.iter().enumerate() {
                let vertex = patch.vertices[row * us.len() + column];
                let expected = surface.point(u, v);
                prop_assert!(
                    vertex.distance(expected) <= 1e-12 * scale,
                    "{} {}",
                    vertex,
                    expected
                );
            }
        }

        // Grid lines, and the lines halfway between them, are within the chord bound of the
        // true curves at the middle of each step (where a quadratic strays furthest).
        let span_of = |global: f64, spans: usize| (global.floor() as usize).min(spans - 1);
        let between = |lines: &[f64]| -> Vec<f64> {
            lines
                .iter()
                .copied()
                .chain(lines.windows(2).map(|w| (w[0] + w[1]) / 2.0))
                .collect()
        };
        for pair in us.windows(2) {
            let bound = column_error[span_of(pair[0], column_error.len())];
            prop_assert!(
                bound <= settings.max_error
                    || patch.column_steps.contains(&settings.max_subdivisions)
            );
            for v in between(&vs) {
                let chord = (surface.point(pair[0], v) + surface.point(pair[1], v)) / 2.0;
                let middle = surface.point((pair[0] + pair[1]) / 2.0, v);
                prop_assert!(
                    middle.distance(chord) <= bound + 1e-9,
                    "{} > {}",
                    middle.distance(chord),
                    bound
                );
            }
        }
        for pair in vs.windows(2) {
            let bound = row_error[span_of(pair[0], row_error.len())];
            prop_assert!(
                bound <= settings.max_error || patch.row_steps.contains(&settings.max_subdivisions)
            );
            for u in between(&us) {
                let chord = (surface.point(u, pair[0]) + surface.point(u, pair[1])) / 2.0;
                let middle = surface.point(u, (pair[0] + pair[1]) / 2.0);
                prop_assert!(
                    middle.distance(chord) <= bound + 1e-9,
                    "{} > {}",
                    middle.distance(chord),
                    bound
                );
            }
        }

        // Facets.
        prop_assert_eq!(patch.facets.len(), patch.brushes.len());
        let grid_width = patch.grid_width;
        let vertex = |i: u32| patch.vertices[i as usize];
        let mut checks = Vec::new();
        for (facet, brush) in patch.facets.iter().zip(&patch.brushes) {
            let corners = facet.corners(&patch.vertices);
            let raw_normal = facet.normal(&patch.vertices);
            let normal = raw_normal.normalize();
            prop_assert!(normal.is_finite());
            let front = brush.sides[0].plane;
            prop_assert!(front.normal.distance(normal) <= 1e-12);

            // One grid cell, corners as documented; `a` is its corner (column, row).
            let a = match *facet {
                Facet::Quad(quad) => {
                    let a = quad[0];
                    prop_assert_eq!(quad, [a, a + 1, a + grid_width + 1, a + grid_width]);
                    a
                }
                Facet::Triangle(triangle) => {
                    let p = triangle[0];
                    if triangle == [p, p + 1, p + grid_width] {
                        p
                    } else {
                        prop_assert_eq!(triangle, [p, p + grid_width, p + grid_width - 1]);
                        p - 1
                    }
                }
            };
            prop_assert!(
                a % grid_width != grid_width - 1 && a / grid_width + 1 < patch.grid_height
            );
            let (u0, u1) = (
                us[(a % grid_width) as usize],
                us[(a % grid_width + 1) as usize],
            );
            let (v0, v1) = (
                vs[(a / grid_width) as usize],
                vs[(a / grid_width + 1) as usize],
            );
            let (um, vm) = ((u0 + u1) / 2.0, (v0 + v1) / 2.0);

            // Planar within 0.01, behind the front plane, which touches the facet.
            let heights: Vec<f64> = corners.iter().map(|&c| front.distance_to(c)).collect();
            prop_assert!(
                heights
                    .iter()
                    .all(|&h| (-PLANAR - 1e-9..=1e-9).contains(&h)),
                "{:?}",
                heights
            );
            prop_assert!(heights.iter().any(|&h| h.abs() <= 1e-9));

            // Facing the drawn side: a quadratic's chord is its tangent at the middle times
            // the step, so a triangle's normal is exactly ∂B/∂u × ∂B/∂v taken at the middles
            // of its two grid edges (scaled by the steps), and a quad's the same with each
            // tangent averaged over the cell's two opposite edges.
            let tangent_u = |v: f64| surface.at(um, v).1 * (u1 - u0);
            let tangent_v = |u: f64| surface.at(u, vm).2 * (v1 - v0);
            let (expected, magnitude) = match *facet {
                Facet::Triangle(triangle) if triangle[0] == a => (
                    tangent_u(v0).cross(tangent_v(u0)),
                    tangent_u(v0).length() * tangent_v(u0).length(),
                ),
                Facet::Triangle(_) => (
                    tangent_u(v1).cross(tangent_v(u1)),
                    tangent_u(v1).length() * tangent_v(u1).length(),
                ),
                Facet::Quad(_) => {
                    let across = tangent_u(v0) + tangent_u(v1);
                    let down = tangent_v(u0) + tangent_v(u1);
                    (
                        across.cross(down) / 2.0,
                        across.length() * down.length() / 2.0,
                    )
                }
            };
            prop_assert!(
                raw_normal.distance(expected) <= 1e-9 * (magnitude + 1.0),
                "facet {:?}: normal {} expected {}",
                facet,
                raw_normal,
                expected
            );

            // The prism: every corner, and every corner's projection onto the back plane, is
            // inside every side, and every edge plane contains its edge.
            prop_assert_eq!(brush.sides.len(), corners.len() + 2);
            for side in &brush.sides {
                for &corner in &corners {
                    let behind = corner - normal * (front.distance_to(corner) + settings.thickness);
                    for point in [corner, behind] {
                        prop_assert!(side.plane.distance_to(point) <= 1e-9 * scale);
                    }
                }
            }
            prop_assert!(
                (brush.sides[1].plane.dist + front.dist - settings.thickness).abs() <= 1e-9 * scale
            );
            for (edge, side) in brush.sides[2..].iter().enumerate() {
                let (start, end) = (corners[edge], corners[(edge + 1) % corners.len()]);
                prop_assert!(side.plane.distance_to(start).abs() <= 1e-9 * scale);
                prop_assert!(side.plane.distance_to(end).abs() <= 1e-9 * scale);
            }

            // Close to the surface at the centre parameters: the bilinear blend of the corners
            // is within the u and v chord bounds of the surface at the cell's centre (at 8/9 of
            // them at a triangle's centroid, (1/3, 1/3) of the way in), and a triangle's plane
            // leaves that blend by 1/9 of the distance of the cell's fourth corner.
            let cell = column_error[span_of(u0, column_error.len())]
                + row_error[span_of(v0, row_error.len())];
            let count = corners.len() as f64;
            let (centre_u, centre_v) = facet.indices().iter().fold((0.0, 0.0), |(u, v), &i| {
                (
                    u + us[(i % grid_width) as usize] / count,
                    v + vs[(i / grid_width) as usize] / count,
                )
            });
            let (point, d_u, d_v) = surface.at(centre_u, centre_v);
            let distance = front.distance_to(point).abs();
            let bound = match *facet {
                Facet::Quad(_) => cell + PLANAR,
                Facet::Triangle(triangle) => {
                    let fourth = if triangle[0] == a {
                        a + grid_width + 1
                    } else {
                        a
                    };
                    cell * 8.0 / 9.0 + front.distance_to(vertex(fourth)).abs() / 9.0
                }
            };
            prop_assert!(
                distance <= bound + 1e-9 * scale,
                "{:?}: {} > {}",
                facet,
                distance,
                bound
            );
            checks.push(FacetCheck {
                normal,
                distance,
                column_error: column_error[span_of(u0, column_error.len())],
                centre_normal: d_u.cross(d_v),
            });
        }
        Ok(checks)
    }

    fn point_in_cube() -> impl Strategy<Value = DVec3> {
        (-256.0..256.0_f64, -256.0..256.0_f64, -256.0..256.0_f64)
            .prop_map(|(x, y, z)| DVec3::new(x, y, z))
    }

    /// 3 × 3, 5 × 3 or 3 × 5 control points anywhere in a ±256 cube.
    fn arbitrary_patch() -> impl Strategy<Value = (u32, u32, Vec<DVec3>)> {
        prop_oneof![Just((3u32, 3u32)), Just((5, 3)), Just((3, 5))].prop_flat_map(
            |(width, height)| {
                (
                    Just(width),
                    Just(height),
                    prop::collection::vec(point_in_cube(), (width * height) as usize),
                )
            },
        )
    }

    /// Like [`arbitrary_patch`], but a curve in x-y extruded along z (each control row at one
    /// height), like the columns and arches of the real maps. The surface does not fold back
    /// on itself: the heights are monotone, and within each span the curve turns by less than
    /// 90° (the middle control point lies inside the circle on the span's end points as
    /// diameter, moved towards its centre if it was not), so the tangents of any two points of
    /// a span — hence the normals of any two points of a cell — point the same way.
    fn extruded_patch() -> impl Strategy<Value = (u32, u32, Vec<DVec3>)> {
        prop_oneof![Just((3u32, 3u32)), Just((5, 3)), Just((3, 5))].prop_flat_map(
            |(width, height)| {
                (
                    prop::collection::vec(point_in_cube(), width as usize),
                    prop::collection::vec(-256.0..256.0_f64, height as usize),
                    any::<bool>(),
                )
                    .prop_map(move |(mut curve, mut heights, descending)| {
                        for start in (0..curve.len() - 2).step_by(2) {
                            let (first, last) =
                                (curve[start].truncate(), curve[start + 2].truncate());
                            let centre = (first + last) / 2.0;
                            let radius = first.distance(last) / 2.0;
                            let offset = curve[start + 1].truncate() - centre;
                            if offset.length() > radius * 0.99 {
                                let middle = centre + offset * (radius * 0.99 / offset.length());
                                curve[start + 1] = middle.extend(0.0);
                            }
                        }
                        heights.sort_by(f64::total_cmp);
                        if descending {
                            heights.reverse();
                        }
                        let points = heights
                            .iter()
                            .flat_map(|&z| curve.iter().map(move |p| DVec3::new(p.x, p.y, z)))
                            .collect();
                        (width, height, points)
                    })
            },
        )
    }

    fn arbitrary_settings() -> impl Strategy<Value = PatchSettings> {
        prop_oneof![
            Just(PatchSettings::default()),
            (1..=8u32, 1.0..64.0_f64, 0.5..8.0_f64)
                .prop_map(|(cap, error, thickness)| settings(cap, error, thickness)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Any patch: the steps follow the rule, the vertices lie on the surface, grid lines
        /// keep to the chord bound, facets are planar cells wound to the drawn side (their
        /// normal is ∂B/∂u × ∂B/∂v at their edges' middles), stay within the bound of the
        /// surface, and make closed prisms.
        #[test]
        fn tessellation_follows_the_surface(
            (width, height, points) in arbitrary_patch(),
            settings in arbitrary_settings(),
        ) {
            check_tessellation(width, height, &points, settings)?;
        }

        /// A curve extruded along z: every facet faces the side of ∂B/∂u × ∂B/∂v at its
        /// centre and is within `max_error` (+ the quad tolerance) of the surface there.
        #[test]
        fn extruded_curves_face_the_drawn_side_within_the_tolerance(
            (width, height, points) in extruded_patch(),
            settings in arbitrary_settings(),
        ) {
            for check in check_tessellation(width, height, &points, settings)? {
                let scale = points.iter().map(|p| p.length_squared()).fold(1.0, f64::max);
                if check.centre_normal.length() > 1e-9 * scale {
                    prop_assert!(
                        check.normal.dot(check.centre_normal.normalize()) >= 0.0,
                        "normal {} analytic {}", check.normal, check.centre_normal
                    );
                }
                // Along z the surface is straight, so only the curve's chord bound is left
                // (at most `max_error` unless the step cap was reached, checked above).
                prop_assert!(
                    check.distance <= check.column_error + PLANAR + 1e-9,
                    "{} > {}", check.distance, check.column_error
                );
                if check.column_error <= settings.max_error {
                    prop_assert!(check.distance <= settings.max_error + PLANAR + 1e-9);
                }
            }
        }
    }
}
