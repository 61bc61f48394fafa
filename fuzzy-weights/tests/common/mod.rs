//! Random configs and inventories for the property tests.

use fuzzy_weights::{
    Case, DEFAULT_LIMIT, Inventory, Leaf, Limit, Node, Switch, Weight, WeightConfig,
};
use proptest::prelude::*;

/// Inventory slots the random configs switch on (few, so that switches meet each other).
const SLOTS: [u8; 4] = [0, 1, 29, 200];

/// A non-negative value that botlib syntax can carry: integers, short decimals, or any f32
/// in a range.
fn value() -> impl Strategy<Value = f32> {
    prop_oneof![
        (0u32..500).prop_map(|v| v as f32),
        (0u32..100_000).prop_map(|v| v as f32 / 100.0),
        0.0f32..1.0e6,
    ]
}

fn leaf() -> impl Strategy<Value = Leaf> {
    prop_oneof![
        value().prop_map(Leaf::plain),
        (value(), value(), value()).prop_map(|(w, a, b)| Leaf::balance(w, a.min(b), a.max(b))),
    ]
}

/// Case limits: ascending usually, sometimes any order; one `default` somewhere (usually
/// last); now and then a `case 999999`.
fn cases(node: impl Strategy<Value = Node> + Clone) -> impl Strategy<Value = Vec<Case>> {
    (
        prop::collection::vec((0i32..300, node.clone()), 0..6),
        node,
        any::<bool>(),
        any::<bool>(),
        0usize..8,
    )
        .prop_map(|(mut raw, default_node, sorted, big, default_at)| {
            if sorted {
                raw.sort_by_key(|(limit, _)| *limit);
            }
            let mut cases: Vec<Case> = raw
                .into_iter()
                .map(|(limit, node)| Case {
                    limit: Limit::Below(if big && limit == 0 {
                        DEFAULT_LIMIT
                    } else {
                        limit
                    }),
                    node,
                })
                .collect();
            let at = if sorted {
                cases.len()
            } else {
                default_at.min(cases.len())
            };
            cases.insert(
                at,
                Case {
                    limit: Limit::Default,
                    node: default_node,
                },
            );
            cases
        })
}

fn node() -> impl Strategy<Value = Node> {
    leaf()
        .prop_map(Node::Leaf)
        .prop_recursive(3, 40, 6, |inner| {
            (prop::sample::select(&SLOTS[..]), cases(inner))
                .prop_map(|(index, cases)| Node::Switch(Switch { index, cases }))
        })
}

pub(crate) fn config() -> impl Strategy<Value = WeightConfig> {
    prop::collection::vec(node(), 1..6).prop_map(|bodies| WeightConfig {
        weights: bodies
            .into_iter()
            .enumerate()
            .map(|(i, body)| Weight {
                name: format!("weight_{i}"),
                body,
            })
            .collect(),
    })
}

/// An inventory with random values in the slots the configs use (some far out of range).
pub(crate) fn inventory() -> impl Strategy<Value = Inventory> {
    prop::collection::vec(
        prop_oneof![
            -10i32..320,
            Just(DEFAULT_LIMIT),
            Just(i32::MAX),
            Just(i32::MIN)
        ],
        SLOTS.len(),
    )
    .prop_map(|values| {
        let mut inventory = Inventory::default();
        for (slot, value) in SLOTS.iter().zip(values) {
            inventory[*slot] = value;
        }
        inventory
    })
}
