//! The scan of a start area's exits against a cache: each allowed reachability leaving the
//! start offers its start crossing plus its cached time to the query's best answer. Two
//! forms: [`HomeScan`] for a start that is a member of one cluster with every exit local to
//! it (its exits' local states are consecutive, so one slice of the cache lines up with its
//! exits), and [`offer`] over a prepared list of [`GeneralExit`]s for the rest (portal
//! starts, whose exits are local to one cluster or two).

use glam::Vec3;

use super::layout::{Exit, TwoSlots};
use crate::cost::{CostModel, crossing_cost};
use crate::{ReachId, TravelFlags};

/// The best answer so far: (time, first reachability); ties go to the lower reachability.
pub(super) type Best = Option<(u32, ReachId)>;

/// The crossing of an exit not computed yet.
pub(super) const UNKNOWN: u32 = u32::MAX;

/// What the start's crossing depends on: exactly [`CostModel::crossing`] of the start (not
/// entered), computed here so it is only paid for exits that could still win.
#[derive(Debug, Clone, Copy)]
pub(super) struct StartCrossing {
    pub(super) origin: Vec3,
    pub(super) factor: f64,
    /// Whether the model charges crossings at all.
    pub(super) on: bool,
}

impl StartCrossing {
    /// The crossing from the origin to `begin`.
    fn to(&self, begin: Vec3) -> u32 {
        if self.on {
            crossing_cost(self.origin, begin, self.factor)
        } else {
            0
        }
    }

    /// The least crossing any exit costs (1 with crossing, 0 without).
    fn least(&self) -> u32 {
        u32::from(self.on)
    }
}

/// Offers `time` through `reach` to `best` (ties to the lower reachability).
fn lower(best: &mut Best, time: u32, reach: ReachId) {
    if best.is_none_or(|b| (time, reach) < b) {
        *best = Some((time, reach));
    }
}

/// The exits of a start that is a member of one cluster, every exit local to it: exit `i` is
/// reachability `first_reach + i` and local state `first_state + i`.
pub(super) struct HomeScan<'a> {
    /// The start's exits, in reachability order.
    pub(super) exits: &'a [Exit],
    /// The id of the first.
    pub(super) first_reach: u32,
    /// The local state of the first.
    pub(super) first_state: usize,
    pub(super) from: StartCrossing,
    /// The query flags.
    pub(super) flags: TravelFlags,
    /// The model, when some area is disabled (else the per-exit test is skipped).
    pub(super) disabled: Option<&'a CostModel>,
    /// Per exit: its crossing, or [`UNKNOWN`] (computed once per query); empty when the
    /// exits are offered only once (then nothing is remembered).
    pub(super) crossings: &'a mut [u32],
}

impl HomeScan<'_> {
    /// Lowers `best` with each allowed exit's crossing plus its time in `cache` (times by
    /// local state) plus `rest`. An exit's flags are tested, and its crossing (a square
    /// root) computed, only when it could still beat or tie `best`.
    pub(super) fn offer(&mut self, best: &mut Best, cache: &[u16], rest: u32) {
        let least = self.from.least();
        let times = &cache[self.first_state..self.first_state + self.exits.len()];
        for (i, (exit, &cached)) in self.exits.iter().zip(times).enumerate() {
            if cached == u16::MAX {
                continue;
            }
            let floor = u32::from(cached) + rest;
            if best.is_some_and(|(time, _)| floor + least > time) {
                continue;
            }
            if !self.flags.allow(exit.enter)
                || self.disabled.is_some_and(|m| m.is_disabled(exit.target))
            {
                continue;
            }
            let crossing = if self.crossings.is_empty() {
                self.from.to(exit.begin)
            } else {
                let known = &mut self.crossings[i];
                if *known == UNKNOWN {
                    *known = self.from.to(exit.begin);
                }
                *known
            };
            let index = u32::try_from(i).unwrap_or(u32::MAX);
            lower(best, crossing + floor, ReachId(self.first_reach + index));
        }
    }
}

/// An allowed reachability leaving a start of the general path.
#[derive(Debug, Clone, Copy)]
pub(super) struct GeneralExit {
    pub(super) reach: ReachId,
    /// The crossing of the start from the origin to its start point, or [`UNKNOWN`].
    pub(super) crossing: u32,
    /// Its start point.
    pub(super) begin: Vec3,
    /// The clusters it is local to, with its local state there.
    pub(super) slots: TwoSlots,
}

/// Lowers `best` with each exit of `local` (index in `exits`, local state) whose cached time
/// to the cache's goal is known, plus `rest` after it. An exit's crossing (at least `from`'s
/// least crossing) is computed, once, only when the exit could still beat or tie `best`.
pub(super) fn offer(
    best: &mut Best,
    exits: &mut [GeneralExit],
    local: &[(u32, u32)],
    cache: &[u16],
    rest: u32,
    from: &StartCrossing,
) {
    let least = from.least();
    for &(index, state) in local {
        let cached = cache[state as usize];
        if cached == u16::MAX {
            continue;
        }
        let floor = u32::from(cached) + rest;
        if best.is_some_and(|(time, _)| floor + least > time) {
            continue;
        }
        let exit = &mut exits[index as usize];
        if exit.crossing == UNKNOWN {
            exit.crossing = from.to(exit.begin);
        }
        lower(best, exit.crossing + floor, exit.reach);
    }
}

/// Buffers a query reuses.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// The general path's allowed reachabilities leaving the start.
    pub(super) exits: Vec<GeneralExit>,
    /// The general path's exits local to one cluster: (index in `exits`, local state).
    pub(super) local: Vec<(u32, u32)>,
    /// The fast path's per-exit crossings.
    pub(super) crossings: Vec<u32>,
    /// One cluster's portals worth trying: (onward time, portal), nearest first.
    pub(super) portals: Vec<(u16, crate::PortalId)>,
}
