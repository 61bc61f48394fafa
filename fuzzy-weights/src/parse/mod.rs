//! The pest grammar of weight configs over bot-script's canonical text, and the walk that
//! turns its parse tree into a [`WeightConfig`] with warnings.
//!
//! Errors and warnings carry a byte offset into the text (the loader maps it back to the
//! source file, line, column and include stack) and the line and column in the text itself.

use pest::Parser;
use pest::iterators::Pair;
use thiserror::Error;

use crate::model::{Case, Leaf, Limit, MAX_WEIGHTS, Node, Switch, Weight, WeightConfig};

mod grammar;
mod hand;

use grammar::diagnostic::{DiagnosticParser, Rule as DiagnosticRule};
use grammar::fast::{Rule, WeightParser};

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
    let mut pairs = WeightParser::parse(Rule::file, text).map_err(|_| diagnose(text))?;
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

/// The syntax error of `text`, which the fast parser rejected: the diagnostic parser's.
fn diagnose(text: &str) -> ParseError {
    match DiagnosticParser::parse(DiagnosticRule::file, text) {
        Err(error) => syntax_error(text, &error),
        // Both parsers accept the same language; this cannot happen.
        Ok(_) => ParseError(TextDiagnostic::new(
            text,
            0,
            "the text is not a weight config".to_owned(),
        )),
    }
}

/// A pest error as "expected …, found …".
fn syntax_error(text: &str, error: &pest::error::Error<DiagnosticRule>) -> ParseError {
    let offset = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<&str> = Vec::new();
            for rule in positives {
                let name = describe_rule(*rule);
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            match names.as_slice() {
                [] => "something else".to_owned(),
                [one] => (*one).to_owned(),
                [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    let message = format!(
        "expected {expected}, found {}",
        describe_found(text, offset)
    );
    ParseError(TextDiagnostic::new(text, offset, message))
}

fn describe_rule(rule: DiagnosticRule) -> &'static str {
    match rule {
        DiagnosticRule::kw_weight | DiagnosticRule::weightdef => "`weight`",
        DiagnosticRule::kw_switch | DiagnosticRule::switch_stmt => "`switch`",
        DiagnosticRule::kw_case
        | DiagnosticRule::kw_default
        | DiagnosticRule::item
        | DiagnosticRule::case_label => "`case` or `default`",
        DiagnosticRule::kw_return | DiagnosticRule::return_stmt => "`return`",
        DiagnosticRule::kw_balance | DiagnosticRule::balance => "`balance`",
        DiagnosticRule::lbrace => "`{`",
        DiagnosticRule::rbrace => "`}`",
        DiagnosticRule::lparen => "`(`",
        DiagnosticRule::rparen => "`)`",
        DiagnosticRule::colon => "`:`",
        DiagnosticRule::semi => "`;`",
        DiagnosticRule::comma => "`,`",
        DiagnosticRule::minus | DiagnosticRule::num | DiagnosticRule::number => "a number",
        DiagnosticRule::string => "a string (the weight's name)",
        DiagnosticRule::index => "an inventory index (an integer)",
        DiagnosticRule::case_value => "a case value (an integer)",
        DiagnosticRule::EOI => "end of file",
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
mod tests {
    use super::*;

    #[test]
    fn parses_nested_switch_with_balance_and_braces() {
        let text = "weight \"item_armor\" {\nswitch ( 1 ) {\ncase 10 : return 40 ;\n\
                    case 20 : { return balance ( 20 , 10 , 30.5 ) ; }\ndefault : \
                    switch ( 29 ) { case 1 : return 0 ; default : return 2 ; }\n} }";
        let parsed = parse_canonical(text).unwrap();
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        let weight = &parsed.config.weights[0];
        assert_eq!(weight.name, "item_armor");
        let Node::Switch(switch) = &weight.body else {
            panic!("not a switch")
        };
        assert_eq!(switch.index, 1);
        assert_eq!(switch.cases.len(), 3);
        assert_eq!(
            switch.cases[1].node,
            Node::Leaf(Leaf::balance(20.0, 10.0, 30.5))
        );
        assert_eq!(switch.cases[2].limit, Limit::Default);
        assert!(matches!(
            switch.cases[2].node,
            Node::Switch(Switch { index: 29, .. })
        ));
    }

    #[test]
    fn top_level_return_without_braces() {
        let parsed = parse_canonical("weight \"x\" return 5 ;").unwrap();
        assert_eq!(parsed.config.weights[0].body, Node::Leaf(Leaf::plain(5.0)));
    }

    #[test]
    fn undefined_name_as_index_is_named_in_the_error() {
        let error = parse_canonical("weight \"x\" {\nswitch ( INVENTORY_SCOUT ) {").unwrap_err();
        assert_eq!((error.0.line, error.0.column), (2, 10));
        assert!(
            error.0.message.contains("inventory index")
                && error
                    .0
                    .message
                    .contains("`INVENTORY_SCOUT`, a name that is not a defined macro"),
            "{}",
            error.0.message
        );
    }

    #[test]
    fn float_index_and_case_are_errors() {
        let e =
            parse_canonical("weight \"x\" switch ( 1.5 ) { default : return 1 ; }").unwrap_err();
        assert!(
            e.0.message.contains("must be an integer"),
            "{}",
            e.0.message
        );
        let e = parse_canonical("weight \"x\" switch ( 1 ) { case 2.0 : return 1 ; }").unwrap_err();
        assert!(
            e.0.message.contains("case value must be an integer"),
            "{}",
            e.0.message
        );
    }

    #[test]
    fn index_out_of_range_and_two_defaults_are_errors() {
        let e =
            parse_canonical("weight \"x\" switch ( 256 ) { default : return 1 ; }").unwrap_err();
        assert!(e.0.message.contains("out of range"), "{}", e.0.message);
        let e = parse_canonical(
            "weight \"x\" switch ( 1 ) { default : return 1 ; default : return 2 ; }",
        )
        .unwrap_err();
        assert!(e.0.message.contains("two `default`s"), "{}", e.0.message);
    }

    #[test]
    fn empty_switch_and_junk_at_top_level_are_errors() {
        let e = parse_canonical("weight \"x\" switch ( 1 ) { }").unwrap_err();
        assert!(
            e.0.message.contains("`case` or `default`"),
            "{}",
            e.0.message
        );
        let e = parse_canonical("weight \"x\" return 1 ;\nfoo").unwrap_err();
        assert_eq!(e.0.line, 2);
        assert!(e.0.message.contains("`weight`"), "{}", e.0.message);
    }

    #[test]
    fn warnings_for_sign_duplicate_and_missing_default() {
        let text = "weight \"a\" switch ( 1 ) { case 1 : return - 5 ; }\n\
                    weight \"a\" return 7 ;";
        let parsed = parse_canonical(text).unwrap();
        assert_eq!(parsed.config.weights.len(), 1);
        let Node::Switch(switch) = &parsed.config.weights[0].body else {
            panic!()
        };
        assert_eq!(switch.cases[0].node, Node::Leaf(Leaf::plain(5.0)));
        assert_eq!(switch.cases[1].limit, Limit::Default);
        assert_eq!(switch.cases[1].node, Node::Leaf(Leaf::plain(0.0)));
        let messages: Vec<&str> = parsed.warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert!(messages[0].contains("negative"));
        assert!(messages[1].contains("without default"));
        assert!(messages[2].contains("first definition (line 1) wins"));
        assert_eq!(parsed.warnings[2].line, 2);
    }

    #[test]
    fn weights_beyond_128_are_ignored_with_one_warning() {
        let text: String = (0..130)
            .map(|i| format!("weight \"w{i}\" return {i} ;\n"))
            .collect();
        let parsed = parse_canonical(&text).unwrap();
        assert_eq!(parsed.config.weights.len(), 128);
        assert_eq!(parsed.warnings.len(), 1);
        assert!(parsed.warnings[0].message.contains("`w128`"));
    }

    #[test]
    fn deep_nesting_is_rejected_before_recursing() {
        let mut text = String::from("weight \"x\" ");
        for _ in 0..100 {
            text.push_str("switch ( 1 ) { default : ");
        }
        let e = parse_canonical(&text).unwrap_err();
        assert!(e.0.message.contains("nesting"), "{}", e.0.message);
    }

    #[test]
    fn missing_punctuation_is_named() {
        let e = parse_canonical("weight \"x\" return 5 }").unwrap_err();
        assert_eq!(e.0.message, "expected `;`, found `}`");
        let e = parse_canonical("weight \"x\" switch ( 1 { default : return 1 ; }").unwrap_err();
        assert_eq!(e.0.message, "expected `)`, found `{`");
        let e = parse_canonical("weight \"x\" { return balance ( 1 , 2 ) ; }").unwrap_err();
        assert_eq!(e.0.message, "expected `,`, found `)`");
    }

    const SAMPLE: &str = "weight \"a\" { switch ( 1 ) { case 10 : return 40 ; \
        case 20 : { return balance ( 20 , 10.5 , 30 ) ; } default : switch ( 2 ) { \
        case 3 : return - 7 ; default : return 0 ; } } } weight \"b\" return 1 ;";

    /// The sample damaged: token `drop` (modulo the count) left out when `keep`, else cut
    /// short at byte `cut`.
    fn damaged(cut: usize, drop: usize, keep: bool) -> String {
        let tokens: Vec<&str> = SAMPLE.split(' ').collect();
        if keep {
            let i = drop % tokens.len();
            tokens
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, t)| *t)
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            SAMPLE[..cut.min(SAMPLE.len())].to_owned()
        }
    }

    proptest::proptest! {
        #[test]
        fn fast_and_diagnostic_parsers_agree(cut in 0usize..200, drop in 0usize..60, keep in proptest::bool::ANY) {
            let text = damaged(cut, drop, keep);
            let fast = WeightParser::parse(Rule::file, &text).is_ok();
            let diagnostic = DiagnosticParser::parse(DiagnosticRule::file, &text).is_ok();
            proptest::prop_assert_eq!(fast, diagnostic, "{}", text);
            if let Err(error) = parse_canonical(&text) {
                proptest::prop_assert!(!error.0.message.contains("not a weight config"));
            }
        }
    }

    /// The hand-written path accepts what the pest path accepts, with the same result.
    fn hand_agrees_with_pest(text: &str) -> Result<(), String> {
        let hand = hand::parse(text);
        match (&hand, parse_with_pest(text)) {
            (Some(hand), Ok(pest)) if *hand == pest => Ok(()),
            (None, Err(_)) => Ok(()),
            (hand, pest) => Err(format!("{text:?}: hand {hand:?}, pest {pest:?}")),
        }
    }

    #[test]
    fn hand_path_agrees_on_edge_cases() {
        for text in [
            SAMPLE,
            "",
            " \t\n",
            "weight \"x\" return 5 ;",
            "weight\"x\"return 5;",
            "weight \"x\" return - 5 ;",
            "weight \"x\" return -\t5.25 ;",
            "weight \"x\" return 5. ;",
            "weight \"x\" return .5 ;",
            "weight \"a\\\"b\" return 1 ;",
            "weight \"a\\",
            "weight \"x\" switch ( 1 ) { case1 : return 1 ; }",
            "weight \"x\" switch ( 1 ) { case 1 : return 1 ; }",
            "weight \"x\" switch ( 1 ) { case 1 : return 1 ; default : return 2 ; default : return 3 ; }",
            "weight \"x\" switch ( 256 ) { default : return 1 ; }",
            "weight \"x\" switch ( 1.0 ) { default : return 1 ; }",
            "weight \"x\" switch ( 1 ) { case 2147483648 : return 1 ; }",
            "weight \"x\" switch ( 1 ) { case 99999999999999999999 : return 1 ; }",
            "weight \"x\" { switch ( 1 ) { default : { return balance ( 1 , - 2 , 3 ) ; } } }",
            "weight \"x\" { return 1 ; } weight \"x\" return 2 ;",
            "weightx \"x\" return 1 ;",
            "weight \"x\" returnbalance ( 1 , 2 , 3 ) ;",
            "weight \"x\" return balance ( 1 , 2 , 3 ) ; junk",
            "weight \"x\" return 1 ;\u{b}\u{c}\r",
        ] {
            hand_agrees_with_pest(text).unwrap();
        }
        let many: String = (0..130)
            .map(|i| format!("weight \"w{}\" return {i} ;\n", i % 100))
            .collect();
        hand_agrees_with_pest(&many).unwrap();
    }

    #[test]
    fn hand_path_agrees_on_the_shared_bot_files() {
        let botfiles = std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/botfiles"
        ));
        let Ok(sets) = std::fs::read_dir(&botfiles) else {
            return;
        };
        let mut checked = 0;
        for set in sets.flatten() {
            let root = set.path().join("botfiles");
            let Ok(bots) = std::fs::read_dir(root.join("bots")) else {
                continue;
            };
            for bot in bots.flatten() {
                let name = bot.file_name().to_string_lossy().into_owned();
                if !(name.ends_with("_i.c") || name.ends_with("_w.c")) {
                    continue;
                }
                let source = bot_script::DirSource::new(&root);
                let Ok(stream) =
                    bot_script::Preprocessor::new(source).preprocess_file(&format!("bots/{name}"))
                else {
                    continue;
                };
                hand_agrees_with_pest(&stream.canonical().text).unwrap();
                checked += 1;
            }
        }
        assert!(checked > 10, "only {checked} files checked");
    }

    const VOCABULARY: &[&str] = &[
        "weight", "\"w\"", "\"v\"", "switch", "case", "default", "return", "balance", "(", ")",
        "{", "}", ":", ";", ",", "-", "5", "12", "1.5", "300", "x", "\t", "\n", "",
    ];

    proptest::proptest! {
        #[test]
        fn hand_and_pest_paths_agree_on_damaged_samples(cut in 0usize..200, drop in 0usize..60, keep in proptest::bool::ANY) {
            let text = damaged(cut, drop, keep);
            let agreed = hand_agrees_with_pest(&text);
            proptest::prop_assert!(agreed.is_ok(), "{:?}", agreed);
        }

        #[test]
        fn hand_and_pest_paths_agree_on_token_soups(
            picks in proptest::collection::vec(0usize..VOCABULARY.len(), 0..120),
            glue in proptest::bool::ANY,
        ) {
            let words: Vec<&str> = picks.iter().map(|&i| VOCABULARY[i]).collect();
            let text = words.join(if glue { "" } else { " " });
            let agreed = hand_agrees_with_pest(&text);
            proptest::prop_assert!(agreed.is_ok(), "{:?}", agreed);
        }

        #[test]
        fn hand_and_pest_paths_agree_on_valid_structures(
            picks in proptest::collection::vec(0usize..6, 1..40),
        ) {
            // Mostly valid configs: weights with switches, cases and balances.
            let mut text = String::new();
            for (n, &pick) in picks.iter().enumerate() {
                let body = match pick {
                    0 => format!("return {n} ;"),
                    1 => format!("return balance ( {n} , - 1 , 2.5 ) ;"),
                    2 => format!("switch ( {} ) {{ case {n} : return 1 ; default : return 2 ; }}", n % 300),
                    3 => format!("{{ switch ( 3 ) {{ case {n} : {{ return - {n} ; }} }} }}"),
                    4 => "switch ( 1 ) { default : switch ( 2 ) { case 5 : return 1.25 ; } }".to_owned(),
                    _ => format!("switch ( 1 ) {{ case {n} : return 1 ; case {} : return 2 ; }}", n * 1000),
                };
                text.push_str(&format!("weight \"w{}\" {body}\n", n % 7));
            }
            let agreed = hand_agrees_with_pest(&text);
            proptest::prop_assert!(agreed.is_ok(), "{:?}", agreed);
            proptest::prop_assert!(parse_with_pest(&text).is_ok() || picks.contains(&2));
        }
    }

    #[test]
    fn string_escapes_decode() {
        assert_eq!(decode_string(r#""a\"b\\c\x41""#), "a\"b\\cA");
    }
}
