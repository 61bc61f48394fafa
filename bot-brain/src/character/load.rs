//! Loading a character at any skill (botlib's `BotLoadCharacter`): anchors 1, 4 and 5 are
//! read as they are; any other skill interpolates between 1 and 4 (below 4) or 4 and 5
//! (above 4).

use std::path::PathBuf;

use bot_script::{DirSource, FileSource};

use super::Character;
use super::error::CharacterError;
use super::fallback::{Anchor, load_anchor};
use super::interpolate::{Compat, interpolate};

/// Loads the character file `file` (relative to the botfiles folder `root`, such as
/// `bots/sarge_c.c`) at `skill`; includes are resolved from `root` case-insensitively.
///
/// # Errors
/// See [`load`].
pub fn load_dir(
    root: impl Into<PathBuf>,
    file: &str,
    skill: f32,
    compat: Compat,
) -> Result<Character, CharacterError> {
    load(&DirSource::new(root), file, skill, compat)
}

/// Loads the character file `file` from `source` at `skill` (clamped to [1, 5]), the way
/// botlib does:
///
/// - at the anchors 1, 4 and 5, the block of that skill, through the fallback chain (the
///   file at the skill; `bots/default_c.c` at the skill, replacing the whole character; the
///   file's first block; the default's first block), then every slot the block left unset
///   filled from `bots/default_c.c` at the same skill;
/// - between anchors, both anchors loaded that way and each slot interpolated by `compat`
///   with t = (skill − low) / (high − low), from the anchors' block numbers. When the upper
///   anchor cannot be loaded the lower one is used alone; when both anchors have the same
///   block number (both fell back to one block) the lower one is copied (botlib would divide
///   by zero).
///
/// # Errors
/// [`CharacterError::BadSkill`] for a NaN skill; [`CharacterError::NoFallback`] when the
/// (lower) anchor cannot be loaded by any step of the chain.
pub fn load(
    source: &impl FileSource,
    file: &str,
    skill: f32,
    compat: Compat,
) -> Result<Character, CharacterError> {
    if skill.is_nan() {
        return Err(CharacterError::BadSkill {
            file: file.to_owned(),
            skill,
        });
    }
    let skill = skill.clamp(1.0, 5.0);
    #[expect(
        clippy::float_cmp,
        reason = "botlib reads the anchors alone only for exactly 1, 4 or 5"
    )]
    let anchor = [1_u8, 4, 5].into_iter().find(|&a| f32::from(a) == skill);
    if let Some(anchor) = anchor {
        let anchor = load_anchor(source, file, anchor)?;
        return Ok(Character {
            file: file.to_owned(),
            skill,
            compat,
            slots: anchor.block.slots.clone(),
            unset_by_interpolation: Vec::new(),
            anchors: vec![anchor],
        });
    }
    let (low, high) = if skill < 4.0 { (1, 4) } else { (4, 5) };
    let low = load_anchor(source, file, low)?;
    let high = load_anchor(source, file, high).ok();
    Ok(between(file, skill, compat, low, high))
}

/// The character at `skill` between the anchors `low` and `high`.
fn between(file: &str, skill: f32, compat: Compat, low: Anchor, high: Option<Anchor>) -> Character {
    let usable = high.filter(|h| h.block_skill != low.block_skill);
    let Some(high) = usable else {
        return Character {
            file: file.to_owned(),
            skill,
            compat,
            slots: low.block.slots.clone(),
            unset_by_interpolation: Vec::new(),
            anchors: vec![low],
        };
    };
    let t = (skill - low.block_skill) / (high.block_skill - low.block_skill);
    let mut unset = Vec::new();
    let slots = low
        .block
        .slots
        .iter()
        .zip(&high.block.slots)
        .enumerate()
        .map(|(index, (a, b))| {
            let value = interpolate(a.as_ref(), b.as_ref(), t, compat);
            if a.is_some() && value.is_none() {
                unset.push(index);
            }
            value
        })
        .collect();
    Character {
        file: file.to_owned(),
        skill,
        compat,
        slots,
        unset_by_interpolation: unset,
        anchors: vec![low, high],
    }
}
