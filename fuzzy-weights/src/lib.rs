#![doc = include_str!("../README.md")]

pub mod choose;
pub mod compiled;
pub mod eval;
pub mod inventory;
pub mod load;
pub mod model;
pub mod parse;
pub mod tune;
pub mod write;

pub use choose::{best_weapon, score_items};
pub use compiled::{CompiledConfig, WeightId};
pub use eval::{EvalSettings, Interpolation, Undecided};
pub use inventory::{Inventory, InventoryNames};
pub use load::{LoadError, Loaded, load, load_dir, load_with, parse_stream};
pub use model::{
    Case, DEFAULT_LIMIT, Leaf, Limit, MAX_WEIGHTS, Node, Switch, Weight, WeightConfig,
};
pub use parse::{ParseError, Parsed, TextDiagnostic, parse_canonical};
pub use tune::{
    InterbreedError, Interbreeding, evolve, interbreed, scale_balance_range, scale_weight,
};
pub use write::{WriteError, WriteSettings, write_config};
