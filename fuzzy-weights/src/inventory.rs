//! The bot's inventory (256 integer slots, as botlib's) and the names of its slots, read from
//! `inv.h`-style `#define`s.

use std::collections::HashMap;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

use crate::model::INVENTORY_SIZE;

/// The inventory a weight is evaluated for: 256 `i32` slots, all 0 by default.
///
/// Indexed by `u8`, so no slot number can be out of range: evaluation needs no bounds
/// checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inventory(pub [i32; INVENTORY_SIZE]);

impl Default for Inventory {
    fn default() -> Self {
        Self([0; INVENTORY_SIZE])
    }
}

impl Index<u8> for Inventory {
    type Output = i32;
    #[inline]
    fn index(&self, slot: u8) -> &i32 {
        &self.0[usize::from(slot)]
    }
}

impl IndexMut<u8> for Inventory {
    #[inline]
    fn index_mut(&mut self, slot: u8) -> &mut i32 {
        &mut self.0[usize::from(slot)]
    }
}

/// Names of inventory slots: object-like macros whose body is one integer below 256, such as
/// `INVENTORY_ARMOR 1` or `ENEMY_HORIZONTAL_DIST 200` of `inv.h`.
///
/// Several names may share a slot (`inv.h` also defines `MODELINDEX_*` values); the
/// [`name_of`](Self::name_of) a slot is the first name defined for it, which for `inv.h` is the
/// `INVENTORY_*` or derived-slot name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InventoryNames {
    /// (name, slot) in definition order.
    entries: Vec<(String, u8)>,
    #[serde(skip)]
    by_name: HashMap<String, u8>,
}

impl InventoryNames {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A table from `(name, slot)` pairs in definition order. A name given twice keeps its
    /// last slot (a redefined macro).
    #[must_use]
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, u8)>) -> Self {
        let mut names = Self::new();
        for (name, slot) in pairs {
            names.insert(name, slot);
        }
        names
    }

    /// Adds (or redefines) `name` as `slot`.
    pub fn insert(&mut self, name: &str, slot: u8) {
        // When the map names every entry (not after deserializing: serde skips it), it tells
        // a new name without a scan of the entries.
        let complete = self.by_name.len() == self.entries.len();
        if complete && !self.by_name.contains_key(name) {
            self.entries.push((name.to_owned(), slot));
        } else if let Some(entry) = self.entries.iter_mut().find(|(n, _)| n == name) {
            entry.1 = slot;
        } else {
            self.entries.push((name.to_owned(), slot));
        }
        self.by_name.insert(name.to_owned(), slot);
    }

    /// The slot called `name`.
    #[must_use]
    pub fn slot(&self, name: &str) -> Option<u8> {
        if self.by_name.len() == self.entries.len() {
            return self.by_name.get(name).copied();
        }
        // Deserialised without the index: scan.
        self.entries
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, slot)| slot)
    }

    /// The first name defined for `slot`.
    #[must_use]
    pub fn name_of(&self, slot: u8) -> Option<&str> {
        self.entries
            .iter()
            .find(|&&(_, s)| s == slot)
            .map(|(name, _)| name.as_str())
    }

    /// All (name, slot) pairs in definition order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u8)> {
        self.entries
            .iter()
            .map(|(name, slot)| (name.as_str(), *slot))
    }

    /// Number of names.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is no name.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
