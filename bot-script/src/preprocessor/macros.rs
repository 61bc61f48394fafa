//! Macros: the table, `#define` parsing, and expansion (object- and function-like, `#`
//! stringizing, `##` pasting, builtins).
//!
//! Expansion pushes the body back onto the pending stack, so macros in the result expand in
//! turn. Each expansion records which macro produced it; a macro name met inside its own
//! expansion (directly or through others) is left alone, as in C. (botlib only removes a
//! body token equal to the macro's own name at definition time; that is done too, with a
//! warning.) Arguments split on top-level commas with nested parentheses kept (C-correct,
//! quirk L6 not reproduced).

use std::collections::HashMap;
use std::sync::Arc;

use crate::error::{Diagnostic, ErrorKind, ScriptError};
use crate::lexer::Lexer;
use crate::source::FileSource;
use crate::token::{Number, SourcePos, Token, TokenKind, TokenText};

use super::Preprocessor;
use super::reader::{ExpFrame, Mode, PToken};

/// One piece of a compiled macro body.
#[derive(Debug, Clone)]
enum Piece {
    Token(Token),
    Param(usize),
    Stringize(usize),
    Paste,
}

/// A defined macro.
#[derive(Debug, Clone)]
pub(super) struct Macro {
    /// Parameter names of a function-like macro.
    params: Option<Vec<TokenText>>,
    /// The body as written.
    body: Vec<Token>,
    /// The body compiled for expansion.
    pieces: Arc<[Piece]>,
    /// Definition order.
    seq: u64,
    /// Where it was defined.
    pos: SourcePos,
}

/// Name → slot; a slot keeps its index when the macro is redefined or undefined.
#[derive(Debug, Default)]
pub(super) struct MacroTable {
    index: HashMap<TokenText, u32>,
    slots: Vec<(TokenText, Option<Macro>)>,
    seq: u64,
}

impl MacroTable {
    /// The slot and macro of `name`, if defined.
    pub(super) fn get(&self, name: &[u8]) -> Option<(u32, &Macro)> {
        let &slot = self.index.get(name)?;
        self.slots[slot as usize].1.as_ref().map(|m| (slot, m))
    }

    /// Removes `name`; whether it was defined.
    pub(super) fn remove(&mut self, name: &[u8]) -> bool {
        match self.index.get(name) {
            Some(&slot) => self.slots[slot as usize].1.take().is_some(),
            None => false,
        }
    }

    /// Defines `name`, returning the previous definition.
    fn insert(&mut self, name: &[u8], mut m: Macro) -> Option<Macro> {
        self.seq += 1;
        m.seq = self.seq;
        if let Some(&slot) = self.index.get(name) {
            return self.slots[slot as usize].1.replace(m);
        }
        let slot = u32::try_from(self.slots.len()).unwrap_or(u32::MAX);
        self.index.insert(TokenText::from_slice(name), slot);
        self.slots.push((TokenText::from_slice(name), Some(m)));
        None
    }

    /// Object-like macros in definition order with their bodies.
    pub(super) fn object_macros(&self) -> Vec<(String, Vec<Token>)> {
        let mut list: Vec<(u64, String, Vec<Token>)> = self
            .slots
            .iter()
            .filter_map(|(name, m)| {
                let m = m.as_ref()?;
                m.params.is_none().then(|| {
                    (
                        m.seq,
                        String::from_utf8_lossy(name).into_owned(),
                        m.body.clone(),
                    )
                })
            })
            .collect();
        list.sort_by_key(|entry| entry.0);
        list.into_iter()
            .map(|(_, name, body)| (name, body))
            .collect()
    }
}

/// The builtin macro names.
const BUILTINS: [&[u8]; 4] = [b"__LINE__", b"__FILE__", b"__DATE__", b"__TIME__"];

fn definition_error(pos: &SourcePos, message: impl Into<String>) -> ScriptError {
    ScriptError::new(ErrorKind::Macro, pos.clone(), message)
}

impl<S: FileSource> Preprocessor<S> {
    /// Whether `name` is a builtin macro.
    pub(super) fn is_builtin(name: &[u8]) -> bool {
        BUILTINS.contains(&name)
    }

    /// Whether `name` is a defined macro or a builtin (for `defined` and `#ifdef`).
    pub(super) fn is_macro_or_builtin(&self, name: &[u8]) -> bool {
        Self::is_builtin(name) || self.macros.get(name).is_some()
    }

    /// Defines a macro from the tokens of a `#define` line (`tokens[0]` is the name).
    /// Returns the warnings (redefinition, self-reference).
    pub(super) fn add_define(
        &mut self,
        tokens: Vec<Token>,
        define_pos: &SourcePos,
        include: u32,
    ) -> Result<Vec<Diagnostic>, ScriptError> {
        let stack = self.stack(include);
        let err = |e: ScriptError| e.with_stack(stack.clone());
        let mut warnings = Vec::new();
        let mut rest = tokens.into_iter().peekable();
        let name = match rest.next() {
            Some(name) if name.kind == TokenKind::Name => name,
            _ => {
                return Err(err(definition_error(
                    define_pos,
                    "expected a macro name after #define",
                )));
            }
        };
        if Self::is_builtin(&name.text) || name.is_name("defined") {
            return Err(err(definition_error(
                &name.pos,
                format!("cannot redefine builtin {}", name.text_lossy()),
            )));
        }
        let function_like = rest.peek().is_some_and(|open| {
            open.is_punct("(")
                && open.pos.line == name.pos.line
                && open.pos.file == name.pos.file
                && u64::from(open.pos.column) == u64::from(name.pos.column) + name.text.len() as u64
        });
        let mut params: Option<Vec<TokenText>> = None;
        if function_like {
            rest.next();
            let mut list: Vec<TokenText> = Vec::new();
            if rest.peek().is_some_and(|t| t.is_punct(")")) {
                rest.next();
            } else {
                loop {
                    let param = match rest.next() {
                        Some(p) if p.kind == TokenKind::Name => p,
                        other => {
                            let pos = other.map_or_else(|| name.pos.clone(), |t| t.pos);
                            return Err(err(definition_error(&pos, "expected a parameter name")));
                        }
                    };
                    if list.contains(&param.text) {
                        return Err(err(definition_error(
                            &param.pos,
                            format!("duplicate macro parameter {}", param.text_lossy()),
                        )));
                    }
                    list.push(param.text);
                    match rest.next() {
                        Some(t) if t.is_punct(",") => {}
                        Some(t) if t.is_punct(")") => break,
                        other => {
                            let pos = other.map_or_else(|| name.pos.clone(), |t| t.pos);
                            return Err(err(definition_error(
                                &pos,
                                "expected `,` or `)` in the macro parameter list",
                            )));
                        }
                    }
                }
            }
            params = Some(list);
        }
        let mut body = Vec::new();
        for token in rest {
            if token.kind == TokenKind::Name && token.text == name.text {
                warnings.push(Diagnostic {
                    pos: token.pos.clone(),
                    message: format!(
                        "recursive use of {} in its own definition removed",
                        name.text_lossy()
                    ),
                    include_stack: stack.clone(),
                });
                continue;
            }
            body.push(token);
        }
        if body.first().is_some_and(|t| t.is_punct("##"))
            || body.last().is_some_and(|t| t.is_punct("##"))
        {
            let at = body
                .iter()
                .find(|t| t.is_punct("##"))
                .map_or_else(|| name.pos.clone(), |t| t.pos.clone());
            return Err(err(definition_error(
                &at,
                "`##` at the start or end of a macro body",
            )));
        }
        let pieces: Arc<[Piece]> = compile_body(&body, params.as_deref()).map_err(err)?.into();
        let m = Macro {
            params,
            body,
            pieces,
            seq: 0,
            pos: name.pos.clone(),
        };
        if let Some(old) = self.macros.insert(&name.text, m) {
            warnings.push(Diagnostic {
                pos: name.pos.clone(),
                message: format!(
                    "{} redefined (previous definition at {})",
                    name.text_lossy(),
                    old.pos
                ),
                include_stack: stack.clone(),
            });
        }
        Ok(warnings)
    }

    /// Expands `token` if it names a macro or builtin (pushing the result onto the pending
    /// stack); `false` if it stays as it is.
    pub(super) fn try_expand(&mut self, token: &PToken, mode: Mode) -> Result<bool, ScriptError> {
        let name = &token.token.text;
        if name.first() == Some(&b'_') && Self::is_builtin(name) {
            let t = &token.token;
            let (kind, text, number) = match name.as_slice() {
                b"__LINE__" => {
                    let line = t.pos.line;
                    (
                        TokenKind::Number,
                        TokenText::from_slice(line.to_string().as_bytes()),
                        Some(Number::integer(u64::from(line))),
                    )
                }
                b"__FILE__" => (
                    TokenKind::String,
                    TokenText::from_slice(t.pos.file.as_bytes()),
                    None,
                ),
                b"__DATE__" => (TokenKind::String, TokenText::from_slice(&self.date), None),
                _ => (TokenKind::String, TokenText::from_slice(&self.time), None),
            };
            self.pending.push(PToken {
                token: Token {
                    kind,
                    text,
                    number,
                    pos: t.pos.clone(),
                    include: t.include,
                },
                frame: token.frame,
                from_file: false,
            });
            return Ok(true);
        }
        let Some((slot, m)) = self.macros.get(name) else {
            return Ok(false);
        };
        // A macro is not expanded inside its own expansion.
        let mut frame = token.frame;
        while frame != 0 {
            let f = self.exp_frames[frame as usize];
            if f.slot == slot {
                return Ok(false);
            }
            frame = f.parent;
        }
        let pieces = Arc::clone(&m.pieces);
        let param_count = m.params.as_ref().map(Vec::len);
        let args = match param_count {
            None => Vec::new(),
            Some(count) => match self.read_args(token, count, mode)? {
                Some(args) => args,
                None => return Ok(false),
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
        let body = self.substitute(token, &pieces, &args)?;
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
        let pos = &token.token.pos;
        let include = token.token.include;
        self.pending.extend(body.into_iter().rev().map(|mut t| {
            t.pos = pos.clone();
            t.include = include;
            PToken {
                token: t,
                frame,
                from_file: false,
            }
        }));
        Ok(true)
    }

    /// Reads the arguments of a function-like macro named by `token`. `None` (with a
    /// warning) when no `(` follows: the name then stays as it is.
    fn read_args(
        &mut self,
        token: &PToken,
        count: usize,
        mode: Mode,
    ) -> Result<Option<Vec<Vec<Token>>>, ScriptError> {
        let inner = mode.inner();
        match self.next_raw(inner)? {
            Some(open) if open.token.is_punct("(") => {}
            other => {
                if let Some(other) = other {
                    self.unread(other);
                }
                self.warn(
                    token.token.pos.clone(),
                    token.token.include,
                    format!(
                        "function-like macro {} used without arguments; left as is",
                        token.token.text_lossy()
                    ),
                );
                return Ok(None);
            }
        }
        let mut args: Vec<Vec<Token>> = vec![Vec::new()];
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
                args.push(Vec::new());
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
                token.token.pos.clone(),
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
    fn substitute(
        &self,
        token: &PToken,
        pieces: &[Piece],
        args: &[Vec<Token>],
    ) -> Result<Vec<Token>, ScriptError> {
        let mut out: Vec<Token> = Vec::with_capacity(pieces.len());
        let mut i = 0;
        while let Some(piece) = pieces.get(i) {
            i += 1;
            match piece {
                Piece::Token(t) => out.push(t.clone()),
                Piece::Param(p) => out.extend(args[*p].iter().cloned()),
                Piece::Stringize(p) => out.push(stringize(&args[*p], &token.token.pos)),
                Piece::Paste => {
                    let right: Vec<Token> = match pieces.get(i) {
                        Some(Piece::Token(t)) => vec![t.clone()],
                        Some(Piece::Param(p)) => args[*p].clone(),
                        Some(Piece::Stringize(p)) => vec![stringize(&args[*p], &token.token.pos)],
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
        Ok(out)
    }
}

/// Compiles a body: parameters, `#param` and `##` become pieces.
fn compile_body(body: &[Token], params: Option<&[TokenText]>) -> Result<Vec<Piece>, ScriptError> {
    let param_index = |t: &Token| -> Option<usize> {
        let params = params?;
        if t.kind != TokenKind::Name {
            return None;
        }
        params.iter().position(|p| *p == t.text)
    };
    let mut pieces = Vec::with_capacity(body.len());
    let mut i = 0;
    while let Some(t) = body.get(i) {
        i += 1;
        if t.is_punct("##") {
            pieces.push(Piece::Paste);
        } else if params.is_some() && t.is_punct("#") {
            match body.get(i).and_then(param_index) {
                Some(p) => {
                    pieces.push(Piece::Stringize(p));
                    i += 1;
                }
                None => {
                    return Err(definition_error(
                        &t.pos,
                        "`#` is not followed by a macro parameter",
                    ));
                }
            }
        } else if let Some(p) = param_index(t) {
            pieces.push(Piece::Param(p));
        } else {
            pieces.push(Piece::Token(t.clone()));
        }
    }
    Ok(pieces)
}

/// The source-like text of a token (strings and literals quoted and escaped canonically).
fn source_text(token: &Token) -> String {
    let mut out = String::new();
    match token.kind {
        TokenKind::String | TokenKind::Literal => crate::canonical::render_token(token, &mut out),
        _ => out.push_str(&token.text_lossy()),
    }
    out
}

/// `#param`: the argument's token texts joined with no spaces (botlib), as a string.
fn stringize(arg: &[Token], pos: &SourcePos) -> Token {
    let mut text = TokenText::new();
    for t in arg {
        match t.kind {
            TokenKind::String | TokenKind::Literal => {
                text.extend_from_slice(source_text(t).as_bytes());
            }
            _ => text.extend_from_slice(&t.text),
        }
    }
    Token {
        kind: TokenKind::String,
        text,
        number: None,
        pos: pos.clone(),
        include: 0,
    }
}

/// `left ## right`: string + string joins the contents; anything else must lex as exactly
/// one token.
fn paste(left: &Token, right: &Token) -> Result<Token, String> {
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
    let mut lexer = Lexer::new(Arc::clone(&left.pos.file), text.as_bytes());
    let token = lexer.next_token().ok().flatten().ok_or_else(failed)?;
    if !matches!(lexer.next_token(), Ok(None)) || token.pos.column != 1 {
        return Err(failed());
    }
    Ok(Token {
        pos: left.pos.clone(),
        include: left.include,
        ..token
    })
}
