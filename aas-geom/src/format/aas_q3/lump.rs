//! The 14 lumps of a `.aas` file: their order, names and record sizes.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Number of lumps in a `.aas` file.
pub const LUMP_COUNT: usize = 14;

/// One lump of a `.aas` file, in file order (the discriminant is the lump number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Lump {
    /// 0: collision bounding boxes (`aas_bbox_t`, 32 bytes).
    BBoxes = 0,
    /// 1: vertexes (`vec3_t`, 12 bytes).
    Vertexes = 1,
    /// 2: planes (`aas_plane_t`, 20 bytes).
    Planes = 2,
    /// 3: edges (`aas_edge_t`, 8 bytes).
    Edges = 3,
    /// 4: edge index (`i32`, negative = edge used reversed).
    EdgeIndex = 4,
    /// 5: faces (`aas_face_t`, 24 bytes).
    Faces = 5,
    /// 6: face index (`i32`, negative = back side of the face).
    FaceIndex = 6,
    /// 7: areas (`aas_area_t`, 48 bytes).
    Areas = 7,
    /// 8: area settings (`aas_areasettings_t`, 28 bytes).
    AreaSettings = 8,
    /// 9: reachabilities (`aas_reachability_t`, 44 bytes).
    Reachability = 9,
    /// 10: BSP nodes (`aas_node_t`, 12 bytes).
    Nodes = 10,
    /// 11: cluster portals (`aas_portal_t`, 20 bytes).
    Portals = 11,
    /// 12: portal index (`i32` portal numbers grouped per cluster).
    PortalIndex = 12,
    /// 13: clusters (`aas_cluster_t`, 16 bytes).
    Clusters = 13,
}

impl Lump {
    /// All lumps in file order.
    pub const ALL: [Lump; LUMP_COUNT] = [
        Lump::BBoxes,
        Lump::Vertexes,
        Lump::Planes,
        Lump::Edges,
        Lump::EdgeIndex,
        Lump::Faces,
        Lump::FaceIndex,
        Lump::Areas,
        Lump::AreaSettings,
        Lump::Reachability,
        Lump::Nodes,
        Lump::Portals,
        Lump::PortalIndex,
        Lump::Clusters,
    ];

    /// The lump number (its position in the header's lump table).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case name used in error messages (`"REACHABILITY"`, `"AREASETTINGS"`, ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Lump::BBoxes => "BBOXES",
            Lump::Vertexes => "VERTEXES",
            Lump::Planes => "PLANES",
            Lump::Edges => "EDGES",
            Lump::EdgeIndex => "EDGEINDEX",
            Lump::Faces => "FACES",
            Lump::FaceIndex => "FACEINDEX",
            Lump::Areas => "AREAS",
            Lump::AreaSettings => "AREASETTINGS",
            Lump::Reachability => "REACHABILITY",
            Lump::Nodes => "NODES",
            Lump::Portals => "PORTALS",
            Lump::PortalIndex => "PORTALINDEX",
            Lump::Clusters => "CLUSTERS",
        }
    }

    /// The lower-case noun for one record, used in error messages (`"area"`, `"edge index entry"`).
    #[must_use]
    pub const fn noun(self) -> &'static str {
        match self {
            Lump::BBoxes => "bbox",
            Lump::Vertexes => "vertex",
            Lump::Planes => "plane",
            Lump::Edges => "edge",
            Lump::EdgeIndex => "edge index entry",
            Lump::Faces => "face",
            Lump::FaceIndex => "face index entry",
            Lump::Areas => "area",
            Lump::AreaSettings => "area settings record",
            Lump::Reachability => "reachability",
            Lump::Nodes => "node",
            Lump::Portals => "portal",
            Lump::PortalIndex => "portal index entry",
            Lump::Clusters => "cluster",
        }
    }

    /// The lower-case plural used in error messages (`"areas"`, `"edge index entries"`).
    #[must_use]
    pub const fn plural(self) -> &'static str {
        match self {
            Lump::BBoxes => "bboxes",
            Lump::Vertexes => "vertexes",
            Lump::Planes => "planes",
            Lump::Edges => "edges",
            Lump::EdgeIndex => "edge index entries",
            Lump::Faces => "faces",
            Lump::FaceIndex => "face index entries",
            Lump::Areas => "areas",
            Lump::AreaSettings => "area settings records",
            Lump::Reachability => "reachabilities",
            Lump::Nodes => "nodes",
            Lump::Portals => "portals",
            Lump::PortalIndex => "portal index entries",
            Lump::Clusters => "clusters",
        }
    }

    /// Size in bytes of one record of this lump.
    #[must_use]
    pub const fn record_size(self) -> usize {
        match self {
            Lump::BBoxes => 32,
            Lump::Vertexes => 12,
            Lump::Planes => 20,
            Lump::Edges => 8,
            Lump::EdgeIndex | Lump::FaceIndex | Lump::PortalIndex => 4,
            Lump::Faces => 24,
            Lump::Areas => 48,
            Lump::AreaSettings => 28,
            Lump::Reachability => 44,
            Lump::Nodes => 12,
            Lump::Portals => 20,
            Lump::Clusters => 16,
        }
    }
}

impl fmt::Display for Lump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
