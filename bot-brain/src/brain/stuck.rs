//! [`StuckMeter`]: time spent wanting to move without making progress (the match summary's
//! `stuck_seconds`).
//!
//! The bot's position is sampled every think; a think counts as stuck when the bot wanted to
//! move during all of the last [`WINDOW`] thinks and is less than [`PROGRESS`] units from
//! where it was at the start of that window. Standing on purpose (typing, an attack skill
//! that stands, waiting for a lift) is not wanting to move. A wish without a destination (the
//! attack movement's dodging, [`Wish::Dodge`]) goes back and forth on purpose: a window of
//! dodges only is stuck when the bot moved less than [`PROGRESS`] units along its path (it
//! pushes against a wall), not when it came back to where it was.

use glam::Vec3;

/// What the bot wanted of its movement since the last think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wish {
    /// To stand (or nothing to do).
    Stand,
    /// To get somewhere (a goal, an enemy's last position).
    Go,
    /// To keep moving without a destination (the attack movement).
    Dodge,
}

/// Thinks in the window (one second at 10 Hz).
const WINDOW: usize = 10;
/// Units of progress that count in a window.
const PROGRESS: f32 = 32.0;

/// See the [module docs](self).
#[derive(Debug, Clone, Default)]
pub(super) struct StuckMeter {
    samples: Vec<(Vec3, Wish)>,
    seconds: f32,
}

impl StuckMeter {
    /// Notes a think at `origin`, `wish` telling what the bot wanted of its movement since
    /// the last; `seconds` is the think interval.
    pub(super) fn note(&mut self, origin: Vec3, wish: Wish, seconds: f32) {
        if self.samples.len() == WINDOW + 1 {
            self.samples.remove(0);
        }
        self.samples.push((origin, wish));
        if self.samples.len() < WINDOW + 1 {
            return;
        }
        let window = &self.samples[1..];
        if window.iter().any(|&(_, wish)| wish == Wish::Stand) {
            return;
        }
        let progress = if window.iter().all(|&(_, wish)| wish == Wish::Dodge) {
            self.samples
                .windows(2)
                .map(|pair| pair[0].0.distance(pair[1].0))
                .sum()
        } else {
            self.samples[0].0.distance(origin)
        };
        if progress < PROGRESS {
            self.seconds += seconds;
        }
    }

    /// Forgets the samples (the bot died or teleported).
    pub(super) fn reset(&mut self) {
        self.samples.clear();
    }

    /// Seconds stuck so far.
    #[must_use]
    pub(super) fn seconds(&self) -> f32 {
        self.seconds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_wanting_to_move_without_progress_counts() {
        let mut meter = StuckMeter::default();
        for _ in 0..30 {
            meter.note(Vec3::ZERO, Wish::Go, 0.1);
        }
        assert!((meter.seconds() - 2.0).abs() < 1e-4, "{}", meter.seconds());
        let mut standing = StuckMeter::default();
        for _ in 0..30 {
            standing.note(Vec3::ZERO, Wish::Stand, 0.1);
        }
        assert!(standing.seconds().abs() < 1e-6);
        let mut running = StuckMeter::default();
        for i in 0..30 {
            #[expect(clippy::cast_precision_loss, reason = "small counts")]
            running.note(Vec3::new(i as f32 * 30.0, 0.0, 0.0), Wish::Go, 0.1);
        }
        assert!(running.seconds().abs() < 1e-6);
    }

    #[test]
    fn dodging_back_and_forth_is_progress_pushing_a_wall_is_not() {
        // 40 units one way and back, every half second.
        let back_and_forth = |i: i32| {
            Vec3::new(
                if i % 10 < 5 { 8.0 } else { -8.0 } * (i % 5) as f32,
                0.0,
                0.0,
            )
        };
        let mut dodging = StuckMeter::default();
        let mut going = StuckMeter::default();
        for i in 0..30 {
            dodging.note(back_and_forth(i), Wish::Dodge, 0.1);
            going.note(back_and_forth(i), Wish::Go, 0.1);
        }
        assert!(dodging.seconds().abs() < 1e-6, "{}", dodging.seconds());
        assert!(going.seconds() > 1.0, "{}", going.seconds());
        let mut walled = StuckMeter::default();
        for _ in 0..30 {
            walled.note(Vec3::new(1.0, 0.0, 0.0), Wish::Dodge, 0.1);
        }
        assert!(
            (walled.seconds() - 2.0).abs() < 1e-4,
            "{}",
            walled.seconds()
        );
    }
}
