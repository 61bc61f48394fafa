//! [`Router`]: travel times from one area to every area of an [`AasWorld`] under the cost model
//! of the [module docs](super) (botlib's default travel flags, its in-area speed factors).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use aas_geom::world::{AasWorld, AreaId};
use aas_geom::world::{AreaContents, AreaFlags, PresenceType, Travel, TravelFlags, TravelType};
use glam::Vec3;

/// The travel-type bits of botlib's default travel flags (`TFL_DEFAULT`): every type but
/// invalid, rocket jump, BFG jump, grapple hook and the double, ramp and strafe jumps.
/// Compared with [`TravelFlags::for_type`].
const DEFAULT_TRAVEL_FLAGS: u32 = TravelFlags::for_type(TravelType::Walk).bits()
    | TravelFlags::for_type(TravelType::Crouch).bits()
    | TravelFlags::for_type(TravelType::BarrierJump).bits()
    | TravelFlags::for_type(TravelType::Jump).bits()
    | TravelFlags::for_type(TravelType::Ladder).bits()
    | TravelFlags::for_type(TravelType::WalkOffLedge).bits()
    | TravelFlags::for_type(TravelType::Swim).bits()
    | TravelFlags::for_type(TravelType::WaterJump).bits()
    | TravelFlags::for_type(TravelType::Teleport).bits()
    | TravelFlags::for_type(TravelType::Elevator).bits()
    | TravelFlags::for_type(TravelType::JumpPad).bits()
    | TravelFlags::for_type(TravelType::FuncBob).bits();

/// Hundredths of a second per unit in a crouch-only area (botlib's value; its comment says 1.0).
pub(super) const CROUCH_FACTOR: f64 = 1.3;
/// Hundredths of a second per unit in a liquid area (botlib's value; its comment says 0.66).
pub(super) const LIQUID_FACTOR: f64 = 1.0;
/// Hundredths of a second per unit elsewhere (walking at about 300 units per second).
pub(super) const WALK_FACTOR: f64 = 0.33;

/// Whether the default travel flags allow a reachability whose travel is `travel`: `false`
/// for rocket jump, BFG jump, grapple, invalid, the never-generated double, ramp and strafe
/// jumps, and values outside 1..=19. Team bits above the type are not looked at.
fn allowed_type(travel: Travel) -> bool {
    travel
        .kind()
        .is_some_and(|t| TravelFlags::for_type(t).bits() & DEFAULT_TRAVEL_FLAGS != 0)
}

/// The in-area cost factor of an area: crouch-only, then liquid, then walking.
fn area_factor(presence: PresenceType, contents: AreaContents, flags: AreaFlags) -> f64 {
    let liquid = AreaContents::WATER | AreaContents::LAVA | AreaContents::SLIME;
    if presence.contains(PresenceType::CROUCH) && !presence.contains(PresenceType::NORMAL) {
        CROUCH_FACTOR
    } else if contents.intersects(liquid) || flags.contains(AreaFlags::LIQUID) {
        LIQUID_FACTOR
    } else {
        WALK_FACTOR
    }
}

/// Whether the default travel flags let a route enter an area with these contents.
fn enterable(contents: AreaContents) -> bool {
    !contents.intersects(AreaContents::LAVA | AreaContents::SLIME | AreaContents::DONOTENTER)
}

/// The cost of crossing an area with factor `factor` from `from` to `to`: the distance times the
/// factor, rounded half away from zero, at least 1.
pub(super) fn crossing_cost(from: Vec3, to: Vec3, factor: f64) -> u64 {
    let distance = from.as_dvec3().distance(to.as_dvec3());
    // Non-negative and far below 2⁶⁴ for any coordinates a map holds; `as` saturates anyway.
    let scaled = (distance * factor).round() as u64;
    scaled.max(1)
}

/// Single-source travel times over one world; see the [module docs](super) for the model.
///
/// # Complexity
/// Construction `O(areas + reachabilities)`; [`Router::tree_from`] is Dijkstra over
/// reachabilities + 1 states: `O(R log R)` time and `O(areas + R)` space.
#[derive(Debug)]
pub(crate) struct Router<'w> {
    world: &'w AasWorld,
    /// Per area: the in-area cost factor.
    factors: Vec<f64>,
    /// Per area: whether a route may enter it.
    enterable: Vec<bool>,
    /// Per reachability: whether its travel type is allowed.
    allowed: Vec<bool>,
    /// Per area: the reachabilities entering it (the states in it but the start).
    incoming: Vec<Vec<usize>>,
}

impl<'w> Router<'w> {
    /// Prepares the per-area factors and per-reachability filters of `world`.
    pub(crate) fn new(world: &'w AasWorld) -> Self {
        Self {
            world,
            factors: world
                .areas
                .iter()
                .map(|a| area_factor(a.presence, a.contents, a.flags))
                .collect(),
            enterable: world.areas.iter().map(|a| enterable(a.contents)).collect(),
            allowed: world
                .reachabilities
                .iter()
                .map(|r| allowed_type(r.travel))
                .collect(),
            incoming: {
                let mut incoming = vec![Vec::new(); world.areas.len()];
                for (index, reach) in world.reachabilities.iter().enumerate() {
                    if let Some(list) = incoming.get_mut(reach.target.index()) {
                        list.push(index);
                    }
                }
                incoming
            },
        }
    }

    /// The travel time from `start` to every area, indexed by area: the cost of the first
    /// state popped in that area, `None` where no route exists. `start` itself costs 0; a start
    /// outside the world gives no routes at all.
    #[cfg(test)]
    pub(crate) fn times_from(&self, start: AreaId) -> Vec<Option<u64>> {
        self.tree_from(start, self.area_centre(start)).times
    }

    /// The shortest-route tree from `start_point` in area `start`: the travel time to enter
    /// every area, the time to any point ([`RouteTree::time_to_point`]) and, for every area
    /// reached, the reachabilities of one quickest route there ([`RouteTree::route_to`]).
    pub(crate) fn tree_from(&self, start: AreaId, start_point: Vec3) -> RouteTree {
        let world = self.world;
        let mut times = vec![None; world.areas.len()];
        let mut first_state = vec![NO_STATE; world.areas.len()];
        // State k < R: in area reachabilities[k].target, entered at reachabilities[k].end.
        // State R: the start area, entered at the start point.
        let start_state = world.reachabilities.len();
        let mut parent = vec![NO_STATE; start_state + 1];
        if world.areas.get(start.index()).is_none() {
            return RouteTree {
                times,
                first_state,
                parent,
                best: Vec::new(),
                start,
                start_point,
            };
        }
        let mut best = vec![u64::MAX; start_state + 1];
        let mut heap = BinaryHeap::new();
        best[start_state] = 0;
        heap.push(Reverse((0_u64, start_state)));
        while let Some(Reverse((cost, state))) = heap.pop() {
            if cost > best[state] {
                continue; // A stale entry: the state was reached more cheaply since.
            }
            let (area, entry) = match world.reachabilities.get(state) {
                Some(reach) => (reach.target, reach.end),
                None => (start, start_point),
            };
            let Some(slot) = times.get_mut(area.index()) else {
                continue;
            };
            if slot.is_none() {
                *slot = Some(cost);
                first_state[area.index()] = state;
            }
            let (Some(record), Some(&factor)) = (
                world.areas.get(area.index()),
                self.factors.get(area.index()),
            ) else {
                continue;
            };
            let leaving = record.reachabilities.start as usize..record.reachabilities.end as usize;
            let Some(reaches) = world.reachabilities.get(leaving.clone()) else {
                continue;
            };
            for (index, reach) in leaving.zip(reaches) {
                let can_enter = self
                    .enterable
                    .get(reach.target.index())
                    .copied()
                    .unwrap_or(false);
                if !self.allowed[index] || !can_enter {
                    continue;
                }
                let next =
                    cost + u64::from(reach.travel_time) + crossing_cost(entry, reach.start, factor);
                if next < best[index] {
                    best[index] = next;
                    parent[index] = state;
                    heap.push(Reverse((next, index)));
                }
            }
        }
        RouteTree {
            times,
            first_state,
            parent,
            best,
            start,
            start_point,
        }
    }

    /// The centre of `area` (the origin when there is no such area).
    pub(crate) fn area_centre(&self, area: AreaId) -> Vec3 {
        self.world
            .areas
            .get(area.index())
            .map_or(Vec3::ZERO, |a| a.center)
    }

    /// The time to walk from `entry` to `point` inside `area` (at least 1).
    fn crossing(&self, area: AreaId, entry: Vec3, point: Vec3) -> u64 {
        let factor = self
            .factors
            .get(area.index())
            .copied()
            .unwrap_or(WALK_FACTOR);
        crossing_cost(entry, point, factor)
    }
}

/// No state (no parent, area not reached).
const NO_STATE: usize = usize::MAX;

/// The result of [`Router::tree_from`].
#[derive(Debug, Clone)]
pub(crate) struct RouteTree {
    /// Per area: the travel time from the start, `None` where no route exists.
    pub(crate) times: Vec<Option<u64>>,
    /// Per area: the state first popped in it (a reachability index, or the start state).
    first_state: Vec<usize>,
    /// Per state: the state it was reached from on its quickest route.
    parent: Vec<usize>,
    /// Per state: the cost of its quickest route (`u64::MAX` where none).
    best: Vec<u64>,
    /// The start area.
    start: AreaId,
    /// The start point.
    start_point: Vec3,
}

impl RouteTree {
    /// The travel time from the start point to `point` in area `goal`: the quickest route to
    /// any state in `goal` plus the crossing from that state's entry point to `point` (from
    /// the start point itself when `goal` is the start area, 0 when `point` is the start
    /// point); `None` when `goal` is not
    /// reached. `router` must be the one the tree was computed with.
    pub(crate) fn time_to_point(
        &self,
        router: &Router<'_>,
        goal: AreaId,
        point: Vec3,
    ) -> Option<u64> {
        let via_start = (goal == self.start).then(|| {
            if point == self.start_point {
                0
            } else {
                router.crossing(goal, self.start_point, point)
            }
        });
        let via_entries = router
            .incoming
            .get(goal.index())?
            .iter()
            .filter_map(|&state| {
                let cost = *self.best.get(state)?;
                let entry = router.world.reachabilities.get(state)?.end;
                (cost != u64::MAX).then(|| cost + router.crossing(goal, entry, point))
            });
        via_start.into_iter().chain(via_entries).min()
    }

    /// The reachability indices of the quickest route from the start to `goal`, in travel
    /// order (empty when `goal` is the start area); `None` when `goal` is not reached.
    pub(crate) fn route_to(&self, goal: AreaId) -> Option<Vec<usize>> {
        let mut state = *self.first_state.get(goal.index())?;
        if state == NO_STATE {
            return None;
        }
        let start_state = self.parent.len() - 1;
        let mut route = Vec::new();
        // Each step follows a parent set when the state improved; a route visits each state
        // at most once, so the loop ends within `parent.len()` steps.
        while state != start_state && state != NO_STATE && route.len() < self.parent.len() {
            route.push(state);
            state = self.parent[state];
        }
        route.reverse();
        Some(route)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route_agreement::test_world::TestWorld;

    fn time(world: &AasWorld, from: u32, to: u32) -> Option<u64> {
        Router::new(world).times_from(AreaId(from))[to as usize]
    }

    #[test]
    fn walking_crossing_is_rounded_distance_times_a_third() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let b = w.area(Vec3::new(100.0, 0.0, 0.0));
        // 10 units × 0.33 = 3.3 → 3; plus the travel time 5.
        w.reach(a, b, TravelType::Walk, 5, Vec3::new(10.0, 0.0, 0.0));
        assert_eq!(time(&w.world, a, b), Some(8));
        // 5 units × 0.33 = 1.65 → 2: rounded, not truncated.
        let c = w.area(Vec3::new(200.0, 0.0, 0.0));
        w.reach(a, c, TravelType::Walk, 0, Vec3::new(0.0, 5.0, 0.0));
        assert_eq!(time(&w.world, a, c), Some(2));
    }

    #[test]
    fn point_to_point_times_start_at_the_point_and_cross_the_goal_area() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let b = w.area(Vec3::X * 1000.0);
        w.reach_to(a, b, TravelType::Walk, 0, Vec3::X * 100.0, Vec3::X * 1000.0);
        let router = Router::new(&w.world);
        let goal = Vec3::X * 1300.0;
        // From the start point (0, 0, 0): 100 units to the exit (33), 300 units in b (99).
        let tree = router.tree_from(AreaId(a), Vec3::ZERO);
        assert_eq!(tree.time_to_point(&router, AreaId(b), goal), Some(132));
        assert_eq!(tree.times[b as usize], Some(33), "entering b");
        // From a start point on the exit: 1 (the least crossing) + 99.
        let tree = router.tree_from(AreaId(a), Vec3::X * 100.0);
        assert_eq!(tree.time_to_point(&router, AreaId(b), goal), Some(100));
        // Inside the start area: the crossing alone, 0 for the start point itself.
        assert_eq!(
            tree.time_to_point(&router, AreaId(a), Vec3::new(100.0, 30.0, 0.0)),
            Some(10)
        );
        assert_eq!(
            tree.time_to_point(&router, AreaId(a), Vec3::X * 100.0),
            Some(0)
        );
    }

    #[test]
    fn crossing_costs_at_least_one() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let b = w.area(Vec3::X * 50.0);
        w.reach(a, b, TravelType::Walk, 0, Vec3::ZERO);
        assert_eq!(time(&w.world, a, b), Some(1));
        assert_eq!(crossing_cost(Vec3::ZERO, Vec3::X, WALK_FACTOR), 1);
    }

    #[test]
    fn crouch_only_and_liquid_factors() {
        let mut w = TestWorld::default();
        let crouch = w.area(Vec3::ZERO);
        w.world.areas[crouch as usize].presence = PresenceType::CROUCH;
        let both = w.area(Vec3::ZERO);
        w.world.areas[both as usize].presence = PresenceType::CROUCH | PresenceType::NORMAL;
        let water = w.area(Vec3::ZERO);
        w.world.areas[water as usize].contents = AreaContents::WATER;
        let flagged = w.area(Vec3::ZERO);
        w.world.areas[flagged as usize].flags = AreaFlags::LIQUID;
        let crouch_water = w.area(Vec3::ZERO);
        w.world.areas[crouch_water as usize].presence = PresenceType::CROUCH;
        w.world.areas[crouch_water as usize].contents = AreaContents::WATER;
        let goal = w.area(Vec3::X * 500.0);
        for from in [crouch, both, water, flagged, crouch_water] {
            w.reach(from, goal, TravelType::Walk, 0, Vec3::X * 10.0);
        }
        assert_eq!(time(&w.world, crouch, goal), Some(13), "10 × 1.3");
        assert_eq!(time(&w.world, both, goal), Some(3), "10 × 0.33");
        assert_eq!(time(&w.world, water, goal), Some(10), "10 × 1.0");
        assert_eq!(time(&w.world, flagged, goal), Some(10), "10 × 1.0");
        assert_eq!(time(&w.world, crouch_water, goal), Some(13), "crouch first");
    }

    #[test]
    fn the_next_crossing_starts_at_the_reachability_end() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let b = w.area(Vec3::new(1000.0, 0.0, 0.0));
        let c = w.area(Vec3::new(2000.0, 0.0, 0.0));
        w.reach_to(
            a,
            b,
            TravelType::Walk,
            0,
            Vec3::ZERO,
            Vec3::new(0.0, 100.0, 0.0),
        );
        // From b's entry point (0, 100, 0), not its centre: 100 units × 0.33 = 33.
        w.reach(b, c, TravelType::Jump, 300, Vec3::ZERO);
        assert_eq!(time(&w.world, a, c), Some(1 + 300 + 33));
    }

    #[test]
    fn cheapest_route_wins_and_rocket_jumps_are_not_taken() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let b = w.area(Vec3::X * 100.0);
        let c = w.area(Vec3::X * 200.0);
        w.reach(a, c, TravelType::RocketJump, 0, Vec3::ZERO);
        assert_eq!(time(&w.world, a, c), None, "only a rocket jump leads there");
        w.reach(a, b, TravelType::Walk, 50, Vec3::ZERO);
        w.reach(a, c, TravelType::Walk, 400, Vec3::ZERO);
        w.reach(b, c, TravelType::Walk, 50, Vec3::ZERO);
        // Direct: 400 + 1. Via b: (50 + 1) + (50 + 100 units from b's entry × 0.33 = 33).
        assert_eq!(time(&w.world, a, c), Some(134));
        for excluded in [
            TravelType::BfgJump,
            TravelType::GrappleHook,
            TravelType::Invalid,
            TravelType::DoubleJump,
            TravelType::RampJump,
            TravelType::StrafeJump,
        ] {
            assert!(!allowed_type(Travel::new(excluded)), "{excluded}");
        }
        for taken in [
            TravelType::Walk,
            TravelType::Crouch,
            TravelType::BarrierJump,
            TravelType::Ladder,
            TravelType::WalkOffLedge,
            TravelType::Swim,
            TravelType::WaterJump,
            TravelType::Teleport,
            TravelType::Elevator,
            TravelType::JumpPad,
            TravelType::FuncBob,
        ] {
            assert!(allowed_type(Travel::new(taken)), "{taken}");
        }
        assert!(!allowed_type(Travel::from_raw(0)) && !allowed_type(Travel::from_raw(20)));
        // TFL_DEFAULT without its area-content bits (AIR, WATER).
        assert_eq!(DEFAULT_TRAVEL_FLAGS, 0x0104_0FBE);
    }

    #[test]
    fn a_later_entry_nearer_the_exit_improves_the_next_state() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let b = w.area(Vec3::X * 100.0);
        let c = w.area(Vec3::X * 200.0);
        // The first entry into b (cost 10) lies 300 units from the exit: 10 + 99 = 109 for c.
        w.reach_to(a, b, TravelType::Walk, 9, Vec3::ZERO, Vec3::Y * 300.0);
        // The second (cost 20) lies on the exit: 20 + 1 = 21, and the queued 109 goes stale.
        w.reach_to(a, b, TravelType::Walk, 19, Vec3::ZERO, Vec3::ZERO);
        w.reach(b, c, TravelType::Walk, 0, Vec3::ZERO);
        assert_eq!(time(&w.world, a, b), Some(10));
        assert_eq!(time(&w.world, a, c), Some(21));
    }

    #[test]
    fn lava_slime_and_donotenter_areas_are_not_entered() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let lava = w.area(Vec3::X * 100.0);
        w.world.areas[lava as usize].contents = AreaContents::LAVA;
        let c = w.area(Vec3::X * 200.0);
        w.reach(a, lava, TravelType::Walk, 1, Vec3::ZERO);
        w.reach(lava, c, TravelType::Walk, 1, Vec3::ZERO);
        assert_eq!(time(&w.world, a, c), None, "only through lava");
        assert_eq!(time(&w.world, a, lava), None, "lava is not a goal either");
        assert_eq!(
            time(&w.world, lava, c),
            Some(1 + 100),
            "but may be left (lava is a liquid: factor 1)"
        );
        assert_eq!(time(&w.world, lava, lava), Some(0));
        for contents in [AreaContents::SLIME, AreaContents::DONOTENTER] {
            w.world.areas[lava as usize].contents = contents;
            assert_eq!(time(&w.world, a, c), None, "{contents:?}");
        }
        w.world.areas[lava as usize].contents = AreaContents::WATER;
        assert!(time(&w.world, a, c).is_some());
    }

    #[test]
    fn same_area_costs_nothing_and_dead_ends_give_none() {
        let mut w = TestWorld::default();
        let a = w.area(Vec3::ZERO);
        let b = w.area(Vec3::X);
        w.reach(b, a, TravelType::Walk, 0, Vec3::ZERO);
        assert_eq!(time(&w.world, a, a), Some(0));
        assert_eq!(time(&w.world, a, b), None, "a has no reachabilities");
        assert_eq!(Router::new(&w.world).times_from(AreaId(99)), [None, None]);
    }
}
