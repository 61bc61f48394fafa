//! The queries against simple oracles on random clustered worlds: the time after a
//! reachability and the next step against the flat reference, predicted routes against the
//! route time, hide areas against a Bellman-Ford flood, alternative goals and random goal
//! areas against brute force with the reference.

#[path = "common/worlds.rs"]
mod worlds;

use aas_route::{
    AltRouteAreas, AreaId, CostModel, PredictStop, PredictStops, ReachId, RouteGraph, Router,
    RouterSettings, TravelFlags, reference_route, reference_route_from_reach,
};
use glam::Vec3;
use proptest::prelude::*;

use worlds::{LARGE, Rng, SMALL, TestGraph, id, query_flags, random_world, random_world_sized};

/// Whether `reach` may be taken under `flags`.
fn allowed(graph: &TestGraph, model: &CostModel, reach: ReachId, flags: TravelFlags) -> bool {
    let info = graph.reach(reach);
    flags.allow(TravelFlags::for_travel(info.travel)) && model.can_enter(info.target, flags)
}

/// The next-step oracle: the least (time, reachability) over the allowed, not avoided exits by
/// the reference continuation.
fn oracle_next(
    graph: &TestGraph,
    model: &CostModel,
    (start, origin, goal): (AreaId, Vec3, AreaId),
    flags: TravelFlags,
    avoid: &[AreaId],
) -> Option<(u32, ReachId)> {
    let flags = model.query_flags(start, goal, flags);
    let mut best: Option<(u32, ReachId)> = None;
    for r in graph.reaches(start).map(ReachId) {
        let info = graph.reach(r);
        if avoid.contains(&info.target) || !allowed(graph, model, r, flags) {
            continue;
        }
        let Some(rest) = reference_route_from_reach(graph, model, r, goal, flags) else {
            continue;
        };
        let time = model.crossing(start, origin, info.start, false)
            + u32::from(info.travel_time)
            + u32::from(rest.time);
        if best.is_none_or(|b| (time, r) < b) {
            best = Some((time, r));
        }
    }
    best.filter(|&(t, _)| t <= u32::from(u16::MAX))
}

/// The hide-area oracle: Bellman-Ford over (entered-by) states with the documented link cost,
/// then the least-cost state into a hidden area (ties: lowest area).
fn oracle_hide(
    graph: &TestGraph,
    model: &CostModel,
    (start, origin): (AreaId, Vec3),
    (enemy_area, eye): (AreaId, Vec3),
    flags: TravelFlags,
    hidden: &dyn Fn(AreaId) -> bool,
) -> Option<(u32, AreaId)> {
    let states = graph.reach_count();
    let mut cost = vec![u64::MAX; states + 1];
    cost[states] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for state in 0..=states {
            if cost[state] == u64::MAX {
                continue;
            }
            let (area, entry) = if state == states {
                (start, origin)
            } else {
                let r = graph.reach(ReachId(id(state)));
                if hidden(r.target) {
                    continue;
                }
                (r.target, r.end)
            };
            for r in graph.reaches(area) {
                let info = graph.reach(ReachId(r));
                if info.target == enemy_area || !allowed(graph, model, ReachId(r), flags) {
                    continue;
                }
                let dir = info.end - entry;
                let t = if dir.length_squared() <= f32::EPSILON {
                    2.0
                } else {
                    (eye - entry).dot(dir) / dir.length_squared()
                };
                let near = if (0.0..=1.0).contains(&t) {
                    entry + dir * t
                } else {
                    info.end
                };
                let (d1, d2) = (eye.distance(entry), eye.distance(near));
                if d2 < 40.0 {
                    continue;
                }
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "test"
                )]
                let penalty = if d2 < d1 {
                    ((d1 - d2) * 10.0) as u64
                } else {
                    0
                };
                let crossing =
                    aas_route::cost::crossing_cost(entry, info.start, model.factor(area));
                let next =
                    cost[state] + u64::from(crossing) + u64::from(info.travel_time) + penalty;
                if next < cost[r as usize] {
                    cost[r as usize] = next;
                    changed = true;
                }
            }
        }
    }
    (0..states)
        .filter(|&s| cost[s] != u64::MAX && hidden(graph.reach(ReachId(id(s))).target))
        .map(|s| {
            (
                u32::try_from(cost[s]).unwrap(),
                graph.reach(ReachId(id(s))).target,
            )
        })
        .min()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The time after a reachability equals the reference continuation.
    #[test]
    fn time_after_reach_equals_the_reference(
        seed in any::<u64>(),
        large in any::<bool>(),
        queries in prop::collection::vec((any::<u32>(), any::<u32>(), 0_u32..3), 1..30),
    ) {
        let (graph, clustering) = random_world_sized(seed, false, if large { LARGE } else { SMALL });
        let mut router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
        prop_assume!(graph.reach_count() > 0);
        let n = id(graph.area_count());
        let r_count = id(graph.reach_count());
        for (r, goal, flags) in queries {
            let (reach, goal) = (ReachId(r % r_count), AreaId(goal % n));
            let flags = query_flags(flags) | TravelFlags::DONOTENTER;
            let got = router.time_after_reach(reach, goal, flags);
            let model = router.model();
            let want = if allowed(&graph, model, reach, flags) {
                reference_route_from_reach(&graph, model, reach, goal, flags).map(|r| r.time)
            } else {
                None
            };
            prop_assert_eq!(got, want, "{:?} -> {:?}", reach, goal);
        }
    }

    /// The next step equals the oracle's optimum with and without avoided areas; without, it is
    /// the route's answer.
    #[test]
    fn next_step_equals_the_oracle(
        seed in any::<u64>(),
        pass_through in prop::bool::weighted(0.1),
        queries in prop::collection::vec(
            (any::<u32>(), any::<u32>(), 0_u32..3, prop::collection::vec(any::<u32>(), 0..3)),
            1..30,
        ),
    ) {
        let (graph, clustering) = random_world(seed, pass_through);
        let mut router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
        let n = id(graph.area_count());
        for (start, goal, flags, avoid) in queries {
            let (start, goal) = (AreaId(start % n), AreaId(goal % n));
            let avoid: Vec<AreaId> = avoid.iter().map(|a| AreaId(a % n)).collect();
            let origin = graph.area(start).center;
            let flags = query_flags(flags);
            let got = router.next_step(start, origin, goal, flags, &avoid);
            if start == goal {
                prop_assert_eq!(got.map(|r| (r.time, r.first)), Some((0, None)));
                continue;
            }
            let want = oracle_next(&graph, router.model(), (start, origin, goal), flags, &avoid);
            prop_assert_eq!(
                got.map(|r| (u32::from(r.time), r.first)),
                want.map(|(t, r)| (t, Some(r))),
                "{:?} -> {:?} avoiding {:?}", start, goal, avoid
            );
            let plain = router.next_step(start, origin, goal, flags, &[]);
            prop_assert_eq!(plain, router.route(start, origin, goal, flags));
        }
    }

    /// A prediction with no stops reaches the goal in exactly the route's time, starting with
    /// the route's first reachability, through a chain of reachabilities; a time limit stops
    /// it at the first step past the limit, a prefix of the full prediction.
    #[test]
    fn predictions_follow_the_route(
        seed in any::<u64>(),
        large in any::<bool>(),
        queries in prop::collection::vec((any::<u32>(), any::<u32>(), 0_u32..3, 0_u32..600), 1..20),
    ) {
        let (graph, clustering) = random_world_sized(seed, false, if large { LARGE } else { SMALL });
        let mut router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
        let n = id(graph.area_count());
        for (start, goal, flags, limit) in queries {
            let (start, goal) = (AreaId(start % n), AreaId(goal % n));
            let origin = graph.area(start).center;
            let flags = query_flags(flags);
            let route = router.route(start, origin, goal, flags);
            let full = router.predict_route(start, origin, goal, flags, &PredictStops::default());
            match route {
                None => prop_assert_eq!(full.stop, PredictStop::NoRoute),
                Some(route) => {
                    prop_assert_eq!(full.stop, PredictStop::Goal);
                    prop_assert_eq!(full.time(), u32::from(route.time));
                    prop_assert_eq!(full.steps.first().map(|s| s.reach), route.first);
                    prop_assert_eq!(full.end_area(start), goal);
                }
            }
            let mut area = start;
            for step in &full.steps {
                prop_assert!(graph.reaches(area).contains(&step.reach.0));
                prop_assert_eq!(graph.reach(step.reach).target, step.area);
                area = step.area;
            }
            let stops = PredictStops { max_time: Some(limit), ..PredictStops::default() };
            let cut = router.predict_route(start, origin, goal, flags, &stops);
            prop_assert!(full.steps.starts_with(&cut.steps));
            if cut.stop == PredictStop::TimeLimit {
                let last = cut.steps.last().expect("a step");
                prop_assert!(last.time > limit);
                prop_assert!(cut.steps.iter().rev().skip(1).all(|s| s.time <= limit));
            } else {
                prop_assert_eq!(&cut, &full);
            }
        }
    }

    /// The hide area is the Bellman-Ford oracle's least-cost hidden area.
    #[test]
    fn hide_area_equals_the_oracle(
        seed in any::<u64>(),
        queries in prop::collection::vec((any::<u32>(), any::<u32>(), any::<u64>(), -60.0_f32..60.0), 1..10),
    ) {
        let (graph, clustering) = random_world(seed, true);
        let router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
        let n = id(graph.area_count());
        for (start, enemy, salt, offset) in queries {
            let (start, enemy) = (AreaId(start % n), AreaId(enemy % n));
            let origin = graph.area(start).center;
            let eye = graph.area(enemy).center + Vec3::new(offset, offset, 40.0);
            // Visibility by a salted hash of the point's coordinates.
            let seen = |point: Vec3| {
                let key = u64::from(point.x.to_bits() ^ point.y.to_bits().rotate_left(11)) ^ salt;
                !Rng(key).next().is_multiple_of(3)
            };
            let got = router.nearest_hide_area(start, origin, enemy, eye, TravelFlags::DEFAULT, |e, p| {
                assert_eq!(e, eye);
                seen(p)
            });
            let hidden = |a: AreaId| !seen(graph.area(a).center);
            let want = oracle_hide(&graph, router.model(), (start, origin), (enemy, eye), TravelFlags::DEFAULT, &hidden);
            prop_assert_eq!(got.map(|h| (h.cost, h.area)), want);
            if let Some(h) = got {
                prop_assert!(graph.reaches(start).contains(&h.first.0));
            }
        }
    }

    /// Alternative goals: every goal is mid-range by the reference's times; the goals'
    /// groups cover every mid-range area exactly once when not capped; the answer is
    /// deterministic and a cap keeps a prefix.
    #[test]
    fn alternative_goals_are_mid_range(
        seed in any::<u64>(),
        queries in prop::collection::vec((any::<u32>(), any::<u32>(), 0_u32..3), 1..6),
    ) {
        let (graph, clustering) = random_world_sized(seed, false, LARGE);
        let mut router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
        let n = id(graph.area_count());
        for (start, goal, flags) in queries {
            let (start, goal) = (AreaId(start % n), AreaId(goal % n));
            let origin = graph.area(start).center;
            let flags = query_flags(flags);
            let goals = router.alternative_route_goals(start, origin, goal, flags, AltRouteAreas::ALL, usize::MAX);
            let model = router.model();
            let direct = reference_route(&graph, model, start, origin, goal, flags);
            let Some(direct) = direct else {
                prop_assert!(goals.is_empty());
                continue;
            };
            let direct = u64::from(direct.time);
            let mid: Vec<(AreaId, u32, u32)> = (0..n)
                .map(AreaId)
                .filter(|&a| a != start && a != goal && !graph.reaches(a).is_empty())
                .filter_map(|a| {
                    let s = reference_route(&graph, model, start, origin, a, flags)?;
                    let g = reference_route(&graph, model, a, graph.area(a).center, goal, flags)?;
                    (u64::from(s.time) * 10 <= direct * 11 && u64::from(g.time) * 10 <= direct * 8)
                        .then_some((a, u32::from(s.time), u32::from(g.time)))
                })
                .collect();
            prop_assert_eq!(goals.iter().map(|g| g.group_size).sum::<usize>(), mid.len());
            for g in &goals {
                let entry = mid.iter().find(|m| m.0 == g.area);
                prop_assert_eq!(entry.map(|m| (m.1, m.2)), Some((g.start_time, g.goal_time)));
            }
            let again = router.alternative_route_goals(start, origin, goal, flags, AltRouteAreas::ALL, 2);
            prop_assert_eq!(&again[..], &goals[..goals.len().min(2)]);
        }
    }

    /// A random goal area is the first area from the drawn index on (wrapping) that has
    /// reachabilities, a route and the filter's approval; the same seed gives the same goal.
    #[test]
    fn random_goal_areas_scan_from_the_drawn_index(
        seed in any::<u64>(),
        draws in prop::collection::vec((any::<u32>(), any::<u64>(), 0_u32..3), 1..10),
    ) {
        let (graph, clustering) = random_world(seed, false);
        let mut router = Router::new(&graph, clustering, RouterSettings::default()).expect("valid");
        let n = id(graph.area_count());
        for (start, draw, parity) in draws {
            let start = AreaId(start % n);
            let origin = graph.area(start).center;
            // The filter rejects areas of one index parity (none when `parity` is 2).
            let accept = |a: AreaId| (a.0 % 2 != parity).then(|| graph.area(a).center);
            let mut rng = Rng(draw);
            let got = router.random_goal_area(start, origin, TravelFlags::DEFAULT, &mut || rng.next(), accept);
            let mut rng = Rng(draw);
            let again = router.random_goal_area(start, origin, TravelFlags::DEFAULT, &mut || rng.next(), accept);
            prop_assert_eq!(got, again);
            let first = usize::try_from(Rng(draw).next() % u64::from(n)).unwrap();
            let model = router.model();
            let want = (0..graph.area_count())
                .map(|k| AreaId(id((first + k) % graph.area_count())))
                .find(|&a| {
                    !graph.reaches(a).is_empty()
                        && accept(a).is_some()
                        && reference_route(&graph, model, start, origin, a, TravelFlags::DEFAULT).is_some()
                });
            prop_assert_eq!(got.map(|g| g.area), want);
            if let Some(g) = got {
                let time = reference_route(&graph, model, start, origin, g.area, TravelFlags::DEFAULT).map(|r| r.time);
                prop_assert_eq!(Some(g.time), time);
                prop_assert_eq!(g.origin, graph.area(g.area).center);
            }
        }
    }
}
