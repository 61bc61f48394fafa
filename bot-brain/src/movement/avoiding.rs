//! [`route_avoiding`]: a route that keeps out of some areas all the way to the goal.
//!
//! The router avoids areas only as the *next* area (botlib's way, `Router::next_step`): the
//! time onward is the unrestricted route's. After a step failed, that sends a player from the
//! small areas around a ledge it keeps missing back onto the ledge again and again. This
//! search leaves the avoided areas out of the whole route: Dijkstra over the reachabilities,
//! each costing the way across the area to its start (running, swimming in liquids,
//! crouching where only a crouching player fits) plus its travel time, under the navigator's
//! travel flags. It runs only while areas are avoided (after a
//! failure), so its cost (every area at most once) is rare.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use aas_geom::world::{AasWorld, AreaFlags, AreaId, ReachId, TravelFlags};
use aas_route::Route;
use glam::Vec3;

/// The running speed the crossing of an area is charged at (units per second).
const RUN_SPEED: f32 = 320.0;
/// The speed the crossing of a liquid area is charged at (swimming: half the running speed).
const SWIM_SPEED: f32 = 160.0;
/// The speed the crossing of an area only a crouching player fits in is charged at.
const CROUCH_SPEED: f32 = 100.0;

/// The first reachability of the quickest route from `start` (the player at `origin`) to
/// `goal` under `flags` that enters none of `avoid` (the goal itself may be entered), with the
/// route's time in hundredths of a second; `None` when there is no such route (or it takes
/// longer than `u16::MAX`).
#[must_use]
pub(super) fn route_avoiding(
    world: &AasWorld,
    (start, origin): (AreaId, Vec3),
    goal: AreaId,
    flags: TravelFlags,
    avoid: &[AreaId],
) -> Option<Route> {
    if start == goal {
        return Some(Route {
            time: 0,
            first: None,
        });
    }
    let count = world.areas.len();
    if start.index() >= count || goal.index() >= count {
        return None;
    }
    // Per area: the best time so far, where it is entered, and the route's first step.
    let mut best: Vec<Option<(u32, Vec3, Option<ReachId>)>> = vec![None; count];
    best[start.index()] = Some((0, origin, None));
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0_u32, start.index())));
    while let Some(Reverse((time, index))) = queue.pop() {
        let Some((known, entry, first)) = best[index] else {
            continue;
        };
        if time > known {
            continue;
        }
        if index == goal.index() {
            return Some(Route {
                time: u16::try_from(time).ok()?,
                first,
            });
        }
        let area = AreaId::from_index(index);
        let speed = crossing_speed(world, area);
        for (offset, reach) in world.reachabilities_of(area).iter().enumerate() {
            let target = reach.target;
            if target.index() >= count
                || (target != goal && avoid.contains(&target))
                || !flags.contains(TravelFlags::for_travel(reach.travel))
                || !world.areas.get(target.index()).is_some_and(|record| {
                    flags.contains(TravelFlags::for_contents(record.contents))
                })
            {
                continue;
            }
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a crossing of a few thousand units, in hundredths of a second"
            )]
            let crossing = (entry.distance(reach.start) / speed * 100.0) as u32;
            let arrival = time + crossing + u32::from(reach.travel_time);
            if best[target.index()].is_some_and(|(known, _, _)| known <= arrival) {
                continue;
            }
            let id = first.or_else(|| reach_id(world, area, offset));
            best[target.index()] = Some((arrival, reach.end, id));
            queue.push(Reverse((arrival, target.index())));
        }
    }
    None
}

/// The speed the crossing of `area` is charged at: swimming in a liquid, crouching where only
/// a crouching player fits, else running.
fn crossing_speed(world: &AasWorld, area: AreaId) -> f32 {
    if world
        .areas
        .get(area.index())
        .is_some_and(|record| record.flags.contains(AreaFlags::LIQUID))
    {
        SWIM_SPEED
    } else if super::locate::crouch_only(world, area) {
        CROUCH_SPEED
    } else {
        RUN_SPEED
    }
}

/// The id of the `offset`-th reachability leaving `area`.
fn reach_id(world: &AasWorld, area: AreaId, offset: usize) -> Option<ReachId> {
    let record = world.areas.get(area.index())?;
    Some(ReachId::from_index(
        record.reachabilities.start as usize + offset,
    ))
}

#[cfg(test)]
mod tests {

    use super::*;

    /// `crouch_tunnel` of `aas-geom/tests/maps/`: two halves of a room joined only by a tunnel
    /// under the wall at x −32..32.
    #[test]
    fn the_whole_route_keeps_out_of_avoided_areas() {
        let (_, world) = crate::test_maps::load("crouch_tunnel");
        let (west, east) = (
            Vec3::new(-200.0, 0.0, 24.125),
            Vec3::new(200.0, 0.0, 24.125),
        );
        let from = world.point_area(west).expect("the west half");
        let to = world.point_area(east).expect("the east half");
        let tunnel = world
            .point_area(Vec3::new(0.0, 0.0, 24.125))
            .expect("the tunnel");
        assert!(tunnel != from && tunnel != to);
        let flags = TravelFlags::DEFAULT;
        let route = route_avoiding(&world, (from, west), to, flags, &[]).expect("a route");
        let first = route.first.expect("a first step");
        // The router's own answer, which charges crossings by its cost model: the same first
        // step, and a time within a fifth of it.
        let router = super::super::shared_router(&world).expect("a router");
        let routed = router
            .borrow_mut()
            .route(from, west, to, flags)
            .expect("the router's route");
        assert_eq!(routed.first, route.first);
        let (ours, theirs) = (f32::from(route.time), f32::from(routed.time));
        assert!(
            (ours - theirs).abs() <= theirs * 0.2,
            "{route:?} vs {routed:?}"
        );
        assert_eq!(world.reachabilities[first.index()].target, tunnel);
        // The tunnel is the only way: avoided, there is none; the goal itself may be entered.
        assert_eq!(
            route_avoiding(&world, (from, west), to, flags, &[tunnel]),
            None
        );
        assert!(route_avoiding(&world, (from, west), to, flags, &[to]).is_some());
        // Without crouching allowed there is no way either.
        let upright = flags.difference(TravelFlags::CROUCH);
        assert_eq!(route_avoiding(&world, (from, west), to, upright, &[]), None);
        assert_eq!(
            route_avoiding(&world, (from, west), from, flags, &[tunnel]),
            Some(Route {
                time: 0,
                first: None
            })
        );
    }
}
