//! Swim reachabilities (thesis §6.4): between two liquid areas through a face they share,
//! when a player at the face's centre would be under the surface (into an area a standing
//! player fits). A face above the surface (under a liquid layer too thin to swim into) is not
//! swum through: the area under it gets the layer's water jumps instead (`edge_pairs.rs`).

use glam::Vec3;

use super::{ReachContext, Reachability};
use crate::physics::{CROUCHING_MAXS, STANDING_MINS};
use crate::world::{AreaId, FaceRef, PresenceType, ReachDetail, TravelType};

/// How far into the target area the end point lies.
const END_INSET: f32 = 2.0;

impl ReachContext<'_> {
    /// The swim reachability from `a1` to `a2`, if they are liquid areas sharing a face whose
    /// centre is under the surface, and the standing box fits in `a2`.
    pub(crate) fn swim_reachability(&self, a1: AreaId, a2: AreaId) -> Option<Reachability> {
        let (f1, f2) = (&self.floors[a1.index()], &self.floors[a2.index()]);
        if !f1.liquid || !f2.liquid || !f2.standing {
            return None;
        }
        let area = &self.world.areas[a1.index()];
        for face_ref in &self.world.face_refs[area.faces.start as usize..area.faces.end as usize] {
            let face = &self.world.faces[face_ref.face.index()];
            let other = if face_ref.back_side {
                face.front
            } else {
                face.back
            };
            if other != Some(a2) {
                continue;
            }
            let (points, into_a1) =
                super::floor::face_polygon(self.world, face_ref.face, face_ref.back_side);
            if points.is_empty() {
                continue;
            }
            let center = points.iter().copied().sum::<Vec3>() / points.len() as f32;
            if !self.origin_submerged(center) {
                continue;
            }
            let end = center - into_a1 * END_INSET;
            let mut reach = self.reach(a2, TravelType::Swim, center, end, self.settings.times.swim);
            reach.detail = ReachDetail::Crossing {
                face: Some(FaceRef {
                    face: face_ref.face,
                    back_side: false,
                }),
                edge: None,
            };
            return Some(reach);
        }
        None
    }

    /// Whether a player origin at `point` is under a liquid's surface: the box lifted so that
    /// its feet are at `point` (or as far as a ceiling lets it, with the crouching box) is in a
    /// liquid area.
    pub(crate) fn origin_submerged(&self, point: Vec3) -> bool {
        !self
            .physics
            .liquid_lifted(
                point,
                -STANDING_MINS.z,
                PresenceType::CROUCH,
                STANDING_MINS,
                CROUCHING_MAXS,
                0.0,
            )
            .is_empty()
    }
}
