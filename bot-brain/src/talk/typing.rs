//! [`Typing`]: a chat line the bot is typing, and when it will be sent.
//!
//! Rules: while a line is being typed the bot stands still (the AI network's Stand node,
//! botlib reference §10.8); the line is sent at `send_at`, start time plus the typing time.

/// A chat line being typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Typing {
    /// The message (at most 255 bytes, tildes removed).
    pub text: String,
    /// Say it to the team only (`say_team`).
    pub team_only: bool,
    /// When typing is done and the line is sent (match seconds).
    pub send_at: f32,
    /// The initial-chat type it came from (`"kill_rail"` …), or `"reply"` for a reply chat.
    pub chat_type: String,
}

/// The chat type of reply chats in [`Typing::chat_type`].
pub const REPLY: &str = "reply";
