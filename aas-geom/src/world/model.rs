//! [`AasWorld`]: the Area Awareness System world with typed ids and no dummy records.

use std::ops::Range;

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::world::{
    AreaContents, AreaFlags, AreaId, ClusterId, EdgeId, FaceFlags, FaceId, NodeId, PlaneId,
    PortalId, PresenceType, Travel, TravelType, VertexId,
};

/// A player bounding box of the world (no dummy: the file stores exactly these).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WorldBox {
    /// Presence type (normal or crouch).
    pub presence: PresenceType,
    /// Box flags as stored (1 for the crouch box in bspc's output).
    pub flags: i32,
    /// Lower corner relative to the origin.
    pub mins: Vec3,
    /// Upper corner relative to the origin.
    pub maxs: Vec3,
}

/// A plane `normal · x = dist`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WorldPlane {
    /// Unit normal.
    pub normal: Vec3,
    /// Distance from the origin.
    pub dist: f32,
    /// Plane type as stored (0–2 axial, 3–5 mostly along an axis).
    pub plane_type: i32,
}

/// A use of an edge by a face, possibly reversed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EdgeRef {
    /// The edge.
    pub edge: EdgeId,
    /// Whether the face walks the edge from its second vertex to its first.
    pub reversed: bool,
}

/// A face: a convex polygon bounding one area (against solid) or separating two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Face {
    /// The face's plane; its normal points into `front`.
    pub plane: PlaneId,
    /// Solid, ground, gap, liquid, ladder … flags.
    pub flags: FaceFlags,
    /// The face's edges, a range of [`AasWorld::edge_refs`].
    pub edges: Range<u32>,
    /// The area in front of the face, if any.
    pub front: Option<AreaId>,
    /// The area behind the face, if any.
    pub back: Option<AreaId>,
}

/// A use of a face by an area, from its front or its back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaceRef {
    /// The face.
    pub face: FaceId,
    /// Whether the area lies behind the face (the file's negative face index).
    pub back_side: bool,
}

/// Which cluster an area belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClusterMembership {
    /// Not in a routable cluster (the file's dummy cluster 0; BSPC 2.1h puts areas without
    /// reachabilities there).
    None,
    /// An ordinary member of a cluster.
    Cluster(ClusterId),
    /// A portal area between two clusters.
    Portal(PortalId),
}

/// An area: a convex region in which a player moves in a straight line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Area {
    /// The area's faces, a range of [`AasWorld::face_refs`].
    pub faces: Range<u32>,
    /// Lower corner of the bounds.
    pub mins: Vec3,
    /// Upper corner of the bounds.
    pub maxs: Vec3,
    /// Centre point.
    pub center: Vec3,
    /// Contents (water, lava, teleporter, mover model number …).
    pub contents: AreaContents,
    /// Grounded, ladder, liquid … flags.
    pub flags: AreaFlags,
    /// Which boxes fit in the area.
    pub presence: PresenceType,
    /// The area's cluster or portal.
    pub cluster: ClusterMembership,
    /// The area's number inside its cluster (reachability areas first).
    pub cluster_area_num: u32,
    /// The area's outgoing reachabilities, a range of [`AasWorld::reachabilities`].
    pub reachabilities: Range<u32>,
}

/// What a reachability's two type-specific numbers mean (the `.aas` file's `facenum` and
/// `edgenum`), by its travel type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReachDetail {
    /// Every type that crosses a face ([`TravelType::has_face_and_edge`]: walking, jumping,
    /// swimming, ladders, teleporters …): the face and the edge crossed, when known.
    Crossing {
        /// The face crossed, and whether from its back (the file's negative number).
        face: Option<FaceRef>,
        /// The edge crossed, and whether reversed (the file's negative number).
        edge: Option<EdgeRef>,
    },
    /// An elevator (`func_plat`).
    Elevator {
        /// The platform mover's model number.
        model: i32,
        /// The platform's travel height, in whole units.
        height: i32,
    },
    /// A jump pad.
    JumpPad {
        /// The launch's vertical speed, in whole units per second.
        vertical_speed: i32,
        /// The launch's horizontal speed, in whole units per second.
        horizontal_speed: i32,
    },
    /// A bobbing platform (`func_bobbing`): packed values, the model number in the low 16 bits
    /// of the first.
    FuncBob {
        /// The first packed value (`facenum`).
        first: i32,
        /// The second packed value (`edgenum`).
        second: i32,
    },
    /// A travel type outside the 19 known ones: the two numbers as stored.
    Unknown {
        /// `facenum` as stored.
        face_num: i32,
        /// `edgenum` as stored.
        edge_num: i32,
    },
}

impl ReachDetail {
    /// A crossing of no known face or edge (the file's 0 and 0).
    pub const NONE: Self = Self::Crossing {
        face: None,
        edge: None,
    };
}

/// A way to travel from one area (the one whose range holds it) to another.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Reachability {
    /// The area reached.
    pub target: AreaId,
    /// Type-specific: the face and edge crossed, an elevator's model and height, a jump pad's
    /// launch speeds …
    pub detail: ReachDetail,
    /// Where the travel starts.
    pub start: Vec3,
    /// Where it ends.
    pub end: Vec3,
    /// How it is travelled: the travel type and the teams that may not use it.
    pub travel: Travel,
    /// Travel time in hundredths of a second.
    pub travel_time: u16,
}

impl Reachability {
    /// The travel type, when it is one of the 19 known values.
    #[must_use]
    pub fn kind(&self) -> Option<TravelType> {
        self.travel.kind()
    }
}

/// What a BSP node child is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NodeChild {
    /// Solid space.
    Solid,
    /// Another node.
    Node(NodeId),
    /// An area leaf.
    Area(AreaId),
}

/// A BSP node: a plane and what lies in front of it (child 0) and behind it (child 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    /// The splitting plane.
    pub plane: PlaneId,
    /// Front and back children.
    pub children: [NodeChild; 2],
}

/// A portal area between two clusters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Portal {
    /// The portal area.
    pub area: AreaId,
    /// The cluster in front.
    pub front: ClusterId,
    /// The cluster behind.
    pub back: ClusterId,
    /// The portal area's number inside the front and back clusters.
    pub cluster_area_num: [u32; 2],
}

/// A routing cluster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    /// Areas in the cluster (portals included).
    pub num_areas: u32,
    /// Areas with reachabilities, numbered first inside the cluster.
    pub num_reachability_areas: u32,
    /// The cluster's portals, a range of [`AasWorld::portal_refs`].
    pub portals: Range<u32>,
}

/// The Area Awareness System world: areas, their faces, the BSP tree that finds them, the
/// reachabilities between them, and the routing clusters — with typed ids and no dummy records.
///
/// Import it from a Quake III `.aas` with [`AasWorld::from_q3`] and export it with
/// [`AasWorld::to_q3`].
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AasWorld {
    /// The BSP checksum of the map the world was compiled from.
    pub bsp_checksum: i32,
    /// Player bounding boxes.
    pub boxes: Vec<WorldBox>,
    /// Vertices.
    pub vertices: Vec<Vec3>,
    /// Planes.
    pub planes: Vec<WorldPlane>,
    /// Edges as pairs of vertices.
    pub edges: Vec<[VertexId; 2]>,
    /// Face edge lists, referred to by [`Face::edges`].
    pub edge_refs: Vec<EdgeRef>,
    /// Faces.
    pub faces: Vec<Face>,
    /// Area face lists, referred to by [`Area::faces`].
    pub face_refs: Vec<FaceRef>,
    /// Areas.
    pub areas: Vec<Area>,
    /// Reachabilities, grouped by source area.
    pub reachabilities: Vec<Reachability>,
    /// BSP nodes; the root is node 0 when there is any.
    pub nodes: Vec<Node>,
    /// Cluster portals.
    pub portals: Vec<Portal>,
    /// Cluster portal lists, referred to by [`Cluster::portals`].
    pub portal_refs: Vec<PortalId>,
    /// Routing clusters.
    pub clusters: Vec<Cluster>,
}

impl AasWorld {
    /// The area containing `point`, by descending the BSP tree; `None` in solid space or in an
    /// empty world.
    ///
    /// # Complexity
    /// `O(depth)`; a malformed tree (a cycle) stops after visiting every node once.
    #[must_use]
    pub fn point_area(&self, point: Vec3) -> Option<AreaId> {
        let mut child = NodeChild::Node(NodeId(0));
        for _ in 0..=self.nodes.len() {
            match child {
                NodeChild::Solid => return None,
                NodeChild::Area(area) => return Some(area),
                NodeChild::Node(node) => {
                    let (node, plane) = self.node_and_plane(node)?;
                    // As botlib: strictly in front goes to child 0, on or behind to child 1.
                    let in_front = plane.normal.dot(point) - plane.dist > 0.0;
                    let side = usize::from(!in_front);
                    child = node.children[side];
                }
            }
        }
        None
    }

    /// A node's children and plane, or `None` for a node or plane id out of range (only in a
    /// world that was not [validated](AasWorld::validate)).
    pub(crate) fn node_and_plane(&self, node: NodeId) -> Option<(&Node, &WorldPlane)> {
        let record = self.nodes.get(node.index())?;
        Some((record, self.planes.get(record.plane.index())?))
    }

    /// The reachabilities leaving `area`.
    #[must_use]
    pub fn reachabilities_of(&self, area: AreaId) -> &[Reachability] {
        self.areas
            .get(area.index())
            .and_then(|a| {
                self.reachabilities
                    .get(a.reachabilities.start as usize..a.reachabilities.end as usize)
            })
            .unwrap_or(&[])
    }
}
