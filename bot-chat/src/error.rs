//! Load errors: every one names the file, line and column (and the include stack).

use bot_script::{ScriptError, SourceDiagnostic};

/// Why a chat file was rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read or preprocessed.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The preprocessed file does not follow its grammar, or a value is out of range: the
    /// message names the offending token, at its position (or
    /// [`end of input`](bot_script::SourcePos::end_of_input)) with its include stack.
    #[error(transparent)]
    Data(SourceDiagnostic),
}
