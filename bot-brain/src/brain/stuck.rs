//! [`StuckMeter`]: time spent wanting to move without making progress (the match summary's
//! `stuck_seconds`).
//!
//! The bot's position is sampled every think. Standing on purpose (typing, an attack skill
//! that stands, waiting for a lift) is not wanting to move. A think counts as stuck when
//! either holds:
//!
//! - **held**: the bot wanted to move during all of the last [`WINDOW`] thinks (one second)
//!   and moved less than [`PROGRESS`] units along its path in them (it pushes against a wall,
//!   a corner or another player);
//! - **going nowhere**: the bot wanted to get somewhere ([`Wish::Go`]) during all of the last
//!   [`LONG_WINDOW`] thinks (three seconds) and ended less than [`LONG_PROGRESS`] units from
//!   where it began (it dithers back and forth).
//!
//! A turn back towards a new goal is progress (it leaves the long window behind), and so is
//! the attack movement's dodging ([`Wish::Dodge`]), which goes back and forth on purpose.

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

/// Thinks in the short window (one second at 10 Hz).
const WINDOW: usize = 10;
/// Units along the path that count as moving in the short window.
const PROGRESS: f32 = 32.0;
/// Thinks in the long window (three seconds at 10 Hz).
const LONG_WINDOW: usize = 30;
/// Units from where the long window began that count as progress.
const LONG_PROGRESS: f32 = 64.0;

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
        if self.samples.len() == LONG_WINDOW + 1 {
            self.samples.remove(0);
        }
        self.samples.push((origin, wish));
        let count = self.samples.len();
        let held = count > WINDOW && {
            let recent = &self.samples[count - WINDOW - 1..];
            recent[1..].iter().all(|&(_, wish)| wish != Wish::Stand)
                && recent
                    .windows(2)
                    .map(|pair| pair[0].0.distance(pair[1].0))
                    .sum::<f32>()
                    < PROGRESS
        };
        let nowhere = count == LONG_WINDOW + 1
            && self.samples[1..].iter().all(|&(_, wish)| wish == Wish::Go)
            && self.samples[0].0.distance(origin) < LONG_PROGRESS;
        if held || nowhere {
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

    /// 40 units one way and back, every second.
    fn back_and_forth(i: u16) -> Vec3 {
        let step = f32::from(i % 5) * 8.0;
        Vec3::new(if i % 10 < 5 { step } else { -step }, 0.0, 0.0)
    }

    #[test]
    fn dithering_is_going_nowhere_dodging_is_not() {
        let mut dodging = StuckMeter::default();
        let mut going = StuckMeter::default();
        for i in 0..50 {
            dodging.note(back_and_forth(i), Wish::Dodge, 0.1);
            going.note(back_and_forth(i), Wish::Go, 0.1);
        }
        assert!(dodging.seconds().abs() < 1e-6, "{}", dodging.seconds());
        // Three seconds to notice, then every think of the last two.
        assert!((going.seconds() - 2.0).abs() < 1e-4, "{}", going.seconds());
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

    #[test]
    fn a_turn_back_at_speed_is_progress() {
        let mut meter = StuckMeter::default();
        // 0.6 s out at 320 units/s, then back and on for 3 seconds.
        for i in 0..40_u16 {
            let x = if i < 6 {
                f32::from(i) * 32.0
            } else {
                (12.0 - f32::from(i)) * 32.0
            };
            meter.note(Vec3::new(x, 0.0, 0.0), Wish::Go, 0.1);
        }
        assert!(meter.seconds().abs() < 1e-6, "{}", meter.seconds());
    }
}
