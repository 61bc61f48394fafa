//! [`SharedBotData`]: what all bots of a botfiles folder share: `items.c` and the chat
//! files (global `syn.c`, `rnd.c`, `match.c`, `rchat.c`, and the bots' initial-chat files).

use bot_chat::{ChatData, FileKind};
use bot_script::FileSource;

use super::embedded::default_botfiles;
use super::profile::BotProfile;
use crate::goal::{ItemConfig, load_item_config};

/// The shared files of a folder (see the [module docs](self)).
#[derive(Debug, Clone)]
pub struct SharedBotData {
    /// `items.c` (the toolkit's own when the folder's fails).
    pub items: ItemConfig,
    /// The chat files that loaded.
    pub chat: ChatData,
    /// What failed and the fallbacks taken.
    pub diagnostics: Vec<String>,
}

impl SharedBotData {
    /// Loads the shared files of `source` and the initial-chat files of `profiles`.
    #[must_use]
    pub fn load(source: &impl FileSource, profiles: &[BotProfile]) -> Self {
        let mut diagnostics = Vec::new();
        let items = match load_item_config(source, "items.c") {
            Ok(items) => items,
            Err(error) => {
                diagnostics.push(format!("items.c: {error}; using the toolkit's own items.c"));
                load_item_config(&default_botfiles(), "items.c").unwrap_or_default()
            }
        };
        let mut files: Vec<(String, FileKind)> = [
            ("syn.c", FileKind::Synonyms),
            ("rnd.c", FileKind::RandomStrings),
            ("match.c", FileKind::MatchTemplates),
            ("rchat.c", FileKind::ReplyChats),
        ]
        .into_iter()
        .filter(|(file, _)| source.read(file).is_ok())
        .map(|(file, kind)| (file.to_owned(), kind))
        .collect();
        for profile in profiles {
            if let Some(file) = &profile.chat_file
                && !files
                    .iter()
                    .any(|(f, _)| f.eq_ignore_ascii_case(file))
            {
                files.push((file.clone(), FileKind::InitialChats));
            }
        }
        let (chat, reports) = ChatData::load(source, &files);
        for report in reports {
            if let Some(error) = report.error {
                diagnostics.push(format!("{}: {error}; left out", report.file));
            }
        }
        Self {
            items,
            chat,
            diagnostics,
        }
    }

    /// What is wrong with `profile`'s chats here: its chat file did not load, or holds no
    /// chats under its chat name (the bot then plays mute).
    #[must_use]
    pub fn chat_diagnostics(&self, profile: &BotProfile) -> Vec<String> {
        let Some(file) = &profile.chat_file else {
            return vec!["CHARACTERISTIC_CHAT_FILE: not set; the bot says nothing".to_owned()];
        };
        let name = profile.chat_name.as_deref().unwrap_or(&profile.name);
        let Some(loaded) = self
            .chat
            .initial
            .iter()
            .find(|f| f.file.eq_ignore_ascii_case(file))
        else {
            return vec![format!("{file}: did not load; the bot says nothing")];
        };
        if loaded
            .blocks
            .iter()
            .any(|block| block.name.eq_ignore_ascii_case(name))
        {
            Vec::new()
        } else {
            vec![format!(
                "{file}: no initial chats found for chat name \"{name}\"; the bot says nothing"
            )]
        }
    }
}
