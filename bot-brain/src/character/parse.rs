//! Reading one skill block of a character file, as botlib's `BotLoadCharacterFromFile` does
//! (botlib reference §6.2): the file is preprocessed by `bot-script` (includes from the
//! botfiles root), then read lazily — the first block whose number, truncated, is the skill
//! asked for is parsed and reading stops there; blocks before it are skipped by counting
//! braces, so only their braces are checked.
//!
//! Grammar after preprocessing:
//!
//! ```text
//! file  = { "skill" NUM "{" { INT value } "}" } ;
//! value = NUM | STR ;          (no sign: `-` is an error)
//! ```

use bot_script::{FileSource, Preprocessor, Token, TokenKind};

use super::characteristic::MAX_CHARACTERISTICS;
use super::error::CharacterError;
use super::value::Value;
use crate::token_cursor::TokenCursor;

/// Which block to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkillQuery {
    /// The first block whose number, truncated, is this skill.
    Exact(u8),
    /// The first block, whatever its skill (botlib's "any skill", skill −1).
    Any,
}

/// The values of one skill block: 80 slots, `None` where the block sets nothing.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillBlock {
    /// The block's number as written (`skill 4` → 4.0).
    pub skill: f32,
    /// Slot `i` holds characteristic `i`'s value.
    pub slots: Vec<Option<Value>>,
}

/// Reads the block `query` of the character file `file` (relative to the source's root) with
/// a fresh preprocessor (botlib starts every file with an empty macro table).
///
/// # Errors
/// [`CharacterError::Script`] or [`CharacterError::Syntax`] for a problem met before the
/// block is read in full (with file, line, column and include stack);
/// [`CharacterError::MissingSkill`] / [`CharacterError::NoBlock`] when the file reads to its
/// end without such a block.
pub fn read_block<S: FileSource>(
    source: &S,
    file: &str,
    query: SkillQuery,
) -> Result<SkillBlock, CharacterError> {
    let mut preprocessor = Preprocessor::new(source);
    let (stream, error) = preprocessor.preprocess_file_partial(file);
    Reader {
        tokens: TokenCursor::new(&stream, error),
    }
    .file(file, query)
}

/// The reader of one character file's tokens.
struct Reader<'s> {
    tokens: TokenCursor<'s>,
}

impl<'s> Reader<'s> {
    /// The next token; at the end, the pending preprocessing error if there is one.
    fn next(&mut self) -> Result<Option<&'s Token>, CharacterError> {
        Ok(self.tokens.next()?)
    }

    /// The next token, or a syntax error `expected WHAT, found end of input`.
    fn expect(&mut self, what: &str) -> Result<&'s Token, CharacterError> {
        Ok(self.tokens.expect(what)?)
    }

    /// A syntax error at the token just read.
    fn error_here(&self, message: String) -> CharacterError {
        CharacterError::Syntax(self.tokens.diagnostic_here(message))
    }

    fn file(mut self, file: &str, query: SkillQuery) -> Result<SkillBlock, CharacterError> {
        loop {
            let Some(token) = self.next()? else {
                return Err(match query {
                    SkillQuery::Exact(skill) => CharacterError::MissingSkill {
                        file: file.to_owned(),
                        skill,
                    },
                    SkillQuery::Any => CharacterError::NoBlock {
                        file: file.to_owned(),
                    },
                });
            };
            if !token.is_name("skill") {
                let found = describe(token);
                return Err(self.error_here(format!("expected `skill`, found {found}")));
            }
            let token = self.expect("a skill number")?;
            let Some(number) = token.number else {
                let found = describe(token);
                return Err(self.error_here(format!("expected a skill number, found {found}")));
            };
            let token = self.expect("`{`")?;
            if !token.is_punct("{") {
                let found = describe(token);
                return Err(self.error_here(format!("expected `{{`, found {found}")));
            }
            let wanted = match query {
                SkillQuery::Any => true,
                SkillQuery::Exact(skill) => number.int == u64::from(skill),
            };
            if wanted {
                #[expect(
                    clippy::cast_possible_truncation,
                    reason = "botlib keeps skills in single precision"
                )]
                let skill = number.float as f32;
                return self.block(skill);
            }
            self.skip_block()?;
        }
    }

    /// Skips to the `}` closing a block whose `{` was just read.
    fn skip_block(&mut self) -> Result<(), CharacterError> {
        let mut depth = 1_usize;
        while depth > 0 {
            let token = self.expect("`}`")?;
            if token.is_punct("{") {
                depth += 1;
            } else if token.is_punct("}") {
                depth -= 1;
            }
        }
        Ok(())
    }

    /// Reads `{ INT value } "}"` after the block's `{`.
    fn block(&mut self, skill: f32) -> Result<SkillBlock, CharacterError> {
        let mut slots: Vec<Option<Value>> = vec![None; MAX_CHARACTERISTICS];
        loop {
            let token = self.expect("a characteristic index or `}`")?;
            if token.is_punct("}") {
                return Ok(SkillBlock { skill, slots });
            }
            let index = match token.number {
                Some(number) if !number.is_float => number.int,
                _ => {
                    let found = describe(token);
                    return Err(self.error_here(format!(
                        "expected a characteristic index (an integer) or `}}`, found {found}"
                    )));
                }
            };
            let Some(slot) = usize::try_from(index)
                .ok()
                .filter(|&i| i < MAX_CHARACTERISTICS)
            else {
                return Err(self.error_here(format!(
                    "characteristic index {index} out of range (0 to {})",
                    MAX_CHARACTERISTICS - 1
                )));
            };
            if slots[slot].is_some() {
                return Err(self.error_here(format!(
                    "characteristic {slot} set twice in this skill block"
                )));
            }
            let token = self.expect("a value")?;
            let value = match (token.kind, token.number) {
                (TokenKind::Number, Some(number)) if number.is_float => {
                    #[expect(
                        clippy::cast_possible_truncation,
                        reason = "botlib stores characteristics in single precision"
                    )]
                    let value = number.float as f32;
                    Value::Float(value)
                }
                (TokenKind::Number, Some(number)) => match i32::try_from(number.int) {
                    Ok(value) => Value::Integer(value),
                    Err(_) => {
                        return Err(self.error_here(format!(
                            "integer {} of characteristic {slot} is too large",
                            number.int
                        )));
                    }
                },
                (TokenKind::String, _) => Value::String(token.text_lossy()),
                _ => {
                    let found = describe(token);
                    return Err(self.error_here(format!(
                        "expected a number or a string for characteristic {slot}, found {found}"
                    )));
                }
            };
            slots[slot] = Some(value);
        }
    }
}

/// A token for messages: `` `text` `` (strings with their quotes).
fn describe(token: &Token) -> String {
    match token.kind {
        TokenKind::String => format!("`\"{}\"`", token.text_lossy()),
        TokenKind::Literal => format!("`'{}'`", token.text_lossy()),
        _ => format!("`{}`", token.text_lossy()),
    }
}
