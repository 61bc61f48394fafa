//! The pest parsers generated from `weights.pest`: a fast one whose punctuation is silent,
//! and a diagnostic one, run only on failure, whose punctuation rules are named so that the
//! error says which punctuation was expected.

/// The fast parser.
pub(super) mod fast {
    use pest_derive::Parser;

    /// Parser for weight-config canonical text, punctuation silent.
    #[derive(Parser)]
    #[grammar = "parse/punct_silent.pest"]
    #[grammar = "parse/weights.pest"]
    pub(in crate::parse) struct WeightParser;
}

/// The diagnostic parser.
pub(super) mod diagnostic {
    use pest_derive::Parser;

    /// Parser for weight-config canonical text, punctuation named.
    #[derive(Parser)]
    #[grammar = "parse/punct_named.pest"]
    #[grammar = "parse/weights.pest"]
    pub(in crate::parse) struct DiagnosticParser;
}
