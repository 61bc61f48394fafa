//! Parsing one preprocessed chat file with the pest grammars of `chat.pest` and building
//! its part of the model; errors map back to file, line, column and include stack.

use bot_script::pest_words::Expected;
use bot_script::{
    CanonicalText, SourceDiagnostic, SourcePos, TokenKind, TokenStream, decode_canonical_string,
};
use pest::Parser as _;
use pest::iterators::{Pair, Pairs};
use pest_derive::Parser;

use crate::consts::{ESCAPE, MAX_CHATTYPE_NAME, MAX_MESSAGE_BYTES, MAX_VARIABLES};
use crate::error::LoadError;
use crate::model::{
    ChatBlock, ChatType, KeyKind, KeyPrefix, MatchTemplate, Piece, RandomList, ReplyChat, ReplyKey,
    SynonymList,
};

/// The pest parser of `chat.pest`.
#[derive(Parser)]
#[grammar = "chat.pest"]
struct ChatParser;

/// A parsed file's stream, canonical text and the line counter for recently-used stamps.
pub(crate) struct Ctx<'s> {
    stream: &'s TokenStream,
    canonical: CanonicalText,
}

impl<'s> Ctx<'s> {
    pub(crate) fn new(stream: &'s TokenStream) -> Self {
        Self {
            stream,
            canonical: stream.canonical(),
        }
    }

    /// Where the token at canonical offset `offset` is.
    fn position_at(&self, offset: usize) -> String {
        self.canonical.token_at(offset).map_or_else(
            || "end of input".to_owned(),
            |i| self.stream.describe_position(i),
        )
    }

    fn origin(&self, pair: &Pair<'_, Rule>) -> String {
        self.position_at(pair.as_span().start())
    }

    fn error(&self, pair: &Pair<'_, Rule>, message: impl Into<String>) -> LoadError {
        self.error_at(pair.as_span().start(), message.into())
    }

    /// An error at the token at canonical offset `offset`.
    fn error_at(&self, offset: usize, message: String) -> LoadError {
        let index = self.canonical.token_at(offset);
        let diagnostic = match index.and_then(|i| self.stream.tokens.get(i).map(|t| (i, t))) {
            Some((i, token)) => SourceDiagnostic::error(token.pos.clone(), message)
                .with_stack(self.stream.include_stack(i)),
            None => SourceDiagnostic::error(SourcePos::end_of_input(), message),
        };
        LoadError::Data(diagnostic)
    }

    fn parse(&self, rule: Rule) -> Result<Pairs<'_, Rule>, LoadError> {
        ChatParser::parse(rule, &self.canonical.text).map_err(|e| self.syntax_error(&e))
    }

    /// "expected a number, found `{`" at the failing token (`bot_script::pest_words`'
    /// wording).
    fn syntax_error(&self, error: &pest::error::Error<Rule>) -> LoadError {
        let expected = Expected::new(error, describe_rule);
        let offset = expected.offset;
        let token = self
            .canonical
            .token_at(offset)
            .filter(|_| offset < self.canonical.text.trim_end().len())
            .and_then(|i| self.stream.tokens.get(i));
        let found = match token {
            None => "end of file".to_owned(),
            Some(t) => match t.kind {
                TokenKind::Name if expected.includes("a number") => {
                    format!(
                        "undefined name `{}` where a number is required",
                        t.text_lossy()
                    )
                }
                TokenKind::Name => format!("name `{}`", t.text_lossy()),
                TokenKind::String => {
                    let text = t.text_lossy();
                    let short: String = text.chars().take(40).collect();
                    format!("string \"{short}\"")
                }
                TokenKind::Literal => format!("literal '{}'", t.text_lossy()),
                TokenKind::Number => format!("number {}", t.text_lossy()),
                TokenKind::Punct => format!("`{}`", t.text_lossy()),
            },
        };
        self.error_at(offset, expected.message(&found))
    }
}

fn describe_rule(rule: Rule) -> &'static str {
    match rule {
        Rule::int | Rule::num | Rule::syn_context | Rule::match_context => "a number",
        Rule::string | Rule::alternatives => "a string",
        Rule::name | Rule::rnd_list => "a name",
        Rule::lbrace => "`{`",
        Rule::rbrace | Rule::syn_close => "`}`",
        Rule::lbracket | Rule::syn_list | Rule::reply => "`[`",
        Rule::rbracket => "`]`",
        Rule::lparen | Rule::syn_entry | Rule::key_template => "`(`",
        Rule::rparen => "`)`",
        Rule::langle | Rule::key_bots => "`<`",
        Rule::rangle => "`>`",
        Rule::comma => "`,`",
        Rule::semi => "`;`",
        Rule::equals => "`=`",
        Rule::bar => "`|`",
        Rule::and_op | Rule::not_op | Rule::prefix => "`&` or `!`",
        Rule::kw_chat | Rule::chat_block => "`chat`",
        Rule::kw_type | Rule::chat_type => "`type`",
        Rule::kw_name
        | Rule::kw_female
        | Rule::kw_male
        | Rule::kw_it
        | Rule::key_kind
        | Rule::key => "a reply key",
        Rule::part | Rule::message => {
            "a message part (string, variable number or random list name)"
        }
        Rule::piece | Rule::pieces | Rule::template => "a match piece (string or variable number)",
        Rule::EOI => "end of file",
        _ => "something else",
    }
}

/// The value of an `int` or `num` pair.
fn number(ctx: &Ctx<'_>, pair: &Pair<'_, Rule>) -> Result<f64, LoadError> {
    pair.as_str()
        .parse::<f64>()
        .map_err(|_| ctx.error(pair, format!("bad number {}", pair.as_str())))
}

fn int_u32(ctx: &Ctx<'_>, pair: &Pair<'_, Rule>) -> Result<u32, LoadError> {
    pair.as_str()
        .parse::<u32>()
        .map_err(|_| ctx.error(pair, format!("number {} out of range", pair.as_str())))
}

fn variable(ctx: &Ctx<'_>, pair: &Pair<'_, Rule>) -> Result<u8, LoadError> {
    match pair.as_str().parse::<u8>() {
        Ok(v) if usize::from(v) < MAX_VARIABLES => Ok(v),
        _ => Err(ctx.error(
            pair,
            format!("variable {} out of range (0 to 7)", pair.as_str()),
        )),
    }
}

fn string(pair: &Pair<'_, Rule>) -> Vec<u8> {
    decode_canonical_string(pair.as_str())
}

/// Encodes a `message` pair (parts joined; variables and random names escaped).
fn message(ctx: &Ctx<'_>, pair: Pair<'_, Rule>) -> Result<Vec<u8>, LoadError> {
    let start = pair.clone();
    let mut out = Vec::new();
    for part in pair.into_inner().filter(|p| p.as_rule() == Rule::part) {
        let Some(inner) = part.into_inner().next() else {
            continue;
        };
        match inner.as_rule() {
            Rule::string => out.extend(string(&inner)),
            Rule::int => {
                let v = variable(ctx, &inner)?;
                out.extend([ESCAPE, b'v', b'0' + v, ESCAPE]);
            }
            _ => {
                out.extend([ESCAPE, b'r']);
                out.extend(inner.as_str().as_bytes());
                out.push(ESCAPE);
            }
        }
    }
    if out.len() > MAX_MESSAGE_BYTES {
        return Err(ctx.error(
            &start,
            format!(
                "message of {} bytes (encoded) is longer than {MAX_MESSAGE_BYTES}",
                out.len()
            ),
        ));
    }
    Ok(out)
}

/// The pieces of a `pieces` pair; two variables may not be adjacent (a string piece with
/// an empty alternative does not separate them).
fn pieces(ctx: &Ctx<'_>, pair: Pair<'_, Rule>) -> Result<Vec<Piece>, LoadError> {
    let mut out = Vec::new();
    let mut open_variable = false;
    for piece in pair.into_inner().filter(|p| p.as_rule() == Rule::piece) {
        let Some(inner) = piece.into_inner().next() else {
            continue;
        };
        if inner.as_rule() == Rule::int {
            if open_variable {
                return Err(ctx.error(&inner, "two adjacent variables in a match template"));
            }
            open_variable = true;
            out.push(Piece::Variable(variable(ctx, &inner)?));
        } else {
            let alternatives: Vec<Vec<u8>> = inner
                .into_inner()
                .filter(|p| p.as_rule() == Rule::string)
                .map(|p| string(&p))
                .collect();
            if alternatives.iter().all(|a| !a.is_empty()) {
                open_variable = false;
            }
            out.push(Piece::Strings(alternatives));
        }
    }
    Ok(out)
}

/// The messages among `pairs` and where each is.
fn messages<'i>(
    ctx: &Ctx<'_>,
    pairs: impl Iterator<Item = Pair<'i, Rule>>,
) -> Result<(Vec<Vec<u8>>, Vec<String>), LoadError> {
    let mut lines = Vec::new();
    let mut origins = Vec::new();
    for pair in pairs.filter(|p| p.as_rule() == Rule::message) {
        origins.push(ctx.origin(&pair));
        lines.push(message(ctx, pair)?);
    }
    Ok((lines, origins))
}

/// `syn.c`.
pub(crate) fn synonyms(ctx: &Ctx<'_>) -> Result<Vec<SynonymList>, LoadError> {
    let file = ctx
        .parse(Rule::syn_file)?
        .next()
        .into_iter()
        .flat_map(Pair::into_inner);
    let mut stack: Vec<u32> = Vec::new();
    let mut out = Vec::new();
    for item in file {
        match item.as_rule() {
            Rule::syn_context => {
                let value = item.clone().into_inner().next().map(|p| int_u32(ctx, &p));
                let value = value.transpose()?.unwrap_or(0);
                if stack.len() >= 31 {
                    return Err(ctx.error(&item, "synonym contexts nested 32 deep"));
                }
                let outer = stack.last().copied().unwrap_or(0);
                stack.push(outer | value);
            }
            // The guard closes the innermost context; it fails only when none is open.
            Rule::syn_close if stack.pop().is_none() => {
                return Err(ctx.error(&item, "`}` without an open synonym context"));
            }
            Rule::syn_list => {
                let origin = ctx.origin(&item);
                let mut entries = Vec::new();
                for entry in item.into_inner().filter(|p| p.as_rule() == Rule::syn_entry) {
                    let mut inner = entry
                        .clone()
                        .into_inner()
                        .filter(|p| matches!(p.as_rule(), Rule::string | Rule::num));
                    let (Some(text), Some(weight)) = (inner.next(), inner.next()) else {
                        continue;
                    };
                    let text_bytes = string(&text);
                    if text_bytes.is_empty() {
                        return Err(ctx.error(&text, "empty synonym"));
                    }
                    #[expect(clippy::cast_possible_truncation, reason = "weights are small")]
                    entries.push((text_bytes, number(ctx, &weight)? as f32));
                }
                out.push(SynonymList {
                    context: stack.last().copied().unwrap_or(0),
                    entries,
                    origin,
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

/// `rnd.c`.
pub(crate) fn random_lists(ctx: &Ctx<'_>) -> Result<Vec<RandomList>, LoadError> {
    let file = ctx
        .parse(Rule::rnd_file)?
        .next()
        .into_iter()
        .flat_map(Pair::into_inner);
    let mut out = Vec::new();
    for list in file.filter(|p| p.as_rule() == Rule::rnd_list) {
        let origin = ctx.origin(&list);
        let mut inner = list.into_inner();
        let name = inner
            .next()
            .map(|p| p.as_str().to_owned())
            .unwrap_or_default();
        let (strings, string_origins) = messages(ctx, inner)?;
        out.push(RandomList {
            name,
            strings,
            string_origins,
            origin,
        });
    }
    Ok(out)
}

/// `match.c`.
pub(crate) fn templates(ctx: &Ctx<'_>) -> Result<Vec<MatchTemplate>, LoadError> {
    let file = ctx
        .parse(Rule::match_file)?
        .next()
        .into_iter()
        .flat_map(Pair::into_inner);
    let mut out = Vec::new();
    for block in file.filter(|p| p.as_rule() == Rule::match_context) {
        let mut inner = block.into_inner();
        let context = match inner.next() {
            Some(p) => int_u32(ctx, &p)?,
            None => 0,
        };
        for template in inner.filter(|p| p.as_rule() == Rule::template) {
            let origin = ctx.origin(&template);
            let mut parts = template.into_inner();
            let mut pieces_out = Vec::new();
            let mut ints = Vec::new();
            for p in parts.by_ref() {
                match p.as_rule() {
                    Rule::pieces => pieces_out = pieces(ctx, p)?,
                    Rule::int => ints.push(int_u32(ctx, &p)?),
                    _ => {}
                }
            }
            out.push(MatchTemplate {
                context,
                kind: ints.first().copied().unwrap_or(0),
                subtype: ints.get(1).copied().unwrap_or(0),
                filter: MatchTemplate::filter_from(&pieces_out),
                pieces: pieces_out,
                origin,
            });
        }
    }
    Ok(out)
}

/// `rchat.c`; `next_line` numbers the lines for the recently-used table.
pub(crate) fn replies(ctx: &Ctx<'_>, next_line: &mut usize) -> Result<Vec<ReplyChat>, LoadError> {
    let file = ctx
        .parse(Rule::rchat_file)?
        .next()
        .into_iter()
        .flat_map(Pair::into_inner);
    let mut out = Vec::new();
    for reply in file.filter(|p| p.as_rule() == Rule::reply) {
        let origin = ctx.origin(&reply);
        let mut keys = Vec::new();
        let mut priority = 0.0;
        let mut lines = Vec::new();
        let mut line_origins = Vec::new();
        for item in reply.into_inner() {
            match item.as_rule() {
                Rule::key => keys.push(key(ctx, item)?),
                #[expect(clippy::cast_possible_truncation, reason = "priorities are small")]
                Rule::num => priority = number(ctx, &item)? as f32,
                Rule::message => {
                    line_origins.push(ctx.origin(&item));
                    lines.push(message(ctx, item)?);
                }
                _ => {}
            }
        }
        let first_line = *next_line;
        *next_line += lines.len();
        out.push(ReplyChat {
            word_filter: ReplyChat::filter_from(&keys),
            keys,
            priority,
            lines,
            line_origins,
            first_line,
            origin,
        });
    }
    Ok(out)
}

fn key(ctx: &Ctx<'_>, pair: Pair<'_, Rule>) -> Result<ReplyKey, LoadError> {
    let mut prefix = KeyPrefix::None;
    let mut kind = KeyKind::Name;
    for item in pair.into_inner() {
        match item.as_rule() {
            Rule::prefix => {
                prefix = if item.as_str().starts_with('&') {
                    KeyPrefix::And
                } else {
                    KeyPrefix::Not
                };
            }
            Rule::key_kind => {
                let Some(inner) = item.into_inner().next() else {
                    continue;
                };
                kind = match inner.as_rule() {
                    Rule::kw_female => KeyKind::Female,
                    Rule::kw_male => KeyKind::Male,
                    Rule::kw_it => KeyKind::It,
                    Rule::key_template => {
                        let p = inner.into_inner().find(|p| p.as_rule() == Rule::pieces);
                        KeyKind::Template(match p {
                            Some(p) => pieces(ctx, p)?,
                            None => Vec::new(),
                        })
                    }
                    Rule::key_bots => KeyKind::Bots(
                        inner
                            .into_inner()
                            .filter(|p| p.as_rule() == Rule::string)
                            .map(|p| string(&p))
                            .collect(),
                    ),
                    Rule::string => KeyKind::Word(string(&inner)),
                    _ => KeyKind::Name,
                };
            }
            _ => {}
        }
    }
    Ok(ReplyKey { prefix, kind })
}

/// A `*_t.c` file.
pub(crate) fn initial_chats(
    ctx: &Ctx<'_>,
    next_line: &mut usize,
) -> Result<Vec<ChatBlock>, LoadError> {
    let file = ctx
        .parse(Rule::initial_file)?
        .next()
        .into_iter()
        .flat_map(Pair::into_inner);
    let mut out = Vec::new();
    for block in file.filter(|p| p.as_rule() == Rule::chat_block) {
        let origin = ctx.origin(&block);
        let mut name = String::new();
        let mut types = Vec::new();
        for item in block.into_inner() {
            match item.as_rule() {
                Rule::string => name = String::from_utf8_lossy(&string(&item)).into_owned(),
                Rule::chat_type => {
                    let type_origin = ctx.origin(&item);
                    let mut inner = item.into_inner();
                    let type_name = inner
                        .find(|p| p.as_rule() == Rule::string)
                        .map(|p| {
                            let mut bytes = string(&p);
                            bytes.truncate(MAX_CHATTYPE_NAME);
                            String::from_utf8_lossy(&bytes).into_owned()
                        })
                        .unwrap_or_default();
                    let (lines, line_origins) = messages(ctx, inner)?;
                    let first_line = *next_line;
                    *next_line += lines.len();
                    types.push(ChatType {
                        name: type_name,
                        lines,
                        line_origins,
                        first_line,
                        origin: type_origin,
                    });
                }
                _ => {}
            }
        }
        out.push(ChatBlock {
            name,
            types,
            origin,
        });
    }
    Ok(out)
}
