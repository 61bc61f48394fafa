//! The chat commands: the chat engine of `bot-chat` on a botfiles folder.
//!
//! - [`chat_check`] (`chat check --botfiles DIR [--json]`): loads `syn.c`, `rnd.c`,
//!   `match.c`, `rchat.c` (those present) and every `*_t.c`; reports `{"files": [{"file",
//!   "kind", "ok": true} | {"file", "kind", "ok": false, "error"}]}` and fails when a file is
//!   rejected.
//! - [`chat_match`] (`chat match --botfiles DIR [--context N] MESSAGE [--json]`): the first
//!   matching template's `{"type", "subtype", "variables": [8 × text or null]}`, or `null`.
//! - [`chat_reply`] (`chat reply --botfiles DIR --bot NAME --gender G MESSAGE [--json]`): the
//!   reply (or nothing) and which reply chat fired.
//! - [`chat_lint`] (`chat lint --botfiles DIR [--json]`): the linter's findings and counts per
//!   kind.
//! - [`chat_repl`] (`chat repl --botfiles DIR --bot NAME`): talk to a bot, one line at a time.

mod check;
mod lint;
mod matching;
mod repl;
mod reply;

use std::path::{Path, PathBuf};

use bot_chat::{ChatData, FileKind, FileReport, Gender};

pub use check::{ChatCheckReport, ChatFileEntry, chat_check};
pub use lint::{ChatLintReport, RejectedChatFile, chat_lint};
pub use matching::{ChatMatch, ChatMatchReport, chat_match};
pub use repl::chat_repl;
pub use reply::{ChatReplyReport, FiredChat, chat_reply};

use crate::error::Error;

/// The bot that talks, in [`chat_reply`] and [`chat_repl`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatBot {
    /// The botfiles folder.
    pub botfiles: PathBuf,
    /// The bot's name.
    pub name: String,
    /// The bot's gender.
    pub gender: Gender,
    /// Who sends the messages (variable 7 of replies).
    pub sender: String,
    /// Seed of the random choices (line, random strings, synonym variation).
    pub seed: u64,
}

/// An error about the botfiles folder `path`.
fn invalid(path: &Path, message: String) -> Error {
    Error::Io {
        path: path.to_owned(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
    }
}

/// Loads every chat file of `botfiles`, with a report per file.
fn load(botfiles: &Path) -> Result<(ChatData, Vec<FileReport>), Error> {
    ChatData::load_dir(botfiles).map_err(|source| Error::Io {
        path: botfiles.to_owned(),
        source,
    })
}

/// Loads the folder and fails when one of the `needed` kinds is missing or rejected.
fn load_needing(botfiles: &Path, needed: &[FileKind]) -> Result<ChatData, Error> {
    let (data, reports) = load(botfiles)?;
    for kind in needed {
        let mut of_kind = reports.iter().filter(|r| r.kind == *kind).peekable();
        if of_kind.peek().is_none() {
            return Err(invalid(
                botfiles,
                format!("no {} file in the folder", kind.as_str()),
            ));
        }
        if let Some(error) = of_kind.find_map(|r| r.error.as_ref()) {
            return Err(invalid(botfiles, error.to_string()));
        }
    }
    Ok(data)
}
