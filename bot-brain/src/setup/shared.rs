//! [`SharedBotData`]: what every bot of a botfiles folder shares: the item config `items.c`
//! and the chat data (`syn.c`, `rnd.c`, `match.c`, `rchat.c`, and the bots' `*_t.c` files
//! as bots are added).
//!
//! Rules: a failing `items.c` is replaced by our embedded one; a failing chat file is left
//! out; a chat line naming a random list that no loaded `rnd.c` holds is reported (botlib
//! drops such a message when it is chosen). Each problem is one diagnostic string starting
//! with the file.

use bot_chat::lint::{LintKind, lint};
use bot_chat::{ChatData, FileKind, ROOT_CHAT_FILES};
use bot_script::FileSource;

use super::embedded::default_botfiles;
use super::profile::BotProfile;
use crate::goal::{ItemConfig, load_item_config, unweighted_classes};

/// The item config file of a botfiles folder.
const ITEM_CONFIG: &str = "items.c";

/// The data all bots of one botfiles folder share.
#[derive(Debug, Clone)]
pub struct SharedBotData {
    /// The item config (`items.c`, or our embedded one when the folder's fails).
    pub items: ItemConfig,
    /// The chat data: the global chat files that loaded and the initial-chat files added
    /// with [`SharedBotData::add_chat_file`].
    pub chat: ChatData,
    /// Every problem met, each naming the file and the cause.
    pub diagnostics: Vec<String>,
}

impl SharedBotData {
    /// Loads `items.c` and the global chat files of `source`.
    #[must_use]
    pub fn load(source: &impl FileSource) -> Self {
        let mut diagnostics = Vec::new();
        let items = match load_item_config(source, ITEM_CONFIG) {
            Ok(items) => items,
            Err(error) => {
                diagnostics.push(format!(
                    "{ITEM_CONFIG}: not loaded ({error}); using the embedded default {ITEM_CONFIG}"
                ));
                load_item_config(&default_botfiles(), ITEM_CONFIG).unwrap_or_default()
            }
        };
        let mut chat = ChatData::default();
        for (file, kind) in ROOT_CHAT_FILES {
            if let Err(error) = chat.load_file(source, file, kind) {
                diagnostics.push(format!("{file}: left out ({error})"));
            }
        }
        let mut shared = Self {
            items,
            chat,
            diagnostics,
        };
        shared.report_undefined_random(None);
        shared
    }

    /// Adds the initial-chat file `file` (a character's `CHAT_FILE`) unless it is already
    /// loaded; a file that fails is left out. Returns the problems met (also appended to
    /// [`SharedBotData::diagnostics`]).
    pub fn add_chat_file(&mut self, source: &impl FileSource, file: &str) -> Vec<String> {
        if self
            .chat
            .initial
            .iter()
            .any(|f| f.file.eq_ignore_ascii_case(file))
        {
            return Vec::new();
        }
        let before = self.diagnostics.len();
        if let Err(error) = self.chat.load_file(source, file, FileKind::InitialChats) {
            self.diagnostics.push(format!("{file}: left out ({error})"));
        } else {
            self.report_undefined_random(Some(file));
        }
        self.diagnostics[before..].to_vec()
    }

    /// Adds `profile`'s chat file (if it has one) and reports the item classes of `items.c`
    /// that its item weights do not weigh (botlib ignores those items). Returns the problems
    /// met (also appended to [`SharedBotData::diagnostics`]).
    pub fn add_bot(&mut self, source: &impl FileSource, profile: &BotProfile) -> Vec<String> {
        let mut out = profile
            .chat_file
            .as_deref()
            .map(|file| self.add_chat_file(source, file))
            .unwrap_or_default();
        let gaps = self.weight_gaps(profile);
        self.diagnostics.extend(gaps.iter().cloned());
        out.extend(gaps);
        out
    }

    /// One diagnostic per item class of [`SharedBotData::items`] that `profile`'s item
    /// weights do not weigh, in `items.c` order.
    #[must_use]
    pub fn weight_gaps(&self, profile: &BotProfile) -> Vec<String> {
        unweighted_classes(&self.items, &profile.item_weights)
            .into_iter()
            .map(|class| {
                format!(
                    "{}: no item weight for class `{class}` of {ITEM_CONFIG}; the item is ignored",
                    profile.item_weights_file
                )
            })
            .collect()
    }

    /// Reports every reference to a random list that does not exist, in the chat files
    /// loaded so far (`only`: in that file only).
    fn report_undefined_random(&mut self, only: Option<&str>) {
        for finding in lint(&self.chat) {
            if finding.kind != LintKind::UndefinedRandom {
                continue;
            }
            if let Some(file) = only {
                let origin_file = finding.origin.split(':').next().unwrap_or_default();
                if !origin_file.eq_ignore_ascii_case(file) {
                    continue;
                }
            }
            self.diagnostics.push(format!(
                "{}: {}; a message using it is dropped",
                finding.origin, finding.message
            ));
        }
    }
}
