//! [`Value`]: what a characteristic slot holds, typed as the file wrote it.

use std::fmt;

/// A characteristic's value. A number keeps the type of its token (`1` is an integer, `1.0`
/// a float), which decides how it interpolates (see [`Compat`](super::Compat)).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A number written with a fraction (stored in single precision, as botlib does).
    Float(f32),
    /// A number written without a fraction.
    Integer(i32),
    /// A string, quotes removed and escapes resolved.
    String(String),
}

impl Value {
    /// The number as a float (an integer converted), `None` for a string.
    #[must_use]
    pub fn as_float(&self) -> Option<f32> {
        match self {
            Self::Float(v) => Some(*v),
            #[expect(
                clippy::cast_precision_loss,
                reason = "botlib converts integer characteristics to float the same way"
            )]
            Self::Integer(v) => Some(*v as f32),
            Self::String(_) => None,
        }
    }

    /// The number as an integer (a float truncated, as botlib's `Characteristic_Integer`
    /// does), `None` for a string.
    #[must_use]
    pub fn as_integer(&self) -> Option<i32> {
        match self {
            #[expect(
                clippy::cast_possible_truncation,
                reason = "truncation is botlib's rule for reading a float as an integer"
            )]
            Self::Float(v) => Some(*v as i32),
            Self::Integer(v) => Some(*v),
            Self::String(_) => None,
        }
    }

    /// The string, `None` for a number.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Self::String(s) => Some(s),
            _ => None,
        }
    }

    /// `"float"`, `"integer"` or `"string"`, for messages.
    #[must_use]
    pub const fn type_name(&self) -> &'static str {
        match self {
            Self::Float(_) => "float",
            Self::Integer(_) => "integer",
            Self::String(_) => "string",
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Float(v) => write!(f, "{v:?}"),
            Self::Integer(v) => write!(f, "{v}"),
            Self::String(s) => write!(f, "{s:?}"),
        }
    }
}
