//! Reading tokens: pending expansions first, then the file lexers; line-bounded reads for
//! directives; macro expansion and `$eval…` on the way.

use crate::error::{ErrorKind, ScriptError};
use crate::lexer::Lexer;
use crate::source::FileSource;
use crate::token::{Tok, TokenKind};

use super::Preprocessor;
use super::expand::Expansion;

/// A token inside the preprocessor: the token, the macro expansion that produced it and
/// whether it comes straight from a file (only those can start a `#` directive).
#[derive(Debug, Clone)]
pub(super) struct PToken {
    pub(super) token: Tok,
    /// Index in the run's expansion frames (0: not from an expansion).
    pub(super) frame: u32,
    pub(super) from_file: bool,
}

/// One macro expansion: which macro, inside which expansion, how deep.
#[derive(Debug, Clone, Copy)]
pub(super) struct ExpFrame {
    pub(super) slot: u32,
    pub(super) parent: u32,
    pub(super) depth: u32,
}

impl ExpFrame {
    /// The frame of tokens that come from no expansion.
    pub(super) const ROOT: Self = Self {
        slot: u32::MAX,
        parent: 0,
        depth: 0,
    };
}

/// One open file.
#[derive(Debug)]
pub(super) struct FileState {
    pub(super) lexer: Lexer,
    pub(super) peeked: Option<Tok>,
    /// Include-table frame of this file.
    pub(super) include: u32,
    /// Number of open conditionals when the file was opened.
    pub(super) cond_base: usize,
}

/// How far a read may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Across file ends; `#` directives are processed.
    Stream,
    /// Up to the end of the current file.
    File,
    /// Up to the end of the directive line (`self.line`), with `\` continuation lines.
    Line,
}

impl Mode {
    /// The mode for reading the arguments of something met in this mode.
    pub(super) fn inner(self) -> Self {
        if self == Self::Line {
            Self::Line
        } else {
            Self::File
        }
    }
}

impl<S: FileSource> Preprocessor<S> {
    /// The next token without macro expansion.
    pub(super) fn next_raw(&mut self, mode: Mode) -> Result<Option<PToken>, ScriptError> {
        if let Some(token) = self.pending.pop() {
            return Ok(Some(token));
        }
        loop {
            let Some(file) = self.files.last_mut() else {
                return Ok(None);
            };
            let include = file.include;
            let token = match file.peeked.take() {
                Some(token) => Some(token),
                None => file
                    .lexer
                    .next_tok()
                    .map_err(|e| e.with_stack(super::stack_of(&self.frames, include)))?,
            };
            let Some(token) = token else {
                if mode != Mode::Stream {
                    return Ok(None);
                }
                self.close_file()?;
                continue;
            };
            if mode == Mode::Line {
                if token.line != self.line {
                    file.peeked = Some(token);
                    return Ok(None);
                }
                if token.kind == TokenKind::Punct && token.text.as_slice() == b"\\" {
                    let next = file
                        .lexer
                        .next_tok()
                        .map_err(|e| e.with_stack(super::stack_of(&self.frames, include)))?;
                    match next {
                        Some(next) if next.line == token.line + 1 => {
                            self.line = next.line;
                            file.peeked = Some(next);
                            continue;
                        }
                        other => file.peeked = other,
                    }
                }
            }
            return Ok(Some(PToken {
                token,
                frame: 0,
                from_file: true,
            }));
        }
    }

    /// Puts back a token read by [`Preprocessor::next_raw`].
    pub(super) fn unread(&mut self, token: PToken) {
        if token.from_file
            && self.pending.is_empty()
            && let Some(file) = self.files.last_mut()
            && file.peeked.is_none()
        {
            file.peeked = Some(token.token);
            return;
        }
        self.pending.push(token);
    }

    /// Skips the rest of the directive line.
    pub(super) fn skip_line(&mut self) -> Result<(), ScriptError> {
        while self.next_raw(Mode::Line)?.is_some() {}
        Ok(())
    }

    /// The next token with directives (in [`Mode::Stream`]), conditionals, macros and
    /// `$eval…` done.
    pub(super) fn next_expanded(&mut self, mode: Mode) -> Result<Option<PToken>, ScriptError> {
        loop {
            let Some(token) = self.next_raw(mode)? else {
                return Ok(None);
            };
            if mode == Mode::Stream && token.from_file && token.token.is_punct("#") {
                self.directive(&token)?;
                continue;
            }
            if mode == Mode::Stream && self.skipping() {
                continue;
            }
            match token.token.kind {
                TokenKind::Punct if token.token.text.as_slice() == b"$" => {
                    self.dollar(&token, mode)?;
                }
                TokenKind::Name => match self.try_expand(&token, mode)? {
                    Expansion::None => return Ok(Some(token)),
                    Expansion::Pushed => {}
                    Expansion::Token(result) => return Ok(Some(result)),
                },
                _ => return Ok(Some(token)),
            }
        }
    }

    /// Closes the innermost file at its end: its conditionals must be closed.
    pub(super) fn close_file(&mut self) -> Result<(), ScriptError> {
        let Some(mut file) = self.files.pop() else {
            return Ok(());
        };
        for warning in file.lexer.take_warnings() {
            self.warn(warning.pos, file.include, warning.message);
        }
        if self.conds.len() > file.cond_base {
            let cond = &self.conds[file.cond_base];
            return Err(ScriptError::new(
                ErrorKind::Conditional,
                cond.pos.clone(),
                format!("#{} without #endif", cond.directive),
            )
            .with_stack(self.stack(cond.include)));
        }
        Ok(())
    }
}
