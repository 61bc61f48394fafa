//! [`AasWorld::to_q3`]: an [`AasWorld`] as a Quake III `.aas` file, with the index-0 dummy
//! records written as bspc writes them.

use super::model::{AasWorld, ClusterMembership, NodeChild, ReachDetail};
use crate::format::aas_q3::{
    AAS_VERSION, AasArea, AasAreaSettings, AasBBox, AasCluster, AasEdge, AasFace, AasFile, AasNode,
    AasPlane, AasPortal, AasReachability,
};

/// A 0-based id as a 1-based file number. Worlds never hold 2³¹ records (a `.aas` cannot
/// address them), so the conversion saturates instead of failing.
fn number(id: u32) -> i32 {
    i32::try_from(u64::from(id) + 1).unwrap_or(i32::MAX)
}

/// A count or a 0-based index into a lump without a dummy, as stored.
fn count(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// `items` after a leading dummy record.
fn with_dummy<T>(dummy: T, items: Vec<T>) -> Vec<T> {
    std::iter::once(dummy).chain(items).collect()
}

fn signed(id: u32, negative: bool) -> i32 {
    if negative { -number(id) } else { number(id) }
}

/// A reachability's detail as the file's `facenum` and `edgenum`.
fn detail_numbers(detail: ReachDetail) -> (i32, i32) {
    match detail {
        ReachDetail::Crossing { face, edge } => (
            face.map_or(0, |f| signed(f.face.0, f.back_side)),
            edge.map_or(0, |e| signed(e.edge.0, e.reversed)),
        ),
        ReachDetail::Elevator { model, height } => (model, height),
        ReachDetail::JumpPad {
            vertical_speed,
            horizontal_speed,
        } => (vertical_speed, horizontal_speed),
        ReachDetail::FuncBob { first, second } => (first, second),
        ReachDetail::Unknown { face_num, edge_num } => (face_num, edge_num),
    }
}

impl AasWorld {
    /// The world as a version-5 Quake III `.aas` file. Dummy records are all zero except the
    /// dummy area settings' `firstreachablearea`, which is 1, as in bspc's output; an area's
    /// `areanum` is its own number. A world imported with [`AasWorld::from_q3`] from a bspc file
    /// therefore exports to the same bytes.
    ///
    /// # Complexity
    /// `O(records)`.
    #[must_use]
    pub fn to_q3(&self) -> AasFile {
        let bboxes = self
            .boxes
            .iter()
            .map(|b| AasBBox {
                presence_type: b.presence.bits().cast_signed(),
                flags: b.flags,
                mins: b.mins,
                maxs: b.maxs,
            })
            .collect();
        let planes = self
            .planes
            .iter()
            .map(|p| AasPlane {
                normal: p.normal,
                dist: p.dist,
                plane_type: p.plane_type,
            })
            .collect();
        let edges = with_dummy(
            AasEdge::default(),
            self.edges
                .iter()
                .map(|e| AasEdge {
                    vertexes: e.map(|v| count(v.0)),
                })
                .collect(),
        );
        let edge_index = self
            .edge_refs
            .iter()
            .map(|r| signed(r.edge.0, r.reversed))
            .collect();
        let faces = with_dummy(
            AasFace::default(),
            self.faces
                .iter()
                .map(|f| AasFace {
                    plane_num: count(f.plane.0),
                    face_flags: f.flags.bits().cast_signed(),
                    num_edges: count(f.edges.end.saturating_sub(f.edges.start)),
                    first_edge: count(f.edges.start),
                    front_area: f.front.map_or(0, |a| number(a.0)),
                    back_area: f.back.map_or(0, |a| number(a.0)),
                })
                .collect(),
        );
        let face_index = self
            .face_refs
            .iter()
            .map(|r| signed(r.face.0, r.back_side))
            .collect();
        let areas = with_dummy(
            AasArea::default(),
            self.areas
                .iter()
                .zip(0..)
                .map(|(a, id)| AasArea {
                    area_num: number(id),
                    num_faces: count(a.faces.end.saturating_sub(a.faces.start)),
                    first_face: count(a.faces.start),
                    mins: a.mins,
                    maxs: a.maxs,
                    center: a.center,
                })
                .collect(),
        );
        let area_settings = with_dummy(
            AasAreaSettings {
                first_reachable_area: 1,
                ..AasAreaSettings::default()
            },
            self.areas
                .iter()
                .map(|a| AasAreaSettings {
                    contents: a.contents.bits().cast_signed(),
                    area_flags: a.flags.bits().cast_signed(),
                    presence_type: a.presence.bits().cast_signed(),
                    cluster: match a.cluster {
                        ClusterMembership::None => 0,
                        ClusterMembership::Cluster(c) => number(c.0),
                        ClusterMembership::Portal(p) => -number(p.0),
                    },
                    cluster_area_num: a.cluster_area_num.cast_signed(),
                    num_reachable_areas: count(
                        a.reachabilities.end.saturating_sub(a.reachabilities.start),
                    ),
                    first_reachable_area: number(a.reachabilities.start),
                })
                .collect(),
        );
        let reachabilities = with_dummy(
            AasReachability::default(),
            self.reachabilities
                .iter()
                .map(|r| {
                    let (face_num, edge_num) = detail_numbers(r.detail);
                    AasReachability {
                        area_num: number(r.target.0),
                        face_num,
                        edge_num,
                        start: r.start,
                        end: r.end,
                        travel_type: r.travel.to_raw(),
                        travel_time: r.travel_time,
                        padding: [0; 2],
                    }
                })
                .collect(),
        );
        let nodes = with_dummy(
            AasNode::default(),
            self.nodes
                .iter()
                .map(|n| AasNode {
                    plane_num: count(n.plane.0),
                    children: n.children.map(|child| match child {
                        NodeChild::Solid => 0,
                        NodeChild::Node(node) => number(node.0),
                        NodeChild::Area(area) => -number(area.0),
                    }),
                })
                .collect(),
        );
        let portals = with_dummy(
            AasPortal::default(),
            self.portals
                .iter()
                .map(|p| AasPortal {
                    area_num: number(p.area.0),
                    front_cluster: number(p.front.0),
                    back_cluster: number(p.back.0),
                    cluster_area_num: p.cluster_area_num.map(u32::cast_signed),
                })
                .collect(),
        );
        let portal_index = self.portal_refs.iter().map(|p| number(p.0)).collect();
        let clusters = with_dummy(
            AasCluster::default(),
            self.clusters
                .iter()
                .map(|c| AasCluster {
                    num_areas: c.num_areas.cast_signed(),
                    num_reachability_areas: c.num_reachability_areas.cast_signed(),
                    num_portals: count(c.portals.end.saturating_sub(c.portals.start)),
                    first_portal: count(c.portals.start),
                })
                .collect(),
        );
        AasFile {
            version: AAS_VERSION,
            bsp_checksum: self.bsp_checksum,
            bboxes,
            vertexes: self.vertices.clone(),
            planes,
            edges,
            edge_index,
            faces,
            face_index,
            areas,
            area_settings,
            reachabilities,
            nodes,
            portals,
            portal_index,
            clusters,
        }
    }
}
