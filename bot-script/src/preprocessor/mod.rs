//! The preprocessor (botlib's `l_precomp.c` rules, with the recommended fixes of the
//! reference's quirk table L1–L16).
//!
//! A run keeps a stack of file lexers (one per `#include`), a stack of pending tokens
//! (macro expansions and `$eval…` results, re-read before the files), a stack of
//! conditionals and the output. The macro table lives in the [`Preprocessor`] and persists
//! across runs.

mod conditionals;
mod define;
mod directives;
mod eval;
mod expand;
mod include;
mod macros;
mod reader;

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use crate::diagnostic::SourceDiagnostic;
use crate::error::{ErrorKind, ScriptError};
use crate::fnv::Fnv;
use crate::lexer::{Lexer, push_merging};
use crate::source::{FileSource, normalize_path};
use crate::stream::{IncludeFrame, TokenStream, stack_of};
use crate::token::{SourcePos, Tok, Token, TokenText};

use conditionals::Cond;
use macros::MacroTable;
use reader::{ExpFrame, FileState, PToken};

/// Safety limits of one preprocessor run; hitting one is an [`ErrorKind::Limit`] error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitSettings {
    /// Deepest `#include` nesting (botlib's source stack; default 32).
    pub include_depth: usize,
    /// Most files opened by one run (default 4096).
    pub includes: usize,
    /// Deepest nesting of macro expansions (default 256).
    pub expansion_depth: usize,
    /// Most tokens produced by macro expansions in one run (default 4 Mi).
    pub expanded_tokens: usize,
    /// Most output tokens of one run (default 4 Mi).
    pub output_tokens: usize,
    /// Deepest nesting of `$evalint`/`$evalfloat` and of parentheses in one expression
    /// (default 64).
    pub expression_depth: usize,
}

impl Default for LimitSettings {
    fn default() -> Self {
        Self {
            include_depth: 32,
            includes: 4096,
            expansion_depth: 256,
            expanded_tokens: 4 << 20,
            output_tokens: 4 << 20,
            expression_depth: 64,
        }
    }
}

/// The preprocessor: a file source, the macro table (which persists across
/// `preprocess_*` calls, like botlib's includes) and the state of the current run.
///
/// # Example
///
/// ```
/// use bot_script::{MemorySource, Preprocessor};
///
/// let source = MemorySource::new()
///     .with("inv.h", "#define INVENTORY_HEALTH 29\n")
///     .with("bots/x_i.c", "#include \"INV.H\"\nweight \"h\" { switch(INVENTORY_HEALTH) }\n");
/// let mut pre = Preprocessor::new(source);
/// let stream = pre.preprocess_file("bots/x_i.c")?;
/// assert_eq!(stream.canonical().text, "weight \"h\" { switch ( 29 ) }");
/// # Ok::<(), bot_script::ScriptError>(())
/// ```
#[derive(Debug)]
pub struct Preprocessor<S: FileSource> {
    source: S,
    limits: LimitSettings,
    macros: MacroTable,
    /// Include table shared by every run (index 0: global defines).
    frames: Vec<IncludeFrame>,
    /// File names that [`Tok::file`] indexes (shared by every run: macros keep tokens).
    names: Vec<Arc<str>>,
    name_ids: HashMap<Arc<str>, u32>,
    date: Arc<[u8]>,
    time: Arc<[u8]>,
    /// Warnings of [`Preprocessor::define`], reported with the next stream.
    define_warnings: Vec<SourceDiagnostic>,
    // ---- state of the current run ----
    files: Vec<FileState>,
    pending: Vec<PToken>,
    conds: Vec<Cond>,
    exp_frames: Vec<ExpFrame>,
    out: Vec<Token>,
    warnings: Vec<SourceDiagnostic>,
    /// Reusable expression buffers.
    scratch: Vec<Vec<Tok>>,
    /// Texts of `$eval` results by (value bits, is float).
    number_texts: HashMap<(u64, bool), TokenText, BuildHasherDefault<Fnv>>,
    /// Line of the directive being read (for line-bounded reads).
    line: u32,
    opened: usize,
    expanded: usize,
    eval_depth: usize,
}

impl<S: FileSource> Preprocessor<S> {
    /// A preprocessor reading files from `source`, with default [`LimitSettings`].
    #[must_use]
    pub fn new(source: S) -> Self {
        Self {
            source,
            limits: LimitSettings::default(),
            macros: MacroTable::default(),
            frames: vec![IncludeFrame {
                included_at: None,
                parent: 0,
            }],
            names: Vec::new(),
            name_ids: HashMap::new(),
            date: Arc::from(&b"Jan  1 1970"[..]),
            time: Arc::from(&b"00:00:00"[..]),
            define_warnings: Vec::new(),
            files: Vec::new(),
            pending: Vec::new(),
            conds: Vec::new(),
            exp_frames: Vec::new(),
            out: Vec::new(),
            warnings: Vec::new(),
            scratch: Vec::new(),
            number_texts: HashMap::default(),
            line: 0,
            opened: 0,
            expanded: 0,
            eval_depth: 0,
        }
    }

    /// Replaces the safety limits.
    #[must_use]
    pub fn with_limits(mut self, limits: LimitSettings) -> Self {
        self.limits = limits;
        self
    }

    /// Sets what `__DATE__` and `__TIME__` expand to (default `"Jan  1 1970"` and
    /// `"00:00:00"`, so output is deterministic).
    pub fn set_date_time(&mut self, date: &str, time: &str) {
        self.date = Arc::from(date.as_bytes());
        self.time = Arc::from(time.as_bytes());
    }

    /// The file source.
    #[must_use]
    pub fn source(&self) -> &S {
        &self.source
    }

    /// Defines a global macro, as if `#define name body` were read: `name` may carry a
    /// parameter list (`"F(x)"`). Like botlib's `PC_AddGlobalDefine`; the stock game defines
    /// nothing for bot files (so `MISSIONPACK` is not defined).
    ///
    /// # Errors
    ///
    /// A malformed definition (see the `#define` rules) or a redefined builtin.
    pub fn define(&mut self, name: &str, body: &str) -> Result<(), ScriptError> {
        let text = format!("{name} {body}");
        let file: Arc<str> = Arc::from("<define>");
        let file_id = self.file_id(&file);
        let mut lexer = Lexer::new(file, text.as_bytes()).with_file_id(file_id);
        let mut tokens = Vec::new();
        while let Some(token) = lexer.next_tok()? {
            tokens.push(token);
        }
        let pos = SourcePos::new(Arc::from("<define>"), 1, 1);
        let warnings = self.add_define(tokens, &pos, 0)?;
        self.define_warnings.extend(warnings);
        Ok(())
    }

    /// Removes a macro; `true` if it was defined.
    pub fn undefine(&mut self, name: &str) -> bool {
        self.macros.remove(name.as_bytes())
    }

    /// Whether `name` is a defined macro.
    #[must_use]
    pub fn is_defined(&self, name: &str) -> bool {
        self.macros.get(name.as_bytes()).is_some()
    }

    /// The macro table after preprocessing: the object-like macros in definition order, each
    /// with its body tokens (as written in the definition, with their own positions). Used
    /// for example to read `inv.h`'s `INVENTORY_*` indices.
    #[must_use]
    pub fn object_macros(&self) -> Vec<(String, Vec<Token>)> {
        self.macros.object_macros()
    }

    /// Like [`Preprocessor::object_macros`] without copying them: calls `f` with each
    /// object-like macro's name and body tokens, in definition order.
    pub fn for_each_object_macro(&self, mut f: impl FnMut(&str, &[Token])) {
        for (name, body) in self.macros.object_macros_borrowed() {
            f(&String::from_utf8_lossy(name), body);
        }
    }

    /// Preprocesses the file at `relative_path` (from the source's root) into tokens: all
    /// directives, macros and `$evalint`/`$evalfloat` done, adjacent strings merged.
    ///
    /// # Errors
    ///
    /// The first error, with its position and include stack.
    pub fn preprocess_file(&mut self, relative_path: &str) -> Result<TokenStream, ScriptError> {
        let name = normalize_path(relative_path).unwrap_or_else(|| relative_path.to_owned());
        let file: Arc<str> = Arc::from(name.as_str());
        let bytes = match self.source.read(&name) {
            Ok((_, bytes)) => bytes,
            Err(error) => {
                return Err(ScriptError::new(
                    ErrorKind::Include,
                    SourcePos::new(file, 0, 0),
                    format!("cannot read file: {error}"),
                ));
            }
        };
        self.run(file, bytes)
    }

    /// Preprocesses the file at `relative_path` like [`Preprocessor::preprocess_file`], but
    /// also returns the tokens produced before the first error, as botlib's lazy reader
    /// would have handed them out: the stream (whole on success; on an error, the tokens
    /// before it, adjacent strings merged, with the warnings so far) and the error, if any.
    /// A caller can then check whether what came before the error was already invalid
    /// (`fuzzy-weights` does, to report errors in botlib's reading order).
    pub fn preprocess_file_partial(
        &mut self,
        relative_path: &str,
    ) -> (TokenStream, Option<ScriptError>) {
        let name = normalize_path(relative_path).unwrap_or_else(|| relative_path.to_owned());
        let file: Arc<str> = Arc::from(name.as_str());
        match self.source.read(&name) {
            Ok((_, bytes)) => self.run_partial(file, bytes),
            Err(error) => (
                TokenStream::new(Vec::new(), Vec::new(), self.frames.clone()),
                Some(ScriptError::new(
                    ErrorKind::Include,
                    SourcePos::new(file, 0, 0),
                    format!("cannot read file: {error}"),
                )),
            ),
        }
    }

    /// Preprocesses `bytes`, naming positions after `name` (includes still come from the
    /// source).
    ///
    /// # Errors
    ///
    /// The first error, with its position and include stack.
    pub fn preprocess_bytes(
        &mut self,
        name: &str,
        bytes: &[u8],
    ) -> Result<TokenStream, ScriptError> {
        let name = normalize_path(name).unwrap_or_else(|| name.to_owned());
        self.run(Arc::from(name.as_str()), bytes.to_vec())
    }

    fn reset_run(&mut self) {
        self.files.clear();
        self.pending.clear();
        self.conds.clear();
        self.exp_frames.clear();
        self.exp_frames.push(ExpFrame::ROOT);
        self.out.clear();
        self.warnings.clear();
        self.line = 0;
        self.opened = 0;
        self.expanded = 0;
        self.eval_depth = 0;
    }

    fn run(&mut self, file: Arc<str>, bytes: Vec<u8>) -> Result<TokenStream, ScriptError> {
        match self.run_partial(file, bytes) {
            (stream, None) => Ok(stream),
            (_, Some(error)) => Err(error),
        }
    }

    /// A run: the tokens produced (all of them, or those before the first error) and the
    /// error.
    fn run_partial(
        &mut self,
        file: Arc<str>,
        bytes: Vec<u8>,
    ) -> (TokenStream, Option<ScriptError>) {
        self.reset_run();
        self.out.reserve(bytes.len() / 8);
        self.exp_frames.reserve(1024);
        self.pending.reserve(256);
        self.warnings.append(&mut self.define_warnings);
        let result = self
            .push_frame(None, 0)
            .and_then(|root| self.open_file(file, bytes, root))
            .and_then(|()| self.run_loop());
        let out = std::mem::take(&mut self.out);
        let warnings = std::mem::take(&mut self.warnings);
        let files_left = std::mem::take(&mut self.files);
        self.reset_run();
        drop(files_left);
        (
            TokenStream::new(out, warnings, self.frames.clone()),
            result.err(),
        )
    }

    fn run_loop(&mut self) -> Result<(), ScriptError> {
        while let Some(token) = self.next_expanded(reader::Mode::Stream)? {
            if self.out.len() >= self.limits.output_tokens {
                return Err(self.error_at(
                    ErrorKind::Limit,
                    &token,
                    format!("more than {} output tokens", self.limits.output_tokens),
                ));
            }
            let include = token.token.include;
            let file = Arc::clone(&self.names[token.token.file as usize]);
            push_merging(&mut self.out, token.token.into_token(&file))
                .map_err(|e| self.with_stack(e, include))?;
        }
        Ok(())
    }

    /// Adds an include-table frame; its index.
    fn push_frame(
        &mut self,
        included_at: Option<SourcePos>,
        parent: u32,
    ) -> Result<u32, ScriptError> {
        let index = u32::try_from(self.frames.len()).map_err(|_| {
            ScriptError::new(
                ErrorKind::Limit,
                included_at
                    .clone()
                    .unwrap_or_else(|| SourcePos::new(Arc::from("?"), 0, 0)),
                "include table full",
            )
        })?;
        self.frames.push(IncludeFrame {
            included_at,
            parent,
        });
        Ok(index)
    }

    /// The index of `name` in the file-name table, added if new.
    fn file_id(&mut self, name: &Arc<str>) -> u32 {
        if let Some(&id) = self.name_ids.get(name) {
            return id;
        }
        let id = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
        self.names.push(Arc::clone(name));
        self.name_ids.insert(Arc::clone(name), id);
        id
    }

    /// The position of `tok`.
    fn pos(&self, tok: &Tok) -> SourcePos {
        let file = self
            .names
            .get(tok.file as usize)
            .map_or_else(|| Arc::from("?"), Arc::clone);
        SourcePos::new(file, tok.line, tok.column)
    }

    /// The include stack of include-table frame `include`.
    fn stack(&self, include: u32) -> Vec<SourcePos> {
        stack_of(&self.frames, include)
    }

    /// `error` with the include stack of frame `include`.
    fn with_stack(&self, error: ScriptError, include: u32) -> ScriptError {
        error.with_stack(self.stack(include))
    }

    /// An error at `token`.
    fn error_at(&self, kind: ErrorKind, token: &PToken, message: impl Into<String>) -> ScriptError {
        ScriptError::new(kind, self.pos(&token.token), message)
            .with_stack(self.stack(token.token.include))
    }

    /// A warning at `pos` in frame `include`.
    fn warn(&mut self, pos: SourcePos, include: u32, message: impl Into<String>) {
        let include_stack = self.stack(include);
        self.warnings
            .push(SourceDiagnostic::warning(pos, message).with_stack(include_stack));
    }
}

#[cfg(test)]
mod tests {
    use crate::MemorySource;

    use super::Preprocessor;

    #[test]
    fn partial_preprocessing_keeps_the_tokens_before_the_error() {
        let source = MemorySource::new()
            .with("a.c", "one \"two\" \"three\"\n#include \"b.c\"\nafter")
            .with("b.c", "#define E\nfour $evalint(E) five");
        let mut preprocessor = Preprocessor::new(source);
        let (stream, error) = preprocessor.preprocess_file_partial("a.c");
        let error = error.expect("the empty expression fails");
        let whole = preprocessor.preprocess_file("a.c").unwrap_err();
        assert_eq!(error, whole);
        assert_eq!((&*error.pos().file, error.pos().line), ("b.c", 2));
        let texts: Vec<String> = stream.tokens.iter().map(crate::Token::text_lossy).collect();
        assert_eq!(texts, ["one", "twothree", "four"]);
        assert_eq!(stream.include_stack(2).len(), 1);

        let (stream, error) = preprocessor.preprocess_file_partial("b.c");
        assert!(error.is_some());
        assert_eq!(stream.tokens.len(), 1);
        let (stream, error) = Preprocessor::new(MemorySource::new().with("c.c", "x y"))
            .preprocess_file_partial("c.c");
        assert!(error.is_none());
        assert_eq!(stream.tokens.len(), 2);
        let (stream, error) =
            Preprocessor::new(MemorySource::new()).preprocess_file_partial("missing.c");
        assert!(error.is_some() && stream.tokens.is_empty());
    }
}
