//! Byte strings to text: UTF-8 when valid, otherwise Latin-1 (one character per byte).

use std::borrow::Cow;

/// Decodes `bytes` as UTF-8 when valid, otherwise as Latin-1 so that every byte is one
/// character and line/column positions stay meaningful.
pub(super) fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().copied().map(char::from).collect()),
    }
}

/// The bytes before the first NUL (all of them when there is none).
pub(super) fn until_nul(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    bytes.get(..end).unwrap_or(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_kept_and_latin1_is_one_char_per_byte() {
        assert_eq!(decode_text("héllo".as_bytes()), "héllo");
        assert_eq!(decode_text(b"caf\xe9"), "café");
        assert_eq!(decode_text(b"caf\xe9").chars().count(), 4);
        assert_eq!(until_nul(b"abc\0def"), b"abc");
        assert_eq!(until_nul(b"abc"), b"abc");
    }
}
