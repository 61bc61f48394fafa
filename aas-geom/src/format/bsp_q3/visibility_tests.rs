//! Tests of [`BspVisibility`] on small in-memory files.

use glam::Vec3;

use crate::brush::BspLump;

use super::test_builder::{BspBuilder, directory_entry, poke_i32};
use super::{BspError, BspFile, BspVisibility};

/// Two clusters split by the plane x = 0 that do not see each other, and a solid slab
/// beyond x = 100:
/// node 0 (x ≥ 0 → node 1, else leaf 0 / cluster 0);
/// node 1 (x ≥ 100 → leaf 2 / solid, else leaf 1 / cluster 1).
fn two_rooms() -> BspBuilder {
    let mut builder = BspBuilder {
        entities: "{\n\"classname\" \"worldspawn\"\n}\n".to_owned(),
        ..BspBuilder::default()
    };
    builder.planes = vec![([1.0, 0.0, 0.0], 0.0), ([1.0, 0.0, 0.0], 100.0)];
    builder.nodes = vec![[0, 1, -1], [1, -3, -2]];
    builder.leaf_clusters = vec![0, 1, -1];
    builder.visibility = vis(2, 1, &[0b01, 0b10]);
    builder
}

/// A VISIBILITY lump: header and rows.
fn vis(clusters: i32, bytes_per_cluster: i32, rows: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&clusters.to_le_bytes());
    out.extend_from_slice(&bytes_per_cluster.to_le_bytes());
    out.extend_from_slice(rows);
    out
}

/// Byte offset of record `record`'s field at `field_at` in lump `lump` of `file`.
fn field(file: &[u8], lump: BspLump, record: usize, field_at: usize) -> usize {
    directory_entry(file, lump).0 + record * super::record_size(lump) + field_at
}

const ROOM0: Vec3 = Vec3::new(-50.0, 10.0, 20.0);
const ROOM0B: Vec3 = Vec3::new(-500.0, -10.0, 0.0);
const ROOM1: Vec3 = Vec3::new(50.0, 10.0, 20.0);
const SOLID: Vec3 = Vec3::new(150.0, 0.0, 0.0);

#[test]
fn points_sort_into_clusters_and_hidden_pairs_are_culled() {
    let file = two_rooms().build();
    BspFile::from_bytes(&file).unwrap();
    let vis = BspVisibility::from_bsp(&file).unwrap();
    assert!(vis.has_data());
    assert_eq!(vis.cluster_count(), 2);
    assert_eq!(vis.cluster_at(ROOM0), Some(0));
    assert_eq!(vis.cluster_at(ROOM1), Some(1));
    // On the plane: the front child.
    assert_eq!(vis.cluster_at(Vec3::ZERO), Some(1));
    assert_eq!(vis.cluster_at(SOLID), None);
    assert_eq!(vis.leaf_at(SOLID), Some(2));
    assert!(!vis.potentially_visible(ROOM0, ROOM1));
    assert!(!vis.potentially_visible(ROOM1, ROOM0));
    assert!(vis.potentially_visible(ROOM0, ROOM0B));
    assert!(vis.potentially_visible(ROOM1, ROOM1));
    // A point in a solid leaf is conservatively visible.
    assert!(vis.potentially_visible(ROOM0, SOLID));
    assert!(vis.potentially_visible(SOLID, ROOM0));
}

#[test]
fn a_set_bit_makes_clusters_visible_one_way() {
    let mut builder = two_rooms();
    builder.visibility = vis(2, 1, &[0b11, 0b10]);
    let vis = BspVisibility::from_bsp(&builder.build()).unwrap();
    assert!(vis.potentially_visible(ROOM0, ROOM1));
    assert!(!vis.potentially_visible(ROOM1, ROOM0));
}

#[test]
fn without_visibility_data_everything_is_visible() {
    let mut builder = two_rooms();
    builder.visibility.clear();
    builder.leaf_clusters = vec![0, 7, -1];
    let vis = BspVisibility::from_bsp(&builder.build()).unwrap();
    assert!(!vis.has_data());
    assert_eq!(vis.cluster_at(ROOM1), Some(7));
    assert!(vis.potentially_visible(ROOM0, ROOM1));
}

#[test]
fn without_nodes_no_point_has_a_cluster() {
    let mut builder = two_rooms();
    builder.nodes.clear();
    let vis = BspVisibility::from_bsp(&builder.build()).unwrap();
    assert_eq!(vis.cluster_at(ROOM0), None);
    assert!(vis.potentially_visible(ROOM0, ROOM1));
}

#[test]
fn bad_node_children_and_planes_are_errors() {
    let mut builder = two_rooms();
    builder.nodes[1] = [1, 2, -2];
    let file = builder.build();
    assert_eq!(
        BspVisibility::from_bsp(&file).unwrap_err(),
        BspError::IndexOutOfRange {
            lump: BspLump::Nodes,
            record: 1,
            field: "children[0]",
            offset: field(&file, BspLump::Nodes, 1, 4),
            target: BspLump::Nodes,
            index: 2,
            available: 2,
        }
    );

    let mut builder = two_rooms();
    builder.nodes[0] = [0, 1, -4];
    let file = builder.build();
    assert_eq!(
        BspVisibility::from_bsp(&file).unwrap_err(),
        BspError::IndexOutOfRange {
            lump: BspLump::Nodes,
            record: 0,
            field: "children[1]",
            offset: field(&file, BspLump::Nodes, 0, 8),
            target: BspLump::Leafs,
            index: 3,
            available: 3,
        }
    );

    let mut builder = two_rooms();
    builder.nodes[1][0] = 2;
    let file = builder.build();
    let error = BspVisibility::from_bsp(&file).unwrap_err();
    assert!(matches!(
        error,
        BspError::IndexOutOfRange {
            target: BspLump::Planes,
            record: 1,
            field: "planeNum",
            ..
        }
    ));
    assert!(
        error.to_string().contains("NODES record 1 field planeNum"),
        "{error}"
    );
}

#[test]
fn cyclic_node_references_are_errors() {
    let mut builder = two_rooms();
    builder.nodes[1] = [1, 0, -2];
    let file = builder.build();
    let error = BspVisibility::from_bsp(&file).unwrap_err();
    assert_eq!(
        error,
        BspError::NodeCycle {
            record: 1,
            field: "children[0]",
            offset: field(&file, BspLump::Nodes, 1, 4),
            child: 0,
        }
    );
    assert!(error.to_string().contains("cyclic"), "{error}");

    // A node that is its own child.
    let mut builder = two_rooms();
    builder.nodes[0] = [0, 0, -1];
    assert!(matches!(
        BspVisibility::from_bsp(&builder.build()).unwrap_err(),
        BspError::NodeCycle {
            record: 0,
            child: 0,
            ..
        }
    ));

    // A shared subtree is not a cycle.
    let mut builder = two_rooms();
    builder.nodes[0] = [0, 1, 1];
    let vis = BspVisibility::from_bsp(&builder.build()).unwrap();
    assert_eq!(vis.cluster_at(ROOM0), Some(1));
}

#[test]
fn bad_clusters_are_errors() {
    for cluster in [2, -2, i32::MIN] {
        let mut builder = two_rooms();
        builder.leaf_clusters[1] = cluster;
        let file = builder.build();
        assert_eq!(
            BspVisibility::from_bsp(&file).unwrap_err(),
            BspError::ClusterOutOfRange {
                record: 1,
                offset: field(&file, BspLump::Leafs, 1, 0),
                cluster,
                clusters: 2,
            }
        );
    }
}

#[test]
fn truncated_or_inconsistent_visibility_is_an_error() {
    for (lump, field_name, at) in [
        (vis(2, 1, &[0b01]), "numClusters", 0),
        (vec![2, 0, 0, 0], "numClusters", 0),
        (vis(-1, 1, &[]), "numClusters", 0),
        (vis(2, -1, &[0, 0]), "clusterBytes", 4),
        (vis(9, 1, &[0; 9]), "clusterBytes", 4),
        (vis(i32::MAX, i32::MAX, &[0; 8]), "numClusters", 0),
    ] {
        let mut builder = two_rooms();
        builder.visibility = lump;
        let file = builder.build();
        let error = BspVisibility::from_bsp(&file).unwrap_err();
        let BspError::BadVisibility { field, offset, .. } = &error else {
            panic!("unexpected {error:?}");
        };
        assert_eq!(*field, field_name, "{error}");
        assert_eq!(*offset, directory_entry(&file, BspLump::Visibility).0 + at);
        assert!(error.to_string().starts_with("lump VISIBILITY"), "{error}");
    }
}

#[test]
fn damaged_tree_lumps_never_panic() {
    let file = two_rooms().build();
    let mut targets = Vec::new();
    for lump in [BspLump::Nodes, BspLump::Leafs, BspLump::Visibility] {
        let (offset, length) = directory_entry(&file, lump);
        targets.extend(
            (offset..offset + length)
                .step_by(4)
                .filter(|at| at + 4 <= offset + length),
        );
    }
    let points = [ROOM0, ROOM1, SOLID, Vec3::ZERO, Vec3::splat(f32::NAN)];
    for at in targets {
        for value in [-3, -2, -1, 0, 1, 2, 3, 255, i32::MIN, i32::MAX] {
            let mut damaged = file.clone();
            poke_i32(&mut damaged, at, value);
            if let Ok(vis) = BspVisibility::from_bsp(&damaged) {
                for a in points {
                    for b in points {
                        let _ = vis.potentially_visible(a, b);
                    }
                }
            }
        }
    }
    for cut in 0..file.len() {
        let _ = BspVisibility::from_bsp(&file[..cut]);
    }
}
