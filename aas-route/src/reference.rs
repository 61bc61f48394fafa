//! [`reference_route`]: the answer of the [cost model](crate::cost) by a flat Dijkstra over
//! (area, entry reachability) states, with no clusters and no caches (the crate's one flat
//! search, `search.rs`). Slow (a search per query) and obviously right: the oracle the
//! clustered router is tested against.

use std::ops::ControlFlow;

use glam::Vec3;

use crate::TravelFlags;
use crate::cost::CostModel;
use crate::graph::RouteGraph;
use crate::search::{Seed, flat_search};
use crate::{AreaId, ReachId};

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
    let seed = Seed::Start {
        area: start,
        origin,
    };
    route_to(graph, model, seed, goal, flags)
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
    route_to(graph, model, Seed::Arrived(reach), goal, flags)
}

/// The least route from `seed` to `goal` under exactly `flags`: the first state the flat
/// search settles in `goal`, `None` when there is none or its time is not an answer
/// ([`CostModel::answer_time`]).
fn route_to(
    graph: &impl RouteGraph,
    model: &CostModel,
    seed: Seed,
    goal: AreaId,
    flags: TravelFlags,
) -> Option<Route> {
    let mut found = None;
    flat_search(graph, model, seed, flags, u64::MAX, |settled| {
        if settled.area != goal {
            return ControlFlow::Continue(());
        }
        found = model.answer_time(settled.cost).map(|time| Route {
            time,
            first: settled.first,
        });
        ControlFlow::Break(())
    });
    found
}
