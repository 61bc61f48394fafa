//! [`chat_match`] (`chat match --botfiles DIR [--context N] MESSAGE [--json]`): the first
//! match template (in file order) that matches a message.

use std::io::Write;
use std::path::Path;

use bot_chat::FileKind;
use serde::Serialize;

use super::load_needing;
use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// A matching template (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChatMatch {
    /// The template's type (numbers as in `match.h`).
    #[serde(rename = "type")]
    pub kind: u32,
    /// Its subtype.
    pub subtype: u32,
    /// The eight match variables: the text each captured, or `null`.
    pub variables: Vec<Option<String>>,
}

/// The report of `chat match`: the first matching template, or `null`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ChatMatchReport {
    /// The match, `None` when no template matches.
    pub found: Option<ChatMatch>,
}

/// The first match template of `botfiles` (in file order) that matches `message` in the
/// contexts `context` (`MTCONTEXT_*` bits).
///
/// # Errors
/// When the folder has no match templates or they are rejected.
pub fn chat_match(botfiles: &Path, context: u32, message: &str) -> Result<ChatMatchReport, Error> {
    let data = load_needing(botfiles, &[FileKind::MatchTemplates])?;
    let found = data
        .find_match(message.as_bytes(), context)
        .map(|m| ChatMatch {
            kind: m.kind(),
            subtype: m.subtype(),
            variables: (0..8)
                .map(|i| {
                    m.variable(i)
                        .map(|v| String::from_utf8_lossy(v).into_owned())
                })
                .collect(),
        });
    Ok(ChatMatchReport { found })
}

impl Report for ChatMatchReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// `no match`, or the type, the subtype and the captured variables one per line.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        match &self.found {
            None => writeln!(out, "no match")?,
            Some(r) => {
                writeln!(out, "type     {}", r.kind)?;
                writeln!(out, "subtype  {}", r.subtype)?;
                for (i, v) in r.variables.iter().enumerate() {
                    if let Some(v) = v {
                        writeln!(out, "var {i}    {v}")?;
                    }
                }
            }
        }
        Ok(())
    }
}
