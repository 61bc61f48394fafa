//! The whole area compiler (`compile_world`: prepare → BSP → prune → portals → outside →
//! areas and merging → store) on each shared map's `.bsp`, from an already-read `BrushWorld`.
//! Per-phase times of one run are printed by `bot-harness aas compile MAP -o OUT --json`.
//!
//! Before timing, each map is compiled once: it must not leak, the world must be consistent
//! (`AasWorld::validate`) and its counts are checked.

use std::hint::black_box;

use aas_geom::PatchSettings;
use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::bsp_q3::read_bsp;
use criterion::{BenchmarkId, Criterion, criterion_main};

/// Per map, `[areas, reachabilities, nodes]` of `compile_world` with the default settings, as
/// this bench's code computed them when it was written (our compiler, not bspc: real-data.md
/// §1.3 has bspc's). A compiler change that moves them on purpose updates them; a speed-up
/// must not.
const COMPILED_COUNTS: [(&str, [usize; 3]); 9] = [
    ("q3dm6ish", [456, 1026, 2087]),
    ("oa_dm1v2", [497, 850, 2346]),
    ("am_galmevish", [327, 566, 1155]),
    ("oa_bases3cl", [205, 335, 1062]),
    ("blitzkrieg2", [218, 376, 1495]),
    ("dm4ish", [716, 1113, 3813]),
    ("ps37ctf", [394, 935, 1690]),
    ("am_underworks", [395, 601, 1422]),
    ("dm3ish", [660, 1215, 3787]),
];

fn compile_maps(c: &mut Criterion) {
    let Some(maps) = real_data::find_in(real_data::MAPS) else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("compile_maps: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let settings = CompileSettings::default();
    let mut group = c.benchmark_group("compile_world");
    group.sample_size(10);
    for name in real_data::SHARED_MAPS {
        let Ok(bytes) = std::fs::read(maps.join(format!("{name}.bsp"))) else {
            continue;
        };
        let Ok(world) = read_bsp(&bytes, &PatchSettings::default()) else {
            continue;
        };
        let out = compile_world(&world, &settings).expect("shared map compiles");
        assert_eq!(out.stats.leak, None, "{name}: the compiled map leaks");
        if let Err(error) = out.world.validate() {
            panic!("{name}: the compiled world is inconsistent: {error}");
        }
        let compiled = &out.world;
        assert_eq!(
            [
                compiled.areas.len(),
                compiled.reachabilities.len(),
                compiled.nodes.len()
            ],
            benches::expected(&COMPILED_COUNTS, name),
            "{name}: [areas, reachabilities, nodes] compiled differ"
        );
        group.bench_with_input(BenchmarkId::from_parameter(name), &world, |b, world| {
            b.iter(|| compile_world(black_box(world), &settings).expect("shared map compiles"));
        });
    }
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::compile_maps;
    criterion::criterion_group!(benches, compile_maps);
}
use group::benches;
criterion_main!(benches);
