//! botlib's string primitives (reference §10.2), on bytes; ASCII case-insensitive.

use crate::compat::CompatSettings;

/// Whether botlib's `IsWhiteSpace` counts `c` as whitespace: everything except letters,
/// digits and `( ) ? : ' / , . [ ] - _ + =`.
#[must_use]
pub fn is_whitespace(c: u8) -> bool {
    !(c.is_ascii_alphanumeric() || b"()?:'/,.[]-_+=".contains(&c))
}

/// Whether `c` ends or starts a word for the word search: end of text, ' ', '.', ',' or '!'.
#[must_use]
pub fn is_word_separator(c: u8) -> bool {
    matches!(c, b' ' | b'.' | b',' | b'!')
}

/// Turns every whitespace run into one space and removes leading and trailing runs, in
/// place. With `compat.unify_whitespace_skip`, botlib's skip: after a run is shortened the
/// scan jumps ahead by the number of removed bytes, so `"  a  b  c  d"` → `"a  b c d"`.
pub fn unify_whitespace(text: &mut Vec<u8>, compat: CompatSettings) {
    if compat.unify_whitespace_skip {
        unify_botlib(text);
        return;
    }
    let mut out = 0;
    let mut pending_space = false;
    for i in 0..text.len() {
        let c = text[i];
        if is_whitespace(c) {
            pending_space = out > 0;
        } else {
            if pending_space {
                text[out] = b' ';
                out += 1;
                pending_space = false;
            }
            text[out] = c;
            out += 1;
        }
    }
    text.truncate(out);
}

/// botlib's `UnifyWhiteSpaces`, quirk included.
fn unify_botlib(text: &mut Vec<u8>) {
    let mut ptr = 0;
    let mut old = 0;
    while ptr < text.len() {
        while ptr < text.len() && is_whitespace(text[ptr]) {
            ptr += 1;
        }
        if ptr > old {
            if old > 0 && ptr < text.len() {
                text[old] = b' ';
                old += 1;
            }
            if ptr > old {
                text.drain(old..ptr);
            }
        }
        while ptr < text.len() && !is_whitespace(text[ptr]) {
            ptr += 1;
        }
        old = ptr;
    }
}

/// Whether `needle` equals `hay[at..]`'s prefix, ignoring ASCII case.
#[inline]
#[must_use]
pub fn starts_with_ci(hay: &[u8], at: usize, needle: &[u8]) -> bool {
    let Some(s) = hay.get(at..at + needle.len()) else {
        return false;
    };
    // Most candidates differ in the first byte: test it before the whole comparison.
    match (s.first(), needle.first()) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b) && s.eq_ignore_ascii_case(needle),
        _ => true,
    }
}

/// How common each byte is in chat text (higher: more common); the search below scans for
/// the needle's least common byte.
static COMMONNESS: [u8; 256] = commonness_table();

const fn commonness_table() -> [u8; 256] {
    let mut table = [10u8; 256];
    let mut c = 0;
    while c < 256 {
        #[expect(clippy::cast_possible_truncation, reason = "c < 256")]
        let lower = (c as u8).to_ascii_lowercase();
        table[c] = match lower {
            b' ' => 255,
            b'e' => 200,
            b't' | b'a' | b'o' => 190,
            b'i' | b'n' | b's' | b'h' | b'r' => 180,
            b'd' | b'l' | b'u' => 150,
            b'a'..=b'z' => 100,
            _ => 10,
        };
        c += 1;
    }
    table
}

/// Index of the least common byte of `needle` (0 for an empty needle).
#[must_use]
pub fn pivot(needle: &[u8]) -> usize {
    let mut pivot = 0;
    for (k, &c) in needle.iter().enumerate() {
        if COMMONNESS[usize::from(c)] < COMMONNESS[usize::from(needle[pivot])] {
            pivot = k;
        }
    }
    pivot
}

/// A set of bytes, ASCII letters folded to upper case.
pub type ByteSet = [u64; 4];

/// Adds `c` (folded) to `set`.
#[inline]
pub fn byte_set_insert(set: &mut ByteSet, c: u8) {
    let c = c.to_ascii_uppercase();
    set[usize::from(c >> 6)] |= 1 << (c & 63);
}

/// The bytes of `text`, folded.
#[must_use]
pub fn byte_set(text: &[u8]) -> ByteSet {
    let mut set = [0; 4];
    for &c in text {
        byte_set_insert(&mut set, c);
    }
    set
}

/// botlib's `StringContains(a, b, false)`: offset of the first case-insensitive occurrence
/// of `needle` in `hay`, or `None`. An empty needle is found at 0.
///
/// Candidates are found with `memchr2` on the two cases of the needle's least common byte,
/// so a miss costs about one vectorised scan.
#[must_use]
pub fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    if needle.len() > hay.len() {
        return None;
    }
    let pivot = pivot(needle);
    let last_start = hay.len() - needle.len();
    let window = &hay[pivot..=last_start + pivot];
    let c = needle[pivot];
    let (upper, lower) = (c.to_ascii_uppercase(), c.to_ascii_lowercase());
    memchr::memchr2_iter(upper, lower, window)
        .find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// The word starts of a text (offset 0 and every offset after ' ', '.', ',' or '!'),
/// grouped by their first byte (upper-cased), for fast repeated word searches: a search
/// looks only at the words that start with the right letter.
#[derive(Debug, Clone, Default)]
pub struct WordIndex {
    /// (folded first byte, offset), sorted.
    starts: Vec<(u8, usize)>,
    /// The folded first bytes present.
    first: ByteSet,
    /// For each folded first byte present, the index of its first entry in `starts`.
    bucket: Option<Box<[u32; 256]>>,
}

impl WordIndex {
    /// The word starts of `text`.
    #[must_use]
    pub fn new(text: &[u8]) -> Self {
        let mut index = Self::default();
        index.rebuild(text);
        index
    }

    /// Recomputes the index for `text` (reusing its buffer).
    pub fn rebuild(&mut self, text: &[u8]) {
        self.starts.clear();
        self.first = [0; 4];
        for i in 0..text.len() {
            if i == 0 || is_word_separator(text[i - 1]) {
                let c = text[i].to_ascii_uppercase();
                self.starts.push((c, i));
                byte_set_insert(&mut self.first, c);
            }
        }
        self.starts.sort_unstable();
        let bucket = self.bucket.get_or_insert_with(|| Box::new([0; 256]));
        let mut previous = None;
        for (k, &(c, _)) in self.starts.iter().enumerate() {
            if previous != Some(c) {
                bucket[usize::from(c)] = u32::try_from(k).unwrap_or(u32::MAX);
                previous = Some(c);
            }
        }
    }

    /// Whether some word of the text starts with `word`'s first byte (case-insensitive); when
    /// `false`, [`WordIndex::find`] is `None`.
    #[inline]
    #[must_use]
    pub fn may_contain(&self, word: &[u8]) -> bool {
        word.first().is_some_and(|&c| {
            let c = c.to_ascii_uppercase();
            self.first[usize::from(c >> 6)] & (1 << (c & 63)) != 0
        })
    }

    /// Whether some word of the text starts with one of the (folded) bytes of `set`.
    #[inline]
    #[must_use]
    pub fn starts_with_any(&self, set: &ByteSet) -> bool {
        self.first.iter().zip(set).any(|(a, b)| a & b != 0)
    }

    /// [`find_word`] without the quirk, on the text this index was built from.
    #[must_use]
    pub fn find(&self, text: &[u8], word: &[u8]) -> Option<usize> {
        if !self.may_contain(word) {
            return None;
        }
        let c = word[0].to_ascii_uppercase();
        let from = match &self.bucket {
            Some(bucket) => bucket[usize::from(c)] as usize,
            None => self.starts.partition_point(|&(b, _)| b < c),
        };
        self.starts
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .take_while(|&&(b, _)| b == c)
            .map(|&(_, i)| i)
            .find(|&i| {
                starts_with_ci(text, i, word)
                    && text
                        .get(i + word.len())
                        .is_none_or(|&c| is_word_separator(c))
            })
    }
}

/// botlib's `StringContainsWord(a, b, false)` from `from`: the offset of the first
/// occurrence of `word` in `hay` that starts at a word start (offset 0 or after ' ', '.', ','
/// or '!') and ends at one (end or one of those). With `compat.word_after_separator` the
/// botlib scan, which never finds a word right after ", " or ". ".
#[must_use]
pub fn find_word(hay: &[u8], word: &[u8], compat: CompatSettings) -> Option<usize> {
    if word.is_empty() || word.len() > hay.len() {
        return None;
    }
    let ends_ok = |i: usize| {
        hay.get(i + word.len())
            .is_none_or(|&c| is_word_separator(c))
    };
    if !compat.word_after_separator {
        return (0..=hay.len() - word.len()).find(|&i| {
            (i == 0 || is_word_separator(hay[i - 1])) && starts_with_ci(hay, i, word) && ends_ok(i)
        });
    }
    let last = hay.len() - word.len();
    let mut i = 0;
    while i <= last {
        if i > 0 {
            while i < hay.len() && !is_word_separator(hay[i]) {
                i += 1;
            }
            if i >= hay.len() {
                return None;
            }
            i += 1;
            if i > last {
                return None;
            }
        }
        if starts_with_ci(hay, i, word) && ends_ok(i) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// botlib's `StringReplaceWords(s, word, replacement)`: replaces every word occurrence of
/// `word` by `replacement`, except occurrences inside an occurrence of `replacement` (so
/// "mega health" is not touched by replacing "health" with "mega health"). Returns whether
/// anything was replaced.
pub fn replace_words(
    text: &mut Vec<u8>,
    word: &[u8],
    replacement: &[u8],
    compat: CompatSettings,
) -> bool {
    let mut from = 0;
    let mut changed = false;
    while from < text.len() {
        let Some(rel) = find_word(&text[from..], word, compat) else {
            break;
        };
        let at = from + rel;
        if inside_occurrence(text, at, word.len(), replacement) {
            from = at + word.len().max(1);
            continue;
        }
        text.splice(at..at + word.len(), replacement.iter().copied());
        from = at + replacement.len().max(1);
        changed = true;
    }
    changed
}

/// Whether `text[at..at + len]` lies inside an occurrence of `outer`.
fn inside_occurrence(text: &[u8], at: usize, len: usize, outer: &[u8]) -> bool {
    if outer.len() < len || outer.is_empty() {
        return false;
    }
    let lo = (at + len).saturating_sub(outer.len());
    (lo..=at).any(|start| starts_with_ci(text, start, outer))
}

/// Removes every `~` (botlib's `BotRemoveTildes`, done just before a message is sent).
pub fn remove_tildes(text: &mut Vec<u8>) {
    text.retain(|&c| c != b'~');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unify(s: &str, compat: CompatSettings) -> String {
        let mut v = s.as_bytes().to_vec();
        unify_whitespace(&mut v, compat);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn unify_fixed_and_botlib() {
        let fixed = CompatSettings::default();
        assert_eq!(unify("  a  b  c  d", fixed), "a b c d");
        assert_eq!(unify("hello;;world!", fixed), "hello world");
        assert_eq!(unify("  a  b  c  d", CompatSettings::BOTLIB), "a  b c d");
        assert_eq!(unify("   ab  cd  ", CompatSettings::BOTLIB), "ab  cd");
        assert_eq!(
            unify("hello   world", CompatSettings::BOTLIB),
            "hello world"
        );
    }

    #[test]
    fn word_search_and_its_quirk() {
        let fixed = CompatSettings::default();
        assert_eq!(find_word(b"hi, you", b"you", fixed), Some(4));
        assert_eq!(find_word(b"hi, you", b"you", CompatSettings::BOTLIB), None);
        assert_eq!(
            find_word(b"hi,you", b"YOU", CompatSettings::BOTLIB),
            Some(3)
        );
        assert_eq!(find_word(b"youth", b"you", fixed), None);
        assert_eq!(find_word(b"i hate you!", b"hate you", fixed), Some(2));
        assert_eq!(
            find_word(b"i hate you!", b"hate you", CompatSettings::BOTLIB),
            Some(2)
        );
    }

    #[test]
    fn replace_protects_the_replacement() {
        let mut v = b"get the health and the mega health".to_vec();
        assert!(replace_words(
            &mut v,
            b"health",
            b"mega health",
            CompatSettings::default()
        ));
        assert_eq!(v, b"get the mega health and the mega health");
        let mut v = b"no match".to_vec();
        assert!(!replace_words(
            &mut v,
            b"x",
            b"y",
            CompatSettings::default()
        ));
    }

    #[test]
    fn word_index_agrees_with_the_fixed_search() {
        let hays: [&[u8]; 6] = [
            b"hi, you",
            b"I hate you!",
            b"youth you",
            b"a.b,c!d e",
            b"",
            b"Mega Health",
        ];
        let words: [&[u8]; 8] = [
            b"you",
            b"hate you",
            b"b",
            b"d e",
            b"health",
            b"mega",
            b"x",
            b"a.b",
        ];
        for hay in hays {
            let index = WordIndex::new(hay);
            for word in words {
                assert_eq!(
                    index.find(hay, word),
                    find_word(hay, word, CompatSettings::default()),
                    "{:?} in {:?}",
                    String::from_utf8_lossy(word),
                    String::from_utf8_lossy(hay)
                );
            }
        }
    }

    #[test]
    fn find_ci_basics() {
        assert_eq!(find_ci(b"Hello World", b"WORLD"), Some(6));
        assert_eq!(find_ci(b"abc", b"abcd"), None);
        assert_eq!(find_ci(b"abc", b""), Some(0));
        assert_eq!(find_ci(b"xxAbAB", b"ab"), Some(2));
        assert_eq!(find_ci(b"xx\x19(", b"\x19("), Some(2));
    }
}
