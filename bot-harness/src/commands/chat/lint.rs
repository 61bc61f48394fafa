//! [`chat_lint`] (`chat lint --botfiles DIR [--json]`): faulty reply chats, undefined random
//! strings, templates that can never match, synonyms never used.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use bot_chat::lint::{Finding, LintKind, lint};
use serde::Serialize;

use super::load;
use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// A chat file that did not load (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RejectedChatFile {
    /// The file, relative to the botfiles folder.
    pub file: String,
    /// Why it was rejected.
    pub error: String,
}

/// The report of `chat lint` (field names are a stable contract).
#[derive(Debug, Clone, Serialize)]
pub struct ChatLintReport {
    /// Findings per kind, every kind listed.
    pub counts: BTreeMap<&'static str, usize>,
    /// Every finding.
    pub findings: Vec<Finding>,
    /// The files that did not load (not linted).
    pub rejected: Vec<RejectedChatFile>,
}

/// Lints the chat files of `botfiles`.
///
/// # Errors
/// When the folder cannot be read.
pub fn chat_lint(botfiles: &Path) -> Result<ChatLintReport, Error> {
    let (data, reports) = load(botfiles)?;
    let findings = lint(&data);
    let counts = LintKind::ALL
        .iter()
        .map(|k| (k.as_str(), findings.iter().filter(|f| f.kind == *k).count()))
        .collect();
    let rejected = reports
        .into_iter()
        .filter_map(|r| {
            r.error.map(|e| RejectedChatFile {
                file: r.file,
                error: e.to_string(),
            })
        })
        .collect();
    Ok(ChatLintReport {
        counts,
        findings,
        rejected,
    })
}

impl Report for ChatLintReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// `ORIGIN: KIND: MESSAGE` per finding, `FILE: rejected: ERROR` per rejected file, then
    /// `N findings: kind n, ...`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        for f in &self.findings {
            writeln!(out, "{}: {}: {}", f.origin, f.kind.as_str(), f.message)?;
        }
        for r in &self.rejected {
            writeln!(out, "{}: rejected: {}", r.file, r.error)?;
        }
        let summary: Vec<String> = self
            .counts
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        writeln!(
            out,
            "{} findings: {}",
            self.findings.len(),
            summary.join(", ")
        )?;
        Ok(())
    }
}
