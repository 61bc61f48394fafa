//! Pest parse errors in words, for the crates that parse this crate's canonical text with pest
//! grammars (`fuzzy-weights`, `bot-chat`): one wording, `expected A, B or C, found X`.
//!
//! Each grammar names its own rules ([`Expected::new`] takes the naming) and describes what is
//! found in its own terms; the sentence around them is built here.

use pest::RuleType;
use pest::error::{Error, ErrorVariant, InputLocation};

/// What a pest error expected, in words, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// Byte offset into the parsed text where the error is (the start of its span).
    pub offset: usize,
    /// The names of the rules the grammar would have accepted there, each once, in pest's
    /// order (empty for a custom error).
    pub rules: Vec<&'static str>,
    /// The message of a custom error (pest's `ErrorVariant::CustomError`), which replaces the
    /// rule names.
    pub custom: Option<String>,
}

impl Expected {
    /// What `error` expected, each positive rule named by `name` (rules with the same name
    /// are listed once).
    #[must_use]
    pub fn new<R: RuleType>(error: &Error<R>, name: impl Fn(R) -> &'static str) -> Self {
        let offset = match error.location {
            InputLocation::Pos(offset) | InputLocation::Span((offset, _)) => offset,
        };
        let mut rules = Vec::new();
        let mut custom = None;
        match &error.variant {
            ErrorVariant::ParsingError { positives, .. } => {
                for &rule in positives {
                    let words = name(rule);
                    if !rules.contains(&words) {
                        rules.push(words);
                    }
                }
            }
            ErrorVariant::CustomError { message } => custom = Some(message.clone()),
        }
        Self {
            offset,
            rules,
            custom,
        }
    }

    /// Whether `words` is one of the expected rules' names.
    #[must_use]
    pub fn includes(&self, words: &str) -> bool {
        self.rules.contains(&words)
    }

    /// `expected A, B or C, found {found}` (`expected something else, …` when pest named no
    /// rule; the custom message in place of the names for a custom error).
    #[must_use]
    pub fn message(&self, found: &str) -> String {
        let expected = self.custom.clone().unwrap_or_else(|| join_or(&self.rules));
        format!("expected {expected}, found {found}")
    }
}

/// `a`, `a or b`, `a, b or c`; `something else` for no words.
#[must_use]
pub fn join_or(words: &[&str]) -> String {
    match words {
        [] => "something else".to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Rule {
        Open,
        Brace,
        Number,
    }

    fn name(rule: Rule) -> &'static str {
        match rule {
            Rule::Open | Rule::Brace => "`{`",
            Rule::Number => "a number",
        }
    }

    fn parsing_error(positives: Vec<Rule>, at: usize) -> Error<Rule> {
        Error::new_from_pos(
            ErrorVariant::ParsingError {
                positives,
                negatives: Vec::new(),
            },
            pest::Position::new("ab cd ef", at).expect("inside the text"),
        )
    }

    #[test]
    fn words_are_joined_readably() {
        assert_eq!(join_or(&[]), "something else");
        assert_eq!(join_or(&["a"]), "a");
        assert_eq!(join_or(&["a", "b"]), "a or b");
        assert_eq!(join_or(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn rules_with_one_name_are_listed_once_in_pest_order() {
        let expected = Expected::new(
            &parsing_error(vec![Rule::Open, Rule::Number, Rule::Brace], 3),
            name,
        );
        assert_eq!(expected.offset, 3);
        assert_eq!(expected.rules, ["`{`", "a number"]);
        assert!(expected.includes("a number") && !expected.includes("`}`"));
        assert_eq!(
            expected.message("`cd`"),
            "expected `{` or a number, found `cd`"
        );
        let nothing = Expected::new(&parsing_error(Vec::new(), 6), name);
        assert_eq!(
            nothing.message("end of file"),
            "expected something else, found end of file"
        );
    }

    #[test]
    fn a_custom_message_replaces_the_rule_names() {
        let error: Error<Rule> = Error::new_from_pos(
            ErrorVariant::CustomError {
                message: "a weight".to_owned(),
            },
            pest::Position::new("x", 0).expect("inside the text"),
        );
        let expected = Expected::new(&error, name);
        assert!(expected.rules.is_empty());
        assert_eq!(expected.message("`x`"), "expected a weight, found `x`");
    }
}
