//! The cost model every answer of this crate follows, documented once.
//!
//! A route from area `S` (the player at `origin` in it) to a goal area `G ≠ S` is a chain of
//! reachabilities `r₁ … r_k`: `r₁` leaves `S`, each next one leaves the area the previous one
//! leads to, `r_k` leads into `G`. It may use a reachability only when the travel flags allow
//! its type (and team bits), and enter an area only when the flags allow the area's contents
//! ([`TravelFlags::for_contents`]) and the area is not disabled. When `S` or `G` is marked "do
//! not enter", [`TravelFlags::DONOTENTER`] is added to the flags (as botlib does). Its time, in
//! hundredths of a second, is
//!
//! - the sum of the reachabilities' own travel times, plus
//! - for each area it crosses (`S` and every area before `G`), the time from where it got
//!   into the area to the start of the next reachability: from `origin` in `S`, from the end
//!   of the previous reachability elsewhere. That time is the straight distance times the
//!   area's factor ([`area_factor`]: 1.3 when only the crouching box fits, 1.0 in a liquid,
//!   0.33 otherwise), rounded, at least 1 ([`crossing_cost`]) — except in a **portal area**
//!   entered through a reachability, whose crossing always costs its
//!   [maximum crossing time](CostModel::portal_crossing) (botlib's pessimistic
//!   `portalmaxtraveltimes`): that keeps the time onward from a portal independent of how it
//!   was entered, which is what lets the clustered caches be exact.
//!
//! The answer is the least time of all routes, with the first reachability of a route that
//! takes it; no route, or a least time above `u16::MAX`, is "unreachable". `S = G` takes no
//! time and no reachability.
//!
//! ## Option: no in-area crossing
//!
//! A graph whose areas are points (a waypoint graph, where a link's length already is the
//! whole cost) routes with the in-area crossing switched off
//! ([`CostModel::without_crossing`], [`RouterSettings::crossing`](crate::RouterSettings::crossing)
//! `= false`): every crossing then costs 0 — of the start, of every area before the goal,
//! and of portal areas (their maximum crossing is 0 too) — so a route's time is just the sum
//! of its reachabilities' travel times. The rest of the model is unchanged (flags, disabled
//! areas, first reachability), except that a least time of **exactly** `u16::MAX` is
//! unreachable as well ([`CostModel::answer_time`]): with crossings of at least 1, the
//! clustered caches can store `u16::MAX` as "unreachable" and lose nothing; without them,
//! that value must be excluded from the answers. The reference search and the router both
//! take the option from the model, so they answer alike. Crossing is on by default.

use glam::Vec3;

use crate::graph::{AreaInfo, RouteGraph};
use crate::{AreaFlags, AreaId, ReachId, TravelFlags};

/// Hundredths of a second per unit in an area only the crouching box fits (botlib's value).
pub const CROUCH_FACTOR: f64 = 1.3;
/// Hundredths of a second per unit in a liquid area (botlib's value).
pub const LIQUID_FACTOR: f64 = 1.0;
/// Hundredths of a second per unit elsewhere (walking at about 300 units per second).
pub const WALK_FACTOR: f64 = 0.33;

/// The in-area time factor of an area: crouch-only first, then liquid, then walking.
#[must_use]
pub fn area_factor(area: &AreaInfo) -> f64 {
    if area.crouch_only() {
        CROUCH_FACTOR
    } else if area.liquid() {
        LIQUID_FACTOR
    } else {
        WALK_FACTOR
    }
}

/// The time (hundredths of a second) to cross an area with factor `factor` from `from` to
/// `to`: the distance times the factor, rounded half away from zero, at least 1. Computed in
/// `f64`.
#[must_use]
pub fn crossing_cost(from: Vec3, to: Vec3, factor: f64) -> u32 {
    let distance = from.as_dvec3().distance(to.as_dvec3());
    round_half_up(distance * factor).max(1)
}

/// `value.round() as u32` for a non-negative `value` (half away from zero, saturating; NaN
/// gives 0), without the library call `f64::round` compiles to: the truncation is exact, and
/// so is the fraction `value - truncation`.
fn round_half_up(value: f64) -> u32 {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "non-negative, and saturating far beyond any map's size"
    )]
    let whole = value as u32;
    let fraction = value - f64::from(whole);
    whole.saturating_add(u32::from(fraction >= 0.5))
}

/// The per-area part of the cost model over one graph: factors, which areas are portals and
/// what crossing them costs, which areas are disabled.
#[derive(Debug, Clone, PartialEq)]
pub struct CostModel {
    factors: Vec<f64>,
    /// Per area: the maximum crossing time when it is a portal area.
    portal_crossing: Vec<Option<u32>>,
    /// Per area: the travel flags entering it requires.
    area_flags: Vec<TravelFlags>,
    /// Per area: whether routes may not enter it.
    disabled: Vec<bool>,
    /// Whether crossing an area costs time (the default), or every crossing costs 0
    /// ([`without_crossing`](Self::without_crossing)).
    crossing: bool,
}

impl CostModel {
    /// The model of `graph` with the portal areas `portals` (their maximum crossing times are
    /// computed here); areas flagged [`AreaFlags::DISABLED`] start disabled.
    #[must_use]
    pub fn new(graph: &impl RouteGraph, portals: &[AreaId]) -> Self {
        let areas: Vec<AreaInfo> = (0..graph.area_count())
            .map(|i| graph.area(AreaId::from_index(i)))
            .collect();
        let mut model = Self {
            factors: areas.iter().map(area_factor).collect(),
            portal_crossing: vec![None; areas.len()],
            area_flags: areas
                .iter()
                .map(|area| TravelFlags::for_contents(area.contents))
                .collect(),
            disabled: areas
                .iter()
                .map(|a| a.flags.contains(AreaFlags::DISABLED))
                .collect(),
            crossing: true,
        };
        let mut entries: Vec<Vec<Vec3>> = vec![Vec::new(); areas.len()];
        for reach in 0..graph.reach_count() {
            let info = graph.reach(ReachId::from_index(reach));
            if let Some(list) = entries.get_mut(info.target.index()) {
                list.push(info.end);
            }
        }
        for &portal in portals {
            let Some(&factor) = model.factors.get(portal.index()) else {
                continue;
            };
            let mut worst = 1;
            for exit in graph.reaches(portal) {
                let start = graph.reach(ReachId(exit)).start;
                for &entry in &entries[portal.index()] {
                    worst = worst.max(crossing_cost(entry, start, factor));
                }
            }
            model.portal_crossing[portal.index()] = Some(worst);
        }
        model
    }

    /// The same model with the in-area crossing switched off (see the
    /// [module docs](self#option-no-in-area-crossing)): every [`crossing`](Self::crossing)
    /// and every [`portal_crossing`](Self::portal_crossing) costs 0, so a route's time is the
    /// sum of its reachabilities' travel times — for graphs whose areas are points, such as
    /// waypoint graphs.
    #[must_use]
    pub fn without_crossing(mut self) -> Self {
        self.crossing = false;
        for max in self.portal_crossing.iter_mut().flatten() {
            *max = 0;
        }
        self
    }

    /// Whether crossing an area costs time (`true` unless built
    /// [`without_crossing`](Self::without_crossing)).
    #[must_use]
    pub fn has_crossing(&self) -> bool {
        self.crossing
    }

    /// The least time any crossing costs: 1 with crossing on ([`crossing_cost`] is at least
    /// 1), 0 without.
    #[must_use]
    pub fn min_crossing(&self) -> u32 {
        u32::from(self.crossing)
    }

    /// The answer for a least route time of `time`: the time when the model counts it
    /// reachable — at most `u16::MAX` with crossing on, below `u16::MAX` without (see the
    /// [module docs](self#option-no-in-area-crossing)) — else `None`.
    #[must_use]
    pub fn answer_time(&self, time: u64) -> Option<u16> {
        let time = u16::try_from(time).ok()?;
        (self.crossing || time != u16::MAX).then_some(time)
    }

    /// How many areas the model covers.
    #[must_use]
    pub fn area_count(&self) -> usize {
        self.factors.len()
    }

    /// The in-area factor of `area`.
    #[must_use]
    pub fn factor(&self, area: AreaId) -> f64 {
        self.factors[area.index()]
    }

    /// The maximum crossing time of `area` when it is a portal area: the largest
    /// [`crossing_cost`] from the end of a reachability into it to the start of one leaving it
    /// (at least 1; 0 [`without_crossing`](Self::without_crossing)).
    #[must_use]
    pub fn portal_crossing(&self, area: AreaId) -> Option<u32> {
        self.portal_crossing[area.index()]
    }

    /// Whether `area` is disabled.
    #[must_use]
    pub fn is_disabled(&self, area: AreaId) -> bool {
        self.disabled[area.index()]
    }

    /// Disables (`enabled = false`) or re-enables `area`.
    pub fn set_enabled(&mut self, area: AreaId, enabled: bool) {
        self.disabled[area.index()] = !enabled;
    }

    /// The flags a route needs to enter `area`.
    #[must_use]
    pub fn area_flags(&self, area: AreaId) -> TravelFlags {
        self.area_flags[area.index()]
    }

    /// Whether a route under `flags` may enter `area`.
    #[must_use]
    pub fn can_enter(&self, area: AreaId, flags: TravelFlags) -> bool {
        !self.disabled[area.index()] && flags.allow(self.area_flags[area.index()])
    }

    /// The flags a query from `start` to `goal` routes with: `flags`, plus "do not enter" when
    /// either area is marked so.
    #[must_use]
    pub fn query_flags(&self, start: AreaId, goal: AreaId, flags: TravelFlags) -> TravelFlags {
        let marked = |a: AreaId| {
            self.area_flags
                .get(a.index())
                .is_some_and(|f| f.contains(TravelFlags::DONOTENTER))
        };
        if marked(start) || marked(goal) {
            flags | TravelFlags::DONOTENTER
        } else {
            flags
        }
    }

    /// The time to cross `area` from `entry` to `exit`; `entered` tells whether the route got
    /// in through a reachability (then a portal area costs its maximum crossing time) or
    /// starts there. Always 0 [`without_crossing`](Self::without_crossing).
    #[must_use]
    pub fn crossing(&self, area: AreaId, entry: Vec3, exit: Vec3, entered: bool) -> u32 {
        if !self.crossing {
            return 0;
        }
        match self.portal_crossing[area.index()] {
            Some(max) if entered => max,
            _ => crossing_cost(entry, exit, self.factors[area.index()]),
        }
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec3;
    use proptest::prelude::*;

    use super::{crossing_cost, round_half_up};

    /// The reference rounding [`round_half_up`] replaces.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "the cast under test"
    )]
    fn library_round(value: f64) -> u32 {
        value.round() as u32
    }

    #[test]
    fn rounding_matches_the_library_at_the_edges() {
        for value in [
            0.0,
            0.5,
            0.499_999_999_999_999_94,
            1.5,
            2.5,
            65_535.5,
            f64::from(u32::MAX),
            f64::from(u32::MAX) + 0.25,
            f64::from(u32::MAX) + 0.5,
            1e12,
            f64::INFINITY,
            f64::NAN,
        ] {
            assert_eq!(round_half_up(value), library_round(value), "{value}");
        }
    }

    proptest! {
        #[test]
        fn rounding_matches_the_library(value in 0.0_f64..1e6, half in 0_u32..100_000) {
            prop_assert_eq!(round_half_up(value), library_round(value));
            let tie = f64::from(half) + 0.5;
            prop_assert_eq!(round_half_up(tie), library_round(tie));
        }
    }

    #[test]
    fn crossing_costs_round_and_are_at_least_one() {
        assert_eq!(crossing_cost(Vec3::ZERO, Vec3::ZERO, 0.33), 1);
        assert_eq!(
            crossing_cost(Vec3::ZERO, Vec3::new(100.0, 0.0, 0.0), 0.33),
            33
        );
        assert_eq!(
            crossing_cost(Vec3::ZERO, Vec3::new(0.0, 150.0, 0.0), 0.33),
            50
        );
        assert_eq!(
            crossing_cost(Vec3::ZERO, Vec3::new(0.0, 0.0, 10.0), 1.3),
            13
        );
    }
}
