//! The canonical text rendering of a token stream, parsed by the pest grammars of the
//! data-file crates, and its map back to the tokens.
//!
//! Rules:
//! - tokens in order, separated by one ASCII space, or by `\n` when the token starts on a
//!   different source line (or file) than the previous token; nothing else;
//! - names and punctuation as their text (`-` is always its own token: `- 5`);
//! - an integer number as the decimal digits of its integer value (`0x10` → `16`,
//!   `010` → `8`); a float number as Rust's `Display` of its float value (never an
//!   exponent) with `.0` appended when that has no `.` (`25.0`, `0.1`, `1.5`);
//! - a string as `"` + its content + `"`, where `\` → `\\`, `"` → `\"`, every byte below
//!   0x20, 0x7f and every byte ≥ 0x80 → `\xHH` (two lower-case hex digits), other printable
//!   ASCII as is; a literal the same between single quotes (`'` → `\'`).
//!
//! So an INT is `[0-9]+`, a float `[0-9]+\.[0-9]+` and a string
//! `"(\\.|\\x[0-9a-f]{2}|[^"\\])*"`. The text is always ASCII.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use crate::fnv::Fnv;
use crate::stream::TokenStream;
use crate::token::{Number, Token, TokenKind};

/// The canonical text of a token stream with the byte range of every token.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CanonicalText {
    /// The rendering (ASCII).
    pub text: String,
    /// Start offset of each token's rendering in `text`.
    starts: Vec<usize>,
    /// End offset (exclusive) of each token's rendering in `text`.
    ends: Vec<usize>,
}

impl CanonicalText {
    /// Start offset of each token's rendering, indexed like the stream's tokens.
    #[must_use]
    pub fn token_starts(&self) -> &[usize] {
        &self.starts
    }

    /// Byte range of the rendering of the token at `index`.
    #[must_use]
    pub fn token_range(&self, index: usize) -> Option<std::ops::Range<usize>> {
        Some(*self.starts.get(index)?..*self.ends.get(index)?)
    }

    /// Index of the token whose rendering contains `byte_offset`; for an offset on the
    /// whitespace between two tokens, the token that follows it; for the offset
    /// `text.len()` (the end of the input, where a parser reports "unexpected end"), the
    /// last token. `None` for an empty text or an offset past the end.
    ///
    /// # Complexity
    ///
    /// O(log n) in the number of tokens.
    #[must_use]
    pub fn token_at(&self, byte_offset: usize) -> Option<usize> {
        if self.starts.is_empty() || byte_offset > self.text.len() {
            return None;
        }
        if byte_offset == self.text.len() {
            return Some(self.starts.len() - 1);
        }
        let after = self.starts.partition_point(|&start| start <= byte_offset);
        let index = after.checked_sub(1)?;
        if byte_offset < self.ends[index] {
            Some(index)
        } else {
            Some((index + 1).min(self.starts.len() - 1))
        }
    }
}

/// Appends the canonical rendering of a float value.
pub(crate) fn render_float(value: f64, out: &mut String) {
    if !value.is_finite() {
        out.push_str("0.0");
        return;
    }
    let start = out.len();
    let _ = write!(out, "{value}");
    if !out[start..].contains('.') {
        out.push_str(".0");
    }
}

/// Appends the canonical rendering of a number.
pub(crate) fn render_number(number: &Number, out: &mut String) {
    if number.is_float {
        render_float(number.float, out);
    } else {
        let _ = write!(out, "{}", number.int);
    }
}

/// Appends `bytes` between `quote`s, escaped by the canonical rules.
pub fn render_quoted(bytes: &[u8], quote: char, out: &mut String) {
    out.push(quote);
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            _ if char::from(b) == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push(quote);
}

/// Appends name or punctuation bytes (ASCII from the lexer; anything else lossily).
fn push_text(text: &[u8], out: &mut String) {
    match std::str::from_utf8(text) {
        Ok(text) => out.push_str(text),
        Err(_) => out.push_str(&String::from_utf8_lossy(text)),
    }
}

/// Appends the canonical rendering of one token.
pub fn render_token(token: &Token, out: &mut String) {
    match token.kind {
        TokenKind::String => render_quoted(&token.text, '"', out),
        TokenKind::Literal => render_quoted(&token.text, '\'', out),
        TokenKind::Number => match &token.number {
            Some(number) => render_number(number, out),
            None => push_text(&token.text, out),
        },
        TokenKind::Name | TokenKind::Punct => push_text(&token.text, out),
    }
}

/// Inverse of the canonical string rendering: `"a\x19b"` (with quotes, `"` or `'`) → bytes.
///
/// Lenient: a missing closing quote, an unknown escape (kept as its character) or a short
/// `\x` escape never panic.
#[must_use]
pub fn decode_canonical_string(literal: &str) -> Vec<u8> {
    let bytes = literal.as_bytes();
    let inner = match bytes {
        [q @ (b'"' | b'\''), rest @ ..] => rest.strip_suffix(&[*q]).unwrap_or(rest),
        _ => bytes,
    };
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while let Some(&b) = inner.get(i) {
        i += 1;
        if b != b'\\' {
            out.push(b);
            continue;
        }
        match inner.get(i) {
            Some(b'x') => {
                let hex = inner.get(i + 1..i + 3).and_then(|h| {
                    std::str::from_utf8(h)
                        .ok()
                        .and_then(|h| u8::from_str_radix(h, 16).ok())
                });
                if let Some(value) = hex {
                    out.push(value);
                    i += 3;
                } else {
                    out.push(b'x');
                    i += 1;
                }
            }
            Some(&e) => {
                out.push(e);
                i += 1;
            }
            None => out.push(b'\\'),
        }
    }
    out
}

impl TokenStream {
    /// The canonical text rendering (rules in the [module docs](crate::canonical)) with a
    /// map back to the tokens.
    ///
    /// # Complexity
    ///
    /// O(total rendered length).
    #[must_use]
    pub fn canonical(&self) -> CanonicalText {
        let mut text = String::with_capacity(self.tokens.len() * 6);
        let mut starts = Vec::with_capacity(self.tokens.len());
        let mut ends = Vec::with_capacity(self.tokens.len());
        let mut previous: Option<&Token> = None;
        let mut floats: HashMap<u64, std::ops::Range<usize>, BuildHasherDefault<Fnv>> =
            HashMap::default();
        for token in &self.tokens {
            if let Some(prev) = previous {
                let same_line = prev.pos.line == token.pos.line
                    && (Arc::ptr_eq(&prev.pos.file, &token.pos.file)
                        || prev.pos.file == token.pos.file);
                text.push(if same_line { ' ' } else { '\n' });
            }
            let start = text.len();
            starts.push(start);
            match token.number {
                // Float formatting dominates; `$evalfloat` results repeat a lot.
                Some(number) if number.is_float && token.kind == TokenKind::Number => {
                    let key = number.float.to_bits();
                    if let Some(range) = floats.get(&key) {
                        text.extend_from_within(range.clone());
                    } else {
                        render_float(number.float, &mut text);
                        floats.insert(key, start..text.len());
                    }
                }
                _ => render_token(token, &mut text),
            }
            ends.push(text.len());
            previous = Some(token);
        }
        CanonicalText { text, starts, ends }
    }
}
