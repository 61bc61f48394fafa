//! [`Mover`]: a moving platform the player collides with and rides.

use std::f32::consts::TAU;

use glam::Vec3;
use serde::{Deserialize, Serialize};

/// How a mover's position changes with time. Positions are offsets from where the mover was
/// built in the map.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum MoverMotion {
    /// Never moves (a door left open, a platform at rest).
    Fixed {
        /// The constant offset.
        offset: Vec3,
    },
    /// A bobbing platform (`func_bobbing`): `delta · sin(2π (t / period − phase))` (the game
    /// starts the swing `phase` periods late).
    Sine {
        /// Offset at the peak of the swing.
        delta: Vec3,
        /// Seconds per full swing.
        period: f32,
        /// Fraction of a period at time 0.
        phase: f32,
    },
    /// An elevator (`func_plat`) that rests at `low`, starts rising at `started` (the game
    /// starts it when a player steps on it), climbs at `speed` to offset 0, waits `wait`
    /// seconds, and goes back down at the same speed.
    Plat {
        /// Vertical offset of the rest (bottom) position, usually negative.
        low: f32,
        /// Climbing and descending speed (units per second).
        speed: f32,
        /// Seconds spent at the top.
        wait: f32,
        /// When the plat started rising, if it has.
        started: Option<f32>,
    },
    /// A straight move at constant velocity between two times, resting before and after: the
    /// piece of a door's, button's or lift's motion during one simulation step, as a match
    /// sets it frame by frame.
    Linear {
        /// Offset at time `from` (and before).
        start: Vec3,
        /// Units per second.
        velocity: Vec3,
        /// When the move starts (seconds).
        from: f32,
        /// When it ends (seconds); the offset rests at `start + velocity · (to − from)` after.
        to: f32,
    },
}

impl MoverMotion {
    /// The offset at `time` (seconds).
    #[must_use]
    pub fn offset_at(&self, time: f32) -> Vec3 {
        match *self {
            Self::Fixed { offset } => offset,
            Self::Sine {
                delta,
                period,
                phase,
            } => {
                if period > 0.0 {
                    delta * (TAU * (time / period - phase)).sin()
                } else {
                    Vec3::ZERO
                }
            }
            Self::Plat {
                low,
                speed,
                wait,
                started,
            } => {
                let Some(started) = started else {
                    return Vec3::new(0.0, 0.0, low);
                };
                let rise = if speed > 0.0 { -low / speed } else { 0.0 };
                let elapsed = (time - started).max(0.0);
                let z = if elapsed < rise {
                    low + speed * elapsed
                } else if elapsed < rise + wait {
                    0.0
                } else {
                    (-(elapsed - rise - wait) * speed).max(low)
                };
                Vec3::new(0.0, 0.0, z)
            }
            Self::Linear {
                start,
                velocity,
                from,
                to,
            } => start + velocity * (time.min(to) - from).max(0.0),
        }
    }
}

/// A moving solid box (a platform or door) that players collide with and ride.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Mover {
    /// Lower corner of the box where the mover was built.
    pub mins: Vec3,
    /// Upper corner of the box where the mover was built.
    pub maxs: Vec3,
    /// How it moves.
    pub motion: MoverMotion,
}

impl Mover {
    /// The box at `time`.
    #[must_use]
    pub fn bounds_at(&self, time: f32) -> (Vec3, Vec3) {
        let offset = self.motion.offset_at(time);
        (self.mins + offset, self.maxs + offset)
    }
}

/// How deep (units) a player box may start inside a mover's box and still be held at the
/// face it is nearest: a box resting against a face can end a hair inside it by rounding,
/// and a sweep that ignored the face from there would let the player walk into the mover.
pub(crate) const FACE_SLOP: f32 = 0.25;

/// Where a moving player box (origin moving from `start` to `end`, box `pmins..pmaxs` around
/// it) first touches the box `mins..maxs`: the fraction of the move and the outward normal of
/// the face hit, or `None` when it does not touch it. A box that starts inside is held at
/// fraction 0 by the face it is nearest when that face is within [`FACE_SLOP`] and the move
/// goes in through it; deeper inside, or moving out, the box is not touched.
#[must_use]
pub(crate) fn sweep_box(
    start: Vec3,
    end: Vec3,
    pmins: Vec3,
    pmaxs: Vec3,
    mins: Vec3,
    maxs: Vec3,
) -> Option<(f32, Vec3)> {
    // The origin hits the box grown by the player's box (a Minkowski sum).
    let lo = mins - pmaxs;
    let hi = maxs - pmins;
    let delta = end - start;
    if start.cmpgt(lo).all() && start.cmplt(hi).all() {
        return held_at_nearest_face(start - lo, hi - start, delta);
    }
    let mut enter = f32::NEG_INFINITY;
    let mut exit = f32::INFINITY;
    let mut normal = Vec3::ZERO;
    for axis in 0..3 {
        let (s, d) = (start[axis], delta[axis]);
        if d == 0.0 {
            if s <= lo[axis] || s >= hi[axis] {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((lo[axis] - s) / d, (hi[axis] - s) / d);
        let (near, far, face) = if t0 < t1 {
            (t0, t1, -1.0)
        } else {
            (t1, t0, 1.0)
        };
        if near > enter {
            enter = near;
            normal = Vec3::ZERO;
            normal[axis] = face;
        }
        exit = exit.min(far);
    }
    if !(0.0..=1.0).contains(&enter) || enter >= exit {
        return None;
    }
    Some((enter, normal))
}

/// A start inside the grown box, `below` and `above` the distances from its lower and
/// upper faces on each axis: the nearest face's fraction-0 hit (its outward normal) when it
/// is within [`FACE_SLOP`] and `delta` goes in through it.
fn held_at_nearest_face(below: Vec3, above: Vec3, delta: Vec3) -> Option<(f32, Vec3)> {
    let mut nearest = (FACE_SLOP, None);
    for axis in 0..3 {
        for (depth, side) in [(below[axis], -1.0), (above[axis], 1.0)] {
            if depth <= nearest.0 {
                let mut normal = Vec3::ZERO;
                normal[axis] = side;
                nearest = (depth, Some(normal));
            }
        }
    }
    let normal = nearest.1?;
    (delta.dot(normal) < 0.0).then_some((0.0, normal))
}

/// Whether two boxes overlap (touching faces do not count).
#[must_use]
pub(crate) fn boxes_overlap(amins: Vec3, amaxs: Vec3, bmins: Vec3, bmaxs: Vec3) -> bool {
    amins.cmplt(bmaxs).all() && bmins.cmplt(amaxs).all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_a_hair_inside_a_face_is_held_there_but_may_leave() {
        let (pmins, pmaxs) = (Vec3::splat(-10.0), Vec3::splat(10.0));
        let (mins, maxs) = (Vec3::new(50.0, -5.0, -5.0), Vec3::new(60.0, 5.0, 5.0));
        // The grown box starts at x = 40: a start at 40.001 is inside by a rounding error.
        let start = Vec3::new(40.001, 0.0, 0.0);
        let inwards = sweep_box(start, start + Vec3::X * 20.0, pmins, pmaxs, mins, maxs);
        assert_eq!(inwards, Some((0.0, Vec3::NEG_X)));
        let sliding = start + Vec3::new(5.0, 8.0, 0.0);
        assert_eq!(
            sweep_box(start, sliding, pmins, pmaxs, mins, maxs),
            Some((0.0, Vec3::NEG_X))
        );
        assert_eq!(
            sweep_box(start, start - Vec3::X * 20.0, pmins, pmaxs, mins, maxs),
            None
        );
        assert_eq!(
            sweep_box(start, start + Vec3::Y * 20.0, pmins, pmaxs, mins, maxs),
            None
        );
        // Deep inside (a mover that moved onto the player): not touched, whichever way.
        let deep = Vec3::new(45.0, 0.0, 0.0);
        assert_eq!(
            sweep_box(deep, deep + Vec3::X * 5.0, pmins, pmaxs, mins, maxs),
            None
        );
    }

    #[test]
    fn sweep_hits_the_near_face_of_the_grown_box() {
        let hit = sweep_box(
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(100.0, 0.0, 0.0),
            Vec3::splat(-10.0),
            Vec3::splat(10.0),
            Vec3::new(50.0, -5.0, -5.0),
            Vec3::new(60.0, 5.0, 5.0),
        );
        let (fraction, normal) = hit.expect("hits");
        assert!((fraction - 0.4).abs() < 1e-6);
        assert_eq!(normal, Vec3::NEG_X);
        assert!(
            sweep_box(
                Vec3::ZERO,
                Vec3::new(0.0, 100.0, 0.0),
                Vec3::splat(-10.0),
                Vec3::splat(10.0),
                Vec3::new(50.0, -5.0, -5.0),
                Vec3::new(60.0, 5.0, 5.0),
            )
            .is_none()
        );
    }

    #[test]
    fn plat_rises_waits_and_returns() {
        let plat = MoverMotion::Plat {
            low: -100.0,
            speed: 200.0,
            wait: 1.0,
            started: Some(2.0),
        };
        assert_eq!(plat.offset_at(0.0).z, -100.0);
        assert_eq!(plat.offset_at(2.25).z, -50.0);
        assert_eq!(plat.offset_at(3.0).z, 0.0);
        assert_eq!(plat.offset_at(3.75).z, -50.0);
        assert_eq!(plat.offset_at(10.0).z, -100.0);
    }

    #[test]
    fn sine_swings_between_the_extremes() {
        let bob = MoverMotion::Sine {
            delta: Vec3::new(64.0, 0.0, 0.0),
            period: 4.0,
            phase: 0.0,
        };
        assert!((bob.offset_at(1.0).x - 64.0).abs() < 1e-3);
        assert!((bob.offset_at(3.0).x + 64.0).abs() < 1e-3);
    }
}
