//! The worked example of botlib-reference.md §7.2 (`case 10: 40; case 20: balance(20, 10,
//! 30); default: 2`), in both interpolation modes, by the tree and the compiled evaluator.

use fuzzy_weights::{CompiledConfig, Interpolation, Inventory, parse_canonical};

const WORKED_EXAMPLE: &str = "weight \"example\" {\nswitch ( 7 ) {\ncase 10 : return 40 ;\n\
case 20 : return balance ( 20 , 10 , 30 ) ;\ndefault : return 2 ;\n}\n}";

const INVENTORY: [i32; 7] = [0, 9, 10, 15, 19, 20, 25];
const IOQ3: [f32; 7] = [40.0, 40.0, 40.0, 30.0, 22.0, 2.0, 2.0];
const ID_132: [f32; 7] = [40.0, 40.0, 20.0, 20.0, 20.0, 2.0, 2.0];

fn check(interpolation: Interpolation, expected: [f32; 7]) {
    let config = parse_canonical(WORKED_EXAMPLE).unwrap().config;
    let compiled = CompiledConfig::new(&config);
    let id = compiled.find("example").unwrap();
    for (value, want) in INVENTORY.into_iter().zip(expected) {
        let mut inventory = Inventory::default();
        inventory[7] = value;
        let tree = config.weights[0].body.evaluate(&inventory, interpolation);
        let flat = compiled.evaluate(id, &inventory, interpolation);
        // Exactly: f32 arithmetic gives the table's values bit for bit.
        assert!(
            tree == want,
            "{interpolation:?} at {value}: {tree}, want {want}"
        );
        assert_eq!(
            tree.to_bits(),
            flat.to_bits(),
            "{interpolation:?} at {value}"
        );
    }
}

#[test]
fn ioquake3_interpolation_matches_the_table() {
    check(Interpolation::Linear, IOQ3);
}

#[test]
fn id_step_matches_the_table() {
    check(Interpolation::Step, ID_132);
}

#[test]
fn default_interpolation_is_ioquake3() {
    assert_eq!(Interpolation::default(), Interpolation::Linear);
}
