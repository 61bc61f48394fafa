//! Expression evaluation for `#if`, `#elif`, `$evalint`, `$evalfloat`, `#eval` and
//! `#evalfloat` (botlib §5.3, with the recommended choices).
//!
//! Operators, high to low priority: `! ~` (and unary `-`), `* / %`, `+ -`, `<< >>`,
//! `< <= > >=`, `== !=`, `&`, `^`, `|`, `&&`, `||`, `? :`. Equal priorities evaluate left
//! to right; `?:` nests to the right (C).
//!
//! - **Integer mode** (`#if`, `$evalint`): every operand is the *integer value* of its
//!   token, so float literals truncate first: `250*0.1` = 250 × 0 = 0 (quirk L1,
//!   reproduced). 64-bit wrapping arithmetic; division truncates; `/` or `%` by zero is an
//!   error.
//! - **Float mode** (`$evalfloat`): single precision (`f32`, as ioq3). `~ % << >> & | ^`
//!   are errors. Division by zero is an error; division by a non-zero value whose integer
//!   part is 0 (`x/0.5`), which botlib rejects (quirk L11), is accepted with a warning.
//!   A result that is not finite is an error.
//! - Comparisons and logical operators give 1 or 0. `&&`, `||` and `?:` do not evaluate
//!   (so cannot fail on) the side that is not taken.
//! - A name left after macro expansion is an error naming it (C would use 0; quirk L15).
//!   Unary `-` applies to any operand (botlib only allows it before a number). `++`, `--`
//!   and any other token are errors.

use crate::error::{ErrorKind, ScriptError};
use crate::token::{Number, SourcePos, Tok, Token, TokenKind};

/// A value: integer in integer mode, `f32` in float mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// Integer mode.
    Int(i64),
    /// Float mode.
    Float(f32),
}

impl Value {
    /// Whether the value is non-zero.
    #[must_use]
    pub fn is_true(self) -> bool {
        match self {
            Self::Int(v) => v != 0,
            Self::Float(v) => v != 0.0,
        }
    }

    /// Sign and magnitude as a number token value (a float keeps its exact `f32` value).
    #[must_use]
    pub fn to_number(self) -> (bool, Number) {
        match self {
            Self::Int(v) => (v < 0, Number::integer(v.unsigned_abs())),
            Self::Float(v) => (v < 0.0, Number::float(f64::from(v.abs()))),
        }
    }
}

/// The value and warnings of one evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluated {
    /// The result.
    pub value: Value,
    /// Warnings (position, message).
    pub warnings: Vec<(SourcePos, String)>,
}

/// Evaluates `tokens` (macros already expanded, `defined` already resolved) in float or
/// integer mode; `at` positions errors about the expression as a whole; parentheses may nest
/// `max_depth` deep.
///
/// # Errors
///
/// [`ErrorKind::Expression`] for a malformed expression, an undefined name, a division by
/// zero, an operator not allowed on floats or a non-finite result; [`ErrorKind::Limit`] when
/// parentheses nest deeper than `max_depth`.
///
/// # Complexity
///
/// O(number of tokens).
pub fn evaluate(
    tokens: &[Token],
    float: bool,
    at: &SourcePos,
    max_depth: usize,
) -> Result<Evaluated, ScriptError> {
    let pos_of = |index: Option<usize>| {
        index
            .and_then(|i| tokens.get(i))
            .map_or_else(|| at.clone(), |t| t.pos.clone())
    };
    match evaluate_tokens(tokens, float, max_depth) {
        Ok((value, warnings)) => Ok(Evaluated {
            value,
            warnings: warnings
                .into_iter()
                .map(|(i, message)| (pos_of(Some(i)), message))
                .collect(),
        }),
        Err(error) => Err(ScriptError::new(
            error.kind,
            pos_of(error.at),
            error.message,
        )),
    }
}

/// What a token must offer to the evaluator.
pub(crate) trait ExprToken {
    fn kind(&self) -> TokenKind;
    fn bytes(&self) -> &[u8];
    fn value(&self) -> Option<Number>;
    fn lossy(&self) -> String {
        String::from_utf8_lossy(self.bytes()).into_owned()
    }
    fn is_punct(&self, p: &str) -> bool {
        self.kind() == TokenKind::Punct && self.bytes() == p.as_bytes()
    }
}

impl ExprToken for Token {
    fn kind(&self) -> TokenKind {
        self.kind
    }
    fn bytes(&self) -> &[u8] {
        &self.text
    }
    fn value(&self) -> Option<Number> {
        self.number
    }
}

impl ExprToken for Tok {
    fn kind(&self) -> TokenKind {
        self.kind
    }
    fn bytes(&self) -> &[u8] {
        &self.text
    }
    fn value(&self) -> Option<Number> {
        self.number
    }
}

/// An evaluation error: at which token (`None`: the expression as a whole).
pub(crate) struct ExprError {
    pub(crate) at: Option<usize>,
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
}

/// The value of `tokens` and the warnings (token index, message).
pub(crate) fn evaluate_tokens<T: ExprToken>(
    tokens: &[T],
    float: bool,
    max_depth: usize,
) -> Result<(Value, Vec<(usize, String)>), ExprError> {
    let mut parser = Parser {
        tokens,
        at: 0,
        float,
        depth: 0,
        max_depth,
        warnings: Vec::new(),
    };
    if tokens.is_empty() {
        return Err(ExprError {
            at: None,
            kind: ErrorKind::Expression,
            message: "empty expression".to_owned(),
        });
    }
    let value = parser.conditional(true)?;
    if let Some(extra) = tokens.get(parser.at) {
        return Err(parser.error(
            extra,
            format!("unexpected `{}` in expression", extra.lossy()),
        ));
    }
    if let Value::Float(v) = value
        && !v.is_finite()
    {
        return Err(ExprError {
            at: None,
            kind: ErrorKind::Expression,
            message: "the result is not a finite number".to_owned(),
        });
    }
    Ok((value, parser.warnings))
}

/// Priority of a binary operator (higher binds tighter), `None` for other tokens.
fn priority<T: ExprToken>(token: &T) -> Option<u8> {
    if token.kind() != TokenKind::Punct {
        return None;
    }
    Some(match token.bytes() {
        b"*" | b"/" | b"%" => 15,
        b"+" | b"-" => 14,
        b"<<" | b">>" => 13,
        b"<" | b"<=" | b">" | b">=" => 12,
        b"==" | b"!=" => 11,
        b"&" => 10,
        b"^" => 9,
        b"|" => 8,
        b"&&" => 7,
        b"||" => 6,
        _ => return None,
    })
}

struct Parser<'t, T> {
    tokens: &'t [T],
    at: usize,
    float: bool,
    depth: usize,
    max_depth: usize,
    warnings: Vec<(usize, String)>,
}

impl<'t, T: ExprToken> Parser<'t, T> {
    fn peek(&self) -> Option<&'t T> {
        self.tokens.get(self.at)
    }

    /// The index of `token` in the expression.
    fn index_of(&self, token: &T) -> Option<usize> {
        self.tokens.iter().position(|t| std::ptr::eq(t, token))
    }

    fn error(&self, token: &T, message: impl Into<String>) -> ExprError {
        ExprError {
            at: self.index_of(token),
            kind: ErrorKind::Expression,
            message: message.into(),
        }
    }

    fn end_error(&self) -> ExprError {
        ExprError {
            at: self.tokens.len().checked_sub(1),
            kind: ErrorKind::Expression,
            message: "the expression ends too early".to_owned(),
        }
    }

    fn enter(&mut self) -> Result<(), ExprError> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(ExprError {
                at: None,
                kind: ErrorKind::Limit,
                message: format!("expression nested deeper than {}", self.max_depth),
            });
        }
        Ok(())
    }

    /// `a ? b : c` (lowest priority, right-associative).
    fn conditional(&mut self, live: bool) -> Result<Value, ExprError> {
        self.enter()?;
        let condition = self.binary(6, live)?;
        let value = if self.peek().is_some_and(|t| t.is_punct("?")) {
            self.at += 1;
            let taken = condition.is_true();
            let then = self.conditional(live && taken)?;
            match self.peek() {
                Some(t) if t.is_punct(":") => self.at += 1,
                Some(t) => {
                    return Err(
                        self.error(t, format!("expected `:` in `?:`, found `{}`", t.lossy()))
                    );
                }
                None => return Err(self.end_error()),
            }
            let otherwise = self.conditional(live && !taken)?;
            if taken { then } else { otherwise }
        } else {
            condition
        };
        self.depth -= 1;
        Ok(value)
    }

    /// Binary operators of priority `min` and above, left to right.
    fn binary(&mut self, min: u8, live: bool) -> Result<Value, ExprError> {
        let mut left = self.unary(live)?;
        while let Some(op) = self.peek() {
            let Some(prio) = priority(op).filter(|&p| p >= min) else {
                break;
            };
            let tokens = self.tokens;
            let op = &tokens[self.at];
            self.at += 1;
            let right_live = match op.bytes() {
                b"&&" => live && left.is_true(),
                b"||" => live && !left.is_true(),
                _ => live,
            };
            let right = self.binary(prio + 1, right_live)?;
            left = self.apply(op, left, right, right_live)?;
        }
        Ok(left)
    }

    /// Unary operators, parentheses and operands.
    fn unary(&mut self, live: bool) -> Result<Value, ExprError> {
        let tokens = self.tokens;
        let Some(token) = tokens.get(self.at) else {
            return Err(self.end_error());
        };
        self.at += 1;
        match token.kind() {
            TokenKind::Number => {
                let number = token.value().unwrap_or(Number::integer(0));
                #[expect(
                    clippy::cast_possible_truncation,
                    reason = "float mode is f32 arithmetic, as ioq3"
                )]
                let float = number.float as f32;
                #[expect(
                    clippy::cast_possible_wrap,
                    reason = "botlib's integer values are signed longs"
                )]
                let int = number.int as i64;
                Ok(if self.float {
                    Value::Float(float)
                } else {
                    Value::Int(int)
                })
            }
            TokenKind::Name => Err(self.error(
                token,
                format!("undefined name `{}` in expression", token.lossy()),
            )),
            TokenKind::String | TokenKind::Literal => Err(self.error(
                token,
                format!("unexpected string \"{}\" in expression", token.lossy()),
            )),
            TokenKind::Punct => match token.bytes() {
                b"(" => {
                    self.enter()?;
                    let value = self.conditional(live)?;
                    match self.peek() {
                        Some(t) if t.is_punct(")") => self.at += 1,
                        Some(t) => {
                            return Err(
                                self.error(t, format!("expected `)`, found `{}`", t.lossy()))
                            );
                        }
                        None => return Err(self.end_error()),
                    }
                    self.depth -= 1;
                    Ok(value)
                }
                b"-" => {
                    self.enter()?;
                    let value = self.unary(live)?;
                    self.depth -= 1;
                    Ok(match value {
                        Value::Int(v) => Value::Int(v.wrapping_neg()),
                        Value::Float(v) => Value::Float(-v),
                    })
                }
                b"!" => {
                    self.enter()?;
                    let value = self.unary(live)?;
                    self.depth -= 1;
                    Ok(self.boolean(!value.is_true()))
                }
                b"~" => {
                    self.enter()?;
                    let value = self.unary(live)?;
                    self.depth -= 1;
                    match value {
                        Value::Int(v) => Ok(Value::Int(!v)),
                        Value::Float(_) => {
                            Err(self.error(token, "operator `~` is not allowed in $evalfloat"))
                        }
                    }
                }
                b"++" | b"--" => Err(self.error(
                    token,
                    format!("operator `{}` is not allowed in expressions", token.lossy()),
                )),
                _ => Err(self.error(
                    token,
                    format!("expected a value, found `{}`", token.lossy()),
                )),
            },
        }
    }

    fn boolean(&self, value: bool) -> Value {
        if self.float {
            Value::Float(if value { 1.0 } else { 0.0 })
        } else {
            Value::Int(i64::from(value))
        }
    }

    fn apply(
        &mut self,
        op: &'t T,
        left: Value,
        right: Value,
        live: bool,
    ) -> Result<Value, ExprError> {
        let text = op.bytes();
        match (left, right) {
            (Value::Int(a), Value::Int(b)) => {
                let v = match text {
                    b"*" => a.wrapping_mul(b),
                    b"/" | b"%" if b == 0 => {
                        if live {
                            return Err(self.error(op, "division by zero"));
                        }
                        0
                    }
                    b"/" => a.wrapping_div(b),
                    b"%" => a.wrapping_rem(b),
                    b"+" => a.wrapping_add(b),
                    b"-" => a.wrapping_sub(b),
                    #[expect(
                        clippy::cast_possible_truncation,
                        clippy::cast_sign_loss,
                        reason = "the shift count wraps modulo 64"
                    )]
                    b"<<" => a.wrapping_shl(b as u32),
                    #[expect(
                        clippy::cast_possible_truncation,
                        clippy::cast_sign_loss,
                        reason = "the shift count wraps modulo 64"
                    )]
                    b">>" => a.wrapping_shr(b as u32),
                    b"<" => i64::from(a < b),
                    b"<=" => i64::from(a <= b),
                    b">" => i64::from(a > b),
                    b">=" => i64::from(a >= b),
                    b"==" => i64::from(a == b),
                    b"!=" => i64::from(a != b),
                    b"&" => a & b,
                    b"^" => a ^ b,
                    b"|" => a | b,
                    b"&&" => i64::from(a != 0 && b != 0),
                    _ => i64::from(a != 0 || b != 0),
                };
                Ok(Value::Int(v))
            }
            (Value::Float(a), Value::Float(b)) => {
                let v = match text {
                    b"*" => a * b,
                    b"/" => {
                        if live && b == 0.0 {
                            return Err(self.error(op, "division by zero"));
                        }
                        if b == 0.0 {
                            0.0
                        } else {
                            if live && b.abs() < 1.0 {
                                let at = self.index_of(op).unwrap_or(0);
                                self.warnings.push((
                                    at,
                                    format!("division by {b}, whose integer part is 0: botlib rejects it as a division by zero"),
                                ));
                            }
                            a / b
                        }
                    }
                    b"+" => a + b,
                    b"-" => a - b,
                    b"<" => f32::from(u8::from(a < b)),
                    b"<=" => f32::from(u8::from(a <= b)),
                    b">" => f32::from(u8::from(a > b)),
                    b">=" => f32::from(u8::from(a >= b)),
                    b"==" => f32::from(u8::from(a == b)),
                    b"!=" => f32::from(u8::from(a != b)),
                    b"&&" => f32::from(u8::from(a != 0.0 && b != 0.0)),
                    b"||" => f32::from(u8::from(a != 0.0 || b != 0.0)),
                    _ => {
                        return Err(self.error(
                            op,
                            format!("operator `{}` is not allowed in $evalfloat", op.lossy()),
                        ));
                    }
                };
                Ok(Value::Float(v))
            }
            _ => Err(self.error(op, "mixed integer and float operands")),
        }
    }
}
