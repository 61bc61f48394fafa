//! The navigator's planned route, as [`Player::route`](bot_interface::Player::route) tells it:
//! the chain of reachabilities its router would take from where it planned to its goal.
//!
//! A [`Plan`] is started when the navigator picks a goal or begins a reachability that its
//! current plan does not hold (a new goal, a detour, a teleport or launch elsewhere), and the
//! chain is walked only when the route is asked, once per plan. A navigator whose route is never
//! asked pays a few words per new step; the walk never touches its randomness, its
//! navigation or its stats, and a route's answer does not depend on the router's caches, so
//! asking changes nothing in its play.

use std::cell::OnceCell;

use aas_geom::world::{AasWorld, AreaId, ReachId, TravelFlags};
use bot_interface::Route;
use glam::Vec3;

use super::router::SharedRouter;

/// The most reachabilities a walked plan holds (a route across the largest maps has fewer;
/// the bound only guards against a chain that does not end).
const MAX_PLAN_STEPS: usize = 256;

/// A plan: where the navigator was, its first reachability and its goal; the walked route once
/// asked.
#[derive(Debug)]
pub(super) struct Plan {
    /// Where the navigator was when it planned.
    origin: Vec3,
    /// The first reachability (`None`: the goal is in the area it planned from).
    first: Option<ReachId>,
    /// The goal's area.
    goal_area: AreaId,
    /// The goal's point.
    goal: Vec3,
    /// The walked route, computed on the first ask.
    walked: OnceCell<Walked>,
}

/// A plan's route and the reachabilities it passes.
#[derive(Debug)]
struct Walked {
    /// The route as players tell it.
    route: Route,
    /// The reachabilities along it, in order.
    reaches: Vec<ReachId>,
}

impl Plan {
    /// A plan from `origin` to `goal` (in `goal_area`) starting with `first`, not walked yet.
    pub(super) fn new(origin: Vec3, first: Option<ReachId>, goal_area: AreaId, goal: Vec3) -> Self {
        Self {
            origin,
            first,
            goal_area,
            goal,
            walked: OnceCell::new(),
        }
    }

    /// Whether this plan, once walked, takes reachability `id` (an unwalked plan holds
    /// nothing: nobody asked, so a new plan costs nothing to start).
    pub(super) fn takes(&self, id: ReachId) -> bool {
        self.walked
            .get()
            .is_some_and(|walked| walked.reaches.contains(&id))
    }

    /// The plan's route, walked on the first call: the origin, each reachability's start
    /// and end along the router's chain (the first reachability, then the router's first
    /// from each one's target area and end point) up to the goal's area, and the goal. The
    /// chain stops early at a reachability met twice, after [`MAX_PLAN_STEPS`], where the
    /// router answers none, or when the router is busy (never between frames).
    ///
    /// # Complexity
    /// First call: one route query per reachability of the chain (cache look-ups once the
    /// goal's caches are built). Later calls: `O(1)`.
    pub(super) fn route(
        &self,
        world: &AasWorld,
        router: Option<&SharedRouter<'_>>,
        flags: TravelFlags,
    ) -> &Route {
        &self
            .walked
            .get_or_init(|| self.walk(world, router, flags))
            .route
    }

    /// Walks the chain (see [`route`](Self::route)).
    fn walk(
        &self,
        world: &AasWorld,
        router: Option<&SharedRouter<'_>>,
        flags: TravelFlags,
    ) -> Walked {
        let mut router = router.and_then(|router| router.try_borrow_mut().ok());
        let mut points = vec![self.origin];
        let mut reaches: Vec<ReachId> = Vec::new();
        let mut next = self.first;
        while let Some(id) = next
            && reaches.len() < MAX_PLAN_STEPS
            && !reaches.contains(&id)
            && let Some(reach) = world.reachabilities.get(id.index())
        {
            reaches.push(id);
            points.extend([reach.start, reach.end]);
            next = if reach.target == self.goal_area {
                None
            } else {
                router
                    .as_mut()
                    .and_then(|router| router.route(reach.target, reach.end, self.goal_area, flags))
                    .and_then(|route| route.first)
            };
        }
        points.push(self.goal);
        Walked {
            route: Route {
                goal: self.goal,
                points,
            },
            reaches,
        }
    }
}
