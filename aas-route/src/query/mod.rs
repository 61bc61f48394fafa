//! Queries built on the [`Router`](crate::Router)'s public API (`route`, `graph`, `model`,
//! `clustering`), each following botlib's semantics with its deliberate differences documented:
//!
//! - [`Router::time_after_reach`](crate::Router::time_after_reach) (`onward.rs`): the least time from having just taken a
//!   reachability to a goal (the continuation of a route, as
//!   [`reference_route_from_reach`](crate::reference_route_from_reach) answers it).
//! - [`Router::next_step`](crate::Router::next_step) (`next_step.rs`): the reachability to take towards a goal when some
//!   areas may not be entered next (botlib's `BotGetReachabilityToGoal` with avoided areas).
//! - [`Router::predict_route`](crate::Router::predict_route) (`predict.rs`): follow the route reachability by reachability
//!   until the goal, a stop content, a stop travel type or a time limit (`AAS_PredictRoute`).
//! - [`Router::nearest_hide_area`](crate::Router::nearest_hide_area) (`hide.rs`): the nearest area an enemy cannot see, by a
//!   flood that is penalised near the enemy (`AAS_NearestHideArea`).
//! - [`Router::alternative_route_goals`](crate::Router::alternative_route_goals) (`alternative.rs`): mid-range areas grouped into
//!   alternative goals (`AAS_AlternativeRouteGoals`).
//! - [`Router::random_goal_area`](crate::Router::random_goal_area) (`random_goal.rs`): a reachable area picked from a seeded
//!   random start index (`AAS_RandomGoalArea`).
//!
//! Every time is in hundredths of a second.

mod alternative;
mod flood;
mod hide;
mod next_step;
mod onward;
mod predict;
mod random_goal;

pub use alternative::{AltRouteAreas, AltRouteGoal};
pub use hide::{HIDE_ENEMY_CLEARANCE, HIDE_PENALTY_PER_UNIT, HideArea};
pub use predict::{PredictStop, PredictStops, PredictedRoute, PredictedStep};
pub use random_goal::RandomGoal;

use crate::graph::RouteGraph;
// Whether a route under the flags may take a reachability: the flat search's test.
use crate::search::allowed;

/// Whether `area` lies inside `graph`.
fn in_graph(graph: &impl RouteGraph, area: crate::AreaId) -> bool {
    area.index() < graph.area_count()
}

#[cfg(test)]
mod tests;
