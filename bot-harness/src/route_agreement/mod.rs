//! Route agreement of two AAS worlds of one map: do routes between the same points exist in
//! both, and how do their travel times compare? (`"route_agreement"` of `aas compare`.)
//!
//! # Points and pairs
//! The caller supplies [`Endpoint`]s: points that lie in an area of REF, and of OURS when OURS
//! can place them (for `aas compare`, the item, weapon, ammo, holdable, flag and spawn points);
//! a point OURS cannot place makes every pair with it unroutable in OURS. The ordered pairs
//! `(i, j)`, `i ≠ j`, of endpoints are evaluated, at most [`MAX_PAIRS`] of them: when there are
//! more, an even stride over the pairs numbered row by row picks them (`pairs.rs`); the
//! sample depends only on the number of endpoints, so it is deterministic.
//!
//! # Cost model
//! Each world is routed on its own, as botlib routes with its default travel flags, but with an
//! exact single-source search instead of botlib's clustered caches:
//!
//! - **States** are (area, entry point). The start state is (start area, the start point);
//!   every other state is "entered through reachability k": (k's target area, k's end point).
//!   There are therefore reachabilities + 1 states.
//! - **Moves**: from a state in area a with entry point e, reachability r leaving a leads to
//!   (r's target, r's end) at cost `r.travel_time + max(1, round(|e − r.start| × f(a)))`, the
//!   distance in units and `round` half away from zero. The in-area factor f(a) (hundredths of
//!   a second per unit) is 1.3 when a is crouch-only (presence CROUCH without NORMAL), else 1.0
//!   when a is a liquid area (contents WATER, LAVA or SLIME, or area flag LIQUID), else 0.33 —
//!   botlib's factors, including its crouch and swim values that disagree with its comments.
//! - **Travel flags** are botlib's default (`TFL_DEFAULT`): reachabilities of type rocket jump,
//!   BFG jump and grapple hook (and invalid, the never-generated double, ramp and strafe jumps,
//!   and unknown values) are not taken; areas whose contents are LAVA, SLIME or DONOTENTER are
//!   not entered (so they are no goal either, though a route may start in one). Team bits of
//!   reachabilities and areas, and area flags other than LIQUID, play no part.
//! - **Search**: Dijkstra over the states with a binary heap and lazy deletion (a popped entry
//!   costlier than its state's best is skipped); ties pop the lower state number first. Areas
//!   without reachabilities (bspc's cluster-0 areas) are dead ends.
//! - **Time between two points** (`"time_ratio"`): the least, over the states in the goal
//!   area, of the state's cost plus the crossing from its entry point to the goal point (the
//!   same in-area cost); from the start point itself when start and goal share an area (0 for
//!   the same point). A route is found when the goal area is reached at all.
//!
//! # Why point to point
//! botlib starts a query at the bot's origin but stops counting when the goal *area* is
//! entered. Two files of one map partition it differently, so that measure mixes route
//! quality with area shapes: a pair whose goal lies in a large area of one file and a small
//! one of the other differs by the walk across the goal area (ratios of 3 and more on flat
//! open floors, where both files route straight across). Routing from the start point to the
//! goal point measures what a player covers, so the ratio shows missing or extra links, not
//! partition. The area measure (from the start area's centre until the goal area is
//! entered, this module's measure before) is still reported as `"area_time_ratio"`.
//!
//! # Numbers
//! See [`RouteAgreement`]. Travel times are in hundredths of a second, as in the file.

mod missing_links;
mod pairs;
mod quantile;
mod router;
#[cfg(test)]
mod router_props;
#[cfg(test)]
mod test_world;

use std::collections::BTreeMap;

use aas_geom::world::{AasWorld, AreaId};
use glam::Vec3;
use serde::Serialize;

pub use self::missing_links::{Exit, MissingLinks};
use self::pairs::{candidate_pairs, sample_pairs};
use self::quantile::quantile;
pub(crate) use self::router::{RouteTree, Router};

/// At most this many ordered pairs are evaluated.
pub const MAX_PAIRS: usize = 3000;

/// A point located in REF, and in OURS when OURS has an area there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Endpoint {
    /// The point (a player origin standing on the floor).
    pub point: Vec3,
    /// Its area in OURS (`None`: OURS cannot place the point, so no route reaches it there).
    pub ours: Option<AreaId>,
    /// Its area in REF.
    pub reference: AreaId,
}

/// Quantiles of the travel-time ratio OURS / REF (linear interpolation between closest ranks).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TimeRatio {
    /// The median.
    pub median: f64,
    /// The 10th percentile.
    pub p10: f64,
    /// The 90th percentile.
    pub p90: f64,
}

impl TimeRatio {
    /// The quantiles of `sorted` (ascending); `None` when it is empty.
    fn of(sorted: &[f64]) -> Option<Self> {
        Some(Self {
            median: quantile(sorted, 0.5)?,
            p10: quantile(sorted, 0.1)?,
            p90: quantile(sorted, 0.9)?,
        })
    }
}

/// The `"route_agreement"` report (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RouteAgreement {
    /// Endpoints: points with an area in REF.
    pub points: usize,
    /// Endpoints without an area in OURS: every pair with one of them is unroutable in OURS.
    pub unplaced_in_ours: usize,
    /// Ordered pairs of distinct endpoints, before sampling: `points × (points − 1)`.
    pub candidate_pairs: u64,
    /// Pairs evaluated (all candidates, or [`MAX_PAIRS`] of them).
    pub pairs: usize,
    /// Pairs routable in REF.
    pub ref_routable: usize,
    /// Fraction of the pairs routable in REF that are routable in OURS (`None` when REF routes
    /// none).
    pub ref_routable_in_ours: Option<f64>,
    /// Fraction of the evaluated pairs routable in OURS but not in REF (`None` without pairs).
    pub ours_only: Option<f64>,
    /// Travel-time ratio OURS / REF, point to point, over the pairs routable in both with both
    /// times above 0 (`None` when there is no such pair).
    pub time_ratio: Option<TimeRatio>,
    /// How many pairs `time_ratio` is taken over.
    pub time_ratio_pairs: usize,
    /// The area measure of the ratio: from the start area's centre until the goal area is
    /// entered (the measure before points were routed; it varies with how each file
    /// partitions space, see the module docs).
    pub area_time_ratio: Option<TimeRatio>,
    /// How many pairs `area_time_ratio` is taken over.
    pub area_time_ratio_pairs: usize,
    /// Why the pairs routable in REF but not in OURS are not: the REF links that leave the
    /// region OURS reaches.
    pub unroutable: MissingLinks,
}

/// Quickest-route trees of one world from each start asked for, computed once per start:
/// from a start point, and from a start area's centre (the area measure).
struct Routes<'w> {
    router: Router<'w>,
    from_point: BTreeMap<(AreaId, [u32; 3]), RouteTree>,
    from_centre: BTreeMap<AreaId, RouteTree>,
}

impl<'w> Routes<'w> {
    fn new(world: &'w AasWorld) -> Self {
        Self {
            router: Router::new(world),
            from_point: BTreeMap::new(),
            from_centre: BTreeMap::new(),
        }
    }

    /// The quickest-route tree from `point` in area `start`.
    fn tree(&mut self, start: AreaId, point: Vec3) -> &RouteTree {
        let router = &self.router;
        let key = (start, point.to_array().map(f32::to_bits));
        self.from_point
            .entry(key)
            .or_insert_with(|| router.tree_from(start, point))
    }

    /// The travel time from `start` (a point in area `start_area`) to `goal` (a point in
    /// `goal_area`), `None` when there is no route.
    fn time(
        &mut self,
        (start_area, start): (AreaId, Vec3),
        (goal_area, goal): (AreaId, Vec3),
    ) -> Option<u64> {
        let router = &self.router;
        self.from_point
            .entry((start_area, start.to_array().map(f32::to_bits)))
            .or_insert_with(|| router.tree_from(start_area, start))
            .time_to_point(router, goal_area, goal)
    }

    /// The area measure: from `start`'s centre until `goal` is entered.
    fn area_time(&mut self, start: AreaId, goal: AreaId) -> Option<u64> {
        let router = &self.router;
        let tree = self.from_centre.entry(start).or_insert_with(|| {
            let centre = router.area_centre(start);
            router.tree_from(start, centre)
        });
        tree.times.get(goal.index()).copied().flatten()
    }
}

/// Compares routes between `endpoints` in `ours` and in `reference` (see the module docs).
/// `locate_ours` places a REF point (a reachability's end) in OURS, for the diagnosis of
/// unroutable pairs.
///
/// # Complexity
/// Two Dijkstras (from the point, from the area centre) per distinct start and world among
/// the sampled pairs: `O(points · R log R)` time, `O(points · (areas + R))` space.
pub fn route_agreement(
    ours: &AasWorld,
    reference: &AasWorld,
    endpoints: &[Endpoint],
    locate_ours: impl Fn(Vec3) -> Option<AreaId>,
) -> RouteAgreement {
    let pairs = sample_pairs(endpoints.len(), MAX_PAIRS);
    let mut ours_routes = Routes::new(ours);
    let mut ref_routes = Routes::new(reference);
    let (mut ref_routable, mut both, mut ours_only) = (0, 0, 0);
    let (mut ratios, mut area_ratios) = (Vec::new(), Vec::new());
    let mut missing = MissingLinks::default();
    let ratio = |ours: u64, reference: u64| {
        (ours > 0 && reference > 0).then(|| ours as f64 / reference as f64)
    };
    for &(i, j) in &pairs {
        let (start, goal) = (endpoints[i], endpoints[j]);
        let ours_time = match (start.ours, goal.ours) {
            (Some(from), Some(to)) => ours_routes.time((from, start.point), (to, goal.point)),
            _ => None,
        };
        let ref_time =
            ref_routes.time((start.reference, start.point), (goal.reference, goal.point));
        match (ours_time, ref_time) {
            (Some(ours_time), Some(ref_time)) => {
                ref_routable += 1;
                both += 1;
                ratios.extend(ratio(ours_time, ref_time));
                let (Some(from), Some(to)) = (start.ours, goal.ours) else {
                    continue;
                };
                let ours_area = ours_routes.area_time(from, to);
                let ref_area = ref_routes.area_time(start.reference, goal.reference);
                if let (Some(ours_area), Some(ref_area)) = (ours_area, ref_area) {
                    area_ratios.extend(ratio(ours_area, ref_area));
                }
            }
            (None, Some(_)) => {
                ref_routable += 1;
                let route = ref_routes
                    .tree(start.reference, start.point)
                    .route_to(goal.reference)
                    .unwrap_or_default();
                let region = start
                    .ours
                    .map(|from| ours_routes.tree(from, start.point).times.as_slice());
                missing.add(reference, &route, region, goal.ours.is_none(), &locate_ours);
            }
            (Some(_), None) => ours_only += 1,
            (None, None) => {}
        }
    }
    ratios.sort_by(f64::total_cmp);
    area_ratios.sort_by(f64::total_cmp);
    let fraction = |part: usize, whole: usize| (whole > 0).then(|| part as f64 / whole as f64);
    RouteAgreement {
        points: endpoints.len(),
        unplaced_in_ours: endpoints.iter().filter(|e| e.ours.is_none()).count(),
        candidate_pairs: candidate_pairs(endpoints.len()),
        pairs: pairs.len(),
        ref_routable,
        ref_routable_in_ours: fraction(both, ref_routable),
        ours_only: fraction(ours_only, pairs.len()),
        time_ratio: TimeRatio::of(&ratios),
        time_ratio_pairs: ratios.len(),
        area_time_ratio: TimeRatio::of(&area_ratios),
        area_time_ratio_pairs: area_ratios.len(),
        unroutable: missing.finish_with(reference),
    }
}

#[cfg(test)]
mod tests {
    use aas_geom::world::{Travel, TravelType};
    use glam::Vec3;

    use super::test_world::TestWorld;
    use super::*;

    /// Areas 0 → 1 → 2 in a line (walk, travel time 10) and an isolated area 3.
    fn line() -> TestWorld {
        let mut w = TestWorld::default();
        for x in [0.0, 100.0, 200.0, 300.0] {
            w.area(Vec3::X * x);
        }
        w.reach(0, 1, TravelType::Walk, 10, Vec3::X * 60.0);
        w.reach(1, 2, TravelType::Walk, 10, Vec3::X * 150.0);
        w
    }

    fn no_locate(_: Vec3) -> Option<AreaId> {
        None
    }

    /// The first area of `world` whose bounds hold `point`.
    fn locate_in(world: &AasWorld) -> impl Fn(Vec3) -> Option<AreaId> + '_ {
        |point| {
            world
                .areas
                .iter()
                .position(|a| point.cmpge(a.mins).all() && point.cmple(a.maxs).all())
                .map(|i| AreaId(u32::try_from(i).unwrap()))
        }
    }

    #[test]
    fn unroutable_pairs_name_the_reference_link_that_leaves_our_region() {
        let mut reference = line();
        reference.reach(2, 3, TravelType::JumpPad, 250, Vec3::X * 200.0);
        let ours = line();
        let report = route_agreement(
            &ours.world,
            &reference.world,
            &endpoints(&[0, 1, 3]),
            locate_in(&ours.world),
        );
        // REF routes 0→1, 0→3 and 1→3; the last two need the jump pad 2→3.
        assert_eq!(report.ref_routable, 3);
        assert_eq!(report.ref_routable_in_ours, Some(1.0 / 3.0));
        let missing = &report.unroutable;
        assert_eq!(missing.pairs, 2);
        assert_eq!(missing.exit_types.get("jumppad"), Some(&2));
        assert_eq!(missing.exits.len(), 1);
        let exit = &missing.exits[0];
        assert_eq!((exit.ref_area, exit.ref_target, exit.pairs), (3, 4, 2));
        assert_eq!(exit.end, [300.0, 0.0, 0.0]);

        // A point OURS cannot place is unroutable there, and counted as such.
        let mut unplaced = endpoints(&[0, 1]);
        unplaced[1].ours = None;
        let report = route_agreement(
            &ours.world,
            &reference.world,
            &unplaced,
            locate_in(&ours.world),
        );
        assert_eq!(report.unplaced_in_ours, 1);
        assert_eq!(report.ref_routable, 1, "0→1");
        assert_eq!(report.ref_routable_in_ours, Some(0.0));
        assert_eq!(report.unroutable.goal_unplaced, 1);
    }

    #[test]
    fn the_route_tree_gives_the_quickest_route() {
        let w = line();
        let tree = Router::new(&w.world).tree_from(AreaId(0), Vec3::ZERO);
        assert_eq!(tree.route_to(AreaId(2)), Some(vec![0, 1]));
        assert_eq!(tree.route_to(AreaId(0)), Some(vec![]));
        assert_eq!(tree.route_to(AreaId(3)), None);
    }

    fn endpoints(areas: &[u32]) -> Vec<Endpoint> {
        areas
            .iter()
            .map(|&a| Endpoint {
                point: Vec3::X * (a as f32 * 100.0),
                ours: Some(AreaId(a)),
                reference: AreaId(a),
            })
            .collect()
    }

    #[test]
    fn a_world_agrees_with_itself() {
        let w = line();
        let report = route_agreement(&w.world, &w.world, &endpoints(&[0, 1, 2, 3]), no_locate);
        assert_eq!(report.pairs, 12);
        // 0→1, 0→2, 1→2.
        assert_eq!(report.ref_routable, 3);
        assert_eq!(report.ref_routable_in_ours, Some(1.0));
        assert_eq!(report.ours_only, Some(0.0));
        let ratio = report.time_ratio.unwrap();
        assert_eq!((ratio.median, ratio.p10, ratio.p90), (1.0, 1.0, 1.0));
        assert_eq!(report.time_ratio_pairs, 3);
    }

    #[test]
    fn missing_and_extra_routes_and_slower_times() {
        let reference = line();
        let mut ours = line();
        // OURS loses 1 → 2 but gains 3 → 0, and walking 0 → 1 takes 20 more.
        ours.world.reachabilities[1].travel = Travel::new(TravelType::RocketJump);
        ours.reach(3, 0, TravelType::Walk, 0, Vec3::X * 300.0);
        ours.world.reachabilities[0].travel_time = 30;
        let report = route_agreement(
            &ours.world,
            &reference.world,
            &endpoints(&[0, 1, 2, 3]),
            no_locate,
        );
        assert_eq!(report.ref_routable, 3);
        assert_eq!(
            report.ref_routable_in_ours,
            Some(1.0 / 3.0),
            "only 0→1 left"
        );
        // 3→0 and 3→1 exist only in OURS.
        assert_eq!(report.ours_only, Some(2.0 / 12.0));
        // 0→1 from area 0's centre until area 1 is entered: REF 10 + round(60 × 0.33) = 30,
        // OURS 30 + 20 = 50; point to point, the goal point is the entry point, a crossing
        // of at least 1 more.
        assert_eq!(report.time_ratio_pairs, 1);
        let ratio = report.time_ratio.unwrap();
        assert_eq!(ratio.median, 51.0 / 31.0);
        assert_eq!((ratio.p10, ratio.p90), (ratio.median, ratio.median));
        assert_eq!(report.area_time_ratio.unwrap().median, 50.0 / 30.0);
    }

    #[test]
    fn same_area_pairs_route_at_zero_and_have_no_ratio() {
        let w = line();
        let report = route_agreement(&w.world, &w.world, &endpoints(&[2, 2]), no_locate);
        assert_eq!((report.pairs, report.ref_routable), (2, 2));
        assert_eq!(report.time_ratio, None);
        assert_eq!(report.time_ratio_pairs, 0);
        let empty = route_agreement(&w.world, &w.world, &[], no_locate);
        assert_eq!((empty.ref_routable_in_ours, empty.ours_only), (None, None));
    }

    #[test]
    fn pairs_are_capped() {
        let w = line();
        let many: Vec<u32> = (0..60).map(|i| i % 4).collect();
        let report = route_agreement(&w.world, &w.world, &endpoints(&many), no_locate);
        assert_eq!(report.candidate_pairs, 3540);
        assert_eq!(report.pairs, MAX_PAIRS);
        assert_eq!(
            report,
            route_agreement(&w.world, &w.world, &endpoints(&many), no_locate)
        );
    }
}
