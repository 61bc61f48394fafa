//! Storing compiled areas as an [`AasWorld`] (thesis §6.3, the last step of the compiler).
//!
//! - **Planes** are converted to `f32` and stored in opposite pairs (`id ^ 1` is the opposite
//!   plane, as in the tree's [`PlaneSet`](super::PlaneSet) and in bspc's files), deduplicated
//!   by their exact `f32` values; `plane_type` as [`plane_type`](super::store_tables::plane_type).
//! - **Vertices** are snapped to [`VERTEX_GRID`](super::store_tables::VERTEX_GRID) (1/8 unit): points within 1/16 unit of the
//!   same grid point on every axis are one vertex.
//! - **Edges** are deduplicated as unordered vertex pairs; a face walking an edge from its
//!   second vertex to its first uses it `reversed`.
//! - **Faces** keep their winding order: counter-clockwise seen from the side the plane normal
//!   points to (the front area). Consecutive points that snap to one vertex are merged; a face
//!   left with fewer than three vertices is dropped (counted in [`StoreStats`]).
//! - **Areas** list their faces in face order, `back_side` when the area is behind the face's
//!   plane; bounds are those of their face vertices and the centre their average.
//! - **Nodes** are renumbered in pre-order, front child first, so the root is node 0; solid
//!   leaves become [`NodeChild::Solid`], open leaves [`NodeChild::Area`]. A tree that is a
//!   single leaf gives no nodes (every point is then outside any area).
//! - **Boxes** come from the presence boxes; the crouch box (presence type 4) has flags 1 as
//!   bspc writes.
//! - **Clusters**: one cluster holds every area, with no portals, `num_reachability_areas` 0
//!   (there are no reachabilities yet); an area's `cluster_area_num` is its index.

use glam::Vec3;
use thiserror::Error;

use super::PresenceBox;
use super::areas::AreaSet;
use super::bsp_tree::{BspTree, Child};
use super::store_faces::{FaceRecords, FaceTables, store_faces};
use super::store_tables::{EdgeTable, PlaneTable, VertexTable};
use crate::world::{
    AasWorld, Area, Cluster, ClusterId, ClusterMembership, FaceId, FaceRef, Node, NodeChild,
    NodeId, PresenceType, WorldBox,
};

/// Why [`store_world`] failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// More records of one kind than the `.aas` format's signed 32-bit counts (with the
    /// index-0 dummy) can hold.
    #[error("too many {record} for the .aas format: {count}")]
    TooManyRecords {
        /// The kind of record (`"planes"`, `"vertices"`, …).
        record: &'static str,
        /// How many there are (or would be).
        count: usize,
    },
}

/// Counts of [`store_world`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StoreStats {
    /// Faces dropped because fewer than three distinct vertices were left after snapping.
    pub degenerate_faces: usize,
}

/// The largest record count the `.aas` format can hold (its counts are `i32` and include a
/// dummy record).
const MAX_RECORDS: usize = i32::MAX as usize - 1;

pub(crate) fn too_many(record: &'static str, count: usize) -> StoreError {
    StoreError::TooManyRecords { record, count }
}

/// Stores `areas` (built for `tree`) as an [`AasWorld`] (see the [module docs](self)).
///
/// # Errors
/// [`StoreError::TooManyRecords`] when a record list exceeds the `.aas` format's limits.
///
/// # Complexity
/// `O((V + F + N) · log)` for `V` face points, `F` faces and `N` nodes (ordered-map lookups).
pub fn store_world(
    tree: &BspTree,
    areas: &AreaSet,
    boxes: &[PresenceBox],
    bsp_checksum: i32,
) -> Result<(AasWorld, StoreStats), StoreError> {
    let mut stats = StoreStats::default();
    let mut planes = PlaneTable::default();
    let mut vertices = VertexTable::default();
    let mut edges = EdgeTable::default();
    let mut world = AasWorld {
        bsp_checksum,
        boxes: boxes
            .iter()
            .map(|b| WorldBox {
                presence: PresenceType::from_raw(b.presence_type),
                flags: i32::from(b.presence_type == PresenceType::CROUCH.bits().cast_signed()),
                mins: b.mins.as_vec3(),
                maxs: b.maxs.as_vec3(),
            })
            .collect(),
        ..AasWorld::default()
    };
    if areas.faces.len() > MAX_RECORDS {
        return Err(too_many("faces", areas.faces.len()));
    }
    let mut face_map: Vec<Option<FaceId>> = Vec::with_capacity(areas.faces.len());
    store_faces(
        tree,
        &areas.faces,
        FaceTables {
            vertices: &mut vertices,
            records: FaceRecords {
                edges: &mut edges,
                planes: &mut planes,
                world: &mut world,
                face_map: &mut face_map,
                stats: &mut stats,
            },
        },
    )?;
    for (index, area) in areas.areas.iter().enumerate() {
        let first = u32::try_from(world.face_refs.len())
            .map_err(|_| too_many("face refs", world.face_refs.len()))?;
        let (mut mins, mut maxs, mut sum, mut count) =
            (Vec3::INFINITY, Vec3::NEG_INFINITY, Vec3::ZERO, 0_u32);
        for face_ref in &area.faces {
            let Some(face) = face_map.get(face_ref.face.index()).copied().flatten() else {
                continue;
            };
            world.face_refs.push(FaceRef {
                face,
                back_side: face_ref.back_side,
            });
            let Some(stored) = world.faces.get(face.index()) else {
                continue;
            };
            for edge_ref in world
                .edge_refs
                .get(stored.edges.start as usize..stored.edges.end as usize)
                .unwrap_or(&[])
            {
                let Some(edge) = edges.edges.get(edge_ref.edge.index()) else {
                    continue;
                };
                let vertex = edge[usize::from(edge_ref.reversed)];
                if let Some(&point) = vertices.vertices.get(vertex.index()) {
                    mins = mins.min(point);
                    maxs = maxs.max(point);
                    sum += point;
                    count += 1;
                }
            }
        }
        let end = u32::try_from(world.face_refs.len())
            .map_err(|_| too_many("face refs", world.face_refs.len()))?;
        if count == 0 {
            (mins, maxs) = leaf_bounds(tree, area);
            sum = (mins + maxs) * 0.5;
            count = 1;
        }
        world.areas.push(Area {
            faces: first..end,
            mins,
            maxs,
            center: sum / count as f32,
            contents: area.contents,
            flags: area.flags,
            presence: area.presence,
            cluster: ClusterMembership::Cluster(ClusterId(0)),
            cluster_area_num: q3_count(index).ok_or_else(|| too_many("areas", index))?,
            reachabilities: 0..0,
        });
    }
    world.nodes = store_nodes(tree, areas, &mut planes)?;
    world.clusters.push(Cluster {
        num_areas: q3_count(world.areas.len())
            .ok_or_else(|| too_many("areas", world.areas.len()))?,
        num_reachability_areas: 0,
        portals: 0..0,
    });
    world.planes = planes.planes;
    world.vertices = vertices.vertices;
    world.edges = edges.edges;
    for (record, count) in [
        ("planes", world.planes.len()),
        ("vertices", world.vertices.len()),
        ("edges", world.edges.len()),
        ("edge refs", world.edge_refs.len()),
        ("face refs", world.face_refs.len()),
        ("areas", world.areas.len()),
        ("nodes", world.nodes.len()),
    ] {
        if count > MAX_RECORDS {
            return Err(too_many(record, count));
        }
    }
    Ok((world, stats))
}

/// The bounds of an area's leaves, for an area whose faces were all dropped.
fn leaf_bounds(tree: &BspTree, area: &super::areas::CompiledArea) -> (Vec3, Vec3) {
    let (mut mins, mut maxs) = (Vec3::INFINITY, Vec3::NEG_INFINITY);
    for leaf in area.leaves.iter().filter_map(|&l| tree.leaf(l)) {
        mins = mins.min(leaf.mins.as_vec3());
        maxs = maxs.max(leaf.maxs.as_vec3());
    }
    if mins.is_finite() && maxs.is_finite() {
        (mins, maxs)
    } else {
        (Vec3::ZERO, Vec3::ZERO)
    }
}

/// The tree's nodes renumbered in pre-order, front child first (root = node 0).
fn store_nodes(
    tree: &BspTree,
    areas: &AreaSet,
    planes: &mut PlaneTable,
) -> Result<Vec<Node>, StoreError> {
    let Child::Node(root) = tree.root else {
        return Ok(Vec::new());
    };
    // Pass 1: pre-order numbering (explicit stack; a node seen twice is not renumbered).
    let mut number: Vec<Option<u32>> = vec![None; tree.nodes.len()];
    let mut order = Vec::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let Some(slot) = number.get_mut(id.0 as usize) else {
            continue;
        };
        if slot.is_some() {
            continue;
        }
        let next = u32::try_from(order.len()).map_err(|_| too_many("nodes", order.len()))?;
        *slot = Some(next);
        order.push(id);
        if let Some(node) = tree.nodes.get(id.0 as usize) {
            for child in [node.children[1], node.children[0]] {
                if let Child::Node(child) = child {
                    stack.push(child);
                }
            }
        }
    }
    // Pass 2: the nodes in that order.
    let mut nodes = Vec::with_capacity(order.len());
    for id in order {
        let Some(node) = tree.nodes.get(id.0 as usize) else {
            continue;
        };
        let plane = planes
            .get(&tree.planes, node.plane)
            .ok_or_else(|| too_many("planes", planes.planes.len()))?;
        let child = |child: Child| match child {
            Child::Node(n) => number
                .get(n.0 as usize)
                .copied()
                .flatten()
                .map_or(NodeChild::Solid, |n| NodeChild::Node(NodeId(n))),
            Child::Leaf(leaf) => areas
                .leaf_area
                .get(leaf.0 as usize)
                .copied()
                .flatten()
                .map_or(NodeChild::Solid, NodeChild::Area),
        };
        nodes.push(Node {
            plane,
            children: [child(node.children[0]), child(node.children[1])],
        });
    }
    Ok(nodes)
}

/// `n` as a count or number a Quake III `.aas` file can store (a non-negative `i32`).
fn q3_count(n: usize) -> Option<u32> {
    i32::try_from(n).ok().map(i32::cast_unsigned)
}
