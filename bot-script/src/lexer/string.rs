//! Quoted strings (`"…"`) and literals (`'…'`) with botlib's escapes.

use crate::token::TokenText;

/// Longest token in bytes, quotes included (botlib's `MAX_TOKEN`).
pub const MAX_TOKEN: usize = 1024;

/// A quoted token read from the source.
pub(crate) struct Quoted {
    /// Bytes consumed, both quotes included.
    pub(crate) len: usize,
    /// Decoded content.
    pub(crate) content: TokenText,
    /// Warnings: byte offset (from the opening quote) and message.
    pub(crate) warnings: Vec<(usize, String)>,
}

/// Reads the quoted token at the start of `rest` (`rest[0]` is the quote).
///
/// Escapes: `\\ \n \r \t \v \b \f \a \' \" \?`; `\x` with at most two hex digits (C-like:
/// botlib counts every letter as a digit, so `"\x19a"` would swallow the `a`; here it is
/// 0x19 then `a`); `\` and decimal digits is a decimal code (botlib's rule, not octal),
/// clamped to 255 with a warning. An unknown escape warns and keeps the character.
/// A raw newline before the closing quote, the end of the input or a token longer than
/// [`MAX_TOKEN`] bytes is an error (offset and message).
///
/// # Complexity
///
/// O(length of the token).
pub(crate) fn lex_quoted(rest: &[u8]) -> Result<Quoted, (usize, String)> {
    let quote = rest[0];
    let what = if quote == b'"' { "string" } else { "literal" };
    let mut content = TokenText::new();
    let mut warnings = Vec::new();
    let mut i = 1;
    loop {
        if i >= MAX_TOKEN {
            return Err((0, format!("{what} longer than {MAX_TOKEN} bytes")));
        }
        let Some(&b) = rest.get(i) else {
            return Err((0, format!("unterminated {what}")));
        };
        match b {
            b'\n' => return Err((i, format!("newline inside {what}"))),
            b'\\' => {
                let escape_at = i;
                i += 1;
                let Some(&e) = rest.get(i) else {
                    return Err((0, format!("unterminated {what}")));
                };
                i += 1;
                let byte = match e {
                    b'\\' => b'\\',
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'v' => 0x0b,
                    b'b' => 0x08,
                    b'f' => 0x0c,
                    b'a' => 0x07,
                    b'\'' => b'\'',
                    b'"' => b'"',
                    b'?' => b'?',
                    b'\n' => return Err((escape_at, format!("newline inside {what}"))),
                    b'x' => {
                        let digits = rest[i..]
                            .iter()
                            .take(2)
                            .take_while(|d| d.is_ascii_hexdigit())
                            .count();
                        if digits == 0 {
                            warnings.push((escape_at, "\\x without hex digits".to_owned()));
                            b'x'
                        } else {
                            let mut v = 0u8;
                            for &d in &rest[i..i + digits] {
                                v = v * 16 + char::from(d).to_digit(16).map_or(0, |x| x as u8);
                            }
                            i += digits;
                            v
                        }
                    }
                    b'0'..=b'9' => {
                        let mut v = u32::from(e - b'0');
                        while let Some(&d) = rest.get(i).filter(|d| d.is_ascii_digit()) {
                            v = v.saturating_mul(10).saturating_add(u32::from(d - b'0'));
                            i += 1;
                            if i >= MAX_TOKEN {
                                return Err((0, format!("{what} longer than {MAX_TOKEN} bytes")));
                            }
                        }
                        u8::try_from(v).unwrap_or_else(|_| {
                            warnings.push((
                                escape_at,
                                format!("decimal escape value {v} clamped to 255"),
                            ));
                            255
                        })
                    }
                    other => {
                        warnings.push((
                            escape_at,
                            format!(
                                "unknown escape char \\{}",
                                char::from(other).escape_default()
                            ),
                        ));
                        other
                    }
                };
                content.push(byte);
            }
            _ if b == quote => {
                return Ok(Quoted {
                    len: i + 1,
                    content,
                    warnings,
                });
            }
            _ => {
                content.push(b);
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(s: &[u8]) -> Vec<u8> {
        lex_quoted(s).unwrap().content.to_vec()
    }

    #[test]
    fn escapes() {
        assert_eq!(
            decode(br#""a\\b\n\r\t\v\b\f\a\'\"\?""#),
            b"a\\b\n\r\t\x0b\x08\x0c\x07'\"?"
        );
        assert_eq!(decode(br#""\x19a""#), b"\x19a");
        assert_eq!(decode(br#""\x7""#), b"\x07");
        assert_eq!(decode(br#""\65B""#), b"AB");
        assert_eq!(decode(br#""\012""#), b"\x0c");
        let q = lex_quoted(br#""\300""#).unwrap();
        assert_eq!(q.content.as_slice(), b"\xff");
        assert_eq!(q.warnings.len(), 1);
        let q = lex_quoted(br#""\q""#).unwrap();
        assert_eq!(q.content.as_slice(), b"q");
        assert_eq!(q.warnings.len(), 1);
        assert_eq!(decode(b"'ab'"), b"ab");
        assert_eq!(decode(b"\"\xe9\""), b"\xe9");
    }

    #[test]
    fn errors() {
        assert!(lex_quoted(b"\"abc").is_err());
        assert_eq!(lex_quoted(b"\"ab\ncd\"").err().map(|e| e.0), Some(3));
        let long = [b"\"".as_slice(), &[b'a'; 1100], b"\""].concat();
        assert!(lex_quoted(&long).is_err());
        let fits = [b"\"".as_slice(), &[b'a'; 1022], b"\""].concat();
        assert_eq!(lex_quoted(&fits).unwrap().len, 1024);
    }
}
