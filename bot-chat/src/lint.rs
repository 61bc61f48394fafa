//! The chat-data linter: faulty reply chats of thesis §10.3, undefined random strings,
//! templates that can never match and synonyms that are never used. botlib accepts all of
//! these silently (at most a warning).

use serde::Serialize;

use crate::compat::CompatSettings;
use crate::consts::CONTEXT_USED_BY_GAME;
use crate::data::ChatData;
use crate::model::{KeyKind, KeyPrefix, Piece, ReplyChat, ReplyKey, Segment, segments};
use crate::text::{find_ci, find_word};

/// The kinds of findings (serialised in kebab case, e.g. `all-keys-prefixed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LintKind {
    /// Every key of a reply chat has a `&` or `!` prefix: it can never fire.
    AllKeysPrefixed,
    /// A reply line uses a template variable that some firing key set does not bind.
    UnboundVariable,
    /// `&name` with a template that leaves no room for the bot's name.
    NameWithoutRoom,
    /// A `!` key contained in a phrase the chat requires: it can never fire.
    NotKeyInRequiredPhrase,
    /// A reply chat always shadowed by a higher-priority one whose keys it contains.
    ShadowedReply,
    /// A reference to a random-string list that does not exist.
    UndefinedRandom,
    /// A match template that an earlier template always matches first.
    UnreachableTemplate,
    /// A synonym list that no context the game passes can select.
    UnusedSynonym,
}

impl LintKind {
    /// Every kind, in report order.
    pub const ALL: [Self; 8] = [
        Self::AllKeysPrefixed,
        Self::UnboundVariable,
        Self::NameWithoutRoom,
        Self::NotKeyInRequiredPhrase,
        Self::ShadowedReply,
        Self::UndefinedRandom,
        Self::UnreachableTemplate,
        Self::UnusedSynonym,
    ];

    /// The kebab-case name (`all-keys-prefixed`, …).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::AllKeysPrefixed => "all-keys-prefixed",
            Self::UnboundVariable => "unbound-variable",
            Self::NameWithoutRoom => "name-without-room",
            Self::NotKeyInRequiredPhrase => "not-key-in-required-phrase",
            Self::ShadowedReply => "shadowed-reply",
            Self::UndefinedRandom => "undefined-random",
            Self::UnreachableTemplate => "unreachable-template",
            Self::UnusedSynonym => "unused-synonym",
        }
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What kind of defect.
    pub kind: LintKind,
    /// Where (`file:line:column` of the chat, template, list or type).
    pub origin: String,
    /// What is wrong, in words.
    pub message: String,
}

/// Lints `data`; findings in a fixed order (by kind, then file order).
#[must_use]
pub fn lint(data: &ChatData) -> Vec<Finding> {
    let mut out = Vec::new();
    for chat in &data.replies {
        all_keys_prefixed(chat, &mut out);
        unbound_variables(chat, &mut out);
        name_without_room(chat, &mut out);
        not_key_in_required_phrase(chat, &mut out);
    }
    shadowed_replies(data, &mut out);
    undefined_random(data, &mut out);
    unreachable_templates(data, &mut out);
    for list in &data.synonyms {
        if list.context & CONTEXT_USED_BY_GAME == 0 {
            let first = list
                .entries
                .first()
                .map(|(e, _)| lossy(e))
                .unwrap_or_default();
            out.push(Finding {
                kind: LintKind::UnusedSynonym,
                origin: list.origin.clone(),
                message: format!(
                    "synonym list \"{first}\" has context {:#x}, which the game never uses",
                    list.context
                ),
            });
        }
    }
    out.sort_by_key(|f| f.kind);
    out
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn unprefixed(chat: &ReplyChat) -> impl Iterator<Item = &ReplyKey> {
    chat.keys.iter().filter(|k| k.prefix == KeyPrefix::None)
}

fn with_prefix(chat: &ReplyChat, prefix: KeyPrefix) -> impl Iterator<Item = &ReplyKey> {
    chat.keys.iter().filter(move |k| k.prefix == prefix)
}

fn all_keys_prefixed(chat: &ReplyChat, out: &mut Vec<Finding>) {
    if unprefixed(chat).next().is_none() {
        out.push(Finding {
            kind: LintKind::AllKeysPrefixed,
            origin: chat.origin.clone(),
            message: "every key has a & or ! prefix, so the reply chat never fires".into(),
        });
    }
}

fn binds(key: &ReplyKey, variable: u8) -> bool {
    matches!(&key.kind, KeyKind::Template(p) if p.contains(&Piece::Variable(variable)))
}

/// Variables 0..=5 used by the chat's lines (6 and 7 are the bot's and sender's names).
fn used_variables(chat: &ReplyChat) -> Vec<u8> {
    let mut used: Vec<u8> = chat
        .lines
        .iter()
        .flat_map(|l| segments(l))
        .filter_map(|s| match s {
            Segment::Variable(v) if v < 6 => Some(v),
            _ => None,
        })
        .collect();
    used.sort_unstable();
    used.dedup();
    used
}

fn unbound_variables(chat: &ReplyChat, out: &mut Vec<Finding>) {
    if unprefixed(chat).next().is_none() {
        return;
    }
    for v in used_variables(chat) {
        let always = with_prefix(chat, KeyPrefix::And).any(|k| binds(k, v))
            || unprefixed(chat).all(|k| binds(k, v));
        if !always {
            out.push(Finding {
                kind: LintKind::UnboundVariable,
                origin: chat.origin.clone(),
                message: format!(
                    "a reply uses variable {v}, but the chat can fire through a key that does not bind it"
                ),
            });
        }
    }
}

fn name_without_room(chat: &ReplyChat, out: &mut Vec<Finding>) {
    if !with_prefix(chat, KeyPrefix::And).any(|k| k.kind == KeyKind::Name) {
        return;
    }
    let only_unprefixed = unprefixed(chat).count() == 1;
    for key in &chat.keys {
        let required =
            key.prefix == KeyPrefix::And || (key.prefix == KeyPrefix::None && only_unprefixed);
        if let (true, KeyKind::Template(pieces)) = (required, &key.kind)
            && !pieces.iter().any(|p| matches!(p, Piece::Variable(_)))
        {
            out.push(Finding {
                kind: LintKind::NameWithoutRoom,
                origin: chat.origin.clone(),
                message: "&name with a template without variables: the whole message is fixed text, leaving no room for the bot's name".into(),
            });
            return;
        }
    }
}

/// Whether every message that makes `key` true contains `word` (case-insensitively).
fn implies_contains(key: &ReplyKey, word: &[u8]) -> bool {
    match &key.kind {
        KeyKind::Word(w) => find_ci(w, word).is_some(),
        KeyKind::Template(pieces) => pieces.iter().any(|p| match p {
            Piece::Strings(alts) => alts
                .iter()
                .all(|a| !a.is_empty() && find_ci(a, word).is_some()),
            Piece::Variable(_) => false,
        }),
        _ => false,
    }
}

fn not_key_in_required_phrase(chat: &ReplyChat, out: &mut Vec<Finding>) {
    if unprefixed(chat).next().is_none() {
        return;
    }
    for not in with_prefix(chat, KeyPrefix::Not) {
        let KeyKind::Word(word) = &not.kind else {
            continue;
        };
        let blocked = with_prefix(chat, KeyPrefix::And).any(|k| implies_contains(k, word))
            || unprefixed(chat).all(|k| implies_contains(k, word));
        if blocked {
            out.push(Finding {
                kind: LintKind::NotKeyInRequiredPhrase,
                origin: chat.origin.clone(),
                message: format!(
                    "the key !\"{}\" is contained in a phrase the chat requires, so it never fires",
                    lossy(word)
                ),
            });
        }
    }
}

/// Whether `a` fires whenever `b` fires (a sufficient test): `a` has only word keys besides
/// `&`/`!` keys that `b` has too, and every unprefixed key of `b` is a word key containing
/// one of `a`'s unprefixed word keys as a whole word.
fn fires_whenever(a: &ReplyChat, b: &ReplyChat) -> Option<(String, String)> {
    for key in a.keys.iter().filter(|k| k.prefix != KeyPrefix::None) {
        if !b.keys.contains(key) {
            return None;
        }
    }
    let a_words: Vec<&[u8]> = unprefixed(a)
        .map(|k| match &k.kind {
            KeyKind::Word(w) => Some(w.as_slice()),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let mut witness = None;
    let mut any = false;
    for key in unprefixed(b) {
        any = true;
        let KeyKind::Word(bw) = &key.kind else {
            return None;
        };
        let hit = a_words
            .iter()
            .find(|aw| find_word(bw, aw, CompatSettings::default()).is_some())?;
        witness.get_or_insert_with(|| (lossy(bw), lossy(hit)));
    }
    if any { witness } else { None }
}

fn shadowed_replies(data: &ChatData, out: &mut Vec<Finding>) {
    for (bi, b) in data.replies.iter().enumerate() {
        for (ai, a) in data.replies.iter().enumerate() {
            let wins = a.priority > b.priority || (a.priority == b.priority && ai > bi);
            if ai == bi || !wins {
                continue;
            }
            if let Some((bw, aw)) = fires_whenever(a, b) {
                out.push(Finding {
                    kind: LintKind::ShadowedReply,
                    origin: b.origin.clone(),
                    message: format!(
                        "always shadowed by the reply chat at {} (priority {} over {}): key \"{bw}\" contains \"{aw}\"",
                        a.origin, a.priority, b.priority
                    ),
                });
                break;
            }
        }
    }
}

fn undefined_random(data: &ChatData, out: &mut Vec<Finding>) {
    let check = |origin: &str, line: &[u8], out: &mut Vec<Finding>| {
        for s in segments(line) {
            if let Segment::Random(name) = s
                && data.random_list(name).is_none()
            {
                let message = format!("random-string list `{}` does not exist", lossy(name));
                if !out
                    .iter()
                    .any(|f| f.origin == origin && f.message == message)
                {
                    out.push(Finding {
                        kind: LintKind::UndefinedRandom,
                        origin: origin.to_owned(),
                        message,
                    });
                }
            }
        }
    };
    for list in &data.random {
        for (s, origin) in list.strings.iter().zip(&list.string_origins) {
            check(origin, s, out);
        }
    }
    for chat in &data.replies {
        for (l, origin) in chat.lines.iter().zip(&chat.line_origins) {
            check(origin, l, out);
        }
    }
    for t in data
        .initial
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.types)
    {
        for (l, origin) in t.lines.iter().zip(&t.line_origins) {
            check(origin, l, out);
        }
    }
}

/// Whether template pieces `a` match every text `b` matches (a sufficient test): `a` is a
/// single variable, or the same pieces as `b` up to letter case and variable numbers.
fn covers(a: &[Piece], b: &[Piece]) -> bool {
    if let [Piece::Variable(_)] = a {
        return true;
    }
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match (x, y) {
            (Piece::Variable(_), Piece::Variable(_)) => true,
            (Piece::Strings(xs), Piece::Strings(ys)) => {
                xs.len() == ys.len() && xs.iter().zip(ys).all(|(p, q)| p.eq_ignore_ascii_case(q))
            }
            _ => false,
        })
}

fn unreachable_templates(data: &ChatData, out: &mut Vec<Finding>) {
    for (j, b) in data.templates.iter().enumerate() {
        if let Some(a) = data.templates[..j]
            .iter()
            .find(|a| b.context & !a.context == 0 && covers(&a.pieces, &b.pieces))
        {
            out.push(Finding {
                kind: LintKind::UnreachableTemplate,
                origin: b.origin.clone(),
                message: format!(
                    "never matches: the template at {} (type {}) is tried first in every context of this one and matches everything it does",
                    a.origin, a.kind
                ),
            });
        }
    }
}
