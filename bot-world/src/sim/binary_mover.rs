//! [`BinaryMover`]: a door, button or lift moving between two positions.

use glam::Vec3;
use serde::{Deserialize, Serialize};

/// Where a two-position mover is in its cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoverPhase {
    /// At rest in the first position (closed door, lift at the bottom, button out).
    AtFirst,
    /// Moving to the second position.
    ToSecond,
    /// At rest in the second position until the time (ms) given; `None` stays for good.
    AtSecond {
        /// When it starts back.
        until_ms: Option<u32>,
    },
    /// Moving back to the first position.
    ToFirst,
}

/// A mover with two positions (Quake III's binary movers: `func_door`, `func_button`,
/// `func_plat`): used, it moves at `speed` to its second position, waits, and comes back.
/// Offsets are from where the model was built.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BinaryMover {
    /// Offset of the first position.
    pub first: Vec3,
    /// Offset of the second position.
    pub second: Vec3,
    /// Units per second.
    pub speed: f32,
    /// Milliseconds at the second position before returning (`None`: never returns).
    pub wait_ms: Option<u32>,
    /// Where it is in its cycle.
    pub phase: MoverPhase,
    /// Current offset.
    pub offset: Vec3,
}

/// What happened to a mover during one frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoverStep {
    /// It arrived at its second position this frame.
    pub reached_second: bool,
    /// It started moving this frame (a sound).
    pub started: bool,
}

impl BinaryMover {
    /// A mover at rest at `first`.
    #[must_use]
    pub fn new(first: Vec3, second: Vec3, speed: f32, wait_seconds: f32) -> Self {
        Self {
            first,
            second,
            speed,
            wait_ms: wait_from_seconds(wait_seconds),
            phase: MoverPhase::AtFirst,
            offset: first,
        }
    }

    /// Uses the mover at `now_ms` (touched, shot or triggered): at rest at the first
    /// position or going back it heads for the second; waiting there it waits anew.
    /// Returns whether it started moving.
    pub fn activate(&mut self, now_ms: u32) -> bool {
        match self.phase {
            MoverPhase::AtFirst | MoverPhase::ToFirst => {
                self.phase = MoverPhase::ToSecond;
                true
            }
            MoverPhase::AtSecond { until_ms: Some(_) } => {
                self.phase = MoverPhase::AtSecond {
                    until_ms: self.wait_ms.map(|wait| now_ms.saturating_add(wait)),
                };
                false
            }
            MoverPhase::ToSecond | MoverPhase::AtSecond { until_ms: None } => false,
        }
    }

    /// Sends a moving mover back the way it came (blocked: a door closing on a player, a
    /// lift pushing its rider into a ceiling). Returns whether it reversed.
    pub fn reverse(&mut self) -> bool {
        match self.phase {
            MoverPhase::ToFirst => self.phase = MoverPhase::ToSecond,
            MoverPhase::ToSecond => self.phase = MoverPhase::ToFirst,
            MoverPhase::AtFirst | MoverPhase::AtSecond { .. } => return false,
        }
        true
    }

    /// Whether it is at rest at its first position.
    #[must_use]
    pub fn at_first(&self) -> bool {
        self.phase == MoverPhase::AtFirst
    }

    /// Whether it waits at its second position.
    #[must_use]
    pub fn at_second(&self) -> bool {
        matches!(self.phase, MoverPhase::AtSecond { .. })
    }

    /// The offset and velocity over the frame from `now_ms` lasting `frame_ms`, without
    /// changing the mover: where it would be at the end of the frame.
    #[must_use]
    pub fn planned(&self, frame_ms: u32) -> (Vec3, Vec3) {
        let target = match self.phase {
            MoverPhase::ToSecond => self.second,
            MoverPhase::ToFirst => self.first,
            MoverPhase::AtFirst | MoverPhase::AtSecond { .. } => return (self.offset, Vec3::ZERO),
        };
        let seconds = frame_ms as f32 / 1000.0;
        let to_go = target - self.offset;
        let distance = to_go.length();
        let step = self.speed * seconds;
        if distance <= step || distance == 0.0 {
            (target, to_go / seconds)
        } else {
            let velocity = to_go / distance * self.speed;
            (self.offset + velocity * seconds, velocity)
        }
    }

    /// Advances the mover by one frame ending at `now_ms + frame_ms`.
    pub fn advance(&mut self, now_ms: u32, frame_ms: u32) -> MoverStep {
        let end_ms = now_ms.saturating_add(frame_ms);
        let mut step = MoverStep::default();
        if let MoverPhase::AtSecond {
            until_ms: Some(until),
        } = self.phase
            && end_ms > until
        {
            self.phase = MoverPhase::ToFirst;
            step.started = true;
        }
        let (offset, _) = self.planned(frame_ms);
        self.offset = offset;
        match self.phase {
            MoverPhase::ToSecond if offset == self.second => {
                self.phase = MoverPhase::AtSecond {
                    until_ms: self.wait_ms.map(|wait| end_ms.saturating_add(wait)),
                };
                step.reached_second = true;
            }
            MoverPhase::ToFirst if offset == self.first => self.phase = MoverPhase::AtFirst,
            _ => {}
        }
        step
    }
}

/// A `wait` key in seconds as milliseconds; negative waits for good.
fn wait_from_seconds(seconds: f32) -> Option<u32> {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a wait of a few seconds, checked non-negative"
    )]
    (seconds >= 0.0).then(|| (seconds * 1000.0).round() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_door_opens_waits_and_closes() {
        // 120 units at 400 u/s: 300 ms; waits 2 s.
        let mut door = BinaryMover::new(Vec3::ZERO, Vec3::new(0.0, 120.0, 0.0), 400.0, 2.0);
        assert!(door.activate(0));
        let mut now = 0;
        let mut opened_at = None;
        while opened_at.is_none() {
            if door.advance(now, 50).reached_second {
                opened_at = Some(now + 50);
            }
            now += 50;
        }
        assert_eq!(opened_at, Some(300));
        assert!(door.at_second());
        while !door.at_first() {
            door.advance(now, 50);
            now += 50;
        }
        // Rests from 300 to 2300 ms, then takes 300 ms back: closed at 2600.
        assert_eq!(now, 2600);
        assert_eq!(door.offset, Vec3::ZERO);
    }

    #[test]
    fn using_an_open_door_restarts_its_wait() {
        let mut door = BinaryMover::new(Vec3::ZERO, Vec3::Z * 40.0, 400.0, 1.0);
        door.activate(0);
        door.advance(0, 50);
        door.advance(50, 50);
        assert!(door.at_second());
        assert!(!door.activate(900));
        assert_eq!(
            door.phase,
            MoverPhase::AtSecond {
                until_ms: Some(1900)
            }
        );
    }
}
