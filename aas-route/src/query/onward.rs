//! [`Router::time_after_reach`]: the least time from having just taken a reachability (in its
//! target area, at its end point) to a goal, from the router's answers.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use super::allowed;
use crate::TravelFlags;
use crate::graph::RouteGraph;
use crate::router::Router;
use crate::{AreaId, ReachId};

impl<G: RouteGraph> Router<'_, G> {
    /// The least time (hundredths of a second) from the state "just arrived in `reach`'s
    /// target at its end point" to `goal` under exactly `flags` — the continuation of a route
    /// whose next reachability is `reach`, with the same answer as
    /// [`reference_route_from_reach`](crate::reference_route_from_reach): 0 when `reach` leads
    /// into `goal`; an entered portal area costs its maximum crossing ([`crate::cost`]).
    /// Pass the query's effective flags ([`CostModel::query_flags`](crate::CostModel::query_flags)).
    /// `None` when there is no route, its time exceeds `u16::MAX`, `reach` or `goal` is outside
    /// the graph, or `reach` itself is not allowed under `flags` (its type, or entering its
    /// target).
    ///
    /// Built on [`route`](Self::route): a target that is not a portal area is a route from
    /// its target at the reachability's end (its crossing is the same whether entered or
    /// started in). From an entered portal area every exit costs the same maximum crossing, so
    /// a small Dijkstra over chains of entered portal areas finds the least exit, each chain
    /// ending in a route query from a non-portal area (or in the goal).
    ///
    /// # Complexity
    /// One route query, or for a portal target one per allowed exit of the portal areas the
    /// chain search settles (usually a handful).
    pub fn time_after_reach(
        &mut self,
        reach: ReachId,
        goal: AreaId,
        flags: TravelFlags,
    ) -> Option<u16> {
        let graph = self.graph();
        if reach.index() >= graph.reach_count() || goal.index() >= graph.area_count() {
            return None;
        }
        let info = graph.reach(reach);
        if !allowed(self.model(), &info, flags) {
            return None;
        }
        self.onward(reach, goal, flags)
            .and_then(|t| u16::try_from(t).ok())
    }

    /// [`time_after_reach`](Self::time_after_reach) for an allowed, in-graph `reach`, as a
    /// `u32` (`None` when unreachable).
    pub(super) fn onward(
        &mut self,
        reach: ReachId,
        goal: AreaId,
        flags: TravelFlags,
    ) -> Option<u32> {
        let info = self.graph().reach(reach);
        let area = info.target;
        if area == goal {
            return Some(0);
        }
        if self.model().portal_crossing(area).is_none() {
            return self
                .route(area, info.end, goal, flags)
                .map(|r| u32::from(r.time));
        }
        // Dijkstra over entered portal areas: the cost of having entered `p` so far.
        let mut settled: BTreeMap<AreaId, u32> = BTreeMap::new();
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((0_u32, area)));
        let mut answer: Option<u32> = None;
        while let Some(Reverse((cost, portal))) = heap.pop() {
            if answer.is_some_and(|a| cost >= a) {
                break;
            }
            if settled.contains_key(&portal) {
                continue;
            }
            settled.insert(portal, cost);
            let crossing = self.model().portal_crossing(portal).unwrap_or(1);
            for exit in self.graph().reaches(portal) {
                let next = self.graph().reach(ReachId(exit));
                if !allowed(self.model(), &next, flags) {
                    continue;
                }
                let here = cost + crossing + u32::from(next.travel_time);
                let target = next.target;
                let total = if target == goal {
                    Some(here)
                } else if self.model().portal_crossing(target).is_none() {
                    self.route(target, next.end, goal, flags)
                        .map(|r| here + u32::from(r.time))
                } else {
                    if !settled.contains_key(&target) {
                        heap.push(Reverse((here, target)));
                    }
                    None
                };
                if let Some(total) = total {
                    answer = Some(answer.map_or(total, |a| a.min(total)));
                }
            }
        }
        answer
    }
}
