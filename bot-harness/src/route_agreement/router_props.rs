//! Property test: [`Router::times_from`] on random small worlds equals a brute-force
//! Bellman–Ford over the same states and moves.

use aas_geom::world::{AasWorld, AreaId};
use aas_geom::world::{AreaContents, PresenceType, TravelType};
use glam::Vec3;
use proptest::prelude::*;

use super::router::{CROUCH_FACTOR, LIQUID_FACTOR, Router, WALK_FACTOR, crossing_cost};
use super::test_world::TestWorld;

/// Travel types a random reachability may have: some allowed, some not.
const KINDS: [TravelType; 5] = [
    TravelType::Walk,
    TravelType::Jump,
    TravelType::WalkOffLedge,
    TravelType::RocketJump,
    TravelType::Teleport,
];

/// A random reachability: source and target (modulo the area count), kind (into [`KINDS`]),
/// travel time, start and end (in units of 7).
type RandomReach = (usize, usize, usize, u16, [i8; 2], [i8; 2]);

/// A world of areas `(kind, centre in units of 10)`, kind 0 plain, 1 crouch-only, 2 water,
/// 3 lava, and the reachabilities `reaches`.
fn build(areas: &[(u8, [i8; 2])], reaches: &[RandomReach]) -> AasWorld {
    let mut w = TestWorld::default();
    for &(kind, [x, y]) in areas {
        let index = w.area(Vec3::new(f32::from(x) * 10.0, f32::from(y) * 10.0, 0.0));
        let area = &mut w.world.areas[index as usize];
        match kind % 4 {
            1 => area.presence = PresenceType::CROUCH,
            2 => area.contents = AreaContents::WATER,
            3 => area.contents = AreaContents::LAVA,
            _ => {}
        }
    }
    let n = areas.len();
    let point = |[x, y]: [i8; 2]| Vec3::new(f32::from(x) * 7.0, f32::from(y) * 7.0, 0.0);
    for &(from, to, kind, time, start, end) in reaches {
        let (from, to) = (
            u32::try_from(from % n).unwrap(),
            u32::try_from(to % n).unwrap(),
        );
        let kind = KINDS[kind % KINDS.len()];
        w.reach_to(from, to, kind, time, point(start), point(end));
    }
    w.world
}

/// Bellman–Ford over (area, entry point) states, written from the model's statement alone.
fn brute_force(world: &AasWorld, start: usize) -> Vec<Option<u64>> {
    let reaches = &world.reachabilities;
    let factor = |area: usize| {
        let a = &world.areas[area];
        if a.presence == PresenceType::CROUCH {
            CROUCH_FACTOR
        } else if a.contents.contains(AreaContents::WATER)
            || a.contents.contains(AreaContents::LAVA)
        {
            LIQUID_FACTOR
        } else {
            WALK_FACTOR
        }
    };
    let usable = |k: usize| {
        let r = &reaches[k];
        r.kind() != Some(TravelType::RocketJump)
            && !world.areas[r.target.index()]
                .contents
                .contains(AreaContents::LAVA)
    };
    // (area, entry, best) per state; the last state is the start.
    let mut states: Vec<(usize, Vec3, Option<u64>)> = reaches
        .iter()
        .map(|r| (r.target.index(), r.end, None))
        .collect();
    states.push((start, world.areas[start].center, Some(0)));
    for _ in 0..states.len() {
        for from in 0..states.len() {
            let (area, entry, Some(cost)) = states[from] else {
                continue;
            };
            let range = world.areas[area].reachabilities.clone();
            for k in range.start as usize..range.end as usize {
                if !usable(k) {
                    continue;
                }
                let r = &reaches[k];
                let next =
                    cost + u64::from(r.travel_time) + crossing_cost(entry, r.start, factor(area));
                if states[k].2.is_none_or(|best| next < best) {
                    states[k].2 = Some(next);
                }
            }
        }
    }
    let mut times = vec![None; world.areas.len()];
    for &(area, _, cost) in &states {
        if let Some(cost) = cost {
            let slot: &mut Option<u64> = &mut times[area];
            *slot = Some(slot.map_or(cost, |t| t.min(cost)));
        }
    }
    times
}

proptest! {
    #[test]
    fn dijkstra_equals_brute_force(
        areas in prop::collection::vec((0_u8..4, [-20_i8..20, -20_i8..20]), 1..8),
        reaches in prop::collection::vec(
            (
                0_usize..8,
                0_usize..8,
                0_usize..5,
                0_u16..400,
                [-20_i8..20, -20_i8..20],
                [-20_i8..20, -20_i8..20],
            ),
            0..24,
        ),
        start in 0_usize..8,
    ) {
        let world = build(&areas, &reaches);
        let start = start % areas.len();
        let fast = Router::new(&world).times_from(AreaId(u32::try_from(start).unwrap()));
        prop_assert_eq!(fast, brute_force(&world, start));
    }
}
