//! [`RouteGraph`]: what the router needs to know about a world — its areas (centre, contents,
//! flags, presence) and the reachabilities leaving each area (target, travel type, travel time,
//! start and end points). `aas-geom`'s world implements it behind the default `aas-geom`
//! feature; any other graph (a waypoint graph, a hand-made test graph) can too.

use std::ops::Range;

use bitflags::bitflags;
use glam::Vec3;

use crate::ids::{AreaId, ReachId};

bitflags! {
    /// What an area holds (the values of Quake III's `AREACONTENTS_*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct AreaContents: u32 {
        /// Water.
        const WATER = 1;
        /// Lava.
        const LAVA = 2;
        /// Slime.
        const SLIME = 4;
        /// A map-authored cluster portal.
        const CLUSTERPORTAL = 8;
        /// A teleporter's destination portal.
        const TELEPORTAL = 16;
        /// A route portal.
        const ROUTEPORTAL = 32;
        /// A teleporter trigger.
        const TELEPORTER = 64;
        /// A jump-pad trigger.
        const JUMPPAD = 128;
        /// Bots should not enter it.
        const DONOTENTER = 256;
        /// A view portal.
        const VIEWPORTAL = 512;
        /// On a mover.
        const MOVER = 1024;
        /// Not for team 1.
        const NOTTEAM1 = 2048;
        /// Not for team 2.
        const NOTTEAM2 = 4096;
        /// Bits this crate does not interpret are kept.
        const _ = !0;
    }
}

bitflags! {
    /// Properties of an area (the values of Quake III's `AREA_*` flags).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct AreaFlags: u32 {
        /// A player can stand on its floor.
        const GROUNDED = 1;
        /// It holds a ladder.
        const LADDER = 2;
        /// It holds a liquid.
        const LIQUID = 4;
        /// Routing may not enter it (a closed door, say).
        const DISABLED = 8;
        /// On a bridge.
        const BRIDGE = 16;
        /// Bits this crate does not interpret are kept.
        const _ = !0;
    }
}

bitflags! {
    /// Which player boxes fit in an area (Quake III's `PRESENCE_*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct Presence: u32 {
        /// The standing box fits.
        const NORMAL = 2;
        /// The crouching box fits.
        const CROUCH = 4;
        /// Bits this crate does not interpret are kept.
        const _ = !0;
    }
}

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
    pub presence: Presence,
}

impl AreaInfo {
    /// Whether only the crouching box fits.
    #[must_use]
    pub fn crouch_only(&self) -> bool {
        self.presence.contains(Presence::CROUCH) && !self.presence.contains(Presence::NORMAL)
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
    /// The Quake III `traveltype` field: the travel type (1..=19) in the low 24 bits, the
    /// team bits (`TRAVELFLAG_NOTTEAM1 = 1 << 24`, `TRAVELFLAG_NOTTEAM2 = 2 << 24`) above.
    pub travel_type: u32,
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
