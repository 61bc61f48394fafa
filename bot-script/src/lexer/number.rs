//! Numbers: decimal, octal (`0NN`), hex (`0x`), binary (`0b`) and floats, each carrying both
//! an integer and a float value, as botlib does.

use crate::token::Number;

/// Reads the number at the start of `rest` (which starts with a digit, or a `.` and a digit).
/// Returns the number of bytes consumed (suffixes included) and the value, or a message.
///
/// Rules: `0x…` hex (upper- and lower-case digits), `0b…` binary; otherwise a run of digits
/// and at most one dot (a second dot ends the token: `1.2.3` is `1.2` then `.3`). A dot makes
/// a float; a leading `0` on a dot-free run without `8`/`9` makes octal (`010` = 8,
/// `09` = 9). No exponent (`1e3` is `1` then the name `e3`). Up to two `l`/`L`/`u`/`U`
/// suffixes are consumed and ignored.
///
/// # Complexity
///
/// O(length of the number).
pub(crate) fn lex_number(rest: &[u8]) -> Result<(usize, Number), String> {
    let (len, number) = match rest {
        [b'0', b'x' | b'X', ..] => radix_number(rest, 16, "hex")?,
        [b'0', b'b' | b'B', ..] => radix_number(rest, 2, "binary")?,
        _ => decimal_number(rest)?,
    };
    let suffixes = rest[len..]
        .iter()
        .take(2)
        .take_while(|b| matches!(b, b'l' | b'L' | b'u' | b'U'))
        .count();
    Ok((len + suffixes, number))
}

/// `0x…` or `0b…`.
fn radix_number(rest: &[u8], radix: u32, what: &str) -> Result<(usize, Number), String> {
    let digits = rest[2..]
        .iter()
        .take_while(|b| char::from(**b).is_digit(radix))
        .count();
    if digits == 0 {
        return Err(format!("{what} number without digits"));
    }
    let mut value: u64 = 0;
    for &b in &rest[2..2 + digits] {
        let digit = u64::from(char::from(b).to_digit(radix).unwrap_or(0));
        value = value
            .checked_mul(u64::from(radix))
            .and_then(|v| v.checked_add(digit))
            .ok_or_else(|| format!("{what} number does not fit in 64 bits"))?;
    }
    Ok((2 + digits, Number::integer(value)))
}

/// A run of digits with at most one dot.
fn decimal_number(rest: &[u8]) -> Result<(usize, Number), String> {
    let mut len = 0;
    let mut dot = false;
    while let Some(&b) = rest.get(len) {
        if b == b'.' {
            if dot {
                break;
            }
            dot = true;
        } else if !b.is_ascii_digit() {
            break;
        }
        len += 1;
    }
    let text = &rest[..len];
    if dot {
        // Digits and one dot are always valid UTF-8 and a valid Rust float.
        let value: f64 = std::str::from_utf8(text)
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or("malformed float")?;
        if !value.is_finite() {
            return Err("float number out of range".to_owned());
        }
        return Ok((len, Number::float(value)));
    }
    let octal = text.len() > 1 && text[0] == b'0' && !text.iter().any(|b| matches!(b, b'8' | b'9'));
    let radix = if octal { 8 } else { 10 };
    let mut value: u64 = 0;
    for &b in text {
        value = value
            .checked_mul(radix)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or("integer number does not fit in 64 bits")?;
    }
    Ok((len, Number::integer(value)))
}

#[cfg(test)]
mod tests {
    use super::lex_number;

    fn lex(s: &str) -> (usize, u64, f64, bool) {
        let (len, n) = lex_number(s.as_bytes()).unwrap();
        (len, n.int, n.float, n.is_float)
    }

    #[test]
    fn kinds() {
        assert_eq!(lex("123 "), (3, 123, 123.0, false));
        assert_eq!(lex("0x1F"), (4, 31, 31.0, false));
        assert_eq!(lex("0XbF"), (4, 191, 191.0, false));
        assert_eq!(lex("0b101"), (5, 5, 5.0, false));
        assert_eq!(lex("010"), (3, 8, 8.0, false));
        assert_eq!(lex("09"), (2, 9, 9.0, false));
        assert_eq!(lex("0"), (1, 0, 0.0, false));
        assert_eq!(lex("2.75"), (4, 2, 2.75, true));
        assert_eq!(lex(".5"), (2, 0, 0.5, true));
        assert_eq!(lex("5."), (2, 5, 5.0, true));
        assert_eq!(lex("1.2.3"), (3, 1, 1.2, true));
        assert_eq!(lex("1e3"), (1, 1, 1.0, false));
        assert_eq!(lex("10uL"), (4, 10, 10.0, false));
        assert_eq!(lex("10ulx"), (4, 10, 10.0, false));
        assert_eq!(lex("10lul"), (4, 10, 10.0, false));
    }

    #[test]
    fn errors() {
        assert!(lex_number(b"0x").is_err());
        assert!(lex_number(b"0bz").is_err());
        assert!(lex_number(b"99999999999999999999999").is_err());
        assert!(lex_number(b"0x1ffffffffffffffff").is_err());
    }
}
