//! Punctuation: longest match from botlib's C-like table.

/// Single-byte punctuation.
const PUNCT1: &[u8] = b"*/%+-=&|^~!><.,;:?(){}[]\\#$";

/// [`PUNCT1`] as a byte table.
const IS_PUNCT1: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < PUNCT1.len() {
        table[PUNCT1[i] as usize] = true;
        i += 1;
    }
    table
};

/// Length of the longest punctuation at the start of `rest` (0: none), from botlib's table:
/// `>>= <<= ...`, `## && || >= <= == != *= /= %= += -= ++ -- &= |= ^= >> << -> :: .*` and
/// the single characters `* / % + - = & | ^ ~ ! > < . , ; : ? ( ) { } [ ] \ # $`.
///
/// # Complexity
///
/// O(1).
pub(crate) fn punct_len(rest: &[u8]) -> usize {
    let Some(&a) = rest.first() else {
        return 0;
    };
    let b = rest.get(1).copied().unwrap_or(0);
    let c = rest.get(2).copied().unwrap_or(0);
    if matches!(
        (a, b, c),
        (b'>', b'>', b'=') | (b'<', b'<', b'=') | (b'.', b'.', b'.')
    ) {
        return 3;
    }
    match (a, b) {
        (b'#', b'#')
        | (b'&', b'&' | b'=')
        | (b'|', b'|' | b'=')
        | (b'>', b'=' | b'>')
        | (b'<', b'=' | b'<')
        | (b'=' | b'!' | b'*' | b'/' | b'%' | b'^', b'=')
        | (b'+', b'=' | b'+')
        | (b'-', b'=' | b'-' | b'>')
        | (b':', b':')
        | (b'.', b'*') => 2,
        _ if IS_PUNCT1[usize::from(a)] => 1,
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
        for two in [
            "##", "&&", "||", ">=", "<=", "==", "!=", "*=", "/=", "%=", "+=", "-=", "++", "--",
            "&=", "|=", "^=", ">>", "<<", "->", "::", ".*",
        ] {
            assert_eq!(punct_len(two.as_bytes()), 2, "{two}");
        }
        for one in "*/%+-=&|^~!><.,;:?(){}[]\\#$".bytes() {
            assert_eq!(punct_len(&[one, b'a']), 1, "{}", char::from(one));
        }
        assert_eq!(punct_len(b"...."), 3);
        assert_eq!(punct_len(b"`"), 0);
    }
}
