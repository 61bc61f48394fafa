//! [`Clustering::store_into`]: writes a clustering into an `aas-geom` world, so that its
//! Quake III export carries the clusters and portals (the reverse of
//! [`Clustering::from_world`]).

use aas_geom::world::{AasWorld, Cluster, ClusterMembership, Portal};

use super::{Clustering, Membership};
use crate::PortalId as RoutePortalId;

/// One numbered place inside a cluster.
#[derive(Debug, Clone, Copy)]
enum Slot {
    /// A member area (its index).
    Member(usize),
    /// A portal of the cluster (its index).
    Portal(usize),
}

/// A count or index as a number the `.aas` file can store (a non-negative `i32`).
fn file_int(value: usize) -> u32 {
    i32::try_from(value).unwrap_or(i32::MAX).cast_unsigned()
}

impl Clustering {
    /// Stores this clustering in `world`: each area's cluster or portal and its number
    /// inside its cluster, the portals, the per-cluster portal lists and the clusters.
    ///
    /// Numbering inside a cluster follows botlib: first its members with reachabilities (in
    /// area order), then its portals with reachabilities (in portal order), then the
    /// members without and the portals without. A cluster's `num_reachability_areas` counts
    /// the first two groups, `num_areas` all four. A portal's numbers in its two clusters
    /// are in its portal record; the portal area's own `cluster_area_num` is 0 (as BSPC
    /// writes it).
    ///
    /// The clustering should fit `world` ([`validate`](Self::validate)); areas beyond its
    /// membership list are left in no cluster.
    pub fn store_into(&self, world: &mut AasWorld) {
        let has_reaches = |area: usize| {
            world
                .areas
                .get(area)
                .is_some_and(|a| !a.reachabilities.is_empty())
        };
        let mut area_num = vec![0_u32; world.areas.len()];
        let mut portal_num = vec![[0_u32; 2]; self.portals.len()];
        let mut clusters = Vec::with_capacity(self.clusters.len());
        let mut portal_refs = Vec::new();
        for (index, cluster) in self.clusters.iter().enumerate() {
            let id = crate::ClusterId::from_index(index);
            let portal_area = |p: &RoutePortalId| self.portals.get(p.index()).map(|i| i.area);
            let mut order: Vec<Slot> =
                Vec::with_capacity(cluster.areas.len() + cluster.portals.len());
            for routed in [true, false] {
                order.extend(
                    cluster
                        .areas
                        .iter()
                        .filter(|a| has_reaches(a.index()) == routed)
                        .map(|a| Slot::Member(a.index())),
                );
                order.extend(
                    cluster
                        .portals
                        .iter()
                        .filter(|p| {
                            portal_area(p).is_some_and(|a| has_reaches(a.index()) == routed)
                        })
                        .map(|p| Slot::Portal(p.index())),
                );
            }
            let reachability_areas = order
                .iter()
                .filter(|slot| match slot {
                    Slot::Member(area) => has_reaches(*area),
                    Slot::Portal(p) => has_reaches(self.portals[*p].area.index()),
                })
                .count();
            for (number, slot) in order.iter().enumerate() {
                match *slot {
                    Slot::Member(area) => {
                        if let Some(n) = area_num.get_mut(area) {
                            *n = file_int(number);
                        }
                    }
                    Slot::Portal(p) => {
                        let side = usize::from(self.portals[p].front != id);
                        portal_num[p][side] = file_int(number);
                    }
                }
            }
            let first = portal_refs.len();
            portal_refs.extend(cluster.portals.iter().copied());
            clusters.push(Cluster {
                num_areas: file_int(order.len()),
                num_reachability_areas: file_int(reachability_areas),
                portals: u32::try_from(first).unwrap_or(u32::MAX)
                    ..u32::try_from(portal_refs.len()).unwrap_or(u32::MAX),
            });
        }
        for (index, area) in world.areas.iter_mut().enumerate() {
            let membership = self
                .membership
                .get(index)
                .copied()
                .unwrap_or(Membership::None);
            (area.cluster, area.cluster_area_num) = match membership {
                Membership::None => (ClusterMembership::None, 0),
                Membership::Cluster(c) => (ClusterMembership::Cluster(c), area_num[index]),
                Membership::Portal(p) => (ClusterMembership::Portal(p), 0),
            };
        }
        world.portals = self
            .portals
            .iter()
            .zip(&portal_num)
            .map(|(p, &cluster_area_num)| Portal {
                area: p.area,
                front: p.front,
                back: p.back,
                cluster_area_num,
            })
            .collect();
        world.portal_refs = portal_refs;
        world.clusters = clusters;
    }
}

#[cfg(test)]
mod tests {
    use aas_geom::format::aas_q3::AasFile;
    use aas_geom::world::{
        AasWorld, Area, AreaContents, AreaFlags, AreaId, ClusterMembership, PresenceType,
        ReachDetail, Reachability, Travel, TravelType,
    };
    use glam::Vec3;

    use crate::cluster::{ClusterSettings, Clustering};

    /// Areas 0 and 1, the authored portal 2, areas 3 and 4, area 5 reached from 4 with no
    /// way out, and area 6 with no reachability at all.
    fn world() -> AasWorld {
        let links: [&[u32]; 7] = [&[1], &[0, 2], &[1, 3], &[2, 4], &[3, 5], &[], &[]];
        let mut world = AasWorld::default();
        for (index, targets) in links.iter().enumerate() {
            let first = u32::try_from(world.reachabilities.len()).unwrap();
            let center = Vec3::new(64.0 * index as f32, 0.0, 0.0);
            world.areas.push(Area {
                faces: 0..0,
                mins: center - Vec3::splat(16.0),
                maxs: center + Vec3::splat(16.0),
                center,
                contents: if index == 2 {
                    AreaContents::CLUSTERPORTAL
                } else {
                    AreaContents::empty()
                },
                flags: AreaFlags::GROUNDED,
                presence: PresenceType::NORMAL,
                cluster: ClusterMembership::None,
                cluster_area_num: 0,
                reachabilities: first..first + u32::try_from(targets.len()).unwrap(),
            });
            for &target in *targets {
                world.reachabilities.push(Reachability {
                    target: AreaId(target),
                    detail: ReachDetail::NONE,
                    start: center,
                    end: center,
                    travel: Travel::new(TravelType::Walk),
                    travel_time: 10,
                });
            }
        }
        world
    }

    #[test]
    fn numbering_follows_botlib_and_survives_the_file() {
        let mut world = world();
        let clustering = Clustering::compute(&world, &ClusterSettings::authored_only());
        clustering.validate(&world).unwrap();
        clustering.store_into(&mut world);
        let numbers: Vec<u32> = world.areas.iter().map(|a| a.cluster_area_num).collect();
        // Cluster 0: 0, 1, then the portal (2); cluster 1: 3, 4, then the portal (2), then
        // area 5 without reachabilities (3). The portal area itself holds 0; area 6 is in
        // no cluster.
        assert_eq!(numbers, [0, 1, 0, 0, 1, 3, 0]);
        assert_eq!(world.areas[6].cluster, ClusterMembership::None);
        assert_eq!(world.portals.len(), 1);
        assert_eq!(world.portals[0].cluster_area_num, [2, 2]);
        let sizes: Vec<(u32, u32)> = world
            .clusters
            .iter()
            .map(|c| (c.num_areas, c.num_reachability_areas))
            .collect();
        assert_eq!(sizes, [(3, 3), (4, 3)]);
        let bytes = world.to_q3().to_bytes();
        let back = AasWorld::from_q3(&AasFile::from_bytes(&bytes).unwrap()).unwrap();
        assert_eq!(Clustering::from_world(&back), clustering);
        assert_eq!(back.clusters, world.clusters);
        assert_eq!(back.portals, world.portals);
        assert_eq!(back.portal_refs, world.portal_refs);
    }
}
