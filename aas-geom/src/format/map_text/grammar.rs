//! The pest parser generated from `map.pest`.

use pest_derive::Parser;

/// Parser for `.map` source text; the grammar and its design rules are in `map.pest`.
#[derive(Parser)]
#[grammar = "format/map_text/map.pest"]
pub(super) struct MapParser;
