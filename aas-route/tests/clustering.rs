//! [`Clustering::compute`] on the nine shared maps: on bspc's graphs (areas and
//! reachabilities; `-optimize` stripped their faces) and on the worlds our compiler builds
//! from the `.bsp`. Every clustering must validate, every portal must separate two clusters
//! that it touches, and the memory model must not exceed that of the authored portals alone.
//! With only the map-authored portals, bspc's own clustering comes out. The counts are
//! printed beside bspc's. Clusterings survive a Quake III `.aas` round trip.

mod common;

use std::time::Instant;

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::aas_q3::AasFile;
use aas_geom::format::bsp_q3::bsp_checksum;
use aas_geom::format::{ReadSettings, read_brush_world};
use aas_geom::world::AasWorld;
use aas_route::cluster::ClusterSettings;
use aas_route::{AreaId, Clustering, Membership, ReachId, RouteGraph};

use common::{SHARED_MAPS, read_shared, shared_maps_dir};

fn bspc_world(dir: &std::path::Path, map: &str) -> AasWorld {
    let file =
        AasFile::from_bytes(&read_shared(dir, map, "aas")).unwrap_or_else(|e| panic!("{map}: {e}"));
    AasWorld::from_q3(&file).unwrap_or_else(|e| panic!("{map}: {e}"))
}

fn our_world(dir: &std::path::Path, map: &str) -> AasWorld {
    let bytes = read_shared(dir, map, "bsp");
    let path = dir.join(format!("{map}.bsp"));
    let brushes = read_brush_world(&bytes, &path, &ReadSettings::default())
        .unwrap_or_else(|e| panic!("{map}: {e}"));
    let settings = CompileSettings {
        bsp_checksum: bsp_checksum(&bytes),
        ..CompileSettings::default()
    };
    compile_world(&brushes, &settings)
        .unwrap_or_else(|e| panic!("{map}: {e}"))
        .world
}

/// Checks what `validate` does not: every portal touches both of its clusters (through a
/// face or a reachability), and no member touches a member of another cluster.
fn check_portals(map: &str, world: &AasWorld, clustering: &Clustering) {
    let cluster_of = |a: AreaId| match clustering.membership[a.index()] {
        Membership::Cluster(c) => Some(c),
        _ => None,
    };
    let mut touched = vec![Vec::new(); clustering.portals.len()];
    let mut pair = |a: AreaId, b: AreaId| {
        for (x, y) in [(a, b), (b, a)] {
            if let (Membership::Portal(p), Some(c)) =
                (clustering.membership[x.index()], cluster_of(y))
            {
                touched[p.index()].push(c);
            }
        }
        if let (Some(ca), Some(cb)) = (cluster_of(a), cluster_of(b)) {
            assert_eq!(
                ca, cb,
                "{map}: areas {} and {} touch across clusters",
                a.0, b.0
            );
        }
    };
    for index in 0..world.area_count() {
        let area = AreaId(u32::try_from(index).unwrap());
        for reach in world.reaches(area) {
            pair(area, world.reach(ReachId(reach)).target);
        }
        let mut faces = Vec::new();
        world.face_neighbours(area, &mut |other| faces.push(other));
        for other in faces {
            if clustering.membership[other.index()] != Membership::None
                && clustering.membership[area.index()] != Membership::None
            {
                pair(area, other);
            }
        }
    }
    for (portal, sides) in clustering.portals.iter().zip(&mut touched) {
        sides.sort_unstable();
        sides.dedup();
        assert_eq!(
            sides.as_slice(),
            [portal.front, portal.back],
            "{map}: portal area {} touches {sides:?}",
            portal.area.0
        );
    }
}

#[test]
fn computed_clusterings_are_valid_on_the_shared_maps() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut lines = Vec::new();
    for map in SHARED_MAPS {
        let bspc = bspc_world(&dir, map);
        let stored = Clustering::from_world(&bspc);
        let ours_world = our_world(&dir, map);
        let mut row = format!(
            "{map:>14}: bspc {:>2} clusters {:>2} portals {:>7} B",
            stored.clusters.len(),
            stored.portals.len(),
            stored.memory_model_bytes(&bspc)
        );
        // bspc's portals are the map-authored ones: the authored rules find its clustering,
        // numbering included.
        let authored = Clustering::compute(&bspc, &ClusterSettings::authored_only());
        assert_eq!(
            authored, stored,
            "{map}: authored portals give bspc's clustering"
        );
        for (name, world) in [("bspc graph", &bspc), ("our world", &ours_world)] {
            let start = Instant::now();
            let computed = Clustering::compute(world, &ClusterSettings::default());
            let elapsed = start.elapsed();
            computed
                .validate(world)
                .unwrap_or_else(|e| panic!("{map} {name}: {e}"));
            check_portals(map, world, &computed);
            let bytes = computed.memory_model_bytes(world);
            let authored = Clustering::compute(world, &ClusterSettings::authored_only());
            authored
                .validate(world)
                .unwrap_or_else(|e| panic!("{map} {name} authored: {e}"));
            assert!(
                bytes <= authored.memory_model_bytes(world),
                "{map} {name}: {bytes} B above the authored clustering"
            );
            // Deterministic.
            assert_eq!(
                computed,
                Clustering::compute(world, &ClusterSettings::default())
            );
            row += &format!(
                " | {name}: {:>3} areas {:>2} clusters {:>2} portals {:>7} B {:>6.1} ms \
                 (authored only: {} clusters {} portals {} B)",
                world.area_count(),
                computed.clusters.len(),
                computed.portals.len(),
                bytes,
                elapsed.as_secs_f64() * 1e3,
                authored.clusters.len(),
                authored.portals.len(),
                authored.memory_model_bytes(world)
            );
        }
        lines.push(row);
    }
    #[expect(
        clippy::print_stdout,
        reason = "the measured counts are the test's report"
    )]
    for line in lines {
        println!("{line}");
    }
}

/// Writes `clustering` into a copy of `world`, through Quake III `.aas` bytes and back.
fn round_trip(world: &AasWorld, clustering: &Clustering) -> AasWorld {
    let mut stored = world.clone();
    clustering.store_into(&mut stored);
    let bytes = stored.to_q3().to_bytes();
    let file = AasFile::from_bytes(&bytes).expect("the written file reads");
    AasWorld::from_q3(&file).expect("the written file imports")
}

/// Checks botlib's numbering inside each cluster: reachability areas first, then portals
/// with reachabilities, then the rest; every area and portal numbered once.
fn check_numbering(map: &str, world: &AasWorld, clustering: &Clustering) {
    use aas_geom::world::ClusterMembership;
    for (index, cluster) in clustering.clusters.iter().enumerate() {
        let stored = &world.clusters[index];
        let mut numbers: Vec<(u32, bool, bool)> = Vec::new();
        for area in &cluster.areas {
            let record = &world.areas[area.index()];
            assert!(matches!(record.cluster, ClusterMembership::Cluster(c) if c.index() == index));
            numbers.push((
                record.cluster_area_num,
                !record.reachabilities.is_empty(),
                false,
            ));
        }
        for portal in &cluster.portals {
            let record = &world.portals[portal.index()];
            let side = usize::from(record.front.index() != index);
            let routed = !world.areas[record.area.index()].reachabilities.is_empty();
            numbers.push((record.cluster_area_num[side], routed, true));
        }
        numbers.sort_unstable();
        let expected: Vec<u32> = (0..u32::try_from(numbers.len()).unwrap()).collect();
        let got: Vec<u32> = numbers.iter().map(|n| n.0).collect();
        assert_eq!(got, expected, "{map} cluster {index}");
        assert_eq!(stored.num_areas, u32::try_from(numbers.len()).unwrap());
        let routed = numbers.iter().filter(|n| n.1).count();
        assert_eq!(
            stored.num_reachability_areas,
            u32::try_from(routed).unwrap()
        );
        // Groups in order: routed members, routed portals, then the rest.
        let rank = |&(_, routed, portal): &(u32, bool, bool)| match (routed, portal) {
            (true, false) => 0,
            (true, true) => 1,
            _ => 2,
        };
        assert!(
            numbers.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
            "{map} cluster {index}: {numbers:?}"
        );
    }
}

#[test]
fn clusterings_survive_the_quake3_file() {
    let Some(dir) = shared_maps_dir() else { return };
    for map in ["oa_dm1v2", "dm4ish", "dm3ish"] {
        // Ours, on our world.
        let world = our_world(&dir, map);
        let computed = Clustering::compute(&world, &ClusterSettings::default());
        assert!(computed.portals.len() > 1, "{map}: a test needs portals");
        let back = round_trip(&world, &computed);
        assert_eq!(Clustering::from_world(&back), computed, "{map}");
        check_numbering(map, &back, &computed);
        // bspc's, stored again: the same clusters, portals and area numbers as bspc wrote.
        let bspc = bspc_world(&dir, map);
        let stored = Clustering::from_world(&bspc);
        let again = round_trip(&bspc, &stored);
        assert_eq!(Clustering::from_world(&again), stored, "{map}");
        check_numbering(map, &again, &stored);
        assert_eq!(again.clusters, bspc.clusters, "{map}");
        let numbers =
            |w: &AasWorld| -> Vec<u32> { w.areas.iter().map(|a| a.cluster_area_num).collect() };
        assert_eq!(numbers(&again), numbers(&bspc), "{map}");
        // bspc numbers a cluster's portals in its flood order, we in portal order: the same
        // numbers, perhaps swapped between portals.
        let sides = |w: &AasWorld| -> Vec<_> {
            w.portals
                .iter()
                .map(|p| (p.area, p.front, p.back))
                .collect()
        };
        assert_eq!(sides(&again), sides(&bspc), "{map}");
        check_numbering(map, &bspc, &stored);
    }
}
