//! [`BspVisibility`] on the 18 shared real maps (GPL data, read in place, never copied): on
//! random point pairs inside each map, a pair the PVS culls is really blocked by the world's
//! solid brushes, i.e. the PVS never hides a visible pair; and a point moved within the room
//! [`BspVisibility::cluster_and_room`] gives it stays in its leaf.

use std::path::Path;

use aas_geom::brush::{Brush, ModelNum};
use aas_geom::format::bsp_q3::{BspVisibility, read_bsp};
use aas_geom::{Contents, PatchSettings};
use glam::DVec3;
use real_data::{PACK_MAPS, SHARED_MAPS};

use crate::rng::SplitMix64;

/// Random pairs tried per map.
const PAIRS: usize = 4000;

/// Whether the segment `a → b` meets the convex brush (the points with `n · x ≤ d` for every
/// side). Touching a face counts as meeting it.
fn segment_meets_brush(brush: &Brush, a: DVec3, b: DVec3) -> bool {
    let (mut enter, mut leave) = (0.0f64, 1.0f64);
    for side in &brush.sides {
        let da = side.plane.distance_to(a);
        let db = side.plane.distance_to(b);
        if da > 0.0 && db > 0.0 {
            return false;
        }
        if da <= 0.0 && db <= 0.0 {
            continue;
        }
        let t = da / (da - db);
        if da > 0.0 {
            enter = enter.max(t);
        } else {
            leave = leave.min(t);
        }
        if enter > leave {
            return false;
        }
    }
    true
}

/// Checks one map; returns `(culled, pairs with both points in a cluster, clusters)`.
fn check_map(dir: &Path, name: &str) -> (usize, usize, usize) {
    let bytes = real_data::read(dir, name, "bsp");
    let vis = BspVisibility::from_bsp(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(vis.has_data(), "{name} has no visibility data");
    let world = read_bsp(&bytes, &PatchSettings::default()).unwrap();
    let solids: Vec<&Brush> = world
        .brushes
        .iter()
        .filter(|brush| brush.model == ModelNum::WORLD && brush.contents.contains(Contents::SOLID))
        .collect();
    let origins: Vec<DVec3> = world
        .entities
        .iter()
        .filter_map(aas_geom::brush::Entity::origin)
        .collect();
    assert!(origins.len() > 4, "{name}: too few entity origins");

    let mut rng = SplitMix64(0x5EED_0000 ^ name.len() as u64);
    let pick = |rng: &mut SplitMix64| {
        // An entity origin, or a point between two of them, raised by up to 64 units.
        let first = origins[rng.below(origins.len())];
        let second = origins[rng.below(origins.len())];
        let t = if rng.below(2) == 0 {
            0.0
        } else {
            f64::from(rng.unit()) * 0.5 + 0.5
        };
        first.lerp(second, t) + DVec3::new(0.0, 0.0, 8.0 + 28.0 * (f64::from(rng.unit()) + 1.0))
    };
    let (mut culled, mut in_clusters) = (0, 0);
    for _ in 0..PAIRS {
        let a = pick(&mut rng);
        let b = pick(&mut rng);
        let (fa, fb) = (a.as_vec3(), b.as_vec3());
        if vis.cluster_at(fa).is_some() && vis.cluster_at(fb).is_some() {
            in_clusters += 1;
        }
        // The room a point has: moved less than that (less a hundredth against rounding), it
        // stays in its leaf.
        let (cluster, room) = vis.cluster_and_room(fa);
        assert_eq!(cluster, vis.cluster_at(fa), "{name}: {fa}");
        let direction = (fb - fa).normalize_or_zero();
        for share in [0.25, 0.5, 0.99] {
            let distance = room * share - 0.01;
            if distance <= 0.0 {
                continue;
            }
            let moved = fa + direction * distance;
            assert_eq!(
                vis.leaf_at(moved),
                vis.leaf_at(fa),
                "{name}: {fa} moved {distance} of its room {room} towards {fb}"
            );
        }
        if vis.potentially_visible(fa, fb) {
            continue;
        }
        culled += 1;
        assert!(
            solids.iter().any(|brush| segment_meets_brush(brush, a, b)),
            "{name}: the PVS hides {b:?} from {a:?} (clusters {:?} → {:?}) but no solid world brush blocks the line",
            vis.cluster_at(fa),
            vis.cluster_at(fb),
        );
    }
    (culled, in_clusters, vis.cluster_count())
}

#[test]
#[expect(
    clippy::print_stderr,
    reason = "reports the fraction of pairs culled per map"
)]
fn the_pvs_never_hides_a_visible_pair_on_the_shared_maps() {
    let mut checked = 0;
    for (dir, names) in [
        (real_data::maps(), SHARED_MAPS),
        (real_data::pack_maps(), PACK_MAPS),
    ] {
        let Some(dir) = dir else {
            continue;
        };
        for name in names {
            let (culled, in_clusters, clusters) = check_map(&dir, name);
            #[expect(clippy::cast_precision_loss, reason = "a printed ratio")]
            let (all, inside) = (
                culled as f64 / PAIRS as f64,
                culled as f64 / in_clusters.max(1) as f64,
            );
            eprintln!(
                "{name} ({clusters} clusters): PVS culls {culled}/{PAIRS} random pairs ({:.1}%; {:.1}% of the {in_clusters} pairs with both points in a cluster)",
                100.0 * all,
                100.0 * inside
            );
            checked += 1;
        }
    }
    if checked > 0 {
        assert_eq!(checked, 18);
    }
}
