//! [`DecisionLine`]: a decision a player took (a switch of its AI network's node) and why, in
//! the log.

use bot_interface::Decision;
use serde::{Deserialize, Serialize};

/// The debug line `{"frame", "event": "decision", "player", "from", "to", "reason"}`: what a
/// player's [`Player::take_decisions`](bot_interface::Player::take_decisions) handed over
/// after the frame's think, one line per decision, in the order taken. A replay ignores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionLine {
    /// The frame whose thinking took it.
    pub frame: u32,
    /// Always `"decision"`.
    pub event: String,
    /// The player (index).
    pub player: u16,
    /// The state it left.
    pub from: String,
    /// The state it entered.
    pub to: String,
    /// Why.
    pub reason: String,
}

impl DecisionLine {
    /// The line of `decision` by `player` at `frame`.
    #[must_use]
    pub fn new(frame: u32, player: u16, decision: &Decision) -> Self {
        Self {
            frame,
            event: "decision".to_owned(),
            player,
            from: decision.from.clone(),
            to: decision.to.clone(),
            reason: decision.reason.clone(),
        }
    }
}
