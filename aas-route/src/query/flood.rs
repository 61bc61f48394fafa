//! [`forward_times`]: the least route time from one start to every area, by the crate's one
//! flat search (`search.rs`, the reference's search without a goal), bounded by a time limit.

use std::ops::ControlFlow;

use glam::Vec3;

use crate::AreaId;
use crate::TravelFlags;
use crate::cost::CostModel;
use crate::graph::RouteGraph;
use crate::search::{Seed, flat_search};

/// Per area, the least time (hundredths of a second) from `start` (at `origin`) to entering
/// it under exactly `flags` ([`crate::cost`]; 0 for `start`), or `u32::MAX` when there is none
/// within `limit`. For an area `A` this is [`reference_route`](crate::reference_route)'s time
/// whenever `flags` already holds the query flags of (`start`, `A`).
pub(super) fn forward_times(
    graph: &impl RouteGraph,
    model: &CostModel,
    start: AreaId,
    origin: Vec3,
    flags: TravelFlags,
    limit: u32,
) -> Vec<u32> {
    let mut times = vec![u32::MAX; graph.area_count()];
    let seed = Seed::Start {
        area: start,
        origin,
    };
    // The seed settles first, at cost 0: the start's time is 0.
    flat_search(graph, model, seed, flags, u64::from(limit), |settled| {
        // Settled costs are at most `limit`, a `u32`.
        let cost = u32::try_from(settled.cost).unwrap_or(u32::MAX);
        let time = &mut times[settled.area.index()];
        *time = (*time).min(cost);
        ControlFlow::Continue(())
    });
    times
}
