//! Brush preparation for the AAS compiler on the shared maps: selection, bevels, expansion by
//! the two default presence boxes and removal of contained brushes, from an already-read
//! `BrushWorld`. Target: a few milliseconds per map, release build.
//!
//! Before timing, each map is prepared once and its brush counts are checked.

use std::hint::black_box;

use aas_geom::PatchSettings;
use aas_geom::compile::{PrepareSettings, PresenceBox, prepare_brushes};
use aas_geom::format::bsp_q3::read_bsp;
use criterion::{BenchmarkId, Criterion, criterion_main};

/// Per map, `[expanded brushes, source brushes compiled, diagnostics]` of `prepare_brushes`
/// with the two default boxes, as this bench's code computed them when it was written (each
/// compiled brush gives one expanded brush per box, less those another one contains).
const PREPARED_COUNTS: [(&str, [usize; 3]); 9] = [
    ("q3dm6ish", [886, 443, 0]),
    ("oa_dm1v2", [1336, 668, 0]),
    ("am_galmevish", [212, 106, 0]),
    ("oa_bases3cl", [472, 236, 0]),
    ("blitzkrieg2", [1358, 680, 0]),
    ("dm4ish", [1286, 647, 0]),
    ("ps37ctf", [1068, 540, 0]),
    ("am_underworks", [952, 511, 0]),
    ("dm3ish", [1384, 693, 0]),
];

fn compile_prepare(c: &mut Criterion) {
    let Some(maps) = real_data::find_in(real_data::MAPS) else {
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
    for name in real_data::SHARED_MAPS {
        let Ok(bytes) = std::fs::read(maps.join(format!("{name}.bsp"))) else {
            continue;
        };
        let world = read_bsp(&bytes, &PatchSettings::default()).expect("shared .bsp loads");
        let prepared = prepare_brushes(&world, &PresenceBox::DEFAULTS, &settings);
        assert_eq!(
            [
                prepared.brushes.len(),
                prepared.stats.compiled,
                prepared.diagnostics.len()
            ],
            benches::expected(&PREPARED_COUNTS, name),
            "{name}: [expanded brushes, compiled brushes, diagnostics] differ"
        );
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
