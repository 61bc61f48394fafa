//! Clusters and portals (thesis §6.5): the areas split into clusters, separated by portal
//! areas, each portal between exactly two clusters. Routing inside a cluster never leaves it
//! (portals of the cluster allowed); routing between clusters goes from portal to portal.
//!
//! [`Clustering`] is the data; it comes from a `.aas` file ([`Clustering::from_world`], with
//! the `aas-geom` feature) or is computed for any graph.

use crate::graph::RouteGraph;
use crate::{AreaId, ClusterId, PortalId};

/// Which cluster an area belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Membership {
    /// In no cluster: not routable (BSPC writes areas without reachabilities there).
    None,
    /// A member of a cluster.
    Cluster(ClusterId),
    /// A portal area between two clusters.
    Portal(PortalId),
}

/// A portal: an area between exactly two clusters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PortalInfo {
    /// The portal area.
    pub area: AreaId,
    /// One side.
    pub front: ClusterId,
    /// The other side.
    pub back: ClusterId,
}

/// A cluster: its member areas and the portals on its border.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClusterInfo {
    /// Its member areas (not its portals), in area order.
    pub areas: Vec<AreaId>,
    /// The portals between it and other clusters, in portal order.
    pub portals: Vec<PortalId>,
}

/// Clusters and portals of a graph.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Clustering {
    /// Per area: its cluster or portal.
    pub membership: Vec<Membership>,
    /// The portals.
    pub portals: Vec<PortalInfo>,
    /// The clusters.
    pub clusters: Vec<ClusterInfo>,
}

/// Why a [`Clustering`] does not fit its graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClusteringError {
    /// The membership list does not have one entry per area.
    #[error("{membership} cluster memberships for {areas} areas")]
    AreaCount {
        /// Entries in the membership list.
        membership: usize,
        /// Areas in the graph.
        areas: usize,
    },
    /// A portal's clusters are equal or do not exist, or its area is not marked as it.
    #[error("portal {} is inconsistent", .0.0)]
    BadPortal(PortalId),
    /// A cluster's area list or portal list disagrees with the membership.
    #[error("cluster {} is inconsistent", .0.0)]
    BadCluster(ClusterId),
    /// A reachability leaves its source's cluster other than into a portal of that cluster
    /// (or, from a portal, into one of the portal's two clusters or their portals).
    #[error(
        "a reachability from area {} to area {} leaves its cluster other than through a portal",
        .from.0,
        .to.0
    )]
    LeavesCluster {
        /// The source area.
        from: AreaId,
        /// The target area.
        to: AreaId,
    },
}

impl Clustering {
    /// The portal areas, in portal order.
    #[must_use]
    pub fn portal_areas(&self) -> Vec<AreaId> {
        self.portals.iter().map(|p| p.area).collect()
    }

    /// Whether a route between `a` and `b` may stay within one cluster, and which: the
    /// cluster both are in, where a portal counts as in both of its clusters.
    #[must_use]
    pub fn shared_cluster(&self, a: AreaId, b: AreaId) -> Option<ClusterId> {
        let sides = |area: AreaId| -> [Option<ClusterId>; 2] {
            match self.membership.get(area.index()) {
                Some(Membership::Cluster(c)) => [Some(*c), None],
                Some(Membership::Portal(p)) => self
                    .portals
                    .get(p.index())
                    .map_or([None, None], |p| [Some(p.front), Some(p.back)]),
                _ => [None, None],
            }
        };
        let (sa, sb) = (sides(a), sides(b));
        sa.into_iter().flatten().find(|c| sb.contains(&Some(*c)))
    }

    /// The full-cache memory model of thesis §6.5 and botlib, in bytes: `3·(Σ n_c² + N·P)`
    /// for `n_c` the areas with reachabilities routed in cluster `c` (its members and its
    /// portals), `N = Σ n_c` and `P` portals. A cache entry is a `u16` time and a `u8`
    /// reachability offset.
    #[must_use]
    pub fn memory_model_bytes(&self, graph: &impl RouteGraph) -> u64 {
        let has_reaches = |a: AreaId| !graph.reaches(a).is_empty();
        let mut sum_squares = 0_u64;
        let mut total = 0_u64;
        for cluster in &self.clusters {
            let members = cluster.areas.iter().filter(|&&a| has_reaches(a)).count();
            let portals = cluster
                .portals
                .iter()
                .filter(|p| {
                    self.portals
                        .get(p.index())
                        .is_some_and(|p| has_reaches(p.area))
                })
                .count();
            let n = (members + portals) as u64;
            sum_squares += n * n;
            total += n;
        }
        3 * (sum_squares + total * self.portals.len() as u64)
    }

    /// Checks that this clustering fits `graph`: one membership per area; each portal
    /// between two distinct existing clusters and marked as itself; cluster lists that agree
    /// with the membership; and no reachability that leaves a cluster except into one of its
    /// portals (from a portal: into one of its two clusters or their portals).
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn validate(&self, graph: &impl RouteGraph) -> Result<(), ClusteringError> {
        if self.membership.len() != graph.area_count() {
            return Err(ClusteringError::AreaCount {
                membership: self.membership.len(),
                areas: graph.area_count(),
            });
        }
        for (index, portal) in self.portals.iter().enumerate() {
            let id = PortalId::from_index(index);
            let fine = portal.front != portal.back
                && portal.front.index() < self.clusters.len()
                && portal.back.index() < self.clusters.len()
                && self.membership.get(portal.area.index()) == Some(&Membership::Portal(id));
            if !fine {
                return Err(ClusteringError::BadPortal(id));
            }
        }
        for (index, cluster) in self.clusters.iter().enumerate() {
            let id = ClusterId::from_index(index);
            let members_fine = cluster
                .areas
                .iter()
                .all(|a| self.membership.get(a.index()) == Some(&Membership::Cluster(id)));
            let count = self
                .membership
                .iter()
                .filter(|m| **m == Membership::Cluster(id))
                .count();
            let portals_fine = cluster.portals.iter().all(|p| {
                self.portals
                    .get(p.index())
                    .is_some_and(|p| p.front == id || p.back == id)
            }) && self
                .portals
                .iter()
                .filter(|p| p.front == id || p.back == id)
                .count()
                == cluster.portals.len();
            if !members_fine || count != cluster.areas.len() || !portals_fine {
                return Err(ClusteringError::BadCluster(id));
            }
        }
        for from in 0..graph.area_count() {
            let from = AreaId::from_index(from);
            for reach in graph.reaches(from) {
                let to = graph.reach(crate::ReachId(reach)).target;
                let none = |a: AreaId| {
                    matches!(
                        self.membership.get(a.index()),
                        Some(Membership::None) | None
                    )
                };
                if none(from) || none(to) || self.shared_cluster(from, to).is_some() {
                    continue;
                }
                return Err(ClusteringError::LeavesCluster { from, to });
            }
        }
        Ok(())
    }
}

#[cfg(feature = "aas-geom")]
mod from_world;

mod adjacency;
mod compute;
mod merge;
mod partition;
mod portals;
mod refine;
mod settings;
#[cfg(test)]
mod tests;
#[cfg(feature = "aas-geom")]
mod to_world;

pub use settings::ClusterSettings;
