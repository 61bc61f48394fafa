//! Reading the shared maps' files from memory: `.bsp` into a `BrushWorld` (patches
//! tessellated), `.aas` into an `AasFile` (every cross-reference validated), and `.map` text
//! into a `BrushWorld`. Target: under 20 ms per `.bsp` and `.aas` file, release build.
//!
//! Before timing, each file is read once and its record counts are checked against those of
//! `../shared/reference/real-data.md` (§1.1, §1.3, §1.4).

use std::hint::black_box;

use aas_geom::PatchSettings;
use aas_geom::format::aas_q3::AasFile;
use aas_geom::format::bsp_q3::read_bsp;
use aas_geom::format::map_text::{MapSettings, read_map};
use benches::expected;
use criterion::{BenchmarkId, Criterion, criterion_main};

/// Per map, the `.aas` record counts `[areas, reachabilities, nodes, clusters, portals]`
/// (index-0 dummies included): bspc's reference numbers, real-data.md §1.3.
const AAS_COUNTS: [(&str, [usize; 5]); 9] = [
    ("q3dm6ish", [435, 949, 1782, 2, 1]),
    ("oa_dm1v2", [479, 750, 1615, 7, 12]),
    ("am_galmevish", [310, 628, 907, 3, 5]),
    ("oa_bases3cl", [214, 335, 942, 2, 1]),
    ("blitzkrieg2", [232, 352, 1047, 2, 1]),
    ("dm4ish", [694, 1013, 2684, 7, 11]),
    ("ps37ctf", [363, 884, 1130, 2, 1]),
    ("am_underworks", [333, 741, 967, 2, 1]),
    ("dm3ish", [674, 1309, 2670, 3, 4]),
];

/// Per map, the `.bsp`'s `[brushes, patches, entities]`: the feature census of real-data.md
/// §1.4 (brush lump, patch surfaces, entity lump).
const BSP_COUNTS: [(&str, [usize; 3]); 9] = [
    ("q3dm6ish", [449, 0, 63]),
    ("oa_dm1v2", [671, 3, 109]),
    ("am_galmevish", [170, 0, 143]),
    ("oa_bases3cl", [236, 0, 89]),
    ("blitzkrieg2", [712, 0, 67]),
    ("dm4ish", [649, 0, 47]),
    ("ps37ctf", [490, 21, 149]),
    ("am_underworks", [345, 56, 91]),
    ("dm3ish", [693, 0, 64]),
];

/// Per map, the `.map` source's `[brushes, patches, entities]`: brushes equal the `.bsp`'s
/// (real-data.md §1.1), patches as §1.1 notes (13 on `oa_dm1v2`, 22 on `ps37ctf`), and entities
/// as `read_map` counts them (more than the `.bsp`'s: the map compiler drops lights and
/// such); read with this bench's code when it was written.
const MAP_COUNTS: [(&str, [usize; 3]); 9] = [
    ("q3dm6ish", [449, 0, 93]),
    ("oa_dm1v2", [671, 13, 196]),
    ("am_galmevish", [170, 0, 210]),
    ("oa_bases3cl", [236, 0, 111]),
    ("blitzkrieg2", [712, 0, 67]),
    ("dm4ish", [649, 0, 98]),
    ("ps37ctf", [490, 22, 180]),
    ("am_underworks", [345, 56, 174]),
    ("dm3ish", [693, 0, 114]),
];

fn read_shared(name: &str, extension: &str) -> Option<Vec<u8>> {
    let path = real_data::find_in(real_data::MAPS)?.join(format!("{name}.{extension}"));
    std::fs::read(path).ok()
}

fn file_formats(c: &mut Criterion) {
    if real_data::find_in(real_data::MAPS).is_none() {
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
    for name in real_data::SHARED_MAPS {
        let Some(bytes) = read_shared(name, "aas") else {
            continue;
        };
        let file = AasFile::from_bytes(&bytes).expect("shared .aas loads");
        let counts = [
            file.areas.len(),
            file.reachabilities.len(),
            file.nodes.len(),
            file.clusters.len(),
            file.portals.len(),
        ];
        assert_eq!(
            counts,
            expected(&AAS_COUNTS, name),
            "{name}.aas: [areas, reachabilities, nodes, clusters, portals] read differ from bspc's"
        );
        group.bench_with_input(BenchmarkId::from_parameter(name), &bytes, |b, bytes| {
            b.iter(|| AasFile::from_bytes(black_box(bytes)).expect("shared .aas loads"));
        });
    }
    group.finish();

    let settings = PatchSettings::default();
    let mut group = c.benchmark_group("read_bsp");
    for name in real_data::SHARED_MAPS {
        let Some(bytes) = read_shared(name, "bsp") else {
            continue;
        };
        let world = read_bsp(&bytes, &settings).expect("shared .bsp loads");
        let counts = [
            world.brushes.len(),
            world.patches.len(),
            world.entities.len(),
        ];
        assert_eq!(
            counts,
            expected(&BSP_COUNTS, name),
            "{name}.bsp: [brushes, patches, entities] read differ from the census"
        );
        group.bench_with_input(BenchmarkId::from_parameter(name), &bytes, |b, bytes| {
            b.iter(|| read_bsp(black_box(bytes), &settings).expect("shared .bsp loads"));
        });
    }
    group.finish();

    let options = MapSettings::default();
    let mut group = c.benchmark_group("read_map");
    for name in real_data::SHARED_MAPS {
        let Some(bytes) = read_shared(name, "map") else {
            continue;
        };
        let world = read_map(&bytes, &options).expect("shared .map loads");
        let counts = [
            world.brushes.len(),
            world.patches.len(),
            world.entities.len(),
        ];
        assert_eq!(
            counts,
            expected(&MAP_COUNTS, name),
            "{name}.map: [brushes, patches, entities] read differ"
        );
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
