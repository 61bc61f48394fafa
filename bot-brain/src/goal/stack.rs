//! The goal stack and the avoid goals (botlib's goal state, reference §8).
//!
//! - The **goal stack** holds at most [`MAX_GOAL_STACK`] goals; the top is the goal the bot
//!   goes for now (a nearby goal pushed over the long-term goal, or the buttons a blocked
//!   route needs, pressed in reverse order of discovery: thesis §14).
//! - The **avoid goals** say until when a goal is not worth going for: a chosen item is
//!   avoided for about its respawn time, because once the bot has it the spot is empty. At
//!   most [`MAX_AVOID_GOALS`] goals; a goal is avoided while `remaining − t × 0.009 > 0`,
//!   with `remaining` the seconds left and `t` the travel time in hundredths of a second (so
//!   a goal whose avoid time ends while the bot covers the last tenth of the way is fine).

use super::error::GoalStackFull;
use super::level_items::LevelItems;
use super::target::{Goal, GoalId};

/// Capacity of the goal stack (botlib's `MAX_GOALSTACK`).
pub const MAX_GOAL_STACK: usize = 8;
/// Capacity of the avoid-goal table (botlib's `MAX_AVOIDGOALS`).
pub const MAX_AVOID_GOALS: usize = 256;
/// Seconds a chosen dropped item is avoided (`AVOID_DROPPED_TIME`).
pub const AVOID_DROPPED_TIME: f32 = 10.0;
/// Seconds a chosen item without a respawn time is avoided (`AVOID_DEFAULT_TIME`).
pub const AVOID_DEFAULT_TIME: f32 = 30.0;
/// The least seconds a chosen item is avoided (`AVOID_MINIMUM_TIME`).
pub const AVOID_MINIMUM_TIME: f32 = 10.0;
/// Seconds of avoid time that one hundredth of a second of travel uses up (the bot may arrive
/// when 90 % of the way is done: `remaining − t × 0.009`).
pub const AVOID_TRAVEL_FACTOR: f32 = 0.009;

/// A stack of at most [`MAX_GOAL_STACK`] goals.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GoalStack {
    goals: Vec<Goal>,
}

impl GoalStack {
    /// An empty stack.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Pushes `goal` on top.
    ///
    /// # Errors
    /// [`GoalStackFull`] when the stack already holds [`MAX_GOAL_STACK`] goals (the goal is
    /// not pushed).
    pub fn push(&mut self, goal: Goal) -> Result<(), GoalStackFull> {
        if self.goals.len() == MAX_GOAL_STACK {
            return Err(GoalStackFull {
                max: MAX_GOAL_STACK,
            });
        }
        self.goals.push(goal);
        Ok(())
    }

    /// Takes the top goal off.
    pub fn pop(&mut self) -> Option<Goal> {
        self.goals.pop()
    }

    /// The top goal: the one the bot goes for now.
    #[must_use]
    pub fn top(&self) -> Option<&Goal> {
        self.goals.last()
    }

    /// The goal under the top one (the long-term goal while a nearby goal is on top).
    #[must_use]
    pub fn second(&self) -> Option<&Goal> {
        self.goals.len().checked_sub(2).map(|i| &self.goals[i])
    }

    /// Empties the stack.
    pub fn clear(&mut self) {
        self.goals.clear();
    }

    /// The number of goals.
    #[must_use]
    pub fn len(&self) -> usize {
        self.goals.len()
    }

    /// Whether the stack is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.goals.is_empty()
    }

    /// The goals from the bottom to the top.
    #[must_use]
    pub fn goals(&self) -> &[Goal] {
        &self.goals
    }
}

/// Until when each avoided goal is avoided (match time in milliseconds); at most
/// [`MAX_AVOID_GOALS`] goals, kept in insertion order (no hash map: lookups are linear and
/// deterministic).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AvoidGoals {
    entries: Vec<(GoalId, u32)>,
}

impl AvoidGoals {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Avoids `goal` until `until_ms` (replacing an earlier time for it). When the table is
    /// full, an entry that has expired by `now_ms` is reused, else the one that expires first
    /// is replaced (the goal most nearly free again).
    ///
    /// # Complexity
    /// O(entries).
    pub fn add(&mut self, goal: GoalId, now_ms: u32, until_ms: u32) {
        if let Some(entry) = self.entries.iter_mut().find(|(id, _)| *id == goal) {
            entry.1 = until_ms;
            return;
        }
        if self.entries.len() < MAX_AVOID_GOALS {
            self.entries.push((goal, until_ms));
            return;
        }
        let slot = self
            .entries
            .iter()
            .position(|&(_, until)| until <= now_ms)
            .or_else(|| (0..self.entries.len()).min_by_key(|&i| self.entries[i].1));
        if let Some(slot) = slot {
            self.entries[slot] = (goal, until_ms);
        }
    }

    /// Avoids `goal` for `seconds` from `now_ms`.
    pub fn add_for(&mut self, goal: GoalId, now_ms: u32, seconds: f32) {
        self.add(goal, now_ms, now_ms.saturating_add(seconds_to_ms(seconds)));
    }

    /// Stops avoiding `goal`.
    pub fn remove(&mut self, goal: GoalId) {
        self.entries.retain(|(id, _)| *id != goal);
    }

    /// Stops avoiding every goal.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Seconds `goal` is still avoided at `now_ms` (`None` when it is not in the table;
    /// negative once expired).
    #[must_use]
    pub fn remaining_s(&self, goal: GoalId, now_ms: u32) -> Option<f32> {
        self.entries
            .iter()
            .find(|(id, _)| *id == goal)
            .map(|&(_, until)| ms_between(now_ms, until))
    }

    /// Whether `goal`, `travel_time` hundredths of a second away, is still avoided:
    /// `remaining − travel_time × 0.009 > 0`.
    #[must_use]
    pub fn is_avoided(&self, goal: GoalId, now_ms: u32, travel_time: u16) -> bool {
        self.remaining_s(goal, now_ms)
            .is_some_and(|remaining| still_waiting(remaining, travel_time))
    }

    /// Drops the entries that have expired by `now_ms`.
    pub fn expire(&mut self, now_ms: u32) {
        self.entries.retain(|&(_, until)| until > now_ms);
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Botlib's avoid rule: something that is back in `remaining` seconds is still to be left
/// alone by a bot `travel_time` hundredths of a second away when `remaining − t × 0.009 > 0`.
#[must_use]
pub fn still_waiting(remaining_s: f32, travel_time: u16) -> bool {
    remaining_s - f32::from(travel_time) * AVOID_TRAVEL_FACTOR > 0.0
}

/// How long to avoid `goal` once chosen: [`AVOID_DROPPED_TIME`] for a dropped item; for a
/// level item its respawn time, or [`AVOID_DEFAULT_TIME`] when it has none, at least
/// [`AVOID_MINIMUM_TIME`]; 0 for other goals (not avoided).
#[must_use]
pub fn avoid_time_s(goal: &Goal, level: &LevelItems) -> f32 {
    match goal.id {
        GoalId::Dropped { .. } => AVOID_DROPPED_TIME,
        GoalId::Spot(id) => {
            let respawn = level.get(id).map_or(0.0, |item| item.respawntime);
            let time = if respawn > 0.0 {
                respawn
            } else {
                AVOID_DEFAULT_TIME
            };
            time.max(AVOID_MINIMUM_TIME)
        }
        GoalId::Other(_) => 0.0,
    }
}

/// Seconds as whole milliseconds (rounded; negative and NaN give 0).
pub(crate) fn seconds_to_ms(seconds: f32) -> u32 {
    let ms = (f64::from(seconds) * 1000.0).round();
    if ms.is_nan() || ms <= 0.0 {
        0
    } else if ms >= f64::from(u32::MAX) {
        u32::MAX
    } else {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "checked to be in 0..u32::MAX above"
        )]
        let ms = ms as u32;
        ms
    }
}

/// Seconds from `now_ms` to `until_ms` (negative when `until_ms` is past).
pub(crate) fn ms_between(now_ms: u32, until_ms: u32) -> f32 {
    let ms = i64::from(until_ms) - i64::from(now_ms);
    #[expect(
        clippy::cast_precision_loss,
        reason = "match times stay far below 2^24 ms differences in practice; f32 as botlib"
    )]
    let seconds = ms as f32 / 1000.0;
    seconds
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;

    fn goal(n: u32) -> Goal {
        Goal {
            id: GoalId::Other(n),
            origin: Vec3::ZERO,
            item: None,
        }
    }

    #[test]
    fn the_stack_is_lifo_and_holds_eight() {
        let mut stack = GoalStack::new();
        for n in 0..8 {
            stack.push(goal(n)).unwrap();
        }
        assert_eq!(stack.push(goal(8)), Err(GoalStackFull { max: 8 }));
        assert_eq!(stack.top().unwrap().id, GoalId::Other(7));
        assert_eq!(stack.second().unwrap().id, GoalId::Other(6));
        assert_eq!(stack.pop().unwrap().id, GoalId::Other(7));
        assert_eq!(stack.len(), 7);
        stack.clear();
        assert!(stack.is_empty() && stack.top().is_none() && stack.pop().is_none());
    }

    #[test]
    fn avoided_while_remaining_minus_travel_is_positive() {
        let mut avoid = AvoidGoals::new();
        let id = GoalId::Other(1);
        avoid.add_for(id, 1000, 10.0);
        // At 1 s: 10 s left. 500 hundredths of travel use up 4.5 s.
        assert!(avoid.is_avoided(id, 1000, 500));
        // At 6 s: 5 s left, 5 − 4.5 = 0.5 > 0.
        assert!(avoid.is_avoided(id, 6000, 500));
        // At 7 s: 4 s left, 4 − 4.5 < 0.
        assert!(!avoid.is_avoided(id, 7000, 500));
        // Standing next to it, 4 s left: still avoided.
        assert!(avoid.is_avoided(id, 7000, 0));
        assert!(!avoid.is_avoided(GoalId::Other(2), 0, 0));
        avoid.add(id, 7000, 7000);
        assert!(!avoid.is_avoided(id, 7000, 0), "replaced, now expired");
        avoid.expire(7000);
        assert!(avoid.is_empty());
    }

    #[test]
    fn a_full_table_reuses_expired_then_soonest_entries() {
        let mut avoid = AvoidGoals::new();
        for n in 0..256 {
            avoid.add(GoalId::Other(n), 0, 10_000 + n);
        }
        avoid.add(GoalId::Other(1000), 0, 50_000);
        assert_eq!(avoid.len(), 256);
        assert_eq!(
            avoid.remaining_s(GoalId::Other(0), 0),
            None,
            "soonest replaced"
        );
        avoid.add(GoalId::Other(1001), 10_001, 50_000);
        assert_eq!(
            avoid.remaining_s(GoalId::Other(1), 0),
            None,
            "expired reused"
        );
        assert!(avoid.remaining_s(GoalId::Other(2), 0).is_some());
    }
}
