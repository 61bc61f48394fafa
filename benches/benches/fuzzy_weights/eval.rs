//! Fuzzy-weight evaluation: a synthetic 2-level switch with 10 cases per level (decided, both
//! interpolation modes, tree and compiled form, with inventory values inside case gaps so
//! that every level interpolates), and re-scoring 60 item weights with undecided evaluation
//! (the real `bots/default_i.c` of the `NeonKnightOA` set when the shared data loads — its 53
//! weights, the first 7 scored twice to make 60 — else a synthetic config of the same shape:
//! 60 weights of a 2-case outer switch over a 20-case inner switch of balance leaves).
//!
//! Before timing, every answer is checked: the compiled and tree forms agree with each other
//! (decided, and undecided with RNGs in the same state) and with the values worked out by
//! hand, and the best of 60 is the one recorded for the config measured.

use std::hint::black_box;

use criterion::{Criterion, criterion_main};
use fuzzy_weights::{
    Case, CompiledConfig, EvalSettings, Interpolation, Inventory, Leaf, Limit, Node, Switch,
    Weight, WeightConfig, WeightId, best_weapon, score_items,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// The 2-level weight's decided value for the inventory measured (slot 1 = 45, slot 29 = 73;
/// leaf weights `10 i + j` in case `i` of the outer switch and `j` of the inner). `Linear`:
/// halfway between outer cases 4 and 5, each 30% of the way from inner case 7 to 8:
/// `0.5 × 57.3 + 0.5 × 47.3 = 52.3`. `Step`: the cases holding the values, 5 and 8: 58.
const TWO_LEVEL_VALUES: [(Interpolation, f32); 2] =
    [(Interpolation::Linear, 52.3), (Interpolation::Step, 58.0)];

/// A switch on `slot` with `n` cases at limits 10, 20, … and a default, built by `leaf`.
fn switch(slot: u8, n: i32, mut node: impl FnMut(i32) -> Node) -> Node {
    let mut cases: Vec<Case> = (1..n)
        .map(|i| Case {
            limit: Limit::Below(i * 10),
            node: node(i),
        })
        .collect();
    cases.push(Case {
        limit: Limit::Default,
        node: node(n),
    });
    Node::Switch(Switch { index: slot, cases })
}

/// The 2-level switch × 10 cases.
fn two_level() -> WeightConfig {
    let body = switch(1, 10, |i| {
        switch(29, 10, |j| {
            Node::Leaf(Leaf::balance(
                (i * 10 + j) as f32,
                (i + j) as f32,
                (i * j + 100) as f32,
            ))
        })
    });
    WeightConfig {
        weights: vec![Weight {
            name: "two_level".to_owned(),
            body,
        }],
    }
}

/// 60 weights shaped like `fuzi.c`'s: `switch(slot) { case 1: switch(ARMOR or HEALTH) {
/// 20 cases of balance } default: 0 }`.
fn synthetic_items() -> WeightConfig {
    let weights = (0..60u8)
        .map(|k| {
            let inner = switch(if k % 2 == 0 { 1 } else { 29 }, 20, |i| {
                Node::Leaf(Leaf::balance(
                    f32::from(k) + i as f32,
                    i as f32,
                    (i * 20) as f32,
                ))
            });
            let body = Node::Switch(Switch {
                index: 41,
                cases: vec![
                    Case {
                        limit: Limit::Below(1),
                        node: inner,
                    },
                    Case {
                        limit: Limit::Default,
                        node: Node::Leaf(Leaf::plain(0.0)),
                    },
                ],
            });
            Weight {
                name: format!("item_{k}"),
                body,
            }
        })
        .collect();
    WeightConfig { weights }
}

/// The item config to re-score, where it came from, and `best_weapon`'s answer on it for the
/// inventory measured (position among the 60 scored, decided weight). On the real config,
/// `team_dom_pointWhite` (position 50) weighs 1000, as `fuzi.c` sets it and as this bench's
/// code found it when it was written; on the synthetic one, `item_59` (the last, with the
/// largest offset): slot 41 is 0 so its inner switch on slot 29 = 85 gives halfway between
/// cases 8 and 9, `59 + 8.5 = 67.5`.
fn item_config() -> (WeightConfig, &'static str, (usize, f32)) {
    if let Some(config) = real_data::find_bot_set(real_data::BOT_SETS[0])
        .and_then(|root| benches::fuzzy::real_item_config(&root))
    {
        return (config, "default_i.c (NeonKnightOA)", (50, 1000.0));
    }
    (synthetic_items(), "synthetic, fuzi.c-shaped", (59, 67.5))
}

/// Checks the item re-scoring answers on `items` (compiled as `compiled`, scored in the order
/// of `ids`): undecided scores equal the tree form's with an RNG in the same state, and the
/// decided best is `best` and the tree form's first largest weight above 0.
fn check_item_scores(
    items: &WeightConfig,
    compiled: &CompiledConfig,
    ids: &[WeightId],
    inventory: &Inventory,
    best: (usize, f32),
) {
    let settings = EvalSettings::default();
    let mut scores = vec![0.0f32; ids.len()];
    score_items(
        compiled,
        ids,
        inventory,
        settings,
        &mut SmallRng::seed_from_u64(1),
        &mut scores,
    );
    let mut rng = SmallRng::seed_from_u64(1);
    for (position, (&id, &score)) in ids.iter().zip(&scores).enumerate() {
        let tree = items.weights[id.index()]
            .body
            .evaluate_undecided(inventory, settings, &mut rng);
        assert_eq!(
            score,
            tree,
            "undecided score {position} ({}): compiled vs tree",
            compiled.name(id)
        );
    }
    let mut tree_best: Option<(usize, f32)> = None;
    for (position, &id) in ids.iter().enumerate() {
        let weight = items.weights[id.index()]
            .body
            .evaluate(inventory, Interpolation::Linear);
        if weight > tree_best.map_or(0.0, |(_, w)| w) {
            tree_best = Some((position, weight));
        }
    }
    let found = best_weapon(compiled, ids, inventory, Interpolation::Linear);
    assert_eq!(found, tree_best, "best of {}: compiled vs tree", ids.len());
    assert_eq!(
        found,
        Some(best),
        "best of {}: (position, weight) differ from the recorded answer",
        ids.len()
    );
}

fn eval(c: &mut Criterion) {
    let config = two_level();
    let compiled = CompiledConfig::new(&config);
    let id = compiled.find("two_level").unwrap_or(WeightId(0));
    let mut inventory = Inventory::default();
    inventory[1] = 45; // between the cases 40 and 50: interpolate
    inventory[29] = 73; // and again inside each of the two inner switches
    for (interpolation, value) in TWO_LEVEL_VALUES {
        let compiled_value = compiled.evaluate(id, &inventory, interpolation);
        let tree_value = config.weights[0].body.evaluate(&inventory, interpolation);
        assert_eq!(
            compiled_value, tree_value,
            "two_level {interpolation:?}: compiled vs tree"
        );
        benches::assert_close(
            &format!("two_level {interpolation:?}"),
            f64::from(compiled_value),
            f64::from(value),
            1e-4,
        );
    }
    let mut group = c.benchmark_group("fuzzy_two_level_10x10");
    for interpolation in [Interpolation::Linear, Interpolation::Step] {
        group.bench_function(format!("compiled_{interpolation:?}"), |b| {
            b.iter(|| compiled.evaluate(id, black_box(&inventory), interpolation));
        });
        group.bench_function(format!("tree_{interpolation:?}"), |b| {
            b.iter(|| {
                config.weights[0]
                    .body
                    .evaluate(black_box(&inventory), interpolation)
            });
        });
    }
    group.finish();

    let (items, source, best) = item_config();
    let compiled = CompiledConfig::new(&items);
    let all: Vec<_> = compiled.ids().collect();
    let ids: Vec<_> = all.iter().copied().cycle().take(60).collect();
    #[expect(
        clippy::print_stdout,
        reason = "a bench reports which data it measures"
    )]
    {
        println!(
            "fuzzy item re-scoring: {} scores over the {} weights of {source}",
            ids.len(),
            compiled.len()
        );
    }
    let mut inventory = Inventory::default();
    inventory[1] = 57;
    inventory[29] = 85;
    inventory[5] = 1;
    inventory[18] = 12;
    check_item_scores(&items, &compiled, &ids, &inventory, best);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut scores = vec![0.0f32; ids.len()];
    let mut group = c.benchmark_group("fuzzy_item_scores");
    group.bench_function(format!("undecided_{}", ids.len()), |b| {
        b.iter(|| {
            score_items(
                &compiled,
                &ids,
                black_box(&inventory),
                EvalSettings::default(),
                &mut rng,
                &mut scores,
            );
            scores[0]
        });
    });
    group.bench_function(format!("decided_best_of_{}", ids.len()), |b| {
        b.iter(|| {
            best_weapon(
                &compiled,
                &ids,
                black_box(&inventory),
                Interpolation::Linear,
            )
        });
    });
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::eval;
    criterion::criterion_group!(benches, eval);
}
use group::benches;
criterion_main!(benches);
