//! Entity text (the ENTITIES lump) parsed with a small pest grammar (`entities.pest`).

use pest::Parser as _;
use pest::error::{ErrorVariant, LineColLocation};
use pest_derive::Parser;

use crate::brush::{Entity, SourceLocation};

use super::BspError;
use super::text::{decode_text, until_nul};

/// The pest parser generated from `entities.pest`.
#[derive(Parser)]
#[grammar = "format/bsp_q3/entities.pest"]
struct EntityGrammar;

/// Parses the entity text of an ENTITIES lump into entities in file order, each located at
/// its opening `{` (1-based line and column within the text).
///
/// The text is a sequence of `{ "key" "value" ... }` blocks; keys and values are quoted, have
/// no escapes and may span lines; repeated keys are kept in order. The lump is a C string:
/// text after the first NUL is ignored. Text that is not valid UTF-8 is decoded as Latin-1,
/// one character per byte, so columns count bytes in that case. `//` and `/* */` comments and
/// any ASCII control character or space between tokens are skipped; CRLF line ends are
/// whitespace like any other.
///
/// # Errors
/// [`BspError::EntitySyntax`] with the line and column of the first syntax error.
///
/// # Complexity
/// `O(n)` in the length of the text.
pub fn parse_entities(lump: &[u8]) -> Result<Vec<Entity>, BspError> {
    let text = decode_text(until_nul(lump));
    let mut file =
        EntityGrammar::parse(Rule::entities, &text).map_err(|error| syntax_error(&error))?;
    let blocks = file.next().map(pest::iterators::Pair::into_inner);
    let mut lines = LineCounter::new(&text);
    let mut entities = Vec::new();
    for entity in blocks
        .into_iter()
        .flatten()
        .filter(|pair| pair.as_rule() == Rule::entity)
    {
        let (line, column) = lines.line_col(entity.as_span().start());
        let mut pairs = Vec::new();
        for pair in entity
            .into_inner()
            .filter(|pair| pair.as_rule() == Rule::pair)
        {
            let mut strings = pair.into_inner().map(|string| {
                string
                    .into_inner()
                    .next()
                    .map_or_else(String::new, |chars| chars.as_str().to_owned())
            });
            let key = strings.next().unwrap_or_default();
            let value = strings.next().unwrap_or_default();
            pairs.push((key, value));
        }
        entities.push(Entity {
            pairs,
            location: SourceLocation::Text { line, column },
        });
    }
    Ok(entities)
}

/// Turns a pest error into [`BspError::EntitySyntax`] with readable token names.
fn syntax_error(error: &pest::error::Error<Rule>) -> BspError {
    let (line, column) = match error.line_col {
        LineColLocation::Pos(position) | LineColLocation::Span(position, _) => position,
    };
    let message = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<&str> = Vec::new();
            for name in positives.iter().map(|rule| rule_name(*rule)) {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            if names.is_empty() {
                "unexpected text".to_owned()
            } else {
                format!("expected {}", names.join(" or "))
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    BspError::EntitySyntax {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
        message,
    }
}

/// What a rule looks like in the text, for error messages.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::entity | Rule::open => "`{`",
        Rule::close => "`}`",
        Rule::pair | Rule::string => "a quoted string",
        Rule::quote => "a closing `\"`",
        Rule::EOI => "end of text",
        Rule::entities | Rule::chars | Rule::WHITESPACE | Rule::COMMENT => "text",
    }
}

/// Turns increasing byte offsets into 1-based line and column (in characters), in one pass.
struct LineCounter<'a> {
    /// The text.
    text: &'a str,
    /// Byte offset reached.
    offset: usize,
    /// Line at `offset`.
    line: u32,
    /// Column at `offset`.
    column: u32,
}

impl<'a> LineCounter<'a> {
    /// Starts at line 1, column 1.
    fn new(text: &'a str) -> Self {
        Self {
            text,
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// Line and column of `offset`, which must not be below the previous call's offset
    /// (an earlier offset restarts the count from the beginning).
    fn line_col(&mut self, offset: usize) -> (u32, u32) {
        if offset < self.offset {
            *self = Self::new(self.text);
        }
        let skipped = self.text.get(self.offset..offset).unwrap_or_default();
        for c in skipped.chars() {
            if c == '\n' {
                self.line = self.line.saturating_add(1);
                self.column = 1;
            } else {
                self.column = self.column.saturating_add(1);
            }
        }
        self.offset = offset;
        (self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn at(entity: &Entity) -> (u32, u32) {
        match entity.location {
            SourceLocation::Text { line, column } => (line, column),
            SourceLocation::Record { .. } => panic!("entity located by record"),
        }
    }

    #[test]
    fn parses_pairs_in_order_with_locations() {
        let text = b"{\n\"classname\" \"worldspawn\"\n\"message\" \"Hi\"\n}\n  {\r\n\"classname\" \"light\" // lamp\r\n\"classname\" \"x\"\r\n}\n\0garbage";
        let entities = parse_entities(text).unwrap();
        assert_eq!(entities.len(), 2);
        assert_eq!(
            entities[0].pairs,
            vec![
                ("classname".to_owned(), "worldspawn".to_owned()),
                ("message".to_owned(), "Hi".to_owned())
            ]
        );
        assert_eq!(at(&entities[0]), (1, 1));
        assert_eq!(at(&entities[1]), (5, 3));
        assert_eq!(entities[1].pairs.len(), 2);
        assert_eq!(entities[1].classname(), "x");
    }

    #[test]
    fn empty_values_multiline_strings_and_block_comments() {
        let text = b"/* intro\n */ { \"a\" \"\" \"b\" \"two\nlines\" }";
        let entities = parse_entities(text).unwrap();
        assert_eq!(entities[0].get("a"), Some(""));
        assert_eq!(entities[0].get("b"), Some("two\nlines"));
        assert_eq!(at(&entities[0]), (2, 5));
    }

    #[test]
    fn latin1_bytes_are_one_character_each() {
        let text = b"{ \"message\" \"caf\xe9\" }\n{ \"m\" \"\xff\xfe\" }";
        let entities = parse_entities(text).unwrap();
        assert_eq!(entities[0].get("message"), Some("café"));
        assert_eq!(entities[1].get("m"), Some("\u{ff}\u{fe}"));
    }

    #[test]
    fn empty_text_has_no_entities() {
        assert!(parse_entities(b"").unwrap().is_empty());
        assert!(parse_entities(b"\0").unwrap().is_empty());
        assert!(parse_entities(b"  // nothing\n").unwrap().is_empty());
    }

    #[test]
    fn syntax_errors_have_line_and_column() {
        let cases: [(&[u8], u32, u32, &str); 4] = [
            (b"{ \"a\" \"b\" }\n{ \"a\" }", 2, 7, "quoted string"),
            (b"{ \"a\" \"b\"\n", 2, 1, "`}`"),
            (b"\n\n  x", 3, 3, "`{`"),
            (b"{ \"a\" \"b }", 1, 11, "closing"),
        ];
        for (text, line, column, needle) in cases {
            match parse_entities(text) {
                Err(BspError::EntitySyntax {
                    line: l,
                    column: c,
                    message,
                }) => {
                    assert_eq!(
                        (l, c, message.contains(needle)),
                        (line, column, true),
                        "{message}"
                    );
                }
                other => panic!("expected a syntax error, got {other:?}"),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Written entities (any text without `"` or NUL, any separators) parse back to the
        /// same pairs, located at their `{`.
        #[test]
        fn written_entities_parse_back(
            entities in prop::collection::vec(
                prop::collection::vec(("[^\"\\x00]{0,12}", "[^\"\\x00]{0,12}"), 0..5),
                0..6,
            ),
            separator in prop::sample::select(vec![" ", "\n", "\r\n", "\t", " // note\n"]),
        ) {
            let mut text = String::new();
            let mut starts = Vec::new();
            for pairs in &entities {
                starts.push(text.len());
                text.push('{');
                for (key, value) in pairs {
                    text.push_str(&format!("{separator}\"{key}\" \"{value}\""));
                }
                text.push_str(separator);
                text.push('}');
                text.push_str(separator);
            }
            let parsed = parse_entities(text.as_bytes()).unwrap();
            prop_assert_eq!(parsed.len(), entities.len());
            for ((entity, pairs), start) in parsed.iter().zip(&entities).zip(starts) {
                prop_assert_eq!(&entity.pairs, pairs);
                let before = &text[..start];
                let line = u32::try_from(before.matches('\n').count() + 1).unwrap();
                let column = before.rsplit('\n').next().unwrap().chars().count() + 1;
                let column = u32::try_from(column).unwrap();
                prop_assert_eq!(entity.location, SourceLocation::Text { line, column });
            }
        }

        /// Arbitrary bytes give entities or a syntax error, never a panic.
        #[test]
        fn arbitrary_text_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = parse_entities(&bytes);
        }
    }
}
