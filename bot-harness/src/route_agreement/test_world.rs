//! [`TestWorld`]: tiny hand-built [`AasWorld`]s for the routing tests (areas and reachabilities
//! only; no faces, nodes or clusters).

use aas_geom::world::{AasWorld, Area, AreaId, ClusterMembership, Reachability};
use aas_geom::world::{AreaContents, AreaFlags, PresenceType, ReachDetail, Travel, TravelType};
use glam::Vec3;

/// A world under construction; areas are numbered in creation order from 0.
#[derive(Debug, Default)]
pub(super) struct TestWorld {
    /// The world built so far.
    pub(super) world: AasWorld,
}

impl TestWorld {
    /// Adds a grounded, standing-size, empty area centred on `center`; returns its index.
    pub(super) fn area(&mut self, center: Vec3) -> u32 {
        let first = u32::try_from(self.world.reachabilities.len()).unwrap();
        self.world.areas.push(Area {
            faces: 0..0,
            mins: center - Vec3::splat(16.0),
            maxs: center + Vec3::splat(16.0),
            center,
            contents: AreaContents::empty(),
            flags: AreaFlags::GROUNDED,
            presence: PresenceType::NORMAL,
            cluster: ClusterMembership::None,
            cluster_area_num: 0,
            reachabilities: first..first,
        });
        u32::try_from(self.world.areas.len() - 1).unwrap()
    }

    /// Adds a reachability from `from` to `to` that starts at `start` and ends at `to`'s centre.
    pub(super) fn reach(&mut self, from: u32, to: u32, kind: TravelType, time: u16, start: Vec3) {
        let end = self.world.areas[to as usize].center;
        self.reach_to(from, to, kind, time, start, end);
    }

    /// Adds a reachability from `from` to `to` running from `start` to `end`, keeping the
    /// reachabilities grouped by source area.
    pub(super) fn reach_to(
        &mut self,
        from: u32,
        to: u32,
        kind: TravelType,
        time: u16,
        start: Vec3,
        end: Vec3,
    ) {
        let at = self.world.areas[from as usize].reachabilities.end;
        self.world.reachabilities.insert(
            at as usize,
            Reachability {
                target: AreaId(to),
                detail: ReachDetail::NONE,
                start,
                end,
                travel: Travel::new(kind),
                travel_time: time,
            },
        );
        for (index, area) in self.world.areas.iter_mut().enumerate() {
            if index == from as usize {
                area.reachabilities.end += 1;
            } else if area.reachabilities.start >= at {
                area.reachabilities.start += 1;
                area.reachabilities.end += 1;
            }
        }
    }
}
