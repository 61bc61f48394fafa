//! The loaded chat data: synonyms, random strings, match templates, reply chats and
//! initial chats, as read from the files (reference §6.3–6.7).

use crate::consts::ESCAPE;

/// One synonym list of `syn.c`: the first entry is the canonical word.
#[derive(Debug, Clone, PartialEq)]
pub struct SynonymList {
    /// Context bits (`CONTEXT_*`, OR-ed over the nested context blocks); 0: never used.
    pub context: u32,
    /// The entries with their output weights; at least two, none empty.
    pub entries: Vec<(Vec<u8>, f32)>,
    /// Where the list is (`file:line:column`).
    pub origin: String,
}

/// One named list of `rnd.c`.
#[derive(Debug, Clone, PartialEq)]
pub struct RandomList {
    /// The list's name (looked up case-sensitively; the first of a duplicated name wins).
    pub name: String,
    /// The strings, encoded like stored messages (see [`Segment`]).
    pub strings: Vec<Vec<u8>>,
    /// Where each string is.
    pub string_origins: Vec<String>,
    /// Where the list is.
    pub origin: String,
}

/// One piece of a match template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A variable (0..=7) that takes the text up to the next string piece.
    Variable(u8),
    /// String alternatives in written order (one may be empty).
    Strings(Vec<Vec<u8>>),
}

/// One match template of `match.c` (or the template of a reply-chat key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchTemplate {
    /// Context bits (`MTCONTEXT_*`).
    pub context: u32,
    /// Message type (`MSG_*`).
    pub kind: u32,
    /// Subtype flags (`ST_*`).
    pub subtype: u32,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// Where the template is.
    pub origin: String,
    /// A quick filter: for each string piece without an empty alternative, the set of the
    /// least common byte of each alternative; a text that holds none of a set's bytes cannot
    /// match (see [`MatchTemplate::filter_from`]).
    pub filter: Vec<crate::text::ByteSet>,
}

impl MatchTemplate {
    /// The quick filter of `pieces` (see [`MatchTemplate::filter`]).
    #[must_use]
    pub fn filter_from(pieces: &[Piece]) -> Vec<crate::text::ByteSet> {
        pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Strings(alts) if alts.iter().all(|a| !a.is_empty()) => {
                    let mut set = [0; 4];
                    for alt in alts {
                        crate::text::byte_set_insert(&mut set, alt[crate::text::pivot(alt)]);
                    }
                    Some(set)
                }
                _ => None,
            })
            .collect()
    }

    /// Whether the filter lets a text with bytes `text_set` through.
    #[inline]
    #[must_use]
    pub fn may_match(&self, text_set: &crate::text::ByteSet) -> bool {
        self.filter
            .iter()
            .all(|set| set.iter().zip(text_set).any(|(a, b)| a & b != 0))
    }
}

/// The prefix of a reply-chat key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyPrefix {
    /// No prefix: one true unprefixed key is needed.
    None,
    /// `&`: must be true.
    And,
    /// `!`: must be false.
    Not,
}

/// What a reply-chat key tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyKind {
    /// `name`: the message contains the bot's name.
    Name,
    /// `female`: the bot is female.
    Female,
    /// `male`: the bot is male.
    Male,
    /// `it`: the bot is neuter.
    It,
    /// `( pieces )`: the template matches the message.
    Template(Vec<Piece>),
    /// `<"a", "b">`: the names joined by `\` contain the bot's name.
    Bots(Vec<Vec<u8>>),
    /// `"words"`: the message contains the words.
    Word(Vec<u8>),
}

/// One key of a reply chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyKey {
    /// `&`, `!` or none.
    pub prefix: KeyPrefix,
    /// What it tests.
    pub kind: KeyKind,
}

/// One reply chat of `rchat.c`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplyChat {
    /// The keys, in written order.
    pub keys: Vec<ReplyKey>,
    /// The priority (fractions kept).
    pub priority: f32,
    /// The reply lines, encoded (see [`Segment`]).
    pub lines: Vec<Vec<u8>>,
    /// Where each line is.
    pub line_origins: Vec<String>,
    /// Index of this chat's first line in the recently-used table.
    pub first_line: usize,
    /// Where the chat is.
    pub origin: String,
    /// A quick filter, when the chat has no template key and every unprefixed key is a word
    /// key: the first bytes (upper-cased) of those words. The chat cannot fire on a text
    /// none of whose words starts with one of them (see [`ReplyChat::filter_from`]).
    pub word_filter: Option<crate::text::ByteSet>,
}

impl ReplyChat {
    /// The quick filter of `keys` (see [`ReplyChat::word_filter`]).
    #[must_use]
    pub fn filter_from(keys: &[ReplyKey]) -> Option<crate::text::ByteSet> {
        if keys.iter().any(|k| matches!(k.kind, KeyKind::Template(_))) {
            return None;
        }
        let mut set = [0; 4];
        for key in keys.iter().filter(|k| k.prefix == KeyPrefix::None) {
            match &key.kind {
                KeyKind::Word(w) if !w.is_empty() => crate::text::byte_set_insert(&mut set, w[0]),
                _ => return None,
            }
        }
        Some(set)
    }
}

/// One chat type (`type "name" { … }`) of an initial-chat block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatType {
    /// The type name, truncated to 31 bytes.
    pub name: String,
    /// The lines, encoded (see [`Segment`]).
    pub lines: Vec<Vec<u8>>,
    /// Where each line is.
    pub line_origins: Vec<String>,
    /// Index of this type's first line in the recently-used table.
    pub first_line: usize,
    /// Where the type is.
    pub origin: String,
}

/// One `chat "name" { … }` block of a `*_t.c` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatBlock {
    /// The block's name (compared case-insensitively with a character's chat name).
    pub name: String,
    /// Its types in file order (a later type of the same name shadows an earlier one).
    pub types: Vec<ChatType>,
    /// Where the block is.
    pub origin: String,
}

/// One `*_t.c` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitialChatFile {
    /// The file, relative to the botfiles root.
    pub file: String,
    /// Its chat blocks in file order.
    pub blocks: Vec<ChatBlock>,
}

/// A segment of an encoded message: stored messages keep variables and random-string
/// references inline as `0x01 'v' digit 0x01` and `0x01 'r' name 0x01`, as botlib does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Segment<'a> {
    /// Plain text.
    Text(&'a [u8]),
    /// Variable 0..=7.
    Variable(u8),
    /// A reference to a random-string list.
    Random(&'a [u8]),
}

/// The segments of an encoded message, in order.
pub fn segments(message: &[u8]) -> impl Iterator<Item = Segment<'_>> {
    let mut rest = message;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        if rest[0] == ESCAPE {
            let end = rest[1..]
                .iter()
                .position(|&c| c == ESCAPE)
                .map_or(rest.len(), |p| p + 1);
            let body = &rest[1..end];
            rest = rest.get(end + 1..).unwrap_or(&[]);
            return Some(match body.split_first() {
                Some((b'v', digits)) => {
                    Segment::Variable(digits.first().map_or(0, |d| d.wrapping_sub(b'0')))
                }
                Some((_, name)) => Segment::Random(name),
                None => Segment::Text(&[]),
            });
        }
        let end = rest.iter().position(|&c| c == ESCAPE).unwrap_or(rest.len());
        let (text, tail) = rest.split_at(end);
        rest = tail;
        Some(Segment::Text(text))
    })
}
