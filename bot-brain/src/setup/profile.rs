//! [`BotProfile`]: one bot of a botfiles folder: its character at a skill, its item and
//! weapon weights, its chat file and chat name, and its gender.
//!
//! Rules: a name is looked up as `bots/<name in lower case>_c.c` (a name ending in `_c.c` is
//! a path); the skill is clamped to 1..=5; a missing character goes through botlib's
//! fallback chain (`bots/default_c.c`); a weight file that fails is replaced by the
//! folder's `bots/default_i.c` / `bots/default_w.c`, else by our embedded one; a chat file
//! without initial chats for the chat name is reported. Every problem is one diagnostic
//! string naming the file and the cause; [`SetupError`] only when no character loads.

use bot_chat::{ChatData, FileKind, Gender};
use bot_script::FileSource;
use fuzzy_weights::CompiledConfig;
use thiserror::Error;

use super::embedded::default_botfiles;
use crate::character::{self, Character, CharacterError, Characteristic, Compat};

/// The folder's default item weights.
const DEFAULT_ITEM_WEIGHTS: &str = "bots/default_i.c";
/// The folder's default weapon weights.
const DEFAULT_WEAPON_WEIGHTS: &str = "bots/default_w.c";

/// Why no bot could be set up at all.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SetupError {
    /// Neither the character nor any step of botlib's fallback chain could be loaded.
    #[error("{file}: no character can be loaded ({cause})")]
    NoCharacter {
        /// The character file asked for.
        file: String,
        /// Why.
        cause: CharacterError,
    },
}

/// One bot, ready to play.
#[derive(Debug, Clone)]
pub struct BotProfile {
    /// The bot's name (`CHARACTERISTIC_NAME`, else the name asked for).
    pub name: String,
    /// The character file asked for (`bots/<name>_c.c`).
    pub file: String,
    /// The skill used (clamped to 1..=5).
    pub skill: f32,
    /// The character at that skill.
    pub character: Character,
    /// The item weights.
    pub item_weights: CompiledConfig,
    /// The file the item weights came from (`embedded:` prefixed when ours).
    pub item_weights_file: String,
    /// The weapon weights.
    pub weapon_weights: CompiledConfig,
    /// The file the weapon weights came from (`embedded:` prefixed when ours).
    pub weapon_weights_file: String,
    /// The initial-chat file (`CHARACTERISTIC_CHAT_FILE`), if the character names one.
    pub chat_file: Option<String>,
    /// The chat block name (`CHARACTERISTIC_CHAT_NAME`), if the character names one.
    pub chat_name: Option<String>,
    /// The gender (`CHARACTERISTIC_GENDER`, by its first letter).
    pub gender: Gender,
    /// Every problem met, each naming the file and the cause.
    pub diagnostics: Vec<String>,
}

impl BotProfile {
    /// The character's short name for reports: the file's stem without `bots/` and `_c.c`
    /// (`"vesper"`).
    #[must_use]
    pub fn bot_name(&self) -> String {
        let stem = self.file.rsplit('/').next().unwrap_or(&self.file);
        let cut = stem.len().saturating_sub(4);
        if stem.len() > 4 && stem[cut..].eq_ignore_ascii_case("_c.c") {
            stem[..cut].to_owned()
        } else {
            stem.to_owned()
        }
    }

    /// Loads the bot `name` of `source` at `skill`.
    ///
    /// # Errors
    /// [`SetupError::NoCharacter`] when neither the character nor any fallback loads.
    pub fn load(source: &impl FileSource, name: &str, skill: f32) -> Result<Self, SetupError> {
        let mut diagnostics = Vec::new();
        let file = character_file(name);
        let used_skill = if skill.is_nan() {
            1.0
        } else {
            skill.clamp(1.0, 5.0)
        };
        #[expect(clippy::float_cmp, reason = "reports only a skill that was changed")]
        if used_skill != skill {
            diagnostics.push(format!("{file}: skill {skill} clamped to {used_skill}"));
        }
        let character =
            character::load(source, &file, used_skill, Compat::default()).map_err(|cause| {
                SetupError::NoCharacter {
                    file: file.clone(),
                    cause,
                }
            })?;
        for anchor in &character.anchors {
            if anchor.step != character::Step::File {
                diagnostics.push(format!("{file}: fell back to {anchor}"));
            }
        }
        for index in &character.unset_by_interpolation {
            diagnostics.push(format!(
                "{file}: characteristic {index} left unset by interpolation"
            ));
        }
        let string = |c: Characteristic| character.string(c).ok().map(str::to_owned);
        let (item_weights, item_weights_file) = weights(
            source,
            &file,
            string(Characteristic::ItemWeights),
            "item weights (CHARACTERISTIC_ITEMWEIGHTS)",
            DEFAULT_ITEM_WEIGHTS,
            &mut diagnostics,
        );
        let (weapon_weights, weapon_weights_file) = weights(
            source,
            &file,
            string(Characteristic::WeaponWeights),
            "weapon weights (CHARACTERISTIC_WEAPONWEIGHTS)",
            DEFAULT_WEAPON_WEIGHTS,
            &mut diagnostics,
        );
        let (chat_file, chat_name) = chat_strings(&character, &file, &mut diagnostics);
        check_chat(
            source,
            &file,
            chat_file.as_deref(),
            chat_name.as_deref(),
            &mut diagnostics,
        );
        let gender = match character.gender() {
            character::Gender::Female => Gender::Female,
            character::Gender::Male => Gender::Male,
            character::Gender::It => Gender::It,
        };
        Ok(Self {
            name: string(Characteristic::Name).unwrap_or_else(|| name.to_owned()),
            file,
            skill: used_skill,
            character,
            item_weights,
            item_weights_file,
            weapon_weights,
            weapon_weights_file,
            chat_file,
            chat_name,
            gender,
            diagnostics,
        })
    }
}

/// The character file of the bot `name`: `name` itself when it ends in `_c.c`, else
/// `bots/<name in lower case>_c.c`.
#[must_use]
pub fn character_file(name: &str) -> String {
    if name.to_ascii_lowercase().ends_with("_c.c") {
        name.to_owned()
    } else {
        format!("bots/{}_c.c", name.to_ascii_lowercase())
    }
}

/// Loads the weight file `wanted` of the character `file`, else the folder's `default`,
/// else our embedded `default`; one diagnostic per failure. Returns the config and the file
/// it came from.
fn weights(
    source: &impl FileSource,
    file: &str,
    wanted: Option<String>,
    what: &str,
    default: &str,
    diagnostics: &mut Vec<String>,
) -> (CompiledConfig, String) {
    let mut candidates = Vec::new();
    match wanted {
        Some(path) => candidates.push(path),
        None => diagnostics.push(format!("{file}: no {what}")),
    }
    if !candidates.iter().any(|c| c.eq_ignore_ascii_case(default)) {
        candidates.push(default.to_owned());
    }
    for path in candidates {
        match fuzzy_weights::load(source, &path) {
            Ok(loaded) => return (CompiledConfig::new(&loaded.config), path),
            Err(error) => diagnostics.push(format!("{path}: {what} not loaded ({error})")),
        }
    }
    diagnostics.push(format!("{file}: using the embedded {default}"));
    let config = fuzzy_weights::load(default_botfiles(), default)
        .map(|loaded| CompiledConfig::new(&loaded.config))
        .unwrap_or_else(|_| CompiledConfig::new(&fuzzy_weights::WeightConfig::default()));
    (config, format!("embedded:{default}"))
}

/// The chat file and chat name of `character`: the stock slots, else (a renumbered
/// `chars.h`, such as mecwerks' `BOT_CHAT_FILE 8`) the first string slot naming a `*_t.c`
/// file and the string slot after it, with a diagnostic.
fn chat_strings(
    character: &Character,
    file: &str,
    diagnostics: &mut Vec<String>,
) -> (Option<String>, Option<String>) {
    let string = |c: Characteristic| character.string(c).ok().map(str::to_owned);
    let stock = (
        string(Characteristic::ChatFile),
        string(Characteristic::ChatName),
    );
    if stock.0.is_some() {
        return stock;
    }
    let as_string = |index: usize| match character.value_at(index) {
        Some(character::Value::String(text)) => Some(text.clone()),
        _ => None,
    };
    let found = (0..character::MAX_CHARACTERISTICS).find_map(|index| {
        as_string(index)
            .filter(|text| text.to_ascii_lowercase().ends_with("_t.c"))
            .map(|text| (index, text))
    });
    let Some((index, chat_file)) = found else {
        return stock;
    };
    diagnostics.push(format!(
        "{file}: CHARACTERISTIC_CHAT_FILE is not a string; slot {index} names the chat file \"{chat_file}\" (a renumbered chars.h)"
    ));
    (Some(chat_file), as_string(index + 1))
}

/// Reports a character without chat file or name, a chat file that does not load, and one
/// without a chat block of the chat name holding chat types.
fn check_chat(
    source: &impl FileSource,
    file: &str,
    chat_file: Option<&str>,
    chat_name: Option<&str>,
    diagnostics: &mut Vec<String>,
) {
    let (Some(chat_file), Some(chat_name)) = (chat_file, chat_name) else {
        diagnostics.push(format!(
            "{file}: no CHARACTERISTIC_CHAT_FILE or CHARACTERISTIC_CHAT_NAME; the bot has no initial chats"
        ));
        return;
    };
    let mut data = ChatData::default();
    if let Err(error) = data.load_file(source, chat_file, FileKind::InitialChats) {
        diagnostics.push(format!(
            "{chat_file}: chat file of {file} not loaded ({error})"
        ));
        return;
    }
    let found = data
        .initial
        .iter()
        .flat_map(|f| &f.blocks)
        .any(|b| b.name.eq_ignore_ascii_case(chat_name) && !b.types.is_empty());
    if !found {
        diagnostics.push(format!(
            "{chat_file}: no initial chats found for chat name \"{chat_name}\" of {file}"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_character_files() {
        assert_eq!(character_file("Vesper"), "bots/vesper_c.c");
        assert_eq!(character_file("bots/Kestrel_C.c"), "bots/Kestrel_C.c");
        assert_eq!(character_file("other/x_c.c"), "other/x_c.c");
    }

    #[test]
    fn a_chat_name_without_chats_is_reported() {
        let source = bot_script::MemorySource::new().with(
            "bots/a_t.c",
            "chat \"someone\" { type \"game_enter\" { \"hi\"; } }",
        );
        let mut diagnostics = Vec::new();
        check_chat(
            &source,
            "bots/a_c.c",
            Some("bots/a_t.c"),
            Some("a"),
            &mut diagnostics,
        );
        assert_eq!(
            diagnostics,
            ["bots/a_t.c: no initial chats found for chat name \"a\" of bots/a_c.c"]
        );
        diagnostics.clear();
        check_chat(
            &source,
            "bots/a_c.c",
            Some("bots/a_t.c"),
            Some("SomeOne"),
            &mut diagnostics,
        );
        assert!(diagnostics.is_empty());
    }
}
