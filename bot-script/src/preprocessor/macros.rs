//! Macros: the table, the builtins and the pieces a body compiles to. Definition is in
//! `define.rs`, expansion in `expand.rs`.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use crate::error::{ErrorKind, ScriptError};
use crate::fnv::Fnv;
use crate::source::FileSource;
use crate::token::{SourcePos, Tok, Token, TokenText};

use super::Preprocessor;

/// One piece of a compiled macro body.
#[derive(Debug, Clone)]
pub(super) enum Piece {
    /// A body token, copied.
    Token(Tok),
    /// Parameter `n`: replaced by its argument's tokens.
    Param(usize),
    /// `#` parameter `n`: the argument as a string.
    Stringize(usize),
    /// `##`: pastes the tokens on either side.
    Paste,
}

/// A defined macro.
#[derive(Debug, Clone)]
pub(super) struct Macro {
    /// Parameter names of a function-like macro.
    pub(super) params: Option<Vec<TokenText>>,
    /// The body as written.
    pub(super) body: Vec<Token>,
    /// The body compiled for expansion.
    pub(super) pieces: Arc<[Piece]>,
    /// Definition order.
    pub(super) seq: u64,
    /// Where it was defined.
    pub(super) pos: SourcePos,
}

/// Name → slot; a slot keeps its index when the macro is redefined or undefined.
#[derive(Debug, Default)]
pub(super) struct MacroTable {
    index: HashMap<TokenText, u32, BuildHasherDefault<Fnv>>,
    slots: Vec<(TokenText, Option<Macro>)>,
    seq: u64,
}

impl MacroTable {
    /// The slot and macro of `name`, if defined.
    pub(super) fn get(&self, name: &[u8]) -> Option<(u32, &Macro)> {
        let &slot = self.index.get(name)?;
        self.slots[slot as usize].1.as_ref().map(|m| (slot, m))
    }

    /// Removes `name`; whether it was defined.
    pub(super) fn remove(&mut self, name: &[u8]) -> bool {
        match self.index.get(name) {
            Some(&slot) => self.slots[slot as usize].1.take().is_some(),
            None => false,
        }
    }

    /// Defines `name`, returning the previous definition.
    pub(super) fn insert(&mut self, name: &[u8], mut m: Macro) -> Option<Macro> {
        self.seq += 1;
        m.seq = self.seq;
        if let Some(&slot) = self.index.get(name) {
            return self.slots[slot as usize].1.replace(m);
        }
        let slot = u32::try_from(self.slots.len()).unwrap_or(u32::MAX);
        self.index.insert(TokenText::from_slice(name), slot);
        self.slots.push((TokenText::from_slice(name), Some(m)));
        None
    }

    /// Object-like macros in definition order with their bodies, borrowed.
    pub(super) fn object_macros_borrowed(&self) -> Vec<(&[u8], &[Token])> {
        let mut list: Vec<(u64, &[u8], &[Token])> = self
            .slots
            .iter()
            .filter_map(|(name, m)| {
                let m = m.as_ref()?;
                m.params
                    .is_none()
                    .then_some((m.seq, name.as_slice(), m.body.as_slice()))
            })
            .collect();
        list.sort_by_key(|entry| entry.0);
        list.into_iter()
            .map(|(_, name, body)| (name, body))
            .collect()
    }

    /// Object-like macros in definition order with their bodies.
    pub(super) fn object_macros(&self) -> Vec<(String, Vec<Token>)> {
        let mut list: Vec<(u64, String, Vec<Token>)> = self
            .slots
            .iter()
            .filter_map(|(name, m)| {
                let m = m.as_ref()?;
                m.params.is_none().then(|| {
                    (
                        m.seq,
                        String::from_utf8_lossy(name).into_owned(),
                        m.body.clone(),
                    )
                })
            })
            .collect();
        list.sort_by_key(|entry| entry.0);
        list.into_iter()
            .map(|(_, name, body)| (name, body))
            .collect()
    }
}

/// The builtin macro names.
const BUILTINS: [&[u8]; 4] = [b"__LINE__", b"__FILE__", b"__DATE__", b"__TIME__"];

pub(super) fn definition_error(pos: &SourcePos, message: impl Into<String>) -> ScriptError {
    ScriptError::new(ErrorKind::Macro, pos.clone(), message)
}

impl<S: FileSource> Preprocessor<S> {
    /// Whether `name` is a builtin macro.
    pub(super) fn is_builtin(name: &[u8]) -> bool {
        BUILTINS.contains(&name)
    }

    /// Whether `name` is a defined macro or a builtin (for `defined` and `#ifdef`).
    pub(super) fn is_macro_or_builtin(&self, name: &[u8]) -> bool {
        Self::is_builtin(name) || self.macros.get(name).is_some()
    }
}
