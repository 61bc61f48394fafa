//! Load errors: every one names the file, line and column (and the include stack).

use bot_script::ScriptError;

/// Why a chat file was rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read or preprocessed.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The preprocessed file does not follow its grammar, or a value is out of range.
    #[error("{position}: {message}")]
    Data {
        /// `file:line:column`, then ` (included from …)` when inside an include.
        position: String,
        /// What is wrong, naming the offending token.
        message: String,
    },
}
