//! [`RulesError`]: why a rules file was rejected.

/// Why [`Rules::from_json`](super::Rules::from_json) rejected a text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The text is not JSON, a value has the wrong type, or a key is unknown. The message
    /// names the key (for example ``unknown field `damag` ``, with the list of known keys) and
    /// the position.
    #[error("rules JSON, line {line} column {column}: {message}")]
    Json {
        /// Line of the error (1-based).
        line: usize,
        /// Column of the error (1-based).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The JSON is well formed but a value is outside what the rules can use.
    #[error("rules value `{key}`: {reason}")]
    Invalid {
        /// The offending key, as a dotted path (`damage.knockback_mass`).
        key: String,
        /// Why the value was refused.
        reason: &'static str,
    },
}

impl From<serde_json::Error> for RulesError {
    fn from(error: serde_json::Error) -> Self {
        let text = error.to_string();
        // serde_json appends " at line L column C"; the fields carry it already.
        let message = text
            .rsplit_once(" at line ")
            .map_or(text.as_str(), |(message, _)| message)
            .to_owned();
        Self::Json {
            line: error.line(),
            column: error.column(),
            message,
        }
    }
}
