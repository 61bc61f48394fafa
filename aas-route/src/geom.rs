//! [`RouteGraph`] for `aas-geom`'s [`AasWorld`] (the default `aas-geom` feature): areas and
//! reachabilities as stored, faces for the clustering flood.

use std::ops::Range;

use aas_geom::world::AasWorld;

use crate::graph::{AreaContents, AreaFlags, AreaInfo, Presence, ReachInfo, RouteGraph};
use crate::ids::{AreaId, ReachId};

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
