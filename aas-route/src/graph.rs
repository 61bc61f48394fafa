//! [`RouteGraph`]: what the router needs to know about a world — its areas (centre, contents,
//! flags, presence) and the reachabilities leaving each area (target, travel type, travel time,
//! start and end points). `aas-geom`'s world implements it behind the default `aas-geom`
//! feature; any other graph (a waypoint graph, a hand-made test graph) can too.

use std::ops::Range;

use aas_types::{AreaContents, AreaFlags, AreaId, PresenceType, ReachId, Travel};
use glam::Vec3;

/// The routing-relevant description of one area.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AreaInfo {
    /// The area's centre (Quake units).
    pub center: Vec3,
    /// What it holds.
    pub contents: AreaContents,
    /// Its flags.
    pub flags: AreaFlags,
    /// The boxes that fit in it.
    pub presence: PresenceType,
}

impl AreaInfo {
    /// Whether only the crouching box fits.
    #[must_use]
    pub fn crouch_only(&self) -> bool {
        self.presence.contains(PresenceType::CROUCH)
            && !self.presence.contains(PresenceType::NORMAL)
    }

    /// Whether it holds water, lava or slime.
    #[must_use]
    pub fn liquid(&self) -> bool {
        self.flags.contains(AreaFlags::LIQUID)
            || self
                .contents
                .intersects(AreaContents::WATER | AreaContents::LAVA | AreaContents::SLIME)
    }
}

/// One reachability: a directed link from its source area to `target`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReachInfo {
    /// The area it leads to.
    pub target: AreaId,
    /// How it is travelled: its travel type and the teams that may not use it.
    pub travel: Travel,
    /// Its own travel time, in hundredths of a second.
    pub travel_time: u16,
    /// Where it starts, in its source area.
    pub start: Vec3,
    /// Where it ends, in `target`.
    pub end: Vec3,
}

/// A graph the router can route over.
///
/// Areas are `0..area_count()`; the reachabilities leaving an area have consecutive ids
/// ([`reaches`](Self::reaches)), and reachability ids are `0..reach_count()`.
pub trait RouteGraph {
    /// How many areas there are.
    fn area_count(&self) -> usize;

    /// How many reachabilities there are.
    fn reach_count(&self) -> usize;

    /// The description of `area`.
    ///
    /// # Panics
    /// May panic when `area` is not below [`area_count`](Self::area_count).
    fn area(&self, area: AreaId) -> AreaInfo;

    /// The ids of the reachabilities leaving `area`.
    fn reaches(&self, area: AreaId) -> Range<u32>;

    /// Reachability `reach`.
    ///
    /// # Panics
    /// May panic when `reach` is not below [`reach_count`](Self::reach_count).
    fn reach(&self, reach: ReachId) -> ReachInfo;

    /// Calls `visit` with every area sharing a face with `area` (clustering floods through
    /// faces as well as reachabilities). The default knows no faces.
    fn face_neighbours(&self, area: AreaId, visit: &mut dyn FnMut(AreaId)) {
        let _ = (area, visit);
    }

    /// Calls `visit` with the areas reachability `reach` passes through between its source
    /// and its target (neither included), in order — botlib's per-reachability pass areas,
    /// which route prediction checks for stop contents. The default knows none (graphs
    /// without geometry, such as waypoint graphs).
    fn pass_areas(&self, reach: ReachId, visit: &mut dyn FnMut(AreaId)) {
        let _ = (reach, visit);
    }
}
