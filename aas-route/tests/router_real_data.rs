//! The clustered router on the nine shared bspc `.aas` files with their stored clustering: a
//! deterministic sample of queries equals the flat reference, under the default budget and a
//! small one, after areas are disabled and re-enabled, and in dense mode.

mod common;

use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::AasWorld;
use aas_route::{
    AreaId, Clustering, RouteGraph, Router, RouterSettings, TravelFlags, reference_route,
    reference_route_from_reach,
};

use common::{SHARED_MAPS, read_shared, shared_maps_dir};

fn load(map: &str) -> Option<AasWorld> {
    let dir = shared_maps_dir()?;
    let file = AasFile::from_bytes(&read_shared(&dir, map, "aas"))
        .unwrap_or_else(|e| panic!("{map}: {e}"));
    Some(AasWorld::from_q3(&file).unwrap_or_else(|e| panic!("{map}: {e}")))
}

/// `count` deterministic (start, goal) pairs of areas with reachabilities (a linear
/// congruential walk).
fn sample_pairs(world: &AasWorld, count: usize, salt: u64) -> Vec<(AreaId, AreaId)> {
    let areas: Vec<AreaId> = (0..world.area_count())
        .map(|i| AreaId(u32::try_from(i).unwrap()))
        .filter(|&a| !world.reaches(a).is_empty())
        .collect();
    let mut state = 0x2545_F491_4F6C_DD1D_u64 ^ salt;
    let mut pick = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        areas[usize::try_from(state >> 33).unwrap() % areas.len()]
    };
    (0..count).map(|_| (pick(), pick())).collect()
}

/// Checks `pairs` on `router` against the reference (times equal, first reachability optimal);
/// returns how many had a route.
fn check(router: &mut Router<'_, AasWorld>, map: &str, pairs: &[(AreaId, AreaId)]) -> usize {
    let flags = TravelFlags::DEFAULT;
    let mut routed = 0;
    for &(start, goal) in pairs {
        let origin = router.graph().area(start).center;
        let got = router.route(start, origin, goal, flags);
        let (world, model) = (router.graph(), router.model());
        let want = reference_route(world, model, start, origin, goal, flags);
        assert_eq!(
            got.map(|r| r.time),
            want.map(|r| r.time),
            "{map}: {start:?} -> {goal:?}"
        );
        assert!(router.bytes_used() <= router.budget_bytes(), "{map}");
        let Some(route) = got else { continue };
        routed += 1;
        let Some(first) = route.first else { continue };
        let reach = world.reach(first);
        let query = model.query_flags(start, goal, flags);
        let rest = reference_route_from_reach(world, model, first, goal, query)
            .unwrap_or_else(|| panic!("{map}: no route on from {first:?}"));
        let total = model.crossing(start, origin, reach.start, false)
            + u32::from(reach.travel_time)
            + u32::from(rest.time);
        assert_eq!(total, u32::from(route.time), "{map}: first {first:?}");
    }
    routed
}

#[test]
fn sampled_routes_equal_the_reference_on_every_shared_map() {
    for map in SHARED_MAPS {
        let Some(world) = load(map) else { return };
        let clustering = Clustering::from_world(&world);
        let mut router =
            Router::new(&world, clustering, RouterSettings::default()).expect("valid clustering");
        let pairs = sample_pairs(&world, 300, 1);
        let routed = check(&mut router, map, &pairs);
        assert!(routed > 150, "{map}: only {routed} of 300 routed");
        // Asked again, warm: the same answers.
        check(&mut router, map, &pairs[..50]);
        assert!(router.bytes_used() > 0, "{map}");
        // Areas with reachabilities are all clustered: nothing fell back to the reference.
        assert_eq!(router.stats().fallbacks, 0, "{map}");
    }
}

#[test]
fn a_small_budget_changes_no_answer() {
    for map in ["q3dm6ish", "oa_dm1v2", "dm4ish"] {
        let Some(world) = load(map) else { return };
        let clustering = Clustering::from_world(&world);
        let settings = RouterSettings {
            budget_bytes: 8 * 1024,
            ..RouterSettings::default()
        };
        let mut router = Router::new(&world, clustering, settings).expect("valid clustering");
        check(&mut router, map, &sample_pairs(&world, 150, 2));
        assert!(router.bytes_used() <= 8 * 1024);
    }
}

#[test]
fn disabling_areas_keeps_answers_exact() {
    for map in ["oa_dm1v2", "dm4ish"] {
        let Some(world) = load(map) else { return };
        let clustering = Clustering::from_world(&world);
        let mut router = Router::new(&world, clustering.clone(), RouterSettings::default())
            .expect("valid clustering");
        let pairs = sample_pairs(&world, 60, 3);
        check(&mut router, map, &pairs);
        // Disable the areas in the middle of some routes, then re-enable half of them.
        let disabled: Vec<AreaId> = sample_pairs(&world, 8, 4).iter().map(|p| p.0).collect();
        for &area in &disabled {
            router.set_area_enabled(area, false);
        }
        check(&mut router, map, &pairs);
        for &area in disabled.iter().step_by(2) {
            router.set_area_enabled(area, true);
        }
        check(&mut router, map, &pairs);
        let mut fresh =
            Router::new(&world, clustering, RouterSettings::default()).expect("valid clustering");
        for &area in disabled.iter().skip(1).step_by(2) {
            fresh.set_area_enabled(area, false);
        }
        for &(start, goal) in &pairs {
            let origin = world.area(start).center;
            assert_eq!(
                router.route(start, origin, goal, TravelFlags::DEFAULT),
                fresh.route(start, origin, goal, TravelFlags::DEFAULT),
                "{map}: {start:?} -> {goal:?}"
            );
        }
    }
}

#[test]
fn dense_mode_equals_the_reference() {
    for map in ["oa_bases3cl", "blitzkrieg2", "oa_dm1v2"] {
        let Some(world) = load(map) else { return };
        let clustering = Clustering::from_world(&world);
        let settings = RouterSettings {
            dense: true,
            ..RouterSettings::default()
        };
        let mut router = Router::new(&world, clustering, settings).expect("valid clustering");
        check(&mut router, map, &sample_pairs(&world, 150, 5));
        assert_eq!(router.stats().portal_caches_built, 0, "{map}");
    }
}
