//! [`StuckMeter`]: time spent wanting to move without making progress (the match summary's
//! `stuck_seconds`).
//!
//! The bot's position is sampled every think; a think counts as stuck when the bot wanted to
//! move during all of the last [`WINDOW`] thinks and is less than [`PROGRESS`] units from
//! where it was at the start of that window. Standing on purpose (typing, an attack skill
//! that stands, waiting for a lift) is not wanting to move.

use glam::Vec3;

/// Thinks in the window (one second at 10 Hz).
const WINDOW: usize = 10;
/// Units of progress that count in a window.
const PROGRESS: f32 = 32.0;

/// See the [module docs](self).
#[derive(Debug, Clone, Default)]
pub(super) struct StuckMeter {
    samples: Vec<(Vec3, bool)>,
    seconds: f32,
}

impl StuckMeter {
    /// Notes a think at `origin`, `wanted` telling whether the bot wanted to move since the
    /// last; `seconds` is the think interval.
    pub(super) fn note(&mut self, origin: Vec3, wanted: bool, seconds: f32) {
        if self.samples.len() == WINDOW + 1 {
            self.samples.remove(0);
        }
        self.samples.push((origin, wanted));
        if self.samples.len() == WINDOW + 1
            && self.samples[1..].iter().all(|&(_, wanted)| wanted)
            && self.samples[0].0.distance(origin) < PROGRESS
        {
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
            meter.note(Vec3::ZERO, true, 0.1);
        }
        assert!((meter.seconds() - 2.0).abs() < 1e-4, "{}", meter.seconds());
        let mut standing = StuckMeter::default();
        for _ in 0..30 {
            standing.note(Vec3::ZERO, false, 0.1);
        }
        assert!(standing.seconds().abs() < 1e-6);
        let mut running = StuckMeter::default();
        for i in 0..30 {
            #[expect(clippy::cast_precision_loss, reason = "small counts")]
            running.note(Vec3::new(i as f32 * 30.0, 0.0, 0.0), true, 0.1);
        }
        assert!(running.seconds().abs() < 1e-6);
    }
}
