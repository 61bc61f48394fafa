//! Errors: why an item config (`items.c`) cannot be read, and why a goal cannot be pushed.

use bot_script::{ScriptError, SourceDiagnostic, SourcePos};
use thiserror::Error;

/// Why an item config could not be loaded (the whole file is rejected, as in botlib). Every
/// variant names the file, line and column (and the include stack).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ItemConfigError {
    /// Reading, lexing or preprocessing failed (a missing file or include, …) before the
    /// grammar found a problem.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The tokens are not an item config: something other than `iteminfo "classname" { … }`
    /// at the top level, an unknown field, a value of the wrong kind (a float or a name where
    /// an integer is needed, such as tremfusion's undefined `MODELINDEX_BELT`), an integer
    /// outside −32768..=32767, a vector of more than three numbers, a missing brace, or more
    /// than [`MAX_ITEM_INFO`](super::MAX_ITEM_INFO) item infos.
    #[error("{0}")]
    Syntax(SourceDiagnostic),
}

impl ItemConfigError {
    /// Where the error is.
    #[must_use]
    pub fn pos(&self) -> &SourcePos {
        match self {
            Self::Script(error) => error.pos(),
            Self::Syntax(diagnostic) => &diagnostic.pos,
        }
    }
}

/// The goal stack already holds [`MAX_GOAL_STACK`](super::MAX_GOAL_STACK) goals (botlib's
/// "goal heap overflow"); the goal was not pushed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("goal stack overflow: it already holds {max} goals")]
pub struct GoalStackFull {
    /// The capacity of the stack.
    pub max: usize,
}

impl From<crate::token_cursor::ReadError> for ItemConfigError {
    fn from(error: crate::token_cursor::ReadError) -> Self {
        match error {
            crate::token_cursor::ReadError::Script(error) => Self::Script(error),
            crate::token_cursor::ReadError::Syntax(diagnostic) => Self::Syntax(diagnostic),
        }
    }
}
