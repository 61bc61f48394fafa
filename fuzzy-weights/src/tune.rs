//! Tuning for genetic selection: [`evolve`] (mutation), [`interbreed`] (crossover of two
//! parents into a child) and the two scale operations. Only `balance` leaves change, as in
//! botlib; plain values are fixed.

use rand::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::eval::random_unit;
use crate::model::{Leaf, Node, WeightConfig};

/// Chance that a mutation is a big jump ("evolution leap"): the full balance range instead of
/// half of it.
pub const EVOLUTION_LEAP: f32 = 0.01;

/// Botlib's `crandom()`: uniform in `[-1, 1]`.
fn crandom(rng: &mut (impl Rng + ?Sized)) -> f32 {
    2.0 * (random_unit(rng) - 0.5)
}

/// Mutates every `balance` leaf of `config` (botlib's `EvolveWeightConfig`): with chance
/// [`EVOLUTION_LEAP`] the weight moves by up to ±(max − min), otherwise by up to
/// ±(max − min)/2; a weight that leaves `[min, max]` moves that bound with it.
///
/// Each leaf draws two values from `rng`, in file order.
///
/// # Complexity
/// O(leaves).
pub fn evolve(config: &mut WeightConfig, rng: &mut (impl Rng + ?Sized)) {
    config.for_each_leaf_mut(|leaf| {
        if !leaf.balance {
            return;
        }
        let range = leaf.max - leaf.min;
        if random_unit(rng) < EVOLUTION_LEAP {
            leaf.weight += crandom(rng) * range;
        } else {
            leaf.weight += crandom(rng) * range * 0.5;
        }
        if leaf.weight < leaf.min {
            leaf.min = leaf.weight;
        } else if leaf.weight > leaf.max {
            leaf.max = leaf.weight;
        }
    });
}

/// How [`interbreed`] behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Interbreeding {
    /// Every balance leaf of the child gets the mean of the two parents' leaves at the same
    /// place; the child's bounds widen to hold it.
    #[default]
    Correct,
    /// Botlib's bugs (W8): below the top level of each weight the mean is taken of parent 2
    /// with itself (the recursion passes parent 2 twice), and the minimum is raised to the
    /// new weight whenever the weight is above it (an inverted comparison).
    Botlib,
}

/// Why two or three configs cannot be interbred.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InterbreedError {
    /// The configs have different numbers of weights.
    #[error("configs have {0}, {1} and {2} weights; interbreeding needs equal counts")]
    WeightCount(usize, usize, usize),
    /// A weight's trees differ in shape (switch slots, case limits or leaf kinds).
    #[error("weight `{0}` has a different shape in the configs")]
    Shape(String),
}

/// Interbreeds `parent1` and `parent2` into `child` (botlib's `InterbreedWeightConfigs`):
/// for every `balance` leaf, `child.weight = (w1 + w2) / 2`, with `child.min` / `child.max`
/// widened to include it. All three configs must have the same weights in the same order
/// with the same tree shapes; otherwise nothing is changed.
///
/// # Errors
/// [`InterbreedError`] when the counts or shapes differ.
///
/// # Complexity
/// O(leaves).
pub fn interbreed(
    parent1: &WeightConfig,
    parent2: &WeightConfig,
    child: &mut WeightConfig,
    mode: Interbreeding,
) -> Result<(), InterbreedError> {
    let counts = (
        parent1.weights.len(),
        parent2.weights.len(),
        child.weights.len(),
    );
    if counts.0 != counts.1 || counts.1 != counts.2 {
        return Err(InterbreedError::WeightCount(counts.0, counts.1, counts.2));
    }
    for ((a, b), c) in parent1
        .weights
        .iter()
        .zip(&parent2.weights)
        .zip(&child.weights)
    {
        if !same_shape(&a.body, &b.body) || !same_shape(&b.body, &c.body) {
            return Err(InterbreedError::Shape(c.name.clone()));
        }
    }
    for ((a, b), c) in parent1
        .weights
        .iter()
        .zip(&parent2.weights)
        .zip(&mut child.weights)
    {
        breed_node(&a.body, &b.body, &mut c.body, mode, true);
    }
    Ok(())
}

/// Whether two trees have the same switches, case limits and leaf kinds.
fn same_shape(a: &Node, b: &Node) -> bool {
    match (a, b) {
        (Node::Leaf(x), Node::Leaf(y)) => x.balance == y.balance,
        (Node::Switch(x), Node::Switch(y)) => {
            x.index == y.index
                && x.cases.len() == y.cases.len()
                && x.cases
                    .iter()
                    .zip(&y.cases)
                    .all(|(p, q)| p.limit == q.limit && same_shape(&p.node, &q.node))
        }
        _ => false,
    }
}

fn breed_node(a: &Node, b: &Node, out: &mut Node, mode: Interbreeding, top: bool) {
    match (a, b, out) {
        (Node::Leaf(x), Node::Leaf(y), Node::Leaf(o)) => breed_leaf(x, y, o, mode),
        (Node::Switch(x), Node::Switch(y), Node::Switch(o)) => {
            for ((p, q), r) in x.cases.iter().zip(&y.cases).zip(&mut o.cases) {
                // Botlib recurses into children with parent 2 twice (W8).
                let first = match (mode, top) {
                    (Interbreeding::Botlib, _) if matches!(p.node, Node::Switch(_)) => &q.node,
                    (Interbreeding::Botlib, false) => &q.node,
                    _ => &p.node,
                };
                breed_node(first, &q.node, &mut r.node, mode, false);
            }
        }
        _ => {}
    }
}

fn breed_leaf(a: &Leaf, b: &Leaf, out: &mut Leaf, mode: Interbreeding) {
    if !out.balance {
        return;
    }
    out.weight = (a.weight + b.weight) / 2.0;
    if out.weight > out.max {
        out.max = out.weight;
    }
    match mode {
        Interbreeding::Correct => {
            if out.weight < out.min {
                out.min = out.weight;
            }
        }
        Interbreeding::Botlib => {
            if out.weight > out.min {
                out.min = out.weight;
            }
        }
    }
}

/// Sets every `balance` leaf of the weight `name` to `(min + max) × s`, clamped to
/// `[min, max]`, with `s` clamped to `[0, 1]` (botlib's `ScaleWeight`, quirk W9: this is not
/// a lerp; `s = 0.5` gives the midpoint, `s = 1` gives `max`, `s = 0` gives `min`).
///
/// Returns whether the config has a weight called `name`.
pub fn scale_weight(config: &mut WeightConfig, name: &str, s: f32) -> bool {
    let s = if s.is_nan() { 0.0 } else { s.clamp(0.0, 1.0) };
    let Some(weight) = config.weights.iter_mut().find(|w| w.name == name) else {
        return false;
    };
    weight.body.for_each_leaf_mut(&mut |leaf: &mut Leaf| {
        if leaf.balance {
            leaf.weight = ((leaf.min + leaf.max) * s).max(leaf.min).min(leaf.max);
        }
    });
    true
}

/// Scales the `[min, max]` range of every `balance` leaf of `config` by `s` about its
/// midpoint, `s` clamped to `[0, 100]` (botlib's `ScaleFuzzyBalanceRange`, declared there
/// under the wrong name `ScaleBalanceRange`, W10). Weights are unchanged.
pub fn scale_balance_range(config: &mut WeightConfig, s: f32) {
    let s = if s.is_nan() { 0.0 } else { s.clamp(0.0, 100.0) };
    config.for_each_leaf_mut(|leaf| {
        if leaf.balance {
            let mid = (leaf.min + leaf.max) * 0.5;
            leaf.min = mid + (leaf.min - mid) * s;
            leaf.max = mid + (leaf.max - mid) * s;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Weight;

    /// An RNG that returns the given 32-bit values in turn.
    struct Scripted(Vec<u32>);

    impl rand::TryRng for Scripted {
        type Error = core::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(if self.0.is_empty() {
                0
            } else {
                self.0.remove(0)
            })
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            self.try_next_u32().map(u64::from)
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.fill(0);
            Ok(())
        }
    }

    fn one_leaf(leaf: Leaf) -> WeightConfig {
        WeightConfig {
            weights: vec![Weight {
                name: "w".to_owned(),
                body: Node::Leaf(leaf),
            }],
        }
    }

    fn leaf_of(config: &WeightConfig) -> Leaf {
        match config.weights[0].body {
            Node::Leaf(leaf) => leaf,
            Node::Switch(_) => Leaf::plain(f32::NAN),
        }
    }

    #[test]
    fn evolution_leap_moves_by_the_full_range_and_widens_the_bound() {
        // First draw 0 → 0 < 0.01: a leap; second draw 0x7fff → crandom() = 1.
        let mut config = one_leaf(Leaf::balance(50.0, 40.0, 60.0));
        evolve(&mut config, &mut Scripted(vec![0, 0x7fff]));
        assert_eq!(leaf_of(&config), Leaf::balance(70.0, 40.0, 70.0));
    }

    #[test]
    fn ordinary_mutation_moves_by_half_the_range() {
        // First draw 0x7fff → 1 ≥ 0.01: ordinary; second draw 0 → crandom() = −1.
        let mut config = one_leaf(Leaf::balance(50.0, 40.0, 60.0));
        evolve(&mut config, &mut Scripted(vec![0x7fff, 0]));
        assert_eq!(leaf_of(&config), Leaf::balance(40.0, 40.0, 60.0));
        evolve(&mut config, &mut Scripted(vec![0x7fff, 0]));
        assert_eq!(leaf_of(&config), Leaf::balance(30.0, 30.0, 60.0));
    }
}
