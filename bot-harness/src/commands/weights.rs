//! `weights eval` and `weights check`: fuzzy weight configs loaded through `fuzzy-weights`.
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

use crate::cli::{WeightsCheckArgs, WeightsEvalArgs};
use crate::error::CliError;
use crate::output::print_report;

/// The `eval` report (field names are a stable contract).
#[derive(Debug, Serialize)]
struct EvalReport {
    /// Each weight's decided value, in file order.
    weights: Map<String, Value>,
}

/// One file of the `check` report.
#[derive(Debug, Serialize)]
struct FileResult {
    /// Path relative to the botfiles folder, `/` separators.
    file: String,
    /// Whether it loaded.
    ok: bool,
    /// Why it did not (`file:line:column: message`, then the include stack).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The `check` report.
#[derive(Debug, Serialize)]
struct CheckReport {
    files: Vec<FileResult>,
}

pub(super) fn eval(args: &WeightsEvalArgs, out: &mut impl Write) -> Result<(), CliError> {
    if !args.botfiles.is_dir() {
        return Err(CliError::Argument(format!(
            "{}: not a botfiles folder",
            args.botfiles.display()
        )));
    }
    let loaded = load_dir(&args.botfiles, &args.file)?;
    let inventory = parse_inventory(&args.inventory, &loaded.names, &args.file)?;
    let compiled = CompiledConfig::new(&loaded.config);
    let mut weights = Map::new();
    for id in compiled.ids() {
        let value = compiled.evaluate(id, &inventory, Interpolation::Linear);
        weights.insert(compiled.name(id).to_owned(), json_number(value));
    }
    print_report(out, &EvalReport { weights }, args.json)
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
) -> Result<Inventory, CliError> {
    let mut inventory = Inventory::default();
    for pair in pairs {
        let Some((name, value)) = pair.split_once('=') else {
            return Err(CliError::Argument(format!(
                "--inventory {pair}: expected NAME=VALUE"
            )));
        };
        let (name, value) = (name.trim(), value.trim());
        let slot = match names.slot(name) {
            Some(slot) => slot,
            None => name.parse::<u8>().map_err(|_| {
                CliError::Argument(format!(
                    "--inventory {pair}: `{name}` is not an inventory slot defined by {file} \
                     or its includes (nor a slot number 0-255)"
                ))
            })?,
        };
        inventory[slot] = value.parse::<i32>().map_err(|_| {
            CliError::Argument(format!("--inventory {pair}: `{value}` is not an integer"))
        })?;
    }
    Ok(inventory)
}

pub(super) fn check(args: &WeightsCheckArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut files = Vec::new();
    collect_weight_files(&args.botfiles, "", &mut files)?;
    files.sort();
    let results: Vec<FileResult> = files
        .into_iter()
        .map(|file| match load_dir(&args.botfiles, &file) {
            Ok(_) => FileResult {
                file,
                ok: true,
                error: None,
            },
            Err(error) => FileResult {
                file,
                ok: false,
                error: Some(error.to_string()),
            },
        })
        .collect();
    if args.json {
        return print_report(out, &CheckReport { files: results }, true);
    }
    let failed = results.iter().filter(|r| !r.ok).count();
    for result in &results {
        match &result.error {
            None => writeln!(out, "{}: ok", result.file)?,
            Some(error) => writeln!(out, "{}: error: {error}", result.file)?,
        }
    }
    writeln!(
        out,
        "{} files, {} loaded, {failed} rejected",
        results.len(),
        results.len() - failed
    )?;
    Ok(())
}

/// Adds every `*_i.c` / `*_w.c` under `dir` (as `prefix` + name, `/`-separated) to `files`.
fn collect_weight_files(dir: &Path, prefix: &str, files: &mut Vec<String>) -> Result<(), CliError> {
    let io_error = |source| CliError::Io {
        path: dir.to_owned(),
        source,
    };
    for entry in std::fs::read_dir(dir).map_err(io_error)? {
        let entry = entry.map_err(io_error)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{prefix}{name}");
        let kind = entry.file_type().map_err(io_error)?;
        let lower = name.to_ascii_lowercase();
        if kind.is_dir() {
            collect_weight_files(&entry.path(), &format!("{path}/"), files)?;
        } else if lower.ends_with("_i.c") || lower.ends_with("_w.c") {
            files.push(path);
        }
    }
    Ok(())
}
