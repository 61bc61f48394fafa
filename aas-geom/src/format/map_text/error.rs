//! [`MapError`]: why a `.map` file cannot be read, and where.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::grammar::Rule;
use super::text::LineTracker;
use crate::brush::PatchError;

/// A `.map` file could not be read: what went wrong, at which line and column, and optionally
/// in which file.
///
/// [`read_map`](super::read_map) works on bytes and does not know the file name; a caller that
/// does attaches it with [`MapError::with_file`]. `Display` then prints
/// `path:line:column: message`, otherwise `line:column: message`.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("{}{line}:{column}: {kind}", file_prefix(.file.as_deref()))]
pub struct MapError {
    /// The file, when the caller attached it with [`MapError::with_file`].
    pub file: Option<PathBuf>,
    /// 1-based line of the error.
    pub line: u32,
    /// 1-based column of the error, in characters (bytes of a Latin-1 file).
    pub column: u32,
    /// What went wrong (its message is part of this error's `Display`).
    pub kind: MapErrorKind,
}

impl MapError {
    /// An error of `kind` at `line`:`column`, with no file attached.
    #[must_use]
    pub const fn new(line: u32, column: u32, kind: MapErrorKind) -> Self {
        Self {
            file: None,
            line,
            column,
            kind,
        }
    }

    /// The same error, naming the file it was found in.
    #[must_use]
    pub fn with_file(mut self, path: impl AsRef<Path>) -> Self {
        self.file = Some(path.as_ref().to_path_buf());
        self
    }
}

/// `path:` when a file is attached, else nothing.
fn file_prefix(file: Option<&Path>) -> String {
    file.map_or_else(String::new, |path| format!("{}:", path.display()))
}

/// The kinds of [`MapError`].
#[derive(Debug, Clone, PartialEq, Error)]
pub enum MapErrorKind {
    /// The text does not follow the `.map` grammar.
    #[error("expected {}, found {found}", join_words(.expected))]
    Syntax {
        /// What the grammar would have accepted here, in words (for example
        /// ``"a brush plane `(`"``).
        expected: Vec<String>,
        /// What is there instead, quoted (for example ``"`foo`"`` or `"end of file"`).
        found: String,
    },
    /// The three points of a brush plane lie on one line, so they define no plane.
    #[error("the three points of this brush plane are collinear (they define no plane)")]
    CollinearPoints,
    /// A run of number characters is not a number (for example `1-2` or `1e`).
    #[error("`{text}` is not a number")]
    NotANumber {
        /// The text as written.
        text: String,
    },
    /// A number is too large to be represented (for example `1e999`).
    #[error("number `{text}` is out of range")]
    NumberOutOfRange {
        /// The number as written.
        text: String,
    },
    /// A patch width or height is not a whole number that fits in 32 bits.
    #[error("patch size `{text}` is not a whole number")]
    PatchSize {
        /// The size as written.
        text: String,
    },
    /// A patch's matrix does not have as many rows as its declared width.
    #[error("patch declares width {declared} but its matrix has {found} rows")]
    PatchRows {
        /// Declared width (rows of the matrix in the file).
        declared: u32,
        /// Rows found.
        found: usize,
    },
    /// A row of a patch's matrix does not have as many points as its declared height.
    #[error("patch row {row} has {found} points, but the patch declares height {declared}")]
    PatchRowLength {
        /// 0-based row index.
        row: usize,
        /// Declared height (points per row in the file).
        declared: u32,
        /// Points found in the row.
        found: usize,
    },
    /// The patch is invalid for tessellation (bad size, too large, non-finite point, ...).
    #[error("invalid patch: {0}")]
    Patch(PatchError),
    /// More distinct textures than a [`TextureId`](crate::brush::TextureId) can index.
    #[error("too many distinct textures")]
    TooManyTextures,
}

/// `a`, `a or b`, `a, b or c`.
fn join_words(words: &[String]) -> String {
    match words {
        [] => "something else".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Converts a pest error into a [`MapError`] with readable expectations.
pub(super) fn syntax_error(error: &pest::error::Error<Rule>, text: &str) -> MapError {
    let offset = match error.location {
        pest::error::InputLocation::Pos(offset) => offset,
        pest::error::InputLocation::Span((start, _)) => start,
    };
    let mut expected: Vec<String> = Vec::new();
    match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            for rule in positives {
                let words = rule_words(*rule).to_owned();
                if !expected.contains(&words) {
                    expected.push(words);
                }
            }
        }
        pest::error::ErrorVariant::CustomError { message } => expected.push(message.clone()),
    }
    let (line, column) = LineTracker::new(text).line_column(offset);
    MapError::new(
        line,
        column,
        MapErrorKind::Syntax {
            expected,
            found: describe_found(text, offset),
        },
    )
}

/// The token at `offset` (up to 24 characters, quoted), or `end of file`.
fn describe_found(text: &str, offset: usize) -> String {
    const MAX_CHARS: usize = 24;
    let rest = text.get(offset..).unwrap_or("");
    let token: String = rest
        .chars()
        .take_while(|&c| c > ' ')
        .take(MAX_CHARS + 1)
        .collect();
    if rest.is_empty() {
        "end of file".to_owned()
    } else if token.is_empty() {
        let first = rest.chars().next().unwrap_or(' ');
        format!("{first:?}")
    } else if token.chars().count() > MAX_CHARS {
        let short: String = token.chars().take(MAX_CHARS).collect();
        format!("`{short}…`")
    } else {
        format!("`{token}`")
    }
}

/// A grammar rule in the words of an error message.
fn rule_words(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::file | Rule::entity | Rule::entity_open => "an entity `{`",
        Rule::entity_close => "`}` closing the entity",
        Rule::key_value | Rule::string | Rule::quote => "a quoted key or value",
        Rule::string_inner => "text",
        Rule::string_close => "a closing `\"`",
        Rule::primitive | Rule::primitive_open => "a brush or patch `{`",
        Rule::primitive_close => "`}` closing the brush or patch",
        Rule::block_open => "`{`",
        Rule::block_close => "`}`",
        Rule::legacy_brush
        | Rule::legacy_face
        | Rule::bp_face
        | Rule::first_point
        | Rule::plane_open => "a brush plane `(`",
        Rule::brush_def | Rule::kw_brush_def => "`brushDef`",
        Rule::patch_def | Rule::kw_patch_def => "`patchDef2`",
        Rule::standard_shift | Rule::face_flags | Rule::number => "a number",
        Rule::valve_axes | Rule::axis_open => "`[`",
        Rule::axis_close => "`]`",
        Rule::tex_matrix | Rule::tex_matrix_open => "a texture matrix `(`",
        Rule::patch_header | Rule::header_open => "a patch size `(`",
        Rule::patch_matrix | Rule::matrix_open => "a patch matrix `(`",
        Rule::patch_row | Rule::row_open => "a patch row `(`",
        Rule::patch_point | Rule::patch_point_open => "a patch point `(`",
        Rule::point | Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::texture | Rule::name_char => "a texture name",
        Rule::number_char => "a digit",
        Rule::string_char => "text",
        Rule::word_char => "a separator",
        Rule::WHITESPACE | Rule::COMMENT | Rule::sep_char | Rule::line_char | Rule::sp => {
            "a comment or white space"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_joined_readably() {
        assert_eq!(join_words(&[]), "something else");
        assert_eq!(join_words(&["a".into()]), "a");
        assert_eq!(
            join_words(&["a".into(), "b".into(), "c".into()]),
            "a, b or c"
        );
    }

    #[test]
    fn found_token_is_quoted_and_shortened() {
        assert_eq!(describe_found("abc def", 0), "`abc`");
        assert_eq!(describe_found("abc", 3), "end of file");
        assert_eq!(describe_found(" x", 0), "' '");
        let long = "x".repeat(40);
        assert_eq!(describe_found(&long, 0), format!("`{}…`", "x".repeat(24)));
    }

    #[test]
    fn display_prefixes_the_file_when_attached() {
        let error = MapError::new(3, 7, MapErrorKind::CollinearPoints);
        assert!(error.to_string().starts_with("3:7: the three points"));
        let error = error.with_file("maps/x.map");
        assert!(error.to_string().starts_with("maps/x.map:3:7: "));
    }
}
