//! What a [`Brain`] says: the view's obituaries, the hits it takes and the other players'
//! chat become chat events for its [`Talker`](crate::talk::Talker), which decides by the
//! character's chat rates whether to type a line (thesis §10.4, botlib-reference §10.8).
//!
//! - It chats only in a good position: not in a battle node and with no enemy in sight (the
//!   death chats, typed while dead, are allowed).
//! - Obituaries: its own death (by whom and how), its kills, an opponent's suicide.
//! - Hits: hurt while typing (`hit_talking`), hurt and alive out of battle (`hit_nodeath`),
//!   a hit landed on the enemy that did not kill it, once the enemy is out of sight
//!   (`hit_nokill`).
//! - Chat from others: a reply, by the reply chats, the reply rate and botlib's
//!   1.5 / (players + 1) chance.
//! - Random lines (insults and small talk) while seeking its long-term goal (asked on thinks).
//!
//! Obituaries, hits and chat last one frame in the view: they are read every frame.
//! - Entering the game, on its first life.

use bot_interface::{BotView, PlayerId};

use crate::network::AiNode;
use crate::talk::ChatEvent;

use super::Brain;

impl Brain<'_, '_> {
    /// Turns this frame's view into chat events (random lines only on thinks).
    pub(super) fn chat_events(&mut self, view: &BotView, thinks: bool) {
        let me = &view.me;
        let now = seconds(view.time_ms);
        if self.names.len() != view.scoreboard.players.len() {
            self.names.clear();
            self.names
                .extend(view.scoreboard.players.iter().map(|line| line.name.clone()));
            let opponents: Vec<String> = view
                .scoreboard
                .players
                .iter()
                .filter(|line| self.is_opponent(view, line.id))
                .map(|line| line.name.clone())
                .collect();
            self.talker.scene_mut().opponents = opponents;
        }
        let enemy_in_sight = self.sight.enemy().is_some_and(|e| e.visible);
        let may_chat = !self.node.in_battle() && !enemy_in_sight;
        let data = self.chat;
        if !self.entered && me.alive {
            self.entered = true;
            let rng = self.bot.rng();
            self.talker
                .on_event(data, ChatEvent::EnterGame, now, may_chat, rng);
        }
        for obituary in &view.obituaries {
            let killer = obituary.killer.filter(|&k| k != obituary.victim);
            let victim_name = self.name_of(obituary.victim).to_owned();
            let killer_name = killer.map(|k| self.name_of(k).to_owned());
            let opponent_died = self.is_opponent(view, obituary.victim);
            let rng = self.bot.rng();
            if obituary.victim == me.id {
                // Dying ends any line being typed.
                self.talker.cancel();
                let event = ChatEvent::Death {
                    killer: killer_name.as_deref(),
                    cause: obituary.cause,
                };
                self.talker.on_event(data, event, now, true, rng);
            } else if killer == Some(me.id) {
                let event = ChatEvent::Kill {
                    victim: &victim_name,
                    cause: obituary.cause,
                };
                // A kill chat may start in battle: the fight node then stands to type it.
                self.talker.on_event(data, event, now, !enemy_in_sight, rng);
            } else if killer.is_none() && opponent_died {
                let event = ChatEvent::EnemySuicide { name: &victim_name };
                self.talker.on_event(data, event, now, may_chat, rng);
            }
        }
        if me.alive && me.health < self.last_health {
            let attacker = me
                .last_attacker
                .map_or_else(|| "someone".to_owned(), |a| self.name_of(a).to_owned());
            let rng = self.bot.rng();
            if self.talker.typing().is_some() {
                let event = ChatEvent::HitTalking {
                    attacker: &attacker,
                    weapon: None,
                };
                self.talker.on_event(data, event, now, true, rng);
            } else {
                let event = ChatEvent::HitNoDeath {
                    attacker: &attacker,
                    weapon: None,
                };
                self.talker.on_event(data, event, now, may_chat, rng);
            }
        }
        self.last_health = if me.alive { me.health } else { 0 };
        let killed_now = view
            .obituaries
            .iter()
            .any(|o| o.killer == Some(me.id) && o.victim != me.id);
        if me.alive
            && me.hits > self.last_hits
            && !killed_now
            && let Some(enemy) = self.sight.enemy().copied()
        {
            // Like a kill chat, it may start in battle once the enemy hit is out of sight.
            let target = self.name_of(enemy.id).to_owned();
            let rng = self.bot.rng();
            let event = ChatEvent::HitNoKill { target: &target };
            self.talker.on_event(data, event, now, !enemy_in_sight, rng);
        }
        self.last_hits = me.hits;
        let players = view.scoreboard.players.len();
        for line in &view.chat {
            let rng = self.bot.rng();
            self.talker.on_chat(data, line, now, players, may_chat, rng);
        }
        if thinks && self.node == AiNode::SeekLtg && may_chat {
            let opponent = view
                .scoreboard
                .players
                .iter()
                .find(|line| {
                    line.id != me.id
                        && (me.team == bot_interface::Team::Free || line.team != me.team)
                })
                .map(|line| line.name.clone());
            if let Some(opponent) = opponent {
                let rng = self.bot.rng();
                self.talker.on_event(
                    data,
                    ChatEvent::Random {
                        opponent: &opponent,
                    },
                    now,
                    true,
                    rng,
                );
            }
        }
    }

    /// Whether player `id` is an opponent (by the scoreboard's teams).
    fn is_opponent(&self, view: &BotView, id: PlayerId) -> bool {
        let me = &view.me;
        id != me.id
            && (me.team == bot_interface::Team::Free
                || view
                    .scoreboard
                    .players
                    .get(id.index())
                    .is_some_and(|line| line.team != me.team))
    }
}

/// Match milliseconds in seconds (the chat clock).
#[expect(clippy::cast_precision_loss, reason = "match times of hours at most")]
pub(super) fn seconds(ms: u32) -> f32 {
    ms as f32 / 1000.0
}
