//! Loading a weight file the way botlib does: preprocess it with `bot-script` (includes from
//! the botfiles root, macros, `$evalint` / `$evalfloat`), render the tokens as canonical
//! text, parse that with the grammar of [`crate::parse`], and map every error and warning
//! back to the source file, line, column and include stack.

use std::path::PathBuf;

use bot_script::{
    CanonicalText, DirSource, FileSource, Preprocessor, ScriptError, Severity, SourceDiagnostic,
    SourcePos, TokenStream,
};
use thiserror::Error;

use crate::inventory::InventoryNames;
use crate::model::WeightConfig;
use crate::parse::{TextDiagnostic, parse_canonical};

/// Why a weight file was rejected (the whole file is rejected, as in botlib).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LoadError {
    /// Reading, lexing or preprocessing failed (a missing include, an undefined name in
    /// `$evalfloat`, …).
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The preprocessed tokens are not a weight config (for example `switch(INVENTORY_SCOUT)`
    /// where `INVENTORY_SCOUT` is not defined, so no index number is there).
    #[error("{0}")]
    Syntax(SourceDiagnostic),
}

impl LoadError {
    /// Where the error is, if it has a position.
    #[must_use]
    pub fn pos(&self) -> &SourcePos {
        match self {
            Self::Script(error) => error.pos(),
            Self::Syntax(diagnostic) => &diagnostic.pos,
        }
    }
}

/// A loaded weight file.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The config.
    pub config: WeightConfig,
    /// The inventory names the file defined (for example `inv.h`'s), for inventories given
    /// by name and for writing the config back with names.
    pub names: InventoryNames,
    /// Warnings: the preprocessor's, then the config's (sign dropped, duplicate name,
    /// switch without default, too many weights), in that order.
    pub warnings: Vec<SourceDiagnostic>,
}

impl InventoryNames {
    /// A table from a preprocessor's object-like macros (name, body tokens): every macro
    /// whose body is one integer number token below 256, in definition order.
    #[must_use]
    pub fn from_macros(macros: &[(String, Vec<bot_script::Token>)]) -> Self {
        let mut names = Self::new();
        for (name, body) in macros {
            if let Some(slot) = inventory_slot(body) {
                names.insert(name, slot);
            }
        }
        names
    }

    /// The table of [`InventoryNames::from_macros`] from `preprocessor`'s macros, read in
    /// place.
    fn from_preprocessor<S: FileSource>(preprocessor: &Preprocessor<S>) -> Self {
        let mut names = Self::new();
        preprocessor.for_each_object_macro(|name, body| {
            if let Some(slot) = inventory_slot(body) {
                names.insert(name, slot);
            }
        });
        names
    }
}

/// The slot a macro body names: one integer number token below 256.
fn inventory_slot(body: &[bot_script::Token]) -> Option<u8> {
    if let [token] = body
        && let Some(number) = token.number.as_ref()
        && !number.is_float
    {
        u8::try_from(number.int).ok()
    } else {
        None
    }
}

/// Loads the weight file `relative_path` (such as `bots/sarge_i.c`) of the botfiles folder
/// `root`, with includes resolved from `root` case-insensitively.
///
/// # Errors
/// [`LoadError`] naming the file, line, column and include stack of the first problem.
pub fn load_dir(root: impl Into<PathBuf>, relative_path: &str) -> Result<Loaded, LoadError> {
    load(DirSource::new(root), relative_path)
}

/// Loads the weight file `relative_path` from `source` with a fresh preprocessor (botlib
/// starts every file with an empty macro table).
///
/// # Errors
/// [`LoadError`] naming the file, line, column and include stack of the first problem.
pub fn load<S: FileSource>(source: S, relative_path: &str) -> Result<Loaded, LoadError> {
    let mut preprocessor = Preprocessor::new(source);
    load_with(&mut preprocessor, relative_path)
}

/// Loads `relative_path` with `preprocessor`, whose global defines apply.
///
/// # Errors
/// [`LoadError`] naming the file, line, column and include stack of the first problem.
pub fn load_with<S: FileSource>(
    preprocessor: &mut Preprocessor<S>,
    relative_path: &str,
) -> Result<Loaded, LoadError> {
    let (stream, error) = preprocessor.preprocess_file_partial(relative_path);
    if let Some(error) = error {
        return Err(earlier_syntax_error(&stream, &error).unwrap_or(LoadError::Script(error)));
    }
    let names = InventoryNames::from_preprocessor(preprocessor);
    let (config, mut warnings) = parse_stream(&stream)?;
    let mut all = stream.warnings.clone();
    all.append(&mut warnings);
    Ok(Loaded {
        config,
        names,
        warnings: all,
    })
}

/// Botlib reads tokens lazily, so a grammar error before a preprocessing error is the one it
/// reports (tremfusion's `bots/default_w.c`: `switch(INVENTORY_BFG10K)` at `fuzw.c` line 26
/// comes before an `$evalint` of an empty macro at line 55). `bot-script` preprocesses whole
/// files, so this parses the tokens produced before the error (`stream`, from
/// [`Preprocessor::preprocess_file_partial`]) and returns their grammar error, if it lies
/// before the error's line (in the failing file) or before the failing file's first token.
fn earlier_syntax_error(stream: &TokenStream, error: &ScriptError) -> Option<LoadError> {
    if error.pos().line <= 1 {
        return None;
    }
    let file: &str = &error.pos().file;
    let canonical = stream.canonical();
    let syntax = parse_canonical(&canonical.text).err()?.0;
    if syntax.offset >= canonical.text.trim_end().len() {
        return None; // the tokens merely end early
    }
    let index = canonical.token_at(syntax.offset)?;
    let token = stream.tokens.get(index)?;
    let in_file = token.pos.file.eq_ignore_ascii_case(file);
    let first_of_file = stream
        .tokens
        .iter()
        .position(|t| t.pos.file.eq_ignore_ascii_case(file))
        .unwrap_or(usize::MAX);
    let before = if in_file {
        token.pos.line < error.pos().line
    } else {
        index < first_of_file
    };
    before.then(|| LoadError::Syntax(locate(stream, &canonical, &syntax)))
}

/// Parses a preprocessed token stream as a weight config.
///
/// # Errors
/// [`LoadError::Syntax`] at the offending token.
pub fn parse_stream(
    stream: &TokenStream,
) -> Result<(WeightConfig, Vec<SourceDiagnostic>), LoadError> {
    let canonical = stream.canonical();
    match parse_canonical(&canonical.text) {
        Ok(parsed) => {
            let warnings = parsed
                .warnings
                .iter()
                .map(|w| SourceDiagnostic {
                    severity: Severity::Warning,
                    ..locate(stream, &canonical, w)
                })
                .collect();
            Ok((parsed.config, warnings))
        }
        Err(error) => Err(LoadError::Syntax(locate(stream, &canonical, &error.0))),
    }
}

/// Maps a diagnostic on canonical text back to its token's source position (an error; the
/// caller makes warnings of warnings).
fn locate(
    stream: &TokenStream,
    canonical: &CanonicalText,
    at: &TextDiagnostic,
) -> SourceDiagnostic {
    let index = canonical
        .token_at(at.offset)
        .or_else(|| stream.tokens.len().checked_sub(1));
    match index.and_then(|i| stream.tokens.get(i).map(|t| (i, t))) {
        Some((i, token)) => SourceDiagnostic::error(token.pos.clone(), at.message.clone())
            .with_stack(stream.include_stack(i)),
        None => SourceDiagnostic::error(SourcePos::end_of_input(), at.message.clone()),
    }
}
