//! A bot's side of the chat: reply chats (§10.6), initial chats (§10.5), message
//! construction (§10.7) and chat time (§10.8).

use std::borrow::Cow;

use rand::{Rng, RngExt};

use crate::consts::{
    CONTEXT_DEFAULT, CONTEXT_REPLY, MAX_EXPANSION_PASSES, MAX_MESSAGE_BYTES, MAX_VARIABLES,
    RECENT_SECONDS,
};
use crate::data::ChatData;
use crate::matching::{Captures, match_text, strings_match};
use crate::model::{KeyKind, KeyPrefix, ReplyChat, Segment, segments};
use crate::synonyms::{replace_reply_synonyms, replace_synonyms, replace_weighted};
use crate::text::{WordIndex, find_ci, find_word, remove_tildes, unify_whitespace};

/// A bot's gender (`it` 0, `female` 1, `male` 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Gender {
    /// Neuter (`it`).
    #[default]
    It,
    /// Female.
    Female,
    /// Male.
    Male,
}

impl Gender {
    /// `"it"`, `"female"` or `"male"` (any letter case; also `"neuter"`, `"none"`, `"n"`,
    /// `"f"`, `"m"`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        match text.to_ascii_lowercase().as_str() {
            "it" | "neuter" | "none" | "n" => Some(Self::It),
            "female" | "f" => Some(Self::Female),
            "male" | "m" => Some(Self::Male),
            _ => None,
        }
    }
}

/// How long a bot types a chat before sending it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum ChatTime {
    /// botlib's constant 2 seconds.
    #[default]
    Constant,
    /// The intended formula: characters × 30 / characters-per-minute (CPM clamped to
    /// 1..=4000).
    CharactersPerMinute(u32),
}

impl ChatTime {
    /// Seconds to type `message`.
    #[must_use]
    pub fn seconds(self, message: &str) -> f32 {
        match self {
            Self::Constant => 2.0,
            #[expect(clippy::cast_precision_loss, reason = "messages are at most 255 bytes")]
            Self::CharactersPerMinute(cpm) => {
                message.len() as f32 * 30.0 / cpm.clamp(1, 4000) as f32
            }
        }
    }
}

/// Why a chosen line produced no message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExpandError {
    /// The line references a random-string list that does not exist (botlib drops it).
    #[error("unknown random-string list `{0}`")]
    UnknownRandom(String),
}

/// A reply chat that fired and the message it made.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// Index of the reply chat in [`ChatData::replies`].
    pub chat: usize,
    /// Where the reply chat is (`file:line:column`).
    pub origin: String,
    /// Its priority.
    pub priority: f32,
    /// Index of the chosen line within the chat.
    pub line: usize,
    /// The message (at most 255 bytes, tildes removed), or why it was dropped.
    pub message: Result<String, ExpandError>,
}

/// An initial chat: the chosen line of a chat type and the message it made.
#[derive(Debug, Clone, PartialEq)]
pub struct InitialChat {
    /// Where the chat type is.
    pub origin: String,
    /// Index of the chosen line within the type.
    pub line: usize,
    /// The message, or why it was dropped.
    pub message: Result<String, ExpandError>,
}

/// One bot's chat state: its name, gender, initial-chat name and the recently-used stamps
/// of every line (a used line is blocked for 20 s).
#[derive(Debug, Clone)]
pub struct ChatState {
    /// The bot's name (the `name` reply key and variable 6 of replies).
    pub name: String,
    /// The bot's gender (the `female`/`male`/`it` reply keys).
    pub gender: Gender,
    /// The character's chat name (`CHAT_NAME`): which `chat "…"` blocks are its initial
    /// chats; `None`: the bot's name.
    pub chat_name: Option<String>,
    /// The character's chat file (`CHAT_FILE`, relative to the botfiles root); `None`: every
    /// loaded `*_t.c` file.
    pub chat_file: Option<String>,
    /// Synonym context for input normalisation and output variation
    /// (`BotSynonymContext`; default `NORMAL | NEARBYITEM | NAMES`).
    pub synonym_context: u32,
    /// Time a line stays blocked after use.
    recent: Vec<f32>,
}

impl ChatState {
    /// A bot named `name` of `gender`, with nothing used yet.
    #[must_use]
    pub fn new(data: &ChatData, name: &str, gender: Gender) -> Self {
        Self {
            name: name.to_owned(),
            gender,
            chat_name: None,
            chat_file: None,
            synonym_context: CONTEXT_DEFAULT,
            recent: vec![f32::NEG_INFINITY; data.line_count()],
        }
    }

    fn stamp(&mut self, line: usize, now: f32) {
        if let Some(s) = self.recent.get_mut(line) {
            *s = now + RECENT_SECONDS;
        }
    }

    fn stamp_of(&self, line: usize) -> f32 {
        self.recent.get(line).copied().unwrap_or(f32::NEG_INFINITY)
    }

    /// botlib's `BotReplyChat` for an incoming chat `message` from `sender` at time `now`
    /// (seconds): the message is whitespace-unified and synonym-normalised, the reply chats
    /// are examined in reverse file order, the highest priority that fires wins (on a tie
    /// the later chat in the file), a non-recent line is chosen and built with the match
    /// captures, variable 6 = the bot's name and 7 = `sender`. `None` when nothing fires.
    pub fn reply<R: Rng + ?Sized>(
        &mut self,
        data: &ChatData,
        message: &str,
        sender: &str,
        now: f32,
        rng: &mut R,
    ) -> Option<Reply> {
        let mut text = match_text(message.as_bytes()).to_vec();
        unify_whitespace(&mut text, data.compat);
        replace_synonyms(&data.synonyms, &mut text, self.synonym_context, data.compat);
        let (index, captures) = self.best_reply(data, &text)?;
        let chat = &data.replies[index];
        let line = self.choose_reply_line(data, chat, now, rng)?;
        self.stamp(chat.first_line + line, now);
        let mut vars: [Cow<'_, [u8]>; MAX_VARIABLES] = Default::default();
        for (slot, range) in vars.iter_mut().zip(&captures) {
            if let Some(range) = range {
                *slot = Cow::Borrowed(&text[range.clone()]);
            }
        }
        vars[6] = Cow::Borrowed(self.name.as_bytes());
        vars[7] = Cow::Borrowed(sender.as_bytes());
        let message = construct(
            data,
            &chat.lines[line],
            &vars,
            true,
            CONTEXT_REPLY,
            self.synonym_context,
            rng,
        );
        Some(Reply {
            chat: index,
            origin: chat.origin.clone(),
            priority: chat.priority,
            line,
            message,
        })
    }

    /// The reply chat that fires with the highest priority and the captures at that point
    /// (one capture buffer shared by all template keys, as in botlib).
    fn best_reply(&self, data: &ChatData, text: &[u8]) -> Option<(usize, Captures)> {
        let mut shared: Captures = Default::default();
        let mut best: Option<(usize, f32, Captures)> = None;
        // Word keys search the word starts only (the botlib scan, which finds a subset, in
        // compat mode); a chat of word keys none of whose first letters starts a word of the
        // text cannot fire and is skipped without looking at its keys.
        let index = WordIndex::new(text);
        let words = (!data.compat.word_after_separator).then_some(&index);
        for (i, chat) in data.replies.iter().enumerate().rev() {
            if chat
                .word_filter
                .as_ref()
                .is_some_and(|set| !index.starts_with_any(set))
            {
                continue;
            }
            if !self.fires(data, chat, text, words, &mut shared) {
                continue;
            }
            if best.as_ref().is_none_or(|(_, p, _)| chat.priority > *p) {
                best = Some((i, chat.priority, shared.clone()));
            }
        }
        best.map(|(i, _, c)| (i, c))
    }

    /// Whether `chat` fires: one unprefixed key true, every `&` key true, no `!` key true.
    fn fires(
        &self,
        data: &ChatData,
        chat: &ReplyChat,
        text: &[u8],
        words: Option<&WordIndex>,
        shared: &mut Captures,
    ) -> bool {
        let mut any = false;
        for key in &chat.keys {
            let truth = match &key.kind {
                KeyKind::Name => {
                    !self.name.is_empty() && find_ci(text, self.name.as_bytes()).is_some()
                }
                KeyKind::Female => self.gender == Gender::Female,
                KeyKind::Male => self.gender == Gender::Male,
                KeyKind::It => self.gender == Gender::It,
                KeyKind::Bots(names) => {
                    let joined = names.join(&b'\\');
                    !self.name.is_empty() && find_ci(&joined, self.name.as_bytes()).is_some()
                }
                KeyKind::Template(pieces) => match strings_match(pieces, text) {
                    Some(captures) => {
                        for (slot, c) in shared.iter_mut().zip(captures) {
                            if c.is_some() {
                                *slot = c;
                            }
                        }
                        true
                    }
                    None => false,
                },
                KeyKind::Word(word) => match words {
                    Some(index) => index.find(text, word).is_some(),
                    None => find_word(text, word, data.compat).is_some(),
                },
            };
            match key.prefix {
                KeyPrefix::None => any |= truth,
                KeyPrefix::And if !truth => return false,
                KeyPrefix::Not if truth => return false,
                KeyPrefix::And | KeyPrefix::Not => {}
            }
        }
        any
    }

    fn choose_reply_line<R: Rng + ?Sized>(
        &self,
        data: &ChatData,
        chat: &ReplyChat,
        now: f32,
        rng: &mut R,
    ) -> Option<usize> {
        let count = chat.lines.len();
        if count == 0 {
            return None;
        }
        let fresh: Vec<usize> = (0..count)
            .filter(|&i| self.stamp_of(chat.first_line + i) <= now)
            .collect();
        if fresh.is_empty() {
            return self.oldest(chat.first_line, count);
        }
        let pick = rng.random_range(0..fresh.len());
        Some(if data.compat.reply_line_choice {
            pick
        } else {
            fresh[pick]
        })
    }

    fn oldest(&self, first: usize, count: usize) -> Option<usize> {
        (0..count).min_by(|&a, &b| {
            self.stamp_of(first + a)
                .total_cmp(&self.stamp_of(first + b))
        })
    }

    /// botlib's `BotInitialChat`: a line of chat type `chat_type` (case-insensitive; the
    /// last type of that name in the bot's chat blocks) that was not used in the last 20 s
    /// (if all were, the oldest, not re-stamped), built with `vars` as variables 0..7.
    /// `None` when the bot has no line of that type.
    pub fn initial_chat<R: Rng + ?Sized>(
        &mut self,
        data: &ChatData,
        chat_type: &str,
        vars: &[&str],
        now: f32,
        rng: &mut R,
    ) -> Option<InitialChat> {
        let chat_name = self.chat_name.as_deref().unwrap_or(&self.name);
        let wanted: &[u8] = chat_type.as_bytes();
        let wanted = &wanted[..wanted.len().min(crate::consts::MAX_CHATTYPE_NAME)];
        let found = data
            .initial
            .iter()
            .filter(|f| {
                self.chat_file
                    .as_deref()
                    .is_none_or(|c| c.eq_ignore_ascii_case(&f.file))
            })
            .flat_map(|f| &f.blocks)
            .filter(|b| b.name.eq_ignore_ascii_case(chat_name))
            .flat_map(|b| &b.types)
            .rfind(|t| t.name.as_bytes().eq_ignore_ascii_case(wanted))?;
        let count = found.lines.len();
        if count == 0 {
            return None;
        }
        let fresh: Vec<usize> = (0..count)
            .filter(|&i| self.stamp_of(found.first_line + i) <= now)
            .collect();
        let line = if fresh.is_empty() {
            self.oldest(found.first_line, count)?
        } else {
            let line = fresh[rng.random_range(0..fresh.len())];
            self.stamp(found.first_line + line, now);
            line
        };
        let mut slots: [Cow<'_, [u8]>; MAX_VARIABLES] = Default::default();
        for (slot, v) in slots.iter_mut().zip(vars) {
            *slot = Cow::Borrowed(v.as_bytes());
        }
        let message = construct(
            data,
            &found.lines[line],
            &slots,
            false,
            0,
            self.synonym_context,
            rng,
        );
        Some(InitialChat {
            origin: found.origin.clone(),
            line,
            message,
        })
    }
}

/// botlib's `BotConstructChatMessage`: expansion passes (variables after reply or normal
/// synonym replacement in `vcontext`, random strings chosen uniformly) each followed by
/// weighted synonym variation in `mcontext`, while random strings were expanded, at most 10
/// passes; then at most 255 bytes and tildes removed.
///
/// # Errors
///
/// A reference to a random-string list that does not exist.
pub fn construct<R: Rng + ?Sized>(
    data: &ChatData,
    line: &[u8],
    vars: &[Cow<'_, [u8]>; MAX_VARIABLES],
    reply: bool,
    vcontext: u32,
    mcontext: u32,
    rng: &mut R,
) -> Result<String, ExpandError> {
    let mut message = line.to_vec();
    for _ in 0..MAX_EXPANSION_PASSES {
        let mut out = Vec::with_capacity(message.len() + 16);
        let mut expanded = false;
        for segment in segments(&message) {
            match segment {
                Segment::Text(t) => out.extend_from_slice(t),
                Segment::Variable(v) => {
                    let mut text = vars
                        .get(usize::from(v))
                        .map(|v| v.to_vec())
                        .unwrap_or_default();
                    if reply {
                        replace_reply_synonyms(&data.synonyms, &mut text, vcontext);
                    } else if vcontext != 0 {
                        replace_synonyms(&data.synonyms, &mut text, vcontext, data.compat);
                    }
                    out.extend(text);
                }
                Segment::Random(name) => {
                    let list = data.random_list(name).ok_or_else(|| {
                        ExpandError::UnknownRandom(String::from_utf8_lossy(name).into_owned())
                    })?;
                    if !list.strings.is_empty() {
                        out.extend_from_slice(
                            &list.strings[rng.random_range(0..list.strings.len())],
                        );
                    }
                    expanded = true;
                }
            }
        }
        replace_weighted(&data.synonyms, &mut out, mcontext, data.compat, rng);
        message = out;
        if !expanded {
            break;
        }
    }
    let mut text: Vec<u8> = segments(&message)
        .filter_map(|s| match s {
            Segment::Text(t) => Some(t),
            _ => None,
        })
        .flatten()
        .copied()
        .collect();
    text.truncate(MAX_MESSAGE_BYTES);
    remove_tildes(&mut text);
    Ok(String::from_utf8_lossy(&text).into_owned())
}
