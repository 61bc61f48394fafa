//! `#` directives: dispatch, `#define`, `#undef`, `#line`, `#error`, `#pragma`, `#eval`,
//! `#evalfloat` (conditionals and `#include` have their own files).

use crate::error::{ErrorKind, ScriptError};
use crate::source::FileSource;
use crate::token::TokenKind;

use super::Preprocessor;
use super::reader::{Mode, PToken};

impl<S: FileSource> Preprocessor<S> {
    /// Handles the directive started by the `#` token `hash` (read from a file).
    pub(super) fn directive(&mut self, hash: &PToken) -> Result<(), ScriptError> {
        self.line = hash.token.line;
        let name = match self.next_raw(Mode::Line)? {
            Some(name) if name.token.kind == TokenKind::Name => name,
            other => {
                if self.skipping() {
                    if other.is_some() {
                        self.skip_line()?;
                    }
                    return Ok(());
                }
                return Err(self.error_at(
                    ErrorKind::Directive,
                    hash,
                    "expected a directive name after `#` on the same line",
                ));
            }
        };
        let text = name.token.text_lossy();
        match text.as_str() {
            "if" | "ifdef" | "ifndef" | "elif" | "else" | "endif" => {
                return self.conditional(hash, &text);
            }
            _ if self.skipping() => return self.skip_line(),
            "include" => self.include(hash)?,
            "define" => {
                let mut tokens = Vec::new();
                while let Some(token) = self.next_raw(Mode::Line)? {
                    tokens.push(token.token);
                }
                let pos = self.pos(&hash.token);
                let warnings = self.add_define(tokens, &pos, hash.token.include)?;
                self.warnings.extend(warnings);
            }
            "undef" => {
                let Some(target) = self.next_raw(Mode::Line)? else {
                    return Err(self.error_at(ErrorKind::Directive, hash, "#undef without a name"));
                };
                if target.token.kind != TokenKind::Name {
                    return Err(self.error_at(
                        ErrorKind::Directive,
                        &target,
                        format!(
                            "expected a name after #undef, found `{}`",
                            target.token.text_lossy()
                        ),
                    ));
                }
                if Self::is_builtin(&target.token.text) {
                    return Err(self.error_at(
                        ErrorKind::Macro,
                        &target,
                        format!("cannot undefine builtin {}", target.token.text_lossy()),
                    ));
                }
                self.macros.remove(&target.token.text);
                self.extra_tokens(hash, "#undef")?;
            }
            "line" => {
                return Err(self.error_at(ErrorKind::Directive, hash, "#line is not supported"));
            }
            "error" => {
                let next = self.next_raw(Mode::Line)?;
                let what = next.map(|t| t.token.text_lossy()).unwrap_or_default();
                return Err(self.error_at(ErrorKind::Directive, hash, format!("#error {what}")));
            }
            "pragma" => {
                self.warn(self.pos(&hash.token), hash.token.include, "#pragma ignored");
                self.skip_line()?;
            }
            "eval" | "evalfloat" => {
                let float = text == "evalfloat";
                let tokens = self.gather_expression(hash, Mode::Line, false)?;
                self.push_eval_result(hash, &tokens, float)?;
            }
            _ => {
                return Err(self.error_at(
                    ErrorKind::Directive,
                    &name,
                    format!("unknown directive #{text}"),
                ));
            }
        }
        Ok(())
    }
}
