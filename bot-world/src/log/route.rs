//! [`RouteLine`]: a player's planned route in the log, and [`RouteChanges`], which logs one
//! only when it changed.

use bot_interface::Route;
use glam::Vec3;
use serde::{Deserialize, Serialize};

/// A point in whole units (rounded to the nearest, clamped to `i32`).
pub type WholePoint = [i32; 3];

/// `point` rounded to whole units.
#[must_use]
pub fn whole_point(point: Vec3) -> WholePoint {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "map coordinates stay far inside i32; `as` saturates (NaN to 0) anyway"
    )]
    point.to_array().map(|v| v.round() as i32)
}

/// The debug line `{"frame", "event": "route", "player", "goal", "points"}`: the route a
/// player planned ([`Player::route`](bot_interface::Player::route)) in whole units, with
/// consecutive points that round alike written once. A route that ended (the player has no
/// goal) is written with `goal` null and no points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouteLine {
    /// The frame whose thinking planned it.
    pub frame: u32,
    /// Always `"route"`.
    pub event: String,
    /// The player (index).
    pub player: u16,
    /// Where it is going (`None`: no route any more).
    pub goal: Option<WholePoint>,
    /// The points it means to pass, in order, the goal last.
    pub points: Vec<WholePoint>,
}

impl RouteLine {
    /// The line of `route` (or of no route) for `player` at `frame`.
    #[must_use]
    pub fn new(frame: u32, player: u16, route: Option<&Route>) -> Self {
        let mut points: Vec<WholePoint> = Vec::new();
        for point in route.iter().flat_map(|route| &route.points) {
            let point = whole_point(*point);
            if points.last() != Some(&point) {
                points.push(point);
            }
        }
        Self {
            frame,
            event: "route".to_owned(),
            player,
            goal: route.map(|route| whole_point(route.goal)),
            points,
        }
    }
}

/// The route each player logged last, so that a log holds a player's route only when it
/// changed: a new route (compared point by point) or none after one.
#[derive(Debug, Clone, Default)]
pub struct RouteChanges {
    /// Per player the route last seen and what its line wrote (goal and points).
    last: Vec<(Option<Route>, Option<WholePoint>, Vec<WholePoint>)>,
}

impl RouteChanges {
    /// No route logged yet for any of `players`.
    #[must_use]
    pub fn new(players: usize) -> Self {
        Self {
            last: vec![(None, None, Vec::new()); players],
        }
    }

    /// The line to log for `player`'s `route` at `frame`, if it differs from the last one
    /// logged for that player (a route that rounds to the same line is not written again).
    ///
    /// # Complexity
    /// `O(n)` for the route's `n` points; no allocation when the route did not change.
    pub fn change(
        &mut self,
        frame: u32,
        player: usize,
        route: Option<&Route>,
    ) -> Option<RouteLine> {
        if player >= self.last.len() {
            self.last.resize(player + 1, (None, None, Vec::new()));
        }
        let last = &mut self.last[player];
        if last.0.as_ref() == route {
            return None;
        }
        last.0 = route.cloned();
        let line = RouteLine::new(frame, u16::try_from(player).unwrap_or(u16::MAX), route);
        if last.1 == line.goal && last.2 == line.points {
            return None;
        }
        last.1 = line.goal;
        last.2.clone_from(&line.points);
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(points: &[[f32; 3]]) -> Route {
        let points: Vec<Vec3> = points.iter().copied().map(Vec3::from).collect();
        Route {
            goal: *points.last().expect("a point"),
            points,
        }
    }

    #[test]
    fn a_line_rounds_to_whole_units_and_drops_repeats() {
        let line = RouteLine::new(
            3,
            1,
            Some(&route(&[
                [0.4, 1.6, -2.5],
                [0.0, 2.0, -3.0],
                [10.2, 0.0, 0.0],
            ])),
        );
        assert_eq!(line.goal, Some([10, 0, 0]));
        assert_eq!(line.points, [[0, 2, -3], [10, 0, 0]]);
        let text = serde_json::to_string(&line).expect("JSON");
        assert_eq!(
            text,
            r#"{"frame":3,"event":"route","player":1,"goal":[10,0,0],"points":[[0,2,-3],[10,0,0]]}"#
        );
        let none = RouteLine::new(4, 1, None);
        assert_eq!(
            serde_json::to_string(&none).expect("JSON"),
            r#"{"frame":4,"event":"route","player":1,"goal":null,"points":[]}"#
        );
    }

    #[test]
    fn only_changes_are_logged() {
        let mut changes = RouteChanges::new(2);
        let a = route(&[[0.0, 0.0, 0.0], [100.0, 0.0, 0.0]]);
        let nearly_a = route(&[[0.1, 0.0, 0.0], [100.0, 0.0, 0.0]]);
        let b = route(&[[0.0, 0.0, 0.0], [0.0, 100.0, 0.0]]);
        assert_eq!(
            changes.change(0, 0, None),
            None,
            "nothing before the first route"
        );
        assert!(changes.change(0, 0, Some(&a)).is_some());
        assert_eq!(changes.change(1, 0, Some(&a)), None);
        assert_eq!(changes.change(2, 0, Some(&nearly_a)), None, "the same line");
        assert!(changes.change(2, 1, Some(&a)).is_some(), "another player");
        let line = changes.change(3, 0, Some(&b)).expect("a new route");
        assert_eq!((line.frame, line.player), (3, 0));
        let end = changes.change(4, 0, None).expect("the route ended");
        assert_eq!(end.goal, None);
        assert_eq!(changes.change(5, 0, None), None);
    }
}
