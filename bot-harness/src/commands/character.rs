//! [`character_check()`] and [`character_show()`] (`character check`, `character show`): bot
//! characters (`*_c.c`) loaded through `bot-brain`.
//!
//! `character check --botfiles DIR [--json]` loads every file named `*_c.c` under DIR
//! (recursively, sorted by path; includes resolved from DIR) at each anchor skill 1, 4 and 5,
//! the way botlib does (its fallback chain, `bots/default_c.c` filling unset values). JSON:
//! `{"files": [{"file", "ok", "error"?, "fallback"?}]}`: `ok` is false when the file's own
//! block for an anchor cannot be read (a syntax or preprocessing error; `error` says where
//! and why); `fallback` lists the anchors botlib would take from elsewhere, joined by `; `
//! (`skill 4: bots/default_c.c at skill 4 (bots/x_c.c: no skill 4 block)` — not a failure
//! when the file merely lacks the block; `skill 4: bots/default_c.c at skill 4` after an
//! error, which `error` gives). The exit status is non-zero when a
//! file is not ok.
//!
//! `character show --botfiles DIR FILE --skill S [--compat botlib|fixed] [--json]` prints
//! every characteristic of FILE at skill S by its `chars.h` name, in index order:
//! `{"characteristics": {name: value}}` (a float, an integer, a string, or `null` when unset;
//! slots `chars.h` does not name, when set, by their index). `--compat` chooses how numbers
//! written as integers interpolate (default `fixed`; `botlib` never interpolates them).

use std::io::Write;
use std::path::{Path, PathBuf};

use bot_brain::character::{
    Characteristic, Compat, MAX_CHARACTERISTICS, Step, Value, load_anchor, load_dir,
};
use bot_script::DirSource;
use serde::Serialize;
use serde_json::{Map, Value as Json};

use super::botfile_search::find_botfiles;
use crate::error::Error;
use crate::output::{Report, write_json_value, write_text_fields};

/// One file of the `character check` report (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CharacterFileResult {
    /// Path relative to the botfiles folder, `/` separators.
    pub file: String,
    /// Whether the file's own blocks read without error at every anchor skill it has.
    pub ok: bool,
    /// Why it did not (`file:line:column: message`, then the include stack).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The anchors botlib takes from a fallback step, and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

/// The report of `character check`; the command fails once it is printed when a file is
/// not ok ([`Report::status`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CharacterCheckReport {
    /// Every character file found, sorted by path.
    pub files: Vec<CharacterFileResult>,
    /// The botfiles folder (named by the failure).
    #[serde(skip)]
    pub botfiles: PathBuf,
}

/// The report of `character show`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CharacterShowReport {
    /// Every characteristic by its `chars.h` name, in index order.
    pub characteristics: Map<String, Json>,
    /// Fallbacks and interpolation gaps, printed on standard error in text mode.
    #[serde(skip)]
    pub notes: Vec<String>,
}

/// Fails with `DIR: not a botfiles folder` unless `botfiles` is a folder.
fn require_folder(botfiles: &Path) -> Result<(), Error> {
    if botfiles.is_dir() {
        Ok(())
    } else {
        Err(Error::Argument(format!(
            "{}: not a botfiles folder",
            botfiles.display()
        )))
    }
}

/// Loads every `*_c.c` under `botfiles` at the anchor skills 1, 4 and 5 (see the
/// [module docs](self)).
///
/// # Errors
/// When `botfiles` is not a folder or cannot be listed (a file that fails is reported, and
/// fails the command only through [`Report::status`]).
pub fn character_check(botfiles: &Path) -> Result<CharacterCheckReport, Error> {
    require_folder(botfiles)?;
    let files = find_botfiles(botfiles, &["_c.c"])?;
    let source = DirSource::new(botfiles);
    let files = files
        .into_iter()
        .map(|file| {
            let mut error = None;
            let mut fallbacks = Vec::new();
            for skill in [1, 4, 5] {
                match load_anchor(&source, &file, skill) {
                    Ok(anchor) if anchor.step == Step::File => {}
                    Ok(anchor) => {
                        match &anchor.reason {
                            Some(reason) if !reason.is_missing_block() => {
                                // The reason is the file's error; the fallback says where
                                // botlib takes the values from instead.
                                error.get_or_insert_with(|| reason.to_string());
                                fallbacks.push(anchor.source());
                            }
                            _ => fallbacks.push(anchor.to_string()),
                        }
                    }
                    Err(e) => {
                        if error.is_none() {
                            error = Some(e.to_string());
                        }
                    }
                }
            }
            CharacterFileResult {
                file,
                ok: error.is_none(),
                error,
                fallback: (!fallbacks.is_empty()).then(|| fallbacks.join("; ")),
            }
        })
        .collect();
    Ok(CharacterCheckReport {
        files,
        botfiles: botfiles.to_owned(),
    })
}

impl Report for CharacterCheckReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    /// `FILE: ok` (then `  fallback: …`) or `FILE: error: MESSAGE` per file, then
    /// `N files, L loaded, R rejected`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        for result in &self.files {
            match &result.error {
                None => writeln!(out, "{}: ok", result.file)?,
                Some(error) => writeln!(out, "{}: error: {error}", result.file)?,
            }
            if let Some(fallback) = &result.fallback {
                writeln!(out, "  fallback: {fallback}")?;
            }
        }
        let failed = self.files.iter().filter(|r| !r.ok).count();
        writeln!(
            out,
            "{} files, {} loaded, {failed} rejected",
            self.files.len(),
            self.files.len() - failed
        )?;
        Ok(())
    }

    /// Fails with `N of M character files rejected` when a file is not ok.
    fn status(&self) -> Result<(), Error> {
        let rejected = self.files.iter().filter(|f| !f.ok).count();
        if rejected > 0 {
            return Err(Error::Io {
                path: self.botfiles.clone(),
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "{rejected} of {} character files rejected",
                        self.files.len()
                    ),
                ),
            });
        }
        Ok(())
    }
}

/// Loads the character `file` (relative to `botfiles`) at `skill` with `compat` and lists
/// every characteristic (see the [module docs](self)).
///
/// # Errors
/// When `botfiles` is not a folder, or the character cannot be loaded by any step of
/// botlib's fallback chain.
pub fn character_show(
    botfiles: &Path,
    file: &str,
    skill: f32,
    compat: Compat,
) -> Result<CharacterShowReport, Error> {
    require_folder(botfiles)?;
    let character = load_dir(botfiles, file, skill, compat)?;
    let mut characteristics = Map::new();
    for c in Characteristic::ALL {
        characteristics.insert(c.name().to_owned(), json_value(character.value(c)));
    }
    for index in Characteristic::ALL.len()..MAX_CHARACTERISTICS {
        if let Some(value) = character.value_at(index) {
            characteristics.insert(index.to_string(), json_value(Some(value)));
        }
    }
    let mut notes: Vec<String> = character
        .anchors
        .iter()
        .filter(|a| a.step != Step::File)
        .map(|a| format!("fallback: {a}"))
        .collect();
    notes.extend(character.unset_by_interpolation.iter().map(|&index| {
        let name = Characteristic::from_index(index)
            .map_or_else(|| index.to_string(), |c| c.name().to_owned());
        format!(
            "{name}: unset by interpolation (a float at the lower skill, another type at the upper)"
        )
    }));
    Ok(CharacterShowReport {
        characteristics,
        notes,
    })
}

impl Report for CharacterShowReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_text_fields(out, self)
    }

    fn warnings(&self) -> Vec<String> {
        self.notes.clone()
    }
}

/// A value as JSON: a float with the shortest digits that give back the same `f32` (`0.1`,
/// not `0.10000000149011612`), an integer, a string, or `null` (unset, or a non-finite
/// float).
fn json_value(value: Option<&Value>) -> Json {
    match value {
        None => Json::Null,
        Some(Value::Integer(v)) => Json::from(*v),
        Some(Value::String(s)) => Json::from(s.as_str()),
        Some(Value::Float(v)) => v
            .to_string()
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or(Json::Null, Json::Number),
    }
}
