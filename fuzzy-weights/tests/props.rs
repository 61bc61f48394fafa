//! Property tests: the compiled form evaluates exactly like the tree (decided in both
//! interpolation modes, undecided in both quirk settings with equal seeds); the writer's
//! output parses back to an equal config; serde round-trips.

mod common;

use fuzzy_weights::{
    CompiledConfig, EvalSettings, Interpolation, Undecided, WriteSettings, parse_canonical,
    write_config,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn compiled_equals_tree_decided(config in common::config(), inventory in common::inventory()) {
        let compiled = CompiledConfig::new(&config);
        for (id, weight) in compiled.ids().zip(&config.weights) {
            for interpolation in [Interpolation::Linear, Interpolation::Step] {
                let tree = weight.body.evaluate(&inventory, interpolation);
                let flat = compiled.evaluate(id, &inventory, interpolation);
                prop_assert_eq!(tree.to_bits(), flat.to_bits(), "{} {:?}", weight.name, interpolation);
            }
        }
    }

    #[test]
    fn compiled_equals_tree_undecided(
        config in common::config(),
        inventory in common::inventory(),
        seed in any::<u64>(),
    ) {
        let compiled = CompiledConfig::new(&config);
        for interpolation in [Interpolation::Linear, Interpolation::Step] {
            for undecided in [Undecided::Throughout, Undecided::BotlibDecidedNext] {
                let settings = EvalSettings { interpolation, undecided };
                let mut a = SmallRng::seed_from_u64(seed);
                let mut b = SmallRng::seed_from_u64(seed);
                for (id, weight) in compiled.ids().zip(&config.weights) {
                    let tree = weight.body.evaluate_undecided(&inventory, settings, &mut a);
                    let flat = compiled.evaluate_undecided(id, &inventory, settings, &mut b);
                    prop_assert_eq!(tree.to_bits(), flat.to_bits(), "{} {:?}", weight.name, settings);
                }
            }
        }
    }

    #[test]
    fn undecided_stays_within_the_leaf_bounds_when_not_interpolating(
        config in common::config(),
        inventory in common::inventory(),
        seed in any::<u64>(),
    ) {
        // With the step mode every result is one leaf's draw: within that leaf's bounds, so
        // within the smallest min and largest max of the weight.
        let mut rng = SmallRng::seed_from_u64(seed);
        let settings = EvalSettings { interpolation: Interpolation::Step, ..EvalSettings::default() };
        for weight in &config.weights {
            let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
            weight.body.for_each_leaf(&mut |leaf| { lo = lo.min(leaf.min); hi = hi.max(leaf.max); });
            let value = weight.body.evaluate_undecided(&inventory, settings, &mut rng);
            prop_assert!(lo <= value && value <= hi, "{value} outside [{lo}, {hi}]");
        }
    }

    #[test]
    fn print_then_parse_gives_an_equal_config(config in common::config()) {
        let text = write_config(&config, WriteSettings::default()).unwrap();
        let parsed = parse_canonical(&text).unwrap();
        prop_assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        prop_assert_eq!(&parsed.config, &config, "{}", text);
        // And once more from the parsed config.
        let again = write_config(&parsed.config, WriteSettings::default()).unwrap();
        prop_assert_eq!(again, text);
    }

    #[test]
    fn serde_round_trips(config in common::config()) {
        let json = serde_json::to_string(&config).unwrap();
        let back: fuzzy_weights::WeightConfig = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, config);
    }
}

/// Tokens of weight files, for random token soups.
const VOCABULARY: [&str; 16] = [
    "weight", "\"w\"", "switch", "(", ")", "{", "}", "case", "default", ":", "return", ";",
    "balance", ",", "-", "5",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_is_rejected_or_parsed_without_panicking(text in "\\PC{0,200}") {
        let _ = parse_canonical(&text);
    }

    #[test]
    fn token_soups_are_rejected_or_parsed_without_panicking(
        picks in prop::collection::vec(0usize..VOCABULARY.len(), 0..300),
        numbers in prop::collection::vec(0u32..100_000, 0..300),
    ) {
        let text: Vec<String> = picks
            .iter()
            .zip(numbers.iter().chain(std::iter::repeat(&7)))
            .map(|(&i, &n)| if VOCABULARY[i] == "5" { format!("{}", n % 400) } else { VOCABULARY[i].to_owned() })
            .collect();
        let text = text.join(" ");
        if let Ok(parsed) = parse_canonical(&text) {
            // Whatever parsed evaluates and writes without trouble.
            let compiled = CompiledConfig::new(&parsed.config);
            let inventory = fuzzy_weights::Inventory::default();
            for id in compiled.ids() {
                prop_assert!(compiled.evaluate(id, &inventory, Interpolation::Linear).is_finite());
            }
            let written = write_config(&parsed.config, WriteSettings::default()).unwrap();
            prop_assert_eq!(parse_canonical(&written).unwrap().config, parsed.config);
        }
    }
}
