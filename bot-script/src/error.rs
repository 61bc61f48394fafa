//! Errors and warnings, each with a position and the include stack.

use std::fmt;

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

/// An error: its kind, message, position and include stack.
///
/// `Display` prints `file:line:column: message`, then ` (included from a.c:3:1, b.c:10:5)`
/// when the position is inside an included file (innermost include first).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct ScriptError {
    /// What went wrong, broadly.
    pub kind: ErrorKind,
    /// The message, without the position.
    pub message: String,
    /// Where it went wrong.
    pub pos: SourcePos,
    /// Positions of the `#include` directives that led to `pos`, innermost first.
    pub include_stack: Vec<SourcePos>,
}

impl ScriptError {
    /// An error at `pos` with an empty include stack.
    #[must_use]
    pub fn new(kind: ErrorKind, pos: SourcePos, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            pos,
            include_stack: Vec::new(),
        }
    }

    /// The same error with the include stack `stack` (innermost first).
    #[must_use]
    pub fn with_stack(mut self, stack: Vec<SourcePos>) -> Self {
        self.include_stack = stack;
        self
    }
}

/// Writes ` (included from a, b)` when `stack` is not empty.
pub(crate) fn write_stack(f: &mut fmt::Formatter<'_>, stack: &[SourcePos]) -> fmt::Result {
    if let Some((first, rest)) = stack.split_first() {
        write!(f, " (included from {first}")?;
        for pos in rest {
            write!(f, ", {pos}")?;
        }
        write!(f, ")")?;
    }
    Ok(())
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)?;
        write_stack(f, &self.include_stack)
    }
}

/// A warning: the preprocessing went on (macro redefinition, too few macro arguments,
/// clamped escape, unknown pragma, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where.
    pub pos: SourcePos,
    /// What.
    pub message: String,
    /// Positions of the `#include` directives that led to `pos`, innermost first.
    pub include_stack: Vec<SourcePos>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: warning: {}", self.pos, self.message)?;
        write_stack(f, &self.include_stack)
    }
}
