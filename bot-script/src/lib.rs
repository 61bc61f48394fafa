#![doc = include_str!("../README.md")]

pub mod canonical;
mod diagnostic;
mod error;
pub mod expr;
mod fnv;
pub mod lexer;
pub mod pest_words;
mod preprocessor;
mod source;
mod stream;
mod token;

pub use canonical::{CanonicalText, decode_canonical_string};
pub use diagnostic::{Severity, SourceDiagnostic};
pub use error::{ErrorKind, ScriptError};
pub use lexer::{Lexer, MAX_TOKEN, tokenize};
pub use preprocessor::{LimitSettings, Preprocessor};
pub use source::{DirSource, FileSource, MAX_FILE_BYTES, MemorySource, normalize_path};
pub use stream::{IncludeFrame, TokenStream};
pub use token::{Number, SourcePos, Token, TokenKind, TokenText};
