//! [`BspVisibility`]: the potentially visible set (PVS) of an IBSP file, to cull
//! line-of-sight traces.
//!
//! The world's BSP tree (NODES, with their PLANES) sorts a point into a leaf; each leaf (LEAFS)
//! names a cluster, or −1 when it is solid or outside the map. The VISIBILITY lump holds one
//! bit row per cluster: bit `b` of cluster `a`'s row is set when some point of `b` may be seen
//! from some point of `a`. The map compiler computes these rows through the portals between
//! clusters, over-estimating what is visible, so a clear bit proves that no straight line
//! joins the two clusters.
//!
//! Layout (little-endian), as this reader uses it:
//! - a NODES record (36 bytes) starts with the plane index and the two children; a child ≥ 0
//!   is a node, a negative child `c` is the leaf `−(c + 1)`; node 0 is the root of the world.
//!   A point goes to the first child when it is on or in front of the plane.
//! - a LEAFS record (48 bytes) starts with the cluster (−1: sees nothing).
//! - the VISIBILITY lump starts with the number of clusters and the bytes per row (two
//!   `i32`s), followed by the rows; an empty lump means the map has no visibility data.

use glam::Vec3;

use crate::brush::BspLump;

use super::BspError;
use super::lumps::{LumpInfo, f32_at, i32_at, lump_bytes, read_directory, record_size, vec3_at};
use super::records::BspPlane;

/// One node of the world's BSP tree, validated, with its plane (a descent reads one record
/// per level).
#[derive(Debug, Clone, Copy, PartialEq)]
struct VisNode {
    /// The plane's normal.
    normal: Vec3,
    /// The plane's distance from the origin along the normal.
    dist: f32,
    /// Children, as stored: `≥ 0` a node, negative `c` the leaf `−(c + 1)`.
    children: [i32; 2],
}

/// The potentially visible set of an IBSP file: which clusters may see which.
///
/// [`BspVisibility::potentially_visible`] is *conservative*: it answers `true` whenever it
/// cannot prove that no line of sight exists, so it never hides a visible point. A `false`
/// means the map's own visibility data says that no straight line joins the two points' clusters,
/// which is what Quake III's `trap_InPVS` relies on before tracing.
#[derive(Debug, Clone, PartialEq)]
pub struct BspVisibility {
    /// NODES lump with each node's plane; node 0 is the world's root.
    nodes: Vec<VisNode>,
    /// The cluster of each leaf of the LEAFS lump (−1: solid or outside).
    leaf_clusters: Vec<i32>,
    /// Number of clusters with a row (0 without visibility data).
    cluster_count: usize,
    /// Bytes per row.
    bytes_per_cluster: usize,
    /// `cluster_count × bytes_per_cluster` bytes; empty without visibility data.
    rows: Vec<u8>,
    /// Whether the file has visibility data.
    has_data: bool,
}

/// Size in bytes of the VISIBILITY header.
const VIS_HEADER: usize = 8;

impl BspVisibility {
    /// Reads the planes, nodes, leaf clusters and visibility rows of an IBSP v46 file.
    ///
    /// Checks the header and lump directory (as [`super::BspFile::from_bytes`] does), then
    /// every node's plane and children, every leaf's cluster (−1, or below the number of
    /// clusters when the file has visibility data), the visibility header (non-negative
    /// counts, rows wide enough for every cluster, rows inside the lump), and that the tree
    /// under node 0 has no cycle.
    ///
    /// # Errors
    /// A [`BspError`] naming the lump, record, field and byte offset of the first problem.
    ///
    /// # Complexity
    /// `O(n)` in the sizes of the four lumps; allocation is bounded by the file size.
    pub fn from_bsp(bytes: &[u8]) -> Result<Self, BspError> {
        let infos = read_directory(bytes)?;
        let info = |lump: BspLump| infos[lump as usize];
        let lump = |lump: BspLump| lump_bytes(bytes, &infos[lump as usize]);

        let planes = lump(BspLump::Planes)
            .chunks_exact(record_size(BspLump::Planes))
            .map(|r| BspPlane {
                normal: Vec3::from_array(vec3_at(r, 0)),
                dist: f32_at(r, 12),
            })
            .collect::<Vec<_>>();

        let (cluster_count, bytes_per_cluster, rows, has_data) =
            read_rows(lump(BspLump::Visibility), info(BspLump::Visibility))?;

        let leafs = info(BspLump::Leafs);
        let mut leaf_clusters = Vec::with_capacity(leafs.count);
        for (record, r) in lump(BspLump::Leafs)
            .chunks_exact(record_size(BspLump::Leafs))
            .enumerate()
        {
            let cluster = i32_at(r, 0);
            let in_range = cluster == -1
                || (cluster >= 0 && (!has_data || (cluster as usize) < cluster_count));
            if !in_range {
                return Err(BspError::ClusterOutOfRange {
                    record,
                    offset: leafs.field_offset(record, 0),
                    cluster,
                    clusters: cluster_count,
                });
            }
            leaf_clusters.push(cluster);
        }

        let nodes_info = info(BspLump::Nodes);
        let mut nodes = Vec::with_capacity(nodes_info.count);
        for (record, r) in lump(BspLump::Nodes)
            .chunks_exact(record_size(BspLump::Nodes))
            .enumerate()
        {
            let plane = i32_at(r, 0);
            let plane = match u32::try_from(plane) {
                Ok(index) if (index as usize) < planes.len() => index,
                _ => {
                    return Err(index_error(
                        nodes_info,
                        record,
                        "planeNum",
                        0,
                        BspLump::Planes,
                        plane,
                        planes.len(),
                    ));
                }
            };
            let children = [i32_at(r, 4), i32_at(r, 8)];
            for (slot, &child) in children.iter().enumerate() {
                let field = CHILD_FIELDS[slot];
                let field_at = 4 + 4 * slot;
                if child >= 0 {
                    if child as usize >= nodes_info.count {
                        return Err(index_error(
                            nodes_info,
                            record,
                            field,
                            field_at,
                            BspLump::Nodes,
                            child,
                            nodes_info.count,
                        ));
                    }
                } else if leaf_index(child) >= leaf_clusters.len() {
                    return Err(index_error(
                        nodes_info,
                        record,
                        field,
                        field_at,
                        BspLump::Leafs,
                        // `-(child + 1)` cannot overflow for a negative child.
                        -(child + 1),
                        leaf_clusters.len(),
                    ));
                }
            }
            let BspPlane { normal, dist } = planes[plane as usize];
            nodes.push(VisNode {
                normal,
                dist,
                children,
            });
        }
        check_acyclic(&nodes, nodes_info)?;

        Ok(Self {
            nodes,
            leaf_clusters,
            cluster_count,
            bytes_per_cluster,
            rows,
            has_data,
        })
    }

    /// Whether the file has visibility data (a non-empty VISIBILITY lump). Without it every
    /// point is potentially visible from every other.
    #[must_use]
    pub fn has_data(&self) -> bool {
        self.has_data
    }

    /// Number of clusters with a visibility row (0 without data).
    #[must_use]
    pub fn cluster_count(&self) -> usize {
        self.cluster_count
    }

    /// The leaf of the world's BSP tree that contains `point` (`None` when the file has no
    /// nodes).
    ///
    /// # Complexity
    /// `O(depth)`; the descent is bounded by the number of nodes.
    #[must_use]
    pub fn leaf_at(&self, point: Vec3) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        let mut child = 0i32;
        // A validated tree has no cycle; the bound keeps a damaged one from looping anyway.
        for _ in 0..=self.nodes.len() {
            if child < 0 {
                return Some(leaf_index(child));
            }
            let node = self.nodes.get(child as usize)?;
            let front = node.normal.dot(point) - node.dist >= 0.0;
            child = node.children[usize::from(!front)];
        }
        (child < 0).then(|| leaf_index(child))
    }

    /// The cluster containing `point`; `None` in a solid leaf (cluster −1) or when the file has
    /// no nodes.
    #[must_use]
    pub fn cluster_at(&self, point: Vec3) -> Option<u32> {
        let cluster = *self.leaf_clusters.get(self.leaf_at(point)?)?;
        u32::try_from(cluster).ok()
    }

    /// [`cluster_at`](Self::cluster_at), with how far `point` may move (in any direction, less
    /// than this distance) and stay in the same leaf, so in the same cluster: its distance to
    /// the nearest plane it was sorted by on the way down (0 when the file has no nodes). The
    /// distance is computed in `f32`: keep a hundredth of a unit from it against rounding.
    ///
    /// # Complexity
    /// `O(depth)`, as [`leaf_at`](Self::leaf_at).
    #[must_use]
    pub fn cluster_and_room(&self, point: Vec3) -> (Option<u32>, f32) {
        let mut room = f32::INFINITY;
        let mut child = 0i32;
        if self.nodes.is_empty() {
            return (None, 0.0);
        }
        for _ in 0..=self.nodes.len() {
            if child < 0 {
                let cluster = self
                    .leaf_clusters
                    .get(leaf_index(child))
                    .and_then(|&cluster| u32::try_from(cluster).ok());
                return (cluster, room);
            }
            let Some(node) = self.nodes.get(child as usize) else {
                return (None, 0.0);
            };
            let distance = node.normal.dot(point) - node.dist;
            room = room.min(distance.abs());
            let front = distance >= 0.0;
            child = node.children[usize::from(!front)];
        }
        (None, 0.0)
    }

    /// Whether cluster `to` is in cluster `from`'s row (`true` without data or when either
    /// cluster has no row).
    #[must_use]
    pub fn cluster_visible(&self, from: u32, to: u32) -> bool {
        if !self.has_data {
            return true;
        }
        let (from, to) = (from as usize, to as usize);
        if from >= self.cluster_count || to >= self.cluster_count {
            return true;
        }
        self.rows
            .get(from * self.bytes_per_cluster + (to >> 3))
            .is_none_or(|byte| byte & (1 << (to & 7)) != 0)
    }

    /// Whether `b` is potentially visible from `a`.
    ///
    /// Conservative: `true` when the file has no visibility data, when either point lies in no
    /// cluster (a point exactly inside a solid leaf may still see out of it), or when `b`'s
    /// cluster is set in `a`'s row. `true` never wrongly hides a visible point; `false` means
    /// the map's own visibility data says that no line of sight between them is possible, so a
    /// trace may be skipped.
    ///
    /// # Complexity
    /// Two tree descents, `O(depth)` each.
    #[must_use]
    pub fn potentially_visible(&self, a: Vec3, b: Vec3) -> bool {
        if !self.has_data {
            return true;
        }
        match (self.cluster_at(a), self.cluster_at(b)) {
            (Some(from), Some(to)) => self.cluster_visible(from, to),
            _ => true,
        }
    }
}

/// Field names of a node's two children.
const CHILD_FIELDS: [&str; 2] = ["children[0]", "children[1]"];

/// The leaf a negative child names.
fn leaf_index(child: i32) -> usize {
    // For child < 0, -(child + 1) is in 0..=i32::MAX.
    usize::try_from(-(i64::from(child) + 1)).unwrap_or(usize::MAX)
}

/// An [`BspError::IndexOutOfRange`] for field `field` (at `field_at`) of `record`.
fn index_error(
    info: LumpInfo,
    record: usize,
    field: &'static str,
    field_at: usize,
    target: BspLump,
    index: i32,
    available: usize,
) -> BspError {
    BspError::IndexOutOfRange {
        lump: info.lump,
        record,
        field,
        offset: info.field_offset(record, field_at),
        target,
        index,
        available,
    }
}

/// Reads the VISIBILITY header and rows: `(clusters, bytes per row, rows, has data)`.
fn read_rows(bytes: &[u8], info: LumpInfo) -> Result<(usize, usize, Vec<u8>, bool), BspError> {
    if bytes.is_empty() {
        return Ok((0, 0, Vec::new(), false));
    }
    let bad = |field: &'static str, field_at: usize, message: String| BspError::BadVisibility {
        field,
        offset: info.offset.saturating_add(field_at),
        message,
    };
    if bytes.len() < VIS_HEADER {
        return Err(bad(
            "numClusters",
            0,
            format!(
                "lump is {} bytes, shorter than its 8-byte header",
                bytes.len()
            ),
        ));
    }
    let clusters = i32_at(bytes, 0);
    let row = i32_at(bytes, 4);
    let Ok(clusters) = usize::try_from(clusters) else {
        return Err(bad(
            "numClusters",
            0,
            format!("negative cluster count {clusters}"),
        ));
    };
    let Ok(row) = usize::try_from(row) else {
        return Err(bad("clusterBytes", 4, format!("negative row size {row}")));
    };
    if (row as u64) * 8 < clusters as u64 {
        return Err(bad(
            "clusterBytes",
            4,
            format!("rows of {row} bytes cannot hold {clusters} clusters"),
        ));
    }
    let needed = (clusters as u64) * (row as u64);
    let available = (bytes.len() - VIS_HEADER) as u64;
    if needed > available {
        return Err(bad(
            "numClusters",
            0,
            format!(
                "{clusters} rows of {row} bytes need {needed} bytes, the lump holds {available} after its header"
            ),
        ));
    }
    // `needed <= available` fits in usize.
    let rows = bytes
        .get(VIS_HEADER..VIS_HEADER + needed as usize)
        .unwrap_or_default()
        .to_vec();
    Ok((clusters, row, rows, true))
}

/// Checks that no node under the root is its own descendant (a cycle would make a descent
/// endless). Shared subtrees are allowed.
///
/// # Complexity
/// `O(nodes)`: iterative depth-first search, each node entered once.
fn check_acyclic(nodes: &[VisNode], info: LumpInfo) -> Result<(), BspError> {
    /// Not reached yet, on the current path, or finished.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    if nodes.is_empty() {
        return Ok(());
    }
    let mut marks = vec![Mark::New; nodes.len()];
    // (node, next child slot to visit)
    let mut stack = vec![(0usize, 0usize)];
    marks[0] = Mark::Open;
    while let Some(top) = stack.last_mut() {
        let (node, slot) = *top;
        if slot == 2 {
            marks[node] = Mark::Done;
            stack.pop();
            continue;
        }
        top.1 += 1;
        let child = nodes[node].children[slot];
        let Ok(child) = usize::try_from(child) else {
            continue;
        };
        match marks[child] {
            Mark::New => {
                marks[child] = Mark::Open;
                stack.push((child, 0));
            }
            Mark::Open => {
                return Err(BspError::NodeCycle {
                    record: node,
                    field: CHILD_FIELDS[slot],
                    offset: info.field_offset(node, 4 + 4 * slot),
                    child,
                });
            }
            Mark::Done => {}
        }
    }
    Ok(())
}
