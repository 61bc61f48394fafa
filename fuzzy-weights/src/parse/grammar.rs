//! The pest parser generated from `weights.pest` with `punct.pest`. It runs only when the
//! hand-written reader ([`super::hand`]) gave up, so it is tuned for errors, not speed: its
//! punctuation rules are named, so that an error says which punctuation was expected.

use pest_derive::Parser;

/// Parser for weight-config canonical text.
#[derive(Parser)]
#[grammar = "parse/punct.pest"]
#[grammar = "parse/weights.pest"]
pub(super) struct WeightParser;
