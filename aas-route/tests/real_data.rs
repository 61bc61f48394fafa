//! The routing pieces on the nine shared bspc `.aas` files: the stored clustering fits its
//! graph, and the reference router finds routes between reachable areas.

mod common;

use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::AasWorld;
use aas_route::{AreaId, Clustering, CostModel, RouteGraph, TravelFlags, reference_route};

use common::{SHARED_MAPS, read_shared, shared_maps_dir};

fn load(map: &str) -> Option<AasWorld> {
    let dir = shared_maps_dir()?;
    let file = AasFile::from_bytes(&read_shared(&dir, map, "aas"))
        .unwrap_or_else(|e| panic!("{map}: {e}"));
    Some(AasWorld::from_q3(&file).unwrap_or_else(|e| panic!("{map}: {e}")))
}

#[test]
fn stored_clusterings_fit_their_graphs() {
    for map in SHARED_MAPS {
        let Some(world) = load(map) else { return };
        let clustering = Clustering::from_world(&world);
        clustering
            .validate(&world)
            .unwrap_or_else(|e| panic!("{map}: {e}"));
        assert!(!clustering.clusters.is_empty(), "{map}");
        assert!(clustering.memory_model_bytes(&world) > 0, "{map}");
    }
}

#[test]
fn reference_routes_follow_reachabilities() {
    let Some(world) = load("q3dm6ish") else {
        return;
    };
    let clustering = Clustering::from_world(&world);
    let model = CostModel::new(&world, &clustering.portal_areas());
    // From every area with reachabilities towards the target of its first one: a route,
    // never slower than taking that reachability directly.
    let mut checked = 0;
    for index in 0..world.area_count() {
        let area = AreaId(u32::try_from(index).unwrap());
        let Some(first) = world.reaches(area).next() else {
            continue;
        };
        let reach = world.reach(aas_route::ReachId(first));
        if !TravelFlags::DEFAULT.allow(TravelFlags::for_travel(reach.travel)) {
            continue;
        }
        let origin = world.area(area).center;
        let Some(route) = reference_route(
            &world,
            &model,
            area,
            origin,
            reach.target,
            TravelFlags::DEFAULT,
        ) else {
            continue;
        };
        let direct = u32::from(reach.travel_time)
            + aas_route::cost::crossing_cost(origin, reach.start, model.factor(area));
        assert!(u32::from(route.time) <= direct, "{route:?} vs {direct}");
        assert!(route.first.is_some());
        checked += 1;
    }
    assert!(checked > 100, "{checked} routes");
}

/// Pass areas on real maps: never the reachability's own source or target, at most 32, and
/// present for some long reachabilities (jumps and falls cross other areas' space).
#[test]
fn pass_areas_lie_between_source_and_target() {
    for map in SHARED_MAPS {
        let Some(world) = load(map) else { return };
        let mut with_passes = 0;
        for area in 0..world.area_count() {
            let source = AreaId(u32::try_from(area).expect("area id"));
            for id in world.reaches(source) {
                let reach = aas_route::ReachId(id);
                let target = world.reach(reach).target;
                let mut passes = Vec::new();
                world.pass_areas(reach, &mut |a| passes.push(a));
                assert!(passes.len() <= 32, "{map}: reach {id}");
                assert!(
                    !passes.contains(&source) && !passes.contains(&target),
                    "{map}: reach {id} from {source:?} to {target:?} passes {passes:?}"
                );
                with_passes += usize::from(!passes.is_empty());
            }
        }
        assert!(with_passes > 0, "{map}: no reachability passes an area");
    }
}
