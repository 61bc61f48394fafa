//! [`ChatRates`]: how chatty a character is, read once from its `CHARACTERISTIC_CHAT_*`
//! values (botlib reference §10.8 and §11.3).
//!
//! Rules: every tendency is a probability clamped to [0, 1] (as the game reads them with
//! a bounded float); one left unset reads as 0 (botlib reads an unset characteristic as 0),
//! so a character without chat tendencies never starts a chat. The typing speed
//! `CHAT_CPM` is clamped to [1, 4000] and is [`DEFAULT_CPM`] when unset (the value every
//! shared default character uses).

use crate::character::{Character, Characteristic};

/// Characters per minute when `CHARACTERISTIC_CHAT_CPM` is unset.
pub const DEFAULT_CPM: u32 = 400;
/// The slowest typing speed (characters per minute).
pub const MIN_CPM: u32 = 1;
/// The fastest typing speed (characters per minute).
pub const MAX_CPM: u32 = 4000;

/// A character's chat tendencies: each `f32` is the probability that the bot chats when
/// its event happens (and it is allowed to chat).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ChatRates {
    /// `CHAT_INSULT`: insult rather than praise (kill and death chats); also random chats
    /// that are not misc chats are insults.
    pub insult: f32,
    /// `CHAT_MISC`: a random chat is a misc chat rather than an insult.
    pub misc: f32,
    /// `CHAT_STARTENDLEVEL`: chat when a level starts or ends.
    pub start_end_level: f32,
    /// `CHAT_ENTEREXITGAME`: chat when entering or leaving the game.
    pub enter_exit_game: f32,
    /// `CHAT_KILL`: chat after killing someone.
    pub kill: f32,
    /// `CHAT_DEATH`: chat after dying.
    pub death: f32,
    /// `CHAT_ENEMYSUICIDE`: chat when an enemy kills itself.
    pub enemy_suicide: f32,
    /// `CHAT_HITTALKING`: complain when hit while typing.
    pub hit_talking: f32,
    /// `CHAT_HITNODEATH`: chat when hit without dying.
    pub hit_no_death: f32,
    /// `CHAT_HITNOKILL`: chat after hitting someone without killing.
    pub hit_no_kill: f32,
    /// `CHAT_RANDOM`: chat for no reason.
    pub random: f32,
    /// `CHAT_REPLY`: reply to another player's chat.
    pub reply: f32,
    /// `CHAT_CPM`: typing speed in characters per minute, in [1, 4000].
    pub cpm: u32,
}

impl ChatRates {
    /// The rates of `character`: probabilities clamped to [0, 1] (0 when unset or not a
    /// number), `cpm` clamped to [1, 4000] ([`DEFAULT_CPM`] when unset).
    #[must_use]
    pub fn from_character(character: &Character) -> Self {
        let p = |c| {
            character
                .float(c)
                .ok()
                .filter(|v: &f32| !v.is_nan())
                .map_or(0.0, |v| v.clamp(0.0, 1.0))
        };
        let cpm = character
            .integer(Characteristic::ChatCpm)
            .map_or(DEFAULT_CPM, |v| {
                u32::try_from(v).unwrap_or(MIN_CPM).clamp(MIN_CPM, MAX_CPM)
            });
        Self {
            insult: p(Characteristic::ChatInsult),
            misc: p(Characteristic::ChatMisc),
            start_end_level: p(Characteristic::ChatStartEndLevel),
            enter_exit_game: p(Characteristic::ChatEnterExitGame),
            kill: p(Characteristic::ChatKill),
            death: p(Characteristic::ChatDeath),
            enemy_suicide: p(Characteristic::ChatEnemySuicide),
            hit_talking: p(Characteristic::ChatHitTalking),
            hit_no_death: p(Characteristic::ChatHitNoDeath),
            hit_no_kill: p(Characteristic::ChatHitNoKill),
            random: p(Characteristic::ChatRandom),
            reply: p(Characteristic::ChatReply),
            cpm,
        }
    }

    /// Every tendency set to `p` (clamped to [0, 1]) and the typing speed `cpm` (clamped to
    /// [1, 4000]): handy for tests and for scripted bots.
    #[must_use]
    pub fn uniform(p: f32, cpm: u32) -> Self {
        let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
        Self {
            insult: p,
            misc: p,
            start_end_level: p,
            enter_exit_game: p,
            kill: p,
            death: p,
            enemy_suicide: p,
            hit_talking: p,
            hit_no_death: p,
            hit_no_kill: p,
            random: p,
            reply: p,
            cpm: cpm.clamp(MIN_CPM, MAX_CPM),
        }
    }
}
