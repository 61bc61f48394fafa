//! [`Router::random_goal_area`]: a reachable area picked from a seeded random start index
//! (botlib's `AAS_RandomGoalArea`).

use glam::Vec3;

use super::in_graph;
use crate::AreaId;
use crate::TravelFlags;
use crate::graph::RouteGraph;
use crate::router::Router;

/// A goal picked by [`Router::random_goal_area`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomGoal {
    /// The goal area.
    pub area: AreaId,
    /// The goal point the caller's filter gave for it.
    pub origin: Vec3,
    /// The route time from the start to it, in hundredths of a second.
    pub time: u16,
}

impl<G: RouteGraph> Router<'_, G> {
    /// A random goal area reachable from `start` (the player at `origin` in it) under `flags`.
    ///
    /// botlib's scan: draw one number from the caller's seeded generator `next_random` (any
    /// deterministic `u64` source; one call), start at area `number % area_count`, and walk
    /// the areas in index order (wrapping around once) to the first area that has outgoing
    /// reachabilities, has a route from the start, and that `accept` takes: `accept(area)`
    /// returns the goal point in the area, or `None` to reject it. botlib accepts swimmable
    /// areas at their centre and otherwise traces down from the centre, taking the floor point
    /// below it when it lands in the same area whose ground faces exceed 300 square units:
    /// geometry this crate does not have, so the caller decides (`|a| Some(center)` accepts
    /// every area at its centre). The start area itself may be picked (botlib too).
    ///
    /// Deterministic: the same generator state, router flags and graph give the same goal.
    /// `None` when no area qualifies, the graph is empty or `start` is outside it.
    ///
    /// # Complexity
    /// One route query per scanned area with reachabilities (warm queries from one start).
    pub fn random_goal_area(
        &mut self,
        start: AreaId,
        origin: Vec3,
        flags: TravelFlags,
        next_random: &mut impl FnMut() -> u64,
        mut accept: impl FnMut(AreaId) -> Option<Vec3>,
    ) -> Option<RandomGoal> {
        let count = self.graph().area_count();
        if !in_graph(self.graph(), start) {
            return None;
        }
        let first = usize::try_from(next_random() % count as u64).unwrap_or(0);
        for offset in 0..count {
            let area = AreaId::from_index((first + offset) % count);
            if self.graph().reaches(area).is_empty() {
                continue;
            }
            let Some(route) = self.route(start, origin, area, flags) else {
                continue;
            };
            if let Some(point) = accept(area) {
                return Some(RandomGoal {
                    area,
                    origin: point,
                    time: route.time,
                });
            }
        }
        None
    }
}
