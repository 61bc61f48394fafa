//! The BSP stages (build, prune, portals, outside removal) on the nine shared maps: no leak,
//! and the tree classifies points exactly as a brute-force test over the expanded brushes.

use aas_geom::PatchSettings;
use aas_geom::compile::{
    BuildSettings, PrepareSettings, PresenceBox, PresenceMask, build_tree, point_in_brush,
    portalize, prepare_brushes, prune_solid, remove_outside,
};
use aas_geom::format::bsp_q3::read_bsp;
use glam::DVec3;

use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};

/// A small deterministic generator (`SplitMix64`).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1_u64 << 53) as f64
    }
}

#[test]
fn shared_maps_build_seal_and_classify_points_like_brute_force() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut rng = Rng(0xB5B_0001);
    for map in SHARED_MAPS {
        let world = read_bsp(&read_shared(&dir, map, "bsp"), &PatchSettings::default()).unwrap();
        let prepared = prepare_brushes(&world, &PresenceBox::DEFAULTS, &PrepareSettings::default());
        let brushes = &prepared.brushes;
        let mut tree = build_tree(brushes, 2, &BuildSettings::default())
            .unwrap_or_else(|e| panic!("{map}: {e}"));

        // Brute force: the boxes blocked at `p` and the non-blocking contents there.
        let brute = |p: DVec3| {
            let mut blocked = PresenceMask::NONE;
            let mut contents = aas_geom::Contents::empty();
            for brush in brushes {
                if point_in_brush(brush, p) {
                    if brush.contents.blocks_player() {
                        blocked = blocked.union(brush.blocks);
                    } else {
                        contents |= brush.contents;
                    }
                }
            }
            (blocked, contents)
        };
        let near_a_plane = |p: DVec3| {
            brushes.iter().any(|b| {
                b.planes
                    .iter()
                    .any(|plane| plane.distance_to(p).abs() < 0.1)
            })
        };
        let (lo, hi) = (tree.region_mins, tree.region_maxs);
        let mut checked = 0;
        while checked < 300 {
            let p = lo + (hi - lo) * DVec3::new(rng.unit(), rng.unit(), rng.unit());
            if near_a_plane(p) {
                continue;
            }
            checked += 1;
            let leaf = tree.leaf(tree.point_leaf(p)).unwrap();
            let (blocked, contents) = brute(p);
            if blocked == PresenceMask::all(2) {
                assert!(leaf.is_solid(2), "{map}: {p} is solid");
            } else {
                assert_eq!(leaf.blocked, blocked, "{map}: boxes blocked at {p}");
                assert_eq!(leaf.contents, contents, "{map}: contents at {p}");
            }
        }

        prune_solid(&mut tree);
        let portals = portalize(&tree);
        let seeds: Vec<DVec3> = world
            .entities
            .iter()
            .filter_map(aas_geom::Entity::origin)
            .collect();
        let report =
            remove_outside(&mut tree, &portals, &seeds).unwrap_or_else(|e| panic!("{map}: {e}"));
        assert!(report.leak.is_none(), "{map}: leak {:?}", report.leak);
        assert!(
            report.leaves_kept > 0 && report.leaves_removed > 0,
            "{map}: {report:?}"
        );
    }
}
