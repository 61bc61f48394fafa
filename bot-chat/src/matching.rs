//! Template matching: botlib's `StringsMatch` and `BotFindMatch` (reference §10.4).
//! Greedy in alternatives, non-greedy in variables, no backtracking; no allocation.

use std::borrow::Cow;
use std::ops::Range;

use crate::consts::{MAX_MESSAGE_BYTES, MAX_VARIABLES};
use crate::data::ChatData;
use crate::model::{MatchTemplate, Piece};
use crate::text::{byte_set, find_ci, starts_with_ci};

/// Byte ranges of the variables a template captured (`None`: not set).
pub type Captures = [Option<Range<usize>>; MAX_VARIABLES];

/// Matches `pieces` against `text`: `Some(captures)` on success.
///
/// - a variable piece opens a variable at the current position;
/// - a string piece tries its alternatives in written order: an empty one matches at once
///   with zero width (and does not close an open variable); otherwise, with a variable
///   open, the first alternative found anywhere ahead closes the variable where it starts,
///   and with none open, an alternative must start at the current position;
/// - at the end an open variable takes the rest, or the text must be used up.
#[must_use]
pub fn strings_match(pieces: &[Piece], text: &[u8]) -> Option<Captures> {
    // Variable bounds, written only for variables the template has (`set` bit i); the
    // `Captures` array is built on success only.
    let mut bounds = [(0usize, 0usize); MAX_VARIABLES];
    let mut set = 0u8;
    let mut pos = 0;
    let mut open: Option<usize> = None;
    for piece in pieces {
        match piece {
            Piece::Variable(v) => {
                let v = usize::from(*v).min(MAX_VARIABLES - 1);
                bounds[v] = (pos, pos);
                set |= 1 << v;
                open = Some(v);
            }
            Piece::Strings(alternatives) => {
                let mut accepted = None;
                for alt in alternatives {
                    if alt.is_empty() {
                        accepted = Some((pos, 0));
                        break;
                    }
                    if open.is_some() {
                        if let Some(offset) = find_ci(&text[pos..], alt) {
                            accepted = Some((pos + offset, alt.len()));
                            break;
                        }
                    } else if starts_with_ci(text, pos, alt) {
                        accepted = Some((pos, alt.len()));
                        break;
                    }
                }
                let (start, len) = accepted?;
                if len > 0 {
                    if let Some(v) = open.take() {
                        bounds[v].1 = start;
                    }
                    pos = start + len;
                }
            }
        }
    }
    if let Some(v) = open {
        bounds[v].1 = text.len();
    } else if pos != text.len() {
        return None;
    }
    let mut captures: Captures = Default::default();
    for (v, (slot, (start, end))) in captures.iter_mut().zip(bounds).enumerate() {
        if set & (1 << v) != 0 {
            *slot = Some(start..end);
        }
    }
    Some(captures)
}

/// The first template that matched a message, with its captures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match<'d, 'm> {
    /// The template.
    pub template: &'d MatchTemplate,
    /// The text that was matched (the message, at most 255 bytes, trailing newlines cut).
    pub text: &'m [u8],
    /// Variable ranges in `text`.
    pub captures: Captures,
}

impl<'m> Match<'_, 'm> {
    /// Message type (`MSG_*`).
    #[must_use]
    pub fn kind(&self) -> u32 {
        self.template.kind
    }

    /// Subtype flags (`ST_*`).
    #[must_use]
    pub fn subtype(&self) -> u32 {
        self.template.subtype
    }

    /// The bytes of variable `index`, `None` when the template does not set it.
    #[must_use]
    pub fn variable(&self, index: usize) -> Option<&'m [u8]> {
        let range = self.captures.get(index)?.clone()?;
        self.text.get(range)
    }

    /// Variable `index` as text (lossy for non-UTF-8 bytes); empty when not set, as
    /// botlib's `BotMatchVariable`.
    #[must_use]
    pub fn variable_text(&self, index: usize) -> Cow<'m, str> {
        String::from_utf8_lossy(self.variable(index).unwrap_or(&[]))
    }
}

/// The text botlib matches: at most 255 bytes, trailing newlines removed.
#[must_use]
pub fn match_text(message: &[u8]) -> &[u8] {
    let mut text = &message[..message.len().min(MAX_MESSAGE_BYTES)];
    while let [rest @ .., b'\n' | b'\r'] = text {
        text = rest;
    }
    text
}

impl ChatData {
    /// botlib's `BotFindMatch`: the first template in file order whose context shares a bit
    /// with `context` and that matches `message`. Does not allocate.
    #[must_use]
    pub fn find_match<'d, 'm>(&'d self, message: &'m [u8], context: u32) -> Option<Match<'d, 'm>> {
        let text = match_text(message);
        let bytes = byte_set(text);
        self.templates
            .iter()
            .filter(|t| t.context & context != 0 && t.may_match(&bytes))
            .find_map(|template| {
                strings_match(&template.pieces, text).map(|captures| Match {
                    template,
                    text,
                    captures,
                })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(alts: &[&str]) -> Piece {
        Piece::Strings(alts.iter().map(|a| a.as_bytes().to_vec()).collect())
    }

    #[test]
    fn variables_are_non_greedy_and_alternatives_ordered() {
        let pieces = [Piece::Variable(0), s(&[" and "]), Piece::Variable(1)];
        let c = strings_match(&pieces, b"a and b and c").unwrap();
        assert_eq!(c[0], Some(0..1));
        assert_eq!(c[1], Some(6..13));
        // With a variable open the first alternative that occurs anywhere wins, even when
        // a later alternative occurs earlier.
        let pieces = [Piece::Variable(0), s(&[" b", " a"])];
        let c = strings_match(&pieces, b"x a y b").unwrap();
        assert_eq!(c[0], Some(0..5));
        let pieces = [Piece::Variable(0), s(&[" b", " a"]), s(&[" y"])];
        assert!(strings_match(&pieces, b"x a y b").is_none());
    }

    #[test]
    fn empty_alternative_matches_with_zero_width() {
        let pieces = [s(&["the ", ""]), s(&["base"])];
        assert!(strings_match(&pieces, b"the base").is_some());
        assert!(strings_match(&pieces, b"base").is_some());
        assert!(strings_match(&pieces, b"a base").is_none());
    }

    #[test]
    fn no_backtracking() {
        // "x" ends the variable at its first occurrence; the rest must then match exactly.
        let pieces = [Piece::Variable(0), s(&["x"]), s(&["y"])];
        assert!(strings_match(&pieces, b"axbxy").is_none());
        assert!(strings_match(&pieces, b"abxy").is_some());
    }

    #[test]
    fn the_quick_filter_never_rejects_a_match() {
        let templates: [&[Piece]; 4] = [
            &[
                Piece::Variable(0),
                s(&[" defend ", " guard "]),
                Piece::Variable(5),
            ],
            &[s(&["\x19(", "\x19["]), Piece::Variable(0), s(&[")"])],
            &[
                s(&["for ", ""]),
                Piece::Variable(6),
                s(&[" minutes", " min"]),
            ],
            &[s(&["Everyone"])],
        ];
        let texts: [&[u8]; 8] = [
            b"Grunt defend the base",
            b"grunt GUARD it",
            b"\x19(Sarge)",
            b"for 10 MIN",
            b"10 minutes",
            b"everyone",
            b"nobody",
            b"",
        ];
        for pieces in templates {
            let filter = MatchTemplate::filter_from(pieces);
            let template = MatchTemplate {
                context: 1,
                kind: 0,
                subtype: 0,
                pieces: pieces.to_vec(),
                origin: String::new(),
                filter,
            };
            for text in texts {
                if strings_match(pieces, text).is_some() {
                    assert!(template.may_match(&byte_set(text)));
                }
            }
        }
        let template = MatchTemplate {
            context: 1,
            kind: 0,
            subtype: 0,
            pieces: vec![s(&["Everyone"])],
            origin: String::new(),
            filter: MatchTemplate::filter_from(&[s(&["Everyone"])]),
        };
        assert!(!template.may_match(&byte_set(b"nobody")));
    }

    #[test]
    fn trailing_newlines_are_cut() {
        assert_eq!(match_text(b"hi\n\n"), b"hi");
        assert_eq!(match_text(&[b'a'; 300]).len(), 255);
    }
}
