#![doc = include_str!("../README.md")]

pub mod compiled;
pub mod eval;
pub mod inventory;
pub mod model;
pub mod parse;
pub mod tune;
pub mod write;

pub use compiled::{CompiledConfig, WeightId};
pub use eval::{EvalSettings, Interpolation, Undecided};
pub use inventory::{Inventory, InventoryNames};
pub use model::{
    Case, DEFAULT_LIMIT, Leaf, Limit, MAX_WEIGHTS, Node, Switch, Weight, WeightConfig,
};
pub use parse::{ParseError, Parsed, TextDiagnostic, parse_canonical};
