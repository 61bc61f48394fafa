//! botlib's string quirks as settings (reference §15.5 H2–H4); every default is the fixed
//! behaviour.

use serde::{Deserialize, Serialize};

/// Which of botlib's chat quirks to reproduce. `CompatSettings::default()` fixes all of them;
/// [`CompatSettings::BOTLIB`] reproduces all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CompatSettings {
    /// H2: a word right after ", " or ". " is not found by the word search (reply word
    /// keys and synonym replacement).
    pub word_after_separator: bool,
    /// H3: whitespace unification skips ahead after shortening a run and leaves some runs.
    pub unify_whitespace_skip: bool,
    /// H4: the reply line is drawn among the non-recent lines but counted over all lines.
    pub reply_line_choice: bool,
}

impl CompatSettings {
    /// Every quirk reproduced, as botlib does.
    pub const BOTLIB: Self = Self {
        word_after_separator: true,
        unify_whitespace_skip: true,
        reply_line_choice: true,
    };
}
