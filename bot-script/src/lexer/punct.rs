//! Punctuation: longest match from botlib's C-like table.

/// Three-byte punctuation.
const PUNCT3: [&[u8; 3]; 3] = [b">>=", b"<<=", b"..."];

/// Two-byte punctuation.
const PUNCT2: [&[u8; 2]; 22] = [
    b"##", b"&&", b"||", b">=", b"<=", b"==", b"!=", b"*=", b"/=", b"%=", b"+=", b"-=", b"++",
    b"--", b"&=", b"|=", b"^=", b">>", b"<<", b"->", b"::", b".*",
];

/// Single-byte punctuation.
const PUNCT1: &[u8] = b"*/%+-=&|^~!><.,;:?(){}[]\\#$";

/// Length of the longest punctuation at the start of `rest` (0: none).
///
/// # Complexity
///
/// O(1): at most 26 short comparisons.
pub(crate) fn punct_len(rest: &[u8]) -> usize {
    if rest.len() >= 3 && PUNCT3.iter().any(|p| rest[..3] == p[..]) {
        return 3;
    }
    if rest.len() >= 2 && PUNCT2.iter().any(|p| rest[..2] == p[..]) {
        return 2;
    }
    match rest.first() {
        Some(b) if PUNCT1.contains(b) => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::punct_len;

    #[test]
    fn longest_match() {
        assert_eq!(punct_len(b">>=1"), 3);
        assert_eq!(punct_len(b">>1"), 2);
        assert_eq!(punct_len(b">1"), 1);
        assert_eq!(punct_len(b"!=\"x\""), 2);
        assert_eq!(punct_len(b"..x"), 1);
        assert_eq!(punct_len(b"@"), 0);
        assert_eq!(punct_len(b""), 0);
    }
}
