//! Errors: why a character file (or skill block) cannot be read, and why a characteristic
//! cannot be read as asked.

use bot_script::{ScriptError, SourceDiagnostic, SourcePos};
use thiserror::Error;

use super::characteristic::{Characteristic, Kind};

/// Why a character could not be loaded. Every variant names the file; those about a place in
/// it name the line and column too (and the include stack).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CharacterError {
    /// Reading, lexing or preprocessing failed (a missing file or include, an undefined macro
    /// in `$evalint`, …).
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The tokens are not a character file: something other than `skill N { … }` at the top
    /// level, an index that is not an integer in 0..=79, a duplicate index, a value that is
    /// neither a number nor a string (`-0.5`: botlib reads no sign), a missing brace.
    #[error("{0}")]
    Syntax(SourceDiagnostic),
    /// The file has no block `skill N` (N truncated) for the requested skill.
    #[error("{file}: no skill {skill} block")]
    MissingSkill {
        /// The file, relative to the botfiles folder.
        file: String,
        /// The skill looked for.
        skill: u8,
    },
    /// The file has no skill block at all (the "any skill" fallback found nothing).
    #[error("{file}: no skill block")]
    NoBlock {
        /// The file, relative to the botfiles folder.
        file: String,
    },
    /// The requested skill is not a number.
    #[error("{file}: skill {skill} is not a number")]
    BadSkill {
        /// The file asked for.
        file: String,
        /// The skill asked for.
        skill: f32,
    },
    /// Every step of botlib's fallback chain failed at an anchor skill: the file at the skill,
    /// the default character at the skill, the file's first block, the default's first block.
    /// Holds the first step's error (the file's own problem).
    #[error("{file}: cannot load skill {skill}, nor any fallback: {first}")]
    NoFallback {
        /// The file asked for.
        file: String,
        /// The anchor skill.
        skill: u8,
        /// Why the file itself failed at that skill.
        first: Box<CharacterError>,
    },
}

impl CharacterError {
    /// Where the error is, when it is at a place in a file.
    #[must_use]
    pub fn pos(&self) -> Option<&SourcePos> {
        match self {
            Self::Script(error) => Some(error.pos()),
            Self::Syntax(diagnostic) => Some(&diagnostic.pos),
            Self::NoFallback { first, .. } => first.pos(),
            _ => None,
        }
    }

    /// Whether this only says that a block is absent (the file itself reads fine).
    #[must_use]
    pub fn is_missing_block(&self) -> bool {
        matches!(self, Self::MissingSkill { .. } | Self::NoBlock { .. })
    }
}

/// Why a characteristic cannot be read as asked (botlib prints these and returns 0).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AccessError {
    /// `chars.h` declares another kind (a string read as a number or the reverse).
    #[error("{file}: {characteristic} is declared a {declared:?}, not read as a {asked:?}")]
    WrongKind {
        /// The character's file.
        file: String,
        /// What was read.
        characteristic: Characteristic,
        /// The kind `chars.h` declares.
        declared: Kind,
        /// The kind asked for.
        asked: Kind,
    },
    /// The slot holds a value of another type (a string where a number is read, a number
    /// where a string is read); happens with files written for another `chars.h`.
    #[error("{file}: {characteristic} holds a {found}, not a {asked:?}")]
    WrongType {
        /// The character's file.
        file: String,
        /// What was read.
        characteristic: Characteristic,
        /// The type the slot holds (`"float"`, `"integer"`, `"string"`).
        found: &'static str,
        /// The kind asked for.
        asked: Kind,
    },
    /// Neither the file nor the default character sets it (or, with
    /// [`Compat::Botlib`](super::Compat::Botlib), interpolation left it unset).
    #[error("{file}: {characteristic} is not initialized")]
    NotInitialized {
        /// The character's file.
        file: String,
        /// What was read.
        characteristic: Characteristic,
    },
}

impl From<crate::token_cursor::ReadError> for CharacterError {
    fn from(error: crate::token_cursor::ReadError) -> Self {
        match error {
            crate::token_cursor::ReadError::Script(error) => Self::Script(error),
            crate::token_cursor::ReadError::Syntax(diagnostic) => Self::Syntax(diagnostic),
        }
    }
}
