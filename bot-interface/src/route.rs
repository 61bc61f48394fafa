//! [`Route`]: where a player means to go, for drawing and debugging.

use glam::Vec3;
use serde::{Deserialize, Serialize};

/// A player's planned route, as [`Player::route`](crate::Player::route) tells it: the points
/// it means to pass, in order, from where it was when it planned to its goal.
///
/// Debug and visualisation information only: a world never reads it to decide anything (a
/// match log records it, a viewer draws it), and a player's play must not depend on whether
/// it is asked.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Route {
    /// Where it is going (the last point it means to reach).
    pub goal: Vec3,
    /// The points on the way, in order: typically where the player stood when it planned,
    /// then the start and end of each movement between navigation areas (for an AAS route,
    /// each reachability's start and end), and the goal last.
    pub points: Vec<Vec3>,
}
