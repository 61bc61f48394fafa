//! [`SourceDiagnostic`]: a message at a place in the botfiles, with the include stack that led
//! there. It is the one position-carrying message of every botfile reader: this crate's errors
//! ([`ScriptError`](crate::ScriptError) wraps one) and warnings, and the errors and warnings
//! of the crates that parse the preprocessed tokens (`fuzzy-weights`, `bot-chat`).

use std::fmt;

use crate::token::SourcePos;

/// Whether a [`SourceDiagnostic`] rejects the input or only warns about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The input is rejected.
    Error,
    /// The input is read on (macro redefinition, too few macro arguments, clamped escape,
    /// unknown pragma, a sign dropped, …).
    Warning,
}

impl Severity {
    /// What `Display` writes between the position and the message.
    const fn prefix(self) -> &'static str {
        match self {
            Self::Error => "",
            Self::Warning => "warning: ",
        }
    }
}

/// A message at a source position, with the include stack that led there.
///
/// `Display` prints `file:line:column: message` (`file:line:column: warning: message` for a
/// [`Severity::Warning`]), then ` (included from a.c:3:1, b.c:10:5)` when the position is
/// inside an included file (innermost include first).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{pos}: {}{message}{}", .severity.prefix(), IncludedFrom(.include_stack))]
pub struct SourceDiagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where (file relative to the botfiles root, line, column; see
    /// [`SourcePos::end_of_input`] for a place after the last token).
    pub pos: SourcePos,
    /// Positions of the `#include` directives that led to `pos`, innermost first.
    pub include_stack: Vec<SourcePos>,
    /// What, without the position.
    pub message: String,
}

impl SourceDiagnostic {
    /// An error at `pos` with an empty include stack.
    #[must_use]
    pub fn error(pos: SourcePos, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            pos,
            include_stack: Vec::new(),
            message: message.into(),
        }
    }

    /// A warning at `pos` with an empty include stack.
    #[must_use]
    pub fn warning(pos: SourcePos, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(pos, message)
        }
    }

    /// The same diagnostic with the include stack `stack` (innermost first).
    #[must_use]
    pub fn with_stack(mut self, stack: Vec<SourcePos>) -> Self {
        self.include_stack = stack;
        self
    }
}

/// Displays an include stack as ` (included from a, b)`, or as nothing when it is empty.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IncludedFrom<'s>(pub(crate) &'s [SourcePos]);

impl fmt::Display for IncludedFrom<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((first, rest)) = self.0.split_first() {
            write!(f, " (included from {first}")?;
            for pos in rest {
                write!(f, ", {pos}")?;
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(file: &str, line: u32, column: u32) -> SourcePos {
        SourcePos::new(file.into(), line, column)
    }

    #[test]
    fn errors_and_warnings_display_position_message_and_include_stack() {
        let error = SourceDiagnostic::error(pos("a.h", 2, 5), "bad");
        assert_eq!(error.to_string(), "a.h:2:5: bad");
        let warning = SourceDiagnostic::warning(pos("a.h", 2, 5), "odd")
            .with_stack(vec![pos("b.c", 3, 1), pos("c.c", 10, 5)]);
        assert_eq!(
            warning.to_string(),
            "a.h:2:5: warning: odd (included from b.c:3:1, c.c:10:5)"
        );
        let whole_file = SourceDiagnostic::error(pos("x.c", 0, 0), "cannot read");
        assert_eq!(whole_file.to_string(), "x.c: cannot read");
        let end = SourceDiagnostic::error(SourcePos::end_of_input(), "expected `}`");
        assert_eq!(end.to_string(), "end of input: expected `}`");
    }
}
