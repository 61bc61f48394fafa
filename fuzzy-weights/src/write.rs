//! Printing a config in botlib syntax, so that an evolved config can be saved and loaded by
//! botlib or by this crate (botlib's own writer is compiled out, W11).
//!
//! Parsing the output gives an equal config: numbers are printed so that reading them back
//! (as f64, then rounded to f32, as the loader does) gives the same `f32`.

use std::fmt::Write as _;

use thiserror::Error;

use crate::inventory::InventoryNames;
use crate::model::{Leaf, Limit, Node, WeightConfig};

/// Settings of [`write_config`].
#[derive(Debug, Clone, Copy, Default)]
pub struct WriteSettings<'a> {
    /// Write switch slots by name (the first name of the slot, such as `INVENTORY_ARMOR`)
    /// where the table has one; the output then needs those names defined, e.g. by
    /// [`include`](Self::include).
    pub names: Option<&'a InventoryNames>,
    /// A file to `#include` at the top, such as `inv.h`.
    pub include: Option<&'a str>,
}

/// Why a config cannot be written in botlib syntax.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum WriteError {
    /// Botlib syntax has no negative numbers (a `-` is dropped when read, W2), and no NaN or
    /// infinity.
    #[error("weight `{name}`: the value {value} cannot be written in botlib syntax")]
    Unwritable {
        /// The weight.
        name: String,
        /// The value.
        value: f32,
    },
    /// A weight name holds a byte botlib strings cannot carry (`"`, a line break or NUL).
    #[error("weight name {0:?} cannot be written as a botlib string")]
    Name(String),
}

/// The config as botlib weight-file text:
/// `weight "name" { switch (INDEX) { case N: return W; … default: return balance(w, lo, hi); } }`.
///
/// # Errors
/// [`WriteError`] for a negative or non-finite value, or a name with a quote or line break.
pub fn write_config(
    config: &WeightConfig,
    settings: WriteSettings<'_>,
) -> Result<String, WriteError> {
    let mut out = String::new();
    if let Some(include) = settings.include {
        let _ = writeln!(out, "#include \"{include}\"\n");
    }
    for weight in &config.weights {
        if weight
            .name
            .bytes()
            .any(|b| matches!(b, b'"' | b'\n' | b'\r' | 0))
        {
            return Err(WriteError::Name(weight.name.clone()));
        }
        let escaped = weight.name.replace('\\', "\\\\");
        let _ = writeln!(out, "weight \"{escaped}\"\n{{");
        let mut writer = Writer {
            out: &mut out,
            names: settings.names,
            name: &weight.name,
        };
        writer.node(&weight.body, 1)?;
        out.push_str("}\n\n");
    }
    Ok(out)
}

struct Writer<'a, 'w> {
    out: &'w mut String,
    names: Option<&'a InventoryNames>,
    name: &'a str,
}

impl Writer<'_, '_> {
    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push('\t');
        }
    }

    fn node(&mut self, node: &Node, depth: usize) -> Result<(), WriteError> {
        self.indent(depth);
        match node {
            Node::Leaf(leaf) => {
                let value = self.leaf(leaf)?;
                let _ = writeln!(self.out, "return {value};");
            }
            Node::Switch(switch) => {
                let slot = self
                    .names
                    .and_then(|names| names.name_of(switch.index))
                    .map_or_else(|| switch.index.to_string(), str::to_owned);
                let _ = writeln!(self.out, "switch({slot})");
                self.indent(depth);
                self.out.push_str("{\n");
                for case in &switch.cases {
                    self.indent(depth + 1);
                    match case.limit {
                        Limit::Below(n) => {
                            let _ = write!(self.out, "case {n}:");
                        }
                        Limit::Default => self.out.push_str("default:"),
                    }
                    match &case.node {
                        Node::Leaf(leaf) => {
                            let value = self.leaf(leaf)?;
                            let _ = writeln!(self.out, " return {value};");
                        }
                        Node::Switch(_) => {
                            self.out.push('\n');
                            self.indent(depth + 1);
                            self.out.push_str("{\n");
                            self.node(&case.node, depth + 2)?;
                            self.indent(depth + 1);
                            self.out.push_str("}\n");
                        }
                    }
                }
                self.indent(depth);
                self.out.push_str("}\n");
            }
        }
        Ok(())
    }

    fn leaf(&self, leaf: &Leaf) -> Result<String, WriteError> {
        if leaf.balance {
            Ok(format!(
                "balance({}, {}, {})",
                self.number(leaf.weight)?,
                self.number(leaf.min)?,
                self.number(leaf.max)?
            ))
        } else {
            self.number(leaf.weight)
        }
    }

    fn number(&self, value: f32) -> Result<String, WriteError> {
        format_number(value).ok_or_else(|| WriteError::Unwritable {
            name: self.name.to_owned(),
            value,
        })
    }
}

/// `value` as a botlib number token that reads back as the same `f32`; `None` for a
/// negative, NaN or infinite value. `-0.0` is written as `0`.
#[must_use]
pub fn format_number(value: f32) -> Option<String> {
    if !value.is_finite() || value < 0.0 {
        return None;
    }
    if value == 0.0 {
        return Some("0".to_owned());
    }
    // Integers that fit the lexer's integer tokens exactly are written as integers.
    if value.fract() == 0.0 && value < 1.0e15 {
        return Some(format!("{value}"));
    }
    let reads_back = |text: &str| text.parse::<f64>().is_ok_and(|v| v as f32 == value);
    let mut text = format!("{value}");
    if !text.contains('.') {
        text.push_str(".0");
    }
    if reads_back(&text) {
        return Some(text);
    }
    // Shortest f32 text can sit near a rounding boundary when read as f64 first: write the
    // exact value as f64 text instead, which reads back to that f64 and so to `value`.
    let mut precise = format!("{}", f64::from(value));
    if !precise.contains('.') {
        precise.push_str(".0");
    }
    Some(precise)
}
