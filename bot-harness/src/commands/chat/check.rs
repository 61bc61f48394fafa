//! [`chat_check`] (`chat check --botfiles DIR [--json]`): which chat files of a folder load,
//! and why the others are rejected.

use std::io::Write;
use std::path::{Path, PathBuf};

use bot_chat::FileKind;
use serde::Serialize;

use super::{invalid, load};
use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// One file of the `chat check` report (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChatFileEntry {
    /// The file, relative to the botfiles folder.
    pub file: String,
    /// What it holds.
    pub kind: FileKind,
    /// Whether it loaded.
    pub ok: bool,
    /// Why it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The report of `chat check`; the command fails once it is printed when a file was rejected
/// ([`Report::status`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChatCheckReport {
    /// Every chat file of the folder.
    pub files: Vec<ChatFileEntry>,
    /// The botfiles folder (named by the failure).
    #[serde(skip)]
    pub botfiles: PathBuf,
}

/// Loads `syn.c`, `rnd.c`, `match.c`, `rchat.c` (those present) and every `*_t.c` of
/// `botfiles`.
///
/// # Errors
/// When the folder cannot be read (a rejected file is reported, and fails the command only
/// through [`Report::status`]).
pub fn chat_check(botfiles: &Path) -> Result<ChatCheckReport, Error> {
    let (_, reports) = load(botfiles)?;
    let files = reports
        .into_iter()
        .map(|r| ChatFileEntry {
            file: r.file,
            kind: r.kind,
            ok: r.error.is_none(),
            error: r.error.map(|e| e.to_string()),
        })
        .collect();
    Ok(ChatCheckReport {
        files,
        botfiles: botfiles.to_owned(),
    })
}

impl Report for ChatCheckReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// `ok       KIND     FILE` or `REJECTED KIND     FILE: ERROR` per file.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        for f in &self.files {
            match &f.error {
                None => writeln!(out, "ok       {:<8} {}", f.kind.as_str(), f.file)?,
                Some(e) => writeln!(out, "REJECTED {:<8} {}: {e}", f.kind.as_str(), f.file)?,
            }
        }
        Ok(())
    }

    /// Fails with `N of M chat files rejected` when a file was rejected.
    fn status(&self) -> Result<(), Error> {
        let rejected = self.files.iter().filter(|f| !f.ok).count();
        if rejected > 0 {
            return Err(invalid(
                &self.botfiles,
                format!("{rejected} of {} chat files rejected", self.files.len()),
            ));
        }
        Ok(())
    }
}
