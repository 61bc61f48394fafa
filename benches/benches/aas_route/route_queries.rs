//! Route queries on the shared `.aas` files with their stored clustering: warm same-cluster
//! and cross-cluster queries (caches built beforehand; 256 queries over up to 256 different
//! goals per batch — the honest warm figure), one repeated query per map (the hot path alone,
//! every look-up in the CPU caches), warm queries in dense mode, the cold cost per goal
//! (caches dropped, then one cross-cluster query per goal — same-cluster on maps with a single
//! cluster), the flat reference search, and the `pathfinding` crate's Dijkstra per query over
//! the same (area, entry reachability) state graph with the same costs on the warm query sets
//! (the baseline the router's warm queries are compared with). Before measuring, prints per
//! map the bytes of the complete default-flag cache set against botlib's full-cache memory
//! model (and what dense mode would need), and the per-query latency distribution (p50, p90)
//! of the warm same-cluster and cross-cluster sets, each query timed alone.
//!
//! Before timing, every answer is checked: the reference search's answers to the warm sets
//! against recorded counts and time sums, the router's (warm, dense, repeated, cold) query by
//! query against the reference search's, and `pathfinding`'s query by query against the
//! router's.

use std::hint::black_box;
use std::time::Instant;

use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::AasWorld;
use aas_route::{
    AreaId, Clustering, CostModel, RouteGraph, Router, RouterSettings, TravelFlags, reference_route,
};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_main};
use glam::Vec3;

/// Queries per measured batch.
const BATCH: usize = 256;
/// Goals per cold batch.
const COLD_GOALS: usize = 16;

/// Per map, the reference search's answers to the warm query sets of [`pairs`], same-cluster
/// then cross-cluster: `[queries, queries routed, sum of their times]` (hundredths of a
/// second), as this bench's code computed them when it was written on the shared `.aas` files.
/// Maps with a single real cluster have no cross-cluster pairs; some random pairs have no
/// route.
const WARM_ANSWERS: [(&str, [[u64; 3]; 2]); 9] = [
    ("q3dm6ish", [[256, 226, 113_352], [0, 0, 0]]),
    ("oa_dm1v2", [[256, 243, 173_572], [256, 251, 208_613]]),
    ("am_galmevish", [[256, 249, 165_264], [256, 250, 151_818]]),
    ("oa_bases3cl", [[256, 226, 279_288], [0, 0, 0]]),
    ("blitzkrieg2", [[256, 232, 109_568], [0, 0, 0]]),
    ("dm4ish", [[256, 208, 87_196], [256, 223, 123_871]]),
    ("ps37ctf", [[256, 191, 168_135], [0, 0, 0]]),
    ("am_underworks", [[256, 247, 207_291], [0, 0, 0]]),
    ("dm3ish", [[256, 214, 117_913], [256, 178, 112_039]]),
];

/// A loaded map.
struct Map {
    name: &'static str,
    world: AasWorld,
    clustering: Clustering,
}

/// The areas with reachabilities (all clustered on the shared maps).
fn routable(map: &Map) -> Vec<AreaId> {
    (0..map.world.area_count())
        .map(|i| AreaId(u32::try_from(i).unwrap_or(0)))
        .filter(|&a| !map.world.reaches(a).is_empty())
        .collect()
}

/// Deterministic (start, goal) pairs, `same`: sharing a cluster or not.
fn pairs(map: &Map, same: bool) -> Vec<(AreaId, AreaId)> {
    let areas = routable(map);
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        areas[usize::try_from(state % areas.len() as u64).unwrap_or(0)]
    };
    let mut out = Vec::new();
    for _ in 0..BATCH * 200 {
        let (s, g) = (next(), next());
        if s != g && map.clustering.shared_cluster(s, g).is_some() == same {
            out.push((s, g));
            if out.len() == BATCH {
                break;
            }
        }
    }
    out
}

/// The cold-cost queries: `COLD_GOALS` cross-cluster pairs (same-cluster ones on maps with
/// a single cluster).
fn cold_pairs(map: &Map) -> Vec<(AreaId, AreaId)> {
    let mut queries = pairs(map, false);
    if queries.is_empty() {
        queries = pairs(map, true);
    }
    queries.truncate(COLD_GOALS);
    queries
}

fn route_all(router: &mut Router<'_, AasWorld>, pairs: &[(AreaId, AreaId)]) -> u64 {
    pairs
        .iter()
        .filter_map(|&(s, g)| {
            let origin = router.graph().area(s).center;
            router.route(black_box(s), origin, black_box(g), TravelFlags::DEFAULT)
        })
        .map(|r| u64::from(r.time))
        .sum()
}

/// The flat reference search's answer to `queries` on `map` (each start at its area's
/// centre, default flags): how many it routes and the sum of their times. Independent of
/// the router's clusters and caches: what [`route_all`] must sum to.
fn reference_all(map: &Map, queries: &[(AreaId, AreaId)]) -> (usize, u64) {
    let model = CostModel::new(&map.world, &map.clustering.portal_areas());
    let times: Vec<u64> = queries
        .iter()
        .filter_map(|&(s, g)| {
            let origin = map.world.area(s).center;
            reference_route(&map.world, &model, s, origin, g, TravelFlags::DEFAULT)
        })
        .map(|r| u64::from(r.time))
        .collect();
    (times.len(), times.iter().sum())
}

/// Checks `router`'s answer to every query of `queries` (`what` names the set) against the
/// flat reference search's: the same time, or unroutable both. Returns the number routed and
/// the sum of their times (what [`route_all`] must return).
fn check_against_reference(
    map: &Map,
    router: &mut Router<'_, AasWorld>,
    queries: &[(AreaId, AreaId)],
    what: &str,
) -> (usize, u64) {
    let model = CostModel::new(&map.world, &map.clustering.portal_areas());
    let (mut routed, mut sum) = (0, 0);
    for &(s, g) in queries {
        let origin = map.world.area(s).center;
        let time = router
            .route(s, origin, g, TravelFlags::DEFAULT)
            .map(|r| r.time);
        let reference =
            reference_route(&map.world, &model, s, origin, g, TravelFlags::DEFAULT).map(|r| r.time);
        assert_eq!(
            time, reference,
            "{} {what}: route time {s:?} -> {g:?}, router vs reference search",
            map.name
        );
        if let Some(time) = time {
            routed += 1;
            sum += u64::from(time);
        }
    }
    (routed, sum)
}

/// The reference's (area, entry reachability) state graph of a map, its edges and costs
/// precomputed for `pathfinding`'s Dijkstra under [`TravelFlags::DEFAULT`] and under the
/// same plus "do not enter" (the flags of a query whose start or goal is marked so): state
/// `r` is "entered `r`'s target at its end"; its edges are the allowed reachabilities `r'`
/// leaving that area, costing `r'`'s travel time plus the crossing from `r`'s end to `r'`'s
/// start (entered: a portal area costs its maximum crossing), as in `reference_route`.
struct StateGraph<'w> {
    world: &'w AasWorld,
    model: CostModel,
    /// Per flag set, per state `r`: its edges are `edges[offsets[r]..offsets[r + 1]]`.
    offsets: [Vec<usize>; 2],
    /// Per flag set: `(next state, cost)`.
    edges: [Vec<(u32, u32)>; 2],
}

/// The start state's id (reachability ids are below it).
const START: u32 = u32::MAX;

/// The two flag sets a default-flag query routes with.
const FLAG_SETS: [TravelFlags; 2] = [
    TravelFlags::DEFAULT,
    TravelFlags::DEFAULT.union(TravelFlags::DONOTENTER),
];

impl<'w> StateGraph<'w> {
    fn new(world: &'w AasWorld, model: CostModel) -> Self {
        let build = |flags: TravelFlags| {
            let mut offsets = vec![0];
            let mut edges = Vec::new();
            for r in 0..world.reach_count() {
                let arrived = world.reach(aas_route::ReachId(u32::try_from(r).unwrap_or(0)));
                edges.extend(Self::leaving(
                    world,
                    &model,
                    flags,
                    (arrived.target, arrived.end, true),
                ));
                offsets.push(edges.len());
            }
            (offsets, edges)
        };
        let (plain_offsets, plain) = build(FLAG_SETS[0]);
        let (marked_offsets, marked) = build(FLAG_SETS[1]);
        Self {
            world,
            model,
            offsets: [plain_offsets, marked_offsets],
            edges: [plain, marked],
        }
    }

    /// The reachabilities allowed under `flags` leaving `area` from `entry` (`entered`: got in
    /// by a reachability), with their costs.
    fn leaving(
        world: &AasWorld,
        model: &CostModel,
        flags: TravelFlags,
        (area, entry, entered): (AreaId, Vec3, bool),
    ) -> Vec<(u32, u32)> {
        world
            .reaches(area)
            .filter_map(|id| {
                let reach = world.reach(aas_route::ReachId(id));
                let allowed = flags.allow(TravelFlags::for_travel(reach.travel))
                    && model.can_enter(reach.target, flags);
                allowed.then(|| {
                    let cost = u32::from(reach.travel_time)
                        + model.crossing(area, entry, reach.start, entered);
                    (id, cost)
                })
            })
            .collect()
    }

    /// The least time from `start` (at its centre) to `goal` by `pathfinding`'s Dijkstra, and
    /// the first reachability of the path it finds.
    fn route(&self, start: AreaId, goal: AreaId) -> Option<(u32, u32)> {
        let flags = self.model.query_flags(start, goal, TravelFlags::DEFAULT);
        let set = usize::from(flags != FLAG_SETS[0]);
        let (offsets, edges) = (&self.offsets[set], &self.edges[set]);
        let origin = self.world.area(start).center;
        let from_start = Self::leaving(self.world, &self.model, flags, (start, origin, false));
        let (path, time) = pathfinding::prelude::dijkstra(
            &START,
            |&state| {
                let edges: &[(u32, u32)] = if state == START {
                    &from_start
                } else {
                    let s = state as usize;
                    &edges[offsets[s]..offsets[s + 1]]
                };
                edges.iter().copied()
            },
            |&state| state != START && self.world.reach(aas_route::ReachId(state)).target == goal,
        )?;
        Some((time, *path.get(1)?))
    }
}

/// Benches `queries` on `map` answered by a router with `settings` whose caches were built by
/// one pass over them first (warm), as `group`'s entry for the map. The warming pass's answer
/// is checked against the reference search's, and so is the warm answer after it (the
/// caches must not change it).
fn bench_warm(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    map: &Map,
    queries: &[(AreaId, AreaId)],
    settings: RouterSettings,
) {
    let Ok(mut router) = Router::new(&map.world, map.clustering.clone(), settings) else {
        return;
    };
    let what = if settings.dense { "dense" } else { "warm" };
    let (_, sum) = check_against_reference(map, &mut router, queries, what);
    let warm = route_all(&mut router, queries);
    assert_eq!(
        warm, sum,
        "{} {what}: sum of route times once warm, vs while the caches were built",
        map.name
    );
    group.bench_function(BenchmarkId::from_parameter(map.name), |b| {
        b.iter(|| route_all(&mut router, queries));
    });
}

/// Prints, per map and warm query set, the p50 and p90 of single-query latencies: each query
/// of the set timed alone with [`Instant`] (the median cost of two back-to-back
/// `Instant::now` calls subtracted), over `ROUNDS` passes of the set after one warming pass;
/// and how many caches those passes built (0: the set stayed warm within the budget).
fn report_latency(maps: &[Map]) {
    const ROUNDS: usize = 200;
    let mut overhead: Vec<u128> = (0..10_000)
        .map(|_| {
            let before = Instant::now();
            black_box(Instant::now()) - before
        })
        .map(|d| d.as_nanos())
        .collect();
    overhead.sort_unstable();
    let overhead = overhead[overhead.len() / 2];
    for map in maps {
        for (kind, same) in [("same-cluster", true), ("cross-cluster", false)] {
            let queries = pairs(map, same);
            let Ok(mut router) = Router::new(
                &map.world,
                map.clustering.clone(),
                RouterSettings::default(),
            ) else {
                continue;
            };
            if queries.is_empty() {
                continue;
            }
            route_all(&mut router, &queries);
            let built = router.stats();
            let mut latencies = Vec::with_capacity(ROUNDS * queries.len());
            for _ in 0..ROUNDS {
                for &(start, goal) in &queries {
                    let origin = map.world.area(start).center;
                    let before = Instant::now();
                    let route = router.route(black_box(start), origin, goal, TravelFlags::DEFAULT);
                    let elapsed = before.elapsed().as_nanos();
                    black_box(route);
                    latencies.push(elapsed.saturating_sub(overhead));
                }
            }
            latencies.sort_unstable();
            let rebuilt = router.stats().area_caches_built - built.area_caches_built
                + router.stats().goal_caches_built
                - built.goal_caches_built
                + router.stats().portal_caches_built
                - built.portal_caches_built;
            #[expect(
                clippy::print_stderr,
                reason = "the latency distribution is a bench output"
            )]
            {
                eprintln!(
                    "route_queries latency {} warm {kind}: p50 {} ns, p90 {} ns per query \
                     ({} queries timed alone, timer overhead {overhead} ns subtracted; caches \
                     built while timing: {rebuilt})",
                    map.name,
                    latencies[latencies.len() / 2],
                    latencies[latencies.len() * 9 / 10],
                    latencies.len(),
                );
            }
        }
    }
}

/// Prints, per map, the bytes of every default-flag cache (each goal asked from its own
/// cluster and from another) against `memory_model_bytes`.
fn report_memory(maps: &[Map]) {
    for map in maps {
        let settings = RouterSettings {
            budget_bytes: usize::MAX,
            ..RouterSettings::default()
        };
        let Ok(mut router) = Router::new(&map.world, map.clustering.clone(), settings) else {
            continue;
        };
        let areas = routable(map);
        for &goal in &areas {
            for &start in &areas {
                if start != goal {
                    let origin = map.world.area(start).center;
                    router.route(start, origin, goal, TravelFlags::DEFAULT);
                    break;
                }
            }
            if let Some(&other) = areas
                .iter()
                .find(|&&s| map.clustering.shared_cluster(s, goal).is_none())
            {
                router.route(
                    other,
                    map.world.area(other).center,
                    goal,
                    TravelFlags::DEFAULT,
                );
            }
        }
        // Dense mode: one cache of every reachability per goal.
        let dense = areas.len() * (64 + 2 * map.world.reach_count());
        #[expect(
            clippy::print_stderr,
            reason = "the memory comparison is a bench output"
        )]
        {
            eprintln!(
                "route_queries memory {}: {} caches, {} bytes; memory model {} bytes; dense \
                 mode {dense} bytes; static layout {} bytes",
                map.name,
                router.cache_count(),
                router.bytes_used(),
                map.clustering.memory_model_bytes(&map.world),
                router.static_bytes()
            );
        }
    }
}

fn route_queries(c: &mut Criterion) {
    let Some(dir) = real_data::find_in(real_data::MAPS) else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("route_queries: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let maps: Vec<Map> = real_data::SHARED_MAPS
        .iter()
        .filter_map(|&name| {
            let bytes = std::fs::read(dir.join(format!("{name}.aas"))).ok()?;
            let world = AasWorld::from_q3(&AasFile::from_bytes(&bytes).ok()?).ok()?;
            let clustering = Clustering::from_world(&world);
            Some(Map {
                name,
                world,
                clustering,
            })
        })
        .collect();
    report_memory(&maps);
    report_latency(&maps);

    for (group_name, same) in [
        ("route_warm_same_cluster", true),
        ("route_warm_cross_cluster", false),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.throughput(Throughput::Elements(BATCH as u64));
        for map in &maps {
            let queries = pairs(map, same);
            let (routed, sum) = reference_all(map, &queries);
            let [same_cluster, cross_cluster] = benches::expected(&WARM_ANSWERS, map.name);
            assert_eq!(
                [queries.len() as u64, routed as u64, sum],
                if same { same_cluster } else { cross_cluster },
                "{} {group_name}: [queries, routed, sum of route times] of the reference search",
                map.name
            );
            if !queries.is_empty() {
                bench_warm(&mut group, map, &queries, RouterSettings::default());
            }
        }
        group.finish();
    }

    // The hot path alone: one warm cross-cluster query (same-cluster on single-cluster maps)
    // repeated BATCH times, everything it reads in the CPU caches. Not the honest warm
    // figure (the groups above are).
    let mut group = c.benchmark_group("route_warm_repeat_one");
    group.throughput(Throughput::Elements(BATCH as u64));
    for map in &maps {
        let Some(&query) = cold_pairs(map).first() else {
            continue;
        };
        bench_warm(
            &mut group,
            map,
            &vec![query; BATCH],
            RouterSettings::default(),
        );
    }
    group.finish();

    // The `pathfinding` crate's Dijkstra per query on the warm query sets, over the
    // reference's state graph with its edges and costs precomputed (only the start's edges
    // are computed per query).
    for (group_name, same) in [
        ("route_pathfinding_same_cluster", true),
        ("route_pathfinding_cross_cluster", false),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.throughput(Throughput::Elements(BATCH as u64));
        group.sample_size(10);
        for map in &maps {
            let queries = pairs(map, same);
            if queries.is_empty() {
                continue;
            }
            let states = StateGraph::new(
                &map.world,
                CostModel::new(&map.world, &map.clustering.portal_areas()),
            );
            // The same answers as the router's (times; first reachabilities may differ
            // between equal routes).
            let Ok(mut router) = Router::new(
                &map.world,
                map.clustering.clone(),
                RouterSettings::default(),
            ) else {
                continue;
            };
            for &(s, g) in &queries {
                let origin = map.world.area(s).center;
                let routed = router.route(s, origin, g, TravelFlags::DEFAULT);
                let found = states.route(s, g);
                assert_eq!(
                    routed.map(|r| u32::from(r.time)),
                    found
                        .map(|(time, _)| time)
                        .filter(|&t| t <= u32::from(u16::MAX)),
                    "{} {s:?} -> {g:?}",
                    map.name
                );
            }
            group.bench_function(BenchmarkId::from_parameter(map.name), |b| {
                b.iter(|| {
                    queries
                        .iter()
                        .filter_map(|&(s, g)| states.route(black_box(s), black_box(g)))
                        .map(|(time, _)| u64::from(time))
                        .sum::<u64>()
                });
            });
        }
        group.finish();
    }

    let mut group = c.benchmark_group("route_warm_dense");
    group.throughput(Throughput::Elements(BATCH as u64));
    for map in &maps {
        let mut queries = pairs(map, true);
        queries.extend(pairs(map, false));
        queries.truncate(BATCH);
        let settings = RouterSettings {
            dense: true,
            ..RouterSettings::default()
        };
        bench_warm(&mut group, map, &queries, settings);
    }
    group.finish();

    let mut group = c.benchmark_group("route_cold_per_goal");
    group.throughput(Throughput::Elements(COLD_GOALS as u64));
    for map in &maps {
        let queries = cold_pairs(map);
        let Ok(mut router) = Router::new(
            &map.world,
            map.clustering.clone(),
            RouterSettings::default(),
        ) else {
            continue;
        };
        let (_, sum) = check_against_reference(map, &mut router, &queries, "cold");
        router.clear_caches();
        let cold = route_all(&mut router, &queries);
        assert_eq!(
            cold, sum,
            "{}: sum of route times with the caches dropped, vs the first pass",
            map.name
        );
        group.bench_function(BenchmarkId::from_parameter(map.name), |b| {
            b.iter(|| {
                router.clear_caches();
                route_all(&mut router, &queries)
            });
        });
    }
    group.finish();

    let mut group = c.benchmark_group("route_reference");
    group.throughput(Throughput::Elements(COLD_GOALS as u64));
    for map in &maps {
        let queries = cold_pairs(map);
        let model = CostModel::new(&map.world, &map.clustering.portal_areas());
        // The reference's answer equals a fresh router's, found through clusters and caches.
        if let Ok(mut router) = Router::new(
            &map.world,
            map.clustering.clone(),
            RouterSettings::default(),
        ) {
            let (routed, sum) = check_against_reference(map, &mut router, &queries, "reference");
            assert_eq!(
                reference_all(map, &queries),
                (routed, sum),
                "{}: [routed, sum of times] of the reference search",
                map.name
            );
        }
        group.bench_function(BenchmarkId::from_parameter(map.name), |b| {
            b.iter(|| {
                queries
                    .iter()
                    .filter_map(|&(s, g)| {
                        let origin = map.world.area(s).center;
                        reference_route(&map.world, &model, s, origin, g, TravelFlags::DEFAULT)
                    })
                    .map(|r| u64::from(r.time))
                    .sum::<u64>()
            });
        });
    }
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::route_queries;
    criterion::criterion_group!(benches, route_queries);
}
use group::benches;
criterion_main!(benches);
