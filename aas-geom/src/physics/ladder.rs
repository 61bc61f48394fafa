//! Climbing ladders: an extension for maps with ladder surfaces (Quake III's own player
//! movement has none; botlib's ladder travel type serves the games that do).
//!
//! A player touches a ladder when the area its origin is in has a ladder face (an AAS face
//! flagged [`FaceFlags::LADDER`]) whose plane is at most [`TOUCH_DISTANCE`] away, with the
//! origin inside the face's extent along the plane (grown by the same distance). While touching
//! one and pressing towards it (or jump, or crouch), gravity is off: pressing towards the
//! ladder or jump climbs at [`ladder_speed`](super::PhysicsSettings::ladder_speed), crouch
//! climbs down, and sideways input moves along the ladder at most as fast. Over the top the
//! face ends and normal movement takes over, still rising.

use glam::Vec3;

use super::Physics;
use super::slide::Mover;
use super::state::MoveInput;
use crate::world::{AreaFlags, FaceFlags};

/// How far (units) from a ladder face's plane the origin touches the ladder.
pub(crate) const TOUCH_DISTANCE: f32 = 2.0;
/// Pressing within this cosine of straight into the ladder climbs.
const TOWARDS: f32 = 0.5;

impl Physics<'_> {
    /// The outward normal of the ladder face the origin touches, if any.
    pub(crate) fn touched_ladder(&self, origin: Vec3) -> Option<Vec3> {
        // An origin away from every ladder area is in none of them.
        if !self.ladder_bounds.meets(origin, origin) {
            return None;
        }
        let world = self.world;
        let area = world.point_area(origin)?;
        let record = world.areas.get(area.index())?;
        if !record.flags.contains(AreaFlags::LADDER) {
            return None;
        }
        let refs = world
            .face_refs
            .get(record.faces.start as usize..record.faces.end as usize)?;
        for face_ref in refs {
            let face = &world.faces[face_ref.face.index()];
            if !face.flags.contains(FaceFlags::LADDER) {
                continue;
            }
            let plane = world.planes[face.plane.index()];
            let normal = if face_ref.back_side {
                -plane.normal
            } else {
                plane.normal
            };
            let offset = if face_ref.back_side {
                -plane.dist
            } else {
                plane.dist
            };
            let distance = normal.dot(origin) - offset;
            if !(-TOUCH_DISTANCE..=TOUCH_DISTANCE).contains(&distance) {
                continue;
            }
            let (mut lo, mut hi) = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
            for edge_ref in &world.edge_refs[face.edges.start as usize..face.edges.end as usize] {
                for vertex in world.edges[edge_ref.edge.index()] {
                    let point = world.vertices[vertex.index()];
                    lo = lo.min(point);
                    hi = hi.max(point);
                }
            }
            let grow = Vec3::splat(TOUCH_DISTANCE);
            let on_plane = origin - normal * distance;
            if on_plane.cmpge(lo - grow).all() && on_plane.cmple(hi + grow).all() {
                return Some(normal);
            }
        }
        None
    }

    /// Whether `input` asks to use the ladder with outward normal `normal`.
    pub(crate) fn wants_ladder(input: &MoveInput, normal: Vec3) -> bool {
        let towards = input.speed > 0.0
            && Vec3::new(input.direction.x, input.direction.y, 0.0)
                .normalize_or_zero()
                .dot(-normal)
                > TOWARDS;
        towards || input.jump || input.crouch
    }

    /// One step on a ladder (see the [module docs](self)).
    pub(crate) fn ladder_move(&self, input: &MoveInput, normal: Vec3, player: &mut Mover) {
        let speed = self.settings.ladder_speed;
        let flat = Vec3::new(input.direction.x, input.direction.y, 0.0).normalize_or_zero();
        let towards = input.speed > 0.0 && flat.dot(-normal) > TOWARDS;
        let vertical = if input.crouch {
            -speed
        } else if towards || input.jump {
            speed
        } else {
            0.0
        };
        // Sideways along the ladder, never into or away from it.
        let along = flat - normal * flat.dot(normal);
        let sideways = along * input.speed.clamp(0.0, speed);
        player.velocity = Vec3::new(sideways.x, sideways.y, vertical);
        player.ground = None;
        self.step_slide_move(player, false);
    }
}
