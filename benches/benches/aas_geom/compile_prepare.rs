//! Brush preparation for the AAS compiler on the shared maps: selection, bevels, expansion by
//! the two default presence boxes and removal of contained brushes, from an already-read
//! `BrushWorld`. Target: a few milliseconds per map, release build.

use std::hint::black_box;

use aas_geom::PatchSettings;
use aas_geom::compile::{PrepareSettings, PresenceBox, prepare_brushes};
use aas_geom::format::bsp_q3::read_bsp;
use criterion::{BenchmarkId, Criterion, criterion_main};

fn compile_prepare(c: &mut Criterion) {
    let Some(maps) = benches::shared_maps_dir() else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("compile_prepare: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let settings = PrepareSettings::default();
    let mut group = c.benchmark_group("prepare_brushes");
    for name in benches::SHARED_MAPS {
        let Ok(bytes) = std::fs::read(maps.join(format!("{name}.bsp"))) else {
            continue;
        };
        let world = read_bsp(&bytes, &PatchSettings::default()).expect("shared .bsp loads");
        group.bench_with_input(BenchmarkId::from_parameter(name), &world, |b, world| {
            b.iter(|| prepare_brushes(black_box(world), &PresenceBox::DEFAULTS, &settings));
        });
    }
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::compile_prepare;
    criterion::criterion_group!(benches, compile_prepare);
}
use group::benches;
criterion_main!(benches);
