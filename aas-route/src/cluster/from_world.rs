//! [`Clustering::from_world`]: the clusters and portals stored in an `aas-geom` world (as
//! read from a `.aas` file).

use aas_geom::world::{AasWorld, ClusterMembership};

use super::{ClusterInfo, Clustering, Membership, PortalInfo};
use crate::{AreaId, PortalId};

impl Clustering {
    /// The clustering stored in `world`: its clusters and portals as they are (areas in no
    /// cluster stay unroutable). Check it with [`validate`](Self::validate).
    #[must_use]
    pub fn from_world(world: &AasWorld) -> Self {
        let membership: Vec<Membership> = world
            .areas
            .iter()
            .map(|area| match area.cluster {
                ClusterMembership::None => Membership::None,
                ClusterMembership::Cluster(c) => Membership::Cluster(c),
                ClusterMembership::Portal(p) => Membership::Portal(p),
            })
            .collect();
        let portals: Vec<PortalInfo> = world
            .portals
            .iter()
            .map(|p| PortalInfo {
                area: p.area,
                front: p.front,
                back: p.back,
            })
            .collect();
        let mut clusters = vec![ClusterInfo::default(); world.clusters.len()];
        for (index, member) in membership.iter().enumerate() {
            if let Membership::Cluster(c) = member
                && let Some(cluster) = clusters.get_mut(c.index())
            {
                cluster.areas.push(AreaId::from_index(index));
            }
        }
        for (index, portal) in portals.iter().enumerate() {
            let id = PortalId::from_index(index);
            for side in [portal.front, portal.back] {
                if let Some(cluster) = clusters.get_mut(side.index()) {
                    cluster.portals.push(id);
                }
            }
        }
        Self {
            membership,
            portals,
            clusters,
        }
    }
}
