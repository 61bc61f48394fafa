//! The whole area compiler (`compile_world`: prepare → BSP → prune → portals → outside →
//! areas and merging → store) on each shared map's `.bsp`, from an already-read `BrushWorld`.
//! Per-phase times of one run are printed by `bot-harness aas compile MAP -o OUT --json`.

use std::hint::black_box;

use aas_geom::PatchSettings;
use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::bsp_q3::read_bsp;
use criterion::{BenchmarkId, Criterion, criterion_main};

fn compile_maps(c: &mut Criterion) {
    let Some(maps) = benches::shared_maps_dir() else {
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
    for name in benches::SHARED_MAPS {
        let Ok(bytes) = std::fs::read(maps.join(format!("{name}.bsp"))) else {
            continue;
        };
        let Ok(world) = read_bsp(&bytes, &PatchSettings::default()) else {
            continue;
        };
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
