//! Tests of the gravitational subdivision's bookkeeping: the portals it keeps up to date split
//! by split are those a fresh portalisation of the final tree finds.

use std::collections::BTreeMap;

use super::gravity::{GravitySettings, subdivide_by_gravity};
use super::portalize::{PortalSide, Portals, portalize};
use super::seeds::find_seeds;
use super::{
    BspTree, BuildSettings, PrepareSettings, PresenceBox, build_tree, prepare_brushes, prune_solid,
    remove_outside,
};
use crate::format::map_text::{MapSettings, read_map};

/// The tree of a test map as the pipeline hands it to the gravitational subdivision.
fn tree_before_gravity(map: &[u8]) -> BspTree {
    let world = read_map(map, &MapSettings::default()).expect("test map parses");
    let boxes = PresenceBox::DEFAULTS.to_vec();
    let prepared = prepare_brushes(&world, &boxes, &PrepareSettings::default());
    let mut tree = build_tree(&prepared.brushes, boxes.len(), &BuildSettings::default())
        .expect("test map builds");
    prune_solid(&mut tree);
    let portals = portalize(&tree);
    let seeds = find_seeds(&world, &tree);
    remove_outside(&mut tree, &portals, &seeds.points).expect("test map is sealed");
    prune_solid(&mut tree);
    tree
}

/// Total portal area per pair of sides (smaller first) and plane.
fn areas_by_pair(portals: &Portals) -> BTreeMap<(PortalSide, PortalSide, u32), f64> {
    let mut areas = BTreeMap::new();
    for portal in &portals.portals {
        let (a, b) = if portal.front <= portal.back {
            (portal.front, portal.back)
        } else {
            (portal.back, portal.front)
        };
        *areas
            .entry((a, b, portal.plane.canonical().0))
            .or_insert(0.0) += portal.winding.area();
    }
    areas
}

#[test]
fn portals_kept_up_to_date_by_the_splits_are_those_of_the_final_tree() {
    for (name, map) in [
        (
            "pool_room",
            &include_bytes!("../../tests/maps/pool_room.map")[..],
        ),
        (
            "spiral_ramp",
            include_bytes!("../../tests/maps/spiral_ramp.map"),
        ),
        (
            "helix_ramp",
            include_bytes!("../../tests/maps/helix_ramp.map"),
        ),
    ] {
        let mut tree = tree_before_gravity(map);
        let (stats, kept) = subdivide_by_gravity(&mut tree, &GravitySettings::default());
        assert!(stats.splits > 0, "{name}: {stats:?}");
        let fresh = portalize(&tree);
        // Every listed portal exists and names the leaf that lists it; lists are in id order.
        for (leaf, list) in kept.leaf_portals.iter().enumerate() {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{name}: leaf {leaf}");
            for &id in list {
                let portal = kept.get(id).expect("listed portal exists");
                let me = PortalSide::Leaf(super::LeafId(leaf as u32));
                assert!(
                    portal.front == me || portal.back == me,
                    "{name}: leaf {leaf}"
                );
            }
        }
        // The same pairs of leaves touch on the same planes with the same areas, up to
        // rounding: points within `ON_EPSILON` of a plane count as on it, so clipping in
        // another order can move an edge between two nearly parallel planes by a fraction of
        // a unit (at most 0.33 square units on the helix ramp's 9,795 pairs, 14 pairs more
        // than 0.05 apart), and a piece under the smallest portal area may be dropped in one
        // order and kept in the other. A portal missing or given to the wrong leaf would
        // differ by whole portals.
        let (a, b) = (areas_by_pair(&kept), areas_by_pair(&fresh));
        let mut differing = Vec::new();
        for key in a.keys().chain(b.keys()) {
            let (x, y) = (
                a.get(key).copied().unwrap_or(0.0),
                b.get(key).copied().unwrap_or(0.0),
            );
            if (x - y).abs() > 0.05 {
                differing.push((*key, x, y));
            }
        }
        let largest = differing
            .iter()
            .map(|&(_, x, y)| (x - y).abs())
            .fold(0.0, f64::max);
        assert!(
            largest < 1.0 && differing.len() * 200 < b.len(),
            "{name}: {} of {} pairs differ, by up to {largest}: {:?}",
            differing.len(),
            b.len(),
            &differing[..differing.len().min(8)]
        );
    }
}
