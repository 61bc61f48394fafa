//! Elevator (`func_plat`) and bobbing-platform (`func_bobbing`) reachabilities (thesis §6.4).
//!
//! Around a platform standing at some position, the *landing areas* are the grounded areas a
//! player walks onto from the platform, or onto it from: a standing box is dropped at eight
//! points around the platform's top (16 units past its edges and corners), and kept when it
//! comes to rest within a step of the platform's top.
//!
//! - **Elevator**: only upwards (the plat rises when stood on): from every landing area at the
//!   bottom position to every landing area at the top; start on the platform at the bottom,
//!   end where the box came to rest at the top. Travel time `start_elevator + height × 100 /
//!   speed`; the detail ([`ReachDetail::Elevator`]) holds the platform's model number and its
//!   height, as bspc stores them.
//! - **Bobbing platform**: both ways between the landing areas at its two extreme positions;
//!   start on the platform at the start position, end at the landing point. The detail
//!   ([`ReachDetail::FuncBob`]) holds the model number.

use glam::{Vec2, Vec3};

use super::travel_time::centiseconds;
use super::{ReachContext, Reachability};
use crate::entities::MapEntities;
use crate::physics::STANDING_MINS;
use crate::world::{AreaId, ReachDetail, TravelType};

/// How far past the platform's edge the landing points are looked for.
const AROUND: f32 = 16.0;

impl ReachContext<'_> {
    /// The landing areas around a platform whose top is the rectangle `mins.xy..maxs.xy` at
    /// height `top`: each with the point where a standing player rests in it.
    fn landing_areas(&self, mins: Vec3, maxs: Vec3, top: f32) -> Vec<(AreaId, Vec3)> {
        let centre = ((mins + maxs) * 0.5).truncate();
        let half = ((maxs - mins) * 0.5).truncate();
        let standing = top - STANDING_MINS.z;
        let mut found: Vec<(AreaId, Vec3)> = Vec::new();
        for (dx, dy) in [
            (1.0, 0.0),
            (-1.0, 0.0),
            (0.0, 1.0),
            (0.0, -1.0),
            (1.0, 1.0),
            (1.0, -1.0),
            (-1.0, 1.0),
            (-1.0, -1.0),
        ] {
            let offset = Vec2::new(
                dx * (half.x + AROUND - STANDING_MINS.x),
                dy * (half.y + AROUND - STANDING_MINS.y),
            );
            let probe = (centre + offset).extend(standing + self.settings.physics.reach_max_step);
            if self.world.point_area(probe).is_none() {
                continue;
            }
            let Some(rest) = self.drop_to_floor(probe) else {
                continue;
            };
            if (rest.z - standing).abs() > self.settings.physics.reach_max_step {
                continue;
            }
            let Some(area) = self.floor_area(rest) else {
                continue;
            };
            if self.floors[area.index()].grounded && !found.iter().any(|(a, _)| *a == area) {
                found.push((area, rest));
            }
        }
        found
    }

    /// Elevator reachabilities, with their source areas, in entity order.
    pub(crate) fn elevator_reachabilities(
        &self,
        entities: &MapEntities,
    ) -> Vec<(AreaId, Reachability)> {
        let mut found = Vec::new();
        let times = &self.settings.times;
        for plat in &entities.plats {
            let (bottom_mins, bottom_maxs) = plat.bottom_bounds();
            let bottom = self.landing_areas(bottom_mins, bottom_maxs, bottom_maxs.z);
            let top = self.landing_areas(plat.mins, plat.maxs, plat.maxs.z);
            let centre = ((bottom_mins + bottom_maxs) * 0.5).truncate();
            let start = centre.extend(bottom_maxs.z - STANDING_MINS.z);
            let climb = if plat.speed > 0.0 {
                plat.height * 100.0 / plat.speed
            } else {
                0.0
            };
            let time = times.start_elevator.saturating_add(centiseconds(climb));
            for &(from, _) in &bottom {
                for &(to, end) in &top {
                    if from == to {
                        continue;
                    }
                    let mut reach = self.reach(to, TravelType::Elevator, start, end, time);
                    reach.detail = ReachDetail::Elevator {
                        model: i32::try_from(plat.model).unwrap_or(0),
                        height: i32::from(centiseconds(plat.height)),
                    };
                    found.push((from, reach));
                }
            }
        }
        found
    }

    /// Bobbing-platform reachabilities, with their source areas, in entity order.
    pub(crate) fn bobbing_reachabilities(
        &self,
        entities: &MapEntities,
    ) -> Vec<(AreaId, Reachability)> {
        let mut found = Vec::new();
        for bobbing in &entities.bobbers {
            let delta = bobbing.axis * bobbing.height;
            let ends = [
                (bobbing.mins + delta, bobbing.maxs + delta),
                (bobbing.mins - delta, bobbing.maxs - delta),
            ];
            let areas: Vec<Vec<(AreaId, Vec3)>> = ends
                .iter()
                .map(|(mins, maxs)| self.landing_areas(*mins, *maxs, maxs.z))
                .collect();
            for (from_end, to_end) in [(0, 1), (1, 0)] {
                let (mins, maxs) = ends[from_end];
                let start = ((mins + maxs) * 0.5)
                    .truncate()
                    .extend(maxs.z - STANDING_MINS.z);
                for &(from, _) in &areas[from_end] {
                    for &(to, end) in &areas[to_end] {
                        if from == to {
                            continue;
                        }
                        let mut reach = self.reach(
                            to,
                            TravelType::FuncBob,
                            start,
                            end,
                            self.settings.times.func_bob,
                        );
                        reach.detail = ReachDetail::FuncBob {
                            first: i32::try_from(bobbing.model & 0xFFFF).unwrap_or(0),
                            second: 0,
                        };
                        found.push((from, reach));
                    }
                }
            }
        }
        found
    }
}
