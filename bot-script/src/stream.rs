//! The preprocessed token stream and the include table behind its positions.

use crate::diagnostic::{IncludedFrom, SourceDiagnostic};
use crate::token::{SourcePos, Token};

/// One file instance in an include table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncludeFrame {
    /// Where the `#include` directive that opened this file is (`None` for a root file).
    pub included_at: Option<SourcePos>,
    /// Index of the including file's frame (itself for a root file).
    pub parent: u32,
}

/// Walks the include table from frame `index` outwards: the positions of the `#include`
/// directives, innermost first. Bounded by the table length (never loops).
pub(crate) fn stack_of(frames: &[IncludeFrame], index: u32) -> Vec<SourcePos> {
    let mut stack = Vec::new();
    let mut at = index;
    while let Some(frame) = frames.get(at as usize) {
        let Some(pos) = &frame.included_at else { break };
        if stack.len() >= frames.len() {
            break;
        }
        stack.push(pos.clone());
        at = frame.parent;
    }
    stack
}

/// The output of the preprocessor (or of [`tokenize`](crate::tokenize)).
#[derive(Debug, Clone, Default)]
pub struct TokenStream {
    /// The tokens, in order.
    pub tokens: Vec<Token>,
    /// Warnings raised on the way.
    pub warnings: Vec<SourceDiagnostic>,
    /// The include table that [`Token::include`] indexes.
    includes: Vec<IncludeFrame>,
}

impl TokenStream {
    /// A stream of `tokens` with `warnings`, whose tokens index `includes`.
    #[must_use]
    pub fn new(
        tokens: Vec<Token>,
        warnings: Vec<SourceDiagnostic>,
        includes: Vec<IncludeFrame>,
    ) -> Self {
        Self {
            tokens,
            warnings,
            includes,
        }
    }

    /// The include table that [`Token::include`] indexes.
    #[must_use]
    pub fn includes(&self) -> &[IncludeFrame] {
        &self.includes
    }

    /// Number of tokens.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Whether there are no tokens.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The positions of the `#include` directives that led to the token at `token_index`,
    /// innermost first (empty for a token of the root file or an index out of range).
    #[must_use]
    pub fn include_stack(&self, token_index: usize) -> Vec<SourcePos> {
        self.tokens
            .get(token_index)
            .map(|token| stack_of(&self.includes, token.include))
            .unwrap_or_default()
    }

    /// `"file:line:column"` plus `" (included from a.c:3:1, b.c:10:5)"` for the token at
    /// `token_index` (innermost include first); `"end of input"` past the last token.
    #[must_use]
    pub fn describe_position(&self, token_index: usize) -> String {
        let Some(token) = self.tokens.get(token_index) else {
            return SourcePos::end_of_input().to_string();
        };
        let stack = self.include_stack(token_index);
        format!("{}{}", token.pos, IncludedFrom(&stack))
    }
}
