//! Area caches: for one cluster `C`, one goal area `G` routed in `C` and one set of travel
//! flags, the time `T(r)` from the start point of every local state `r` of `C` to entering
//! `G` without leaving `C` (its portals allowed):
//!
//! `T(r) = r.travel_time` when `r` leads into `G`, else `r.travel_time + min` over the allowed
//! local `r'` leaving `r`'s target `A` of `crossing(A, r.end → r'.start, entered) + T(r')`,
//!
//! in hundredths of a second; `u16::MAX` means unreachable. Built by Dijkstra backwards from
//! `G` over the cluster's reversed local reachabilities.
//!
//! Storing `u16::MAX` for a true time of exactly 65535 loses nothing: every answer adds at
//! least a crossing (≥ 1) to a cached time, so such a route exceeds `u16::MAX` anyway; without
//! in-area crossing the cost model counts a time of exactly `u16::MAX` unreachable too
//! ([`CostModel::answer_time`]).

use super::layout::Layout;
use super::queue::RadixQueue;
use crate::cost::CostModel;
use crate::{AreaId, ClusterId, TravelFlags};

/// The area cache of (`cluster`, `goal`, `flags`): one time per local state of `cluster`
/// (all `u16::MAX` when `goal` is not routed in `cluster` or cannot be entered).
pub(super) fn build(
    layout: &Layout,
    model: &CostModel,
    cluster: ClusterId,
    goal: AreaId,
    flags: TravelFlags,
) -> Vec<u16> {
    let local = &layout.clusters[cluster.index()];
    let mut times = vec![u16::MAX; local.states.len()];
    let Some(goal_index) = layout.routed_index(goal, cluster) else {
        return times;
    };
    let mut queue = RadixQueue::new();
    for &state in local.incoming_of(goal_index) {
        let reach = local.states[state as usize];
        if !layout.allowed(reach, flags, model) {
            continue;
        }
        let time = layout.reaches[reach.index()].travel_time;
        if time < times[state as usize] {
            times[state as usize] = time;
            queue.push(u32::from(time), state);
        }
    }
    while let Some((time, state)) = queue.pop() {
        if time != u32::from(times[state as usize]) {
            continue;
        }
        // The source of `state`: the area its predecessors lead into.
        let area_index = local.state_source[state as usize];
        let area = local.routed[area_index as usize];
        if area == goal {
            // Routes end on entering the goal: nothing continues through it.
            continue;
        }
        for (k, &before) in local.incoming_of(area_index).iter().enumerate() {
            let reach = local.states[before as usize];
            if !layout.allowed(reach, flags, model) {
                continue;
            }
            let candidate = time
                + u32::from(layout.reaches[reach.index()].travel_time)
                + local.crossing(area_index, k, state as usize);
            if candidate < u32::from(times[before as usize]) {
                // `candidate < u16::MAX` here, as the stored time is at most that.
                times[before as usize] = u16::try_from(candidate).unwrap_or(u16::MAX);
                queue.push(candidate, before);
            }
        }
    }
    times
}
