//! Macro expansion: object- and function-like macros, `#` stringizing, `##` pasting and the
//! builtins.
//!
//! Expansion pushes the body back onto the pending stack, so macros in the result expand in
//! turn. Each expansion records which macro produced it; a macro name met inside its own
//! expansion (directly or through others) is left alone, as in C. Arguments split on
//! top-level commas with nested parentheses kept (C-correct, quirk L6 not reproduced).

use std::sync::Arc;

use crate::error::{ErrorKind, ScriptError};
use crate::lexer::Lexer;
use crate::source::FileSource;
use crate::token::{Number, Tok, TokenKind, TokenText};

use super::Preprocessor;
use super::macros::Piece;
use super::reader::{ExpFrame, Mode, PToken};

/// What [`Preprocessor::try_expand`] did with a name.
pub(super) enum Expansion {
    /// Not a macro here: the name stays.
    None,
    /// Expanded onto the pending stack.
    Pushed,
    /// Expanded to this one token (which cannot expand further).
    Token(PToken),
}

impl<S: FileSource> Preprocessor<S> {
    /// Expands `token` if it names a macro or builtin (pushing the result onto the pending
    /// stack, or handing back a single number).
    pub(super) fn try_expand(
        &mut self,
        token: &PToken,
        mode: Mode,
    ) -> Result<Expansion, ScriptError> {
        let name = &token.token.text;
        if name.first() == Some(&b'_') && Self::is_builtin(name) {
            let t = &token.token;
            let (kind, text, number) = match name.as_slice() {
                b"__LINE__" => {
                    let line = t.line;
                    (
                        TokenKind::Number,
                        TokenText::from_slice(line.to_string().as_bytes()),
                        Some(Number::integer(u64::from(line))),
                    )
                }
                b"__FILE__" => (
                    TokenKind::String,
                    TokenText::from_slice(
                        self.names
                            .get(t.file as usize)
                            .map_or(&b"?"[..], |f| f.as_bytes()),
                    ),
                    None,
                ),
                b"__DATE__" => (TokenKind::String, TokenText::from_slice(&self.date), None),
                _ => (TokenKind::String, TokenText::from_slice(&self.time), None),
            };
            self.pending.push(PToken {
                token: Tok {
                    kind,
                    text,
                    number,
                    ..t.clone()
                },
                frame: token.frame,
                from_file: false,
            });
            return Ok(Expansion::Pushed);
        }
        let Some((slot, m)) = self.macros.get(name) else {
            return Ok(Expansion::None);
        };
        // A macro is not expanded inside its own expansion.
        let mut frame = token.frame;
        while frame != 0 {
            let f = self.exp_frames[frame as usize];
            if f.slot == slot {
                return Ok(Expansion::None);
            }
            frame = f.parent;
        }
        if m.params.is_none()
            && let [Piece::Token(only)] = &m.pieces[..]
            && only.kind == TokenKind::Number
        {
            // A one-number body (`#define ARMOR 20`, the inventory indices): nothing in the
            // result can expand, so it is handed back directly (no frame, no pending push).
            let number = Tok {
                kind: only.kind,
                text: TokenText::from_slice(&only.text),
                number: only.number,
                ..token.token.clone()
            };
            let depth = self.exp_frames[token.frame as usize].depth + 1;
            if depth as usize > self.limits.expansion_depth {
                return Err(self.error_at(
                    ErrorKind::Limit,
                    token,
                    format!(
                        "macro expansion nested deeper than {}",
                        self.limits.expansion_depth
                    ),
                ));
            }
            self.expanded += 1;
            if self.expanded > self.limits.expanded_tokens {
                return Err(self.error_at(
                    ErrorKind::Limit,
                    token,
                    format!(
                        "macro expansions produced more than {} tokens",
                        self.limits.expanded_tokens
                    ),
                ));
            }
            return Ok(Expansion::Token(PToken {
                token: number,
                frame: token.frame,
                from_file: false,
            }));
        }
        let pieces = Arc::clone(&m.pieces);
        let param_count = m.params.as_ref().map(Vec::len);
        let mut args = match param_count {
            None => Vec::new(),
            Some(count) => match self.read_args(token, count, mode)? {
                Some(args) => args,
                None => return Ok(Expansion::None),
            },
        };
        let parent = self.exp_frames[token.frame as usize];
        let depth = parent.depth + 1;
        if depth as usize > self.limits.expansion_depth {
            return Err(self.error_at(
                ErrorKind::Limit,
                token,
                format!(
                    "macro expansion nested deeper than {}",
                    self.limits.expansion_depth
                ),
            ));
        }
        let mut body = self.scratch.pop().unwrap_or_default();
        body.clear();
        let substituted = self.substitute(token, &pieces, &mut args, &mut body);
        self.scratch.extend(args);
        substituted?;
        self.expanded += body.len();
        if self.expanded > self.limits.expanded_tokens {
            return Err(self.error_at(
                ErrorKind::Limit,
                token,
                format!(
                    "macro expansions produced more than {} tokens",
                    self.limits.expanded_tokens
                ),
            ));
        }
        let frame = u32::try_from(self.exp_frames.len()).unwrap_or(u32::MAX);
        self.exp_frames.push(ExpFrame {
            slot,
            parent: token.frame,
            depth,
        });
        self.pending.extend(body.drain(..).rev().map(|t| PToken {
            token: t,
            frame,
            from_file: false,
        }));
        self.scratch.push(body);
        Ok(Expansion::Pushed)
    }

    /// An empty token buffer: a spare one if there is one (argument lists and bodies come
    /// back to `scratch` after use, so expansion does not allocate per argument).
    fn token_buffer(&mut self) -> Vec<Tok> {
        match self.scratch.pop() {
            Some(mut buffer) => {
                buffer.clear();
                buffer
            }
            None => Vec::with_capacity(8),
        }
    }

    /// Reads the arguments of a function-like macro named by `token`. `None` (with a
    /// warning) when no `(` follows: the name then stays as it is.
    fn read_args(
        &mut self,
        token: &PToken,
        count: usize,
        mode: Mode,
    ) -> Result<Option<Vec<Vec<Tok>>>, ScriptError> {
        let inner = mode.inner();
        match self.next_raw(inner)? {
            Some(open) if open.token.is_punct("(") => {}
            other => {
                if let Some(other) = other {
                    self.unread(other);
                }
                self.warn(
                    self.pos(&token.token),
                    token.token.include,
                    format!(
                        "function-like macro {} used without arguments; left as is",
                        token.token.text_lossy()
                    ),
                );
                return Ok(None);
            }
        }
        let mut args: Vec<Vec<Tok>> = Vec::with_capacity(count.max(1));
        args.push(self.token_buffer());
        let mut depth = 0usize;
        loop {
            let Some(t) = self.next_raw(inner)? else {
                return Err(self.error_at(
                    ErrorKind::Macro,
                    token,
                    format!(
                        "unterminated argument list of macro {}",
                        token.token.text_lossy()
                    ),
                ));
            };
            if t.token.is_punct("(") {
                depth += 1;
            } else if t.token.is_punct(")") {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && t.token.is_punct(",") {
                let buffer = self.token_buffer();
                args.push(buffer);
                continue;
            }
            if let Some(last) = args.last_mut() {
                last.push(t.token);
            }
        }
        if count == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if args.len() > count {
            return Err(self.error_at(
                ErrorKind::Macro,
                token,
                format!(
                    "too many arguments to macro {} ({} for {count})",
                    token.token.text_lossy(),
                    args.len()
                ),
            ));
        }
        if args.len() < count {
            self.warn(
                self.pos(&token.token),
                token.token.include,
                format!(
                    "too few define parms for macro {} ({} for {count}); the rest are empty",
                    token.token.text_lossy(),
                    args.len()
                ),
            );
            args.resize(count, Vec::new());
        }
        Ok(Some(args))
    }

    /// The body of an expansion with the arguments substituted, `#` and `##` applied.
    ///
    /// Every token gets the position and include frame of the macro's name token.
    fn substitute(
        &self,
        token: &PToken,
        pieces: &[Piece],
        args: &mut [Vec<Tok>],
        out: &mut Vec<Tok>,
    ) -> Result<(), ScriptError> {
        let at = &token.token;
        let relocate = |t: &Tok| Tok {
            kind: t.kind,
            text: TokenText::from_slice(&t.text),
            number: t.number,
            line: at.line,
            column: at.column,
            file: at.file,
            include: at.include,
        };
        for arg in &mut *args {
            for t in arg {
                t.line = at.line;
                t.column = at.column;
                t.file = at.file;
                t.include = at.include;
            }
        }
        let args = &*args;
        let mut i = 0;
        while let Some(piece) = pieces.get(i) {
            i += 1;
            match piece {
                Piece::Token(t) => out.push(relocate(t)),
                Piece::Param(p) => out.extend(args[*p].iter().cloned()),
                Piece::Stringize(p) => out.push(stringize(&args[*p], at)),
                Piece::Paste => {
                    let right: Vec<Tok> = match pieces.get(i) {
                        Some(Piece::Token(t)) => vec![relocate(t)],
                        Some(Piece::Param(p)) => args[*p].clone(),
                        Some(Piece::Stringize(p)) => vec![stringize(&args[*p], at)],
                        _ => Vec::new(),
                    };
                    i += 1;
                    let mut right = right.into_iter();
                    match (out.pop(), right.next()) {
                        (Some(left), Some(first)) => {
                            let pasted = paste(&left, &first)
                                .map_err(|m| self.error_at(ErrorKind::Macro, token, m))?;
                            out.push(pasted);
                        }
                        (left, first) => out.extend(left.into_iter().chain(first)),
                    }
                    out.extend(right);
                }
            }
        }
        Ok(())
    }
}

/// The source-like text of a token (strings and literals quoted and escaped canonically).
fn source_text(token: &Tok) -> String {
    let mut out = String::new();
    match token.kind {
        TokenKind::String => crate::canonical::render_quoted(&token.text, '"', &mut out),
        TokenKind::Literal => crate::canonical::render_quoted(&token.text, '\'', &mut out),
        _ => out.push_str(&token.text_lossy()),
    }
    out
}

/// `#param`: the argument's token texts joined with no spaces (botlib), as a string at
/// the position of `at`.
fn stringize(arg: &[Tok], at: &Tok) -> Tok {
    let mut text = TokenText::new();
    for t in arg {
        match t.kind {
            TokenKind::String | TokenKind::Literal => {
                text.extend_from_slice(source_text(t).as_bytes());
            }
            _ => text.extend_from_slice(&t.text),
        }
    }
    Tok {
        kind: TokenKind::String,
        text,
        number: None,
        ..at.clone()
    }
}

/// `left ## right`: string + string joins the contents; anything else must lex as exactly
/// one token.
fn paste(left: &Tok, right: &Tok) -> Result<Tok, String> {
    if left.kind == TokenKind::String && right.kind == TokenKind::String {
        let mut joined = left.clone();
        joined.text.extend_from_slice(&right.text);
        return Ok(joined);
    }
    let text = format!("{}{}", source_text(left), source_text(right));
    let failed = || {
        format!(
            "pasting `{}` and `{}` does not give a valid token",
            source_text(left),
            source_text(right)
        )
    };
    let mut lexer = Lexer::new("", text.as_bytes());
    let token = lexer.next_tok().ok().flatten().ok_or_else(failed)?;
    if !matches!(lexer.next_tok(), Ok(None)) {
        return Err(failed());
    }
    Ok(Tok {
        kind: token.kind,
        text: token.text,
        number: token.number,
        ..left.clone()
    })
}
