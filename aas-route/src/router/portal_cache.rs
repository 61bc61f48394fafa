//! Portal caches: for one goal area `G` and one set of travel flags, per portal `P` the time
//! `U(P)` from having entered `P` through a reachability to entering `G` (hundredths of a
//! second; `u16::MAX` unreachable; `U(G) = 0` when `G` is itself a portal).
//!
//! Dijkstra over portals. A portal `P` reaches a settled "exit" `X` (the goal, or a settled
//! portal) through a cluster `C` both are routed in:
//! `U(P) ≤ portal_crossing(P) + min over allowed local r of C leaving P of T_{C,X}(r) + U(X)`,
//! `T_{C,X}` being `C`'s area cache for goal `X`. The crossing of a portal entered through a
//! reachability is always its maximum crossing ([`crate::cost`]), so `U(P)` does not depend
//! on how `P` was entered, and the optimum decomposes exactly at the portals it passes.

use std::sync::Arc;

use super::layout::Layout;
use super::queue::RadixQueue;
use crate::cluster::{Clustering, Membership};
use crate::cost::CostModel;
use crate::{AreaId, ClusterId};

/// A built portal cache.
#[derive(Debug, Clone)]
pub(super) struct PortalTimes {
    /// Per portal: `U(P)`.
    pub(super) times: Vec<u16>,
    /// The clusters whose area caches were read (sorted, deduplicated).
    pub(super) clusters: Vec<ClusterId>,
}

/// The portal cache of `goal`; `area_cache(C, X)` returns the area cache of cluster `C` for
/// goal `X` under the query's flags.
pub(super) fn build(
    layout: &Layout,
    clustering: &Clustering,
    model: &CostModel,
    goal: AreaId,
    area_cache: &mut dyn FnMut(ClusterId, AreaId) -> Arc<[u16]>,
) -> PortalTimes {
    let portal_count = clustering.portals.len();
    let mut times = vec![u16::MAX; portal_count];
    let mut settled = vec![false; portal_count];
    let mut used = Vec::new();
    let mut queue = RadixQueue::new();
    let mut relax = |cluster: ClusterId,
                     exit: AreaId,
                     base: u32,
                     times: &mut [u16],
                     settled: &[bool],
                     queue: &mut RadixQueue| {
        let cache = area_cache(cluster, exit);
        used.push(cluster);
        let local = &layout.clusters[cluster.index()];
        for &portal in &clustering.clusters[cluster.index()].portals {
            if settled[portal.index()] {
                continue;
            }
            let area = clustering.portals[portal.index()].area;
            let Some(routed) = layout.routed_index(area, cluster) else {
                continue;
            };
            let best = local
                .outgoing_of(routed)
                .map(|state| cache[state])
                .min()
                .unwrap_or(u16::MAX);
            if best == u16::MAX {
                continue;
            }
            let crossing = model.portal_crossing(area).unwrap_or(1);
            let candidate = base + crossing + u32::from(best);
            if candidate < u32::from(times[portal.index()]) {
                times[portal.index()] = u16::try_from(candidate).unwrap_or(u16::MAX);
                queue.push(candidate, portal.0);
            }
        }
    };
    match clustering.membership.get(goal.index()) {
        Some(Membership::Portal(portal)) => {
            times[portal.index()] = 0;
            queue.push(0, portal.0);
        }
        Some(Membership::Cluster(cluster)) => {
            relax(*cluster, goal, 0, &mut times, &settled, &mut queue);
        }
        _ => {}
    }
    while let Some((time, portal)) = queue.pop() {
        let index = portal as usize;
        if settled[index] || time != u32::from(times[index]) {
            continue;
        }
        settled[index] = true;
        let info = clustering.portals[index];
        for cluster in [info.front, info.back] {
            relax(cluster, info.area, time, &mut times, &settled, &mut queue);
        }
    }
    used.sort_unstable();
    used.dedup();
    PortalTimes {
        times,
        clusters: used,
    }
}
