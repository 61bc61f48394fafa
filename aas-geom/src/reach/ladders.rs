//! Ladder reachabilities: up a ladder onto the floor at its top, and back down.
//!
//! For every ladder face (an AAS face flagged ladder) of a ladder area: the *bottom point* is
//! where a standing box dropped just in front of the face's middle comes to rest; the *top
//! floor* is the ground edge of another area that lies within a step of the face's top, at
//! most [`BEHIND`] units behind the face's plane, and overlaps the face along it (the closest
//! such edge). The area of the bottom point gets a ladder reachability to the top floor's area
//! (start: the bottom point; end: the edge point nearest the face's middle, [`END_INSET`]
//! units onto the floor), and the top area one back down (start and end swapped). Travel
//! time: [`TravelTimes::ladder`](super::TravelTimes::ladder) both ways (botlib's constant).

use glam::{Vec2, Vec3};

use super::floor::face_polygon;
use super::{ReachContext, Reachability};
use crate::world::{AreaFlags, AreaId, FaceFlags, TravelType};

/// How far behind the ladder face's plane the top floor's edge may be (units).
const BEHIND: f32 = 32.0;
/// How far onto the top floor the end point lies (units).
const END_INSET: f32 = 4.0;
/// How far in front of the face the bottom point is dropped (units).
const IN_FRONT: f32 = 2.0;

impl ReachContext<'_> {
    /// Every ladder reachability of the world, with its source area, in area and face order.
    pub(crate) fn ladder_reachabilities(&self) -> Vec<(AreaId, Reachability)> {
        let mut found = Vec::new();
        for (index, area) in self.world.areas.iter().enumerate() {
            if !area.flags.contains(AreaFlags::LADDER) {
                continue;
            }
            let a1 = super::area_id(index);
            for face_ref in
                &self.world.face_refs[area.faces.start as usize..area.faces.end as usize]
            {
                if !self.world.faces[face_ref.face.index()]
                    .flags
                    .contains(FaceFlags::LADDER)
                {
                    continue;
                }
                let (points, normal) = face_polygon(self.world, face_ref.face, face_ref.back_side);
                if points.is_empty() {
                    continue;
                }
                if let Some(pair) = self.ladder_pair(a1, &points, normal) {
                    found.extend(pair);
                }
            }
        }
        found
    }

    /// The up and down reachabilities of one ladder face (inward normal `normal`).
    fn ladder_pair(
        &self,
        a1: AreaId,
        points: &[Vec3],
        normal: Vec3,
    ) -> Option<[(AreaId, Reachability); 2]> {
        let physics = &self.settings.physics;
        let n = normal.truncate().normalize_or_zero();
        if n == Vec2::ZERO {
            return None;
        }
        let tangent = n.perp();
        let centre = points.iter().copied().sum::<Vec3>() / points.len() as f32;
        let top = points.iter().map(|p| p.z).fold(f32::NEG_INFINITY, f32::max);
        let along = |p: Vec3| tangent.dot(p.truncate() - centre.truncate());
        let (lo, hi) = points
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
                (lo.min(along(*p)), hi.max(along(*p)))
            });
        // The floor in front of the ladder.
        let front = centre + (n * IN_FRONT).extend(0.0);
        let bottom = self.drop_to_floor(front)?;
        let bottom_area = self.floor_area(bottom).unwrap_or(a1);
        // The closest top floor edge behind the face.
        let mut best: Option<(f32, AreaId, Vec3)> = None;
        for (index, floor) in self.floors.iter().enumerate() {
            let a2 = super::area_id(index);
            if a2 == bottom_area || !floor.grounded || !floor.standing {
                continue;
            }
            if floor.maxs.z < top - physics.reach_max_step
                || floor.mins.z > top + physics.reach_max_step
            {
                continue;
            }
            for edge in &floor.ground_edges {
                let middle = (edge.a + edge.b) * 0.5;
                if (middle.z - top).abs() > physics.reach_max_step {
                    continue;
                }
                let behind = -n.dot(middle.truncate() - centre.truncate());
                if !(0.0..=BEHIND).contains(&behind) {
                    continue;
                }
                let (s0, s1) = (along(edge.a), along(edge.b));
                if s0.max(s1) < lo || s0.min(s1) > hi {
                    continue;
                }
                if best.is_none_or(|(d, _, _)| behind < d) {
                    // The edge point nearest the face's middle, onto the floor.
                    let direction = edge.b - edge.a;
                    let length2 = direction.length_squared();
                    let t = if length2 > 0.0 {
                        ((centre - edge.a).dot(direction) / length2).clamp(0.0, 1.0)
                    } else {
                        0.0
                    };
                    let end = edge.a + direction * t - (n * END_INSET).extend(0.0);
                    best = Some((behind, a2, end));
                }
            }
        }
        let (_, a2, end) = best?;
        let time = self.settings.times.ladder;
        let up = self.reach(a2, TravelType::Ladder, bottom, end, time);
        let down = self.reach(bottom_area, TravelType::Ladder, end, bottom, time);
        Some([(bottom_area, up), (a2, down)])
    }
}
