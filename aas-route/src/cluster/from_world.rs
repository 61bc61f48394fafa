//! [`Clustering::from_world`]: the clusters and portals stored in an `aas-geom` world (as
//! read from a `.aas` file).

use aas_geom::world::{AasWorld, ClusterMembership};

use super::{ClusterInfo, Clustering, Membership, PortalInfo};
use crate::ids::{AreaId, ClusterId, PortalId};

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
                ClusterMembership::Cluster(c) => Membership::Cluster(ClusterId(c.0)),
                ClusterMembership::Portal(p) => Membership::Portal(PortalId(p.0)),
            })
            .collect();
        let portals: Vec<PortalInfo> = world
            .portals
            .iter()
            .map(|p| PortalInfo {
                area: AreaId(p.area.0),
                front: ClusterId(p.front.0),
                back: ClusterId(p.back.0),
            })
            .collect();
        let mut clusters = vec![ClusterInfo::default(); world.clusters.len()];
        for (index, member) in membership.iter().enumerate() {
            if let Membership::Cluster(c) = member
                && let Some(cluster) = clusters.get_mut(c.index())
            {
                cluster
                    .areas
                    .push(AreaId(u32::try_from(index).unwrap_or(u32::MAX)));
            }
        }
        for (index, portal) in portals.iter().enumerate() {
            let id = PortalId(u32::try_from(index).unwrap_or(u32::MAX));
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
