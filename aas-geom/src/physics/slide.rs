//! Sliding along surfaces: velocity clipping, the slide move and the step-up slide move of
//! Quake III's player movement (described in words in the module docs of [`super`]).

use glam::Vec3;

use super::Physics;
use super::state::Ground;
use crate::world::PresenceType;

/// At most this many surfaces are slid along in one step.
const MAX_CLIP_PLANES: usize = 5;
/// At most this many moves (the first and one after each surface hit) in one step.
const MAX_BUMPS: usize = 4;

/// `velocity` with its component into the surface of `normal` removed, overshooting by
/// `overclip` so that the player moves slightly away from the surface.
#[must_use]
pub(crate) fn clip_velocity(velocity: Vec3, normal: Vec3, overclip: f32) -> Vec3 {
    let backoff = velocity.dot(normal);
    let backoff = if backoff < 0.0 {
        backoff * overclip
    } else {
        backoff / overclip
    };
    velocity - normal * backoff
}

/// The moving player during one step.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mover {
    pub(crate) origin: Vec3,
    pub(crate) velocity: Vec3,
    pub(crate) ground: Option<Ground>,
    pub(crate) presence: PresenceType,
    pub(crate) mins: Vec3,
    pub(crate) maxs: Vec3,
    /// Simulated time at the end of the step (movers are where they will be).
    pub(crate) time: f32,
    /// A non-walkable surface was hit.
    pub(crate) hit_wall: bool,
}

impl Physics<'_> {
    fn trace_mover(&self, player: &Mover, start: Vec3, end: Vec3) -> super::collide::MoveTrace {
        self.trace_box(
            start,
            end,
            player.presence,
            player.mins,
            player.maxs,
            player.time,
        )
    }

    /// Moves the player along its velocity for one frame, sliding along every surface hit;
    /// with `gravity`, the velocity changes by gravity over the frame and the move uses the
    /// average. Returns whether anything was hit.
    pub(crate) fn slide_move(&self, player: &mut Mover, gravity: bool) -> bool {
        let settings = &self.settings;
        let overclip = settings.overclip;
        let mut end_velocity = player.velocity;
        if gravity {
            end_velocity.z -= settings.gravity * settings.frame_time;
            player.velocity.z = (player.velocity.z + end_velocity.z) * 0.5;
            if let Some(ground) = player.ground {
                // Slide along the ground plane.
                player.velocity = clip_velocity(player.velocity, ground.normal, overclip);
            }
        }
        let mut planes: [Vec3; MAX_CLIP_PLANES] = [Vec3::ZERO; MAX_CLIP_PLANES];
        let mut count = 0;
        if let Some(ground) = player.ground {
            planes[count] = ground.normal;
            count += 1;
        }
        // Never turn back against the original direction.
        planes[count] = player.velocity.normalize_or_zero();
        count += 1;

        let mut time_left = settings.frame_time;
        let mut bumps = 0;
        while bumps < MAX_BUMPS {
            let end = player.origin + player.velocity * time_left;
            let trace = self.trace_mover(player, player.origin, end);
            if trace.start_solid {
                // Stuck: do not move, and stop falling so the player can be pushed out.
                player.velocity.z = 0.0;
                return true;
            }
            if trace.fraction > 0.0 {
                player.origin = trace.end;
            }
            if trace.fraction >= 1.0 {
                break;
            }
            if trace.normal.z < settings.max_steepness {
                player.hit_wall = true;
            }
            time_left -= time_left * trace.fraction;
            bumps += 1;
            if count >= MAX_CLIP_PLANES {
                player.velocity = Vec3::ZERO;
                return true;
            }
            // The same plane again: nudge the velocity out along it and retry.
            if let Some(same) = planes[..count]
                .iter()
                .find(|plane| trace.normal.dot(**plane) > 0.99)
            {
                player.velocity += *same;
                continue;
            }
            planes[count] = trace.normal;
            count += 1;

            let mut clipped = None;
            'first: for i in 0..count {
                let into = player.velocity.dot(planes[i]);
                if into >= 0.1 {
                    continue;
                }
                let mut clip = clip_velocity(player.velocity, planes[i], overclip);
                let mut end_clip = clip_velocity(end_velocity, planes[i], overclip);
                for j in 0..count {
                    if j == i || clip.dot(planes[j]) >= 0.1 {
                        continue;
                    }
                    clip = clip_velocity(clip, planes[j], overclip);
                    end_clip = clip_velocity(end_clip, planes[j], overclip);
                    if clip.dot(planes[i]) >= 0.0 {
                        // The second clip does not push back into the first plane.
                        continue;
                    }
                    // Slide along the crease of the two planes.
                    let crease = planes[i].cross(planes[j]).normalize_or_zero();
                    clip = crease * crease.dot(player.velocity);
                    end_clip = crease * crease.dot(end_velocity);
                    for (k, plane) in planes[..count].iter().enumerate() {
                        if k == i || k == j || clip.dot(*plane) >= 0.1 {
                            continue;
                        }
                        // A third plane: stop dead.
                        player.velocity = Vec3::ZERO;
                        return true;
                    }
                }
                clipped = Some((clip, end_clip));
                break 'first;
            }
            if let Some((clip, end_clip)) = clipped {
                player.velocity = clip;
                end_velocity = end_clip;
            }
        }
        if gravity {
            player.velocity = end_velocity;
        }
        bumps != 0
    }

    /// The slide move, and when it hit something, the same move tried again from
    /// [`step_height`](super::PhysicsSettings::step_height) higher and then set down: the
    /// player walks up steps. A raised move that cannot be set down (its end is inside the
    /// world's solid) is dropped for the plain slide.
    pub(crate) fn step_slide_move(&self, player: &mut Mover, gravity: bool) {
        let start = *player;
        if !self.slide_move(player, gravity) {
            return;
        }
        let slid = *player;
        let step = self.settings.step_height;
        let below = self.trace_mover(&start, start.origin, start.origin - Vec3::Z * step);
        // Never step up while still going up, unless something walkable is under the start.
        if player.velocity.z > 0.0
            && (below.fraction >= 1.0 || below.normal.z < self.settings.max_steepness)
        {
            return;
        }
        let up = self.trace_mover(&start, start.origin, start.origin + Vec3::Z * step);
        if up.start_solid {
            return;
        }
        let raised = up.end.z - start.origin.z;
        player.origin = up.end;
        player.velocity = start.velocity;
        player.hit_wall = start.hit_wall;
        self.slide_move(player, gravity);
        // Set the player down again.
        let down = self.trace_mover(player, player.origin, player.origin - Vec3::Z * raised);
        if down.start_solid {
            // The raised slide ended where the world's traces say solid (a sliver between
            // areas): the step is not taken, and the plain slide stands.
            *player = slid;
            return;
        }
        player.origin = down.end;
        if down.fraction < 1.0 {
            player.velocity = clip_velocity(player.velocity, down.normal, self.settings.overclip);
        }
    }
}
