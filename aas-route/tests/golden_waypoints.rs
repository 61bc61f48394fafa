//! The golden trace of the Omicron bot's waypoint distance field (seeds notes, "002. Omicron
//! bot waypoint system", "Distance-field algorithm"), routed through the generic
//! [`RouteGraph`] trait: six waypoints and a goal, each a graph area; a link `x→y (d)` is a
//! reachability from `x` to `y` with travel time `d`, starting and ending at the waypoints'
//! points. Without in-area crossing the router and the reference give the golden distances
//! `{1: 5, 2: 12, 3: 25, 4: 13, 5: 29, 6: 44}` wherever the points are; with crossing on and
//! every point equal, each crossed area adds 1 (its crossing is at least 1).

use std::ops::Range;

use aas_route::{
    AreaContents, AreaFlags, AreaId, AreaInfo, ClusterId, ClusterInfo, Clustering, CostModel,
    Membership, PortalId, PortalInfo, PresenceType, ReachId, ReachInfo, RouteGraph, Router,
    RouterSettings, Travel, TravelFlags, TravelType, reference_route,
};
use glam::Vec3;

/// The goal's node (waypoints are nodes 1..=6).
const GOAL: usize = 7;

/// The links `(from, to, length)`: the golden trace's, plus "the goal is reachable from
/// waypoint 1 at distance 5".
const LINKS: [(usize, usize, u16); 12] = [
    (2, 1, 7),
    (4, 1, 8),
    (1, 2, 7),
    (3, 2, 14),
    (4, 2, 18),
    (3, 4, 12),
    (5, 4, 16),
    (2, 3, 14),
    (4, 5, 16),
    (6, 5, 15),
    (5, 6, 15),
    (1, GOAL, 5),
];

/// The golden distances to the goal, per waypoint 1..=6.
const GOLDEN: [u16; 6] = [5, 12, 25, 13, 29, 44];

/// The first link of each waypoint's shortest route, as `(from, to)`.
const FIRST: [(usize, usize); 6] = [(1, GOAL), (2, 1), (3, 4), (4, 1), (5, 4), (6, 5)];

/// Hops (reachabilities) of each waypoint's shortest route.
const HOPS: [u16; 6] = [1, 2, 3, 2, 3, 4];

/// A waypoint graph: node `n` (1..=7) is area `n - 1`.
struct Waypoints {
    points: Vec<Vec3>,
    /// Per area: its reachabilities' ids.
    ranges: Vec<Range<u32>>,
    reaches: Vec<ReachInfo>,
    /// Per reachability: its link `(from, to)`.
    links: Vec<(usize, usize)>,
}

/// The area of node `n`.
fn area(n: usize) -> AreaId {
    AreaId(u32::try_from(n - 1).expect("small"))
}

impl Waypoints {
    /// The graph with node `n` at `points[n - 1]`.
    fn new(points: Vec<Vec3>) -> Self {
        let mut ranges = Vec::new();
        let mut reaches = Vec::new();
        let mut links = Vec::new();
        for from in 1..=GOAL {
            let first = u32::try_from(reaches.len()).expect("small");
            for &(x, y, d) in LINKS.iter().filter(|l| l.0 == from) {
                reaches.push(ReachInfo {
                    target: area(y),
                    travel: Travel::new(TravelType::Walk),
                    travel_time: d,
                    start: points[x - 1],
                    end: points[y - 1],
                });
                links.push((x, y));
            }
            ranges.push(first..u32::try_from(reaches.len()).expect("small"));
        }
        Self {
            points,
            ranges,
            reaches,
            links,
        }
    }

    /// The link of reachability `reach`.
    fn link(&self, reach: ReachId) -> (usize, usize) {
        self.links[reach.index()]
    }
}

impl RouteGraph for Waypoints {
    fn area_count(&self) -> usize {
        self.points.len()
    }
    fn reach_count(&self) -> usize {
        self.reaches.len()
    }
    fn area(&self, area: AreaId) -> AreaInfo {
        AreaInfo {
            center: self.points[area.index()],
            contents: AreaContents::empty(),
            flags: AreaFlags::GROUNDED,
            presence: PresenceType::NORMAL,
        }
    }
    fn reaches(&self, area: AreaId) -> Range<u32> {
        self.ranges[area.index()].clone()
    }
    fn reach(&self, reach: ReachId) -> ReachInfo {
        self.reaches[reach.index()]
    }
}

/// Every node in one cluster.
fn one_cluster() -> Clustering {
    Clustering {
        membership: vec![Membership::Cluster(ClusterId(0)); GOAL],
        portals: Vec::new(),
        clusters: vec![ClusterInfo {
            areas: (1..=GOAL).map(area).collect(),
            portals: Vec::new(),
        }],
    }
}

/// Two clusters, {goal, 1, 2, 3} and {5, 6}, with waypoint 4 the portal between them.
fn two_clusters() -> Clustering {
    let a = ClusterId(0);
    let b = ClusterId(1);
    let mut membership = vec![Membership::Cluster(a); GOAL];
    membership[area(4).index()] = Membership::Portal(PortalId(0));
    membership[area(5).index()] = Membership::Cluster(b);
    membership[area(6).index()] = Membership::Cluster(b);
    Clustering {
        membership,
        portals: vec![PortalInfo {
            area: area(4),
            front: a,
            back: b,
        }],
        clusters: vec![
            ClusterInfo {
                areas: [GOAL, 1, 2, 3].into_iter().map(area).collect(),
                portals: vec![PortalId(0)],
            },
            ClusterInfo {
                areas: [5, 6].into_iter().map(area).collect(),
                portals: vec![PortalId(0)],
            },
        ],
    }
}

/// Scattered points, far apart and all different (crossing them would cost a lot).
fn scattered() -> Vec<Vec3> {
    (1..=GOAL)
        .map(|n| {
            #[expect(clippy::cast_precision_loss, reason = "small integers")]
            let n = n as f32;
            Vec3::new(311.0 * n, -97.0 * n * n, 53.0 * (n % 3.0))
        })
        .collect()
}

/// Checks the reference under `model` and a router under each clustering and mode against
/// `times` (per waypoint 1..=6) with the golden first links.
fn check(graph: &Waypoints, crossing: bool, times: [u16; 6]) {
    let mut model = CostModel::new(graph, &[]);
    if !crossing {
        model = model.without_crossing();
    }
    for clustering in [one_cluster(), two_clusters()] {
        for dense in [false, true] {
            let settings = RouterSettings {
                dense,
                crossing,
                ..RouterSettings::default()
            };
            let mut router = Router::new(graph, clustering.clone(), settings).expect("valid");
            for waypoint in 1..=6 {
                let start = area(waypoint);
                let origin = graph.points[waypoint - 1];
                let want = times[waypoint - 1];
                let first = FIRST[waypoint - 1];
                let reference = reference_route(
                    graph,
                    &model,
                    start,
                    origin,
                    area(GOAL),
                    TravelFlags::DEFAULT,
                )
                .expect("reachable");
                assert_eq!(reference.time, want, "reference from {waypoint}");
                assert_eq!(
                    reference.first.map(|r| graph.link(r)),
                    Some(first),
                    "reference from {waypoint}"
                );
                let routed = router
                    .route(start, origin, area(GOAL), TravelFlags::DEFAULT)
                    .expect("reachable");
                assert_eq!(routed, reference, "router from {waypoint}, dense {dense}");
            }
            assert_eq!(router.stats().fallbacks, 0);
        }
    }
}

#[test]
fn golden_distances_without_crossing_wherever_the_points_are() {
    check(&Waypoints::new(scattered()), false, GOLDEN);
    check(&Waypoints::new(vec![Vec3::ZERO; GOAL]), false, GOLDEN);
}

#[test]
fn with_crossing_and_equal_points_each_crossed_area_adds_one() {
    // Each route crosses one area per reachability (the start and every area before the
    // goal), each at least 1; the portal's maximum crossing is 1 too when all points are equal.
    let expected = [6, 14, 28, 15, 32, 48];
    for i in 0..6 {
        assert_eq!(expected[i], GOLDEN[i] + HOPS[i]);
    }
    check(&Waypoints::new(vec![Vec3::ZERO; GOAL]), true, expected);
}

#[test]
fn crossing_on_with_scattered_points_costs_more() {
    let graph = Waypoints::new(scattered());
    let model = CostModel::new(&graph, &[]);
    assert!(model.has_crossing());
    assert!(!model.clone().without_crossing().has_crossing());
    for waypoint in 1..=6 {
        let route = reference_route(
            &graph,
            &model,
            area(waypoint),
            graph.points[waypoint - 1],
            area(GOAL),
            TravelFlags::DEFAULT,
        )
        .expect("reachable");
        assert!(route.time > GOLDEN[waypoint - 1], "from {waypoint}");
    }
}

#[test]
fn a_time_of_exactly_u16_max_is_unreachable_without_crossing() {
    let far = |d: u16| {
        let mut graph = Waypoints::new(vec![Vec3::ZERO; GOAL]);
        let last = graph
            .links
            .iter()
            .position(|&link| link == (1, GOAL))
            .expect("the goal's link");
        graph.reaches[last].travel_time = d;
        graph
    };
    for (d, want) in [(u16::MAX - 1, Some(u16::MAX - 1)), (u16::MAX, None)] {
        let graph = far(d);
        let model = CostModel::new(&graph, &[]).without_crossing();
        let got = reference_route(
            &graph,
            &model,
            area(1),
            Vec3::ZERO,
            area(GOAL),
            TravelFlags::DEFAULT,
        );
        assert_eq!(got.map(|r| r.time), want);
        let settings = RouterSettings {
            crossing: false,
            ..RouterSettings::default()
        };
        let mut router = Router::new(&graph, one_cluster(), settings).expect("valid");
        assert_eq!(
            router.route(area(1), Vec3::ZERO, area(GOAL), TravelFlags::DEFAULT),
            got
        );
    }
}
