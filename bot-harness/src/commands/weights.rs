//! [`weights_eval()`] and [`weights_check()`] (`weights eval`, `weights check`): fuzzy weight
//! configs loaded through `fuzzy-weights`.
//!
//! `weights eval --botfiles DIR FILE [--inventory NAME=VALUE]... [--json]` evaluates every
//! weight of FILE (decided, ioquake3 interpolation) for the inventory, whose slots are named
//! by the defines FILE's headers make (`INVENTORY_ARMOR`, `ENEMY_HORIZONTAL_DIST`, …) or given
//! by number; unset slots are 0. JSON: `{"weights": {name: value, ...}}` in file order.
//!
//! `weights check --botfiles DIR [--json]` loads every file named `*_i.c` or `*_w.c` under
//! DIR (recursively, sorted by path; includes resolved from DIR). JSON:
//! `{"files": [{"file": path, "ok": true} | {"file": path, "ok": false, "error": message}]}`;
//! the path is relative to DIR with `/` separators. A file that fails is reported, not an
//! error of the command: the exit status is 0 whenever the report is printed.

use std::io::Write;
use std::path::Path;

use fuzzy_weights::{CompiledConfig, Interpolation, Inventory, InventoryNames, load_dir};
use serde::Serialize;
use serde_json::{Map, Value};

use super::botfile_search::find_botfiles;
use crate::error::Error;
use crate::output::{Report, write_json_value, write_text_fields};

/// The report of `weights eval` (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WeightsEvalReport {
    /// Each weight's decided value, in file order (`null` for NaN or infinity).
    pub weights: Map<String, Value>,
}

/// One file of the `weights check` report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WeightsFileResult {
    /// Path relative to the botfiles folder, `/` separators.
    pub file: String,
    /// Whether it loaded.
    pub ok: bool,
    /// Why it did not (`file:line:column: message`, then the include stack).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The report of `weights check`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WeightsCheckReport {
    /// Every weight config found, sorted by path.
    pub files: Vec<WeightsFileResult>,
}

/// Evaluates every weight of the config `file` (relative to `botfiles`, includes resolved
/// from it) for the inventory of `NAME=VALUE` arguments `inventory` (see the
/// [module docs](self)).
///
/// # Errors
/// When `botfiles` is not a folder, the config does not load, or an inventory argument is
/// malformed or names no slot.
pub fn weights_eval(
    botfiles: &Path,
    file: &str,
    inventory: &[String],
) -> Result<WeightsEvalReport, Error> {
    if !botfiles.is_dir() {
        return Err(Error::Argument(format!(
            "{}: not a botfiles folder",
            botfiles.display()
        )));
    }
    let loaded = load_dir(botfiles, file)?;
    let inventory = parse_inventory(inventory, &loaded.names, file)?;
    let compiled = CompiledConfig::new(&loaded.config);
    let mut weights = Map::new();
    for id in compiled.ids() {
        let value = compiled.evaluate(id, &inventory, Interpolation::Linear);
        weights.insert(compiled.name(id).to_owned(), json_number(value));
    }
    Ok(WeightsEvalReport { weights })
}

impl Report for WeightsEvalReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_text_fields(out, self)
    }
}

/// `value` as a JSON number with the shortest digits that give back the same `f32`
/// (`0.1`, not `0.10000000149011612`); `null` for NaN or infinity.
fn json_number(value: f32) -> Value {
    value
        .to_string()
        .parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .map_or(Value::Null, Value::Number)
}

/// The inventory of `NAME=VALUE` arguments.
fn parse_inventory(
    pairs: &[String],
    names: &InventoryNames,
    file: &str,
) -> Result<Inventory, Error> {
    let mut inventory = Inventory::default();
    for pair in pairs {
        let Some((name, value)) = pair.split_once('=') else {
            return Err(Error::Argument(format!(
                "--inventory {pair}: expected NAME=VALUE"
            )));
        };
        let (name, value) = (name.trim(), value.trim());
        let slot = match names.slot(name) {
            Some(slot) => slot,
            None => name.parse::<u8>().map_err(|_| {
                Error::Argument(format!(
                    "--inventory {pair}: `{name}` is not an inventory slot defined by {file} \
                     or its includes (nor a slot number 0-255)"
                ))
            })?,
        };
        inventory[slot] = value.parse::<i32>().map_err(|_| {
            Error::Argument(format!("--inventory {pair}: `{value}` is not an integer"))
        })?;
    }
    Ok(inventory)
}

/// Loads every `*_i.c` and `*_w.c` under `botfiles` (recursively; includes resolved from it)
/// and reports which fail and why. A file that fails is reported, not an error.
///
/// # Errors
/// When the folder cannot be listed.
pub fn weights_check(botfiles: &Path) -> Result<WeightsCheckReport, Error> {
    let files = find_botfiles(botfiles, &["_i.c", "_w.c"])?;
    let files = files
        .into_iter()
        .map(|file| match load_dir(botfiles, &file) {
            Ok(_) => WeightsFileResult {
                file,
                ok: true,
                error: None,
            },
            Err(error) => WeightsFileResult {
                file,
                ok: false,
                error: Some(error.to_string()),
            },
        })
        .collect();
    Ok(WeightsCheckReport { files })
}

impl Report for WeightsCheckReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    /// `FILE: ok` or `FILE: error: MESSAGE` per file, then `N files, L loaded, R rejected`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        let failed = self.files.iter().filter(|r| !r.ok).count();
        for result in &self.files {
            match &result.error {
                None => writeln!(out, "{}: ok", result.file)?,
                Some(error) => writeln!(out, "{}: error: {error}", result.file)?,
            }
        }
        writeln!(
            out,
            "{} files, {} loaded, {failed} rejected",
            self.files.len(),
            self.files.len() - failed
        )?;
        Ok(())
    }
}
