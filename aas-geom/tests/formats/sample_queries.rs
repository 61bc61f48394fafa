//! Sampling queries (trace, areas along a line, box → areas, entity links) on the shared
//! reference `.aas` files, checked against point → area lookups along the way.

use aas_geom::format::aas_q3::AasFile;
use aas_geom::sample::AreaLinks;
use aas_geom::world::PresenceType;
use aas_geom::world::{AasWorld, AreaId, NodeChild};
use glam::Vec3;

use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};
use crate::rng::SplitMix64;

fn load(dir: &std::path::Path, map: &str) -> AasWorld {
    AasWorld::from_q3(&AasFile::from_bytes(&read_shared(dir, map, "aas")).unwrap()).unwrap()
}

/// Areas a standing player fits in whose centre descends to the area itself.
fn standing_areas(world: &AasWorld) -> Vec<AreaId> {
    (0..world.areas.len())
        .map(|i| AreaId(u32::try_from(i).unwrap()))
        .filter(|&a| {
            let area = &world.areas[a.index()];
            area.presence.contains(PresenceType::NORMAL) && world.point_area(area.center) == Some(a)
        })
        .collect()
}

fn fits(world: &AasWorld, point: Vec3) -> bool {
    world.point_area(point).is_some_and(|a| {
        world.areas[a.index()]
            .presence
            .contains(PresenceType::NORMAL)
    })
}

#[test]
fn traces_stop_at_the_first_blocked_point() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut rng = SplitMix64(0x5EED_0001);
    for map in SHARED_MAPS {
        let world = load(&dir, map);
        let starts = standing_areas(&world);
        assert!(!starts.is_empty(), "{map}");
        let (mut hits, mut misses) = (0, 0);
        for _ in 0..200 {
            let start = world.areas[starts[rng.below(starts.len())].index()].center;
            let end = start + Vec3::new(rng.unit(), rng.unit(), rng.unit() * 0.5) * 600.0;
            let trace = world.trace(start, end, PresenceType::NORMAL);
            assert!(!trace.start_solid, "{map}: {start} is in an open area");
            // Everything the box passed through is open.
            for k in 0..=64 {
                let point = start.lerp(trace.end, k as f32 / 64.0);
                assert!(
                    fits(&world, point),
                    "{map}: {start} -> {end}: {point} is blocked before the hit"
                );
            }
            if trace.fraction < 1.0 {
                hits += 1;
                assert!(trace.plane.is_some(), "{map}");
                assert!((trace.normal.length() - 1.0).abs() < 1e-3, "{map}");
                assert!(
                    trace.normal.dot(end - start) < 0.0,
                    "{map}: the hit plane faces the mover"
                );
                // Going on from the stop point hits almost at once.
                let again = world.trace(trace.end, end, PresenceType::NORMAL);
                let moved = (again.end - trace.end).length();
                assert!(moved < 1.0, "{map}: moved {moved} more past the first hit");
            } else {
                misses += 1;
                assert_eq!(trace.end, end);
            }
        }
        assert!(
            hits > 0 && misses > 0,
            "{map}: {hits} hits, {misses} misses"
        );
    }
}

#[test]
fn traces_from_solid_start_solid() {
    let Some(dir) = shared_maps_dir() else { return };
    let world = load(&dir, "q3dm6ish");
    let far_outside = Vec3::splat(60_000.0);
    let trace = world.trace(far_outside, far_outside + Vec3::X, PresenceType::NORMAL);
    assert!(trace.start_solid);
    assert_eq!(trace.fraction, 0.0);
}

#[test]
fn trace_areas_lists_every_sampled_area_in_order() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut rng = SplitMix64(0x5EED_0002);
    for map in SHARED_MAPS {
        let world = load(&dir, map);
        let starts = standing_areas(&world);
        for _ in 0..100 {
            let start = world.areas[starts[rng.below(starts.len())].index()].center;
            let end = start + Vec3::new(rng.unit(), rng.unit(), rng.unit()) * 800.0;
            let crossings = world.trace_areas(start, end);
            assert_eq!(
                crossings.first().map(|c| c.area),
                world.point_area(start),
                "{map}"
            );
            let mut position = 0;
            for k in 0..=256 {
                let point = start.lerp(end, k as f32 / 256.0);
                let Some(area) = world.point_area(point) else {
                    continue;
                };
                let found = crossings[position..].iter().position(|c| c.area == area);
                let found = found.unwrap_or_else(|| {
                    panic!("{map}: {area:?} at {point} missing or out of order")
                });
                position += found;
            }
        }
    }
}

/// 60 random boxes, each around the centre of a random standing area, up to `size` units
/// from it on each axis.
fn boxes_about(world: &AasWorld, rng: &mut SplitMix64, size: f32) -> Vec<(Vec3, Vec3)> {
    let starts = standing_areas(world);
    (0..60)
        .map(|_| {
            let center = world.areas[starts[rng.below(starts.len())].index()].center;
            let half =
                Vec3::new(rng.unit().abs(), rng.unit().abs(), rng.unit().abs()) * size + Vec3::ONE;
            (center - half, center + half)
        })
        .collect()
}

#[test]
fn bbox_areas_hold_every_area_sampled_in_the_box() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut rng = SplitMix64(0x5EED_0003);
    for map in SHARED_MAPS {
        let world = load(&dir, map);
        for (mins, maxs) in boxes_about(&world, &mut rng, 128.0) {
            let areas = world.bbox_areas(mins, maxs);
            assert!(
                areas.windows(2).all(|w| w[0] < w[1]),
                "{map}: sorted, no duplicates"
            );
            for i in 0..=6 {
                for j in 0..=6 {
                    for k in 0..=6 {
                        let t = Vec3::new(i as f32, j as f32, k as f32) / 6.0;
                        let point = mins + (maxs - mins) * t;
                        if let Some(area) = world.point_area(point) {
                            assert!(
                                areas.binary_search(&area).is_ok(),
                                "{map}: {area:?} at {point} missing"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn bbox_leaves_all_tests_the_leaves_bbox_areas_finds_and_the_solid_in_the_box() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut rng = SplitMix64(0x5EED_0004);
    for map in SHARED_MAPS {
        let world = load(&dir, map);
        for (mins, maxs) in boxes_about(&world, &mut rng, 96.0) {
            let half = (maxs - mins) * 0.5;
            let mut areas = Vec::new();
            let mut solid = false;
            assert!(world.bbox_leaves_all(mins, maxs, |leaf| {
                match leaf {
                    NodeChild::Area(area) => areas.push(area),
                    NodeChild::Solid => solid = true,
                    NodeChild::Node(_) => panic!("{map}: a node passed as a leaf"),
                }
                true
            }));
            areas.sort_unstable();
            areas.dedup();
            assert_eq!(areas, world.bbox_areas(mins, maxs), "{map}");
            let sampled_solid = (0..=6).any(|i| {
                (0..=6).any(|j| {
                    (0..=6).any(|k| {
                        let t = Vec3::new(i as f32, j as f32, k as f32) / 6.0;
                        world.point_area(mins + (maxs - mins) * t).is_none()
                    })
                })
            });
            assert!(
                !sampled_solid || solid,
                "{map}: solid sampled in the box, not seen"
            );
            // Several boxes in one walk: each meets the leaves it meets alone.
            let other = (mins + half * 0.75, maxs + half);
            let leaves_of = |(lo, hi): (Vec3, Vec3)| {
                let mut leaves = Vec::new();
                assert!(world.bbox_leaves_all(lo, hi, |leaf| {
                    leaves.push(format!("{leaf:?}"));
                    true
                }));
                leaves.sort();
                leaves.dedup();
                leaves
            };
            let mut together = [Vec::new(), Vec::new()];
            assert!(
                world.bboxes_leaves_all(&[(mins, maxs), other], |index, leaf| {
                    together[index].push(format!("{leaf:?}"));
                    true
                })
            );
            for leaves in &mut together {
                leaves.sort();
                leaves.dedup();
            }
            assert_eq!(together[0], leaves_of((mins, maxs)), "{map}");
            assert_eq!(together[1], leaves_of(other), "{map}");
            // The first leaf refused stops the walk.
            let mut tested = 0;
            assert!(!world.bbox_leaves_all(mins, maxs, |_| {
                tested += 1;
                false
            }));
            assert_eq!(tested, 1, "{map}");
        }
    }
}

#[test]
fn entity_links_work_both_ways() {
    let Some(dir) = shared_maps_dir() else { return };
    let world = load(&dir, "dm3ish");
    let starts = standing_areas(&world);
    let mut links = AreaLinks::new(&world);
    let mut rng = SplitMix64(0x5EED_0004);
    let mut keys = Vec::new();
    for _ in 0..50 {
        let center = world.areas[starts[rng.below(starts.len())].index()].center;
        let (mins, maxs) = (
            center - Vec3::new(15.0, 15.0, 24.0),
            center + Vec3::new(15.0, 15.0, 32.0),
        );
        let key = links.link(&world, mins, maxs);
        assert_eq!(links.areas_of(key), world.bbox_areas(mins, maxs).as_slice());
        keys.push(key);
    }
    assert_eq!(links.len(), 50);
    let check = |links: &AreaLinks, keys: &[aas_geom::sample::LinkKey]| {
        for (index, _) in world.areas.iter().enumerate() {
            let area = AreaId(u32::try_from(index).unwrap());
            for &key in links.entities_in(area) {
                assert!(links.areas_of(key).contains(&area));
            }
        }
        for &key in keys {
            for &area in links.areas_of(key) {
                assert!(links.entities_in(area).contains(&key));
            }
        }
    };
    check(&links, &keys);
    let moved = world.areas[starts[0].index()].center;
    assert!(links.relink(
        &world,
        keys[0],
        moved - Vec3::splat(8.0),
        moved + Vec3::splat(8.0)
    ));
    assert!(links.areas_of(keys[0]).contains(&starts[0]));
    check(&links, &keys);
    assert!(links.unlink(keys[1]));
    assert!(!links.unlink(keys[1]));
    assert!(links.areas_of(keys[1]).is_empty());
    keys.remove(1);
    check(&links, &keys);
}
