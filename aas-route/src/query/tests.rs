//! The queries on a hand-built graph with known answers.
//!
//! ```text
//!   3 (100,100) ──r4──┐
//!   ↑ r1 (20)         ↓ (10)
//!   0 (0,0) ─r0 (10)→ 1 (100,0) ─r2 (10)→ 2 (200,0) ⇄ 4 (300,0, water)  r3, r5 (10)
//! ```
//!
//! Every reachability starts at its source's centre and ends at its target's centre, so each
//! crossing costs the minimum 1: 0 → 2 takes 1 + 10 + 1 + 10 = 22 through 1, 32 through 3.

use std::ops::Range;

use glam::Vec3;

use super::{AltRouteAreas, HideArea, PredictStop, PredictStops, PredictedStep};
use crate::TravelFlags;
use crate::cluster::{ClusterInfo, Clustering, Membership};
use crate::graph::{AreaInfo, ReachInfo, RouteGraph};
use crate::reference::Route;
use crate::router::{Router, RouterSettings};
use crate::{
    AreaContents, AreaFlags, AreaId, ClusterId, PresenceType, ReachId, Travel, TravelType,
};

struct Graph {
    areas: Vec<AreaInfo>,
    ranges: Vec<Range<u32>>,
    reaches: Vec<ReachInfo>,
    /// Per reachability: the areas it passes through.
    passes: Vec<Vec<AreaId>>,
}

impl RouteGraph for Graph {
    fn area_count(&self) -> usize {
        self.areas.len()
    }
    fn reach_count(&self) -> usize {
        self.reaches.len()
    }
    fn area(&self, area: AreaId) -> AreaInfo {
        self.areas[area.index()]
    }
    fn reaches(&self, area: AreaId) -> Range<u32> {
        self.ranges[area.index()].clone()
    }
    fn reach(&self, reach: ReachId) -> ReachInfo {
        self.reaches[reach.index()]
    }
    fn pass_areas(&self, reach: ReachId, visit: &mut dyn FnMut(AreaId)) {
        for &area in self.passes.get(reach.index()).into_iter().flatten() {
            visit(area);
        }
    }
}

fn graph() -> Graph {
    let centres = [
        (0.0, 0.0),
        (100.0, 0.0),
        (200.0, 0.0),
        (100.0, 100.0),
        (300.0, 0.0),
    ];
    let areas = centres
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| AreaInfo {
            center: Vec3::new(x, y, 0.0),
            contents: match i {
                3 => AreaContents::VIEWPORTAL,
                4 => AreaContents::WATER,
                _ => AreaContents::empty(),
            },
            flags: AreaFlags::GROUNDED,
            presence: PresenceType::NORMAL,
        })
        .collect::<Vec<_>>();
    let link = |from: usize, to: usize, travel_time: u16| ReachInfo {
        target: AreaId(u32::try_from(to).unwrap()),
        travel: Travel::new(TravelType::Walk),
        travel_time,
        start: areas[from].center,
        end: areas[to].center,
    };
    let reaches = vec![
        link(0, 1, 10),
        link(0, 3, 20),
        link(1, 2, 10),
        link(2, 4, 10),
        link(3, 2, 10),
        link(4, 2, 10),
    ];
    Graph {
        areas,
        ranges: vec![0..2, 2..3, 3..4, 4..5, 5..6],
        reaches,
        passes: Vec::new(),
    }
}

fn one_cluster(areas: usize) -> Clustering {
    Clustering {
        membership: vec![Membership::Cluster(ClusterId(0)); areas],
        portals: Vec::new(),
        clusters: vec![ClusterInfo {
            areas: (0..areas)
                .map(|a| AreaId(u32::try_from(a).unwrap()))
                .collect(),
            portals: Vec::new(),
        }],
    }
}

fn centre(graph: &Graph, area: u32) -> Vec3 {
    graph.area(AreaId(area)).center
}

#[test]
fn next_step_avoids_the_next_area_only() {
    let graph = graph();
    let mut router = Router::new(&graph, one_cluster(5), RouterSettings::default()).unwrap();
    let (start, goal, flags) = (AreaId(0), AreaId(2), TravelFlags::DEFAULT);
    let origin = centre(&graph, 0);
    let direct = Route {
        time: 22,
        first: Some(ReachId(0)),
    };
    assert_eq!(router.route(start, origin, goal, flags), Some(direct));
    assert_eq!(
        router.next_step(start, origin, goal, flags, &[]),
        Some(direct)
    );
    let detour = Route {
        time: 32,
        first: Some(ReachId(1)),
    };
    assert_eq!(
        router.next_step(start, origin, goal, flags, &[AreaId(1)]),
        Some(detour)
    );
    // Area 2 on the way is not the next area: not avoided.
    assert_eq!(
        router.next_step(AreaId(0), origin, AreaId(4), flags, &[AreaId(2)]),
        Some(Route {
            time: 33,
            first: Some(ReachId(0))
        })
    );
    assert_eq!(
        router.next_step(start, origin, goal, flags, &[AreaId(1), AreaId(3)]),
        None
    );
    assert_eq!(router.time_after_reach(ReachId(1), goal, flags), Some(11));
    assert_eq!(router.time_after_reach(ReachId(2), goal, flags), Some(0));
}

#[test]
fn predictions_stop_at_the_goal_contents_travel_and_time() {
    let graph = graph();
    let mut router = Router::new(&graph, one_cluster(5), RouterSettings::default()).unwrap();
    let (start, goal, flags) = (AreaId(0), AreaId(4), TravelFlags::DEFAULT);
    let origin = centre(&graph, 0);
    let step = |reach: u32, area: u32, time: u32| PredictedStep {
        reach: ReachId(reach),
        area: AreaId(area),
        time,
    };
    let full = vec![step(0, 1, 11), step(2, 2, 22), step(3, 4, 33)];
    let free = router.predict_route(start, origin, goal, flags, &PredictStops::default());
    assert_eq!(
        (free.steps.clone(), free.stop),
        (full.clone(), PredictStop::Goal)
    );
    assert_eq!((free.time(), free.end_area(start)), (33, goal));

    let water = PredictStops {
        contents: AreaContents::WATER | AreaContents::LAVA,
        ..PredictStops::default()
    };
    let wet = router.predict_route(start, origin, goal, flags, &water);
    assert_eq!(wet.steps, full);
    assert_eq!(wet.stop, PredictStop::Contents(AreaContents::WATER));

    let no_swim = PredictStops {
        travel: TravelFlags::WATER,
        ..PredictStops::default()
    };
    let dry = router.predict_route(start, origin, goal, flags, &no_swim);
    assert_eq!(dry.steps, full[..2]);
    assert_eq!(dry.stop, PredictStop::TravelType(ReachId(3)));

    let quick = PredictStops {
        max_time: Some(15),
        ..PredictStops::default()
    };
    let cut = router.predict_route(start, origin, goal, flags, &quick);
    assert_eq!(
        (cut.steps.as_slice(), cut.stop),
        (&full[..2], PredictStop::TimeLimit)
    );

    let short = PredictStops {
        max_steps: Some(1),
        ..PredictStops::default()
    };
    let one = router.predict_route(start, origin, goal, flags, &short);
    assert_eq!(
        (one.steps.as_slice(), one.stop),
        (&full[..1], PredictStop::StepLimit)
    );

    let none = router.predict_route(goal, centre(&graph, 4), AreaId(0), flags, &water);
    assert_eq!((none.steps.len(), none.stop), (0, PredictStop::NoRoute));
}

/// A reachability that passes through a stop area stops the prediction after it, though the
/// area it enters is dry.
#[test]
fn predictions_stop_on_the_contents_of_areas_passed_through() {
    let mut graph = graph();
    // Reachability 0 (0 → 1) passes through the water area 4 on the way.
    graph.passes = vec![vec![AreaId(4)]];
    let mut router = Router::new(&graph, one_cluster(5), RouterSettings::default()).unwrap();
    let water = PredictStops {
        contents: AreaContents::WATER,
        ..PredictStops::default()
    };
    let origin = centre(&graph, 0);
    let wet = router.predict_route(AreaId(0), origin, AreaId(2), TravelFlags::DEFAULT, &water);
    assert_eq!(
        wet.steps,
        vec![PredictedStep {
            reach: ReachId(0),
            area: AreaId(1),
            time: 11
        }]
    );
    assert_eq!(wet.stop, PredictStop::Contents(AreaContents::WATER));
    // Without the stop it goes on to the goal.
    let free = router.predict_route(
        AreaId(0),
        origin,
        AreaId(2),
        TravelFlags::DEFAULT,
        &PredictStops::default(),
    );
    assert_eq!(free.stop, PredictStop::Goal);
}

#[test]
fn hide_areas_pay_for_approaching_the_enemy_and_never_pass_it() {
    let graph = graph();
    let router = Router::new(&graph, one_cluster(5), RouterSettings::default()).unwrap();
    let origin = centre(&graph, 0);
    let hidden = |p: Vec3| p == centre(&graph, 3) || p == centre(&graph, 4);
    // Enemy in area 1: the link into it is refused; the link to 3 passes (50, 50), 70.7 units
    // from the enemy, 29.3 closer than the start: 1 + 20 + 292 (truncated).
    let eye = centre(&graph, 1);
    let found = router.nearest_hide_area(
        AreaId(0),
        origin,
        AreaId(1),
        eye,
        TravelFlags::DEFAULT,
        |e, p| {
            assert_eq!(e, eye);
            !hidden(p)
        },
    );
    assert_eq!(
        found,
        Some(HideArea {
            area: AreaId(3),
            cost: 313,
            first: ReachId(1)
        })
    );
    // Enemy standing on the link to 3 (and in area 4): area 3 cannot be reached, 4 neither.
    let eye = Vec3::new(50.0, 50.0, 0.0);
    let blocked = router.nearest_hide_area(
        AreaId(0),
        origin,
        AreaId(4),
        eye,
        TravelFlags::DEFAULT,
        |_, p| !hidden(p),
    );
    assert_eq!(blocked, None);
    // With the enemy far away, area 4 behind area 2 is hidden too, but 3 is nearer.
    let eye = Vec3::new(-2000.0, 0.0, 0.0);
    let far = router.nearest_hide_area(
        AreaId(0),
        origin,
        AreaId(4),
        eye,
        TravelFlags::DEFAULT,
        |_, p| !hidden(p),
    );
    assert_eq!(far.map(|h| (h.area, h.cost)), Some((AreaId(3), 21)));
}

#[test]
fn alternative_goals_are_the_mid_range_groups() {
    let graph = graph();
    let mut router = Router::new(&graph, one_cluster(5), RouterSettings::default()).unwrap();
    let origin = centre(&graph, 0);
    let flags = TravelFlags::DEFAULT;
    // Direct 0 → 2: 22. Area 1: 11 from the start, 11 to the goal; area 3: 21 and 11 (both
    // within 24.2 and 17.6); area 4: 33 from the start.
    let goals =
        router.alternative_route_goals(AreaId(0), origin, AreaId(2), flags, AltRouteAreas::ALL, 8);
    let summary: Vec<_> = goals
        .iter()
        .map(|g| {
            (
                g.area,
                g.start_time,
                g.goal_time,
                g.extra_time,
                g.group_size,
            )
        })
        .collect();
    assert_eq!(
        summary,
        [(AreaId(1), 11, 11, 0, 1), (AreaId(3), 21, 11, 10, 1)]
    );
    assert_eq!(goals[1].origin, centre(&graph, 3));
    let capped =
        router.alternative_route_goals(AreaId(0), origin, AreaId(2), flags, AltRouteAreas::ALL, 1);
    assert_eq!(capped, goals[..1]);
    let views = router.alternative_route_goals(
        AreaId(0),
        origin,
        AreaId(2),
        flags,
        AltRouteAreas::VIEW_PORTALS,
        8,
    );
    assert_eq!(
        views.iter().map(|g| g.area).collect::<Vec<_>>(),
        [AreaId(3)]
    );
    let portals = router.alternative_route_goals(
        AreaId(0),
        origin,
        AreaId(2),
        flags,
        AltRouteAreas::CLUSTER_PORTALS,
        8,
    );
    assert!(portals.is_empty());
    // No route from 4 to 0: nothing.
    let none =
        router.alternative_route_goals(AreaId(4), origin, AreaId(0), flags, AltRouteAreas::ALL, 8);
    assert!(none.is_empty());
}

#[test]
fn random_goals_scan_from_the_drawn_index_and_wrap() {
    let graph = graph();
    let mut router = Router::new(&graph, one_cluster(5), RouterSettings::default()).unwrap();
    let origin = centre(&graph, 0);
    let flags = TravelFlags::DEFAULT;
    let at_centre = |a: AreaId| Some(graph.area(a).center);
    let mut pick = |draw: u64, accept: &dyn Fn(AreaId) -> Option<Vec3>| {
        let mut next = || draw;
        router
            .random_goal_area(AreaId(0), origin, flags, &mut next, accept)
            .map(|g| (g.area, g.time))
    };
    assert_eq!(pick(3, &at_centre), Some((AreaId(3), 21)));
    assert_eq!(pick(9, &at_centre), Some((AreaId(4), 33)));
    // Rejecting area 4 wraps around to the start area itself.
    let not_four = |a: AreaId| (a != AreaId(4)).then(|| graph.area(a).center);
    assert_eq!(pick(4, &not_four), Some((AreaId(0), 0)));
    assert_eq!(pick(4, &|_| None), None);
}
