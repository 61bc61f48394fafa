//! [`BotProfile`]: one bot of a botfiles folder: its character at a skill, its compiled item
//! and weapon weights, and its chat settings.

use bot_chat::Gender;
use bot_script::FileSource;
use fuzzy_weights::CompiledConfig;

use super::embedded::default_botfiles;
use crate::character::{self, Character, CharacterError, Characteristic, Compat};

/// Why a bot cannot be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// No step of botlib's fallback chain gave a character.
    #[error("no character for `{name}`: {source}")]
    Character {
        /// The name asked for.
        name: String,
        /// Why.
        source: CharacterError,
    },
    /// The toolkit's own weights failed to load (a defect of this crate).
    #[error("the toolkit's own {file}: {message}")]
    Builtin {
        /// Which file.
        file: String,
        /// Why.
        message: String,
    },
}

/// One bot, loaded (see the [module docs](super)).
#[derive(Debug, Clone)]
pub struct BotProfile {
    /// The name it plays under: the character's `CHARACTERISTIC_NAME`, else the name asked.
    pub name: String,
    /// The character file asked for (`bots/<name>_c.c`).
    pub file: String,
    /// The skill, clamped to 1..=5.
    pub skill: f32,
    /// The character at that skill.
    pub character: Character,
    /// Item weights (`ITEMWEIGHTS`), compiled.
    pub item_weights: CompiledConfig,
    /// Weapon weights (`WEAPONWEIGHTS`), compiled.
    pub weapon_weights: CompiledConfig,
    /// `CHAT_FILE`, when set.
    pub chat_file: Option<String>,
    /// `CHAT_NAME`, when set.
    pub chat_name: Option<String>,
    /// Its gender (`GENDER`'s first letter, as botlib judges it).
    pub gender: Gender,
    /// What went wrong and the fallbacks taken.
    pub diagnostics: Vec<String>,
}

/// The character file of `name`: `bots/<name>_c.c` in lower case, or `name` itself when it
/// is a path ending in `_c.c`.
#[must_use]
pub fn character_file(name: &str) -> String {
    if name.to_ascii_lowercase().ends_with("_c.c") {
        name.to_owned()
    } else {
        format!("bots/{}_c.c", name.to_ascii_lowercase())
    }
}

impl BotProfile {
    /// Loads bot `name` (a character name, or a path to a `_c.c` file) at `skill` from
    /// `source`.
    ///
    /// # Errors
    /// [`SetupError::Character`] when no step of botlib's fallback chain gives a character
    /// (a NaN skill, or neither the file nor `bots/default_c.c` loads).
    pub fn load(source: &impl FileSource, name: &str, skill: f32) -> Result<Self, SetupError> {
        let mut diagnostics = Vec::new();
        let file = character_file(name);
        if !(1.0..=5.0).contains(&skill) && !skill.is_nan() {
            diagnostics.push(format!("skill {skill} clamped to 1..=5"));
        }
        if let Err(error) = source.read(&file) {
            diagnostics.push(format!(
                "{file}: {error}; falling back to bots/default_c.c as botlib does"
            ));
        }
        let character = character::load(source, &file, skill, Compat::default()).map_err(
            |source| SetupError::Character {
                name: name.to_owned(),
                source,
            },
        )?;
        for anchor in character.anchors.iter().filter(|a| a.reason.is_some()) {
            let reason = anchor
                .reason
                .as_ref()
                .map_or_else(String::new, ToString::to_string);
            diagnostics.push(format!(
                "{file}: {reason}; skill {} read from {}",
                anchor.skill,
                anchor.source()
            ));
        }
        let display = character
            .string(Characteristic::Name)
            .ok()
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| name.to_owned(), str::to_owned);
        let item_weights = weights(
            source,
            &character,
            Characteristic::ItemWeights,
            "bots/default_i.c",
            &mut diagnostics,
        )?;
        let weapon_weights = weights(
            source,
            &character,
            Characteristic::WeaponWeights,
            "bots/default_w.c",
            &mut diagnostics,
        )?;
        let text = |c| {
            character
                .string(c)
                .ok()
                .filter(|s: &&str| !s.is_empty())
                .map(str::to_owned)
        };
        let gender = match text(Characteristic::Gender)
            .and_then(|g| g.chars().next())
            .map(|c| c.to_ascii_lowercase())
        {
            Some('f') => Gender::Female,
            Some('m') => Gender::Male,
            _ => Gender::It,
        };
        Ok(Self {
            name: display,
            file,
            skill: character.skill,
            chat_file: text(Characteristic::ChatFile),
            chat_name: text(Characteristic::ChatName),
            character,
            item_weights,
            weapon_weights,
            gender,
            diagnostics,
        })
    }

    /// The character's short name for reports: the file's stem without `bots/` and `_c.c`
    /// (`"razor"`).
    #[must_use]
    pub fn bot_name(&self) -> String {
        let stem = self.file.rsplit('/').next().unwrap_or(&self.file);
        let lower = stem.to_ascii_lowercase();
        lower
            .strip_suffix("_c.c")
            .map_or_else(|| stem.to_owned(), |s| stem[..s.len()].to_owned())
    }
}

/// The weights the character's `which` names, with botlib-like fallbacks: the folder's
/// `fallback`, then the toolkit's own `fallback`.
fn weights(
    source: &impl FileSource,
    character: &Character,
    which: Characteristic,
    fallback: &str,
    diagnostics: &mut Vec<String>,
) -> Result<CompiledConfig, SetupError> {
    let named = character.string(which).ok().map(str::to_owned);
    let first = named.clone().unwrap_or_else(|| fallback.to_owned());
    if named.is_none() {
        diagnostics.push(format!(
            "{}: not set; using {fallback}",
            which.name()
        ));
    }
    match fuzzy_weights::load(source, &first) {
        Ok(loaded) => return Ok(CompiledConfig::new(&loaded.config)),
        Err(error) => diagnostics.push(format!("{first}: {error}")),
    }
    if first != fallback {
        match fuzzy_weights::load(source, fallback) {
            Ok(loaded) => {
                diagnostics.push(format!("using the folder's {fallback} instead"));
                return Ok(CompiledConfig::new(&loaded.config));
            }
            Err(error) => diagnostics.push(format!("{fallback}: {error}")),
        }
    }
    diagnostics.push(format!("using the toolkit's own {fallback} instead"));
    fuzzy_weights::load(default_botfiles(), fallback)
        .map(|loaded| CompiledConfig::new(&loaded.config))
        .map_err(|error| SetupError::Builtin {
            file: fallback.to_owned(),
            message: error.to_string(),
        })
}
