//! [`Character`]: a loaded character and its typed getters.

use super::characteristic::{Characteristic, Kind};
use super::error::AccessError;
use super::fallback::Anchor;
use super::interpolate::Compat;
use super::value::Value;

/// A bot's gender, judged as botlib does by the first letter of `CHARACTERISTIC_GENDER`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gender {
    /// `f` or `F`.
    Female,
    /// `m` or `M`.
    Male,
    /// Anything else (a mechanical creature).
    It,
}

/// A character at one skill: 80 slots, each a [`Value`] or unset.
#[derive(Debug, Clone, PartialEq)]
pub struct Character {
    /// The file asked for, relative to the botfiles folder.
    pub file: String,
    /// The skill, clamped to [1, 5].
    pub skill: f32,
    /// The interpolation rule used.
    pub compat: Compat,
    /// Slot `i` holds characteristic `i`.
    pub(crate) slots: Vec<Option<Value>>,
    /// Slots the lower anchor set but interpolation left unset ([`Compat::Botlib`]: a float
    /// at the lower anchor, something else at the upper one).
    pub unset_by_interpolation: Vec<usize>,
    /// How each anchor used was loaded (one at an anchor skill, or when the upper anchor
    /// failed; two otherwise).
    pub anchors: Vec<Anchor>,
}

impl Character {
    /// The value of slot `index` (0..=79), as stored; `None` when unset or out of range.
    #[must_use]
    pub fn value_at(&self, index: usize) -> Option<&Value> {
        self.slots.get(index).and_then(Option::as_ref)
    }

    /// The value of `characteristic`, as stored.
    #[must_use]
    pub fn value(&self, characteristic: Characteristic) -> Option<&Value> {
        self.value_at(characteristic.index())
    }

    /// Every set slot, by index (including indices `chars.h` does not name).
    pub fn values(&self) -> impl Iterator<Item = (usize, &Value)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.as_ref().map(|v| (i, v)))
    }

    /// Whether any anchor came from a fallback step rather than the file's own block.
    #[must_use]
    pub fn fell_back(&self) -> bool {
        self.anchors
            .iter()
            .any(|a| a.step != super::fallback::Step::File)
    }

    fn stored(&self, characteristic: Characteristic) -> Result<&Value, AccessError> {
        self.value(characteristic)
            .ok_or_else(|| AccessError::NotInitialized {
                file: self.file.clone(),
                characteristic,
            })
    }

    fn check_kind(&self, characteristic: Characteristic, asked: Kind) -> Result<(), AccessError> {
        let declared = characteristic.kind();
        let numeric = |k| matches!(k, Kind::Float | Kind::Integer);
        if declared == asked || (numeric(declared) && numeric(asked)) {
            Ok(())
        } else {
            Err(AccessError::WrongKind {
                file: self.file.clone(),
                characteristic,
                declared,
                asked,
            })
        }
    }

    fn wrong_type(
        &self,
        characteristic: Characteristic,
        value: &Value,
        asked: Kind,
    ) -> AccessError {
        AccessError::WrongType {
            file: self.file.clone(),
            characteristic,
            found: value.type_name(),
            asked,
        }
    }

    /// A numeric characteristic as a float (an integer converted, as botlib's
    /// `Characteristic_Float` does).
    ///
    /// # Errors
    /// [`AccessError`] when `chars.h` declares a string, the slot holds a string, or it is
    /// unset.
    pub fn float(&self, characteristic: Characteristic) -> Result<f32, AccessError> {
        self.check_kind(characteristic, Kind::Float)?;
        let value = self.stored(characteristic)?;
        value
            .as_float()
            .ok_or_else(|| self.wrong_type(characteristic, value, Kind::Float))
    }

    /// A numeric characteristic clamped to [`min`, `max`] (botlib's `Characteristic_BFloat`).
    ///
    /// # Errors
    /// As [`Character::float`].
    pub fn float_clamped(
        &self,
        characteristic: Characteristic,
        min: f32,
        max: f32,
    ) -> Result<f32, AccessError> {
        Ok(self.float(characteristic)?.clamp(min, max))
    }

    /// A numeric characteristic as an integer (a float truncated, as botlib's
    /// `Characteristic_Integer` does).
    ///
    /// # Errors
    /// [`AccessError`] when `chars.h` declares a string, the slot holds a string, or it is
    /// unset.
    pub fn integer(&self, characteristic: Characteristic) -> Result<i32, AccessError> {
        self.check_kind(characteristic, Kind::Integer)?;
        let value = self.stored(characteristic)?;
        value
            .as_integer()
            .ok_or_else(|| self.wrong_type(characteristic, value, Kind::Integer))
    }

    /// A string characteristic (names and file names).
    ///
    /// # Errors
    /// [`AccessError`] when `chars.h` declares a number, the slot holds a number, or it is
    /// unset.
    pub fn string(&self, characteristic: Characteristic) -> Result<&str, AccessError> {
        self.check_kind(characteristic, Kind::String)?;
        let value = self.stored(characteristic)?;
        value
            .as_str()
            .ok_or_else(|| self.wrong_type(characteristic, value, Kind::String))
    }

    /// The gender, by the first letter of `CHARACTERISTIC_GENDER` (`It` when unset).
    #[must_use]
    pub fn gender(&self) -> Gender {
        match self
            .string(Characteristic::Gender)
            .ok()
            .and_then(|g| g.bytes().next())
        {
            Some(b'f' | b'F') => Gender::Female,
            Some(b'm' | b'M') => Gender::Male,
            _ => Gender::It,
        }
    }
}
