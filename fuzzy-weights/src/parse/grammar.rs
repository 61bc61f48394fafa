//! The pest parser generated from `weights.pest`.

use pest_derive::Parser;

/// Parser for weight-config canonical text; the grammar is in `weights.pest`.
#[derive(Parser)]
#[grammar = "parse/weights.pest"]
pub(super) struct WeightParser;
