//! [`RouteGraph`] for `aas-geom`'s [`AasWorld`] (the default `aas-geom` feature): areas and
//! reachabilities as stored, faces for the clustering flood.

use std::ops::Range;

use aas_geom::world::AasWorld;

use crate::graph::{AreaInfo, ReachInfo, RouteGraph};
use crate::{AreaId, ReachId};

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
            contents: record.contents,
            flags: record.flags,
            presence: record.presence,
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
            target: record.target,
            travel: record.travel,
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
            .filter(|c| Some(c.area) != source && c.area != record.target)
            .take(MAX_PASS_AREAS)
        {
            visit(crossing.area);
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
                visit(other);
            }
        }
    }
}

/// The area reachability `reach` leaves: the one whose reachability range holds it (ranges
/// are consecutive and ascending by area).
fn source_area(world: &AasWorld, reach: ReachId) -> Option<AreaId> {
    let index = world
        .areas
        .partition_point(|area| area.reachabilities.end <= reach.0);
    let area = world.areas.get(index)?;
    area.reachabilities
        .contains(&reach.0)
        .then(|| AreaId::from_index(index))
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
