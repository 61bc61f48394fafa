//! `$evalint(…)`, `$evalfloat(…)`, `#if`/`#elif` conditions and `#eval`/`#evalfloat` lines:
//! gathering the expression tokens (macros expanded, `defined` resolved) and turning the
//! value into tokens.

use crate::error::{ErrorKind, ScriptError};
use crate::expr::{self, Value};
use crate::source::FileSource;
use crate::token::{Number, Token, TokenKind, TokenText};

use super::Preprocessor;
use super::reader::{Mode, PToken};

impl<S: FileSource> Preprocessor<S> {
    /// Handles `$`: `$evalint(expr)` or `$evalfloat(expr)`, replaced by the result.
    pub(super) fn dollar(&mut self, dollar: &PToken, mode: Mode) -> Result<(), ScriptError> {
        let inner = mode.inner();
        let float = match self.next_raw(inner)? {
            Some(name) if name.token.is_name("evalint") => false,
            Some(name) if name.token.is_name("evalfloat") => true,
            Some(other) => {
                return Err(self.error_at(
                    ErrorKind::Directive,
                    &other,
                    format!(
                        "unknown $ directive `{}` (expected evalint or evalfloat)",
                        other.token.text_lossy()
                    ),
                ));
            }
            None => {
                return Err(self.error_at(
                    ErrorKind::Directive,
                    dollar,
                    "`$` without a directive name",
                ));
            }
        };
        let what = if float { "$evalfloat" } else { "$evalint" };
        match self.next_raw(inner)? {
            Some(open) if open.token.is_punct("(") => {}
            _ => {
                return Err(self.error_at(
                    ErrorKind::Directive,
                    dollar,
                    format!("expected `(` after {what}"),
                ));
            }
        }
        let tokens = self.gather_expression(dollar, inner, true)?;
        self.push_eval_result(dollar, &tokens, float)
    }

    /// Reads expression tokens with macros expanded and `defined X` / `defined(X)` replaced
    /// by 1 or 0: up to the matching `)` (`to_paren`) or the end of the line.
    pub(super) fn gather_expression(
        &mut self,
        at: &PToken,
        mode: Mode,
        to_paren: bool,
    ) -> Result<Vec<Token>, ScriptError> {
        self.eval_depth += 1;
        if self.eval_depth > self.limits.expression_depth {
            self.eval_depth = 0;
            return Err(self.error_at(
                ErrorKind::Limit,
                at,
                format!("$eval nested deeper than {}", self.limits.expression_depth),
            ));
        }
        let mut tokens = Vec::new();
        let mut depth = 0usize;
        loop {
            let Some(t) = self.next_expanded(mode)? else {
                if to_paren {
                    return Err(self.error_at(
                        ErrorKind::Expression,
                        at,
                        "missing `)` at the end of the expression",
                    ));
                }
                break;
            };
            if t.token.is_name("defined") {
                let value = self.defined_value(&t, mode)?;
                tokens.push(Token {
                    kind: TokenKind::Number,
                    text: TokenText::from_slice(if value { b"1" } else { b"0" }),
                    number: Some(Number::integer(u64::from(value))),
                    ..t.token
                });
                continue;
            }
            if to_paren {
                if t.token.is_punct("(") {
                    depth += 1;
                } else if t.token.is_punct(")") {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
            }
            tokens.push(t.token);
        }
        self.eval_depth -= 1;
        Ok(tokens)
    }

    /// The operand of `defined` (`NAME` or `(NAME)`): whether it is defined.
    fn defined_value(&mut self, defined: &PToken, mode: Mode) -> Result<bool, ScriptError> {
        let mut next = self.next_raw(mode)?;
        let parenthesised = next.as_ref().is_some_and(|t| t.token.is_punct("("));
        if parenthesised {
            next = self.next_raw(mode)?;
        }
        let name = match next {
            Some(name) if name.token.kind == TokenKind::Name => name,
            _ => {
                return Err(self.error_at(
                    ErrorKind::Expression,
                    defined,
                    "expected a name after `defined`",
                ));
            }
        };
        if parenthesised {
            match self.next_raw(mode)? {
                Some(close) if close.token.is_punct(")") => {}
                _ => {
                    return Err(self.error_at(
                        ErrorKind::Expression,
                        defined,
                        "expected `)` after `defined(NAME`",
                    ));
                }
            }
        }
        Ok(self.is_macro_or_builtin(&name.token.text))
    }

    /// The truth of an `#if`/`#elif` line (integer arithmetic).
    pub(super) fn line_condition(
        &mut self,
        hash: &PToken,
        what: &str,
    ) -> Result<bool, ScriptError> {
        let tokens = self.gather_expression(hash, Mode::Line, false)?;
        if tokens.is_empty() {
            return Err(self.error_at(
                ErrorKind::Expression,
                hash,
                format!("{what} without an expression"),
            ));
        }
        let value = self.evaluate(hash, &tokens, false)?;
        Ok(value.is_true())
    }

    fn evaluate(
        &mut self,
        at: &PToken,
        tokens: &[Token],
        float: bool,
    ) -> Result<Value, ScriptError> {
        let include = at.token.include;
        let evaluated = expr::evaluate(tokens, float, &at.token.pos, self.limits.expression_depth)
            .map_err(|e| self.with_stack(e, include))?;
        for (pos, message) in evaluated.warnings {
            self.warn(pos, include, message);
        }
        Ok(evaluated.value)
    }

    /// Evaluates `tokens` and pushes the result (a `-` token then the magnitude when
    /// negative) onto the pending stack.
    pub(super) fn push_eval_result(
        &mut self,
        at: &PToken,
        tokens: &[Token],
        float: bool,
    ) -> Result<(), ScriptError> {
        let value = self.evaluate(at, tokens, float)?;
        let (negative, number) = value.to_number();
        let mut text = String::new();
        crate::canonical::render_number(&number, &mut text);
        let base = Token {
            kind: TokenKind::Number,
            text: TokenText::from_slice(text.as_bytes()),
            number: Some(number),
            pos: at.token.pos.clone(),
            include: at.token.include,
        };
        self.pending.push(PToken {
            token: base.clone(),
            frame: at.frame,
            from_file: false,
        });
        if negative {
            let minus = Token {
                kind: TokenKind::Punct,
                text: TokenText::from_slice(b"-"),
                number: None,
                ..base
            };
            self.pending.push(PToken {
                token: minus,
                frame: at.frame,
                from_file: false,
            });
        }
        Ok(())
    }
}
