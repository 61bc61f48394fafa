//! The pest grammar of weight configs over bot-script's canonical text, and the walk that
//! turns its parse tree into a [`WeightConfig`] with warnings.
//!
//! Errors and warnings carry a byte offset into the text (the loader maps it back to the
//! source file, line, column and include stack) and the line and column in the text itself.

use bot_script::pest_words::Expected;
use pest::Parser;
use pest::iterators::Pair;
use thiserror::Error;

use crate::model::{Case, Leaf, Limit, MAX_WEIGHTS, Node, Switch, Weight, WeightConfig};

mod grammar;
mod hand;

use grammar::{Rule, WeightParser};

/// Deepest brace nesting accepted (botlib's data nests 3 switches deep); bounds the recursion
/// of parsing, evaluation and writing.
pub const MAX_NESTING: usize = 64;

/// A message about a place in the parsed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextDiagnostic {
    /// Byte offset into the text.
    pub offset: usize,
    /// 1-based line in the text.
    pub line: u32,
    /// 1-based column in the text (counting bytes).
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl TextDiagnostic {
    fn new(text: &str, offset: usize, message: String) -> Self {
        let offset = offset.min(text.len());
        let before = &text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        Self {
            offset,
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(offset - line_start + 1).unwrap_or(u32::MAX),
            message,
        }
    }
}

/// Why a weight config's text was rejected (the whole config is rejected, as in botlib).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}:{}: {}", .0.line, .0.column, .0.message)]
pub struct ParseError(pub TextDiagnostic);

/// A parsed config and the warnings its text raised.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The config.
    pub config: WeightConfig,
    /// Warnings in text order: a sign dropped (W2), a duplicate name (W5), a switch without
    /// `default`, weights beyond the 128th.
    pub warnings: Vec<TextDiagnostic>,
}

/// Parses a weight config from canonical text (or hand-written text without comments and
/// preprocessor directives).
///
/// # Errors
/// A syntax error ("expected …, found …"), a float where an integer is required, an
/// inventory index above 255, a case value above `i32::MAX`, two `default`s in one switch,
/// or nesting deeper than [`MAX_NESTING`].
pub fn parse_canonical(text: &str) -> Result<Parsed, ParseError> {
    check_nesting(text)?;
    if let Some(parsed) = hand::parse(text) {
        return Ok(parsed);
    }
    parse_with_pest(text)
}

/// The pest path: the grammar decides, and any error comes from it (or from the walk).
fn parse_with_pest(text: &str) -> Result<Parsed, ParseError> {
    let mut pairs =
        WeightParser::parse(Rule::file, text).map_err(|error| syntax_error(text, &error))?;
    let mut walk = Walk {
        text,
        warnings: Vec::new(),
    };
    let mut collector = Collector::default();
    let Some(file) = pairs.next() else {
        return Ok(collector.finish(walk));
    };
    for pair in file.into_inner() {
        if pair.as_rule() != Rule::weightdef {
            continue;
        }
        let offset = pair.as_span().start();
        let weight = walk.weight(pair)?;
        collector.add(&mut walk, offset, weight);
    }
    Ok(collector.finish(walk))
}

/// The weights read so far: botlib's first-wins rule for duplicates and its limit of
/// [`MAX_WEIGHTS`], with their warnings.
#[derive(Default)]
struct Collector {
    config: WeightConfig,
    /// Weights read, kept or not.
    seen: usize,
    /// Start offset of each kept weight, for "first definition (line N)".
    starts: Vec<usize>,
}

impl Collector {
    /// Adds the weight read at `offset`.
    fn add(&mut self, walk: &mut Walk<'_>, offset: usize, weight: Weight) {
        self.seen += 1;
        if self.seen > MAX_WEIGHTS {
            if self.seen == MAX_WEIGHTS + 1 {
                walk.warn(
                    offset,
                    format!(
                        "more than {MAX_WEIGHTS} weights: `{}` and every later weight are ignored",
                        weight.name
                    ),
                );
            }
            return;
        }
        if let Some(first) = self.config.find(&weight.name) {
            walk.warn(
                offset,
                format!(
                    "weight `{}` is defined again: the first definition (line {}) wins",
                    weight.name,
                    TextDiagnostic::new(walk.text, self.starts[first], String::new()).line
                ),
            );
            return;
        }
        self.starts.push(offset);
        self.config.weights.push(weight);
    }

    /// The config and the walk's warnings.
    fn finish(self, walk: Walk<'_>) -> Parsed {
        Parsed {
            config: self.config,
            warnings: walk.warnings,
        }
    }
}

/// The value of a number's digits (canonical numbers are plain decimals; f64 first, as
/// bot-script carries them).
fn number_value(digits: &str) -> f32 {
    digits.parse::<f64>().map_or(0.0, |v| v as f32)
}

/// Rejects brace nesting deeper than [`MAX_NESTING`] before pest recurses into it.
fn check_nesting(text: &str) -> Result<(), ParseError> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' | b'\'' => {
                let quote = bytes[i];
                i += 1;
                while i < bytes.len() && bytes[i] != quote {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(ParseError(TextDiagnostic::new(
                        text,
                        i,
                        format!("nesting deeper than {MAX_NESTING} braces"),
                    )));
                }
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// State of the tree walk.
struct Walk<'t> {
    text: &'t str,
    warnings: Vec<TextDiagnostic>,
}

impl Walk<'_> {
    fn warn(&mut self, offset: usize, message: String) {
        self.warnings
            .push(TextDiagnostic::new(self.text, offset, message));
    }

    /// The warning for a switch without `default` that ends at `end`.
    fn no_default(&mut self, end: usize) {
        self.warn(
            end.saturating_sub(1),
            "switch without default: `default: return 0;` appended".to_owned(),
        );
    }

    /// The warning for a negative value (W2) starting at `offset`.
    fn negative(&mut self, offset: usize, digits: &str) {
        self.warn(
            offset,
            format!("negative value `-{digits}`: the sign is dropped, {digits} is kept"),
        );
    }

    fn error(&self, offset: usize, message: String) -> ParseError {
        ParseError(TextDiagnostic::new(self.text, offset, message))
    }

    fn weight(&mut self, pair: Pair<'_, Rule>) -> Result<Weight, ParseError> {
        let mut name = String::new();
        let mut body = None;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::string => name = decode_string(inner.as_str()),
                Rule::switch_stmt => body = Some(Node::Switch(self.switch(inner)?)),
                Rule::return_stmt => body = Some(Node::Leaf(self.leaf(inner))),
                _ => {}
            }
        }
        Ok(Weight {
            name,
            body: body.unwrap_or(Node::Leaf(Leaf::plain(0.0))),
        })
    }

    fn switch(&mut self, pair: Pair<'_, Rule>) -> Result<Switch, ParseError> {
        let end = pair.as_span().end();
        let mut index = 0u8;
        let mut cases = Vec::new();
        let mut has_default = false;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::index => index = self.index(&inner)?,
                Rule::item => {
                    let case = self.item(inner, &mut has_default)?;
                    cases.push(case);
                }
                _ => {}
            }
        }
        if !has_default {
            self.no_default(end);
            cases.push(Case {
                limit: Limit::Default,
                node: Node::Leaf(Leaf::plain(0.0)),
            });
        }
        Ok(Switch { index, cases })
    }

    fn index(&self, pair: &Pair<'_, Rule>) -> Result<u8, ParseError> {
        let offset = pair.as_span().start();
        let value = self.integer(pair, "an inventory index")?;
        u8::try_from(value).map_err(|_| {
            self.error(
                offset,
                format!("inventory index {value} is out of range: slots are 0 to 255"),
            )
        })
    }

    /// The integer of an `index` or `case_value` pair (digits, perhaps with a dot).
    fn integer(&self, pair: &Pair<'_, Rule>, what: &str) -> Result<u64, ParseError> {
        let offset = pair.as_span().start();
        let digits = pair.as_str();
        if digits.contains('.') {
            return Err(self.error(
                offset,
                format!("{what} must be an integer, found `{digits}`"),
            ));
        }
        digits
            .parse::<u64>()
            .map_err(|_| self.error(offset, format!("number `{digits}` is too large")))
    }

    fn item(&mut self, pair: Pair<'_, Rule>, has_default: &mut bool) -> Result<Case, ParseError> {
        let mut limit = Limit::Default;
        let mut node = None;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::case_label => limit = self.case_label(inner, has_default)?,
                Rule::switch_stmt => node = Some(Node::Switch(self.switch(inner)?)),
                Rule::return_stmt => node = Some(Node::Leaf(self.leaf(inner))),
                _ => {}
            }
        }
        Ok(Case {
            limit,
            node: node.unwrap_or(Node::Leaf(Leaf::plain(0.0))),
        })
    }

    fn case_label(
        &mut self,
        pair: Pair<'_, Rule>,
        has_default: &mut bool,
    ) -> Result<Limit, ParseError> {
        let offset = pair.as_span().start();
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::case_value => {
                    let value = self.integer(&inner, "a case value")?;
                    let value = i32::try_from(value).map_err(|_| {
                        self.error(
                            inner.as_span().start(),
                            format!("case value {value} is above {}", i32::MAX),
                        )
                    })?;
                    return Ok(Limit::Below(value));
                }
                Rule::kw_default => {
                    if *has_default {
                        return Err(self.error(offset, "switch with two `default`s".to_owned()));
                    }
                    *has_default = true;
                    return Ok(Limit::Default);
                }
                _ => {}
            }
        }
        Ok(Limit::Default)
    }

    fn leaf(&mut self, pair: Pair<'_, Rule>) -> Leaf {
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::num => return Leaf::plain(self.num(inner)),
                Rule::balance => {
                    let mut values = [0.0f32; 3];
                    let mut count = 0;
                    for p in inner.into_inner().filter(|p| p.as_rule() == Rule::num) {
                        if let Some(slot) = values.get_mut(count) {
                            *slot = self.num(p);
                        }
                        count += 1;
                    }
                    if count == 3 {
                        let [weight, min, max] = values;
                        return Leaf::balance(weight, min, max);
                    }
                }
                _ => {}
            }
        }
        Leaf::plain(0.0)
    }

    /// A value; a `-` sign is dropped with a warning (botlib keeps the magnitude, W2).
    fn num(&mut self, pair: Pair<'_, Rule>) -> f32 {
        let offset = pair.as_span().start();
        let mut negative = false;
        let mut value = 0.0f32;
        let mut digits = "";
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::minus => negative = true,
                Rule::number => {
                    digits = inner.as_str();
                    value = number_value(digits);
                }
                _ => {}
            }
        }
        if negative {
            self.negative(offset, digits);
        }
        value
    }
}

/// The text of a canonical string literal (with its quotes); bytes that are not UTF-8 are
/// replaced (weight names are matched against item and weapon names, which are ASCII).
pub(crate) fn decode_string(literal: &str) -> String {
    String::from_utf8_lossy(&bot_script::decode_canonical_string(literal)).into_owned()
}

/// A pest error as "expected …, found …" (`bot_script::pest_words`' wording).
fn syntax_error(text: &str, error: &pest::error::Error<Rule>) -> ParseError {
    let expected = Expected::new(error, describe_rule);
    let message = expected.message(&describe_found(text, expected.offset));
    ParseError(TextDiagnostic::new(text, expected.offset, message))
}

fn describe_rule(rule: Rule) -> &'static str {
    match rule {
        Rule::kw_weight | Rule::weightdef => "`weight`",
        Rule::kw_switch | Rule::switch_stmt => "`switch`",
        Rule::kw_case | Rule::kw_default | Rule::item | Rule::case_label => "`case` or `default`",
        Rule::kw_return | Rule::return_stmt => "`return`",
        Rule::kw_balance | Rule::balance => "`balance`",
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::colon => "`:`",
        Rule::semi => "`;`",
        Rule::comma => "`,`",
        Rule::minus | Rule::num | Rule::number => "a number",
        Rule::string => "a string (the weight's name)",
        Rule::index => "an inventory index (an integer)",
        Rule::case_value => "a case value (an integer)",
        Rule::EOI => "end of file",
        _ => "a weight definition",
    }
}

const KEYWORDS: [&str; 6] = ["weight", "switch", "case", "default", "return", "balance"];

/// The token at `offset` of canonical text, described for a message.
fn describe_found(text: &str, offset: usize) -> String {
    let rest = text.get(offset..).unwrap_or("").trim_start();
    if rest.is_empty() {
        return "end of file".to_owned();
    }
    let bytes = rest.as_bytes();
    let len = if bytes[0] == b'"' || bytes[0] == b'\'' {
        let mut i = 1;
        while i < bytes.len() && bytes[i] != bytes[0] {
            i += if bytes[i] == b'\\' { 2 } else { 1 };
        }
        (i + 1).min(bytes.len())
    } else {
        bytes
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(bytes.len())
    };
    let mut token: String = rest[..len].chars().take(48).collect();
    if token.len() < len {
        token.push('…');
    }
    let first = bytes[0];
    if (first.is_ascii_alphabetic() || first == b'_') && !KEYWORDS.contains(&token.as_str()) {
        format!("`{token}`, a name that is not a defined macro")
    } else {
        format!("`{token}`")
    }
}

#[cfg(test)]
mod tests;
