//! Reachabilities found from pairs of floor edges on one vertical plane (thesis §6.4, "several
//! reachabilities"): walk and crouch (steps up or down), barrier jump, walk off a ledge, and
//! water jump (from a liquid surface edge).
//!
//! For an edge E1 of A1's floor and an edge E2 of A2's floor that lie on the same vertical
//! plane, overlap along it, and have A2's floor on the far side of E1, the height difference
//! `dz = z(E2) − z(E1)` in the middle of the overlap decides:
//!
//! | `dz` | Reachability |
//! |---|---|
//! | `−max_step ..= max_step` | walk (crouch when either area is crouch-only) |
//! | `max_step ..= max_barrier` | barrier jump (A1 must let the player stand) |
//! | below `−max_step` | walk off ledge, when a box dropped just past E1 lands in A2 |
//!
//! A water jump starts from an edge of A1's liquid surface instead, towards a floor edge of
//! A2 at most `max_water_jump` above the surface (and not deeper than a standing player's
//! waist below it), A2 letting a standing player in (a player jumping out of the water
//! stands: a crawlway at the surface is no water jump's end). The compiler may cut a pool
//! anywhere: when A1 lies under a layer of liquid too thin to swim into (their shared face is
//! not under the surface, so no swim crosses it), the edges of that liquid ceiling count as
//! surface edges, taken at the surface's height, so that every depth of a pool has its way
//! out.
//!
//! Among all qualifying edge pairs the best type (walk, then water jump, then barrier jump,
//! then ledge) with the longest overlap is kept: one reachability per ordered area pair. Out
//! of a liquid area the water jump thus wins over a barrier jump from the submerged floor, as
//! in botlib.

use glam::{Vec2, Vec3};

use super::floor::{AreaFloor, BoundaryEdge, EDGE_EPSILON};
use super::{ReachContext, Reachability};
use crate::world::{AreaId, PresenceType, TravelType};

/// How far past the edge the end point of a walking reachability lies.
const END_INSET: f32 = 4.0;
/// Shortest overlap of two edges that counts (units).
const MIN_OVERLAP: f32 = 0.1;
/// A floor this far below the liquid surface still counts for a water jump (half the standing
/// box: the waist).
const WATER_JUMP_DEPTH: f32 = 24.0;

/// Where two edges on one vertical plane overlap.
#[derive(Debug, Clone, Copy)]
struct Overlap {
    length: f32,
    /// The middle of the overlap on E1.
    on_first: Vec3,
    /// The same horizontal point on E2.
    on_second: Vec3,
    /// E1's outward direction.
    outward: Vec2,
}

/// The overlap of `first` and `second` when they lie on one vertical plane with `second` on
/// the outward side of `first`.
fn overlap(first: &BoundaryEdge, second: &BoundaryEdge) -> Option<Overlap> {
    let direction = first.direction();
    if direction == Vec2::ZERO || second.outward.dot(first.outward) > -0.9 {
        return None;
    }
    let origin = first.a.truncate();
    let off_plane = |p: Vec3| direction.perp_dot(p.truncate() - origin).abs();
    if off_plane(second.a) > EDGE_EPSILON || off_plane(second.b) > EDGE_EPSILON {
        return None;
    }
    let length = (first.b - first.a).truncate().length();
    let s0 = direction.dot(second.a.truncate() - origin);
    let s1 = direction.dot(second.b.truncate() - origin);
    let (lo, hi) = (s0.min(s1).max(0.0), s0.max(s1).min(length));
    if hi - lo < MIN_OVERLAP {
        return None;
    }
    let middle = (lo + hi) * 0.5;
    let on_first = first.point_at(middle);
    // The same horizontal point on the second edge.
    let second_direction = (second.b - second.a).truncate();
    let second_length = second_direction.length();
    let t = if second_length > f32::EPSILON {
        (on_first.truncate() - second.a.truncate()).dot(second_direction)
            / (second_length * second_length)
    } else {
        0.0
    };
    let on_second = second.a + (second.b - second.a) * t.clamp(0.0, 1.0);
    Some(Overlap {
        length: hi - lo,
        on_first,
        on_second,
        outward: first.outward,
    })
}

/// Ranks of the candidate types (lower is better): a walk or crouch, a water jump, a barrier
/// jump, a walk off a ledge.
const WALK_RANK: u8 = 0;
/// See [`WALK_RANK`].
const WATER_JUMP_RANK: u8 = 1;
/// See [`WALK_RANK`].
const BARRIER_JUMP_RANK: u8 = 2;
/// See [`WALK_RANK`].
const LEDGE_RANK: u8 = 3;

/// A candidate: its rank (lower is better), overlap length and reachability.
type Candidate = (u8, f32, Reachability);

fn better(best: &mut Option<Candidate>, candidate: Candidate) {
    let replace = best.as_ref().is_none_or(|(rank, length, _)| {
        candidate.0 < *rank || (candidate.0 == *rank && candidate.1 > *length)
    });
    if replace {
        *best = Some(candidate);
    }
}

impl ReachContext<'_> {
    /// The walk, crouch, barrier-jump, ledge or water-jump reachability from `a1` to `a2`,
    /// if any (see the [module docs](self)).
    pub(crate) fn edge_pair_reachability(&self, a1: AreaId, a2: AreaId) -> Option<Reachability> {
        let (f1, f2) = (&self.floors[a1.index()], &self.floors[a2.index()]);
        if !f2.grounded || !bounds_touch(f1, f2) {
            return None;
        }
        let physics = &self.settings.physics;
        let times = &self.settings.times;
        let mut best: Option<Candidate> = None;
        for e1 in &f1.ground_edges {
            for e2 in &f2.ground_edges {
                let Some(overlap) = overlap(e1, e2) else {
                    continue;
                };
                let dz = overlap.on_second.z - overlap.on_first.z;
                let end = overlap.on_second + (overlap.outward * END_INSET).extend(0.0);
                if dz.abs() <= physics.reach_max_step {
                    let crouch = f1.crouch_only || f2.crouch_only;
                    let (kind, time) = if crouch {
                        (
                            TravelType::Crouch,
                            times.walk.saturating_add(times.start_crouch),
                        )
                    } else {
                        (TravelType::Walk, times.walk)
                    };
                    better(
                        &mut best,
                        (
                            WALK_RANK,
                            overlap.length,
                            self.reach(a2, kind, overlap.on_first, end, time),
                        ),
                    );
                } else if dz > 0.0 && dz <= physics.reach_max_barrier && f1.standing {
                    let reach = self.reach(
                        a2,
                        TravelType::BarrierJump,
                        overlap.on_first,
                        end,
                        times.barrier_jump,
                    );
                    better(&mut best, (BARRIER_JUMP_RANK, overlap.length, reach));
                } else if dz < 0.0 && self.fall_lands_in(overlap.on_first, overlap.outward, dz, a2)
                {
                    let max_fall = physics.reach_max_fall_height;
                    if max_fall > 0.0 && -dz > max_fall {
                        continue;
                    }
                    let time = self.ledge_time(-dz, a2);
                    let reach =
                        self.reach(a2, TravelType::WalkOffLedge, overlap.on_first, end, time);
                    better(&mut best, (LEDGE_RANK, overlap.length, reach));
                }
            }
        }
        // Out of a liquid area the way up is a water jump, as in botlib: it beats a barrier
        // jump or a ledge found from the (submerged) floor, not a walk.
        let walks = best.as_ref().is_some_and(|(rank, _, _)| *rank == WALK_RANK);
        if !walks && f1.liquid && !f2.liquid_deep && f2.standing {
            for e1 in &f1.surface_edges {
                for e2 in &f2.ground_edges {
                    let Some(overlap) = overlap(e1, e2) else {
                        continue;
                    };
                    let dz = overlap.on_second.z - overlap.on_first.z;
                    if dz > physics.reach_max_water_jump || dz < -WATER_JUMP_DEPTH {
                        continue;
                    }
                    let end = overlap.on_second + (overlap.outward * END_INSET).extend(0.0);
                    let reach = self.reach(
                        a2,
                        TravelType::WaterJump,
                        overlap.on_first,
                        end,
                        times.water_jump,
                    );
                    better(&mut best, (WATER_JUMP_RANK, overlap.length, reach));
                }
            }
        }
        best.map(|(_, _, reach)| reach)
    }

    /// Whether a standing box stepping just past `edge_point` (along `outward`) and falling
    /// `-dz` units comes down in `target`.
    pub(crate) fn fall_lands_in(
        &self,
        edge_point: Vec3,
        outward: Vec2,
        dz: f32,
        target: AreaId,
    ) -> bool {
        let start = edge_point + (outward * 1.0).extend(0.0) + Vec3::Z * 0.25;
        let end = start + Vec3::Z * (dz - 8.0);
        let trace = self.world.trace(start, end, PresenceType::NORMAL);
        if trace.start_solid || trace.fraction >= 1.0 {
            return false;
        }
        self.world
            .point_area(trace.end + Vec3::Z * 0.25)
            .or(trace.area)
            .is_some_and(|area| area == target)
    }
}

/// Whether two areas' bounds touch or overlap (within the edge tolerance, horizontally).
fn bounds_touch(a: &AreaFloor, b: &AreaFloor) -> bool {
    let e = EDGE_EPSILON * 2.0;
    a.mins.x <= b.maxs.x + e
        && b.mins.x <= a.maxs.x + e
        && a.mins.y <= b.maxs.y + e
        && b.mins.y <= a.maxs.y + e
}
