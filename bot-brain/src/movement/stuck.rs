//! [`Watch`]: notices a navigator that stays in one place and escalates what it does about it.

use glam::Vec3;

/// Moving farther than this (units) from where it was counts as moving.
pub(super) const STILL_RADIUS: f32 = 48.0;
/// Seconds without moving, and barely moving (slower than [`SLOW`], not waiting on purpose),
/// before each remedy: a jump ahead, a jump aside and back, a new route avoiding the next
/// area, a new goal.
const REMEDIES: [f32; 4] = [1.0, 2.0, 3.0, 5.0];
/// Horizontal speed (units/s) below which the navigator barely moves.
const SLOW: f32 = 80.0;
/// Seconds without moving, waiting or not, before wandering off in a random direction (and
/// again every [`WANDER_TIME`] until it moves).
const WANDER_AFTER: f32 = 7.0;
/// How long one wander lasts (seconds).
pub(super) const WANDER_TIME: f32 = 1.0;
/// How long a sidestep lasts (seconds).
pub(super) const SIDESTEP_TIME: f32 = 0.5;

/// What the watch asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Remedy {
    /// Jump ahead, along the wished direction (over a lip or a low obstacle).
    JumpAhead,
    /// Jump aside and back.
    Sidestep,
    /// Ask for a route that avoids the next area.
    Reroute,
    /// Give up the goal.
    NewGoal,
    /// Give up the goal and wander off in a random direction.
    Wander,
}

/// Where and since when the navigator has not moved.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Watch {
    /// Where it was when it last moved.
    anchor: Vec3,
    /// When it got there (match seconds).
    anchor_time: f32,
    /// Seconds spent there barely moving, not waiting on purpose.
    busy: f32,
    /// Remedies already taken there.
    taken: usize,
    /// When the last wander began.
    wandered: f32,
}

impl Watch {
    /// A watch starting at `origin` at `time`.
    pub(super) fn new(origin: Vec3, time: f32) -> Self {
        Self {
            anchor: origin,
            anchor_time: time,
            busy: 0.0,
            taken: 0,
            wandered: f32::NEG_INFINITY,
        }
    }

    /// Seconds at the current place.
    pub(super) fn still_for(&self, time: f32) -> f32 {
        time - self.anchor_time
    }

    /// Notes the navigator at `origin` moving at `speed` (horizontally) at `time`, after a
    /// frame of `frame_time` seconds in which it was `waiting` on purpose, and returns the
    /// remedy due, if any.
    pub(super) fn update(
        &mut self,
        (origin, speed): (Vec3, f32),
        time: f32,
        frame_time: f32,
        waiting: bool,
    ) -> Option<Remedy> {
        if origin.distance(self.anchor) > STILL_RADIUS {
            *self = Self::new(origin, time);
            return None;
        }
        if !waiting && speed < SLOW {
            self.busy += frame_time;
        }
        let still = self.still_for(time);
        if still >= WANDER_AFTER {
            if time - self.wandered >= WANDER_TIME {
                self.wandered = time;
                return Some(Remedy::Wander);
            }
            return None;
        }
        let due = REMEDIES
            .get(self.taken)
            .is_some_and(|&after| self.busy >= after);
        if !due {
            return None;
        }
        self.taken += 1;
        Some(match self.taken {
            1 => Remedy::JumpAhead,
            2 => Remedy::Sidestep,
            3 => Remedy::Reroute,
            _ => Remedy::NewGoal,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remedies_escalate_and_moving_resets_them() {
        let mut watch = Watch::new(Vec3::ZERO, 0.0);
        let mut remedies = Vec::new();
        for frame in 1..=200 {
            let time = frame as f32 * 0.05;
            if let Some(remedy) = watch.update((Vec3::ZERO, 0.0), time, 0.05, false) {
                remedies.push((frame, remedy));
            }
        }
        let kinds: Vec<Remedy> = remedies.iter().map(|(_, r)| *r).collect();
        assert_eq!(
            kinds[..5],
            [
                Remedy::JumpAhead,
                Remedy::Sidestep,
                Remedy::Reroute,
                Remedy::NewGoal,
                Remedy::Wander
            ]
        );
        assert!(remedies.iter().all(|(frame, _)| *frame <= 200));
        assert_eq!(
            watch.update((Vec3::X * 100.0, 0.0), 10.05, 0.05, false),
            None
        );
        assert!(watch.still_for(10.05) < 1e-6);
    }

    #[test]
    fn moving_fast_in_one_place_is_not_stuck_until_long() {
        let mut watch = Watch::new(Vec3::ZERO, 0.0);
        let first = (1..=200).find_map(|frame| {
            let time = frame as f32 * 0.05;
            watch
                .update((Vec3::ZERO, 300.0), time, 0.05, false)
                .map(|remedy| (frame, remedy))
        });
        assert_eq!(first, Some((140, Remedy::Wander)));
    }

    #[test]
    fn waiting_delays_all_but_wandering() {
        let mut watch = Watch::new(Vec3::ZERO, 0.0);
        let mut first = None;
        for frame in 1..=200 {
            let time = frame as f32 * 0.05;
            if let Some(remedy) = watch.update((Vec3::ZERO, 0.0), time, 0.05, true) {
                first.get_or_insert((frame, remedy));
            }
        }
        assert_eq!(first, Some((140, Remedy::Wander)));
    }
}
