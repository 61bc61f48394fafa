//! [`Router::nearest_hide_area`]: the nearest area an enemy cannot see, by a flood from the
//! player's area that is penalised when it closes in on the enemy and refuses to pass next to
//! it (botlib's `AAS_NearestHideArea`).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec3;

use super::{allowed, in_graph};
use crate::TravelFlags;
use crate::cost::crossing_cost;
use crate::graph::RouteGraph;
use crate::router::Router;
use crate::{AreaId, ReachId};

/// A link that passes closer than this to the enemy (Quake units) is refused (botlib's value).
pub const HIDE_ENEMY_CLEARANCE: f32 = 40.0;

/// Hundredths of a second added per unit a link brings the player closer to the enemy
/// (botlib's value).
pub const HIDE_PENALTY_PER_UNIT: f32 = 10.0;

/// An area found by [`Router::nearest_hide_area`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HideArea {
    /// The hide area.
    pub area: AreaId,
    /// The flood's cost to it, in hundredths of a second (travel time plus the penalties for
    /// approaching the enemy).
    pub cost: u32,
    /// The first reachability of the flood's route to it.
    pub first: ReachId,
}

impl<G: RouteGraph> Router<'_, G> {
    /// The nearest area to hide from an enemy in: from `start` (the player at `origin` in it)
    /// under `flags`, a flood over the reachabilities whose cost per link is the crossing of
    /// the current area from where it was entered to the link's start
    /// ([`crossing_cost`] with the area's factor; no portal maximum) plus the link's travel
    /// time plus, when the link brings the player closer to the enemy, `(d1 − d2) ×`
    /// [`HIDE_PENALTY_PER_UNIT`] (truncated), where `d1` is the enemy's distance from where the
    /// player entered the current area and `d2` its distance from the link's path (the segment
    /// from that entry point to the link's end: the enemy's projection on it when that falls
    /// inside, else the link's end). Links with `d2 <` [`HIDE_ENEMY_CLEARANCE`] and links into
    /// the enemy's area `enemy_area` are refused, as are links the flags do not allow and links
    /// into disabled areas. A hide area is an area entered by the flood whose centre the enemy
    /// cannot see: `visible(enemy_eye, centre)` is the caller's line-of-sight test (the crate
    /// has no geometry). The answer is the hide area of least flood cost (ties: lowest
    /// area), with the first reachability of a least-cost flood route to it; `None` when the
    /// flood reaches none. The flood does not continue beyond a hide area (anything beyond
    /// costs more).
    ///
    /// The flood is a Dijkstra over "entered by reachability r" states, so each link's
    /// penalty depends only on its state and the answer is the least cost exactly. Differences
    /// from botlib: botlib runs a label-correcting FIFO flood with one label per area (the
    /// entry point of the best label so far) and tests area-to-area visibility
    /// (`AAS_AreaVisible` between the enemy's area and the candidate); it does not check
    /// disabled areas; the "do not enter" flag is not added for a marked start here either
    /// (pass it in `flags` when needed).
    ///
    /// # Complexity
    /// `O(R log R)` for the graph's `R` reachabilities, plus one `visible` call per area
    /// entered with a cost below the best found.
    pub fn nearest_hide_area(
        &self,
        start: AreaId,
        origin: Vec3,
        enemy_area: AreaId,
        enemy_eye: Vec3,
        flags: TravelFlags,
        mut visible: impl FnMut(Vec3, Vec3) -> bool,
    ) -> Option<HideArea> {
        let (graph, model) = (self.graph(), self.model());
        if !in_graph(graph, start) {
            return None;
        }
        // States: reachability ids (entered by it), plus the start state.
        let start_state = graph.reach_count();
        let mut best = vec![u64::MAX; start_state + 1];
        let mut first: Vec<Option<ReachId>> = vec![None; start_state + 1];
        let mut tested: Vec<Option<bool>> = vec![None; graph.area_count()];
        let mut heap = BinaryHeap::new();
        best[start_state] = 0;
        heap.push(Reverse((0_u64, start_state)));
        let mut found: Option<(u64, AreaId, ReachId)> = None;
        while let Some(Reverse((cost, state))) = heap.pop() {
            if cost > best[state] {
                continue;
            }
            if found.is_some_and(|(c, _, _)| cost > c) {
                break;
            }
            let (area, entry) = if state == start_state {
                (start, origin)
            } else {
                let reach = graph.reach(ReachId::from_index(state));
                let target = reach.target;
                let hidden = *tested[target.index()]
                    .get_or_insert_with(|| !visible(enemy_eye, graph.area(target).center));
                if hidden {
                    if let Some(via) = first[state] {
                        let candidate = (cost, target, via);
                        if found.is_none_or(|f| candidate < f) {
                            found = Some(candidate);
                        }
                    }
                    // A hidden area ends its branch: any area beyond costs more.
                    continue;
                }
                (target, reach.end)
            };
            let d1 = enemy_eye.distance(entry);
            let factor = model.factor(area);
            for id in graph.reaches(area) {
                let reach = graph.reach(ReachId(id));
                if reach.target == enemy_area || !allowed(model, &reach, flags) {
                    continue;
                }
                let d2 = enemy_eye.distance(closest_on_path(enemy_eye, entry, reach.end));
                if d2 < HIDE_ENEMY_CLEARANCE {
                    continue;
                }
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "non-negative and far below u64::MAX; truncated as botlib does"
                )]
                let penalty = if d2 < d1 {
                    ((d1 - d2) * HIDE_PENALTY_PER_UNIT) as u64
                } else {
                    0
                };
                let next = cost
                    + u64::from(crossing_cost(entry, reach.start, factor))
                    + u64::from(reach.travel_time)
                    + penalty;
                let slot = id as usize;
                if next < best[slot] {
                    best[slot] = next;
                    first[slot] = first[state].or(Some(ReachId(id)));
                    heap.push(Reverse((next, slot)));
                }
            }
        }
        found.map(|(cost, area, first)| HideArea {
            area,
            cost: u32::try_from(cost).unwrap_or(u32::MAX),
            first,
        })
    }
}

/// The point of the path from `from` to `to` that the enemy's distance is measured to: the
/// enemy's projection on the segment when it falls inside it, else `to` (botlib's rule).
fn closest_on_path(enemy: Vec3, from: Vec3, to: Vec3) -> Vec3 {
    let dir = to - from;
    let length_sq = dir.length_squared();
    if length_sq <= f32::EPSILON {
        return to;
    }
    let t = (enemy - from).dot(dir) / length_sq;
    if (0.0..=1.0).contains(&t) {
        from + dir * t
    } else {
        to
    }
}
