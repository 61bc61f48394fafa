//! [`Router::alternative_route_goals`]: mid-range areas between a start and a goal, grouped
//! into alternative goals (botlib's `AAS_AlternativeRouteGoals`, used for variety in CTF).

use bitflags::bitflags;
use glam::Vec3;

use super::flood::forward_times;
use super::in_graph;
use crate::TravelFlags;
use crate::cluster::Membership;
use crate::graph::RouteGraph;
use crate::router::Router;
use crate::{AreaContents, AreaId, ReachId};

bitflags! {
    /// Which areas may be alternative route goals (botlib's `ALTROUTEGOAL_*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct AltRouteAreas: u32 {
        /// Every area with reachabilities.
        const ALL = 1;
        /// Cluster portal areas: marked [`AreaContents::CLUSTERPORTAL`], or portals of the
        /// router's clustering.
        const CLUSTER_PORTALS = 2;
        /// Areas marked [`AreaContents::VIEWPORTAL`].
        const VIEW_PORTALS = 4;
    }
}

/// One alternative route goal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AltRouteGoal {
    /// The goal area: the member of its group nearest the group's mean centre.
    pub area: AreaId,
    /// Its centre.
    pub origin: Vec3,
    /// The route time from the start to it, in hundredths of a second.
    pub start_time: u32,
    /// The route time from its centre to the goal, in hundredths of a second.
    pub goal_time: u32,
    /// `start_time + goal_time` minus the direct route time (hundredths of a second; may be
    /// slightly negative, since `goal_time` is measured from the centre).
    pub extra_time: i64,
    /// How many mid-range areas its group holds.
    pub group_size: usize,
}

impl<G: RouteGraph> Router<'_, G> {
    /// Alternative route goals from `start` (the player at `origin` in it) to `goal` under
    /// `flags`, at most `max` of them.
    ///
    /// With `direct` the route time from the start to the goal, an area is **mid-range** when
    /// it has outgoing reachabilities, is of a kind `areas` admits, is neither the start nor
    /// the goal, the route time from the start to it is at most 1.1 × `direct` and the route
    /// time from its centre to the goal at most 0.8 × `direct` (botlib's thresholds; compared
    /// exactly in integers). Mid-range areas are grouped by flooding between them (from the
    /// lowest unassigned area, through shared faces ([`RouteGraph::face_neighbours`]) and
    /// reachabilities either way); each group gives one goal, its member nearest the group's
    /// mean centre (ties: lowest area). Goals come in the order of their groups' lowest
    /// areas. Deterministic. Empty when there is no direct route or either area is outside the
    /// graph.
    ///
    /// Differences from botlib: botlib floods groups through faces only (the shared compiled
    /// `.aas` files keep almost no faces, so reachabilities are used too), and counts the start
    /// and goal areas as areas like any other (botlib's route time of an area to itself is 1,
    /// which makes the goal area mid-range); they are left out here. The start times come from
    /// one flat search bounded by 1.1 × `direct` (exactly [`route`](Self::route)'s times; an
    /// area marked "do not enter" asks `route`).
    ///
    /// # Complexity
    /// One bounded Dijkstra over the reachabilities, plus one route query to the goal per area
    /// within 1.1 × `direct` of the start.
    pub fn alternative_route_goals(
        &mut self,
        start: AreaId,
        origin: Vec3,
        goal: AreaId,
        flags: TravelFlags,
        areas: AltRouteAreas,
        max: usize,
    ) -> Vec<AltRouteGoal> {
        let graph = self.graph();
        if !in_graph(graph, start) || !in_graph(graph, goal) || max == 0 {
            return Vec::new();
        }
        let Some(direct) = self.route(start, origin, goal, flags) else {
            return Vec::new();
        };
        let direct = u64::from(direct.time);
        let start_limit = u32::try_from(direct * 11 / 10).unwrap_or(u32::MAX);
        let base = self.model().query_flags(start, start, flags);
        let times = forward_times(graph, self.model(), start, origin, base, start_limit);

        let count = graph.area_count();
        let mut mid: Vec<Option<(u32, u32)>> = vec![None; count];
        for index in 0..count {
            let area = AreaId::from_index(index);
            if area == start || area == goal || graph.reaches(area).is_empty() {
                continue;
            }
            if !self.admits(areas, area) {
                continue;
            }
            let info = graph.area(area);
            let start_time = if base.allow(self.model().area_flags(area)) {
                times[index]
            } else {
                // A marked area: its query adds "do not enter".
                self.route(start, origin, area, flags)
                    .map_or(u32::MAX, |r| u32::from(r.time))
            };
            if start_time == u32::MAX || u64::from(start_time) * 10 > direct * 11 {
                continue;
            }
            let Some(to_goal) = self.route(area, info.center, goal, flags) else {
                continue;
            };
            if u64::from(to_goal.time) * 10 > direct * 8 {
                continue;
            }
            mid[index] = Some((start_time, u32::from(to_goal.time)));
        }
        self.group_mid_range(&mut mid, direct, max)
    }

    /// Whether `areas` admits `area`.
    fn admits(&self, areas: AltRouteAreas, area: AreaId) -> bool {
        if areas.contains(AltRouteAreas::ALL) {
            return true;
        }
        let contents = self.graph().area(area).contents;
        let portal = contents.contains(AreaContents::CLUSTERPORTAL)
            || matches!(
                self.clustering().membership.get(area.index()),
                Some(Membership::Portal(_))
            );
        (areas.contains(AltRouteAreas::CLUSTER_PORTALS) && portal)
            || (areas.contains(AltRouteAreas::VIEW_PORTALS)
                && contents.contains(AreaContents::VIEWPORTAL))
    }

    /// Groups the mid-range areas (`Some((start time, goal time))`) into at most `max` goals.
    fn group_mid_range(
        &self,
        mid: &mut [Option<(u32, u32)>],
        direct: u64,
        max: usize,
    ) -> Vec<AltRouteGoal> {
        let graph = self.graph();
        // Reachabilities into each mid-range area, from mid-range areas.
        let mut incoming: Vec<Vec<AreaId>> = vec![Vec::new(); mid.len()];
        for (index, entry) in mid.iter().enumerate() {
            if entry.is_none() {
                continue;
            }
            for id in graph.reaches(AreaId::from_index(index)) {
                let target = graph.reach(ReachId(id)).target;
                if mid.get(target.index()).is_some_and(Option::is_some) {
                    incoming[target.index()].push(AreaId::from_index(index));
                }
            }
        }
        let mut goals = Vec::new();
        for seed in 0..mid.len() {
            if goals.len() >= max {
                break;
            }
            let Some(seed_times) = mid[seed].take() else {
                continue;
            };
            let mut group = vec![(AreaId::from_index(seed), seed_times)];
            let mut next = 0;
            while next < group.len() {
                let (area, _) = group[next];
                next += 1;
                let mut neighbours: Vec<AreaId> = incoming[area.index()].clone();
                neighbours.extend(
                    graph
                        .reaches(area)
                        .map(|id| graph.reach(ReachId(id)).target),
                );
                graph.face_neighbours(area, &mut |n| neighbours.push(n));
                neighbours.sort_unstable();
                for n in neighbours {
                    if let Some(times) = mid.get_mut(n.index()).and_then(Option::take) {
                        group.push((n, times));
                    }
                }
            }
            goals.push(representative(graph, &group, direct));
        }
        goals
    }
}

/// The goal of one group: the member nearest its mean centre (ties: lowest area).
fn representative(
    graph: &impl RouteGraph,
    group: &[(AreaId, (u32, u32))],
    direct: u64,
) -> AltRouteGoal {
    let sum: glam::DVec3 = group
        .iter()
        .map(|(a, _)| graph.area(*a).center.as_dvec3())
        .sum();
    #[expect(clippy::cast_precision_loss, reason = "group sizes are small")]
    let mean = sum / group.len() as f64;
    let mut best: Option<(f64, AreaId, (u32, u32))> = None;
    for &(area, times) in group {
        let distance = graph.area(area).center.as_dvec3().distance(mean);
        if best.is_none_or(|(d, a, _)| (distance, area) < (d, a)) {
            best = Some((distance, area, times));
        }
    }
    let (_, area, (start_time, goal_time)) = best.unwrap_or((0.0, group[0].0, group[0].1));
    AltRouteGoal {
        area,
        origin: graph.area(area).center,
        start_time,
        goal_time,
        extra_time: i64::from(start_time) + i64::from(goal_time)
            - i64::try_from(direct).unwrap_or(i64::MAX),
        group_size: group.len(),
    }
}
