//! [`Report`]: what every command returns — printable as `--json` and as text exactly as the
//! command line prints it — and the two printers most reports share: pretty JSON through a
//! `serde_json::Value`, and aligned `key  value` text lines.

use std::io::Write;

use serde::Serialize;
use serde_json::Value;

use crate::error::Error;

/// A command's typed result. The command line prints it with
/// [`write_json`](Self::write_json) under `--json` and [`write_text`](Self::write_text)
/// otherwise (after printing [`warnings`](Self::warnings) on standard error in text mode),
/// then exits as [`status`](Self::status) says.
pub trait Report {
    /// Writes the report as the command's `--json` output: one pretty JSON document and a
    /// newline.
    ///
    /// # Errors
    /// When the report cannot be encoded or `out` cannot be written.
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error>;

    /// Writes the report as the command's text output.
    ///
    /// # Errors
    /// When `out` cannot be written.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error>;

    /// Lines the text output prints on standard error before the report (none by default;
    /// `aas compile`'s entity diagnostics).
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// Whether the command fails once its report is printed (it succeeds by default; `chat
    /// check` fails when a file is rejected).
    ///
    /// # Errors
    /// The failure the command line prints after the report.
    fn status(&self) -> Result<(), Error> {
        Ok(())
    }
}

/// Writes `report` as pretty JSON through a `serde_json::Value` (so `f32` fields print as
/// the `f64` they widen to), and a newline.
///
/// # Errors
/// When the report cannot be encoded or the output cannot be written.
pub(crate) fn write_json_value(out: &mut dyn Write, report: &impl Serialize) -> Result<(), Error> {
    let value = serde_json::to_value(report)?;
    serde_json::to_writer_pretty(&mut *out, &value)?;
    writeln!(out)?;
    Ok(())
}

/// Writes `report` as pretty JSON straight from its fields (`f32` fields print in their
/// shortest form), and a newline.
///
/// # Errors
/// When the report cannot be encoded or the output cannot be written.
pub(crate) fn write_json_direct(out: &mut dyn Write, report: &impl Serialize) -> Result<(), Error> {
    serde_json::to_writer_pretty(&mut *out, report)?;
    writeln!(out)?;
    Ok(())
}

/// Writes `report` (through a `serde_json::Value`) as `key: value` lines, values aligned,
/// nested objects indented (see [`write_text_value`]).
///
/// # Errors
/// When the report cannot be encoded or the output cannot be written.
pub(crate) fn write_text_fields(out: &mut dyn Write, report: &impl Serialize) -> Result<(), Error> {
    write_text_value(out, &serde_json::to_value(report)?, 0)
}

/// Writes `value` as text: an object as one line per field (`key  value`, keys padded to the
/// longest; a nested object as `key:` and its fields indented by two, an empty one as
/// `key: (none)`), anything else as its JSON on one line.
///
/// # Errors
/// When the output cannot be written.
pub(crate) fn write_text_value(
    out: &mut dyn Write,
    value: &Value,
    indent: usize,
) -> Result<(), Error> {
    let Value::Object(fields) = value else {
        writeln!(out, "{:indent$}{value}", "")?;
        return Ok(());
    };
    let width = fields.keys().map(String::len).max().unwrap_or(0);
    for (key, field) in fields {
        match field {
            Value::Object(inner) if inner.is_empty() => {
                writeln!(out, "{:indent$}{key}: (none)", "")?;
            }
            Value::Object(_) => {
                writeln!(out, "{:indent$}{key}:", "")?;
                write_text_value(out, field, indent + 2)?;
            }
            Value::String(text) => writeln!(out, "{:indent$}{key:<width$}  {text}", "")?,
            other => writeln!(out, "{:indent$}{key:<width$}  {other}", "")?,
        }
    }
    Ok(())
}
