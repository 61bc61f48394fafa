//! [`AasWorld::validate`]: every typed id and range of a world in bounds.

use std::ops::Range;

use thiserror::Error;

use super::model::{AasWorld, ClusterMembership, NodeChild};

/// A reference of an [`AasWorld`] that points outside its target.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{record} {index}: {field} refers to {value}, but there are {count} {target}")]
pub struct WorldError {
    /// The kind of record holding the reference (`"area"`, `"face"`, …).
    pub record: &'static str,
    /// Its index.
    pub index: usize,
    /// The field.
    pub field: &'static str,
    /// The offending value (a range is reported by its end, or its start when reversed).
    pub value: u64,
    /// What it refers to (`"areas"`, `"planes"`, …).
    pub target: &'static str,
    /// How many of those exist.
    pub count: usize,
}

struct Checker {
    record: &'static str,
    index: usize,
}

impl Checker {
    fn id(
        &self,
        field: &'static str,
        value: u32,
        target: &'static str,
        count: usize,
    ) -> Result<(), WorldError> {
        if (value as usize) < count {
            Ok(())
        } else {
            Err(self.error(field, u64::from(value), target, count))
        }
    }

    fn range(
        &self,
        field: &'static str,
        range: &Range<u32>,
        target: &'static str,
        count: usize,
    ) -> Result<(), WorldError> {
        if range.start > range.end {
            return Err(self.error(field, u64::from(range.start), target, count));
        }
        if range.end as usize > count {
            return Err(self.error(field, u64::from(range.end), target, count));
        }
        Ok(())
    }

    fn error(
        &self,
        field: &'static str,
        value: u64,
        target: &'static str,
        count: usize,
    ) -> WorldError {
        WorldError {
            record: self.record,
            index: self.index,
            field,
            value,
            target,
            count,
        }
    }
}

impl AasWorld {
    /// Checks that every id and range refers to existing records, so that code indexing with
    /// them cannot go out of bounds. Worlds from [`AasWorld::from_q3`] always pass; worlds built
    /// by hand or read from an untrusted native file are checked with this.
    ///
    /// # Errors
    /// The first [`WorldError`] found.
    ///
    /// # Complexity
    /// `O(records)`.
    pub fn validate(&self) -> Result<(), WorldError> {
        let at = |record, index| Checker { record, index };
        for (index, edge) in self.edges.iter().enumerate() {
            for vertex in edge {
                at("edge", index).id("vertex", vertex.0, "vertices", self.vertices.len())?;
            }
        }
        for (index, edge_ref) in self.edge_refs.iter().enumerate() {
            at("edge ref", index).id("edge", edge_ref.edge.0, "edges", self.edges.len())?;
        }
        for (index, face) in self.faces.iter().enumerate() {
            let check = at("face", index);
            check.id("plane", face.plane.0, "planes", self.planes.len())?;
            check.range("edges", &face.edges, "edge refs", self.edge_refs.len())?;
            for area in [face.front, face.back].into_iter().flatten() {
                check.id("area", area.0, "areas", self.areas.len())?;
            }
        }
        for (index, face_ref) in self.face_refs.iter().enumerate() {
            at("face ref", index).id("face", face_ref.face.0, "faces", self.faces.len())?;
        }
        for (index, area) in self.areas.iter().enumerate() {
            let check = at("area", index);
            check.range("faces", &area.faces, "face refs", self.face_refs.len())?;
            check.range(
                "reachabilities",
                &area.reachabilities,
                "reachabilities",
                self.reachabilities.len(),
            )?;
            match area.cluster {
                ClusterMembership::None => {}
                ClusterMembership::Cluster(c) => {
                    check.id("cluster", c.0, "clusters", self.clusters.len())?;
                }
                ClusterMembership::Portal(p) => {
                    check.id("portal", p.0, "portals", self.portals.len())?;
                }
            }
        }
        for (index, reach) in self.reachabilities.iter().enumerate() {
            at("reachability", index).id("target", reach.target.0, "areas", self.areas.len())?;
        }
        for (index, node) in self.nodes.iter().enumerate() {
            let check = at("node", index);
            check.id("plane", node.plane.0, "planes", self.planes.len())?;
            for child in node.children {
                match child {
                    NodeChild::Solid => {}
                    NodeChild::Node(n) => check.id("child", n.0, "nodes", self.nodes.len())?,
                    NodeChild::Area(a) => check.id("child", a.0, "areas", self.areas.len())?,
                }
            }
        }
        for (index, portal) in self.portals.iter().enumerate() {
            let check = at("portal", index);
            check.id("area", portal.area.0, "areas", self.areas.len())?;
            check.id("front", portal.front.0, "clusters", self.clusters.len())?;
            check.id("back", portal.back.0, "clusters", self.clusters.len())?;
        }
        for (index, portal) in self.portal_refs.iter().enumerate() {
            at("portal ref", index).id("portal", portal.0, "portals", self.portals.len())?;
        }
        for (index, cluster) in self.clusters.iter().enumerate() {
            at("cluster", index).range(
                "portals",
                &cluster.portals,
                "portal refs",
                self.portal_refs.len(),
            )?;
        }
        Ok(())
    }
}
