//! The area compiler's phases one by one, on the four pack maps that take longest to compile:
//! each phase's public function, in `compile_world`'s order and with its arguments (default
//! `CompileSettings`), from an already-read `BrushWorld`: `"prepare"` (`prepare_brushes`),
//! `"bsp"` (`build_tree` of the prepared brushes), `"portals"` (`portalize` of the pruned
//! tree), `"gravity"` (`subdivide_by_gravity` of a copy of the tree after outside removal and
//! the second pruning; the copy is not timed), `"areas"` (`merge_leaves`, `build_areas` and
//! `mark_ladders`, as the pipeline's phase) and `"reachability"` (`compute_reachabilities` on
//! the stored world). `compile_maps` times the whole pipeline.
//!
//! Before timing, each map is replayed phase by phase once: it must not leak, each phase's
//! counts are checked, and the counts and the world must equal those of `compile_world` on the
//! same map, so the replay cannot drift from the real pipeline.

use std::hint::black_box;

use aas_geom::compile::{
    AreaSet, BspTree, CompileSettings, GravitySettings, Portals, PreparedBrushes, build_areas,
    build_tree, compile_world, find_seeds, mark_ladders, merge_leaves, portalize, prepare_brushes,
    prune_solid, remove_outside, store_world, subdivide_by_gravity,
};
use aas_geom::entities::{MapEntities, extract_entities};
use aas_geom::format::bsp_q3::read_bsp;
use aas_geom::reach::{compute_reachabilities, store_reachabilities};
use aas_geom::world::AasWorld;
use aas_geom::{BrushWorld, PatchSettings};
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_main};

/// The pack maps timed: the four that take longest to compile.
const PHASE_MAPS: [&str; 4] = ["oacmpdm2", "oacmpdm7", "oacmpdm8", "oacmpctf2"];

/// Per map, `[expanded brushes, built nodes, pruned nodes, portals before outside removal,
/// outside leaves, gravity splits, areas, reachabilities]` of the phases with the default
/// settings, as this bench's code computed them when it was written (our compiler, not bspc).
/// A compiler change that moves them on purpose updates them; a speed-up must not.
const PHASE_COUNTS: [(&str, [usize; 8]); 4] = [
    (
        "oacmpdm2",
        [2950, 23527, 16640, 71510, 731, 2073, 4851, 6622],
    ),
    (
        "oacmpdm7",
        [3582, 16458, 10861, 45932, 832, 1748, 2665, 3321],
    ),
    (
        "oacmpdm8",
        [3504, 16382, 7877, 36367, 2947, 2129, 1031, 3102],
    ),
    (
        "oacmpctf2",
        [3738, 12028, 7866, 36591, 3408, 1901, 1113, 3683],
    ),
];

/// What the phases produce on one map: each timed phase's input, the counts of
/// [`PHASE_COUNTS`] and the final world.
struct Replay {
    /// The prepared brushes (`"bsp"`'s input).
    prepared: PreparedBrushes,
    /// The tree after the first pruning (`"portals"`' input).
    pruned: BspTree,
    /// The tree after outside removal and the second pruning (`"gravity"`'s input).
    inside: BspTree,
    /// The tree after gravitational subdivision and its portals (`"areas"`' input).
    split: (BspTree, Portals),
    /// The stored world without reachabilities and the map's entities (`"reachability"`'s
    /// input).
    stored: (AasWorld, MapEntities),
    /// The counts of [`PHASE_COUNTS`].
    counts: [usize; 8],
    /// The final world, reachabilities stored.
    world: AasWorld,
}

/// Areas as the pipeline's `"areas"` phase builds them (merging on).
fn areas(
    tree: &BspTree,
    portals: &Portals,
    prepared: &PreparedBrushes,
    settings: &CompileSettings,
) -> AreaSet {
    let leaf_area = merge_leaves(tree, portals, &settings.boxes);
    let mut areas = build_areas(tree, portals, &settings.boxes, leaf_area);
    mark_ladders(&mut areas, tree, &prepared.brushes);
    areas
}

/// Runs `compile_world`'s phases on `world` one by one, as it does with `settings` (merging,
/// gravitational subdivision and reachabilities on).
fn replay(name: &str, world: &BrushWorld, settings: &CompileSettings) -> Replay {
    assert!(
        settings.merge_areas && settings.gravity,
        "the replay follows the pipeline with merging and gravitational subdivision on"
    );
    let reach = settings
        .reachability
        .as_ref()
        .expect("the default settings compute reachabilities");
    let boxes = &settings.boxes;
    let prepared = prepare_brushes(world, boxes, &settings.prepare);
    let mut tree = build_tree(&prepared.brushes, boxes.len(), &settings.build)
        .unwrap_or_else(|error| panic!("{name}: BSP construction failed: {error}"));
    let built_nodes = tree.node_count();
    prune_solid(&mut tree);
    let pruned = tree.clone();
    let portals = portalize(&tree);
    let seeds = find_seeds(world, &tree);
    let outside = remove_outside(&mut tree, &portals, &seeds.points)
        .unwrap_or_else(|error| panic!("{name}: outside removal failed: {error}"));
    assert!(outside.leak.is_none(), "{name}: the map leaks");
    prune_solid(&mut tree);
    let inside = tree.clone();
    let (gravity, split_portals) = subdivide_by_gravity(&mut tree, &GravitySettings::default());
    let built = areas(&tree, &split_portals, &prepared, settings);
    let (stored, _) = store_world(&tree, &built, boxes, settings.bsp_checksum)
        .unwrap_or_else(|error| panic!("{name}: storing failed: {error}"));
    let entities = extract_entities(world, reach.physics.gravity);
    let mut final_world = stored.clone();
    store_reachabilities(
        &mut final_world,
        compute_reachabilities(&stored, &entities, reach),
    );
    let counts = [
        prepared.brushes.len(),
        built_nodes,
        pruned.node_count(),
        portals.portals.len(),
        outside.leaves_removed,
        gravity.splits,
        final_world.areas.len(),
        final_world.reachabilities.len(),
    ];
    Replay {
        prepared,
        pruned,
        inside,
        split: (tree, split_portals),
        stored: (stored, entities),
        counts,
        world: final_world,
    }
}

fn compile_phases(c: &mut Criterion) {
    let Some(maps) = real_data::find_in(real_data::PACK) else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("compile_phases: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let settings = CompileSettings::default();
    let reach = settings
        .reachability
        .clone()
        .expect("the default settings compute reachabilities");
    let gravity = GravitySettings::default();
    let boxes = &settings.boxes;
    let mut group = c.benchmark_group("compile_phase");
    group.sample_size(10);
    for name in PHASE_MAPS {
        let Ok(bytes) = std::fs::read(maps.join(format!("{name}.bsp"))) else {
            continue;
        };
        let Ok(world) = read_bsp(&bytes, &PatchSettings::default()) else {
            continue;
        };
        let phases = replay(name, &world, &settings);
        assert_eq!(
            phases.counts,
            benches::expected(&PHASE_COUNTS, name),
            "{name}: [expanded brushes, built nodes, pruned nodes, portals before outside \
             removal, outside leaves, gravity splits, areas, reachabilities] differ"
        );
        let out = compile_world(&world, &settings).expect("pack map compiles");
        let stats = &out.stats;
        assert_eq!(
            phases.counts,
            [
                stats.expanded_brushes,
                stats.built_nodes,
                stats.pruned_nodes,
                stats.portals_before_outside,
                stats.outside_leaves,
                stats.gravity_splits,
                stats.areas,
                stats.reachabilities,
            ],
            "{name}: the phase-by-phase replay counts differ from compile_world's"
        );
        assert!(
            phases.world == out.world,
            "{name}: the phase-by-phase replay's world differs from compile_world's"
        );
        group.bench_with_input(BenchmarkId::new("prepare", name), &world, |b, world| {
            b.iter(|| prepare_brushes(black_box(world), boxes, &settings.prepare));
        });
        group.bench_with_input(
            BenchmarkId::new("bsp", name),
            &phases.prepared,
            |b, prepared| {
                b.iter(|| {
                    build_tree(black_box(&prepared.brushes), boxes.len(), &settings.build)
                        .expect("pack map builds")
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("portals", name),
            &phases.pruned,
            |b, tree| {
                b.iter(|| portalize(black_box(tree)));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("gravity", name),
            &phases.inside,
            |b, tree| {
                b.iter_batched(
                    || tree.clone(),
                    |mut tree| subdivide_by_gravity(&mut tree, &gravity),
                    BatchSize::LargeInput,
                );
            },
        );
        group.bench_with_input(
            BenchmarkId::new("areas", name),
            &phases.split,
            |b, (tree, portals)| {
                b.iter(|| areas(black_box(tree), portals, &phases.prepared, &settings));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("reachability", name),
            &phases.stored,
            |b, (world, entities)| {
                b.iter(|| compute_reachabilities(black_box(world), entities, &reach));
            },
        );
    }
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::compile_phases;
    criterion::criterion_group!(benches, compile_phases);
}
use group::benches;
criterion_main!(benches);
