//! [`flat_search`]: the crate's one flat Dijkstra over (area, entry reachability) states,
//! with no clusters and no caches. The reference answers
//! ([`reference_route`](crate::reference_route),
//! [`reference_route_from_reach`](crate::reference_route_from_reach)) and the start-time
//! flood of alternative route goals (`query/flood.rs`) are all this search, each with its own
//! seed, bound and stopping rule.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use glam::Vec3;

use crate::cost::CostModel;
use crate::graph::{ReachInfo, RouteGraph};
use crate::{AreaId, ReachId, TravelFlags};

/// Where a [`flat_search`] begins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Seed {
    /// The player at `origin` in `area`, not entered through a reachability: the first
    /// crossing is measured from `origin`, even in a portal area.
    Start {
        /// The start area.
        area: AreaId,
        /// Where the player is in it.
        origin: Vec3,
    },
    /// Just arrived through a reachability, in its target at its end point: the first
    /// crossing is that of an entered area (a portal area costs its maximum crossing).
    Arrived(ReachId),
}

/// One state the search has settled (its least cost is final), in settling order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Settled {
    /// The area the state is in.
    pub(crate) area: AreaId,
    /// The least time from the seed to the state, in hundredths of a second.
    pub(crate) cost: u64,
    /// The first reachability of that least route (the lowest id of those that start one);
    /// `None` for the seed itself.
    pub(crate) first: Option<ReachId>,
}

/// Whether a route under `flags` may take `reach`: its type (and team bits) allowed and its
/// target enterable.
pub(crate) fn allowed(model: &CostModel, reach: &ReachInfo, flags: TravelFlags) -> bool {
    flags.allow(TravelFlags::for_travel(reach.travel)) && model.can_enter(reach.target, flags)
}

/// Dijkstra from `seed` under exactly `flags` (no "do not enter" adjustment: callers pass
/// [`CostModel::query_flags`] where they want it) and `model`, over the states "in area A,
/// entered by reachability r" plus the start state of a [`Seed::Start`]. Moves are the
/// [allowed](allowed) reachabilities leaving a state's area, at their travel time plus the
/// area's [crossing](CostModel::crossing) from the state's entry point to their start.
///
/// States are labelled (cost, first reachability) in lexicographic order, so that of the
/// reachabilities starting a least route the one with the lowest id is kept. Every state
/// whose least cost is at most `limit` is passed to `settle` once, in label order (states
/// above `limit` are never queued); the search ends when `settle` breaks or no state is left.
///
/// The caller checks that the seed lies inside `graph`.
///
/// # Complexity
/// `O(R log R)` time and `O(R)` space for the graph's `R` reachabilities.
pub(crate) fn flat_search(
    graph: &impl RouteGraph,
    model: &CostModel,
    seed: Seed,
    flags: TravelFlags,
    limit: u64,
    mut settle: impl FnMut(Settled) -> ControlFlow<()>,
) {
    // States 0..R: entered by that reachability; state R: the start of a `Seed::Start`.
    let start_state = graph.reach_count();
    let (seed_state, start, origin) = match seed {
        Seed::Start { area, origin } => (start_state, area, origin),
        Seed::Arrived(reach) => (reach.index(), AreaId(0), Vec3::ZERO),
    };
    // Per state: the best cost found and the first reachability of that route.
    let mut best = vec![u64::MAX; start_state + 1];
    let mut first = vec![None; start_state + 1];
    let mut heap = BinaryHeap::new();
    best[seed_state] = 0;
    heap.push(Reverse((0_u64, None, seed_state)));
    while let Some(Reverse((cost, label, state))) = heap.pop() {
        if (cost, label) > (best[state], first[state]) {
            continue; // A stale entry: the state was reached more cheaply since.
        }
        let (area, entry, entered) = if state == start_state {
            (start, origin, false)
        } else {
            let reach = graph.reach(ReachId::from_index(state));
            (reach.target, reach.end, true)
        };
        if settle(Settled {
            area,
            cost,
            first: label,
        })
        .is_break()
        {
            return;
        }
        for id in graph.reaches(area) {
            let reach = graph.reach(ReachId(id));
            if !allowed(model, &reach, flags) {
                continue;
            }
            let next = cost
                + u64::from(reach.travel_time)
                + u64::from(model.crossing(area, entry, reach.start, entered));
            let slot = id as usize;
            let label = label.or(Some(ReachId(id)));
            if next <= limit && (next, label) < (best[slot], first[slot]) {
                best[slot] = next;
                first[slot] = label;
                heap.push(Reverse((next, label, slot)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ops::{ControlFlow, Range};

    use glam::Vec3;

    use super::{Seed, Settled, flat_search};
    use crate::cost::CostModel;
    use crate::graph::{AreaInfo, ReachInfo, RouteGraph};
    use crate::{AreaContents, AreaFlags, AreaId, PresenceType, ReachId, Travel, TravelFlags};

    /// Areas 0, 1, 2 on a line 100 units apart; walks 0 → 1 (r0, 10), 0 → 2 (r1, 50),
    /// 1 → 2 (r2, 10) and a rocket jump 2 → 0 (r3), each from its source's centre to its
    /// target's centre (every crossing costs the minimum 1).
    struct Line;

    const REACHES: [(u32, u32, i32, u16); 4] =
        [(0, 1, 2, 10), (0, 2, 2, 50), (1, 2, 2, 10), (2, 0, 12, 5)];

    fn centre(area: u32) -> Vec3 {
        Vec3::X * (100.0 * f32::from(u16::try_from(area).unwrap()))
    }

    impl RouteGraph for Line {
        fn area_count(&self) -> usize {
            3
        }
        fn reach_count(&self) -> usize {
            REACHES.len()
        }
        fn area(&self, area: AreaId) -> AreaInfo {
            AreaInfo {
                center: centre(area.0),
                contents: AreaContents::empty(),
                flags: AreaFlags::GROUNDED,
                presence: PresenceType::NORMAL,
            }
        }
        fn reaches(&self, area: AreaId) -> Range<u32> {
            [0..2, 2..3, 3..4][area.index()].clone()
        }
        fn reach(&self, reach: ReachId) -> ReachInfo {
            let (from, to, travel_type, travel_time) = REACHES[reach.index()];
            ReachInfo {
                target: AreaId(to),
                travel: Travel::from_raw(travel_type),
                travel_time,
                start: centre(from),
                end: centre(to),
            }
        }
    }

    fn settled(seed: Seed, limit: u64) -> Vec<Settled> {
        let model = CostModel::new(&Line, &[]);
        let mut all = Vec::new();
        flat_search(&Line, &model, seed, TravelFlags::DEFAULT, limit, |s| {
            all.push(s);
            ControlFlow::Continue(())
        });
        all
    }

    fn state(area: u32, cost: u64, first: Option<u32>) -> Settled {
        Settled {
            area: AreaId(area),
            cost,
            first: first.map(ReachId),
        }
    }

    #[test]
    fn settles_every_state_once_in_label_order() {
        let start = Seed::Start {
            area: AreaId(0),
            origin: centre(0),
        };
        // r0 (11), r2 (22), r1 (51); the rocket jump back is not allowed.
        assert_eq!(
            settled(start, u64::MAX),
            [
                state(0, 0, None),
                state(1, 11, Some(0)),
                state(2, 22, Some(0)),
                state(2, 51, Some(1)),
            ]
        );
        assert_eq!(
            settled(start, 22).len(),
            3,
            "the state at 51 is never queued"
        );
        // Just arrived in area 1 through r0: on through r2 only.
        assert_eq!(
            settled(Seed::Arrived(ReachId(0)), u64::MAX),
            [state(1, 0, None), state(2, 11, Some(2))]
        );
    }

    #[test]
    fn a_break_ends_the_search() {
        let model = CostModel::new(&Line, &[]);
        let seed = Seed::Start {
            area: AreaId(0),
            origin: centre(0),
        };
        let mut count = 0;
        flat_search(&Line, &model, seed, TravelFlags::DEFAULT, u64::MAX, |s| {
            count += 1;
            if s.area == AreaId(1) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(count, 2);
    }
}
