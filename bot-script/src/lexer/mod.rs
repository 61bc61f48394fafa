//! The byte-oriented script lexer (botlib's `l_script.c` rules).
//!
//! Whitespace is every byte ≤ 0x20 and, outside strings and comments, every byte ≥ 0x80
//! (botlib on signed-`char` platforms; Latin-1 comments are common). `//` and `/* … */`
//! comments (not nested). Tokens in order of recognition: string `"…"`, literal `'…'`,
//! number, name, punctuation. Anything else (`@`, a backtick) is an error.
//!
//! [`Lexer`] yields raw tokens; [`tokenize`] also merges adjacent strings, as botlib's lexer
//! does.

mod number;
mod punct;
mod string;

use std::sync::Arc;

pub use string::MAX_TOKEN;

use crate::diagnostic::SourceDiagnostic;
use crate::error::{ErrorKind, ScriptError};
use crate::stream::TokenStream;
use crate::token::{SourcePos, Tok, Token, TokenKind, TokenText};

/// Reads tokens from the bytes of one file.
#[derive(Debug, Clone)]
pub struct Lexer {
    bytes: Arc<[u8]>,
    at: usize,
    line: u32,
    line_start: usize,
    file: Arc<str>,
    file_id: u32,
    include: u32,
    warnings: Vec<SourceDiagnostic>,
}

impl Lexer {
    /// A lexer over `bytes`, naming positions after `file`.
    #[must_use]
    pub fn new(file: impl Into<Arc<str>>, bytes: impl Into<Arc<[u8]>>) -> Self {
        Self {
            bytes: bytes.into(),
            at: 0,
            line: 1,
            line_start: 0,
            file: file.into(),
            file_id: 0,
            include: 0,
            warnings: Vec::new(),
        }
    }

    /// Sets the include-table index stored in every token.
    #[must_use]
    pub fn with_include(mut self, include: u32) -> Self {
        self.include = include;
        self
    }

    /// Sets the file-name-table index stored in preprocessor tokens.
    #[must_use]
    pub(crate) fn with_file_id(mut self, file_id: u32) -> Self {
        self.file_id = file_id;
        self
    }

    /// The file name used in positions.
    #[must_use]
    pub fn file(&self) -> &Arc<str> {
        &self.file
    }

    /// Warnings so far (clamped escapes, unknown escapes), emptied.
    pub fn take_warnings(&mut self) -> Vec<SourceDiagnostic> {
        std::mem::take(&mut self.warnings)
    }

    fn pos_at(&self, at: usize) -> SourcePos {
        let column = u32::try_from(at - self.line_start + 1).unwrap_or(u32::MAX);
        SourcePos::new(self.file.clone(), self.line, column)
    }

    fn error(&self, at: usize, message: impl Into<String>) -> ScriptError {
        ScriptError::new(ErrorKind::Lex, self.pos_at(at), message)
    }

    /// Skips whitespace and comments.
    fn skip_blanks(&mut self) -> Result<(), ScriptError> {
        let bytes = &*self.bytes;
        let mut at = self.at;
        loop {
            match bytes.get(at) {
                Some(b'\n') => {
                    at += 1;
                    self.line += 1;
                    self.line_start = at;
                }
                Some(&b) if b <= 0x20 || b >= 0x80 => at += 1,
                Some(b'/') if bytes.get(at + 1) == Some(&b'/') => {
                    at += 2;
                    while bytes.get(at).is_some_and(|&b| b != b'\n') {
                        at += 1;
                    }
                }
                Some(b'/') if bytes.get(at + 1) == Some(&b'*') => {
                    let start = at;
                    let (line, line_start) = (self.line, self.line_start);
                    at += 2;
                    loop {
                        match bytes.get(at) {
                            None => {
                                self.line = line;
                                self.line_start = line_start;
                                return Err(self.error(start, "unterminated /* comment"));
                            }
                            Some(b'*') if bytes.get(at + 1) == Some(&b'/') => {
                                at += 2;
                                break;
                            }
                            Some(b'\n') => {
                                at += 1;
                                self.line += 1;
                                self.line_start = at;
                            }
                            Some(_) => at += 1,
                        }
                    }
                }
                _ => break,
            }
        }
        self.at = at;
        Ok(())
    }

    /// The next raw token (no string merging), `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// A [`ErrorKind::Lex`] error for a byte that starts no token, an unterminated string
    /// or comment, a malformed number or a token longer than [`MAX_TOKEN`] bytes.
    pub fn next_token(&mut self) -> Result<Option<Token>, ScriptError> {
        let file = Arc::clone(&self.file);
        Ok(self.next_tok()?.map(|tok| tok.into_token(&file)))
    }

    /// The next raw token in the preprocessor's form.
    pub(crate) fn next_tok(&mut self) -> Result<Option<Tok>, ScriptError> {
        self.skip_blanks()?;
        let start = self.at;
        let rest = &self.bytes[start..];
        let Some(&first) = rest.first() else {
            return Ok(None);
        };
        let line = self.line;
        let column = u32::try_from(start - self.line_start + 1).unwrap_or(u32::MAX);
        let (kind, len, text, number) = match first {
            b'"' | b'\'' => {
                let quoted =
                    string::lex_quoted(rest).map_err(|(at, m)| self.error(start + at, m))?;
                for (at, message) in quoted.warnings {
                    self.warnings
                        .push(SourceDiagnostic::warning(self.pos_at(start + at), message));
                }
                let kind = if first == b'"' {
                    TokenKind::String
                } else {
                    TokenKind::Literal
                };
                (kind, quoted.len, quoted.content, None)
            }
            b'0'..=b'9' | b'.' if first != b'.' || rest.get(1).is_some_and(u8::is_ascii_digit) => {
                let (len, value) = number::lex_number(rest).map_err(|m| self.error(start, m))?;
                if len > MAX_TOKEN {
                    return Err(self.error(start, format!("number longer than {MAX_TOKEN} bytes")));
                }
                (
                    TokenKind::Number,
                    len,
                    TokenText::from_slice(&rest[..len]),
                    Some(value),
                )
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let len = rest
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                    .count();
                if len > MAX_TOKEN {
                    return Err(self.error(start, format!("name longer than {MAX_TOKEN} bytes")));
                }
                (
                    TokenKind::Name,
                    len,
                    TokenText::from_slice(&rest[..len]),
                    None,
                )
            }
            _ => {
                let len = punct::punct_len(rest);
                if len == 0 {
                    return Err(self.error(
                        start,
                        format!("can't read token: unexpected byte 0x{first:02x}"),
                    ));
                }
                (
                    TokenKind::Punct,
                    len,
                    TokenText::from_slice(&rest[..len]),
                    None,
                )
            }
        };
        self.at = start + len;
        Ok(Some(Tok {
            kind,
            text,
            number,
            line,
            column,
            file: self.file_id,
            include: self.include,
        }))
    }
}

/// Appends `token` to `out`, merging it into the previous token when both are strings.
///
/// # Errors
///
/// [`ErrorKind::Limit`] when a merged string grows beyond [`MAX_TOKEN`] bytes.
pub(crate) fn push_merging(out: &mut Vec<Token>, token: Token) -> Result<(), ScriptError> {
    if token.kind == TokenKind::String
        && let Some(last) = out.last_mut()
        && last.kind == TokenKind::String
    {
        if last.text.len() + token.text.len() + 2 > MAX_TOKEN {
            return Err(ScriptError::new(
                ErrorKind::Limit,
                token.pos,
                format!("merged string longer than {MAX_TOKEN} bytes"),
            ));
        }
        last.text.extend_from_slice(&token.text);
        return Ok(());
    }
    out.push(token);
    Ok(())
}

/// Lexes a whole file without preprocessing, merging adjacent strings (separated only by
/// whitespace and comments) into one token, as botlib's lexer does.
///
/// # Errors
///
/// The first lexer error (see [`Lexer::next_token`]).
pub fn tokenize(file: &str, bytes: &[u8]) -> Result<TokenStream, ScriptError> {
    let mut lexer = Lexer::new(file, bytes);
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next_token()? {
        push_merging(&mut tokens, token)?;
    }
    Ok(TokenStream::new(tokens, lexer.take_warnings(), Vec::new()))
}
