//! [`prepare_brush`]: a brush of the map as the collision code keeps it — its planes with
//! bevels in `f32`, the surface flags of each plane, and its bounds.

use aas_geom::brush::{
    BevelKinds, Brush, BrushGeometry, BrushGeometryError, BrushWorld, FacetSlab, Plane,
    SurfaceFlags, bevelled_planes, collapse_thickness,
};
use glam::Vec3;

use super::PATCH_THICKNESS;
use super::clip::ClipPlane;

/// A brush ready for collision.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PreparedBrush {
    /// The brush's face planes then its bevels, normals pointing out.
    pub(crate) planes: Vec<ClipPlane>,
    /// The surface flags of each plane's side (a bevel takes its nearest face's).
    pub(crate) surfaces: Vec<SurfaceFlags>,
    /// Smallest corner of the brush's bounds.
    pub(crate) mins: Vec3,
    /// Largest corner.
    pub(crate) maxs: Vec3,
}

/// Prepares `brush` of `world` for collision: its faces (redundant sides dropped), the axial
/// and edge bevels it lacks (so that a box slides past its edges and corners instead of
/// snagging on over-grown planes), and, for the thin brush of a patch facet (`patch`), the
/// prism made [`PATCH_THICKNESS`] deep behind the facet.
///
/// # Errors
/// [`BrushGeometryError`] when the sides do not bound a convex brush with volume.
///
/// # Complexity
/// That of [`BrushGeometry::from_planes`] and [`bevelled_planes`]: `O(p² · k)` for `p` sides
/// of at most `k` corners.
pub(crate) fn prepare_brush(
    world: &BrushWorld,
    brush: &Brush,
    patch: bool,
) -> Result<PreparedBrush, BrushGeometryError> {
    let sides: Vec<Plane> = brush.sides.iter().map(|side| side.plane).collect();
    let geometry = BrushGeometry::from_planes(&sides)?;
    let mut planes = bevelled_planes(&geometry, BevelKinds::ALL);
    if patch
        && let Some(slab) = FacetSlab::of_thin_brush(brush)
        && slab.thickness > f64::from(PATCH_THICKNESS)
    {
        collapse_thickness(
            &mut planes,
            FacetSlab {
                normal: slab.normal,
                thickness: slab.thickness - f64::from(PATCH_THICKNESS),
            },
        );
    }
    let face_surfaces: Vec<(Plane, SurfaceFlags)> = geometry
        .faces()
        .iter()
        .map(|face| {
            let flags = brush
                .sides
                .get(face.input)
                .and_then(|side| world.textures.get(side.texture.0 as usize))
                .map_or_else(SurfaceFlags::empty, |texture| texture.surface_flags);
            (face.plane, flags)
        })
        .collect();
    let surfaces = planes
        .iter()
        .map(|plane| nearest_face_flags(&face_surfaces, plane))
        .collect();
    Ok(PreparedBrush {
        planes: planes
            .iter()
            .map(|plane| ClipPlane {
                normal: plane.normal.as_vec3(),
                dist: plane.dist as f32,
            })
            .collect(),
        surfaces,
        mins: geometry.mins().as_vec3(),
        maxs: geometry.maxs().as_vec3(),
    })
}

/// The surface flags of the face whose normal is nearest to `plane`'s (the face itself for a
/// face plane; the first of equally near faces).
fn nearest_face_flags(faces: &[(Plane, SurfaceFlags)], plane: &Plane) -> SurfaceFlags {
    let mut best: Option<(f64, SurfaceFlags)> = None;
    for (face, flags) in faces {
        let alignment = face.normal.dot(plane.normal);
        if best.is_none_or(|(b, _)| alignment > b) {
            best = Some((alignment, *flags));
        }
    }
    best.map_or_else(SurfaceFlags::empty, |(_, flags)| flags)
}
