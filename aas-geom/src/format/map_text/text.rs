//! Decoding `.map` bytes into text, and turning byte offsets of that text into line:column.

use std::borrow::Cow;

/// The text of a `.map` file: the bytes themselves when they are valid UTF-8, else Latin-1
/// (each byte one `char`), so that line and column numbers count source bytes as characters.
pub(super) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&byte| char::from(byte)).collect()),
    }
}

/// Converts byte offsets into 1-based line and column (in characters; lines end at `\n`).
///
/// Offsets asked in increasing order cost amortised `O(1)` each (the tracker walks forward
/// from the previous offset); an offset before the previous one restarts from the beginning.
#[derive(Debug)]
pub(super) struct LineTracker<'a> {
    text: &'a str,
    offset: usize,
    line: u32,
    column: u32,
}

impl<'a> LineTracker<'a> {
    /// A tracker at the start of `text`.
    pub(super) const fn new(text: &'a str) -> Self {
        Self {
            text,
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// Line and column of byte `offset` (clamped to the text; an offset inside a multi-byte
    /// character counts as the position after it).
    pub(super) fn line_column(&mut self, offset: usize) -> (u32, u32) {
        if offset < self.offset {
            *self = Self::new(self.text);
        }
        let mut end = offset.min(self.text.len());
        // Round up to a character boundary (pest offsets always are one).
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        let slice = self.text.get(self.offset..end).unwrap_or("");
        let bytes = slice.as_bytes();
        let newlines = bytes.iter().filter(|&&byte| byte == b'\n').count();
        match bytes.iter().rposition(|&byte| byte == b'\n') {
            Some(last) => {
                let tail = slice.get(last + 1..).unwrap_or("");
                self.line = self.line.saturating_add(saturating_u32(newlines));
                self.column = saturating_u32(tail.chars().count()).saturating_add(1);
            }
            None => {
                self.column = self
                    .column
                    .saturating_add(saturating_u32(slice.chars().count()));
            }
        }
        self.offset = end;
        (self.line, self.column)
    }
}

fn saturating_u32(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_bytes_become_one_char_each() {
        let text = decode(b"a\xe9b\n\xff");
        assert_eq!(text, "a\u{e9}b\n\u{ff}");
        assert_eq!(decode("héllo".as_bytes()), "héllo");
    }

    #[test]
    fn line_column_counts_characters_and_restarts_backwards() {
        let text = "ab\r\ncé\nx";
        let mut tracker = LineTracker::new(text);
        assert_eq!(tracker.line_column(0), (1, 1));
        assert_eq!(tracker.line_column(1), (1, 2));
        assert_eq!(tracker.line_column(4), (2, 1));
        let x = text.find('x').unwrap();
        assert_eq!(tracker.line_column(x), (3, 1));
        let e = text.find('é').unwrap();
        assert_eq!(tracker.line_column(e), (2, 2));
        assert_eq!(tracker.line_column(e + 1), (2, 3));
        assert_eq!(tracker.line_column(usize::MAX), (3, 2));
    }
}
