//! [`Router::route`]: the travel time and first reachability from a start area to a goal
//! area, read from the caches.

use glam::Vec3;

use super::Router;
use crate::cluster::Membership;
use crate::graph::RouteGraph;
use crate::ids::{AreaId, ClusterId, ReachId};
use crate::reference::{Route, reference_route};
use crate::travel::TravelFlags;

impl<G: RouteGraph> Router<'_, G> {
    /// The least-time route from `start` (the player at `origin` in it) to `goal` under
    /// `flags`, exactly as [`reference_route`] answers it ([`crate::cost`]): its time in
    /// hundredths of a second and its first reachability (of those that start an optimal
    /// route, the one with the lowest id). `None` when there is no route, its time exceeds
    /// `u16::MAX`, or either area is outside the graph; `start == goal` takes time 0 and no
    /// reachability.
    ///
    /// A start or goal in no cluster, or a clustering that leaves a pass-through area in no
    /// cluster, is answered by [`reference_route`] (counted in
    /// [`RouterStats::fallbacks`](super::RouterStats::fallbacks)).
    ///
    /// # Complexity
    /// Warm (caches stored): `O(k · p)` for the `k` reachabilities leaving `start` and the
    /// `p` portals of its cluster(s). Cold: builds the goal's area cache and portal cache (and
    /// the area caches of the portals those need), each a Dijkstra over one cluster.
    pub fn route(
        &mut self,
        start: AreaId,
        origin: Vec3,
        goal: AreaId,
        flags: TravelFlags,
    ) -> Option<Route> {
        let areas = self.layout.leaving.len();
        if start.index() >= areas || goal.index() >= areas {
            return None;
        }
        self.stats.queries += 1;
        if start == goal {
            return Some(Route {
                time: 0,
                first: None,
            });
        }
        let unclustered =
            |area: AreaId| self.clustering.membership[area.index()] == Membership::None;
        if !self.layout.complete || unclustered(start) || unclustered(goal) {
            self.stats.fallbacks += 1;
            return reference_route(self.graph, &self.model, start, origin, goal, flags);
        }
        let flags = self.model.query_flags(start, goal, flags);

        // The allowed reachabilities leaving the start, each with the crossing to its start.
        let exits: Vec<(ReachId, u32)> = self.layout.leaving[start.index()]
            .clone()
            .map(ReachId)
            .filter(|&r| self.layout.allowed(r, flags, &self.model))
            .map(|r| {
                let begin = self.layout.reaches[r.index()].start;
                (r, self.model.crossing(start, origin, begin, false))
            })
            .collect();
        let mut clusters: Vec<ClusterId> = exits
            .iter()
            .flat_map(|&(r, _)| self.layout.locals[r.index()])
            .flatten()
            .map(|(c, _)| c)
            .collect();
        clusters.sort_unstable();
        clusters.dedup();

        let mut best: Option<(u32, ReachId)> = None;
        let mut offer = |time: u32, reach: ReachId| {
            if best.is_none_or(|b| (time, reach) < b) {
                best = Some((time, reach));
            }
        };
        let mut portal_times = None;
        for cluster in clusters {
            // The local-state index in `cluster` of each exit local to it.
            let local: Vec<(ReachId, u32, usize)> = exits
                .iter()
                .filter_map(|&(r, crossing)| {
                    self.layout.locals[r.index()]
                        .iter()
                        .flatten()
                        .find(|(c, _)| *c == cluster)
                        .map(|&(_, state)| (r, crossing, state as usize))
                })
                .collect();
            if self.layout.routed_index(goal, cluster).is_some() {
                let cache = self.area_cache(cluster, goal, flags);
                for &(r, crossing, state) in &local {
                    if cache[state] != u16::MAX {
                        offer(crossing + u32::from(cache[state]), r);
                    }
                }
            }
            let portals = self.clustering.clusters[cluster.index()].portals.clone();
            if portals.is_empty() {
                continue;
            }
            let onward = match &portal_times {
                Some(times) => std::sync::Arc::clone(times),
                None => {
                    let times = self.portal_cache(goal, flags);
                    portal_times = Some(std::sync::Arc::clone(&times));
                    times
                }
            };
            for portal in portals {
                let rest = onward[portal.index()];
                if rest == u16::MAX {
                    continue;
                }
                let area = self.clustering.portals[portal.index()].area;
                let cache = self.area_cache(cluster, area, flags);
                for &(r, crossing, state) in &local {
                    if cache[state] != u16::MAX {
                        offer(crossing + u32::from(cache[state]) + u32::from(rest), r);
                    }
                }
            }
        }
        let (time, first) = best?;
        Some(Route {
            time: u16::try_from(time).ok()?,
            first: Some(first),
        })
    }
}
