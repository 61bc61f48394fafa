//! `$evalint(…)`, `$evalfloat(…)`, `#if`/`#elif` conditions and `#eval`/`#evalfloat` lines:
//! gathering the expression tokens (macros expanded, `defined` resolved) and turning the
//! value into tokens.

use crate::error::{ErrorKind, ScriptError};
use crate::expr::{self, Value};
use crate::source::FileSource;
use crate::token::{Number, Tok, TokenKind, TokenText};

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
        let result = self.push_eval_result(dollar, &tokens, float);
        self.scratch.push(tokens);
        result
    }

    /// Reads expression tokens with macros expanded and `defined X` / `defined(X)` replaced
    /// by 1 or 0: up to the matching `)` (`to_paren`) or the end of the line.
    pub(super) fn gather_expression(
        &mut self,
        at: &PToken,
        mode: Mode,
        to_paren: bool,
    ) -> Result<Vec<Tok>, ScriptError> {
        self.eval_depth += 1;
        if self.eval_depth > self.limits.expression_depth {
            self.eval_depth = 0;
            return Err(self.error_at(
                ErrorKind::Limit,
                at,
                format!("$eval nested deeper than {}", self.limits.expression_depth),
            ));
        }
        let mut tokens = self.scratch.pop().unwrap_or_default();
        tokens.clear();
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
                tokens.push(Tok {
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

    fn evaluate(&mut self, at: &PToken, tokens: &[Tok], float: bool) -> Result<Value, ScriptError> {
        let include = at.token.include;
        let pos_of = |this: &Self, index: Option<usize>| {
            index
                .and_then(|i| tokens.get(i))
                .map_or_else(|| this.pos(&at.token), |t| this.pos(t))
        };
        match expr::evaluate_tokens(tokens, float, self.limits.expression_depth) {
            Ok((value, warnings)) => {
                for (index, message) in warnings {
                    let pos = pos_of(self, Some(index));
                    self.warn(pos, include, message);
                }
                Ok(value)
            }
            Err(error) => {
                let pos = pos_of(self, error.at);
                Err(self.with_stack(ScriptError::new(error.kind, pos, error.message), include))
            }
        }
    }

    /// The text of a result: its canonical rendering (cached: formatting floats is slow and
    /// `$evalfloat` results repeat).
    fn number_text(&mut self, number: &Number) -> TokenText {
        let key = (number.float.to_bits(), number.is_float);
        if let Some(text) = self.number_texts.get(&key) {
            return TokenText::from_slice(text);
        }
        let mut text = String::new();
        crate::canonical::render_number(number, &mut text);
        let text = TokenText::from_slice(text.as_bytes());
        if self.number_texts.len() >= 4096 {
            self.number_texts.clear();
        }
        self.number_texts.insert(key, TokenText::from_slice(&text));
        text
    }

    /// Evaluates `tokens` and pushes the result (a `-` token then the magnitude when
    /// negative) onto the pending stack.
    pub(super) fn push_eval_result(
        &mut self,
        at: &PToken,
        tokens: &[Tok],
        float: bool,
    ) -> Result<(), ScriptError> {
        let value = self.evaluate(at, tokens, float)?;
        let (negative, number) = value.to_number();
        let text = self.number_text(&number);
        let base = Tok {
            kind: TokenKind::Number,
            text,
            number: Some(number),
            ..at.token.clone()
        };
        if negative {
            let minus = Tok {
                kind: TokenKind::Punct,
                text: TokenText::from_slice(b"-"),
                number: None,
                ..base.clone()
            };
            self.pending.push(PToken {
                token: base,
                frame: at.frame,
                from_file: false,
            });
            self.pending.push(PToken {
                token: minus,
                frame: at.frame,
                from_file: false,
            });
        } else {
            self.pending.push(PToken {
                token: base,
                frame: at.frame,
                from_file: false,
            });
        }
        Ok(())
    }
}
