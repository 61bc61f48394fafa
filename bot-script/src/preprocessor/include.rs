//! `#include "path"` and `#include <path>`: resolved from the botfiles root (not the
//! includer's folder), case-insensitively by the [`FileSource`].

use std::io;
use std::sync::Arc;

use crate::error::{ErrorKind, ScriptError};
use crate::lexer::Lexer;
use crate::source::{FileSource, normalize_path};
use crate::token::{SourcePos, TokenKind};

use super::Preprocessor;
use super::reader::{FileState, Mode, PToken};

impl<S: FileSource> Preprocessor<S> {
    /// Handles `#include` (after the name).
    pub(super) fn include(&mut self, hash: &PToken) -> Result<(), ScriptError> {
        let Some(first) = self.next_raw(Mode::Line)? else {
            return Err(self.error_at(
                ErrorKind::Directive,
                hash,
                "#include without a file name on the same line",
            ));
        };
        let path: Vec<u8> = match first.token.kind {
            TokenKind::String => first.token.text.to_vec(),
            TokenKind::Punct if first.token.is_punct("<") => {
                let mut path = Vec::new();
                loop {
                    match self.next_raw(Mode::Line)? {
                        Some(t) if t.token.is_punct(">") => break,
                        Some(t) => path.extend_from_slice(&t.token.text),
                        None => {
                            return Err(self.error_at(
                                ErrorKind::Directive,
                                &first,
                                "#include <… without the closing >",
                            ));
                        }
                    }
                }
                path
            }
            _ => {
                return Err(self.error_at(
                    ErrorKind::Directive,
                    &first,
                    format!(
                        "expected \"file\" or <file> after #include, found `{}`",
                        first.token.text_lossy()
                    ),
                ));
            }
        };
        self.extra_tokens(hash, "#include")?;
        let raw = String::from_utf8_lossy(&path).into_owned();
        let Some(name) = normalize_path(&raw) else {
            return Err(self.error_at(
                ErrorKind::Include,
                &first,
                format!("invalid include path \"{raw}\" (empty or leaving the botfiles root)"),
            ));
        };
        if self.files.len() >= self.limits.include_depth {
            return Err(self.error_at(
                ErrorKind::Limit,
                hash,
                format!("#include nested deeper than {}", self.limits.include_depth),
            ));
        }
        let bytes = match self.source.read(&name) {
            Ok((_, bytes)) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                return Err(self.error_at(
                    ErrorKind::Include,
                    &first,
                    format!("cannot find include file \"{name}\""),
                ));
            }
            Err(error) => {
                return Err(self.error_at(
                    ErrorKind::Include,
                    &first,
                    format!("cannot read include file \"{name}\": {error}"),
                ));
            }
        };
        let parent = hash.token.include;
        let frame = self.push_frame(Some(self.pos(&hash.token)), parent)?;
        self.open_file(Arc::from(name.as_str()), bytes, frame)
    }

    /// Pushes a lexer over `bytes` as the innermost file.
    pub(super) fn open_file(
        &mut self,
        file: Arc<str>,
        bytes: Vec<u8>,
        frame: u32,
    ) -> Result<(), ScriptError> {
        self.opened += 1;
        if self.opened > self.limits.includes {
            return Err(ScriptError::new(
                ErrorKind::Limit,
                SourcePos::new(file, 0, 0),
                format!("more than {} files opened", self.limits.includes),
            )
            .with_stack(self.stack(frame)));
        }
        let file_id = self.file_id(&file);
        self.files.push(FileState {
            lexer: Lexer::new(file, bytes)
                .with_include(frame)
                .with_file_id(file_id),
            peeked: None,
            include: frame,
            cond_base: self.conds.len(),
        });
        Ok(())
    }
}
