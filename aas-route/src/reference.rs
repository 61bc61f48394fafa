//! [`reference_route`]: the answer of the [cost model](crate::cost) by a flat Dijkstra over
//! (area, entry reachability) states, with no clusters and no caches. Slow (a search per
//! query) and obviously right: the oracle the clustered router is tested against.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec3;

use crate::cost::CostModel;
use crate::graph::RouteGraph;
use crate::{AreaId, ReachId, TravelFlags};

/// A route's time and first step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Route {
    /// The travel time, in hundredths of a second.
    pub time: u16,
    /// The first reachability to take; `None` when the start is the goal.
    pub first: Option<ReachId>,
}

/// The least-time route from `start` (the player at `origin` in it) to `goal` under `flags`
/// and `model` (see [`crate::cost`]), by Dijkstra over states "in area A, entered by
/// reachability r" (plus the start state), labelled (time, first reachability) in
/// lexicographic order so that of the reachabilities starting an optimal route it returns the
/// one with the lowest id. `None` when there is none or its time exceeds
/// `u16::MAX`, or either area is outside the graph.
///
/// # Complexity
/// `O(R log R)` time and `O(R)` space for the graph's `R` reachabilities.
#[must_use]
pub fn reference_route(
    graph: &impl RouteGraph,
    model: &CostModel,
    start: AreaId,
    origin: Vec3,
    goal: AreaId,
    flags: TravelFlags,
) -> Option<Route> {
    let areas = graph.area_count();
    if start.index() >= areas || goal.index() >= areas {
        return None;
    }
    if start == goal {
        return Some(Route {
            time: 0,
            first: None,
        });
    }
    let flags = model.query_flags(start, goal, flags);
    let start_state = graph.reach_count();
    // Per state: the best cost found and the first reachability of that route.
    let mut best = vec![u64::MAX; start_state + 1];
    let mut first = vec![None; start_state + 1];
    let mut heap = BinaryHeap::new();
    best[start_state] = 0;
    heap.push(Reverse((0_u64, None, start_state)));
    while let Some(Reverse((cost, label, state))) = heap.pop() {
        if (cost, label) > (best[state], first[state]) {
            continue;
        }
        let (area, entry, entered) = if state == start_state {
            (start, origin, false)
        } else {
            let reach = graph.reach(ReachId::from_index(state));
            (reach.target, reach.end, true)
        };
        if area == goal {
            return model.answer_time(cost).map(|time| Route {
                time,
                first: first[state],
            });
        }
        for id in graph.reaches(area) {
            let reach = graph.reach(ReachId(id));
            if !flags.allow(TravelFlags::for_travel(reach.travel))
                || !model.can_enter(reach.target, flags)
            {
                continue;
            }
            let next = cost
                + u64::from(reach.travel_time)
                + u64::from(model.crossing(area, entry, reach.start, entered));
            let slot = id as usize;
            let label = first[state].or(Some(ReachId(id)));
            if (next, label) < (best[slot], first[slot]) {
                best[slot] = next;
                first[slot] = label;
                heap.push(Reverse((next, label, slot)));
            }
        }
    }
    None
}

/// The least time from the state "just arrived in `reach`'s target at its end point" to
/// `goal`, under exactly `flags` (no "do not enter" adjustment: pass the flags of the query
/// being checked, [`CostModel::query_flags`]) — the continuation of a route whose first
/// reachability is `reach`. The same flat Dijkstra as [`reference_route`], seeded with that
/// state: the first crossing is that of an entered area (a portal area costs its maximum
/// crossing). Time 0 and no reachability when `reach` leads into `goal`; `first` is the next
/// reachability otherwise. `None` when there is no route, its time exceeds `u16::MAX`, or
/// `reach` or `goal` is outside the graph. `reach` itself need not be allowed.
///
/// # Complexity
/// `O(R log R)` time and `O(R)` space for the graph's `R` reachabilities.
#[must_use]
pub fn reference_route_from_reach(
    graph: &impl RouteGraph,
    model: &CostModel,
    reach: ReachId,
    goal: AreaId,
    flags: TravelFlags,
) -> Option<Route> {
    let states = graph.reach_count();
    if reach.index() >= states || goal.index() >= graph.area_count() {
        return None;
    }
    let mut best = vec![u64::MAX; states];
    let mut first = vec![None; states];
    let mut heap = BinaryHeap::new();
    best[reach.index()] = 0;
    heap.push(Reverse((0_u64, None, reach.index())));
    while let Some(Reverse((cost, label, state))) = heap.pop() {
        if (cost, label) > (best[state], first[state]) {
            continue;
        }
        let arrived = graph.reach(ReachId::from_index(state));
        let area = arrived.target;
        if area == goal {
            return model.answer_time(cost).map(|time| Route {
                time,
                first: first[state],
            });
        }
        for id in graph.reaches(area) {
            let next = graph.reach(ReachId(id));
            if !flags.allow(TravelFlags::for_travel(next.travel))
                || !model.can_enter(next.target, flags)
            {
                continue;
            }
            let cost = cost
                + u64::from(next.travel_time)
                + u64::from(model.crossing(area, arrived.end, next.start, true));
            let slot = id as usize;
            let label = first[state].or(Some(ReachId(id)));
            if (cost, label) < (best[slot], first[slot]) {
                best[slot] = cost;
                first[slot] = label;
                heap.push(Reverse((cost, label, slot)));
            }
        }
    }
    None
}
