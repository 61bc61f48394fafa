//! [`chat_reply`] (`chat reply --botfiles DIR --bot NAME --gender G MESSAGE [--json]`): a
//! bot's reply to a message, and which reply chat fired.

use std::io::Write;

use bot_chat::{ChatState, FileKind};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::Serialize;

use super::{ChatBot, load_needing};
use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// The reply chat that fired (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FiredChat {
    /// Where it is defined.
    pub origin: String,
    /// Its priority.
    pub priority: f32,
    /// The line of it that was chosen.
    pub line: usize,
}

/// The report of `chat reply` (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatReplyReport {
    /// The reply, `None` when no chat fired or its message was dropped.
    pub reply: Option<String>,
    /// The chat that fired, if any.
    pub chat: Option<FiredChat>,
    /// Why a fired chat's message was dropped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped: Option<String>,
}

/// `bot`'s reply to `message` at time 0.
///
/// # Errors
/// When the folder has no reply chats or they are rejected.
pub fn chat_reply(bot: &ChatBot, message: &str) -> Result<ChatReplyReport, Error> {
    let data = load_needing(&bot.botfiles, &[FileKind::ReplyChats])?;
    let mut state = ChatState::new(&data, &bot.name, bot.gender);
    let mut rng = SmallRng::seed_from_u64(bot.seed);
    let fired = state.reply(&data, message, &bot.sender, 0.0, &mut rng);
    Ok(match fired {
        None => ChatReplyReport {
            reply: None,
            chat: None,
            dropped: None,
        },
        Some(r) => {
            let (reply, dropped) = match r.message {
                Ok(text) => (Some(text), None),
                Err(e) => (None, Some(e.to_string())),
            };
            ChatReplyReport {
                reply,
                chat: Some(FiredChat {
                    origin: r.origin,
                    priority: r.priority,
                    line: r.line,
                }),
                dropped,
            }
        }
    })
}

impl Report for ChatReplyReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// Nothing when no chat fired; else the reply (or why it was dropped) and
    /// `fired: ORIGIN (priority P, line L)`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        if let Some(chat) = &self.chat {
            match (&self.reply, &self.dropped) {
                (Some(text), _) => writeln!(out, "{text}")?,
                (None, Some(why)) => writeln!(out, "(message dropped: {why})")?,
                (None, None) => {}
            }
            writeln!(
                out,
                "fired: {} (priority {}, line {})",
                chat.origin, chat.priority, chat.line
            )?;
        }
        Ok(())
    }
}
