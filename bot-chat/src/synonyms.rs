//! The three uses of synonyms (reference §10.3): normalising input, weighted variation of
//! output and reply pronoun swaps.

use rand::{Rng, RngExt};

use crate::compat::CompatSettings;
use crate::model::SynonymList;
use crate::text::{WordIndex, is_word_separator, replace_words, starts_with_ci};

/// `BotReplaceSynonyms`: in every list whose context shares a bit with `context`, each
/// non-canonical entry is replaced by the canonical (first) one.
pub fn replace_synonyms(
    lists: &[SynonymList],
    text: &mut Vec<u8>,
    context: u32,
    compat: CompatSettings,
) {
    // Entries whose first byte starts no word are skipped without a search.
    let mut index = WordIndex::new(text);
    for list in lists.iter().filter(|l| l.context & context != 0) {
        let Some(((canonical, _), rest)) = list.entries.split_first() else {
            continue;
        };
        for (entry, _) in rest {
            if index.may_contain(entry) && replace_words(text, entry, canonical, compat) {
                index.rebuild(text);
            }
        }
    }
}

/// `BotReplaceWeightedSynonyms`: in every list whose context shares a bit with `context`,
/// one entry is drawn in proportion to the weights (a draw of exactly 0, or no weight at
/// all, skips the list) and every other entry is replaced by it.
pub fn replace_weighted<R: Rng + ?Sized>(
    lists: &[SynonymList],
    text: &mut Vec<u8>,
    context: u32,
    compat: CompatSettings,
    rng: &mut R,
) {
    for list in lists.iter().filter(|l| l.context & context != 0) {
        let total: f32 = list.entries.iter().map(|(_, w)| w.max(0.0)).sum();
        if total <= 0.0 {
            continue;
        }
        let draw = rng.random::<f32>() * total;
        if draw == 0.0 {
            continue;
        }
        let mut sum = 0.0;
        let picked = list
            .entries
            .iter()
            .position(|(_, w)| {
                sum += w.max(0.0);
                draw < sum
            })
            .unwrap_or(list.entries.len() - 1);
        let replacement = list.entries[picked].0.clone();
        for (i, (entry, _)) in list.entries.iter().enumerate() {
            if i != picked {
                replace_words(text, entry, &replacement, compat);
            }
        }
    }
}

/// Whether a word of `len` bytes at `at` ends there (end of text, a byte ≤ space or a word
/// separator).
fn word_ends(text: &[u8], at: usize, len: usize) -> bool {
    text.get(at + len)
        .is_none_or(|&c| c <= b' ' || is_word_separator(c))
}

/// `BotReplaceReplySynonyms`: walks the words (split on bytes ≤ space); at each word the
/// first non-canonical entry of a list in `context` found there is replaced by the
/// canonical entry, unless the canonical entry is already there; at most one replacement per
/// word (so "I"↔"you" swaps do not swap back).
pub fn replace_reply_synonyms(lists: &[SynonymList], text: &mut Vec<u8>, context: u32) {
    let mut at = 0;
    while at < text.len() {
        while at < text.len() && text[at] <= b' ' {
            at += 1;
        }
        if at >= text.len() {
            break;
        }
        let mut skip_to = None;
        'lists: for list in lists.iter().filter(|l| l.context & context != 0) {
            let Some(((canonical, _), rest)) = list.entries.split_first() else {
                continue;
            };
            for (entry, _) in rest {
                if starts_with_ci(text, at, entry) && word_ends(text, at, entry.len()) {
                    if starts_with_ci(text, at, canonical) && word_ends(text, at, canonical.len()) {
                        continue;
                    }
                    text.splice(at..at + entry.len(), canonical.iter().copied());
                    skip_to = Some(at + canonical.len());
                    break 'lists;
                }
            }
        }
        at = skip_to.unwrap_or(at);
        while at < text.len() && text[at] > b' ' {
            at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    fn list(context: u32, entries: &[(&str, f32)]) -> SynonymList {
        SynonymList {
            context,
            entries: entries
                .iter()
                .map(|(e, w)| (e.as_bytes().to_vec(), *w))
                .collect(),
            origin: String::new(),
        }
    }

    #[test]
    fn normalising_respects_context() {
        let lists = [
            list(1, &[("red armor", 0.0), ("ra", 0.0)]),
            list(2, &[("quad", 0.0), ("qd", 0.0)]),
        ];
        let mut t = b"get the ra and the qd".to_vec();
        replace_synonyms(&lists, &mut t, 1, CompatSettings::default());
        assert_eq!(t, b"get the red armor and the qd");
    }

    #[test]
    fn reply_swaps_once_per_word() {
        let lists = [
            list(16, &[("you", 0.0), ("I", 0.0)]),
            list(16, &[("I", 0.0), ("you", 0.0)]),
        ];
        let mut t = b"I hate you".to_vec();
        replace_reply_synonyms(&lists, &mut t, 16);
        assert_eq!(t, b"you hate I");
    }

    #[test]
    fn weighted_zero_weight_never_picked() {
        let lists = [list(1, &[("Grunt", 0.0), ("Gruntie", 1.0)])];
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..20 {
            let mut t = b"hi Grunt".to_vec();
            replace_weighted(&lists, &mut t, 1, CompatSettings::default(), &mut rng);
            assert_eq!(t, b"hi Gruntie");
        }
    }
}
