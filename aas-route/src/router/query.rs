//! [`Router::route`]: the travel time and first reachability from a start area to a goal
//! area, read from the caches.

use glam::Vec3;
use smallvec::SmallVec;

use super::Router;
use super::budget::CacheKey;
use super::layout::TwoSlots;
use crate::cluster::Membership;
use crate::cost::crossing_cost;
use crate::graph::RouteGraph;
use crate::ids::{AreaId, ClusterId, PortalId, ReachId};
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
        let mut scratch = std::mem::take(&mut self.scratch);
        let best = self.route_clustered(&mut scratch, start, origin, goal, flags);
        self.scratch = scratch;
        let (time, first) = best?;
        Some(Route {
            time: self.model.answer_time(u64::from(time))?,
            first: Some(first),
        })
    }

    /// The least (time, first reachability) of a query the clusters answer, under the query
    /// flags `flags`, using the buffers of `scratch`.
    fn route_clustered(
        &mut self,
        scratch: &mut Scratch,
        start: AreaId,
        origin: Vec3,
        goal: AreaId,
        flags: TravelFlags,
    ) -> Option<(u32, ReachId)> {
        // The allowed reachabilities leaving the start, each with the clusters it is local to
        // (the crossing to its start is computed when first needed); and those clusters (at
        // most a few).
        let exits = &mut scratch.exits;
        exits.clear();
        let mut clusters: SmallVec<[ClusterId; 4]> = SmallVec::new();
        let any_disabled = self.disabled_areas != 0;
        for id in self.layout.leaving[start.index()].clone() {
            let reach = ReachId(id);
            // `Layout::allowed`, with the type's and the target's flags tested at once.
            let info = &self.layout.reaches[reach.index()];
            if !flags.allow(self.layout.enter[reach.index()])
                || (any_disabled && self.model.is_disabled(info.target))
            {
                continue;
            }
            let begin = info.start;
            let slots = self.layout.locals[reach.index()];
            for &(cluster, _) in slots.iter().flatten() {
                if !clusters.contains(&cluster) {
                    clusters.push(cluster);
                }
            }
            exits.push(Exit {
                reach,
                crossing: UNKNOWN,
                begin,
                slots,
            });
        }

        let min_crossing = self.model.min_crossing();
        let from = StartCrossing {
            origin,
            factor: self.model.factor(start),
            on: self.model.has_crossing(),
        };
        let mut best: Option<(u32, ReachId)> = None;
        for cluster in clusters {
            // The local-state index in `cluster` of each exit local to it.
            let local = &mut scratch.local;
            local.clear();
            local.extend(exits.iter().enumerate().filter_map(|(i, exit)| {
                exit.slots
                    .iter()
                    .flatten()
                    .find(|(c, _)| *c == cluster)
                    .map(|&(_, state)| (id32(i), state))
            }));
            let local = &*local;
            if self.layout.routed_index(goal, cluster).is_some() {
                self.read_area_cache(cluster, goal, flags, &mut |cache| {
                    offer(&mut best, exits, local, cache, 0, &from);
                });
            }
            if self.clustering.clusters[cluster.index()].portals.is_empty() {
                continue;
            }
            // The cluster's portals with their onward times, nearest first: a route through
            // a portal costs at least its onward time plus the least crossing (the start's:
            // 1, or 0 without crossing), so once that exceeds the best time found the
            // remaining portals cannot win (ties are still tried, for the lowest
            // reachability).
            let key = CacheKey::Portal(goal, flags);
            let bound = best.map_or(u32::MAX, |(time, _)| time);
            let list = &self.clustering.clusters[cluster.index()].portals;
            let portals = &mut scratch.portals;
            let fill = |onward: &[u16]| nearest(portals, list, onward, bound, min_crossing);
            if self.store.read(key, fill).is_none() {
                let onward = self.portal_cache(goal, flags);
                let list = &self.clustering.clusters[cluster.index()].portals;
                nearest(portals, list, &onward, bound, min_crossing);
            }
            for &(rest, portal) in &*portals {
                if best.is_some_and(|(time, _)| u32::from(rest) + min_crossing > time) {
                    break;
                }
                let area = self.clustering.portals[portal.index()].area;
                self.read_area_cache(cluster, area, flags, &mut |cache| {
                    offer(&mut best, exits, local, cache, u32::from(rest), &from);
                });
            }
        }
        best
    }
}

impl<G: RouteGraph> Router<'_, G> {
    /// Calls `read` with the times of the area cache of (`cluster`, `goal`) under the query
    /// flags `flags`, built if needed: a warm look-up is one hash probe and no reference
    /// counting.
    fn read_area_cache(
        &mut self,
        cluster: ClusterId,
        goal: AreaId,
        flags: TravelFlags,
        read: &mut dyn FnMut(&[u16]),
    ) {
        if self
            .store
            .read(CacheKey::Area(cluster, goal, flags), &mut *read)
            .is_none()
        {
            let times = self.area_cache(cluster, goal, flags);
            read(&times);
        }
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

/// The crossing of an exit not computed yet.
const UNKNOWN: u32 = u32::MAX;

/// An allowed reachability leaving the start.
#[derive(Debug, Clone, Copy)]
struct Exit {
    reach: ReachId,
    /// The crossing of the start from the origin to its start point, or [`UNKNOWN`].
    crossing: u32,
    /// Its start point.
    begin: Vec3,
    /// The clusters it is local to, with its local state there.
    slots: TwoSlots,
}

/// What the start's crossing depends on: exactly [`CostModel::crossing`] of the start (not
/// entered), computed here so it is only paid for exits that could still win.
///
/// [`CostModel::crossing`]: crate::cost::CostModel::crossing
#[derive(Debug, Clone, Copy)]
struct StartCrossing {
    origin: Vec3,
    factor: f64,
    /// Whether the model charges crossings at all.
    on: bool,
}

impl StartCrossing {
    /// The crossing from the origin to `begin`.
    fn to(&self, begin: Vec3) -> u32 {
        if self.on {
            crossing_cost(self.origin, begin, self.factor)
        } else {
            0
        }
    }
}

/// The index `i` as a `u32` (exit counts are far below `u32::MAX`).
fn id32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Buffers a query reuses.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// The allowed reachabilities leaving the start.
    exits: Vec<Exit>,
    /// The exits local to one cluster: (index in `exits`, local state).
    local: Vec<(u32, u32)>,
    /// One cluster's portals worth trying: (onward time, portal), nearest first.
    portals: Vec<(u16, PortalId)>,
}

/// Lowers `best` (time, first reachability; ties to the lower id) with each exit of `local`
/// (index in `exits`, local state) whose cached time to the cache's goal is known, plus `rest`
/// after it. An exit's crossing (at least `from`'s least crossing) is computed, once, only
/// when the exit could still beat or tie `best`.
fn offer(
    best: &mut Option<(u32, ReachId)>,
    exits: &mut [Exit],
    local: &[(u32, u32)],
    cache: &[u16],
    rest: u32,
    from: &StartCrossing,
) {
    let least = u32::from(from.on);
    for &(index, state) in local {
        let cached = cache[state as usize];
        if cached == u16::MAX {
            continue;
        }
        let floor = u32::from(cached) + rest;
        if best.is_some_and(|(time, _)| floor + least > time) {
            continue;
        }
        let exit = &mut exits[index as usize];
        if exit.crossing == UNKNOWN {
            exit.crossing = from.to(exit.begin);
        }
        let time = exit.crossing + floor;
        if best.is_none_or(|b| (time, exit.reach) < b) {
            *best = Some((time, exit.reach));
        }
    }
}
