//! [`ChatData`]: everything loaded from a botfiles folder, shared by all bots.

use crate::compat::CompatSettings;
use crate::model::{InitialChatFile, MatchTemplate, RandomList, ReplyChat, SynonymList};

/// The chat data of a botfiles folder: synonyms, random strings, match templates and reply
/// chats (global to all bots, as in botlib) and the initial-chat files.
///
/// Load it with [`ChatData::load_dir`] or [`ChatData::load`]; talk with a
/// [`ChatState`](crate::ChatState).
#[derive(Debug, Clone, Default)]
pub struct ChatData {
    /// `syn.c` lists in file order.
    pub synonyms: Vec<SynonymList>,
    /// `rnd.c` lists in file order.
    pub random: Vec<RandomList>,
    /// `match.c` templates in file order.
    pub templates: Vec<MatchTemplate>,
    /// `rchat.c` reply chats in file order (botlib examines them in reverse).
    pub replies: Vec<ReplyChat>,
    /// The `*_t.c` files.
    pub initial: Vec<InitialChatFile>,
    /// Which of botlib's string quirks to reproduce (default: none).
    pub compat: CompatSettings,
    /// Number of reply and initial-chat lines (size of the recently-used table).
    pub(crate) line_count: usize,
}

impl ChatData {
    /// The same data with other [`CompatSettings`] settings.
    #[must_use]
    pub fn with_compat(mut self, compat: CompatSettings) -> Self {
        self.compat = compat;
        self
    }

    /// Number of reply and initial-chat lines (each has a recently-used stamp per bot).
    #[must_use]
    pub fn line_count(&self) -> usize {
        self.line_count
    }

    /// The first random-string list named `name` (case-sensitive, as botlib).
    #[must_use]
    pub fn random_list(&self, name: &[u8]) -> Option<&RandomList> {
        self.random.iter().find(|l| l.name.as_bytes() == name)
    }
}
