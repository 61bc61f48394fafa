//! `#define`: parsing a definition line into a macro.
//!
//! Function-like only when `(` follows the name with no whitespace; duplicate parameters,
//! `##` at either end of the body and `#` not followed by a parameter are errors; a body token
//! equal to the macro's own name is removed with a warning (botlib's only recursion guard;
//! expansion also leaves a macro alone inside its own expansion); redefinition warns and
//! replaces; builtins cannot be redefined.

use std::sync::Arc;

use crate::diagnostic::{Severity, SourceDiagnostic};
use crate::error::ScriptError;
use crate::source::FileSource;
use crate::token::{SourcePos, Tok, TokenKind, TokenText};

use super::Preprocessor;
use super::macros::{Macro, Piece, definition_error};

impl<S: FileSource> Preprocessor<S> {
    /// Defines a macro from the tokens of a `#define` line (`tokens[0]` is the name).
    /// Returns the warnings (redefinition, self-reference).
    pub(super) fn add_define(
        &mut self,
        tokens: Vec<Tok>,
        define_pos: &SourcePos,
        include: u32,
    ) -> Result<Vec<SourceDiagnostic>, ScriptError> {
        let err = |e: ScriptError| e.with_stack(self.stack(include));
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
        let name_pos = self.pos(&name);
        if Self::is_builtin(&name.text) || name.is_name("defined") {
            return Err(err(definition_error(
                &name_pos,
                format!("cannot redefine builtin {}", name.text_lossy()),
            )));
        }
        let function_like = rest.peek().is_some_and(|open| {
            open.is_punct("(")
                && open.line == name.line
                && open.file == name.file
                && u64::from(open.column) == u64::from(name.column) + name.text.len() as u64
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
                            let pos = other.map_or_else(|| name_pos.clone(), |t| self.pos(&t));
                            return Err(err(definition_error(&pos, "expected a parameter name")));
                        }
                    };
                    if list.contains(&param.text) {
                        return Err(err(definition_error(
                            &self.pos(&param),
                            format!("duplicate macro parameter {}", param.text_lossy()),
                        )));
                    }
                    list.push(param.text);
                    match rest.next() {
                        Some(t) if t.is_punct(",") => {}
                        Some(t) if t.is_punct(")") => break,
                        other => {
                            let pos = other.map_or_else(|| name_pos.clone(), |t| self.pos(&t));
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
                warnings.push(SourceDiagnostic {
                    severity: Severity::Warning,
                    pos: self.pos(&token),
                    message: format!(
                        "recursive use of {} in its own definition removed",
                        name.text_lossy()
                    ),
                    include_stack: self.stack(include),
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
                .map_or_else(|| name_pos.clone(), |t| self.pos(t));
            return Err(err(definition_error(
                &at,
                "`##` at the start or end of a macro body",
            )));
        }
        let pieces: Arc<[Piece]> = compile_body(&body, params.as_deref())
            .map_err(|(i, message)| err(definition_error(&self.pos(&body[i]), message)))?
            .into();
        let file = self
            .names
            .get(name.file as usize)
            .map_or_else(|| Arc::from("?"), Arc::clone);
        let m = Macro {
            params,
            body: body.iter().map(|t| t.to_token(&file)).collect(),
            pieces,
            seq: 0,
            pos: name_pos.clone(),
        };
        if let Some(old) = self.macros.insert(&name.text, m) {
            warnings.push(SourceDiagnostic {
                severity: Severity::Warning,
                pos: name_pos,
                message: format!(
                    "{} redefined (previous definition at {})",
                    name.text_lossy(),
                    old.pos
                ),
                include_stack: self.stack(include),
            });
        }
        Ok(warnings)
    }
}

/// Compiles a body: parameters, `#param` and `##` become pieces. An error names the index
/// of the offending token.
fn compile_body(body: &[Tok], params: Option<&[TokenText]>) -> Result<Vec<Piece>, (usize, String)> {
    let param_index = |t: &Tok| -> Option<usize> {
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
                    return Err((i - 1, "`#` is not followed by a macro parameter".to_owned()));
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
