//! Sampling queries on the shared reference `.aas` files: point → area and a standing-box
//! trace, over a fixed set of points and segments (per-query time = reported time / batch).
//!
//! Before timing, each map's answers are checked: every query point (an area's centre) lies
//! in that very area, and the traces' fractions add up to the recorded sum.

use std::hint::black_box;

use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::{AasWorld, NodeChild, PresenceType};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_main};
use glam::Vec3;

/// Queries per measured batch.
const BATCH: usize = 1024;

/// Per map, the sum of the `BATCH` standing-box trace fractions of [`queries`] on the shared
/// `.aas`, as this bench's code computed it when it was written (about 6 to 300 of the 1024
/// traces run their full 512 units).
const TRACE_FRACTION_SUMS: [(&str, f64); 9] = [
    ("q3dm6ish", 208.032_32),
    ("oa_dm1v2", 230.345_64),
    ("am_galmevish", 354.425_57),
    ("oa_bases3cl", 329.897),
    ("blitzkrieg2", 287.462_1),
    ("dm4ish", 220.978_44),
    ("ps37ctf", 446.925_54),
    ("am_underworks", 321.484_62),
    ("dm3ish", 149.605_67),
];

/// Deterministic query points: area centres and segments from them in fixed directions.
fn queries(world: &AasWorld) -> Vec<(Vec3, Vec3)> {
    query_areas(world)
        .into_iter()
        .map(|(_, start, end)| (start, end))
        .collect()
}

/// [`queries`] with the index of the area whose centre each starts from.
fn query_areas(world: &AasWorld) -> Vec<(usize, Vec3, Vec3)> {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..BATCH)
        .map(|_| {
            let index = usize::try_from(next() % world.areas.len() as u64).unwrap_or(0);
            let area = &world.areas[index];
            let angle = (next() % 360) as f32 * std::f32::consts::PI / 180.0;
            let end = area.center + Vec3::new(angle.cos(), angle.sin(), 0.0) * 512.0;
            (index, area.center, end)
        })
        .collect()
}

fn sample_queries(c: &mut Criterion) {
    let Some(maps) = real_data::find_in(real_data::MAPS) else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("sample_queries: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let worlds: Vec<(&str, AasWorld)> = real_data::SHARED_MAPS
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
        // Areas are convex: each centre lies in its own area.
        for (area, point, _) in query_areas(world) {
            let found = world.point_area(point).map(aas_geom::AreaId::index);
            assert_eq!(
                found,
                Some(area),
                "{name}: point_area of area {area}'s centre {point}"
            );
        }
        let points = queries(world);
        let inside = points
            .iter()
            .filter_map(|(p, _)| world.point_area(*p))
            .count();
        assert_eq!(inside, BATCH, "{name}: query points inside an area");
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
        let sum: f32 = segments
            .iter()
            .map(|(s, e)| world.trace(*s, *e, PresenceType::NORMAL).fraction)
            .sum();
        benches::assert_close(
            &format!("{name}: sum of {BATCH} trace fractions"),
            f64::from(sum),
            benches::expected(&TRACE_FRACTION_SUMS, name),
            1e-3,
        );
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
    // The footing check's shortcut: a strip along a braking line (40 by 4 units, a slab of
    // 1.5) must hold only open areas, in one walk down the tree.
    let mut group = c.benchmark_group("bbox_leaves_all_strip");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, world) in &worlds {
        let strips: Vec<(Vec3, Vec3)> = queries(world)
            .iter()
            .map(|&(point, _)| {
                (
                    point - Vec3::new(2.0, 2.0, 0.0),
                    point + Vec3::new(38.0, 2.0, 1.5),
                )
            })
            .collect();
        let open_leaf = |leaf: NodeChild| matches!(leaf, NodeChild::Area(_));
        let open = strips
            .iter()
            .filter(|&&(mins, maxs)| world.bbox_leaves_all(mins, maxs, open_leaf))
            .count();
        assert!(open > 0, "{name}: no strip around a query point is open");
        group.bench_with_input(BenchmarkId::from_parameter(name), &strips, |b, strips| {
            b.iter(|| {
                strips
                    .iter()
                    .filter(|&&(mins, maxs)| {
                        world.bbox_leaves_all(black_box(mins), black_box(maxs), open_leaf)
                    })
                    .count()
            });
        });
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
