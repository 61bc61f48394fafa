//! [`TokenCursor`]: reads the tokens of a partial preprocessing (what
//! [`Preprocessor::preprocess_file_partial`](bot_script::Preprocessor::preprocess_file_partial)
//! gives) in order, meeting the preprocessing error only when reading gets past the last token
//! before it, as botlib's lazy readers do. Shared by the character and item-config readers.

use bot_script::{ScriptError, SourceDiagnostic, SourcePos, Token, TokenStream};

/// Why a token could not be read: the pending preprocessing error, or the end of the input
/// where a token was expected.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The preprocessing error met at the end of the tokens.
    Script(ScriptError),
    /// `expected WHAT, found end of input`.
    Syntax(SourceDiagnostic),
}

/// A cursor over the tokens produced before the preprocessing error (if any).
pub(crate) struct TokenCursor<'s> {
    stream: &'s TokenStream,
    /// The preprocessing error after the last token, met only if reading gets there.
    error: Option<ScriptError>,
    at: usize,
}

impl<'s> TokenCursor<'s> {
    /// A cursor at the first token of `stream`, whose preprocessing stopped at `error`.
    pub(crate) fn new(stream: &'s TokenStream, error: Option<ScriptError>) -> Self {
        Self {
            stream,
            error,
            at: 0,
        }
    }

    /// The next token; at the end, the pending preprocessing error if there is one.
    pub(crate) fn next(&mut self) -> Result<Option<&'s Token>, ScriptError> {
        if let Some(token) = self.stream.tokens.get(self.at) {
            self.at += 1;
            return Ok(Some(token));
        }
        match self.error.take() {
            Some(error) => Err(error),
            None => Ok(None),
        }
    }

    /// The next token without consuming it (`None` at the end of the tokens).
    pub(crate) fn peek(&self) -> Option<&'s Token> {
        self.stream.tokens.get(self.at)
    }

    /// The next token, or a syntax error `expected WHAT, found end of input` at the last
    /// token (the pending preprocessing error comes first).
    pub(crate) fn expect(&mut self, what: &str) -> Result<&'s Token, ReadError> {
        match self.next() {
            Ok(Some(token)) => Ok(token),
            Err(error) => Err(ReadError::Script(error)),
            Ok(None) => {
                let pos = self
                    .stream
                    .tokens
                    .last()
                    .map_or_else(SourcePos::end_of_input, |t| t.pos.clone());
                let stack = self
                    .stream
                    .include_stack(self.stream.len().saturating_sub(1));
                Err(ReadError::Syntax(
                    SourceDiagnostic::error(pos, format!("expected {what}, found end of input"))
                        .with_stack(stack),
                ))
            }
        }
    }

    /// The token just read (`None` before the first).
    pub(crate) fn last(&self) -> Option<&'s Token> {
        self.at
            .checked_sub(1)
            .and_then(|i| self.stream.tokens.get(i))
    }

    /// An error diagnostic at the token just read, with its include stack.
    pub(crate) fn diagnostic_here(&self, message: String) -> SourceDiagnostic {
        let index = self.at.saturating_sub(1);
        let pos = self.stream.tokens[index].pos.clone();
        SourceDiagnostic::error(pos, message).with_stack(self.stream.include_stack(index))
    }
}
