//! BSP construction of the AAS compiler on synthetic worlds: 500 random boxes (seeded), solid
//! for one presence box, and the same boxes expanded for the two default boxes (900 solid
//! expanded brushes and 50 water brushes). Also prints, once, the node and leaf counts of the
//! split-plane heuristic variants recorded in `aas_geom::compile::bsp_build`'s docs.
//!
//! Before timing, each stage runs once on its input and its node, leaf and portal counts are
//! checked.

use std::hint::black_box;
use std::time::Instant;

use aas_geom::Contents;
use aas_geom::compile::{
    BspTree, BuildSettings, ExpandedBrush, PresenceBox, PresenceMask, box_brush, build_tree,
    portalize, prune_solid,
};
use criterion::{Criterion, criterion_main};
use glam::DVec3;

/// `[nodes, leaves, solid leaves]` of `build_tree` with the default settings on the
/// one-box and two-box worlds, as this bench's code computed them when it was written.
const BUILT_1BOX: [usize; 3] = [4844, 4845, 1353];
/// See [`BUILT_1BOX`].
const BUILT_2BOX: [usize; 3] = [8363, 8364, 2376];
/// `[nodes, leaves]` of the two-box tree after `prune_solid` (same origin).
const PRUNED_2BOX: [usize; 2] = [8290, 8291];
/// Portals `portalize` makes on the pruned two-box tree (same origin).
const PORTALS_2BOX: usize = 42_590;

/// `[nodes, leaves, solid leaves]` of a tree.
fn tree_counts(tree: &BspTree) -> [usize; 3] {
    [
        tree.node_count(),
        tree.leaf_count(),
        tree.solid_leaf_count(),
    ]
}

/// A small seeded generator (64-bit LCG, high bits), so the world is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn range(&mut self, lo: i32, hi: i32) -> f64 {
        f64::from(lo + (self.next() % (hi - lo) as u64) as i32)
    }
}

/// `count` random boxes (8-unit grid, 16..256 units a side, in a 2048-unit cube); every tenth
/// is water. With `boxes`, solid boxes are expanded by each presence box (one expanded brush
/// per box, blocking that box only); without, each box blocks box 0 as it is.
fn random_world(count: usize, boxes: &[PresenceBox]) -> Vec<ExpandedBrush> {
    let mut rng = Lcg(0x5eed_b5b7);
    let mut brushes = Vec::new();
    for source in 0..count {
        let mins = DVec3::new(rng.range(0, 256), rng.range(0, 256), rng.range(0, 256)) * 8.0;
        let size = DVec3::new(rng.range(2, 32), rng.range(2, 32), rng.range(2, 32)) * 8.0;
        let maxs = mins + size;
        if source % 10 == 9 {
            brushes.push(box_brush(
                mins,
                maxs,
                Contents::WATER,
                PresenceMask::NONE,
                source,
            ));
        } else if boxes.is_empty() {
            brushes.push(box_brush(
                mins,
                maxs,
                Contents::SOLID,
                PresenceMask::single(0),
                source,
            ));
        } else {
            for (index, b) in boxes.iter().enumerate() {
                brushes.push(box_brush(
                    mins - b.maxs,
                    maxs - b.mins,
                    Contents::SOLID,
                    PresenceMask::single(index),
                    source,
                ));
            }
        }
    }
    brushes
}

fn report_variants(world: &[ExpandedBrush], box_count: usize, name: &str) {
    let base = BuildSettings::default();
    let variants = [
        ("default (4, 1, 2, facing 8, exposed first)", base),
        (
            "no facing term",
            BuildSettings {
                facing_weight: 0.0,
                ..base
            },
        ),
        (
            "no exposed-first tier",
            BuildSettings {
                prefer_exposed_faces: false,
                ..base
            },
        ),
        (
            "splits only (1, 0, 0)",
            BuildSettings {
                split_weight: 1.0,
                balance_weight: 0.0,
                axial_bonus: 0.0,
                ..base
            },
        ),
        (
            "balance only (0, 1, 0)",
            BuildSettings {
                split_weight: 0.0,
                balance_weight: 1.0,
                axial_bonus: 0.0,
                ..base
            },
        ),
        (
            "(1, 1, 0)",
            BuildSettings {
                split_weight: 1.0,
                balance_weight: 1.0,
                axial_bonus: 0.0,
                ..base
            },
        ),
        (
            "(16, 1, 2)",
            BuildSettings {
                split_weight: 16.0,
                ..base
            },
        ),
    ];
    for (label, settings) in variants {
        let start = Instant::now();
        let Ok(mut tree) = build_tree(world, box_count, &settings) else {
            continue;
        };
        let built = start.elapsed();
        let (nodes, leaves, open) = (
            tree.node_count(),
            tree.leaf_count(),
            tree.leaf_count() - tree.solid_leaf_count(),
        );
        let depth = tree.depth();
        let pruned = prune_solid(&mut tree);
        #[expect(
            clippy::print_stderr,
            reason = "the heuristic comparison is read by people, once per run"
        )]
        {
            eprintln!(
                "{name} {label}: nodes {nodes} (pruned {}), leaves {leaves} (open {open}), depth {depth}, build {:.1} ms",
                pruned.nodes_after,
                built.as_secs_f64() * 1e3
            );
        }
    }
}

fn compile_bsp(c: &mut Criterion) {
    let one = random_world(500, &[]);
    let two = random_world(500, &PresenceBox::DEFAULTS);
    report_variants(&one, 1, "random500/1box");
    report_variants(&two, 2, "random500/2box");
    let settings = BuildSettings::default();
    let built = build_tree(&one, 1, &settings).expect("builds");
    assert_eq!(
        tree_counts(&built),
        BUILT_1BOX,
        "random500/1box: [nodes, leaves, solid leaves] built differ"
    );
    let mut tree = build_tree(&two, 2, &settings).expect("builds");
    assert_eq!(
        tree_counts(&tree),
        BUILT_2BOX,
        "random500/2box: [nodes, leaves, solid leaves] built differ"
    );
    let pruned = prune_solid(&mut tree.clone());
    assert_eq!(
        [
            pruned.nodes_before,
            pruned.leaves_before,
            pruned.nodes_after,
            pruned.leaves_after
        ],
        [BUILT_2BOX[0], BUILT_2BOX[1], PRUNED_2BOX[0], PRUNED_2BOX[1]],
        "random500/2box: [nodes, leaves] before and after pruning differ"
    );
    let mut group = c.benchmark_group("compile_bsp");
    group.sample_size(10);
    group.bench_function("build_tree/random500_1box", |b| {
        b.iter(|| build_tree(black_box(&one), 1, &settings).expect("builds"));
    });
    group.bench_function("build_tree/random500_2box", |b| {
        b.iter(|| build_tree(black_box(&two), 2, &settings).expect("builds"));
    });
    group.bench_function("prune_solid/random500_2box", |b| {
        b.iter(|| prune_solid(&mut black_box(tree.clone())));
    });
    prune_solid(&mut tree);
    let portals = portalize(&tree);
    assert_eq!(
        [portals.portals.len(), portals.leaf_portals.len()],
        [PORTALS_2BOX, PRUNED_2BOX[1]],
        "random500/2box: [portals, leaves with a portal list] of the pruned tree differ"
    );
    group.bench_function("portalize/random500_2box", |b| {
        b.iter(|| portalize(black_box(&tree)));
    });
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::compile_bsp;
    criterion::criterion_group!(benches, compile_bsp);
}
use group::benches;
criterion_main!(benches);
