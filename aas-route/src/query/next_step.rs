//! [`Router::next_step`]: the reachability to take towards a goal when some areas may not be
//! entered next (botlib's `BotGetReachabilityToGoal` with avoided areas; thesis §12.1: "the
//! next area is the neighbour with the smallest travel time, so areas can be avoided").

use glam::Vec3;

use super::{allowed, in_graph};
use crate::TravelFlags;
use crate::graph::RouteGraph;
use crate::reference::Route;
use crate::router::Router;
use crate::{AreaId, ReachId};

impl<G: RouteGraph> Router<'_, G> {
    /// The reachability to take from `start` (the player at `origin` in it) towards `goal`
    /// under `flags` when the areas in `avoid` may not be entered next: of the allowed
    /// reachabilities `r` leaving `start` whose target is not in `avoid`, the one with the least
    /// crossing of `start` from `origin` to `r`'s start + `r`'s travel time + the least time
    /// from `r`'s target (entered at `r`'s end) to `goal` ([`time_after_reach`](Self::time_after_reach));
    /// ties go to the lowest id. The answer's time is that total, in hundredths of a second.
    ///
    /// Only the *next* area is avoided: the time onward from the target is the unrestricted
    /// route (as botlib does; the caller asks again in the next area). With an empty `avoid`
    /// the answer is [`route`](Self::route)'s. `start == goal` takes time 0 and no
    /// reachability. `None` when every candidate is avoided or has no route, the least time
    /// exceeds `u16::MAX`, or either area is outside the graph. The flags are the query's
    /// effective ones ("do not enter" added for a marked start or goal, [`crate::cost`]).
    ///
    /// Differences from botlib: botlib ranks a candidate by its travel time plus the route
    /// time from its target as a fresh start, without the crossing of the current area to the
    /// reachability's start and without charging an entered portal area its maximum crossing;
    /// here the total is exactly the cost model's, so it equals the route time when nothing is
    /// avoided. botlib avoids reachabilities and spots; here areas.
    ///
    /// # Complexity
    /// One [`time_after_reach`](Self::time_after_reach) per allowed reachability leaving
    /// `start`.
    pub fn next_step(
        &mut self,
        start: AreaId,
        origin: Vec3,
        goal: AreaId,
        flags: TravelFlags,
        avoid: &[AreaId],
    ) -> Option<Route> {
        let graph = self.graph();
        if !in_graph(graph, start) || !in_graph(graph, goal) {
            return None;
        }
        if start == goal {
            return Some(Route {
                time: 0,
                first: None,
            });
        }
        let flags = self.model().query_flags(start, goal, flags);
        let (time, first) = self.best_exit(start, origin, false, goal, flags, avoid)?;
        Some(Route {
            time: u16::try_from(time).ok()?,
            first: Some(first),
        })
    }

    /// The least (time, reachability) over the allowed reachabilities leaving `area` (entered
    /// at `entry`; `entered` tells whether through a reachability) whose target is not in
    /// `avoid`, to `goal` under the effective `flags`; ties to the lowest id.
    pub(super) fn best_exit(
        &mut self,
        area: AreaId,
        entry: Vec3,
        entered: bool,
        goal: AreaId,
        flags: TravelFlags,
        avoid: &[AreaId],
    ) -> Option<(u32, ReachId)> {
        let mut best: Option<(u32, ReachId)> = None;
        for id in self.graph().reaches(area) {
            let reach = self.graph().reach(ReachId(id));
            if avoid.contains(&reach.target) || !allowed(self.model(), &reach, flags) {
                continue;
            }
            let Some(rest) = self.onward(ReachId(id), goal, flags) else {
                continue;
            };
            let time = self.model().crossing(area, entry, reach.start, entered)
                + u32::from(reach.travel_time)
                + rest;
            if best.is_none_or(|b| (time, ReachId(id)) < b) {
                best = Some((time, ReachId(id)));
            }
        }
        best
    }
}
