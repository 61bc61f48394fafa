//! The brush preparation stage: from a [`BrushWorld`] and the presence boxes to the
//! [`ExpandedBrush`]es that BSP construction consumes.
//!
//! For every brush of [`BrushWorld::all_brushes`], in order:
//!
//! 1. [`SelectionRules::select`] decides whether it is compiled and with which contents;
//! 2. [`BrushGeometry::from_planes`] computes its faces and vertices; an unbounded, empty or
//!    flat brush (or one with a bad plane) is dropped with a [`PrepareDiagnostic`] naming its
//!    [`SourceLocation`];
//! 3. [`bevelled_planes`] adds the bevels;
//! 4. for each presence box, [`expand_planes`] makes one [`ExpandedBrush`] (for the thin brush
//!    of a patch facet, [`collapse_thickness`] then takes it back to the facet alone: the game
//!    collides with facets as surfaces without thickness) — blocking and
//!    content brushes alike, so that a liquid, teleporter, jump pad, cluster portal,
//!    do-not-enter or mover brush marks the areas where that box *overlaps* it (later stages
//!    may narrow this, e.g. "swimming" when the waist is under water);
//!
//! then [`find_contained`] removes blocking brushes contained in another of the same box.
//! The output is in source order, boxes in list order within a brush.

use glam::DVec3;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{
    ExpandedBrush, PresenceBox, PresenceMask, Selection, SelectionRules, SkipReason, find_contained,
};
use crate::brush::{
    BevelKinds, Brush, BrushGeometry, BrushGeometryError, BrushWorld, FacetSlab, Plane,
    SourceLocation, SurfaceFlags, bevelled_planes, collapse_thickness, expand_planes,
    expanded_bounds,
};

/// Settings of [`prepare_brushes`].
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PrepareSettings {
    /// Which brushes are compiled, with which contents.
    pub selection: SelectionRules,
    /// Which bevels are added before expansion (all by default; fewer only for experiments:
    /// without them expansion is not exact).
    pub bevels: BevelKinds,
    /// Whether contained blocking brushes are removed (default: yes).
    pub keep_contained: bool,
}

/// Something [`prepare_brushes`] left out, and why.
#[derive(Debug, Clone, Copy, PartialEq, Error)]
pub enum PrepareDiagnostic {
    /// A selected brush was dropped because its geometry is unusable.
    #[error("brush {source_index} at {location} dropped: {error}")]
    BadBrush {
        /// Index in [`BrushWorld::all_brushes`] order.
        source_index: usize,
        /// Where the brush was read from.
        location: SourceLocation,
        /// What is wrong with it.
        error: BrushGeometryError,
    },
    /// A presence box was ignored: its bounds are not finite, do not contain the origin, or it
    /// is beyond the eighth box (a [`PresenceMask`] holds eight).
    #[error("presence box {index} ignored: not finite, not around the origin, or beyond 8 boxes")]
    BadBox {
        /// Position of the box in the list.
        index: usize,
    },
}

/// Counts of one preparation run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrepareStats {
    /// Brushes in the world, patch thin brushes included.
    pub source_brushes: usize,
    /// Dropped because their entity class is ignored.
    pub skipped_entity: usize,
    /// Dropped because none of their contents is compiled.
    pub skipped_contents: usize,
    /// Dropped as unbounded, empty, flat or with a bad plane.
    pub bad_geometry: usize,
    /// Brushes expanded (each for every usable box).
    pub compiled: usize,
    /// Planes added as bevels, summed over compiled brushes.
    pub bevels_added: usize,
    /// Expanded brushes per box before the removal of contained brushes.
    pub expanded_per_box: Vec<usize>,
    /// Blocking expanded brushes per box before the removal of contained brushes.
    pub blocking_per_box: Vec<usize>,
    /// Contained blocking brushes removed, per box.
    pub removed_per_box: Vec<usize>,
}

/// A compiled brush's geometry and bevelled planes, or why it has none.
type Shaped = Result<(BrushGeometry, Vec<Plane>), BrushGeometryError>;

/// The result of [`prepare_brushes`].
#[derive(Debug, Clone, PartialEq)]
pub struct PreparedBrushes {
    /// The expanded brushes, in source order, boxes in list order within a brush.
    pub brushes: Vec<ExpandedBrush>,
    /// Counts.
    pub stats: PrepareStats,
    /// What was left out and why: ignored boxes first, then bad brushes in source order.
    pub diagnostics: Vec<PrepareDiagnostic>,
}

/// Selects, bevels and expands the brushes of `world` for each of `boxes`, then removes
/// contained blocking brushes (see the [module docs](self)). Never panics; bad brushes and
/// boxes are reported in [`PreparedBrushes::diagnostics`].
///
/// # Complexity
/// `O(Σ p² · k)` for the brush geometry (`p` planes, faces of `k` points), `O(Σ e · v)` for the
/// bevels, `O(n · boxes)` for expansion, and the removal of contained brushes as in
/// [`find_contained`]. About a millisecond per thousand brushes in a release build.
#[must_use]
pub fn prepare_brushes(
    world: &BrushWorld,
    boxes: &[PresenceBox],
    settings: &PrepareSettings,
) -> PreparedBrushes {
    let mut diagnostics = Vec::new();
    let usable: Vec<bool> = boxes
        .iter()
        .enumerate()
        .map(|(index, presence)| {
            let ok = index < 8
                && presence.mins.is_finite()
                && presence.maxs.is_finite()
                && presence.mins.cmple(DVec3::ZERO).all()
                && presence.maxs.cmpge(DVec3::ZERO).all();
            if !ok {
                diagnostics.push(PrepareDiagnostic::BadBox { index });
            }
            ok
        })
        .collect();
    let mut stats = PrepareStats {
        expanded_per_box: vec![0; boxes.len()],
        blocking_per_box: vec![0; boxes.len()],
        removed_per_box: vec![0; boxes.len()],
        ..PrepareStats::default()
    };
    let mut brushes = Vec::new();
    let mut vertices: Vec<Vec<DVec3>> = Vec::new();
    let mut vertex_of: Vec<usize> = Vec::new();
    let first_patch_brush = world.brushes.len();
    // Each compiled brush's geometry and bevels, in parallel (the costly part); the loop below
    // takes them in source order.
    let all: Vec<&Brush> = world.all_brushes().collect();
    let mut shaped: Vec<Option<Shaped>> = all
        .par_iter()
        .map(|brush| match settings.selection.select(world, brush) {
            Selection::Compile { .. } => {
                let planes: Vec<_> = brush.sides.iter().map(|side| side.plane).collect();
                Some(BrushGeometry::from_planes(&planes).map(|geometry| {
                    let bevelled = bevelled_planes(&geometry, settings.bevels);
                    (geometry, bevelled)
                }))
            }
            Selection::Skip(_) => None,
        })
        .collect();
    for (source_index, brush) in all.iter().copied().enumerate() {
        stats.source_brushes += 1;
        let facet = if source_index >= first_patch_brush {
            FacetSlab::of_thin_brush(brush)
        } else {
            None
        };
        let (contents, model) = match settings.selection.select(world, brush) {
            Selection::Compile { contents, model } => (contents, model),
            Selection::Skip(SkipReason::IgnoredEntity) => {
                stats.skipped_entity += 1;
                continue;
            }
            Selection::Skip(SkipReason::NoCompiledContents) => {
                stats.skipped_contents += 1;
                continue;
            }
        };
        let Some(shape) = shaped.get_mut(source_index).and_then(Option::take) else {
            continue;
        };
        let (geometry, bevelled) = match shape {
            Ok(shape) => shape,
            Err(error) => {
                stats.bad_geometry += 1;
                diagnostics.push(PrepareDiagnostic::BadBrush {
                    source_index,
                    location: brush.location,
                    error,
                });
                continue;
            }
        };
        stats.compiled += 1;
        // The first planes of `bevelled` are the faces, in `geometry.faces()` order.
        let ladder_planes: Vec<usize> = geometry
            .faces()
            .iter()
            .enumerate()
            .filter(|(_, face)| {
                brush.sides.get(face.input).is_some_and(|side| {
                    world
                        .textures
                        .get(side.texture.0 as usize)
                        .is_some_and(|t| t.surface_flags.contains(SurfaceFlags::LADDER))
                })
            })
            .map(|(index, _)| index)
            .collect();
        stats.bevels_added += bevelled.len() - geometry.faces().len();
        // A patch facet is the front face of its prism: its corners are the hull that is
        // expanded (bounds, containment), its thickness is taken back out of the planes.
        let hull: Vec<DVec3> = match (facet, brush.sides.first()) {
            (Some(slab), Some(front)) => geometry
                .vertices()
                .iter()
                .copied()
                .filter(|&vertex| slab.on_facet(&front.plane, vertex))
                .collect(),
            _ => geometry.vertices().to_vec(),
        };
        let (hull_mins, hull_maxs) = hull
            .iter()
            .fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &p| {
                (lo.min(p), hi.max(p))
            });
        for (box_index, presence) in boxes.iter().enumerate() {
            if !usable.get(box_index).copied().unwrap_or(false) {
                continue;
            }
            let (mins, maxs) = expanded_bounds(hull_mins, hull_maxs, presence.mins, presence.maxs);
            let mut planes = expand_planes(&bevelled, presence.mins, presence.maxs);
            if let Some(slab) = facet {
                collapse_thickness(&mut planes, slab);
            }
            brushes.push(ExpandedBrush {
                planes,
                contents,
                model,
                blocks: PresenceMask::single(box_index),
                source: source_index,
                mins,
                maxs,
                ladder_planes: ladder_planes.clone(),
            });
            vertex_of.push(vertices.len());
            if let Some(count) = stats.expanded_per_box.get_mut(box_index) {
                *count += 1;
            }
            if contents.blocks_player()
                && let Some(count) = stats.blocking_per_box.get_mut(box_index)
            {
                *count += 1;
            }
        }
        vertices.push(hull);
    }
    if !settings.keep_contained {
        let hulls: Vec<&[DVec3]> = vertex_of
            .iter()
            .map(|&i| vertices.get(i).map_or(&[][..], Vec::as_slice))
            .collect();
        let removed = find_contained(&brushes, &hulls, boxes);
        let mut flags = removed.iter();
        brushes.retain(|brush| {
            let remove = flags.next().copied().unwrap_or(false);
            if remove {
                let index = brush.blocks.0.trailing_zeros() as usize;
                if let Some(count) = stats.removed_per_box.get_mut(index) {
                    *count += 1;
                }
            }
            !remove
        });
    }
    PreparedBrushes {
        brushes,
        stats,
        diagnostics,
    }
}
