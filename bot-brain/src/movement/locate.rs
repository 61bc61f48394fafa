//! Point look-ups on the AAS world: where a player standing at an item is, and in which area.

use aas_geom::world::{AasWorld, AreaContents, AreaFlags, AreaId, PresenceType};
use glam::Vec3;

/// Heights above an item's origin tried, in order, for open space to drop the standing box
/// from: an item resting on the floor has its origin 15 units up, below the lowest origin of
/// a standing player (24 up), so its own point is usually in the floor of the AAS.
const LIFTS: [f32; 7] = [0.0, 9.0, 16.0, 24.0, 32.0, 48.0, 64.0];
/// How far below that point the floor is looked for.
const FLOOR_PROBE: f32 = 512.0;

/// Where a player touching an item at `origin` is, and its area: the standing box (or, under
/// a ceiling too low to stand, the crouching box: both have their origin 24 units above the
/// floor) dropped from the first open point at or a little above `origin` (up to 64 units)
/// onto the floor below it (or into the liquid there). `None` for an item in solid, floating
/// over a void, or above a floor that is farther than 512 units below it.
pub fn standing_spot(world: &AasWorld, origin: Vec3) -> Option<(Vec3, AreaId)> {
    LIFTS.iter().find_map(|&lift| {
        let start = origin + Vec3::Z * lift;
        let area = world.point_area(start)?;
        let presence = world.areas.get(area.index())?.presence;
        let presence = if presence.contains(PresenceType::NORMAL) {
            PresenceType::NORMAL
        } else if presence.contains(PresenceType::CROUCH) {
            PresenceType::CROUCH
        } else {
            return None;
        };
        let trace = world.trace(start, start - Vec3::Z * FLOOR_PROBE, presence);
        if trace.start_solid || trace.fraction >= 1.0 {
            return None;
        }
        let end_area = world.point_area(trace.end).or(trace.area)?;
        Some((trace.end, end_area))
    })
}

/// Horizontal offsets (units) of the points of a standing player's box tried when its
/// origin's area has no way out.
const BOX_OFFSETS: [f32; 3] = [0.0, -15.0, 15.0];
/// Vertical offsets (units, from the origin) of those points: the origin, the feet, the head.
const BOX_HEIGHTS: [f32; 3] = [0.0, -23.0, 31.0];

/// The area a player at `origin` is routed from: the origin's area when it has a
/// reachability out (or is `keep`, the goal's area), else the area with one nearest the
/// origin among points of the player's box (botlib's fuzzy reachability area: a player on the
/// fringe of a sliver area the compiler left without exits still routes from where its box
/// stands). `None` when no point of the box is in an area.
#[must_use]
pub fn routing_area(world: &AasWorld, origin: Vec3, keep: Option<AreaId>) -> Option<AreaId> {
    let area = world.point_area(origin);
    let exits = |a: AreaId| !world.reachabilities_of(a).is_empty();
    if area.is_some_and(|a| exits(a) || Some(a) == keep) {
        return area;
    }
    let mut best: Option<(f32, AreaId)> = None;
    for dz in BOX_HEIGHTS {
        for dx in BOX_OFFSETS {
            for dy in BOX_OFFSETS {
                let offset = Vec3::new(dx, dy, dz);
                let Some(found) = world.point_area(origin + offset).filter(|&a| exits(a)) else {
                    continue;
                };
                let distance = offset.length();
                if best.is_none_or(|(d, _)| distance < d) {
                    best = Some((distance, found));
                }
            }
        }
    }
    best.map(|(_, found)| found).or(area)
}

/// Whether a player can stand in `area` (its ground is walkable, or it is a liquid).
pub fn standable(world: &AasWorld, area: AreaId) -> bool {
    world.areas.get(area.index()).is_some_and(|record| {
        record
            .flags
            .intersects(AreaFlags::GROUNDED | AreaFlags::LIQUID)
    })
}

/// Whether `area` lies inside a jump pad's or a teleporter's trigger (a player entering it is
/// thrown or moved away).
pub fn in_trigger(world: &AasWorld, area: AreaId) -> bool {
    world.areas.get(area.index()).is_some_and(|record| {
        record
            .contents
            .intersects(AreaContents::JUMPPAD | AreaContents::TELEPORTER)
    })
}

/// Whether only a crouching player fits in `area`.
pub fn crouch_only(world: &AasWorld, area: AreaId) -> bool {
    world
        .areas
        .get(area.index())
        .is_some_and(|record| !record.presence.contains(PresenceType::NORMAL))
}

/// The horizontal part of `v`.
pub(super) fn flat(v: Vec3) -> Vec3 {
    Vec3::new(v.x, v.y, 0.0)
}

/// The horizontal distance between `a` and `b`.
pub(super) fn horizontal(a: Vec3, b: Vec3) -> f32 {
    flat(a - b).length()
}
