//! [`Talker`]: one bot's chat behaviour: when it starts a chat, when it replies, how long it
//! types, and what it finally says (botlib reference §10.5, §10.6 and §10.8; thesis §10.4).
//!
//! Rules, in order, for an event ([`Talker::on_event`]):
//!
//! 1. no chat when the caller says the bot may not chat (`may_chat`: in the middle of a
//!    fight, chat switched off, a game mode without these chats);
//! 2. while a line is being typed, only [`ChatEvent::HitTalking`] is taken: it replaces the
//!    line and restarts the typing time, whatever the spacing; other events are ignored;
//! 3. otherwise at most one chat per [`TIME_BETWEEN_CHATTING`] seconds (counted from the
//!    start of the previous chat; the first chat may come at any time);
//! 4. one draw below the event's characteristic ([`ChatEvent::rate`]): rate 0 never chats,
//!    rate 1 always does;
//! 5. the event becomes a chat type and variables ([`ChatEvent::prepare`]) and a line of
//!    that type is built by the chat engine; no line of that type: no chat; a line that
//!    fails to expand (an unknown random string) or expands to nothing is dropped and
//!    counted ([`Talker::dropped`]).
//!
//! Replies ([`Talker::on_chat`]): rules 1 and 3, never to the bot's own lines, not while
//! typing, then a draw below 1.5 / (players + 1) and a draw below `CHAT_REPLY`; the reply
//! engine picks the reply chat. A reply to a team-only line is team-only.
//!
//! Typing time: [`ChatTime::CharactersPerMinute`] with the character's `CHAT_CPM` unless
//! set otherwise ([`Talker::with_chat_time`]; botlib's constant 2 s is
//! [`ChatTime::Constant`]). The line is due ([`Talker::due`]) once the time has passed.
//!
//! Deterministic: every draw comes from the RNG passed in, in the order above.

use bot_chat::{ChatData, ChatState, ChatTime, ExpandError};
use bot_interface::{ChatLine, PlayerId};
use rand::{Rng, RngExt};

use super::event::{ChatEvent, Scene};
use super::rates::ChatRates;
use super::typing::{REPLY, Typing};

/// Seconds between two chats a bot starts (botlib's `TIME_BETWEENCHATTING`).
pub const TIME_BETWEEN_CHATTING: f32 = 25.0;

/// The numerator of the reply chance 1.5 / (players + 1).
pub const REPLY_SHARE: f32 = 1.5;

/// One bot's chat behaviour: its chat state, tendencies and the line it is typing.
#[derive(Debug, Clone)]
pub struct Talker {
    /// The chat engine's per-bot state (name, gender, recently used lines).
    chat: ChatState,
    /// The character's tendencies.
    rates: ChatRates,
    /// How long typing takes.
    chat_time: ChatTime,
    /// What the bot knows of the match for chat variables.
    scene: Scene,
    /// The bot's own player, when known (its own chat lines are never answered).
    me: Option<PlayerId>,
    /// The line being typed.
    typing: Option<Typing>,
    /// When the last chat started (`None`: never).
    last_chat: Option<f32>,
    /// Lines sent.
    sent: u32,
    /// Lines dropped because they failed to expand.
    dropped: u32,
}

impl Talker {
    /// A talker for the bot whose chat state is `chat_state`, typing at the rates' CPM.
    #[must_use]
    pub fn new(chat_state: ChatState, rates: ChatRates) -> Self {
        Self {
            chat: chat_state,
            chat_time: ChatTime::CharactersPerMinute(rates.cpm),
            rates,
            scene: Scene::default(),
            me: None,
            typing: None,
            last_chat: None,
            sent: 0,
            dropped: 0,
        }
    }

    /// The same talker typing for `chat_time` (e.g. botlib's [`ChatTime::Constant`]).
    #[must_use]
    pub fn with_chat_time(mut self, chat_time: ChatTime) -> Self {
        self.chat_time = chat_time;
        self
    }

    /// The same talker knowing its own player id (chat lines from it are never answered;
    /// lines under the bot's own name never are either).
    #[must_use]
    pub fn with_player(mut self, me: PlayerId) -> Self {
        self.set_player(me);
        self
    }

    /// Sets its own player id (see [`with_player`](Self::with_player)): a bot learns it
    /// when the match begins.
    pub fn set_player(&mut self, me: PlayerId) {
        self.me = Some(me);
    }

    /// The chat state (name, gender, chat file).
    #[must_use]
    pub fn chat_state(&self) -> &ChatState {
        &self.chat
    }

    /// The tendencies.
    #[must_use]
    pub fn rates(&self) -> &ChatRates {
        &self.rates
    }

    /// What the bot knows of the match (level title, opponents, last victim).
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene, to set the level title and the opponents.
    pub fn scene_mut(&mut self) -> &mut Scene {
        &mut self.scene
    }

    /// Reacts to `event` at `now` (match seconds): starts typing a line (or, hit while
    /// typing, replaces it) and returns it, or `None` (see the module rules).
    pub fn on_event<R: Rng + ?Sized>(
        &mut self,
        data: &ChatData,
        event: ChatEvent<'_>,
        now: f32,
        may_chat: bool,
        rng: &mut R,
    ) -> Option<&Typing> {
        if let ChatEvent::Kill { victim, .. } = event {
            self.scene.last_victim = Some(victim.to_owned());
        }
        if !may_chat {
            return None;
        }
        let interrupting = matches!(event, ChatEvent::HitTalking { .. });
        if interrupting != self.typing.is_some() {
            // Busy typing (only a hit interrupts), or a hit-while-typing with nothing typed.
            return None;
        }
        if !interrupting && self.too_soon(now) {
            return None;
        }
        if rng.random::<f32>() >= event.rate(&self.rates) {
            return None;
        }
        let prepared = event.prepare(&self.chat.name, &self.scene, &self.rates, rng);
        let vars: Vec<&str> = prepared.vars.iter().map(String::as_str).collect();
        let chat = self
            .chat
            .initial_chat(data, prepared.chat_type, &vars, now, rng)?;
        let text = self.accept(chat.message)?;
        self.start(text, false, now, prepared.chat_type)
    }

    /// Reacts to another player's chat `line` at `now` with `players` players in the match:
    /// starts typing a reply and returns it, or `None` (see the module rules).
    pub fn on_chat<R: Rng + ?Sized>(
        &mut self,
        data: &ChatData,
        line: &ChatLine,
        now: f32,
        players: usize,
        may_chat: bool,
        rng: &mut R,
    ) -> Option<&Typing> {
        if !may_chat || self.typing.is_some() || self.is_own(line) || self.too_soon(now) {
            return None;
        }
        #[expect(clippy::cast_precision_loss, reason = "player counts are small")]
        let share = REPLY_SHARE / (players as f32 + 1.0);
        if rng.random::<f32>() >= share || rng.random::<f32>() >= self.rates.reply {
            return None;
        }
        let reply = self.chat.reply(data, &line.text, &line.name, now, rng)?;
        let text = self.accept(reply.message)?;
        self.start(text, line.team_only, now, REPLY)
    }

    /// The line being typed: while `Some`, the bot stands still.
    #[must_use]
    pub fn typing(&self) -> Option<&Typing> {
        self.typing.as_ref()
    }

    /// The line to say at `now`, once its typing time has passed (counted as sent).
    pub fn due(&mut self, now: f32) -> Option<Typing> {
        if self.typing.as_ref().is_some_and(|t| now >= t.send_at) {
            self.sent += 1;
            return self.typing.take();
        }
        None
    }

    /// Stops typing (the bot died or left) and returns the line given up, not sent.
    pub fn cancel(&mut self) -> Option<Typing> {
        self.typing.take()
    }

    /// How many lines were sent through [`due`](Self::due).
    #[must_use]
    pub fn sent(&self) -> u32 {
        self.sent
    }

    /// How many chosen lines were dropped because they failed to expand or came out empty.
    #[must_use]
    pub fn dropped(&self) -> u32 {
        self.dropped
    }

    /// Whether the last chat started less than [`TIME_BETWEEN_CHATTING`] s before `now`.
    fn too_soon(&self, now: f32) -> bool {
        self.last_chat
            .is_some_and(|last| now < last + TIME_BETWEEN_CHATTING)
    }

    /// Whether `line` is the bot's own.
    fn is_own(&self, line: &ChatLine) -> bool {
        self.me == Some(line.from) || line.name.eq_ignore_ascii_case(&self.chat.name)
    }

    /// The message, or `None` (counted as dropped) when it failed or is empty.
    fn accept(&mut self, message: Result<String, ExpandError>) -> Option<String> {
        match message {
            Ok(text) if !text.trim().is_empty() => Some(text),
            _ => {
                self.dropped += 1;
                None
            }
        }
    }

    /// Starts typing `text` at `now`.
    fn start(
        &mut self,
        text: String,
        team_only: bool,
        now: f32,
        chat_type: &str,
    ) -> Option<&Typing> {
        self.last_chat = Some(now);
        let send_at = now + self.chat_time.seconds(&text);
        self.typing = Some(Typing {
            text,
            team_only,
            send_at,
            chat_type: chat_type.to_owned(),
        });
        self.typing.as_ref()
    }
}
