//! `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`, C-correct: an earlier taken
//! branch disables every later `#elif`/`#else` of the group (botlib's quirk L7 is not
//! reproduced), and nothing in a skipped group is evaluated.

use crate::error::{ErrorKind, ScriptError};
use crate::source::FileSource;
use crate::token::{SourcePos, TokenKind};

use super::Preprocessor;
use super::reader::{Mode, PToken};

/// One open conditional group.
#[derive(Debug, Clone)]
pub(super) struct Cond {
    /// The directive that opened the group (`if`, `ifdef`, `ifndef`), for messages.
    pub(super) directive: &'static str,
    /// Whether the current branch is live (its parents included).
    pub(super) active: bool,
    /// Whether a branch of this group was taken, or the group sits in a skipped region.
    pub(super) taken: bool,
    /// Whether `#else` was seen.
    pub(super) else_seen: bool,
    /// Where the group opened.
    pub(super) pos: SourcePos,
    /// Include-table frame of the file that opened it.
    pub(super) include: u32,
}

impl<S: FileSource> Preprocessor<S> {
    /// Whether tokens are being dropped by a false branch.
    pub(super) fn skipping(&self) -> bool {
        self.conds.last().is_some_and(|cond| !cond.active)
    }

    /// Number of open conditionals when the current file was opened.
    fn cond_base(&self) -> usize {
        self.files.last().map_or(0, |file| file.cond_base)
    }

    /// Handles a conditional directive named `name` (after its `#`).
    pub(super) fn conditional(&mut self, hash: &PToken, name: &str) -> Result<(), ScriptError> {
        let skipping = self.skipping();
        match name {
            "if" | "ifdef" | "ifndef" => {
                let directive = match name {
                    "if" => "if",
                    "ifdef" => "ifdef",
                    _ => "ifndef",
                };
                let value = if skipping {
                    self.skip_line()?;
                    false
                } else if directive == "if" {
                    self.line_condition(hash, "#if")?
                } else {
                    let defined = self.defined_operand(hash, directive)?;
                    defined == (directive == "ifdef")
                };
                self.conds.push(Cond {
                    directive,
                    active: value,
                    taken: value || skipping,
                    else_seen: false,
                    pos: self.pos(&hash.token),
                    include: hash.token.include,
                });
            }
            "elif" => {
                let Some(cond) = self.open_cond(hash, "#elif")? else {
                    return Ok(());
                };
                if self.conds[cond].else_seen {
                    return Err(self.error_at(ErrorKind::Conditional, hash, "#elif after #else"));
                }
                if self.conds[cond].taken {
                    self.conds[cond].active = false;
                    self.skip_line()?;
                } else {
                    // The group's parent is live (else `taken` would be set), so evaluate.
                    self.conds[cond].active = true;
                    let value = self.line_condition(hash, "#elif")?;
                    self.conds[cond].active = value;
                    self.conds[cond].taken = value;
                }
            }
            "else" => {
                let Some(cond) = self.open_cond(hash, "#else")? else {
                    return Ok(());
                };
                if self.conds[cond].else_seen {
                    return Err(self.error_at(ErrorKind::Conditional, hash, "#else after #else"));
                }
                let c = &mut self.conds[cond];
                c.else_seen = true;
                c.active = !c.taken;
                c.taken = true;
                self.extra_tokens(hash, "#else")?;
            }
            _ => {
                if self.open_cond(hash, "#endif")?.is_some() {
                    self.conds.pop();
                    self.extra_tokens(hash, "#endif")?;
                }
            }
        }
        Ok(())
    }

    /// The index of the innermost open conditional of the current file, or an error.
    fn open_cond(&mut self, hash: &PToken, what: &str) -> Result<Option<usize>, ScriptError> {
        if self.conds.len() > self.cond_base() {
            Ok(Some(self.conds.len() - 1))
        } else {
            Err(self.error_at(ErrorKind::Conditional, hash, format!("{what} without #if")))
        }
    }

    /// The name operand of `#ifdef`/`#ifndef`: whether it is defined.
    fn defined_operand(&mut self, hash: &PToken, directive: &str) -> Result<bool, ScriptError> {
        let Some(name) = self.next_raw(Mode::Line)? else {
            return Err(self.error_at(
                ErrorKind::Directive,
                hash,
                format!("#{directive} without a name"),
            ));
        };
        if name.token.kind != TokenKind::Name {
            return Err(self.error_at(
                ErrorKind::Directive,
                &name,
                format!(
                    "expected a name after #{directive}, found `{}`",
                    name.token.text_lossy()
                ),
            ));
        }
        let defined = self.is_macro_or_builtin(&name.token.text);
        self.extra_tokens(hash, directive)?;
        Ok(defined)
    }

    /// Warns about and skips tokens left on a directive line.
    pub(super) fn extra_tokens(&mut self, hash: &PToken, what: &str) -> Result<(), ScriptError> {
        if let Some(extra) = self.next_raw(Mode::Line)? {
            self.warn(
                self.pos(&extra.token),
                hash.token.include,
                format!("extra tokens at the end of {what} ignored"),
            );
            self.skip_line()?;
        }
        Ok(())
    }
}
