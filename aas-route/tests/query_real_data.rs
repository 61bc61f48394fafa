//! A smoke test of the queries on three of the shared bspc `.aas` files with their stored
//! clustering: next steps, predictions, hide areas, alternative goals and random goal areas
//! on a deterministic sample of area pairs, each checked against the router's own answers.

mod common;

use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::AasWorld;
use aas_route::{
    AltRouteAreas, AreaId, Clustering, PredictStop, PredictStops, ReachId, RouteGraph, Router,
    RouterSettings, TravelFlags, reference_route_from_reach,
};

use common::{SHARED_MAPS, read_shared, shared_maps_dir};

/// The maps checked: a small clustered one, a CTF map and a large one.
const MAPS: [&str; 3] = ["q3dm6ish", "oa_bases3cl", "am_underworks"];

fn load(map: &str) -> Option<AasWorld> {
    assert!(SHARED_MAPS.contains(&map), "{map} is a shared map");
    let dir = shared_maps_dir()?;
    let file = AasFile::from_bytes(&read_shared(&dir, map, "aas"))
        .unwrap_or_else(|e| panic!("{map}: {e}"));
    Some(AasWorld::from_q3(&file).unwrap_or_else(|e| panic!("{map}: {e}")))
}

/// A seeded generator (splitmix64).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn queries_agree_with_routes_on_shared_maps() {
    for map in MAPS {
        let Some(world) = load(map) else { return };
        let mut router = Router::new(
            &world,
            Clustering::from_world(&world),
            RouterSettings::default(),
        )
        .unwrap_or_else(|e| panic!("{map}: {e}"));
        let areas: Vec<AreaId> = (0..world.area_count())
            .map(|i| AreaId(u32::try_from(i).unwrap()))
            .filter(|&a| !world.reaches(a).is_empty())
            .collect();
        let flags = TravelFlags::DEFAULT;
        let mut state = 0x5EED_u64;
        let (mut routed, mut hidden, mut alternatives, mut continuations) = (0, 0, 0, 0);
        for round in 0..40 {
            let pick = |state: &mut u64| {
                areas[usize::try_from(splitmix(state) % areas.len() as u64).unwrap()]
            };
            let (start, goal) = (pick(&mut state), pick(&mut state));
            let origin = world.area(start).center;
            let route = router.route(start, origin, goal, flags);
            assert_eq!(
                router.next_step(start, origin, goal, flags, &[]),
                route,
                "{map}"
            );
            let predicted =
                router.predict_route(start, origin, goal, flags, &PredictStops::default());
            let Some(route) = route else {
                assert_eq!(predicted.stop, PredictStop::NoRoute, "{map}");
                continue;
            };
            routed += 1;
            assert_eq!(predicted.stop, PredictStop::Goal, "{map}");
            assert_eq!(predicted.time(), u32::from(route.time), "{map}");
            assert_eq!(
                predicted.steps.first().map(|s| s.reach),
                route.first,
                "{map}"
            );
            if let Some(first) = route.first {
                // The continuation after every allowed exit equals the flat reference's.
                let query = router.model().query_flags(start, goal, flags);
                for exit in world.reaches(start).map(ReachId) {
                    let reference =
                        reference_route_from_reach(&world, router.model(), exit, goal, query);
                    let got = router.time_after_reach(exit, goal, query);
                    let info = world.reach(exit);
                    if query.allow(TravelFlags::for_travel(info.travel))
                        && router.model().can_enter(info.target, query)
                    {
                        assert_eq!(got, reference.map(|r| r.time), "{map}: {exit:?}");
                        continuations += 1;
                    } else {
                        assert_eq!(got, None, "{map}: {exit:?}");
                    }
                }
                let avoided = world.reach(first).target;
                if let Some(other) = router.next_step(start, origin, goal, flags, &[avoided]) {
                    assert!(other.time >= route.time, "{map}");
                    let taken = world.reach(other.first.expect("a step"));
                    assert_ne!(taken.target, avoided, "{map}");
                }
            }
            // A stand-in line of sight: the enemy sees 700 units around it.
            let eye = world.area(goal).center;
            if let Some(hide) = router.nearest_hide_area(start, origin, goal, eye, flags, |e, p| {
                e.distance(p) < 700.0
            }) {
                hidden += 1;
                assert!(world.area(hide.area).center.distance(eye) >= 700.0, "{map}");
                assert!(world.reaches(start).contains(&hide.first.0), "{map}");
            }
            if round % 8 == 0 {
                let goals = router.alternative_route_goals(
                    start,
                    origin,
                    goal,
                    flags,
                    AltRouteAreas::ALL,
                    4,
                );
                assert!(goals.len() <= 4, "{map}");
                for alt in &goals {
                    alternatives += 1;
                    let to = router
                        .route(start, origin, alt.area, flags)
                        .expect("reachable");
                    let from = router
                        .route(alt.area, alt.origin, goal, flags)
                        .expect("reaches the goal");
                    assert_eq!(
                        (to.time, from.time),
                        (
                            u16::try_from(alt.start_time).unwrap(),
                            u16::try_from(alt.goal_time).unwrap()
                        ),
                        "{map}"
                    );
                    assert!(
                        u32::from(to.time) * 10 <= u32::from(route.time) * 11,
                        "{map}"
                    );
                    assert!(
                        u32::from(from.time) * 10 <= u32::from(route.time) * 8,
                        "{map}"
                    );
                }
            }
            let mut seeded = state;
            let goal_area =
                router.random_goal_area(start, origin, flags, &mut || splitmix(&mut seeded), |a| {
                    Some(world.area(a).center)
                });
            let mut seeded = state;
            let again =
                router.random_goal_area(start, origin, flags, &mut || splitmix(&mut seeded), |a| {
                    Some(world.area(a).center)
                });
            assert_eq!(goal_area, again, "{map}");
            let goal_area = goal_area.expect("the start reaches something");
            assert_eq!(
                router
                    .route(start, origin, goal_area.area, flags)
                    .map(|r| r.time),
                Some(goal_area.time),
                "{map}"
            );
        }
        assert!(continuations > 0, "{map}");
        assert!(routed >= 20, "{map}: only {routed} of 40 pairs routed");
        assert!(
            hidden > 0 && alternatives > 0,
            "{map}: {hidden} hide areas, {alternatives} alternatives"
        );
    }
}
