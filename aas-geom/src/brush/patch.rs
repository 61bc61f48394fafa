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
//! surface curves, and by halving. A quadratic Bézier curve with control points `P0 P1 P2`
//! sampled at `n` uniform steps stays within `|P0 − 2·P1 + P2| / (4·n²)` of its chords (the
//! distance between each piece's midpoint and its chord). A span column starts as one step
//! and is halved, `n` = 1, 2, 4, 8, …, while that bound, taken over the control rows of the
//! column (every row of the surface inside it is a convex blend of those, so it deviates no
//! more), is [`PatchSettings::max_error`] or more, so `n` is the smallest power of two whose
//! bound is below `max_error`; at most [`PatchSettings::max_subdivisions`] (the cap itself
//! when it lies between two powers of two). Each span row likewise along `v`, but, as the
//! engine subdivides the columns first and then the rows of the grid it made, on the curves
//! along `v` at the grid's columns (whose control points blend the control columns'), not on
//! the control columns themselves: a middle control column can bend more than any curve of
//! the surface does (a helical ramp's, by 294 where the surface bends by 221 at most, 4 rows
//! instead of bspc's 2). With the default 16 units this matches bspc, measured on synthetic
//! single-span ramps of curvature `c = |P0 − 2·P1 + P2|`: `c ≤ 48` one piece, `64 ≤ c ≤ 192`
//! two, `256 ≤ c ≤ 512` four (`c = 64` puts the midpoint exactly 16 off, and is split), and on
//! a quarter turn of a helical ramp (floors within 0.02 units of bspc's at 832 of 855 sampled
//! points; 442 when rows were chosen on the control columns). A
//! flat direction (`P1` the midpoint of `P0 P2`) gets a single step. Steps are chosen per span
//! column and per span row, never per span, so the samples still form a grid
//! ([`Patch::column_steps`], [`Patch::row_steps`]); span boundaries are evaluated once.
//!
//! The bound holds along each grid line: every row of the grid (and every row of the surface
//! between them) is less than `max_error` from its chords (unless the step cap was reached),
//! and likewise every column of the grid; a curve along `v` between two grid columns can
//! stray a little further (its control points still blend the control columns', so it stays
//! within their bound), as in the engine. It is not a bound on the distance between the surface and the
//! facets: at a cell's centre the two deviations can add up (a dome curving both ways, up to
//! `2 × max_error`), and the two triangles of a twisted cell (corners not coplanar) stray from
//! the surface by a ninth of the twist on top at their centroids (a quarter of it at the
//! cell's centre, the middle of the diagonal they share), even where the surface is straight
//! along both grid directions (a saddle is never subdivided). The engine accepts both. On an
//! extruded curve (the columns and arches of real maps) the surface at a facet's centre is
//! within `max_error` of its plane (unless the step cap was reached).
//!
//! Each grid cell becomes one [`Facet`]: a quad when its four corners are coplanar within
//! [`QUAD_PLANE_EPSILON`] and it is convex and non-degenerate, otherwise the two triangles
//! it is cut into along the diagonal from its corner (`column`, `row`) to its corner
//! (`column + 1`, `row + 1`), whichever way the cell twists; a degenerate triangle, of
//! doubled area below 1e-6, is dropped. That is the diagonal bspc cuts along: measured on a
//! bilinear twisted 3 × 3 patch, its floor follows that diagonal (ours to within 0.125 units),
//! not the other. Each facet becomes a thin convex prism: the facet's plane (through its
//! frontmost corner), a parallel plane [`PatchSettings::thickness`] units behind it, and one
//! plane through each edge.
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
    /// keep every piece's midpoint less than 16 units from its chord on any span with
    /// `|P0 − 2·P1 + P2| < 4,096` (the patches of the nine lost-levels maps take at most 4
    /// steps, those of the nine community-pack maps 8).
    ///
    /// Measured with the power-of-two steps and the (`column`, `row`)–(`column + 1`,
    /// `row + 1`) cut on the nine lost-levels maps: 311 thin brushes (`am_underworks` 198,
    /// 158 of them quads; `ps37ctf` 65; `oa_dm1v2` 48), where the smallest fitting step count
    /// made 289 and fixed two steps per span with two triangles per cell 1,072; the nine
    /// community-pack maps make 6,569 (6,601 when rows were chosen on the control columns,
    /// 5,519 with the smallest fitting count then). An 8-unit
    /// error would make 417 thin brushes on the lost-levels maps, a 4-unit one 725.
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
    /// Half a grid cell that is twisted, not convex or degenerate, cut along the diagonal from
    /// (`column`, `row`) to (`column + 1`, `row + 1`); its normal is `(q − p) × (r − p)` for
    /// corners `[p, q, r]`. Cell (`column`, `row`) gives the grid vertices (`column`, `row`),
    /// (`column + 1`, `row`), (`column + 1`, `row + 1`) and then (`column`, `row`),
    /// (`column + 1`, `row + 1`), (`column`, `row + 1`).
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
    /// [`column_steps`](Self::column_steps) along `v`, chosen on the curves along `v` at the
    /// grid's columns.
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
        // Rows are chosen on the curves along `v` at the columns just made (see the module
        // docs), as the engine subdivides rows on the grid its column pass made.
        let columns = grid_parameters(&column_steps);
        let row_steps: Vec<u32> = (0..(height - 1) / 2)
            .map(|span| {
                let y = span * 2;
                steps(max_of(columns.iter().map(|&(span_u, t)| {
                    let on_row = |row: u32| row_point(&control_points, width, row, span_u, t);
                    second_difference(on_row(y), on_row(y + 1), on_row(y + 2))
                })))
            })
            .collect();

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
                for triangle in [[a, b, d], [a, d, c]] {
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

/// The number of steps of a span whose control lines deviate from their chords by at most
/// `deviation` (`|P0 − 2·P1 + P2|`): halved until the midpoint of every piece lies within
/// `max_error` of its chord, `deviation / (4·n²) < max_error`, as the game's collision does,
/// so `n` is a power of two; at most `cap` (also for an infinite or NaN `deviation`, from
/// control points so far apart their differences overflow).
fn steps_for(deviation: f64, max_error: f64, cap: u32) -> u32 {
    let fits = |n: u32| deviation / (4.0 * f64::from(n) * f64::from(n)) < max_error;
    let mut n = 1;
    while !fits(n) && n < cap {
        n = (n * 2).min(cap);
    }
    n
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

/// Control row `row` (a quadratic Bézier curve along `u` in each span column) evaluated at
/// span column `span_u`, parameter `t`.
fn row_point(points: &[DVec3], width: u32, row: u32, span_u: u32, t: f64) -> DVec3 {
    let at = |i: u32| points[(row * width + span_u * 2 + i) as usize];
    at(0) * ((1.0 - t) * (1.0 - t)) + at(1) * (2.0 * t * (1.0 - t)) + at(2) * (t * t)
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
#[path = "patch_tests.rs"]
mod tests;
