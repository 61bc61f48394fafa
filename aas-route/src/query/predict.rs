//! [`Router::predict_route`]: follow the route to a goal reachability by reachability,
//! stopping at the goal, at given area contents, before given travel types or past a time
//! limit (botlib's `AAS_PredictRoute`).

use glam::Vec3;

use super::in_graph;
use crate::TravelFlags;
use crate::graph::RouteGraph;
use crate::router::Router;
use crate::{AreaContents, AreaId, ReachId};

/// When [`Router::predict_route`] stops early. The default stops only at the goal (or when
/// there is no route on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PredictStops {
    /// Stop after entering an area holding any of these contents (botlib's
    /// `RSE_ENTERCONTENTS`), e.g. [`AreaContents::WATER`] | [`AreaContents::LAVA`].
    pub contents: AreaContents,
    /// Stop before taking a reachability whose travel-type flag is one of these, or whose
    /// target's contents flags ([`TravelFlags::for_contents`]: water, slime, lava, "do not enter",
    /// team bits — and air for every other area, so do not pass [`TravelFlags::AIR`]) are
    /// (botlib's `RSE_USETRAVELTYPE`). Empty: never.
    pub travel: TravelFlags,
    /// Stop once the accumulated time exceeds this many hundredths of a second (after the
    /// step that exceeded it, unless that step reached the goal). `None`: no limit.
    pub max_time: Option<u32>,
    /// Stop after this many steps. `None`: at most the graph's area count (an optimal route
    /// never needs more).
    pub max_steps: Option<usize>,
}

impl Default for PredictStops {
    fn default() -> Self {
        Self {
            contents: AreaContents::empty(),
            travel: TravelFlags::empty(),
            max_time: None,
            max_steps: None,
        }
    }
}

/// Why [`Router::predict_route`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PredictStop {
    /// The goal area was reached (the last step leads into it; no steps when starting there).
    Goal,
    /// No route on from the current area, or the whole route's time would exceed `u16::MAX`
    /// (the cost model's "unreachable"), or an area outside the graph.
    NoRoute,
    /// The last step entered an area holding some of [`PredictStops::contents`] (these
    /// contents of it).
    Contents(AreaContents),
    /// The next reachability (not taken) matched [`PredictStops::travel`].
    TravelType(ReachId),
    /// The accumulated time exceeded [`PredictStops::max_time`].
    TimeLimit,
    /// [`PredictStops::max_steps`] steps were taken.
    StepLimit,
}

/// One step of a predicted route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PredictedStep {
    /// The reachability taken.
    pub reach: ReachId,
    /// The area it leads into.
    pub area: AreaId,
    /// The accumulated time after it, in hundredths of a second: every crossing and travel
    /// time from the start up to arriving in `area`.
    pub time: u32,
}

/// A predicted route: the steps taken and why it stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PredictedRoute {
    /// The steps, in order.
    pub steps: Vec<PredictedStep>,
    /// Why it stopped.
    pub stop: PredictStop,
}

impl PredictedRoute {
    /// The area it ended in: the last step's, or `start` when there is none.
    #[must_use]
    pub fn end_area(&self, start: AreaId) -> AreaId {
        self.steps.last().map_or(start, |s| s.area)
    }

    /// The accumulated time, in hundredths of a second (0 without steps).
    #[must_use]
    pub fn time(&self) -> u32 {
        self.steps.last().map_or(0, |s| s.time)
    }
}

impl<G: RouteGraph> Router<'_, G> {
    /// Follows the route from `start` (the player at `origin` in it) to `goal` under `flags`
    /// reachability by reachability, collecting the steps, until the goal is reached or a stop
    /// of `stops` applies (see [`PredictStop`]). Each next reachability is the one starting an
    /// optimal route from the current state (the start at `origin`, then the area entered at
    /// the previous reachability's end, an entered portal area costing its maximum crossing),
    /// with the query's effective flags throughout, so a route followed to the goal takes
    /// exactly [`route`](Self::route)'s time and first reachability. Order of checks per step:
    /// goal reached; step limit; no route; next travel type (not taken); take it; entered
    /// contents (the goal's too, as botlib); time limit (not when the step reached the goal).
    ///
    /// The contents stop looks at the area a step enters and at the areas its reachability
    /// passes through on the way ([`RouteGraph::pass_areas`], botlib's pass areas: a jump
    /// over lava stops a prediction that avoids lava).
    ///
    /// Differences from botlib: botlib re-queries from each area as a fresh start (its
    /// crossing from the reachability's end), so its chain may differ slightly in portal
    /// areas; its "enter area" stop event is not offered (check the steps).
    ///
    /// # Complexity
    /// One [`next_step`](Self::next_step)-like search per step.
    pub fn predict_route(
        &mut self,
        start: AreaId,
        origin: Vec3,
        goal: AreaId,
        flags: TravelFlags,
        stops: &PredictStops,
    ) -> PredictedRoute {
        let mut steps = Vec::new();
        let graph = self.graph();
        if !in_graph(graph, start) || !in_graph(graph, goal) {
            return PredictedRoute {
                steps,
                stop: PredictStop::NoRoute,
            };
        }
        let flags = self.model().query_flags(start, goal, flags);
        let max_steps = stops.max_steps.unwrap_or(graph.area_count());
        let (mut area, mut entry, mut entered, mut time) = (start, origin, false, 0_u32);
        let stop = loop {
            if area == goal {
                break PredictStop::Goal;
            }
            if steps.len() >= max_steps {
                break PredictStop::StepLimit;
            }
            let Some((rest, id)) = self.best_exit(area, entry, entered, goal, flags, &[]) else {
                break PredictStop::NoRoute;
            };
            if time + rest > u32::from(u16::MAX) {
                // The whole route's least time is "unreachable" ([`crate::cost`]).
                break PredictStop::NoRoute;
            }
            let reach = self.graph().reach(id);
            let target_flags = TravelFlags::for_contents(self.graph().area(reach.target).contents);
            if stops
                .travel
                .intersects(TravelFlags::for_travel(reach.travel) | target_flags)
            {
                break PredictStop::TravelType(id);
            }
            time += self.model().crossing(area, entry, reach.start, entered)
                + u32::from(reach.travel_time);
            steps.push(PredictedStep {
                reach: id,
                area: reach.target,
                time,
            });
            (area, entry, entered) = (reach.target, reach.end, true);
            let contents = self.passed_contents(id, stops.contents);
            if !contents.is_empty() {
                break PredictStop::Contents(contents);
            }
            if area != goal && stops.max_time.is_some_and(|max| time > max) {
                break PredictStop::TimeLimit;
            }
        };
        PredictedRoute { steps, stop }
    }
}

impl<G: RouteGraph> Router<'_, G> {
    /// The contents among `wanted` of the areas reachability `reach` passes through and
    /// enters (nothing is traced when `wanted` is empty).
    fn passed_contents(&self, reach: ReachId, wanted: AreaContents) -> AreaContents {
        if wanted.is_empty() {
            return AreaContents::empty();
        }
        let graph = self.graph();
        let mut contents = graph.area(graph.reach(reach).target).contents;
        graph.pass_areas(reach, &mut |area| {
            if area.index() < graph.area_count() {
                contents |= graph.area(area).contents;
            }
        });
        contents & wanted
    }
}
