//! [`RouteGraph`] for `aas-geom`'s [`AasWorld`] (the default `aas-geom` feature): areas and
//! reachabilities as stored, faces for the clustering flood.

use std::ops::Range;

use aas_geom::world::AasWorld;

use crate::graph::{AreaContents, AreaFlags, AreaInfo, Presence, ReachInfo, RouteGraph};
use crate::ids::{AreaId, ReachId};

/// The most pass areas reported per reachability (botlib's `MAX_REACHABILITYPASSAREAS`).
pub(crate) const MAX_PASS_AREAS: usize = 32;

impl RouteGraph for AasWorld {
    fn area_count(&self) -> usize {
        self.areas.len()
    }

    fn reach_count(&self) -> usize {
        self.reachabilities.len()
    }

    fn area(&self, area: AreaId) -> AreaInfo {
        let record = &self.areas[area.index()];
        AreaInfo {
            center: record.center,
            contents: AreaContents::from_bits_retain(record.contents.bits()),
            flags: AreaFlags::from_bits_retain(record.flags.bits()),
            presence: Presence::from_bits_retain(record.presence.bits()),
        }
    }

    fn reaches(&self, area: AreaId) -> Range<u32> {
        self.areas
            .get(area.index())
            .map_or(0..0, |record| record.reachabilities.clone())
    }

    fn reach(&self, reach: ReachId) -> ReachInfo {
        let record = &self.reachabilities[reach.index()];
        ReachInfo {
            target: AreaId(record.target.0),
            travel_type: record.travel_type.cast_unsigned(),
            travel_time: record.travel_time,
            start: record.start,
            end: record.end,
        }
    }

    /// The areas the straight line from the reachability's start to its end passes
    /// through ([`AasWorld::trace_areas`]) other than its source and target, at most
    /// 32 (botlib's `MAX_REACHABILITYPASSAREAS`).
    fn pass_areas(&self, reach: ReachId, visit: &mut dyn FnMut(AreaId)) {
        let Some(record) = self.reachabilities.get(reach.index()) else {
            return;
        };
        let source = source_area(self, reach);
        let crossings = self.trace_areas(record.start, record.end);
        for crossing in crossings
            .iter()
            .filter(|c| Some(c.area.0) != source && c.area.0 != record.target.0)
            .take(MAX_PASS_AREAS)
        {
            visit(AreaId(crossing.area.0));
        }
    }

    fn face_neighbours(&self, area: AreaId, visit: &mut dyn FnMut(AreaId)) {
        let Some(record) = self.areas.get(area.index()) else {
            return;
        };
        let refs = self
            .face_refs
            .get(record.faces.start as usize..record.faces.end as usize)
            .unwrap_or(&[]);
        for face_ref in refs {
            let Some(face) = self.faces.get(face_ref.face.index()) else {
                continue;
            };
            let other = if face_ref.back_side {
                face.front
            } else {
                face.back
            };
            if let Some(other) = other {
                visit(AreaId(other.0));
            }
        }
    }
}

/// The area reachability `reach` leaves: the one whose reachability range holds it (ranges
/// are consecutive and ascending by area).
fn source_area(world: &AasWorld, reach: ReachId) -> Option<u32> {
    let index = world
        .areas
        .partition_point(|area| area.reachabilities.end <= reach.0);
    let area = world.areas.get(index)?;
    area.reachabilities
        .contains(&reach.0)
        .then(|| u32::try_from(index).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use aas_geom::world::AasWorld;

    use crate::graph::RouteGraph;

    #[test]
    fn an_empty_world_has_no_areas() {
        let world = AasWorld::default();
        assert_eq!(world.area_count(), 0);
        assert_eq!(world.reach_count(), 0);
    }
}
