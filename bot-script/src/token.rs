//! Tokens: kinds, number values, text and source positions.

use std::fmt;
use std::sync::Arc;

use smallvec::SmallVec;

/// Where a token or error is: file path relative to the botfiles root (as written in the
/// include, normalised to `/`), 1-based line and column (the column counts bytes).
///
/// A line of 0 means "the file as a whole" (for example a root file that cannot be read);
/// [`SourcePos::end_of_input`] is the place after the last token, when there is no token to
/// name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SourcePos {
    /// File path relative to the botfiles root, with `/` separators.
    pub file: Arc<str>,
    /// 1-based line (0: the whole file).
    pub line: u32,
    /// 1-based column in bytes (0: the whole file).
    pub column: u32,
}

impl SourcePos {
    /// A position in `file`.
    #[must_use]
    pub fn new(file: Arc<str>, line: u32, column: u32) -> Self {
        Self { file, line, column }
    }

    /// The place after the last token of a stream (for an error there when no token is left
    /// to name, or the stream has none): displays as `end of input`.
    #[must_use]
    pub fn end_of_input() -> Self {
        Self::new(Arc::from("end of input"), 0, 0)
    }
}

impl fmt::Display for SourcePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.file)
        } else {
            write!(f, "{}:{}:{}", self.file, self.line, self.column)
        }
    }
}

/// The kind of a token, in botlib's order of recognition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A double-quoted string; [`Token::text`] holds the decoded content.
    String,
    /// A single-quoted literal; [`Token::text`] holds the decoded content.
    Literal,
    /// A number; [`Token::number`] holds its values.
    Number,
    /// A name `[A-Za-z_][A-Za-z0-9_]*`.
    Name,
    /// Punctuation such as `{`, `>>=` or `#`.
    Punct,
}

/// A number token carries both values, as botlib does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number {
    /// The integer value (a float's integer value is its truncation).
    pub int: u64,
    /// The floating-point value.
    pub float: f64,
    /// Whether the token was written (or computed, for `$evalfloat`) as a float.
    pub is_float: bool,
}

impl Number {
    /// An integer number.
    #[must_use]
    pub fn integer(int: u64) -> Self {
        #[expect(
            clippy::cast_precision_loss,
            reason = "botlib's float value of a large integer is rounded too"
        )]
        let float = int as f64;
        Self {
            int,
            float,
            is_float: false,
        }
    }

    /// A float number (non-negative and finite); its integer value is the truncation.
    #[must_use]
    pub fn float(float: f64) -> Self {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a float's integer value is its (saturating) truncation, as in botlib"
        )]
        let int = float as u64;
        Self {
            int,
            float,
            is_float: true,
        }
    }
}

/// The bytes of a token (inline up to 22 bytes, so most tokens do not allocate).
pub type TokenText = SmallVec<[u8; 22]>;

/// One token of a script.
#[derive(Debug, PartialEq)]
pub struct Token {
    /// What kind of token this is.
    pub kind: TokenKind,
    /// Name / punctuation text; for [`TokenKind::String`] and [`TokenKind::Literal`] the
    /// decoded content bytes without quotes (escapes resolved, merged strings joined); for
    /// numbers the source text.
    pub text: TokenText,
    /// The values of a number token, `None` for other kinds.
    pub number: Option<Number>,
    /// Where the token starts (for tokens produced by a macro: where the macro was used).
    pub pos: SourcePos,
    /// Index of the file instance the token comes from in the include table of its
    /// [`TokenStream`](crate::TokenStream) (0: the root file); see
    /// [`TokenStream::include_stack`](crate::TokenStream::include_stack).
    pub include: u32,
}

impl Clone for Token {
    /// Copies the text with one `memcpy` (`SmallVec`'s own `clone` copies byte by byte).
    fn clone(&self) -> Self {
        Self {
            kind: self.kind,
            text: TokenText::from_slice(&self.text),
            number: self.number,
            pos: self.pos.clone(),
            include: self.include,
        }
    }
}

impl Token {
    /// The token's text bytes (see [`Token::text`]).
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.text
    }

    /// Whether this is the punctuation `p`.
    #[must_use]
    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TokenKind::Punct && self.text.as_slice() == p.as_bytes()
    }

    /// Whether this is the name `n`.
    #[must_use]
    pub fn is_name(&self, n: &str) -> bool {
        self.kind == TokenKind::Name && self.text.as_slice() == n.as_bytes()
    }

    /// The text as a (lossy) string, for messages.
    #[must_use]
    pub fn text_lossy(&self) -> String {
        String::from_utf8_lossy(&self.text).into_owned()
    }
}

/// A token inside the preprocessor: like [`Token`] but with the file as an index into the
/// preprocessor's file-name table, so that moving and copying tokens never touches a
/// reference count (macro expansion copies many tokens).
#[derive(Debug, PartialEq)]
pub(crate) struct Tok {
    pub(crate) kind: TokenKind,
    pub(crate) text: TokenText,
    pub(crate) number: Option<Number>,
    pub(crate) line: u32,
    pub(crate) column: u32,
    /// Index in the preprocessor's file-name table.
    pub(crate) file: u32,
    /// Include-table frame.
    pub(crate) include: u32,
}

impl Clone for Tok {
    fn clone(&self) -> Self {
        Self {
            kind: self.kind,
            text: TokenText::from_slice(&self.text),
            number: self.number,
            line: self.line,
            column: self.column,
            file: self.file,
            include: self.include,
        }
    }
}

impl Tok {
    /// Whether this is the punctuation `p` (byte loop: punctuation is 1–3 bytes and a
    /// `memcmp` call costs more than the comparison).
    #[inline]
    pub(crate) fn is_punct(&self, p: &str) -> bool {
        let text = self.text.as_slice();
        self.kind == TokenKind::Punct
            && text.len() == p.len()
            && text.iter().zip(p.bytes()).all(|(a, b)| *a == b)
    }

    /// Whether this is the name `n`.
    pub(crate) fn is_name(&self, n: &str) -> bool {
        self.kind == TokenKind::Name && self.text.as_slice() == n.as_bytes()
    }

    /// The text as a (lossy) string, for messages.
    pub(crate) fn text_lossy(&self) -> String {
        String::from_utf8_lossy(&self.text).into_owned()
    }

    /// The public token, with the file name `file`.
    pub(crate) fn to_token(&self, file: &Arc<str>) -> Token {
        Token {
            kind: self.kind,
            text: TokenText::from_slice(&self.text),
            number: self.number,
            pos: SourcePos::new(Arc::clone(file), self.line, self.column),
            include: self.include,
        }
    }

    /// The public token, moving the text.
    pub(crate) fn into_token(self, file: &Arc<str>) -> Token {
        Token {
            kind: self.kind,
            text: self.text,
            number: self.number,
            pos: SourcePos::new(Arc::clone(file), self.line, self.column),
            include: self.include,
        }
    }
}
