//! Curved patches (biquadratic Bézier grids) and their tessellation into thin convex brushes.
//!
//! Quake III turns curves into invisible brushes for collision (thesis §6.2). A patch is a grid
//! of `width × height` control points (both odd, at least 3); every 3 × 3 block sharing edges
//! with its neighbours is one biquadratic Bézier span. Each span is sampled
//! [`PatchSettings::subdivisions`] times per direction, each grid cell is cut into two
//! triangles, and each non-degenerate triangle becomes a thin prism: the triangle's plane, a
//! parallel plane [`PatchSettings::thickness`] units behind it, and one plane through each edge.
//!
//! # Which side is the front
//!
//! A triangle of grid cell (`column`, `row`) is wound so that its normal is
//! `(P[column + 1] − P[column]) × (P[row + 1] − P[row])`, the side Quake III draws: q3map's
//! vertex normals of every patch in the shared real maps point that way. The prism lies behind
//! that side, inside whatever the patch covers, so a solid curve never reaches into the open
//! space in front of it; a prism built on the other side would stick out by the thickness and,
//! once expanded by the player box, leave a sliver of open space along every curved wall.
//!
//! # Complexity
//! `O(spans × subdivisions²)` time and memory per patch; both the control grid and the
//! subdivision are bounded ([`MAX_PATCH_DIMENSION`], [`MAX_SUBDIVISIONS`]), so a hostile file
//! cannot make tessellation allocate without bound.

use glam::DVec3;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Brush, BrushSide, Contents, ModelNum, Plane, SourceLocation, TextureId};

/// Largest accepted number of control points along one side of a patch.
pub const MAX_PATCH_DIMENSION: u32 = 129;

/// Largest accepted [`PatchSettings::subdivisions`].
pub const MAX_SUBDIVISIONS: u32 = 64;

/// Triangles whose doubled area is below this (square units) are dropped as degenerate.
const MIN_DOUBLED_AREA: f64 = 1e-6;

/// How patches are tessellated.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PatchSettings {
    /// Segments per Bézier span in each direction (1 keeps only the span corners).
    pub subdivisions: u32,
    /// Thickness in units of the brush made from each triangle, measured behind the triangle.
    pub thickness: f64,
}

impl Default for PatchSettings {
    /// Two segments per span and 2-unit-thick brushes. Two segments keep a typical curve
    /// within about 10 units of the true surface — finer than the 16-unit tolerance the Quake
    /// III engine itself uses for patch collision — while four would quadruple the thin
    /// brushes and triple the compile time of patch-heavy maps (`am_underworks`: 720 thin
    /// brushes and 149 ms instead of 3,040 and 464 ms, with 0.996 coverage either way).
    fn default() -> Self {
        Self {
            subdivisions: 2,
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
    /// The subdivision setting is 0 or above [`MAX_SUBDIVISIONS`].
    #[error("patch subdivision {0} is invalid: must be 1..={MAX_SUBDIVISIONS}")]
    BadSubdivision(u32),
    /// The thickness setting is not a positive finite number.
    #[error("patch thickness {0} is invalid: must be positive and finite")]
    BadThickness(f64),
    /// A control point is NaN or infinite.
    #[error("patch control point {0} is not finite")]
    NonFinite(usize),
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
    /// Tessellated vertices, row-major (`grid_width` per row).
    pub vertices: Vec<DVec3>,
    /// Tessellated vertices per row.
    pub grid_width: u32,
    /// Triangles as indices into `vertices`, non-degenerate only.
    pub triangles: Vec<[u32; 3]>,
    /// One thin convex brush per triangle, in triangle order.
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
    /// Tessellates a patch and builds one thin brush per triangle.
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
        if settings.subdivisions == 0 || settings.subdivisions > MAX_SUBDIVISIONS {
            return Err(PatchError::BadSubdivision(settings.subdivisions));
        }
        if !(settings.thickness.is_finite() && settings.thickness > 0.0) {
            return Err(PatchError::BadThickness(settings.thickness));
        }
        if let Some(bad) = control_points.iter().position(|p| !p.is_finite()) {
            return Err(PatchError::NonFinite(bad));
        }

        let steps = settings.subdivisions;
        let grid_width = (width - 1) / 2 * steps + 1;
        let grid_height = (height - 1) / 2 * steps + 1;
        let mut vertices = Vec::with_capacity(grid_width as usize * grid_height as usize);
        for row in 0..grid_height {
            for column in 0..grid_width {
                vertices.push(evaluate(&control_points, width, steps, column, row));
            }
        }

        let mut triangles = Vec::new();
        let mut brushes = Vec::new();
        for row in 0..grid_height - 1 {
            for column in 0..grid_width - 1 {
                let a = row * grid_width + column;
                let b = a + 1;
                let c = a + grid_width;
                let d = c + 1;
                for triangle in [[a, b, c], [b, d, c]] {
                    let [p, q, r] = triangle.map(|i| vertices[i as usize]);
                    if let Some(sides) = thin_prism(p, q, r, settings.thickness, texture) {
                        triangles.push(triangle);
                        brushes.push(Brush {
                            sides,
                            contents,
                            entity,
                            model,
                            index,
                            location,
                        });
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
            vertices,
            grid_width,
            triangles,
            brushes,
        })
    }
}

/// Evaluates the patch surface at tessellated grid position (`column`, `row`).
fn evaluate(points: &[DVec3], width: u32, steps: u32, column: u32, row: u32) -> DVec3 {
    let (span_u, t_u) = span_and_parameter(column, steps, width);
    let height = u32::try_from(points.len()).unwrap_or(u32::MAX) / width;
    let (span_v, t_v) = span_and_parameter(row, steps, height);
    let weights = |t: f64| [(1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t];
    let (wu, wv) = (weights(t_u), weights(t_v));
    let mut sum = DVec3::ZERO;
    for (j, weight_v) in wv.iter().enumerate() {
        for (i, weight_u) in wu.iter().enumerate() {
            let x = span_u * 2 + i as u32;
            let y = span_v * 2 + j as u32;
            sum += points[(y * width + x) as usize] * (weight_u * weight_v);
        }
    }
    sum
}

/// Which span a tessellated index falls in, and the Bézier parameter within it. The last
/// index of the grid belongs to the last span at parameter 1.
fn span_and_parameter(index: u32, steps: u32, control_count: u32) -> (u32, f64) {
    let spans = (control_count - 1) / 2;
    let span = (index / steps).min(spans - 1);
    let t = f64::from(index - span * steps) / f64::from(steps);
    (span, t)
}

/// The sides of the thin prism behind triangle `p q r`, or `None` for a degenerate triangle.
fn thin_prism(
    p: DVec3,
    q: DVec3,
    r: DVec3,
    thickness: f64,
    texture: TextureId,
) -> Option<Vec<BrushSide>> {
    let cross = (q - p).cross(r - p);
    if cross.length() < MIN_DOUBLED_AREA {
        return None;
    }
    let normal = cross.normalize();
    let front = Plane {
        normal,
        dist: normal.dot(p),
    };
    let back = Plane {
        normal: -normal,
        dist: -(front.dist - thickness),
    };
    let mut sides = vec![side(front, texture), side(back, texture)];
    for (start, end, opposite) in [(p, q, r), (q, r, p), (r, p, q)] {
        let mut edge_normal = (end - start).cross(normal).normalize();
        if edge_normal.dot(opposite - start) > 0.0 {
            edge_normal = -edge_normal;
        }
        if !edge_normal.is_finite() {
            return None;
        }
        sides.push(side(
            Plane {
                normal: edge_normal,
                dist: edge_normal.dot(start),
            },
            texture,
        ));
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

    fn flat_source(width: u32, height: u32) -> PatchSource {
        let mut control_points = Vec::new();
        for y in 0..height {
            for x in 0..width {
                control_points.push(DVec3::new(f64::from(x) * 32.0, f64::from(y) * 32.0, 0.0));
            }
        }
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

    #[test]
    fn flat_patch_tessellates_into_two_triangles_per_cell() {
        let settings = PatchSettings {
            subdivisions: 3,
            thickness: 1.0,
        };
        let patch = Patch::tessellate(flat_source(5, 3), settings).unwrap();
        assert_eq!(patch.grid_width, 7);
        assert_eq!(patch.vertices.len(), 7 * 4);
        assert_eq!(patch.triangles.len(), 6 * 3 * 2);
        assert_eq!(patch.brushes.len(), patch.triangles.len());
        // The corners of the surface are the corner control points.
        assert_eq!(patch.vertices[0], DVec3::ZERO);
        assert_eq!(
            *patch.vertices.last().unwrap(),
            DVec3::new(128.0, 64.0, 0.0)
        );
    }

    #[test]
    fn thin_brush_contains_its_triangle_centroid_just_behind_the_surface() {
        let patch = Patch::tessellate(flat_source(3, 3), PatchSettings::default()).unwrap();
        for (triangle, brush) in patch.triangles.iter().zip(&patch.brushes) {
            let [p, q, r] = triangle.map(|i| patch.vertices[i as usize]);
            let centroid = (p + q + r) / 3.0;
            let normal = brush.sides[0].plane.normal;
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

    #[test]
    fn curved_patch_passes_through_corner_points_and_bulges() {
        let mut source = flat_source(3, 3);
        source.control_points[4].z = 64.0; // lift the middle control point
        let patch = Patch::tessellate(
            source,
            PatchSettings {
                subdivisions: 2,
                thickness: 1.0,
            },
        )
        .unwrap();
        // Centre of a biquadratic patch is weighted 1/4 by the middle control point.
        assert!((patch.vertices[4].z - 16.0).abs() < 1e-9);
        assert_eq!(patch.vertices[0].z, 0.0);
    }

    #[test]
    fn invalid_patches_are_rejected() {
        let settings = PatchSettings::default();
        assert!(matches!(
            Patch::tessellate(flat_source(4, 3), settings),
            Err(PatchError::BadSize { .. })
        ));
        let mut short = flat_source(3, 3);
        short.control_points.pop();
        assert!(matches!(
            Patch::tessellate(short, settings),
            Err(PatchError::PointCount { .. })
        ));
        let bad = PatchSettings {
            subdivisions: 0,
            thickness: 1.0,
        };
        assert!(matches!(
            Patch::tessellate(flat_source(3, 3), bad),
            Err(PatchError::BadSubdivision(0))
        ));
        let mut nan = flat_source(3, 3);
        nan.control_points[2].x = f64::NAN;
        assert!(matches!(
            Patch::tessellate(nan, settings),
            Err(PatchError::NonFinite(2))
        ));
    }

    #[test]
    fn degenerate_patch_makes_no_brushes() {
        let mut source = flat_source(3, 3);
        for point in &mut source.control_points {
            *point = DVec3::ONE;
        }
        let patch = Patch::tessellate(source, PatchSettings::default()).unwrap();
        assert!(patch.triangles.is_empty());
        assert!(patch.brushes.is_empty());
    }
}
