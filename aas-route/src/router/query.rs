//! [`Router::route`]: the travel time and first reachability from a start area to a goal
//! area, read from the caches.

use glam::Vec3;
use smallvec::SmallVec;

use super::Router;
use super::budget::CacheKey;
use super::caches::Caches;
use super::layout::AreaQuery;
use super::start_scan::{Best, GeneralExit, HomeScan, StartCrossing, UNKNOWN, offer};
use crate::TravelFlags;
use crate::cluster::Clustering;
use crate::graph::RouteGraph;
use crate::reference::{Route, reference_route};
use crate::{AreaId, ClusterId, PortalId, ReachId};

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
        let (Some(&from), Some(&to)) = (
            self.layout.areas.get(start.index()),
            self.layout.areas.get(goal.index()),
        ) else {
            return None;
        };
        self.stats.queries += 1;
        if start == goal {
            return Some(Route {
                time: 0,
                first: None,
            });
        }
        if !self.layout.complete || !from.clustered || !to.clustered {
            self.stats.fallbacks += 1;
            return reference_route(self.graph, &self.model, start, origin, goal, flags);
        }
        // `CostModel::query_flags`, from the packed records.
        let flags = if from.marked || to.marked {
            flags | TravelFlags::DONOTENTER
        } else {
            flags
        };
        let (time, first) = self.route_clustered(&from, origin, (goal, &to), flags)?;
        Some(Route {
            time: self.model.answer_time(u64::from(time))?,
            first: Some(first),
        })
    }

    /// The least (time, first reachability) of a query the clusters answer from the start
    /// area `from_area` (the player at `origin` in it) to `goal` under the query flags
    /// `flags`.
    fn route_clustered(
        &mut self,
        from_area: &AreaQuery,
        origin: Vec3,
        (goal, goal_area): (AreaId, &AreaQuery),
        flags: TravelFlags,
    ) -> Option<(u32, ReachId)> {
        let Self {
            layout,
            clustering,
            model,
            store,
            stats,
            scratch,
            disabled_areas,
            ..
        } = self;
        let from = StartCrossing {
            origin,
            factor: from_area.factor,
            on: model.has_crossing(),
        };
        let disabled = (*disabled_areas != 0).then_some(&*model);
        let layout = &*layout;
        let mut caches = Caches {
            layout,
            clustering,
            model,
            store,
            stats,
        };
        let leaving = from_area.leaving.0..from_area.leaving.1;
        let mut best: Best = None;

        // The fast path: a member of one cluster whose exits are all local to it, in order.
        if let Some((cluster, first)) = from_area.home {
            let same_cluster = goal_area.routed_in(cluster);
            // Exits are offered once when the goal is routed in the cluster (no memo of
            // their crossings needed), else once per portal tried.
            scratch.crossings.clear();
            if !same_cluster {
                scratch.crossings.resize(leaving.len(), UNKNOWN);
            }
            let mut scan = HomeScan {
                exits: &layout.exits[leaving.start as usize..leaving.end as usize],
                first_reach: leaving.start,
                first_state: first as usize,
                from,
                flags,
                disabled,
                crossings: &mut scratch.crossings,
            };
            if same_cluster {
                // The warm same-cluster query: one look-up, no dynamic calls.
                let key = goal_key(caches.clustering, cluster, goal, flags);
                let read = |cache: &[u16]| scan.offer(&mut best, cache, 0);
                if caches.store.read(key, read).is_some() {
                    return best;
                }
            }
            route_in_cluster(
                &mut caches,
                &mut scratch.portals,
                &mut best,
                (cluster, goal, flags),
                &mut |best, cache, rest| scan.offer(best, cache, rest),
            );
            return best;
        }

        // The general path (portal starts): the allowed reachabilities leaving the start,
        // each with the clusters it is local to (the crossing to its start is computed when
        // first needed); and those clusters (at most a few).
        let exits = &mut scratch.exits;
        exits.clear();
        let mut clusters: SmallVec<[ClusterId; 4]> = SmallVec::new();
        for id in leaving {
            let reach = ReachId(id);
            let exit = &layout.exits[reach.index()];
            if !flags.allow(exit.enter) || disabled.is_some_and(|m| m.is_disabled(exit.target)) {
                continue;
            }
            let slots = layout.locals[reach.index()];
            for &(cluster, _) in slots.iter().flatten() {
                if !clusters.contains(&cluster) {
                    clusters.push(cluster);
                }
            }
            exits.push(GeneralExit {
                reach,
                crossing: UNKNOWN,
                begin: exit.begin,
                slots,
            });
        }
        for cluster in clusters {
            // The local-state index in `cluster` of each exit local to it.
            let local = &mut scratch.local;
            local.clear();
            local.extend(exits.iter().enumerate().filter_map(|(i, exit)| {
                exit.slots
                    .iter()
                    .flatten()
                    .find(|(c, _)| *c == cluster)
                    .map(|&(_, state)| (u32::try_from(i).unwrap_or(u32::MAX), state))
            }));
            let local = &*local;
            route_in_cluster(
                &mut caches,
                &mut scratch.portals,
                &mut best,
                (cluster, goal, flags),
                &mut |best, cache, rest| offer(best, exits, local, cache, rest, &from),
            );
        }
        best
    }
}

/// Lowers `best` with the routes from the exits local to `cluster` to `goal` under `flags`:
/// `offer(best, cache, rest)` offers each exit's time in `cache` (times indexed by local
/// state of `cluster`) plus `rest`. When `goal` is routed in `cluster` that is its goal cache
/// (the area cache when `cluster` has no portals); else, per portal of `cluster` nearest
/// first (by its portal-cache time `U_G`), the portal's area cache plus `U_G`, skipping the
/// portals whose `U_G` plus the least crossing (the start's: 1, or 0 without crossing)
/// exceeds the best time found (ties are still tried, for the lowest reachability).
fn route_in_cluster(
    caches: &mut Caches<'_>,
    portals: &mut Vec<(u16, PortalId)>,
    best: &mut Best,
    (cluster, goal, flags): (ClusterId, AreaId, TravelFlags),
    offer: &mut dyn FnMut(&mut Best, &[u16], u32),
) {
    let clustering = caches.clustering;
    let list = &clustering.clusters[cluster.index()].portals;
    if caches.layout.routed_index(goal, cluster).is_some() {
        let key = goal_key(clustering, cluster, goal, flags);
        caches.read(key, &mut |cache| offer(best, cache, 0));
        return;
    }
    if list.is_empty() {
        return;
    }
    let min_crossing = caches.model.min_crossing();
    let bound = best.map_or(u32::MAX, |(time, _)| time);
    let fill = |onward: &[u16]| nearest(portals, list, onward, bound, min_crossing);
    if caches
        .store
        .read(CacheKey::Portal(goal, flags), fill)
        .is_none()
    {
        let onward = caches.portal(goal, flags).times;
        nearest(portals, list, &onward, bound, min_crossing);
    }
    for &(rest, portal) in &*portals {
        if best.is_some_and(|(time, _)| u32::from(rest) + min_crossing > time) {
            break;
        }
        let area = clustering.portals[portal.index()].area;
        let rest = u32::from(rest);
        caches.read(CacheKey::Area(cluster, area, flags), &mut |cache| {
            offer(best, cache, rest);
        });
    }
}

/// The cache answering queries from `cluster` to `goal` (routed in it) under `flags`: its
/// goal cache, which already holds the routes through the portals, or its area cache when
/// the cluster has no portals.
fn goal_key(
    clustering: &Clustering,
    cluster: ClusterId,
    goal: AreaId,
    flags: TravelFlags,
) -> CacheKey {
    if clustering.clusters[cluster.index()].portals.is_empty() {
        CacheKey::Area(cluster, goal, flags)
    } else {
        CacheKey::Goal(cluster, goal, flags)
    }
}

/// Fills `portals` with the portals of `list` and their onward times `onward`, nearest first,
/// leaving out the unreachable ones and those that cannot beat or tie `bound` (their onward
/// time plus the least crossing `min_crossing` exceeds it).
fn nearest(
    portals: &mut Vec<(u16, PortalId)>,
    list: &[PortalId],
    onward: &[u16],
    bound: u32,
    min_crossing: u32,
) {
    portals.clear();
    portals.extend(
        list.iter()
            .map(|&p| (onward[p.index()], p))
            .filter(|&(rest, _)| rest != u16::MAX && u32::from(rest) + min_crossing <= bound),
    );
    portals.sort_unstable();
}
