//! Load errors: every one names the file, line and column (and the include stack).

use bot_script::ScriptError;

/// Why a chat file was rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read or preprocessed.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The preprocessed file does not follow its grammar, or a value is out of range.
    #[error("{position}: {message}{}", included_from(.include_stack))]
    Data {
        /// `file:line:column` (or `end of input`).
        position: String,
        /// What is wrong, naming the offending token.
        message: String,
        /// Positions of the `#include` directives that led there, innermost first.
        include_stack: Vec<String>,
    },
}

/// ` (included from a, b)` or nothing.
fn included_from(stack: &[String]) -> String {
    if stack.is_empty() {
        String::new()
    } else {
        format!(" (included from {})", stack.join(", "))
    }
}
