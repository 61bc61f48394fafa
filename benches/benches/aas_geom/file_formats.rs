//! Reading the shared maps' files from memory: `.bsp` into a `BrushWorld` (patches
//! tessellated), `.aas` into an `AasFile` (every cross-reference validated), and `.map` text
//! into a `BrushWorld`. Target: under 20 ms per `.bsp` and `.aas` file, release build.

use std::hint::black_box;

use aas_geom::PatchSettings;
use aas_geom::format::aas_q3::AasFile;
use aas_geom::format::bsp_q3::read_bsp;
use aas_geom::format::map_text::{MapOptions, read_map};
use criterion::{BenchmarkId, Criterion, criterion_main};

fn read_shared(name: &str, extension: &str) -> Option<Vec<u8>> {
    let path = benches::shared_maps_dir()?.join(format!("{name}.{extension}"));
    std::fs::read(path).ok()
}

fn file_formats(c: &mut Criterion) {
    if benches::shared_maps_dir().is_none() {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("file_formats: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    }
    let mut group = c.benchmark_group("read_aas");
    for name in benches::SHARED_MAPS {
        let Some(bytes) = read_shared(name, "aas") else {
            continue;
        };
        group.bench_with_input(BenchmarkId::from_parameter(name), &bytes, |b, bytes| {
            b.iter(|| AasFile::from_bytes(black_box(bytes)).expect("shared .aas loads"));
        });
    }
    group.finish();

    let settings = PatchSettings::default();
    let mut group = c.benchmark_group("read_bsp");
    for name in benches::SHARED_MAPS {
        let Some(bytes) = read_shared(name, "bsp") else {
            continue;
        };
        group.bench_with_input(BenchmarkId::from_parameter(name), &bytes, |b, bytes| {
            b.iter(|| read_bsp(black_box(bytes), &settings).expect("shared .bsp loads"));
        });
    }
    group.finish();

    let options = MapOptions::default();
    let mut group = c.benchmark_group("read_map");
    for name in benches::SHARED_MAPS {
        let Some(bytes) = read_shared(name, "map") else {
            continue;
        };
        group.bench_with_input(BenchmarkId::from_parameter(name), &bytes, |b, bytes| {
            b.iter(|| read_map(black_box(bytes), &options).expect("shared .map loads"));
        });
    }
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::file_formats;
    criterion::criterion_group!(benches, file_formats);
}
use group::benches;
criterion_main!(benches);
