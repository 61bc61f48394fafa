//! Printing a report as JSON or as aligned text.

use std::io::Write;

use serde::Serialize;
use serde_json::Value;

use crate::error::CliError;

/// Prints `report` as pretty JSON, or as `key: value` lines (nested objects indented).
///
/// # Errors
/// When the report cannot be encoded or the output cannot be written.
pub(crate) fn print_report(
    out: &mut impl Write,
    report: &impl Serialize,
    json: bool,
) -> Result<(), CliError> {
    let value = serde_json::to_value(report)?;
    if json {
        serde_json::to_writer_pretty(&mut *out, &value)?;
        writeln!(out)?;
    } else {
        print_text(out, &value, 0)?;
    }
    Ok(())
}

fn print_text(out: &mut impl Write, value: &Value, indent: usize) -> Result<(), CliError> {
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
                print_text(out, field, indent + 2)?;
            }
            Value::String(text) => writeln!(out, "{:indent$}{key:<width$}  {text}", "")?,
            other => writeln!(out, "{:indent$}{key:<width$}  {other}", "")?,
        }
    }
    Ok(())
}
