//! [`forward_times`]: the least route time from one start to every area, by one flat
//! Dijkstra (the reference's search without a goal), bounded by a time limit.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec3;

use super::allowed;
use crate::cost::CostModel;
use crate::graph::RouteGraph;
use crate::{AreaId, ReachId, TravelFlags};

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
    times[start.index()] = 0;
    let start_state = graph.reach_count();
    let mut best = vec![u32::MAX; start_state + 1];
    let mut heap = BinaryHeap::new();
    best[start_state] = 0;
    heap.push(Reverse((0_u32, start_state)));
    while let Some(Reverse((cost, state))) = heap.pop() {
        if cost > best[state] {
            continue;
        }
        let (area, entry, entered) = if state == start_state {
            (start, origin, false)
        } else {
            let reach = graph.reach(ReachId::from_index(state));
            let time = &mut times[reach.target.index()];
            *time = (*time).min(cost);
            (reach.target, reach.end, true)
        };
        for id in graph.reaches(area) {
            let reach = graph.reach(ReachId(id));
            if !allowed(model, &reach, flags) {
                continue;
            }
            let next = cost
                .saturating_add(u32::from(reach.travel_time))
                .saturating_add(model.crossing(area, entry, reach.start, entered));
            let slot = id as usize;
            if next <= limit && next < best[slot] {
                best[slot] = next;
                heap.push(Reverse((next, slot)));
            }
        }
    }
    times
}
