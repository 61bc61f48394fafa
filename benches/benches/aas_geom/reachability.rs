//! Reachability computation (`compute_reachabilities`: walks, steps, barriers, ledges, jumps
//! validated by prediction, swims, teleporters, jump pads, platforms and rocket jumps) on each
//! shared map's world, compiled once without reachabilities before timing.
//!
//! Before timing, the reachabilities of each map are computed once and counted.

use std::hint::black_box;
use std::time::Duration;

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::entities::extract_entities;
use aas_geom::format::{ReadSettings, load_brush_world};
use aas_geom::reach::{ReachSettings, compute_reachabilities};
use criterion::{BenchmarkId, Criterion, criterion_main};

/// Per map, `[areas, reachabilities, areas with at least one]` of `compute_reachabilities`
/// with the default settings on the world `compile_world` builds without them, as this bench's
/// code computed them when it was written (our compiler; bspc's are in real-data.md §1.3). A
/// change that moves them on purpose updates them; a speed-up must not.
const REACH_COUNTS: [(&str, [usize; 3]); 9] = [
    ("q3dm6ish", [456, 1026, 254]),
    ("oa_dm1v2", [497, 850, 227]),
    ("am_galmevish", [327, 566, 155]),
    ("oa_bases3cl", [205, 335, 117]),
    ("blitzkrieg2", [218, 376, 113]),
    ("dm4ish", [716, 1113, 262]),
    ("ps37ctf", [394, 935, 225]),
    ("am_underworks", [395, 601, 152]),
    ("dm3ish", [660, 1215, 290]),
];

fn reachability(c: &mut Criterion) {
    let Some(maps) = real_data::find_in(real_data::MAPS) else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("reachability: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let compile = CompileSettings {
        reachability: None,
        ..CompileSettings::default()
    };
    let reach = ReachSettings::default();
    let mut group = c.benchmark_group("compute_reachabilities");
    // Milliseconds per run: ten samples in about 4 s per map (1 s warm-up, 3 s measuring) keep
    // the nine maps' measuring under a minute.
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for name in real_data::SHARED_MAPS {
        let Ok(brushes) =
            load_brush_world(&maps.join(format!("{name}.bsp")), &ReadSettings::default())
        else {
            continue;
        };
        let entities = extract_entities(&brushes, reach.physics.gravity);
        let world = compile_world(&brushes, &compile)
            .expect("shared map compiles")
            .world;
        let reaches = compute_reachabilities(&world, &entities, &reach);
        assert_eq!(
            [
                reaches.len(),
                reaches.iter().map(Vec::len).sum(),
                reaches.iter().filter(|list| !list.is_empty()).count()
            ],
            benches::expected(&REACH_COUNTS, name),
            "{name}: [areas, reachabilities, areas with reachabilities] computed differ"
        );
        group.bench_with_input(
            BenchmarkId::from_parameter(name),
            &(world, entities),
            |b, (world, entities)| {
                b.iter(|| compute_reachabilities(black_box(world), entities, &reach));
            },
        );
    }
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::reachability;
    criterion::criterion_group!(benches, reachability);
}
use group::benches;
criterion_main!(benches);
