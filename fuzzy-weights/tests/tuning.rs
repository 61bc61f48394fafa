//! Evolve, interbreed (correct and botlib-compatible) and the two scale operations, plus the
//! choice helpers.

use fuzzy_weights::{
    CompiledConfig, EvalSettings, Interbreeding, Interpolation, Inventory, Leaf, Node,
    WeightConfig, best_weapon, evolve, interbreed, parse_canonical, scale_balance_range,
    scale_weight, score_items,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn parse(text: &str) -> WeightConfig {
    parse_canonical(text).unwrap().config
}

/// The leaves of a config in file order.
fn leaves(config: &WeightConfig) -> Vec<Leaf> {
    let mut out = Vec::new();
    for weight in &config.weights {
        weight.body.for_each_leaf(&mut |leaf| out.push(*leaf));
    }
    out
}

/// Two levels: a top-level balance leaf and a nested switch with a balance leaf.
fn nested(top: f32, inner: f32) -> WeightConfig {
    parse(&format!(
        "weight \"w\" switch ( 1 ) {{ case 5 : return balance ( {top} , 0 , 100 ) ; \
         default : switch ( 2 ) {{ case 3 : return 7 ; default : return balance ( {inner} , 0 , 100 ) ; }} }}"
    ))
}

#[test]
fn evolve_changes_only_balance_leaves_and_keeps_them_in_bounds() {
    let mut config = parse(
        "weight \"a\" switch ( 1 ) { case 5 : return 10 ; default : return balance ( 50 , 40 , 60 ) ; }",
    );
    let before = leaves(&config);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut moved = 0;
    for _ in 0..200 {
        evolve(&mut config, &mut rng);
        let after = leaves(&config);
        assert_eq!(after[0], before[0], "plain leaves never mutate");
        let b = after[1];
        assert!(b.min <= b.weight && b.weight <= b.max, "{b:?}");
        if b.weight != before[1].weight {
            moved += 1;
        }
    }
    assert!(moved > 100, "the balance leaf mutates: {moved}");
}

#[test]
fn evolve_is_reproducible_from_the_seed() {
    let mut a = nested(10.0, 20.0);
    let mut b = a.clone();
    evolve(&mut a, &mut SmallRng::seed_from_u64(9));
    evolve(&mut b, &mut SmallRng::seed_from_u64(9));
    assert_eq!(a, b);
    let mut c = nested(10.0, 20.0);
    evolve(&mut c, &mut SmallRng::seed_from_u64(10));
    assert_ne!(a, c);
}

#[test]
fn interbreed_averages_every_leaf_at_every_depth() {
    let (p1, p2) = (nested(10.0, 20.0), nested(30.0, 60.0));
    let mut child = nested(90.0, 90.0);
    interbreed(&p1, &p2, &mut child, Interbreeding::Correct).unwrap();
    let got = leaves(&child);
    assert_eq!(got[0].weight, 20.0);
    assert_eq!(got[1], Leaf::plain(7.0));
    assert_eq!(got[2].weight, 40.0);
    assert_eq!((got[2].min, got[2].max), (0.0, 100.0));
}

#[test]
fn interbreed_widens_the_child_bounds() {
    let p1 = parse("weight \"w\" return balance ( 10 , 0 , 100 ) ;");
    let p2 = parse("weight \"w\" return balance ( 90 , 0 , 100 ) ;");
    let mut child = parse("weight \"w\" return balance ( 0 , 60 , 70 ) ;");
    interbreed(&p1, &p2, &mut child, Interbreeding::Correct).unwrap();
    assert_eq!(leaves(&child)[0], Leaf::balance(50.0, 50.0, 70.0));
    let mut child = parse("weight \"w\" return balance ( 0 , 20 , 30 ) ;");
    interbreed(&p1, &p2, &mut child, Interbreeding::Correct).unwrap();
    assert_eq!(leaves(&child)[0], Leaf::balance(50.0, 20.0, 50.0));
}

#[test]
fn interbreed_botlib_mode_reproduces_both_bugs() {
    let (p1, p2) = (nested(10.0, 20.0), nested(30.0, 60.0));
    let mut child = nested(90.0, 90.0);
    interbreed(&p1, &p2, &mut child, Interbreeding::Botlib).unwrap();
    let got = leaves(&child);
    // Top level: averaged, but min pulled up to the weight (inverted comparison).
    assert_eq!(got[0], Leaf::balance(20.0, 20.0, 100.0));
    // Nested: parent 2 with itself.
    assert_eq!(got[2], Leaf::balance(60.0, 60.0, 100.0));
}

#[test]
fn interbreed_rejects_mismatches_without_changing_the_child() {
    let p1 = nested(10.0, 20.0);
    let other = parse("weight \"w\" switch ( 1 ) { case 6 : return 1 ; default : return 2 ; }");
    let mut child = nested(90.0, 90.0);
    let before = child.clone();
    assert!(interbreed(&p1, &other, &mut child, Interbreeding::Correct).is_err());
    assert_eq!(child, before);
    let two = parse("weight \"w\" return 1 ; weight \"v\" return 2 ;");
    assert!(interbreed(&p1, &two, &mut child, Interbreeding::Correct).is_err());
}

#[test]
fn scale_weight_is_min_plus_max_times_s_clamped() {
    let mut config = parse(
        "weight \"a\" switch ( 1 ) { case 5 : return 3 ; default : return balance ( 50 , 10 , 30 ) ; } \
         weight \"b\" return balance ( 5 , 0 , 10 ) ;",
    );
    assert!(scale_weight(&mut config, "a", 0.5));
    assert_eq!(leaves(&config)[1].weight, 20.0);
    assert_eq!(leaves(&config)[0], Leaf::plain(3.0));
    assert_eq!(leaves(&config)[2].weight, 5.0, "other weights untouched");
    assert!(scale_weight(&mut config, "a", 0.7));
    assert_eq!(leaves(&config)[1].weight, 28.0);
    assert!(scale_weight(&mut config, "a", 7.0));
    assert_eq!(
        leaves(&config)[1].weight,
        30.0,
        "s clamped to 1, weight to max"
    );
    assert!(scale_weight(&mut config, "a", 0.1));
    assert_eq!(leaves(&config)[1].weight, 10.0, "4 clamped to min");
    assert!(!scale_weight(&mut config, "missing", 0.5));
}

#[test]
fn scale_balance_range_scales_about_the_midpoint() {
    let mut config = parse("weight \"a\" return balance ( 5 , 10 , 30 ) ; weight \"b\" return 4 ;");
    scale_balance_range(&mut config, 0.5);
    assert_eq!(leaves(&config)[0], Leaf::balance(5.0, 15.0, 25.0));
    assert_eq!(leaves(&config)[1], Leaf::plain(4.0));
    scale_balance_range(&mut config, 1000.0);
    assert_eq!(
        leaves(&config)[0],
        Leaf::balance(5.0, -480.0, 520.0),
        "s clamped to 100"
    );
}

#[test]
fn best_weapon_takes_the_first_of_the_highest_positive() {
    let config = parse(
        "weight \"Shotgun\" switch ( 5 ) { case 1 : return 0 ; default : return 50 ; } \
         weight \"Rocket\" switch ( 8 ) { case 1 : return 0 ; default : return 80 ; } \
         weight \"Plasma\" switch ( 11 ) { case 1 : return 0 ; default : return 80 ; }",
    );
    let compiled = CompiledConfig::new(&config);
    let ids: Vec<_> = compiled.ids().collect();
    let mut inventory = Inventory::default();
    assert_eq!(
        best_weapon(&compiled, &ids, &inventory, Interpolation::Linear),
        None
    );
    inventory[5] = 1;
    assert_eq!(
        best_weapon(&compiled, &ids, &inventory, Interpolation::Linear),
        Some((0, 50.0))
    );
    inventory[11] = 1;
    inventory[8] = 1;
    assert_eq!(
        best_weapon(&compiled, &ids, &inventory, Interpolation::Linear),
        Some((1, 80.0))
    );
}

#[test]
fn item_scores_are_draws_within_the_leaf_bounds() {
    let config = parse(
        "weight \"a\" return balance ( 5 , 0 , 10 ) ; weight \"b\" return balance ( 50 , 40 , 60 ) ;",
    );
    let compiled = CompiledConfig::new(&config);
    let ids: Vec<_> = compiled.ids().collect();
    let mut rng = SmallRng::seed_from_u64(3);
    let mut scores = [0.0f32; 2];
    let mut distinct = std::collections::BTreeSet::new();
    for _ in 0..50 {
        score_items(
            &compiled,
            &ids,
            &Inventory::default(),
            EvalSettings::default(),
            &mut rng,
            &mut scores,
        );
        assert!(
            (0.0..=10.0).contains(&scores[0]) && (40.0..=60.0).contains(&scores[1]),
            "{scores:?}"
        );
        distinct.insert(scores[0].to_bits());
    }
    assert!(distinct.len() > 10, "undecided scores vary");
    // Decided values of the same config are the weights.
    let tree = &config.weights[1].body;
    assert!(matches!(tree, Node::Leaf(_)));
    assert_eq!(
        tree.evaluate(&Inventory::default(), Interpolation::Linear),
        50.0
    );
}
