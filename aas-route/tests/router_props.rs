//! The clustered router against the flat reference on random graphs with random valid
//! clusterings: equal times, optimal first reachabilities, a byte budget never exceeded, and
//! exact cache invalidation when areas are disabled and re-enabled.

#[path = "common/worlds.rs"]
mod worlds;

use worlds::{LARGE, TestGraph, id, query_flags, random_world, random_world_sized};

use aas_route::{
    AreaContents, AreaFlags, AreaId, AreaInfo, ClusterId, ClusterInfo, Clustering, CostModel,
    Membership, PortalId, PortalInfo, PresenceType, ReachId, ReachInfo, RouteGraph, Router,
    RouterSettings, Travel, TravelFlags, TravelType, reference_route, reference_route_from_reach,
};
use glam::Vec3;
use proptest::prelude::*;

/// Asserts the router's answer equals the reference's time and that its first reachability
/// starts an optimal route.
fn check_query<G: RouteGraph>(
    router: &mut Router<'_, G>,
    start: AreaId,
    origin: Vec3,
    goal: AreaId,
    flags: TravelFlags,
) -> Result<(), TestCaseError> {
    let got = router.route(start, origin, goal, flags);
    let graph = router.graph();
    let model: &CostModel = router.model();
    let want = reference_route(graph, model, start, origin, goal, flags);
    prop_assert_eq!(
        got.map(|r| r.time),
        want.map(|r| r.time),
        "{:?} -> {:?}",
        start,
        goal
    );
    let Some(route) = got else { return Ok(()) };
    let Some(first) = route.first else {
        prop_assert_eq!(start, goal);
        return Ok(());
    };
    prop_assert!(graph.reaches(start).contains(&first.0));
    let reach = graph.reach(first);
    let query = model.query_flags(start, goal, flags);
    let rest = reference_route_from_reach(graph, model, first, goal, query);
    prop_assert!(rest.is_some(), "no route on from {:?}", first);
    let total = model.crossing(start, origin, reach.start, false)
        + u32::from(reach.travel_time)
        + u32::from(rest.map_or(0, |r| r.time));
    prop_assert_eq!(
        total,
        u32::from(route.time),
        "first {:?} is not optimal",
        first
    );
    // Of the reachabilities starting an optimal route, it is the one with the lowest id.
    for earlier in graph.reaches(start).filter(|&r| r < first.0).map(ReachId) {
        let reach = graph.reach(earlier);
        if !query.allow(TravelFlags::for_travel(reach.travel))
            || !model.can_enter(reach.target, query)
        {
            continue;
        }
        if let Some(rest) = reference_route_from_reach(graph, model, earlier, goal, query) {
            let total = model.crossing(start, origin, reach.start, false)
                + u32::from(reach.travel_time)
                + u32::from(rest.time);
            prop_assert!(
                total > u32::from(route.time),
                "{:?} is optimal too",
                earlier
            );
        }
    }
    Ok(())
}

/// The byte budgets the properties use: tiny (most caches evicted or never stored) to roomy.
const BUDGETS: [usize; 5] = [0, 100, 400, 2_000, 1 << 20];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every answer equals the reference's, with an optimal first reachability, and the
    /// stored caches never exceed the budget (with and without in-area crossing).
    #[test]
    fn answers_equal_the_reference(
        seed in any::<u64>(),
        pass_through in prop::bool::weighted(0.1),
        budget in 0..BUDGETS.len(),
        dense in prop::bool::weighted(0.2),
        crossing in prop::bool::weighted(0.8),
        queries in prop::collection::vec((any::<u32>(), any::<u32>(), 0_u32..3, -50.0_f32..50.0), 1..40),
    ) {
        let (graph, clustering) = random_world(seed, pass_through);
        let settings = RouterSettings { budget_bytes: BUDGETS[budget], dense, crossing };
        let mut router = Router::new(&graph, clustering, settings).expect("valid");
        let n = id(graph.area_count());
        for (start, goal, flags, offset) in queries {
            let (start, goal) = (AreaId(start % n), AreaId(goal % n));
            let origin = graph.area(start).center + Vec3::new(offset, -offset, 0.0);
            check_query(&mut router, start, origin, goal, query_flags(flags))?;
            prop_assert!(router.bytes_used() <= router.budget_bytes());
        }
    }

    /// The same on larger, sparser worlds (routes through many clusters and portals).
    #[test]
    fn answers_equal_the_reference_on_larger_worlds(
        seed in any::<u64>(),
        budget in 0..BUDGETS.len(),
        queries in prop::collection::vec((any::<u32>(), any::<u32>(), 0_u32..3), 1..60),
    ) {
        let (graph, clustering) = random_world_sized(seed, false, LARGE);
        let settings = RouterSettings { budget_bytes: BUDGETS[budget], ..RouterSettings::default() };
        let mut router = Router::new(&graph, clustering, settings).expect("valid");
        let n = id(graph.area_count());
        for (start, goal, flags) in queries {
            let (start, goal) = (AreaId(start % n), AreaId(goal % n));
            let origin = graph.area(start).center;
            check_query(&mut router, start, origin, goal, query_flags(flags))?;
            prop_assert!(router.bytes_used() <= router.budget_bytes());
        }
    }

    /// After areas are disabled and re-enabled between queries, answers equal those of a fresh
    /// router given the same changes (and the reference's).
    #[test]
    fn invalidation_is_exact(
        seed in any::<u64>(),
        budget in 0..BUDGETS.len(),
        steps in prop::collection::vec((any::<u32>(), any::<u32>(), any::<bool>(), 0_u32..3), 1..40),
    ) {
        let (graph, clustering) = random_world(seed, false);
        let settings = RouterSettings { budget_bytes: BUDGETS[budget], ..RouterSettings::default() };
        let mut router = Router::new(&graph, clustering.clone(), settings).expect("valid");
        let n = id(graph.area_count());
        let mut changes = Vec::new();
        for (a, b, toggle, flags) in steps {
            if toggle {
                let area = AreaId(a % n);
                let enabled = b % 2 == 0;
                router.set_area_enabled(area, enabled);
                changes.push((area, enabled));
                continue;
            }
            let (start, goal) = (AreaId(a % n), AreaId(b % n));
            let origin = graph.area(start).center;
            let flags = query_flags(flags);
            // Warm the caches with one query, then compare against a fresh router.
            check_query(&mut router, start, origin, goal, flags)?;
            let mut fresh = Router::new(&graph, clustering.clone(), settings).expect("valid");
            for &(area, enabled) in &changes {
                fresh.set_area_enabled(area, enabled);
            }
            prop_assert_eq!(
                router.route(start, origin, goal, flags),
                fresh.route(start, origin, goal, flags)
            );
            prop_assert!(router.bytes_used() <= router.budget_bytes());
        }
    }
}

/// A start in the same cluster as the goal whose best route leaves the cluster and comes
/// back through two portals (botlib's same-cluster shortcut misses it).
#[test]
fn same_cluster_routes_may_leave_the_cluster() {
    // Cluster 0: areas 0 and 1, far apart, joined only by a slow reachability. Cluster 1:
    // area 2. Portals: areas 3 and 4 between clusters 0 and 1.
    let at = |x: f32| Vec3::new(x, 0.0, 0.0);
    let area = |x: f32| AreaInfo {
        center: at(x),
        contents: AreaContents::empty(),
        flags: AreaFlags::GROUNDED,
        presence: PresenceType::NORMAL,
    };
    let walk = |target: u32, time: u16, start: f32, end: f32| ReachInfo {
        target: AreaId(target),
        travel: Travel::new(TravelType::Walk),
        travel_time: time,
        start: at(start),
        end: at(end),
    };
    let graph = TestGraph {
        areas: vec![area(0.0), area(100.0), area(50.0), area(10.0), area(90.0)],
        ranges: vec![0..2, 2..3, 3..4, 4..5, 5..6],
        reaches: vec![
            walk(1, 1000, 0.0, 100.0), // 0 → 1: slow
            walk(3, 1, 0.0, 10.0),     // 0 → portal 3
            walk(4, 1, 100.0, 90.0),   // 1 → portal 4
            walk(4, 5, 50.0, 90.0),    // 2 → portal 4
            walk(2, 5, 10.0, 50.0),    // portal 3 → 2
            walk(1, 1, 90.0, 100.0),   // portal 4 → 1
        ],
    };
    let clustering = Clustering {
        membership: vec![
            Membership::Cluster(ClusterId(0)),
            Membership::Cluster(ClusterId(0)),
            Membership::Cluster(ClusterId(1)),
            Membership::Portal(PortalId(0)),
            Membership::Portal(PortalId(1)),
        ],
        portals: vec![
            PortalInfo {
                area: AreaId(3),
                front: ClusterId(0),
                back: ClusterId(1),
            },
            PortalInfo {
                area: AreaId(4),
                front: ClusterId(0),
                back: ClusterId(1),
            },
        ],
        clusters: vec![
            ClusterInfo {
                areas: vec![AreaId(0), AreaId(1)],
                portals: vec![PortalId(0), PortalId(1)],
            },
            ClusterInfo {
                areas: vec![AreaId(2)],
                portals: vec![PortalId(0), PortalId(1)],
            },
        ],
    };
    let mut router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
    let route = router
        .route(AreaId(0), at(0.0), AreaId(1), TravelFlags::DEFAULT)
        .expect("a route");
    let reference = reference_route(
        &graph,
        router.model(),
        AreaId(0),
        at(0.0),
        AreaId(1),
        TravelFlags::DEFAULT,
    )
    .expect("a route");
    assert_eq!(route.time, reference.time);
    assert_eq!(route.first, Some(ReachId(1)), "leaves through portal 3");
    assert!(route.time < 1000);
    // The answer came from the goal cache of (cluster 0, area 1), which holds the portal
    // routes; asking again builds nothing.
    let built = router.stats();
    assert_eq!(built.goal_caches_built, 1);
    let again = router.route(AreaId(0), at(0.0), AreaId(1), TravelFlags::DEFAULT);
    assert_eq!(again, Some(route));
    assert_eq!(router.stats().goal_caches_built, 1);
    assert_eq!(router.stats().area_caches_built, built.area_caches_built);
}

/// A start or goal in no cluster is answered by the reference search.
#[test]
fn unclustered_areas_fall_back_to_the_reference() {
    let (graph, clustering) = (0..200)
        .map(|seed| random_world(seed, false))
        .find(|(_, c)| c.membership.contains(&Membership::None))
        .expect("some world has a loose area");
    let loose = clustering
        .membership
        .iter()
        .position(|m| *m == Membership::None)
        .map(|i| AreaId(id(i)))
        .expect("a loose area");
    let mut router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
    let _ = router.route(
        AreaId(0),
        graph.area(AreaId(0)).center,
        loose,
        TravelFlags::DEFAULT,
    );
    assert_eq!(router.stats().fallbacks, 1);
}

/// A repeated query is answered from the stored caches; a zero budget stores nothing and
/// still answers; disabling an area drops only the caches that depend on it.
#[test]
fn caches_are_reused_bounded_and_dropped_selectively() {
    let (graph, clustering) = (0..500)
        .map(|seed| random_world(seed, false))
        .find(|(g, c)| c.clusters.len() >= 3 && c.portals.len() >= 2 && g.reach_count() > 10)
        .expect("some world has three clusters");
    let n = id(graph.area_count());
    let queries: Vec<(AreaId, AreaId)> = (0..n)
        .flat_map(|s| (0..n).map(move |g| (AreaId(s), AreaId(g))))
        .collect();
    let mut router =
        Router::new(&graph, clustering.clone(), RouterSettings::default()).expect("valid");
    let answers: Vec<_> = queries
        .iter()
        .map(|&(s, g)| router.route(s, graph.area(s).center, g, TravelFlags::DEFAULT))
        .collect();
    let built = router.stats();
    assert!(built.area_caches_built > 0);
    assert!(built.goal_caches_built > 0);
    assert!(router.bytes_used() > 0);
    let again: Vec<_> = queries
        .iter()
        .map(|&(s, g)| router.route(s, graph.area(s).center, g, TravelFlags::DEFAULT))
        .collect();
    assert_eq!(answers, again);
    assert_eq!(router.stats().area_caches_built, built.area_caches_built);
    assert_eq!(
        router.stats().portal_caches_built,
        built.portal_caches_built
    );
    assert_eq!(router.stats().goal_caches_built, built.goal_caches_built);

    // Disabling a member of cluster 0 drops cluster 0's caches (and the portal caches built
    // from them) but keeps the other clusters' area caches; repeating it drops nothing more.
    let member = clustering.clusters[0].areas[0];
    let before = router.cache_count();
    router.set_area_enabled(member, false);
    let after = router.cache_count();
    assert!(0 < after && after < before, "{after} of {before}");
    router.set_area_enabled(member, false);
    assert_eq!(router.cache_count(), after);

    let mut empty = Router::new(
        &graph,
        clustering,
        RouterSettings {
            budget_bytes: 0,
            ..RouterSettings::default()
        },
    )
    .expect("valid");
    let cold: Vec<_> = queries
        .iter()
        .map(|&(s, g)| empty.route(s, graph.area(s).center, g, TravelFlags::DEFAULT))
        .collect();
    assert_eq!(cold, answers);
    assert_eq!((empty.bytes_used(), empty.cache_count()), (0, 0));
}
