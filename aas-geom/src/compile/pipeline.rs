//! [`compile_world`]: the whole AAS compiler, from a [`BrushWorld`] to an [`AasWorld`].
//!
//! The stages, in order, with the phase names reported in [`CompileOutput::phases`]:
//!
//! | Phase | Calls |
//! |---|---|
//! | `"prepare"` | [`prepare_brushes`] |
//! | `"bsp"` | [`build_tree`] |
//! | `"prune"` | [`prune_solid`] (both runs: after building and after outside removal) |
//! | `"portals"` | [`portalize()`] (before outside removal, and again afterwards when gravitational subdivision is off) |
//! | `"outside"` | [`find_seeds`] (entity origins nudged into open leaves) and [`remove_outside`] |
//! | `"gravity"` | [`subdivide_by_gravity`] when [`CompileSettings::gravity`] is on (the phase is listed, near zero, when it is off); the portals it keeps up to date (of the final tree) are reused for the areas; without it the tree is portalised again under `"portals"` |
//! | `"areas"` | [`merge_leaves`] (or [`one_area_per_leaf`] when [`CompileSettings::merge_areas`] is off), [`build_areas`] and [`mark_ladders`] |
//! | `"store"` | [`store_world`] |
//! | `"reachability"` | [`extract_entities`], [`compute_reachabilities_reporting`] and [`store_reachabilities`] when [`CompileSettings::reachability`] is set |
//!
//! Each phase appears once in the list; the times of the two runs of pruning and portalisation
//! are summed.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::areas::{AreaDiagnostic, build_areas, one_area_per_leaf};
use super::entity_report::{brush_entity_diagnostics, buried_entity_diagnostics};
use super::gravity::{GravitySettings, subdivide_by_gravity};
use super::ladders::mark_ladders;
use super::merge::merge_leaves;
use super::seeds::find_seeds;
use super::store::{StoreError, store_world};
use super::{
    BspTree, BuildError, BuildSettings, Leak, OutsideError, PrepareDiagnostic, PrepareSettings,
    PresenceBox, build_tree, portalize, prepare_brushes, prune_solid, remove_outside,
};
use crate::brush::BrushWorld;
use crate::entities::{EntityDiagnostic, extract_entities};
use crate::reach::{ReachSettings, compute_reachabilities_reporting, store_reachabilities};
use crate::world::FaceFlags;
use crate::world::{AasWorld, AreaId};

/// Settings of [`compile_world`].
#[derive(Debug, Clone, PartialEq)]
pub struct CompileSettings {
    /// The presence boxes (at most 8), in mask bit order.
    pub boxes: Vec<PresenceBox>,
    /// Brush preparation.
    pub prepare: PrepareSettings,
    /// BSP construction.
    pub build: BuildSettings,
    /// The BSP checksum written to the world (0 when unknown).
    pub bsp_checksum: i32,
    /// Merge open leaves into larger convex areas ([`merge_leaves`]); when off, every open
    /// leaf is its own area ([`one_area_per_leaf`]).
    pub merge_areas: bool,
    /// Split open leaves that mix ground and gap portals ([`subdivide_by_gravity`], default
    /// settings) before building areas.
    pub gravity: bool,
    /// Compute reachabilities with these settings (`None`: the world has none).
    pub reachability: Option<ReachSettings>,
}

impl Default for CompileSettings {
    /// [`PresenceBox::DEFAULTS`], default preparation and build settings, checksum 0, merging
    /// and gravitational subdivision on.
    fn default() -> Self {
        Self {
            boxes: PresenceBox::DEFAULTS.to_vec(),
            prepare: PrepareSettings::default(),
            build: BuildSettings::default(),
            bsp_checksum: 0,
            merge_areas: true,
            gravity: true,
            reachability: Some(ReachSettings::default()),
        }
    }
}

/// Why [`compile_world`] failed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CompileError {
    /// BSP construction failed (no brushes, too deep, bad box count …).
    #[error("BSP construction failed: {0}")]
    Build(#[from] BuildError),
    /// No entity origin could be nudged into an open leaf: the map would be all solid.
    #[error("no seed in an open leaf ({entities} entities with an origin, none placed)")]
    NoSeed {
        /// Entities with an origin.
        entities: usize,
    },
    /// Outside removal refused the tree (should not happen: portals are always fresh).
    #[error("outside removal failed: {0}")]
    Outside(OutsideError),
    /// Too many records for the `.aas` format.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Counts of one [`compile_world`] run, per stage.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CompileStats {
    /// Brushes in the world, patch brushes included.
    pub source_brushes: usize,
    /// Brushes compiled (each expanded for every box).
    pub compiled_brushes: usize,
    /// Expanded brushes handed to BSP construction.
    pub expanded_brushes: usize,
    /// Diagnostics of preparation (bad brushes, ignored boxes).
    pub prepare_diagnostics: usize,
    /// Nodes of the tree as built.
    pub built_nodes: usize,
    /// Leaves of the tree as built.
    pub built_leaves: usize,
    /// Nodes after the first pruning.
    pub pruned_nodes: usize,
    /// Leaves after the first pruning.
    pub pruned_leaves: usize,
    /// Portals before outside removal.
    pub portals_before_outside: usize,
    /// Entities with an origin.
    pub seed_entities: usize,
    /// Seeds placed in an open leaf.
    pub seeds: usize,
    /// Entities whose origin could not be nudged into an open leaf.
    pub unplaced_seeds: usize,
    /// Open leaves removed as outside.
    pub outside_leaves: usize,
    /// Where the map leaks, if it does: the seed point and the leaking portal's centre.
    pub leak: Option<([f64; 3], [f64; 3])>,
    /// Open leaves mixing ground and gap portals before gravitational subdivision (0 when it
    /// is off).
    pub gravity_mixed_before: usize,
    /// Open leaves still mixing after it (0 when it is off).
    pub gravity_mixed_after: usize,
    /// Leaves split by it.
    pub gravity_splits: usize,
    /// Nodes of the final tree.
    pub nodes: usize,
    /// Leaves of the final tree.
    pub leaves: usize,
    /// Solid leaves of the final tree.
    pub solid_leaves: usize,
    /// Portals of the final tree.
    pub portals: usize,
    /// Areas.
    pub areas: usize,
    /// Faces (after dropping degenerate ones).
    pub faces: usize,
    /// Solid faces.
    pub solid_faces: usize,
    /// Ground faces.
    pub ground_faces: usize,
    /// Gap faces.
    pub gap_faces: usize,
    /// Ladder faces ([`mark_ladders`]).
    pub ladder_faces: usize,
    /// Faces dropped as degenerate when stored.
    pub degenerate_faces: usize,
    /// Mover model numbers capped at 255.
    pub capped_model_numbers: usize,
    /// Planes stored.
    pub planes: usize,
    /// Vertices stored.
    pub vertices: usize,
    /// Edges stored.
    pub edges: usize,
    /// Reachabilities.
    pub reachabilities: usize,
}

/// The result of [`compile_world`].
#[derive(Debug, Clone)]
pub struct CompileOutput {
    /// The compiled world.
    pub world: AasWorld,
    /// Counts per stage.
    pub stats: CompileStats,
    /// Wall-clock time per phase, in pipeline order (see the [module docs](self)).
    pub phases: Vec<(&'static str, Duration)>,
    /// What preparation left out.
    pub prepare_diagnostics: Vec<PrepareDiagnostic>,
    /// What area building adjusted.
    pub area_diagnostics: Vec<AreaDiagnostic>,
    /// Every entity the compiler skipped or could not use, and why, in entity order: brush
    /// entities it ignores ([`brush_entity_diagnostics`]), seed entities buried in solid
    /// ([`buried_entity_diagnostics`]) and, when reachabilities are computed, the diagnostics
    /// of [`extract_entities`] and those of the entities left without reachabilities by where
    /// they lead (such as a teleporter whose destination is blocked).
    pub entity_diagnostics: Vec<EntityDiagnostic>,
    /// The final tree (after outside removal and the second pruning) the world was stored
    /// from; later stages and tests compare against it.
    pub tree: BspTree,
    /// For each leaf of [`CompileOutput::tree`], its area (`None` for a solid leaf).
    pub leaf_area: Vec<Option<AreaId>>,
}

/// Accumulates phase times under stable names, keeping first-seen order.
#[derive(Default)]
struct Phases(Vec<(&'static str, Duration)>);

impl Phases {
    fn time<T>(&mut self, name: &'static str, run: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = run();
        let elapsed = start.elapsed();
        if let Some(entry) = self.0.iter_mut().find(|(n, _)| *n == name) {
            entry.1 += elapsed;
        } else {
            self.0.push((name, elapsed));
        }
        out
    }
}

/// Compiles `world` into an [`AasWorld`] (see the [module docs](self)).
///
/// # Errors
/// [`CompileError::Build`] when BSP construction fails, [`CompileError::NoSeed`] when no
/// entity origin lies in (or can be nudged into) an open leaf, [`CompileError::Store`] when
/// the result exceeds the `.aas` format's limits.
///
/// # Complexity
/// The sum of the stages'; BSP construction dominates.
pub fn compile_world(
    world: &BrushWorld,
    settings: &CompileSettings,
) -> Result<CompileOutput, CompileError> {
    // Run on a thread of rayon's pool (called from outside it): each parallel step inside
    // then starts on the spot instead of being handed over from the calling thread, a wake-up
    // and a wait each (oacmpctf1: about 650 context switches down to 300).
    rayon::join(|| compile_in_pool(world, settings), || ()).0
}

/// [`compile_world`], on the thread it is called on.
fn compile_in_pool(
    world: &BrushWorld,
    settings: &CompileSettings,
) -> Result<CompileOutput, CompileError> {
    let mut phases = Phases::default();
    let mut stats = CompileStats::default();
    let boxes = &settings.boxes;
    let prepared = phases.time("prepare", || {
        prepare_brushes(world, boxes, &settings.prepare)
    });
    stats.source_brushes = prepared.stats.source_brushes;
    stats.compiled_brushes = prepared.stats.compiled;
    stats.expanded_brushes = prepared.brushes.len();
    stats.prepare_diagnostics = prepared.diagnostics.len();
    let mut tree = phases.time("bsp", || {
        build_tree(&prepared.brushes, boxes.len(), &settings.build)
    })?;
    stats.built_nodes = tree.node_count();
    stats.built_leaves = tree.leaf_count();
    phases.time("prune", || prune_solid(&mut tree));
    stats.pruned_nodes = tree.node_count();
    stats.pruned_leaves = tree.leaf_count();
    let portals = phases.time("portals", || portalize(&tree));
    stats.portals_before_outside = portals.portals.len();
    let mut entity_diagnostics = brush_entity_diagnostics(world, &settings.prepare.selection);
    let report = phases.time("outside", || {
        let seeds = find_seeds(world, &tree);
        entity_diagnostics.extend(buried_entity_diagnostics(world, &seeds.unplaced_entities));
        stats.seed_entities = seeds.entities_with_origin;
        stats.seeds = seeds.points.len();
        stats.unplaced_seeds = seeds.unplaced;
        if seeds.points.is_empty() {
            return Err(CompileError::NoSeed {
                entities: seeds.entities_with_origin,
            });
        }
        remove_outside(&mut tree, &portals, &seeds.points).map_err(|e| match e {
            OutsideError::NoSeed { .. } => CompileError::NoSeed {
                entities: seeds.entities_with_origin,
            },
            other @ OutsideError::StalePortals { .. } => CompileError::Outside(other),
        })
    })?;
    stats.outside_leaves = report.leaves_removed;
    stats.leak = report
        .leak
        .as_ref()
        .map(|leak: &Leak| (leak.seed_point.to_array(), leak.point.to_array()));
    // Freed on another thread while this one goes on.
    rayon::spawn(move || drop(portals));
    phases.time("prune", || prune_solid(&mut tree));
    let gravity = phases.time("gravity", || {
        settings
            .gravity
            .then(|| subdivide_by_gravity(&mut tree, &GravitySettings::default()))
    });
    let portals = match gravity {
        Some((gravity, portals)) => {
            stats.gravity_mixed_before = gravity.mixed_before;
            stats.gravity_mixed_after = gravity.mixed_after;
            stats.gravity_splits = gravity.splits;
            portals
        }
        None => phases.time("portals", || portalize(&tree)),
    };
    stats.nodes = tree.node_count();
    stats.leaves = tree.leaf_count();
    stats.solid_leaves = tree.solid_leaf_count();
    stats.portals = portals.portals.len();
    let areas = phases.time("areas", || {
        let leaf_area = if settings.merge_areas {
            merge_leaves(&tree, &portals, boxes)
        } else {
            one_area_per_leaf(&tree)
        };
        let mut areas = build_areas(&tree, &portals, boxes, leaf_area);
        stats.ladder_faces = mark_ladders(&mut areas, &tree, &prepared.brushes);
        areas
    });
    stats.capped_model_numbers = areas
        .diagnostics
        .iter()
        .filter(|d| matches!(d, AreaDiagnostic::ModelNumberCapped { .. }))
        .count();
    let (mut aas, store_stats) = phases.time("store", || {
        store_world(&tree, &areas, boxes, settings.bsp_checksum)
    })?;
    stats.areas = aas.areas.len();
    stats.faces = aas.faces.len();
    let count = |flag: FaceFlags| aas.faces.iter().filter(|f| f.flags.contains(flag)).count();
    stats.solid_faces = count(FaceFlags::SOLID);
    stats.ground_faces = count(FaceFlags::GROUND);
    stats.gap_faces = count(FaceFlags::GAP);
    stats.degenerate_faces = store_stats.degenerate_faces;
    stats.planes = aas.planes.len();
    stats.vertices = aas.vertices.len();
    stats.edges = aas.edges.len();
    if let Some(reach_settings) = &settings.reachability {
        phases.time("reachability", || {
            let entities = extract_entities(world, reach_settings.physics.gravity);
            let (lists, unused) = compute_reachabilities_reporting(&aas, &entities, reach_settings);
            store_reachabilities(&mut aas, lists);
            entity_diagnostics.extend(entities.diagnostics);
            entity_diagnostics.extend(unused);
        });
    }
    // Stable: an entity's diagnostics keep the order they were found in.
    entity_diagnostics.sort_by_key(|d| d.entity);
    stats.reachabilities = aas.reachabilities.len();
    Ok(CompileOutput {
        world: aas,
        stats,
        phases: phases.0,
        prepare_diagnostics: prepared.diagnostics,
        area_diagnostics: areas.diagnostics,
        entity_diagnostics,
        tree,
        leaf_area: areas.leaf_area,
    })
}
