//! [`ScriptError`]: a preprocessing error, a [`SourceDiagnostic`] with an [`ErrorKind`].

use crate::diagnostic::SourceDiagnostic;
use crate::token::SourcePos;

/// What went wrong, broadly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The lexer cannot read a token (bad byte, unterminated string or comment, bad number).
    Lex,
    /// A file cannot be found or read.
    Include,
    /// A malformed or unknown directive.
    Directive,
    /// A malformed macro definition or use.
    Macro,
    /// A malformed expression, an undefined name or a division by zero in `#if` /
    /// `$evalint` / `$evalfloat`.
    Expression,
    /// Unbalanced conditionals (`#else` without `#if`, `#if` without `#endif`, ...).
    Conditional,
    /// A safety limit was hit (token length, include depth, macro expansion).
    Limit,
}

/// An error: its kind, and its message with position and include stack.
///
/// `Display` is the diagnostic's: `file:line:column: message`, then
/// ` (included from a.c:3:1, b.c:10:5)` when the position is inside an included file
/// (innermost include first).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{diagnostic}")]
pub struct ScriptError {
    /// What went wrong, broadly.
    pub kind: ErrorKind,
    /// The message, where it went wrong and the include stack (an
    /// [`Error`](crate::Severity::Error)).
    pub diagnostic: SourceDiagnostic,
}

impl ScriptError {
    /// An error at `pos` with an empty include stack.
    #[must_use]
    pub fn new(kind: ErrorKind, pos: SourcePos, message: impl Into<String>) -> Self {
        Self {
            kind,
            diagnostic: SourceDiagnostic::error(pos, message),
        }
    }

    /// The same error with the include stack `stack` (innermost first).
    #[must_use]
    pub fn with_stack(mut self, stack: Vec<SourcePos>) -> Self {
        self.diagnostic.include_stack = stack;
        self
    }

    /// Where it went wrong.
    #[must_use]
    pub fn pos(&self) -> &SourcePos {
        &self.diagnostic.pos
    }
}
