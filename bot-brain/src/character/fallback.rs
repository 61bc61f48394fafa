//! One anchor skill of a character (botlib's `BotLoadCharacterSkill` and
//! `BotLoadCachedCharacter`): the 4-step fallback chain, then the default character filling
//! every slot the file left unset.

use std::fmt;

use bot_script::FileSource;

use super::error::CharacterError;
use super::parse::{SkillBlock, SkillQuery, read_block};

/// The default character botlib fills unset values from (and falls back to).
pub const DEFAULT_CHARACTER: &str = "bots/default_c.c";

/// Which step of botlib's fallback chain gave an anchor's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// (1) The file's own block for the skill.
    File,
    /// (2) The default character's block for the skill: the whole character is replaced.
    DefaultAtSkill,
    /// (3) The file's first block, whatever its skill.
    FileAnySkill,
    /// (4) The default character's first block.
    DefaultAnySkill,
}

/// How one anchor skill (1, 4 or 5) was loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct Anchor {
    /// The anchor skill asked for.
    pub skill: u8,
    /// The step of the chain that gave the values.
    pub step: Step,
    /// The file the values came from (before defaults filled the rest).
    pub file: String,
    /// The number of the block read (the anchor's skill in interpolation).
    pub block_skill: f32,
    /// Why step (1) failed, when another step was used.
    pub reason: Option<CharacterError>,
    /// Whether the default character could be read to fill unset slots.
    pub defaults_filled: bool,
    /// The values: the block's, unset slots filled from the default character.
    pub(crate) block: SkillBlock,
}

impl Anchor {
    /// Where the values came from, without the reason: `skill 4: bots/default_c.c at skill
    /// 4`, `skill 1: bots/x_c.c first block (skill 2)`, or `skill 4: bots/x_c.c`.
    #[must_use]
    pub fn source(&self) -> String {
        let mut text = format!("skill {}: {}", self.skill, self.file);
        match self.step {
            Step::File => {}
            Step::DefaultAtSkill => text.push_str(&format!(" at skill {}", self.skill)),
            Step::FileAnySkill | Step::DefaultAnySkill => {
                text.push_str(&format!(" first block (skill {})", self.block_skill));
            }
        }
        text
    }
}

impl fmt::Display for Anchor {
    /// [`Anchor::source`], then the reason step (1) failed in parentheses: `skill 4:
    /// bots/default_c.c at skill 4 (bots/x_c.c: no skill 4 block)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source())?;
        if let Some(reason) = &self.reason {
            write!(f, " ({reason})")?;
        }
        Ok(())
    }
}

/// The 4-step chain for `file` at `skill`: the values and the step, or the first step's
/// error when every step fails.
fn cached(
    source: &impl FileSource,
    file: &str,
    skill: u8,
) -> Result<(SkillBlock, Step, String, Option<CharacterError>), CharacterError> {
    let first = match read_block(source, file, SkillQuery::Exact(skill)) {
        Ok(block) => return Ok((block, Step::File, file.to_owned(), None)),
        Err(error) => error,
    };
    let steps = [
        (
            DEFAULT_CHARACTER,
            SkillQuery::Exact(skill),
            Step::DefaultAtSkill,
        ),
        (file, SkillQuery::Any, Step::FileAnySkill),
        (DEFAULT_CHARACTER, SkillQuery::Any, Step::DefaultAnySkill),
    ];
    for (from, query, step) in steps {
        if let Ok(block) = read_block(source, from, query) {
            return Ok((block, step, from.to_owned(), Some(first)));
        }
    }
    Err(CharacterError::NoFallback {
        file: file.to_owned(),
        skill,
        first: Box::new(first),
    })
}

/// Loads `file` at the anchor `skill`: the chain, then every slot left unset filled from the
/// default character at the same skill (itself through the chain; when it cannot be read at
/// all the slots stay unset and [`Anchor::defaults_filled`] is false).
///
/// # Errors
/// [`CharacterError::NoFallback`] when every step of the chain fails.
pub fn load_anchor(
    source: &impl FileSource,
    file: &str,
    skill: u8,
) -> Result<Anchor, CharacterError> {
    let (mut block, step, from, reason) = cached(source, file, skill)?;
    let defaults = cached(source, DEFAULT_CHARACTER, skill).ok();
    if let Some((default, ..)) = &defaults {
        for (slot, value) in block.slots.iter_mut().zip(&default.slots) {
            if slot.is_none() {
                slot.clone_from(value);
            }
        }
    }
    Ok(Anchor {
        skill,
        step,
        file: from,
        block_skill: block.skill,
        reason,
        defaults_filled: defaults.is_some(),
        block,
    })
}
