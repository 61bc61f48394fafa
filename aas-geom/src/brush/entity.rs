//! Map entities: ordered key/value pairs as written in a `.map` file or an IBSP entity lump.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::SourceLocation;

/// One entity: its key/value pairs in file order (duplicated keys are kept; lookups return the
/// last one, as the Quake III game code does).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    /// Key/value pairs in the order they appear in the source.
    pub pairs: Vec<(String, String)>,
    /// Where the entity starts in its source.
    pub location: SourceLocation,
}

impl Entity {
    /// The value of `key` (the last occurrence when a key is repeated), compared case-sensitively.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The `classname`, or `""` when the entity has none.
    #[must_use]
    pub fn classname(&self) -> &str {
        self.get("classname").unwrap_or("")
    }

    /// The `origin` key parsed as three numbers, when present and well formed.
    #[must_use]
    pub fn origin(&self) -> Option<DVec3> {
        parse_vector(self.get("origin")?)
    }

    /// The brush model this entity refers to with `"model" "*N"`, when it does.
    #[must_use]
    pub fn brush_model(&self) -> Option<u32> {
        self.get("model")?.strip_prefix('*')?.parse().ok()
    }
}

/// Parses three whitespace-separated numbers, as in an `origin` value.
#[must_use]
pub fn parse_vector(text: &str) -> Option<DVec3> {
    let mut parts = text.split_ascii_whitespace().map(str::parse::<f64>);
    let x = parts.next()?.ok()?;
    let y = parts.next()?.ok()?;
    let z = parts.next()?.ok()?;
    if parts.next().is_some() {
        return None;
    }
    Some(DVec3::new(x, y, z))
}
