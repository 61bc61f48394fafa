//! Sampling queries on the shared reference `.aas` files: point → area and a standing-box
//! trace, over a fixed set of points and segments (per-query time = reported time / batch).

use std::hint::black_box;

use aas_geom::format::aas_q3::{AasFile, PresenceType};
use aas_geom::world::AasWorld;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_main};
use glam::Vec3;

/// Queries per measured batch.
const BATCH: usize = 1024;

/// Deterministic query points: area centres and segments from them in fixed directions.
fn queries(world: &AasWorld) -> Vec<(Vec3, Vec3)> {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..BATCH)
        .map(|_| {
            let area =
                &world.areas[usize::try_from(next() % world.areas.len() as u64).unwrap_or(0)];
            let angle = (next() % 360) as f32 * std::f32::consts::PI / 180.0;
            let end = area.center + Vec3::new(angle.cos(), angle.sin(), 0.0) * 512.0;
            (area.center, end)
        })
        .collect()
}

fn sample_queries(c: &mut Criterion) {
    let Some(maps) = benches::shared_maps_dir() else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("sample_queries: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let worlds: Vec<(&str, AasWorld)> = benches::SHARED_MAPS
        .iter()
        .filter_map(|&name| {
            let bytes = std::fs::read(maps.join(format!("{name}.aas"))).ok()?;
            Some((
                name,
                AasWorld::from_q3(&AasFile::from_bytes(&bytes).ok()?).ok()?,
            ))
        })
        .collect();
    let mut group = c.benchmark_group("point_area");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, world) in &worlds {
        let points = queries(world);
        group.bench_with_input(BenchmarkId::from_parameter(name), &points, |b, points| {
            b.iter(|| {
                points
                    .iter()
                    .filter_map(|(p, _)| world.point_area(black_box(*p)))
                    .count()
            });
        });
    }
    group.finish();
    let mut group = c.benchmark_group("trace_normal_512");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, world) in &worlds {
        let segments = queries(world);
        group.bench_with_input(
            BenchmarkId::from_parameter(name),
            &segments,
            |b, segments| {
                b.iter(|| {
                    segments
                        .iter()
                        .map(|(s, e)| {
                            world
                                .trace(black_box(*s), black_box(*e), PresenceType::NORMAL)
                                .fraction
                        })
                        .sum::<f32>()
                });
            },
        );
    }
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::sample_queries;
    criterion::criterion_group!(benches, sample_queries);
}
use group::benches;
criterion_main!(benches);
