//! [`AasFile`]: an exact in-memory mirror of a `.aas` file.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::header::AAS_VERSION;
use super::lump::Lump;
use super::records::{
    AasArea, AasAreaSettings, AasBBox, AasCluster, AasEdge, AasFace, AasNode, AasPlane, AasPortal,
    AasReachability,
};
use super::travel_counts::TravelTypeCounts;

/// A Quake III `.aas` file as stored: one `Vec` per lump, index-0 dummies included, every
/// count exactly as in the file.
///
/// Read one with [`AasFile::from_bytes`], write one with [`AasFile::to_bytes`], check one
/// built in memory with [`AasFile::validate`]. The index-0 records of EDGES, FACES, AREAS,
/// REACHABILITY, NODES, PORTALS and CLUSTERS are dummies that the game never uses; they are
/// kept so that a file is rewritten byte for byte.
///
/// Floats are kept exactly as read (NaN payloads included), so two files read from the same
/// bytes compare equal unless a float is NaN; compare [`AasFile::to_bytes`] outputs to
/// compare bit for bit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AasFile {
    /// File version: 5 (obfuscated header) or 4 (plain header).
    pub version: i32,
    /// The BSP checksum: XOR of the four little-endian words of the MD4 of the `.bsp` file.
    pub bsp_checksum: i32,
    /// Lump 0: player bounding boxes (no dummy).
    pub bboxes: Vec<AasBBox>,
    /// Lump 1: vertexes (empty in files built with `bspc -optimize`).
    pub vertexes: Vec<Vec3>,
    /// Lump 2: planes.
    pub planes: Vec<AasPlane>,
    /// Lump 3: edges (record 0 is a dummy).
    pub edges: Vec<AasEdge>,
    /// Lump 4: edge index; `|value|` is an edge, negative means reversed.
    pub edge_index: Vec<i32>,
    /// Lump 5: faces (record 0 is a dummy).
    pub faces: Vec<AasFace>,
    /// Lump 6: face index; `|value|` is a face, negative means its back side.
    pub face_index: Vec<i32>,
    /// Lump 7: areas (record 0 is a dummy).
    pub areas: Vec<AasArea>,
    /// Lump 8: area settings, one per area.
    pub area_settings: Vec<AasAreaSettings>,
    /// Lump 9: reachabilities (record 0 is a dummy), grouped by source area.
    pub reachabilities: Vec<AasReachability>,
    /// Lump 10: BSP nodes (record 0 is a dummy; node 1 is the root).
    pub nodes: Vec<AasNode>,
    /// Lump 11: cluster portals (record 0 is a dummy).
    pub portals: Vec<AasPortal>,
    /// Lump 12: portal index: portal numbers grouped per cluster.
    pub portal_index: Vec<i32>,
    /// Lump 13: clusters (record 0 is a dummy).
    pub clusters: Vec<AasCluster>,
}

impl Default for AasFile {
    /// An empty version-5 file: no records at all, not even dummies. It validates, encodes
    /// and decodes, but describes no world.
    fn default() -> Self {
        Self {
            version: AAS_VERSION,
            bsp_checksum: 0,
            bboxes: Vec::new(),
            vertexes: Vec::new(),
            planes: Vec::new(),
            edges: Vec::new(),
            edge_index: Vec::new(),
            faces: Vec::new(),
            face_index: Vec::new(),
            areas: Vec::new(),
            area_settings: Vec::new(),
            reachabilities: Vec::new(),
            nodes: Vec::new(),
            portals: Vec::new(),
            portal_index: Vec::new(),
            clusters: Vec::new(),
        }
    }
}

impl AasFile {
    /// Number of records in a lump, dummy included.
    #[must_use]
    pub fn record_count(&self, lump: Lump) -> usize {
        match lump {
            Lump::BBoxes => self.bboxes.len(),
            Lump::Vertexes => self.vertexes.len(),
            Lump::Planes => self.planes.len(),
            Lump::Edges => self.edges.len(),
            Lump::EdgeIndex => self.edge_index.len(),
            Lump::Faces => self.faces.len(),
            Lump::FaceIndex => self.face_index.len(),
            Lump::Areas => self.areas.len(),
            Lump::AreaSettings => self.area_settings.len(),
            Lump::Reachability => self.reachabilities.len(),
            Lump::Nodes => self.nodes.len(),
            Lump::Portals => self.portals.len(),
            Lump::PortalIndex => self.portal_index.len(),
            Lump::Clusters => self.clusters.len(),
        }
    }

    /// Reachability counts by travel type (`traveltype & 0xFFFFFF`), excluding record 0,
    /// the dummy; types outside 1..=19 are counted in [`TravelTypeCounts::unknown`].
    ///
    /// O(reachabilities).
    #[must_use]
    pub fn reachability_counts(&self) -> TravelTypeCounts {
        let mut counts = TravelTypeCounts::default();
        for reach in self.reachabilities.iter().skip(1) {
            counts.add_raw(reach.travel_type);
        }
        counts
    }
}
